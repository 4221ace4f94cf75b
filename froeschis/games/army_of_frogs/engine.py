"""The game state, and how an action changes it: the engine, walking the clause table.

An :class:`ArmyState` is a frozen value; :meth:`ArmyState.apply` returns the next one. The engine only
sequences the rules: the parts of a turn, the checks of the goal, the end of a turn and the start of
the next. Every decision on the way is a call to the clause table of the state's rules
(``state.rules.table``). Given a :class:`~froeschis.games.army_of_frogs.provenance.Recorder`, the
engine also reports each part of a step with the clauses that decided it and the fields it wrote; the
events are the public part of that record.

The only chance node is the first: the bag's order (setup.shuffle). After it a game is a function of
the players' decisions, and the bag's order, the draws still to come, is part of every state.
"""

from __future__ import annotations

from collections import Counter

import attrs

from froeschis.framework.errors import FormatError, IllegalActionError, shown
from froeschis.framework.provenance import Transition as Step
from froeschis.framework.state import Advancing
from froeschis.games.army_of_frogs.actions import (
    NO_ADD,
    NO_MOVE,
    Action,
    Add,
    AnyAction,
    Move,
    Shuffle,
    parse_action,
)
from froeschis.games.army_of_frogs.events import Event, EventKind
from froeschis.games.army_of_frogs.hexes import EMPTY_ISLAND, Colour, Island
from froeschis.games.army_of_frogs.moves import legal_adds
from froeschis.games.army_of_frogs.phases import Moment, Phase, Position
from froeschis.games.army_of_frogs.provenance import Recorder
from froeschis.games.army_of_frogs.refusals import refusal
from froeschis.games.army_of_frogs.rules import Rules, check_setup
from froeschis.games.army_of_frogs.table import ArmyTable, Hand

_SHUFFLE, _MOVE, _ADD, _OVER = Phase.SHUFFLE, Phase.MOVE, Phase.ADD, Phase.OVER


@attrs.frozen
class ArmyState(Advancing["ArmyState", AnyAction, Event]):
    """Everything about a game at one moment: a frozen value, which :meth:`apply` and :meth:`step`
    do not change (they return the next state).

    Every state holds every stone of the colours in play exactly once: on the island, in a hand or
    in the bag. Seats are numbered from 0, turns from 1.
    """

    rules: Rules
    """The rules the game is played by; ``rules.table`` is the clause table the engine walks."""
    phase: Phase
    """What the state waits for: the shuffle (chance), the move or the add of the seat ``seat``, or
    nothing (the game is over)."""
    turn: int
    """The turn being played, from 1 (at the shuffle: 1, the turn about to start; once the game is
    over: the turn that ended it)."""
    seat: int
    """The seat whose turn it is (whose turn ended the game, once it is over)."""
    island: Island
    """The stones on the grid, cell -> colour."""
    hands: tuple[Hand, ...]
    """Each seat's hand, seat 0 first: at most two colours, ascending (empty before the shuffle)."""
    bag: tuple[Colour, ...]
    """The bag: before the shuffle its contents, ascending; after it, the stones still to be drawn
    in the order they will be drawn, first drawn first (hidden from every seat)."""
    passes: int = 0
    """How many turns in a row, up to the one before this, passed both parts (end.no-action)."""
    acted: bool = False
    """Whether the seat has moved or added a stone in this turn so far."""
    winners: tuple[int, ...] = ()
    """The seat that won, once the game is over (empty while it goes on and when nobody won)."""
    positions: tuple[Position, ...] = ()
    """The positions at the start of each turn since the last add (variant.repetition-draw only;
    always empty without it)."""
    _legal: list[tuple[Action, ...]] = attrs.field(factory=list, init=False, eq=False, repr=False)
    """The legal actions once listed (a cache: a state is a value, so its actions never change)."""

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def deciding_seat(self) -> int:
        """At a decision, the seat whose turn it is: :attr:`seat` (who acts next, chance included, is
        :attr:`current_player`)."""
        return self.seat

    @property
    def is_chance(self) -> bool:
        """Whether the bag is to be mixed: the next action is a :class:`Shuffle` of :meth:`chance_pool`."""
        return self.phase is _SHUFFLE

    @property
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    @property
    def colour(self) -> Colour:
        """The colour of the seat whose turn it is (players.colours)."""
        return self.rules.table.colour_of(self.seat, len(self.hands))

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the seat whose turn it is, in the order of the protocol: moves by
        start, then end, then ``no-move``; adds by colour, then cell, then ``no-add``. Empty at the
        shuffle and once the game is over."""
        if not self._legal:
            self._legal.append(_legal(self))
        return self._legal[0]

    def chance_pool(self) -> tuple[Colour, ...]:
        """At the shuffle, the bag's stones; any order of them is a legal outcome."""
        return self.bag if self.phase is _SHUFFLE else ()

    recorder = Recorder
    parse_action = staticmethod(parse_action)

    def _advance(self, action: AnyAction, recorder: Recorder | None) -> ArmyState:
        _check(self, action)
        return _advance(self, action, recorder)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 1 for the winner, 0 otherwise (all 0 before the end)."""
        return self.rules.table.returns(len(self.hands), self.winners)


Transition = Step[ArmyState, AnyAction, Event]
"""One step with its provenance (:meth:`ArmyState.transition`)."""


def new_game(players: int, rules: Rules | None = None) -> ArmyState:
    """A new game for ``players`` players, waiting for the bag to be mixed (a chance node)."""
    if rules is not None and not isinstance(rules, Rules):
        raise FormatError("rules", f"expected a Rules value or None, got {shown(rules)}")
    rules = Rules() if rules is None else rules
    check_setup(rules, players)
    table = rules.table
    bag = table.fill_bag(table.stones(rules.stones_per_colour), players)
    return ArmyState(rules, _SHUFFLE, 1, table.first_seat(), EMPTY_ISLAND, ((),) * players, bag)


def play(state: ArmyState, action: AnyAction) -> ArmyState:
    """The state after ``action``, which must be legal (unchecked: for perft and searches, which
    apply only actions from :meth:`ArmyState.legal_actions` or :meth:`ArmyState.chance_pool`)."""
    return _advance(state, action, None)


# --------------------------------------------------------------------------- what may be done


def _legal(state: ArmyState) -> tuple[Action, ...]:
    phase = state.phase
    table = state.rules.table
    if phase is _MOVE:
        moves = table.legal_moves(table, state.island, state.colour)
        actions: tuple[Action, ...] = (*moves, NO_MOVE) if table.no_move_beside(moves) else moves
        return table.offer(actions, NO_MOVE)
    if phase is _ADD:
        return table.offer(legal_adds(table, state.island, state.hands[state.seat], state.colour), NO_ADD)
    return ()


def _check(state: ArmyState, action: AnyAction) -> None:
    """Refuse an action the rules do not allow, naming the clause (:mod:`.refusals` says which)."""
    if state.phase is _SHUFFLE:
        pool = state.bag
        if not isinstance(action, Shuffle) or sorted(action.order) != list(pool):
            slot, reason = refusal(state, action)
            raise IllegalActionError(action, state.phase.value, state.rules.table.clause_of(slot), reason)
        return
    try:
        legal = action in state.legal_actions()
    except TypeError:  # an unhashable or incomparable value is no action
        legal = False
    if not legal:
        slot, reason = refusal(state, action)
        raise IllegalActionError(action, state.phase.value, state.rules.table.clause_of(slot), reason)


# --------------------------------------------------------------------------- one step


def _advance(state: ArmyState, action: AnyAction, rec: Recorder | None) -> ArmyState:
    phase = state.phase
    if phase is _SHUFFLE:
        assert isinstance(action, Shuffle)
        return _deal(state, action.order, rec)
    if isinstance(action, Move):
        return _moved(state, action, rec)
    if isinstance(action, Add):
        return _added(state, action, rec)
    return _passed(state, phase, rec)


def _deal(state: ArmyState, order: tuple[Colour, ...], rec: Recorder | None) -> ArmyState:
    table = state.rules.table
    players = len(state.hands)
    hands, bag = table.deal(order, players)
    if rec is not None:
        rec.fire(("shuffle", "deal", "fill_bag", "stones"), ("hands", "bag", "phase"), EventKind.DEALT)
        rec.fire(("first_seat",), ("seat",), EventKind.TURN_STARTED, state.seat)
    return _begin(state, table, 1, state.seat, EMPTY_ISLAND, hands, bag, 0, rec)


def _moved(state: ArmyState, move: Move, rec: Recorder | None) -> ArmyState:
    table = state.rules.table
    island = state.island.moved(move.start, move.end)
    if rec is not None:
        slots = (
            "legal_moves",
            "movable",
            "jump",
            "landings",
            "vacated",
            "ends",
            "one_island",
            "may_land",
            "forbidden_string",
        )
        rec.fire(slots, ("island",), EventKind.MOVED, state.seat, island[move.end], move.start, move.end)
    winning = _goal(state, table, island, Moment.MOVE, rec)
    if winning:
        return _won(state, island, state.hands, state.bag, winning, True)
    return _next_part(state, table, _MOVE, island, state.hands, state.bag, True, rec)


def _added(state: ArmyState, add: Add, rec: Recorder | None) -> ArmyState:
    table = state.rules.table
    seat = state.seat
    island = state.island.placed(add.cell, add.colour)
    hand = list(state.hands[seat])
    hand.remove(add.colour)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    if rec is not None:
        where = ("first_cells",) if not state.island else ("add_cells", "apart", "forbidden_string")
        writes = ("island", f"hands[{seat}]")
        rec.fire(("addable", *where), writes, EventKind.ADDED, seat, add.colour, end=add.cell)
    winning = _goal(state, table, island, Moment.ADD, rec)
    if winning:
        return _won(state, island, tuple(hands), state.bag, winning, True)
    before, bag = hands[seat], state.bag
    if table.draw_follows(state.island):
        hands[seat], bag = table.draw(before, bag)
    if rec is not None and hands[seat] != before:
        drawn = next((Counter(hands[seat]) - Counter(before)).elements())
        rec.fire(("draw",), (f"hands[{seat}]", "bag"), EventKind.DREW, seat, drawn)
    return _next_part(state, table, _ADD, island, tuple(hands), bag, True, rec)


def _passed(state: ArmyState, part: Phase, rec: Recorder | None) -> ArmyState:
    table = state.rules.table
    if rec is not None:
        if part is _MOVE:
            chose = any(isinstance(a, Move) for a in state.legal_actions())
            rec.fire(
                ("no_move_beside", "offer") if chose else ("offer", "no_move_beside"),
                (),
                EventKind.NO_MOVE,
                state.seat,
            )
        else:
            # An empty hand has no add (add.none-left, whose entry is the out-of-stones slot); a hand
            # with no legal cell passes by turn.pass alone.
            empty = not state.hands[state.seat]
            slots = ("offer", "out_of_stones_ends") if empty else ("offer",)
            rec.fire(slots, (), EventKind.NO_ADD, state.seat)
    if table.pass_ends_turn(part):
        if rec is not None:
            rec.fire(("pass_ends_turn",), ())
        return _end_turn(state, table, state.island, state.hands, state.bag, state.acted, rec)
    return _next_part(state, table, part, state.island, state.hands, state.bag, state.acted, rec)


def _next_part(
    state: ArmyState,
    table: ArmyTable,
    part: Phase,
    island: Island,
    hands: tuple[Hand, ...],
    bag: tuple[Colour, ...],
    acted: bool,
    rec: Recorder | None,
) -> ArmyState:
    """The turn's next decision after ``part``, or the end of the turn after its last. The step's
    last event (the move or no-move) names turn.parts when the turn goes on to its next part."""
    parts = table.turn_parts()
    following = parts.index(part) + 1
    if following < len(parts):
        if rec is not None:
            _goes_on(rec, table)
        return ArmyState(
            state.rules, parts[following], state.turn, state.seat, island, hands, bag, state.passes, acted,
            (), state.positions,
        )  # fmt: skip
    return _end_turn(state, table, island, hands, bag, acted, rec)


def _goes_on(rec: Recorder, table: ArmyTable) -> None:
    """Record the turn's going on to its next part: a part of its own, turn.parts writing the phase,
    and turn.parts added to the step's last part, the move or the no-move, and to its event (after a
    move that is known only once the goal has been checked, after the move's event was recorded)."""
    last = rec.fired[-1]
    clauses = tuple(dict.fromkeys((*last.clauses, table.clause_of("turn_parts"))))
    event = attrs.evolve(last.event, clauses=clauses)
    rec.fired[-1] = attrs.evolve(last, clauses=clauses, event=event)
    rec.events[-1] = event
    rec.fire(("turn_parts",), ("phase",))


def _end_turn(
    state: ArmyState,
    table: ArmyTable,
    island: Island,
    hands: tuple[Hand, ...],
    bag: tuple[Colour, ...],
    acted: bool,
    rec: Recorder | None,
) -> ArmyState:
    """The end of a turn: the goal (if it is checked now), the ends without a winner, then the next
    seat's turn."""
    rules = state.rules
    players, turn, seat = len(hands), state.turn, state.seat
    winning = _goal(state, table, island, Moment.TURN_END, rec)
    if winning:
        return _won(state, island, hands, bag, winning, acted)
    passes = 0 if acted else state.passes + 1
    ending = None
    if table.nobody_can_act(passes, players):
        ending = "nobody_can_act"
    elif table.turn_limit_reached(turn, players, rules.rounds):
        ending = "turn_limit_reached"
    elif table.out_of_stones_ends(bag, hands):
        ending = "out_of_stones_ends"
    if ending is not None:
        if rec is not None:
            rec.fire((ending,), ("phase", "passes"), EventKind.ENDED)
        return ArmyState(rules, _OVER, turn, seat, island, hands, bag, passes, acted, (), state.positions)
    following = table.seat_after(table, turn, seat, players)
    if rec is not None:
        slots = ("seat_after", "next_seat") if turn == 1 else ("next_seat",)
        rec.fire(slots, ("turn", "seat", "phase", "passes", "acted"), EventKind.TURN_STARTED, following)
    return _begin(state, table, turn + 1, following, island, hands, bag, passes, rec)


def _begin(
    state: ArmyState,
    table: ArmyTable,
    turn: int,
    seat: int,
    island: Island,
    hands: tuple[Hand, ...],
    bag: tuple[Colour, ...],
    passes: int,
    rec: Recorder | None,
) -> ArmyState:
    """The start of ``seat``'s turn: its goal if it is checked then (variant.win-own-turn-only), the
    position remembered (variant.repetition-draw), then its first decision."""
    rules = state.rules
    # A win at the turn's start ends the game before the turn's position is remembered: the
    # positions stay as they were (spec/army-of-frogs/protocol.md, step 5).
    started = ArmyState(
        rules, table.turn_parts()[0], turn, seat, island, hands, bag, passes, False, (), state.positions
    )
    winning = _goal(started, table, island, Moment.TURN_START, rec)
    if winning:
        return _won(started, island, hands, bag, winning, False)
    positions, repeated = table.remember(state.positions, seat, island)
    if repeated:
        if rec is not None:
            rec.fire(("remember",), ("phase", "positions"), EventKind.ENDED)
        return ArmyState(rules, _OVER, turn, seat, island, hands, bag, passes, False, (), positions)
    if positions:
        if rec is not None:
            rec.fire(("remember",), ("positions",))
        return attrs.evolve(started, positions=positions)
    return started


def _goal(
    state: ArmyState,
    table: ArmyTable,
    island: Island,
    moment: Moment,
    rec: Recorder | None,
) -> tuple[int, ...]:
    """The winners of a check of the goal at ``moment`` (empty: nobody, or no check then)."""
    if moment is not Moment.TURN_START and not table.checked_after(moment):
        return ()
    players = len(state.hands)
    seats = table.seats_checked(state.seat, players, moment)
    link_at = state.rules.link_at
    reached = [s for s in seats if table.linked(table, island, table.colour_of(s, players), link_at)]
    if not reached:
        return ()
    winning = table.winners(reached)
    if rec is not None:
        when = () if moment is Moment.TURN_START else ("checked_after",)
        rec.fire(
            ("linked", *when, "seats_checked", "winners"), ("winners", "phase"), EventKind.WON, seats=winning
        )
    return winning


def _won(
    state: ArmyState,
    island: Island,
    hands: tuple[Hand, ...],
    bag: tuple[Colour, ...],
    winning: tuple[int, ...],
    acted: bool,
) -> ArmyState:
    """The state in which the check of the goal found ``winning``: the game is over at once."""
    return ArmyState(
        state.rules, _OVER, state.turn, state.seat, island, hands, bag, state.passes, acted, winning,
        state.positions,
    )  # fmt: skip
