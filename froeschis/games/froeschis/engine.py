"""The game state, and how an action changes it: the engine, walking the clause table.

A :class:`GameState` is a frozen value; :meth:`GameState.apply` returns the next one. The engine only
sequences the rules (take a card, follow the chain of placements, end the turn, end the round): every
decision on the way is a call to the clause table of the state's rules (``state.rules.table``,
:mod:`froeschis.games.froeschis.table`), whose entries are the clause functions. Given a
:class:`~froeschis.games.froeschis.provenance.Recorder`, the engine also reports each part of the step with
the
clauses that decided it and the fields it wrote; the events are the public part of that record.
"""

from __future__ import annotations

import attrs

from froeschis.framework.errors import FormatError, IllegalActionError, InternalError, shown
from froeschis.framework.provenance import Transition as Step
from froeschis.framework.state import Advancing
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    Action,
    ActionKind,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.cards import EMPTY_ROW, Card, Row
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.provenance import Recorder
from froeschis.games.froeschis.rules import Rules, check_setup
from froeschis.games.froeschis.state import Phase, Player
from froeschis.games.froeschis.table import ClauseTable, Resolution

PHASE_SLOT = {
    Phase.DEAL: "deal",
    Phase.RESHUFFLE: "reshuffle",
    Phase.DRAW: "may_take_discard",
    Phase.FROG: "frog_spots",
    Phase.SWAP: "swap_is_choice",
    Phase.OVER: "winners",
}
"""The slot whose clause says what may happen in each phase (named when an action does not fit)."""

_DRAW_ONLY = (DRAW,)
_DRAW_OR_TAKE = (DRAW, TAKE_DISCARD)
_SWAP_OR_NOT = (SWAP, DECLINE_SWAP)

# Enum members bound to module names once: on Python 3.11 every ``Phase.DRAW`` runs
# ``EnumType.__getattr__`` (ten times the cost of reading a global), and a step asks for a dozen.
_DEAL_PHASE, _RESHUFFLE_PHASE, _DRAW_PHASE = Phase.DEAL, Phase.RESHUFFLE, Phase.DRAW
_FROG_PHASE, _SWAP_PHASE, _OVER_PHASE = Phase.FROG, Phase.SWAP, Phase.OVER
_TO_DRAW, _TO_TAKE, _TO_PLACE_FROG = ActionKind.DRAW, ActionKind.TAKE_DISCARD, ActionKind.FROG
_TO_SWAP, _TO_DECLINE = ActionKind.SWAP, ActionKind.DECLINE_SWAP
_COMPLETE, _FROG, _PLACE, _SWAP = Resolution.COMPLETE, Resolution.FROG, Resolution.PLACE, Resolution.SWAP


@attrs.frozen
class GameState(Advancing["GameState", AnyAction, Event]):
    """Everything about a game at one moment: a frozen value, which :meth:`apply` and :meth:`step`
    do not change (they return the next state).

    Every state holds every card of the deck exactly once: in a row, in a pile or in hand. Seats
    are numbered from 0; spots from 1.
    """

    rules: Rules
    """The rules the game is played by (the variants and the deck); ``rules.table`` is the clause
    table the engine walks."""
    phase: Phase
    """What the state waits for: chance (:attr:`~froeschis.games.froeschis.state.Phase.DEAL`,
    :attr:`~froeschis.games.froeschis.state.Phase.RESHUFFLE`), a decision of the seat ``turn``
    (:attr:`~froeschis.games.froeschis.state.Phase.DRAW`, :attr:`~froeschis.games.froeschis.state.Phase.FROG`,
    :attr:`~froeschis.games.froeschis.state.Phase.SWAP`), or nothing
    (:attr:`~froeschis.games.froeschis.state.Phase.OVER`)."""
    round: int
    """The round being played (or, at a deal, about to be dealt), from 1."""
    turn: int
    """The seat whose turn it is: at a deal, the seat that will start the round; at a reshuffle, the
    seat waiting to draw; once the game is over, the seat whose turn ended it. :attr:`current_player`
    says who acts next, chance included."""
    players: tuple[Player, ...]
    """Each seat's :class:`~froeschis.games.froeschis.state.Player`, seat 0 first: its row length this round
    and
    its row (empty from the end of a round until the next deal)."""
    draw_pile: tuple[Card, ...]
    """The draw pile, top card first: face down, so an observation shows only its size. Between
    rounds (phase deal) every card is gathered here, sorted, to be shuffled and dealt."""
    discard_pile: tuple[Card, ...] = ()
    """The discard pile, top card first: face up, so every card on it is public."""
    hand: Card | None = None
    """The card the seat to play holds while it waits for a decision about it (a frog to place, or
    a number to swap for its frog in the optional-swap variant); None otherwise: the rest of a
    turn's chain happens inside one step."""
    first_completer: int | None = None
    """The seat that completed its row first this round, None until one does: the final turns run
    until the turn would come back to it (round.final-turns)."""
    winners: tuple[int, ...] = ()
    """The seats that won, ascending, once the game is over (game.end); empty before."""

    @property
    def num_players(self) -> int:
        """How many seats the game has (2 to 4)."""
        return len(self.players)

    @property
    def deciding_seat(self) -> int:
        """At a decision, the seat whose turn it is: :attr:`turn` (who acts next, chance included, is
        :attr:`current_player`)."""
        return self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (phase over): no action is legal any more, and :attr:`winners`
        is set."""
        return self.phase is _OVER_PHASE

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next (a deal or a reshuffle): the next action is a
        :class:`~froeschis.games.froeschis.actions.Shuffle` of :meth:`chance_pool`."""
        return self.phase is _DEAL_PHASE or self.phase is _RESHUFFLE_PHASE

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the current player, sorted; empty at chance and terminal nodes."""
        return _legal(self, None)

    def chance_pool(self) -> tuple[Card, ...]:
        """At a chance node, the cards to be shuffled; any order of them is a legal outcome."""
        if self.phase is _DEAL_PHASE:
            return self.draw_pile
        if self.phase is _RESHUFFLE_PHASE:
            return self.rules.table.reshuffle_pool(self.discard_pile)
        return ()

    recorder = Recorder
    parse_action = staticmethod(Action.parse)

    def _advance(self, action: AnyAction, recorder: Recorder | None) -> GameState:
        return _advance(self, action, recorder)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 1 for a winner, 0 otherwise (all 0 before the end)."""
        return self.rules.table.returns(len(self.players), self.winners)

    def row(self, seat: int) -> Row:
        """The row of ``seat``."""
        return self.players[seat].row

    def __str__(self) -> str:
        """A few lines: round and phase with who acts, the piles, every row (face-down cards shown
        as ``?``, the seat to play marked ``>``), and the winners once there are some. At a chance
        node chance acts, and once the game is over nobody: only a decision is "to play"."""
        top = self.discard_pile[0] if self.discard_pile else "-"
        phase = self.phase
        if phase is _OVER_PHASE:
            who = "game over"
        elif phase is _DEAL_PHASE:
            who = f"deal (chance), then seat {self.turn} starts"
        elif phase is _RESHUFFLE_PHASE:
            who = f"reshuffle (chance), then seat {self.turn} draws"
        else:
            who = f"{phase.value}, seat {self.turn} to play"
        lines = [
            f"round {self.round}, {who}" + (f", hand {self.hand}" if self.hand is not None else ""),
            f"draw pile {len(self.draw_pile)}, discard top {top} ({len(self.discard_pile)})",
        ]
        for seat, player in enumerate(self.players):
            marker = ">" if seat == self.turn and phase is not _OVER_PHASE else " "
            row = str(player.row) if len(player.row) else f"(to be dealt: {player.length} spots)"
            lines.append(f"{marker} seat {seat}: {row}")
        if self.winners:
            lines.append("winners: " + ", ".join(f"seat {w}" for w in self.winners))
        return "\n".join(lines)


Transition = Step[GameState, AnyAction, Event]
"""One step with its provenance (:meth:`GameState.transition`)."""


def new_game(players: int, rules: Rules | None = None) -> GameState:
    """A new game for ``players`` players, waiting for the first deal (a chance node)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise FormatError("players", f"expected a whole number of players, got {shown(players)}")
    if rules is not None and not isinstance(rules, Rules):
        raise FormatError("rules", f"expected a Rules value or None, got {shown(rules)}")
    rules = Rules() if rules is None else rules
    check_setup(rules, players)
    table = rules.table
    lengths = table.initial_lengths(rules.row_length, players)
    return GameState(
        rules, _DEAL_PHASE, 1, table.starting_seat(1, players, None),
        tuple(Player(n, EMPTY_ROW) for n in lengths), rules.deck,
    )  # fmt: skip


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The current player's decisions, sorted (empty at chance and terminal nodes)."""
    return _legal(state, None)


def apply(state: GameState, action: AnyAction) -> GameState:
    """The state after ``action`` (without events: the fast path for simulations and search)."""
    return _advance(state, action, None)


def step(state: GameState, action: AnyAction) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action``: the new state and the events it caused. The old state is unchanged."""
    return state.step(action)


# --------------------------------------------------------------------------- what may be done


def decision_clauses(state: GameState) -> tuple[str, ...]:
    """The clauses the engine consults to list the legal actions in ``state``."""
    recorder = Recorder(state.rules.table)
    _legal(state, recorder)
    return tuple(dict.fromkeys(c for part in recorder.fired for c in part.clauses))


def allowing_clauses(state: GameState, action: AnyAction) -> tuple[str, ...]:
    """The clauses under which ``action`` is legal in ``state``: those that say what may happen in
    the phase; for taking the discard also the one that says which discard may be taken, and for
    drawing from an empty draw pile the one that reshuffles the discard pile into a new one."""
    table = state.rules.table
    phase = (table.clause_of(PHASE_SLOT[state.phase]),)
    if isinstance(action, Action) and state.phase is _DRAW_PHASE:
        if action.kind is _TO_TAKE:
            return tuple(dict.fromkeys((*phase, table.clause_of("discard_fits"))))
        if action.kind is _TO_DRAW and table.must_reshuffle(state.draw_pile):
            return tuple(dict.fromkeys((*phase, table.clause_of("must_reshuffle"))))
    return phase


def phase_clause(state: GameState) -> str:
    """The clause that says what may happen in the state's phase."""
    return state.rules.table.clause_of(PHASE_SLOT[state.phase])


def _legal(state: GameState, recorder: Recorder | None) -> tuple[Action, ...]:
    phase = state.phase
    table = state.rules.table
    if phase is _DRAW_PHASE:
        pile = state.discard_pile
        if recorder is not None:
            recorder.fire(("may_take_discard", "discard_fits") if pile else ("may_take_discard",))
        if table.may_take_discard(pile) and table.discard_fits(pile, state.players[state.turn].row):
            return _DRAW_OR_TAKE
        return _DRAW_ONLY
    if phase is _FROG_PHASE:
        if recorder is not None:
            recorder.fire(("frog_spots",))
        return tuple([frog_at(s) for s in table.frog_spots(state.players[state.turn].row)])
    if phase is _SWAP_PHASE:
        if recorder is not None:
            recorder.fire(("swap_is_choice",))
        return _SWAP_OR_NOT
    return ()


def _refused(state: GameState, action: object, slot: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, state.phase.value, state.rules.table.clause_of(slot), reason)


# --------------------------------------------------------------------------- one step


def _advance(state: GameState, action: AnyAction, rec: Recorder | None) -> GameState:
    """The state after ``action``, which is checked on the way (:class:`IllegalActionError` names
    the clause that forbids it)."""
    phase = state.phase
    if phase is _DRAW_PHASE or phase is _FROG_PHASE or phase is _SWAP_PHASE:
        if not isinstance(action, Action):
            raise _refused(state, action, PHASE_SLOT[phase], _not_a_decision(state, action))
        if phase is _DRAW_PHASE:
            return _take_card(state, action, rec)
        if phase is _FROG_PHASE:
            return _place_frog(state, action, rec)
        return _decide_swap(state, action, rec)
    if phase is _OVER_PHASE:
        raise _refused(state, action, PHASE_SLOT[phase], "the game is over")
    if not isinstance(action, Shuffle):
        what = "this is a chance node: it takes a Shuffle of the chance pool"
        if not isinstance(action, Action):
            what = f"{action!r} is not an action: expected an Action or a Shuffle"
        raise _refused(state, action, PHASE_SLOT[phase], what)
    _check_shuffle(state, action)
    if phase is _DEAL_PHASE:
        return _deal(state, action.order, rec)
    return _reshuffle(state, action.order, rec)


def _not_a_decision(state: GameState, action: object) -> str:
    if isinstance(action, Shuffle):
        return f"seat {state.turn} is to decide; a Shuffle is only for chance nodes"
    return f"{action!r} is not an action: expected an Action or a Shuffle"


def _check_shuffle(state: GameState, shuffle: Shuffle) -> None:
    """A chance outcome must be an order of exactly the pool's cards (compared by their codes)."""
    pool = state.chance_pool()
    slot = PHASE_SLOT[state.phase]
    order = shuffle.order
    if not all(issubclass(kind, Card) for kind in set(map(type, order))):
        raise _refused(state, shuffle, slot, "a shuffle orders Card objects")
    if len(order) != len(pool) or sorted([c.code for c in order]) != sorted([c.code for c in pool]):
        raise _refused(state, shuffle, slot, f"the order must hold exactly the {len(pool)} cards of the pool")


def _deal(state: GameState, order: tuple[Card, ...], rec: Recorder | None) -> GameState:
    table = state.rules.table
    rows, draw_pile = table.deal(order, [p.length for p in state.players])
    if rec is not None:
        lengths = ("check_players", "initial_lengths") if state.round == 1 else ("next_lengths",)
        deck = ("standard_deck",) if state.rules.is_standard() else ()
        writes = ("players", "draw_pile", "discard_pile", "phase")
        rec.fire(("deal", *deck, *lengths), writes, EventKind.DEALT)
        rec.fire(("starting_seat",), ("turn",), EventKind.TURN_STARTED, seat=state.turn)
    players = tuple([Player(p.length, row) for p, row in zip(state.players, rows, strict=True)])
    return GameState(state.rules, _DRAW_PHASE, state.round, state.turn, players, draw_pile, ())


def _reshuffle(state: GameState, order: tuple[Card, ...], rec: Recorder | None) -> GameState:
    """The reshuffle, then the draw that waited for it (a table may have the player choose again)."""
    table = state.rules.table
    seat = state.turn
    draw_pile, discard_pile = table.reshuffle(state.discard_pile, order)
    if rec is not None:
        rec.fire(("reshuffle",), ("draw_pile", "discard_pile"), EventKind.RESHUFFLED, seat=seat)
    if not table.draws_after_reshuffle():
        if rec is not None:
            rec.fire(("draws_after_reshuffle",), ("phase",))
        return GameState(
            state.rules, _DRAW_PHASE, state.round, seat, state.players, draw_pile, discard_pile, None,
            state.first_completer,
        )  # fmt: skip
    hand, draw_pile = table.take_top(draw_pile)
    if rec is not None:
        rec.fire(("take_top",), ("draw_pile", "hand"), EventKind.DREW, seat, hand)
    return _follow(state, table, seat, state.players[seat].row, hand, draw_pile, discard_pile, rec)


def _take_card(state: GameState, action: Action, rec: Recorder | None) -> GameState:
    """A turn's start: draw (reshuffling first if the draw pile is empty) or take the discard."""
    table = state.rules.table
    kind = action.kind
    seat = state.turn
    row = state.players[seat].row
    if kind is _TO_DRAW:
        draw_pile = state.draw_pile
        if table.must_reshuffle(draw_pile):
            if rec is not None:
                rec.fire(("must_reshuffle",), ("phase",))
            return _wait(state, _RESHUFFLE_PHASE, row, None, draw_pile, state.discard_pile)
        hand, draw_pile = table.take_top(draw_pile)
        if rec is not None:
            rec.fire(("take_top",), ("draw_pile", "hand"), EventKind.DREW, seat, hand)
        return _follow(state, table, seat, row, hand, draw_pile, state.discard_pile, rec)
    if kind is not _TO_TAKE:
        reason = "a turn starts by taking a card: 'draw' or 'take-discard'"
        raise _refused(state, action, "may_take_discard", reason)
    pile = state.discard_pile
    if not table.may_take_discard(pile):
        raise _refused(state, action, "may_take_discard", "the discard pile is empty")
    if not table.discard_fits(pile, row):
        raise _refused(state, action, "discard_fits", f"the discard {pile[0]} cannot be placed in this row")
    hand, discard_pile = table.take_discard(pile)
    if rec is not None:
        slots = ("may_take_discard", "take_discard", "discard_fits")
        rec.fire(slots, ("discard_pile", "hand"), EventKind.TOOK_DISCARD, seat, hand)
    return _follow(state, table, seat, row, hand, state.draw_pile, discard_pile, rec)


def _place_frog(state: GameState, action: Action, rec: Recorder | None) -> GameState:
    table = state.rules.table
    seat = state.turn
    row = state.players[seat].row
    spots = table.frog_spots(row)
    if action.kind is not _TO_PLACE_FROG:
        reason = f"the frog in hand must be placed first, on one of the face-down spots {spots}"
        raise _refused(state, action, "frog_spots", reason)
    target = action.spot
    if target not in spots:
        reason = f"spot {target} is not one of the face-down spots {spots}"
        raise _refused(state, action, "frog_spots", reason)
    revealed = table.reveal(row.at(target))
    row = table.place_frog(row, target)
    if rec is not None:
        where = f"players[{seat}].row[{target - 1}]"
        slots = ("frog_spots", "place_frog")
        rec.fire(slots, (where, "hand"), EventKind.FROG_PLACED, seat, state.hand, target)
        rec.fire(("reveal",), ("hand",), EventKind.REVEALED, seat, revealed, target)
    return _follow(state, table, seat, row, revealed, state.draw_pile, state.discard_pile, rec)


def _decide_swap(state: GameState, action: Action, rec: Recorder | None) -> GameState:
    """The optional swap (variant): swap the number in hand for its frog, or discard it."""
    hand = state.hand
    if hand is None:
        raise InternalError("a swap phase without a card in hand")
    table = state.rules.table
    seat = state.turn
    row = state.players[seat].row
    if action.kind is _TO_SWAP:
        row, frog = _swapped(table, seat, row, hand, rec)
        return _follow(state, table, seat, row, frog, state.draw_pile, state.discard_pile, rec)
    if action.kind is _TO_DECLINE:
        why = ("swap_is_choice",)
        return _end_turn(state, table, seat, row, hand, why, state.draw_pile, state.discard_pile, rec)
    reason = "the player decides about the frog swap: 'swap' or 'decline-swap'"
    raise _refused(state, action, "swap_is_choice", reason)


def _swapped(table: ClauseTable, seat: int, row: Row, hand: Card, rec: Recorder | None) -> tuple[Row, Card]:
    """The number in hand replaces the frog on its spot; the row, and the frog now in hand."""
    target = table.spot_of(hand)
    row, frog = table.swap_frog(row, target, hand)
    if rec is not None:
        where = f"players[{seat}].row[{target - 1}]"
        rec.fire(
            ("can_swap_frog", "swap_is_choice"), (where, "hand"), EventKind.FROG_SWAPPED, seat, hand, target
        )
    return row, frog


def _follow(
    state: GameState,
    table: ClauseTable,
    seat: int,
    row: Row,
    hand: Card,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    rec: Recorder | None,
) -> GameState:
    """Follow the chain with ``hand`` until the turn ends or the player must decide.

    The chain's order (turn.chain-order) says what happens to the card in hand at each pass. A pass
    places a number on a face-down spot (turning it face up), or swaps a number for its frog, which
    waits for its placement at the next pass; so a turn takes at most one pass per face-down spot
    plus two. More means the clause functions contradict each other, which is
    reported instead of looping forever.
    """
    chain_order = table.chain_order
    passes = len(row.spots) + 2
    for _ in range(passes):
        found = chain_order(table, row, hand)
        if found is _PLACE:
            target = table.spot_of(hand)
            revealed = table.reveal(row.at(target))
            row = table.place_number(row, target, hand)
            if rec is not None:
                where = f"players[{seat}].row[{target - 1}]"
                slots = ("spot_of", "spot_is_open", "place_number")
                rec.fire(slots, (where, "hand"), EventKind.PLACED, seat, hand, target)
                rec.fire(("reveal",), ("hand",), EventKind.REVEALED, seat, revealed, target)
            hand = revealed
        elif found is _SWAP:
            if table.swap_is_choice():
                if rec is not None:
                    rec.fire(("can_swap_frog", "swap_is_choice"), ("phase", "hand"))
                return _wait(state, _SWAP_PHASE, row, hand, draw_pile, discard_pile)
            row, hand = _swapped(table, seat, row, hand, rec)
        elif found is _FROG:
            if rec is not None:
                rec.fire(("is_joker", "frog_spots"), ("phase", "hand"))
            return _wait(state, _FROG_PHASE, row, hand, draw_pile, discard_pile)
        elif found is _COMPLETE:
            ended = ("completion_ends_turn", "chain_order")
            return _end_turn(state, table, seat, row, hand, ended, draw_pile, discard_pile, rec, True)
        else:
            dead = (found.value,) if rec is not None else ()
            return _end_turn(state, table, seat, row, hand, dead, draw_pile, discard_pile, rec)
    raise InternalError(f"the chain of seat {seat} did not end within {passes} passes")


def _with_row(players: tuple[Player, ...], seat: int, row: Row) -> tuple[Player, ...]:
    """The players with ``seat``'s row replaced; the other Player objects are shared (all of them
    when the row is the one they have: a turn that placed nothing)."""
    player = players[seat]
    if row is player.row:
        return players
    changed = list(players)
    changed[seat] = Player(player.length, row)
    return tuple(changed)


def _wait(
    state: GameState,
    phase: Phase,
    row: Row,
    hand: Card | None,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    """The state in the middle of a turn, waiting for a decision about ``hand`` or for chance."""
    players = _with_row(state.players, state.turn, row)
    return GameState(
        state.rules, phase, state.round, state.turn, players, draw_pile, discard_pile, hand,
        state.first_completer,
    )  # fmt: skip


def _end_turn(
    state: GameState,
    table: ClauseTable,
    seat: int,
    row: Row,
    hand: Card,
    why: tuple[str, ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    rec: Recorder | None,
    completed_now: bool = False,
) -> GameState:
    """Discard the card in hand (as the entries of ``why`` decided), end the turn, and start the
    next one or end the round.

    ``completed_now`` says the row was found complete (complete.ends-turn); every other discard
    happens before the row is complete, as the chain's order checks completion first.
    """
    discard_pile = table.discard(discard_pile, hand)
    if rec is not None:
        rec.fire((*why, "discard"), ("discard_pile", "hand"), EventKind.DISCARDED, seat, hand)
    first = state.first_completer
    players = state.players
    if row is not players[seat].row:
        players = _with_row(players, seat, row)
    if rec is not None and completed_now:
        slots = ["is_complete"]
        if any(s.card.is_frog for s in row.spots):
            slots.append("fits_spot")
        if first is not None:
            slots.append("completers")
        rec.fire(tuple(slots), (), EventKind.COMPLETED, seat)
    if table.starts_final_turns(completed_now, first):
        first = seat
        if rec is not None:
            rec.fire(("starts_final_turns",), ("first_completer",), EventKind.FINAL_TURNS, seat)
    following = table.next_seat(seat, len(players))
    if table.round_is_over(seat, following, state.first_completer, first, players):
        return _end_round(state, players, draw_pile, discard_pile, rec)
    if rec is not None:
        slots_turn = ("next_seat", "round_is_over") if first is not None else ("next_seat",)
        rec.fire(slots_turn, ("turn", "phase"), EventKind.TURN_STARTED, following)
    # Positional arguments (GameState's field order: rules, phase, round, turn, players, draw_pile,
    # discard_pile, hand, first_completer): this runs once per turn, keywords cost a third more.
    return GameState(
        state.rules, _DRAW_PHASE, state.round, following, players, draw_pile, discard_pile, None, first
    )


def _end_round(
    state: GameState,
    players: tuple[Player, ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    rec: Recorder | None,
) -> GameState:
    table = state.rules.table
    played = players
    rows = [table.row_at_round_end(table, p.row) for p in played]
    players = tuple([Player(p.length, row) for p, row in zip(played, rows, strict=True)])
    done = table.completers(table, rows, played, state.first_completer)
    if rec is not None:
        writes = ("phase", "round", "players", "draw_pile", "discard_pile", "first_completer", "hand")
        slots = ("round_is_over", "row_at_round_end", "completers")
        rec.fire(slots, writes, EventKind.ROUND_ENDED, seats=done)
    lengths = [p.length for p in players]
    won = table.winners(lengths, done, state.first_completer)
    if won:
        if rec is not None:
            rec.fire(("winners", "returns"), ("winners", "phase"), EventKind.GAME_WON, seats=won)
        return GameState(
            state.rules, _OVER_PHASE, state.round, state.turn, players, draw_pile, discard_pile, None,
            state.first_completer, won,
        )  # fmt: skip
    next_round = state.round + 1
    next_lengths = table.next_lengths(lengths, done)
    starting = table.starting_seat(next_round, len(players), state.first_completer)
    if rec is not None:
        rec.fire(("next_lengths",), tuple(f"players[{s}].length" for s in range(len(players))))
        rec.fire(("starting_seat",), ("turn",))
    empty = tuple([Player(length, EMPTY_ROW) for length in next_lengths])
    return GameState(state.rules, _DEAL_PHASE, next_round, starting, empty, state.rules.deck)
