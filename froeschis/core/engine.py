"""The state transition: composes the clause functions of :mod:`froeschis.core.clauses`.

No rule is decided here that is not a call to a clause function; this module only sequences them
(take a card, follow the forced chain, end the turn, end the round) and records events.
"""

from __future__ import annotations

from froeschis.core import clauses as c
from froeschis.core.actions import (
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
from froeschis.core.cards import EMPTY_ROW, FROG, Card, Row
from froeschis.core.errors import IllegalActionError, InternalError
from froeschis.core.events import Event, EventKind
from froeschis.core.rules import Rules
from froeschis.core.state import GameState, Phase, Player

PHASE_CLAUSE = {
    Phase.DEAL: "round.deal",
    Phase.RESHUFFLE: "draw.reshuffle",
    Phase.DRAW: "turn.draw-source",
    Phase.FROG: "frog.place",
    Phase.SWAP: "variant.optional-frog-swap",
    Phase.OVER: "game.end",
}
"""The clause that says what may happen in each phase (named when an action does not fit it)."""


def new_game(players: int, rules: Rules | None = None) -> GameState:
    """A new game for ``players`` players, waiting for the first deal (a chance node)."""
    rules = Rules() if rules is None else rules
    c.check_setup(rules, players)
    lengths = c.initial_lengths(rules, players)
    return GameState(
        rules=rules,
        phase=Phase.DEAL,
        round=1,
        turn=c.starting_seat(1, players),
        players=tuple(Player(length, EMPTY_ROW) for length in lengths),
        draw_pile=rules.deck,
    )


def chance_pool(state: GameState) -> tuple[Card, ...]:
    """The cards a chance node shuffles (empty at decision and terminal nodes)."""
    if state.phase is Phase.DEAL:
        return state.draw_pile
    if state.phase is Phase.RESHUFFLE:
        return c.reshuffle_pool(state.discard_pile)
    return ()


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The current player's decisions, sorted (empty at chance and terminal nodes)."""
    phase = state.phase
    if phase is Phase.DRAW:
        if _discard_refusal(state) is None:
            return (DRAW, TAKE_DISCARD)
        return (DRAW,)
    if phase is Phase.FROG:
        return tuple(frog_at(s) for s in c.frog_spots(state.row(state.turn)))
    if phase is Phase.SWAP:
        return (SWAP, DECLINE_SWAP)
    return ()


def _discard_refusal(state: GameState) -> tuple[str, str] | None:
    """Why the discard pile may not be taken now (clause, reason), or None when it may."""
    if not c.may_take_discard(state.discard_pile):
        return "turn.draw-source", "the discard pile is empty"
    top = state.discard_pile[0]
    if state.rules.discard_only_if_placeable and not c.can_be_placed(top, state.row(state.turn)):
        return "variant.discard-if-placeable", f"the discard {top} cannot be placed in this row"
    return None


def _refusal(state: GameState, action: AnyAction) -> tuple[str, str] | None:
    """Why ``action`` is illegal in ``state`` (clause, reason), or None when it is legal."""
    phase = state.phase
    if phase is Phase.DRAW or phase is Phase.FROG or phase is Phase.SWAP:
        if isinstance(action, Action):
            return _decision_refusal(state, phase, action)
        if isinstance(action, Shuffle):
            return PHASE_CLAUSE[phase], f"seat {state.turn} is to decide; a Shuffle is only for chance nodes"
        # Neither: refused below as not an action at all.
    elif phase is Phase.OVER:
        return PHASE_CLAUSE[phase], "the game is over"
    elif isinstance(action, Shuffle):
        return _shuffle_refusal(state, action)
    elif isinstance(action, Action):
        return PHASE_CLAUSE[phase], "this is a chance node: it takes a Shuffle of the chance pool"
    return PHASE_CLAUSE[phase], f"{action!r} is not an action: expected an Action or a Shuffle"


def _shuffle_refusal(state: GameState, shuffle: Shuffle) -> tuple[str, str] | None:
    clause = PHASE_CLAUSE[state.phase]
    pool = chance_pool(state)
    kinds = set(map(type, shuffle.order))  # a few types, whatever the length: checked in C
    if not all(issubclass(kind, Card) for kind in kinds):
        return clause, "a shuffle orders Card objects"
    if not c.is_permutation(shuffle.order, pool):
        return clause, f"the order must hold exactly the {len(pool)} cards of the chance pool"
    return None


def _decision_refusal(state: GameState, phase: Phase, action: Action) -> tuple[str, str] | None:
    kind = action.kind
    if phase is Phase.DRAW:
        if kind is ActionKind.DRAW:
            return None
        if kind is ActionKind.TAKE_DISCARD:
            return _discard_refusal(state)
        return PHASE_CLAUSE[phase], "a turn starts by taking a card: 'draw' or 'take-discard'"
    if phase is Phase.FROG:
        spots = c.frog_spots(state.row(state.turn))
        clause = PHASE_CLAUSE[phase]
        if kind is not ActionKind.FROG:
            return clause, f"the frog in hand must be placed first, on one of the face-down spots {spots}"
        if action.spot not in spots:
            return clause, f"spot {action.spot} is not one of the face-down spots {spots}"
        return None
    if kind is ActionKind.SWAP or kind is ActionKind.DECLINE_SWAP:
        return None
    return PHASE_CLAUSE[phase], "the player decides about the frog swap: 'swap' or 'decline-swap'"


def step(state: GameState, action: AnyAction) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action``: the new state and the events it caused. The old state is unchanged."""
    refusal = _refusal(state, action)
    if refusal is not None:
        raise IllegalActionError(action, state.phase.value, *refusal)
    events: list[Event] = []
    return _transition(state, action, events), tuple(events)


def apply(state: GameState, action: AnyAction) -> GameState:
    """Like :func:`step` without recording events (the fast path for simulations and search)."""
    refusal = _refusal(state, action)
    if refusal is not None:
        raise IllegalActionError(action, state.phase.value, *refusal)
    return _transition(state, action, None)


_Events = list[Event] | None
"""Where a transition records its events; None on :func:`apply`'s path, which builds none.

Every recording site tests for None itself: a shared do-nothing recorder would cost a call per
event on the path that millions of simulated games take.
"""


def _transition(state: GameState, action: AnyAction, events: _Events) -> GameState:
    if isinstance(action, Shuffle):
        if state.phase is Phase.DEAL:
            return _deal(state, action.order, events)
        return _reshuffle_and_draw(state, action.order, events)
    return _decide(state, action, events)


def _deal(state: GameState, order: tuple[Card, ...], events: _Events) -> GameState:
    rows, draw_pile = c.deal(order, [p.length for p in state.players])
    if events is not None:
        causes = ["round.deal"]
        if state.rules.is_standard():
            causes.append("deck.composition")
        if state.round == 1:
            causes += ["players.count", "row.initial-length"]
        else:
            causes.append("round.next-lengths")
        events.append(Event(EventKind.DEALT, tuple(causes)))
        events.append(Event(EventKind.TURN_STARTED, ("round.start-seat",), seat=state.turn))
    players = tuple(Player(p.length, row) for p, row in zip(state.players, rows, strict=True))
    return GameState(state.rules, Phase.DRAW, state.round, state.turn, players, draw_pile, ())


def _reshuffle_and_draw(state: GameState, order: tuple[Card, ...], events: _Events) -> GameState:
    draw_pile, discard_pile = c.reshuffle(state.discard_pile, order)
    if events is not None:
        events.append(Event(EventKind.RESHUFFLED, ("draw.reshuffle",), seat=state.turn))
    return _draw(state, draw_pile, discard_pile, events)


def _draw(
    state: GameState, draw_pile: tuple[Card, ...], discard_pile: tuple[Card, ...], events: _Events
) -> GameState:
    hand = draw_pile[0]
    if events is not None:
        events.append(Event(EventKind.DREW, ("turn.draw-source",), seat=state.turn, card=hand))
    return _follow(state, state.row(state.turn), hand, draw_pile[1:], discard_pile, events)


def _decide(state: GameState, action: Action, events: _Events) -> GameState:
    seat, kind = state.turn, action.kind
    row, draw_pile, discard_pile = state.row(seat), state.draw_pile, state.discard_pile
    if kind is ActionKind.DRAW:
        if c.must_reshuffle(draw_pile):
            return GameState(
                state.rules, Phase.RESHUFFLE, state.round, seat, state.players, draw_pile, discard_pile,
                None, state.first_completer,
            )  # fmt: skip
        return _draw(state, draw_pile, discard_pile, events)
    if kind is ActionKind.TAKE_DISCARD:
        top = discard_pile[0]
        if events is not None:
            causes: tuple[str, ...] = ("turn.draw-source",)
            if state.rules.discard_only_if_placeable:
                causes += ("variant.discard-if-placeable",)
            events.append(Event(EventKind.TOOK_DISCARD, causes, seat=seat, card=top))
        return _follow(state, row, top, draw_pile, discard_pile[1:], events)
    hand = state.hand
    assert hand is not None, "a FROG or SWAP phase always has a card in hand"
    if kind is ActionKind.FROG:
        row, revealed = c.place_frog(row, action.spot)
        if events is not None:
            events.append(Event(EventKind.FROG_PLACED, ("frog.place",), seat, FROG, action.spot))
            events.append(Event(EventKind.REVEALED, ("place.reveal-chain",), seat, revealed, action.spot))
        return _follow(state, row, revealed, draw_pile, discard_pile, events)
    if kind is ActionKind.SWAP:
        return _follow(
            state, _swap(row, hand, seat, state.rules, events), FROG, draw_pile, discard_pile, events
        )
    return _discard(state, row, hand, ("variant.optional-frog-swap",), draw_pile, discard_pile, events)


def _swap(row: Row, hand: Card, seat: int, rules: Rules, events: _Events) -> Row:
    if events is not None:
        rule = "variant.optional-frog-swap" if c.swap_is_choice(rules) else "frog.swap-mandatory"
        events.append(Event(EventKind.FROG_SWAPPED, ("frog.swap", rule), seat, hand, c.spot_of(hand)))
    return c.swap_frog(row, hand)


def _follow(
    state: GameState,
    row: Row,
    hand: Card,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    events: _Events,
) -> GameState:
    """Follow the forced chain with ``hand`` until the turn ends or the player must decide.

    Each pass ends the turn, waits for a decision, or places a number on a face-down spot (turning
    it face up); a mandatory frog swap is followed by a pass that waits for the frog's placement.
    So a turn takes at most one pass per face-down spot plus two; more means the clause functions
    contradict each other, which is reported instead of looping forever.
    """
    seat = state.turn
    passes = len(row.spots) + 2
    for _ in range(passes):
        if c.completion_ends_turn(row):
            ended = ("complete.ends-turn",)
            return _discard(state, row, hand, ended, draw_pile, discard_pile, events, completed=True)
        if hand.is_frog:
            return _wait(state, Phase.FROG, row, hand, draw_pile, discard_pile)
        dead = c.unplaceable_clause(hand, row)
        if dead is not None:
            return _discard(state, row, hand, (dead,), draw_pile, discard_pile, events)
        if c.spot_is_open(hand, row):
            row, revealed = c.place_number(row, hand)
            if events is not None:
                spot = c.spot_of(hand)
                causes = ("place.number-spot", "place.face-down-only")
                events.append(Event(EventKind.PLACED, causes, seat, hand, spot))
                events.append(Event(EventKind.REVEALED, ("place.reveal-chain",), seat, revealed, spot))
            hand = revealed
        elif c.can_swap_frog(hand, row):
            if c.swap_is_choice(state.rules):
                return _wait(state, Phase.SWAP, row, hand, draw_pile, discard_pile)
            row, hand = _swap(row, hand, seat, state.rules, events), FROG
        elif c.is_duplicate(hand, row):
            return _discard(state, row, hand, ("dead.duplicate",), draw_pile, discard_pile, events)
        else:
            raise InternalError(f"no clause decides what happens to {hand} in the row {row}")
    raise InternalError(f"the forced chain of seat {seat} did not end within {passes} passes")


def _discard(
    state: GameState,
    row: Row,
    hand: Card,
    causes: tuple[str, ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    events: _Events,
    completed: bool = False,
) -> GameState:
    """Discard the card in hand (for the given clauses) and end the turn.

    ``completed`` says the row was found complete (complete.ends-turn); every other discard
    happens before the row is complete, as the chain checks completion first.
    """
    if events is not None:
        events.append(Event(EventKind.DISCARDED, (*causes, "turn.discard-ends"), seat=state.turn, card=hand))
    return _end_turn(state, row, draw_pile, c.discard(discard_pile, hand), events, completed)


def _with_row(state: GameState, seat: int, row: Row) -> tuple[Player, ...]:
    """The players with ``seat``'s row replaced; the other Player objects are shared."""
    players = list(state.players)
    players[seat] = Player(players[seat].length, row)
    return tuple(players)


def _wait(
    state: GameState,
    phase: Phase,
    row: Row,
    hand: Card,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    """The state in the middle of a turn, waiting for the player's decision about ``hand``."""
    players = _with_row(state, state.turn, row)
    return GameState(
        state.rules, phase, state.round, state.turn, players, draw_pile, discard_pile, hand,
        state.first_completer,
    )  # fmt: skip


def _end_turn(
    state: GameState,
    row: Row,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    events: _Events,
    completed_now: bool,
) -> GameState:
    seat, first = state.turn, state.first_completer
    players = _with_row(state, seat, row)
    if completed_now and events is not None:
        causes = ["complete.no-face-down"]
        if any(s.card.is_frog for s in row.spots):
            causes.append("complete.frogs-count")
        if first is not None:
            causes.append("round.final-turn-completion")
        events.append(Event(EventKind.COMPLETED, tuple(causes), seat=seat))
    if c.starts_final_turns(completed_now, first):
        first = seat
        if events is not None:
            events.append(Event(EventKind.FINAL_TURNS, ("round.final-turns",), seat=seat))
    following = c.next_seat(seat, len(players))
    if c.round_is_over(following, first):
        return _end_round(state, players, draw_pile, discard_pile, events)
    if events is not None:
        causes_turn = ("turn.order", "round.final-turns") if first is not None else ("turn.order",)
        events.append(Event(EventKind.TURN_STARTED, causes_turn, seat=following))
    # Positional arguments (GameState's field order: rules, phase, round, turn, players, draw_pile,
    # discard_pile, hand, first_completer): this runs once per turn, keywords cost a third more.
    return GameState(
        state.rules, Phase.DRAW, state.round, following, players, draw_pile, discard_pile, None, first
    )


def _end_round(
    state: GameState,
    players: tuple[Player, ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    events: _Events,
) -> GameState:
    rows = [p.row for p in players]
    causes = ["round.final-turns"]
    if state.rules.reveal_at_round_end:
        rows = [c.reveal_if_lucky(row) for row in rows]
        causes.append("variant.reveal-at-round-end")
        players = tuple(Player(p.length, row) for p, row in zip(players, rows, strict=True))
    done = c.completers(rows)
    if events is not None:
        events.append(Event(EventKind.ROUND_ENDED, tuple(causes), seats=done))
    lengths = [p.length for p in players]
    won = c.winners(lengths, done)
    if won:
        if events is not None:
            events.append(Event(EventKind.GAME_WON, ("game.end", "game.returns"), seats=won))
        return GameState(
            rules=state.rules,
            phase=Phase.OVER,
            round=state.round,
            turn=state.turn,
            players=players,
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            first_completer=state.first_completer,
            winners=won,
        )
    next_round = state.round + 1
    return GameState(
        rules=state.rules,
        phase=Phase.DEAL,
        round=next_round,
        turn=c.starting_seat(next_round, state.num_players),
        players=tuple(Player(length, EMPTY_ROW) for length in c.next_lengths(lengths, done)),
        draw_pile=state.rules.deck,
    )
