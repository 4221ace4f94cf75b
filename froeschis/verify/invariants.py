"""Properties every state and every step must have, checked by the tests and the exhaustive walk.

These are the engine's promises stated independently of how it keeps them: all cards accounted
for, face-up cards on fitting spots, legal actions well formed and exactly the accepted ones,
bounded forced chains, rows that shrink only for completers, winners exactly the one-spot
completers, observations that hide what is face down. A violation raises :class:`InvariantError`.
"""

from __future__ import annotations

from collections import Counter

from froeschis.core.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, AnyAction, Shuffle, frog_at
from froeschis.core.cards import FROG, Card, Row
from froeschis.core.consistency import check_consistent
from froeschis.core.engine import GameState
from froeschis.core.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.core.events import Event, EventKind
from froeschis.core.observation import observe
from froeschis.core.state import Phase


class InvariantError(FroeschisError, AssertionError):
    """A state or step breaks one of the engine's invariants."""


def _all_face_up(row: Row) -> bool:
    return all(s.face_up for s in row.spots)


def _fits(card: Card, spot: int) -> bool:
    return card.code == spot or card == FROG


def check_state(state: GameState) -> None:
    """Cards conserved, rows and phase consistent, legal actions well formed.

    The card count and the face-up rule are checked here directly from the rule text, not through
    the clause functions the engine uses; ``check_consistent`` adds the phase-specific checks.
    """
    held = Counter(state.draw_pile) + Counter(state.discard_pile)
    if state.hand is not None:
        held[state.hand] += 1
    for player in state.players:
        held.update(s.card for s in player.row.spots)
        for number, spot in enumerate(player.row.spots, 1):
            if spot.face_up and not _fits(spot.card, number):
                raise InvariantError(f"{spot.card} lies face up on spot {number}")
    if held != Counter(state.rules.deck):
        raise InvariantError(f"cards lost or added: {held} is not the deck")
    try:
        check_consistent(state)
    except FormatError as error:
        raise InvariantError(f"inconsistent state: {error}") from None
    actions = state.legal_actions()
    deciding = not state.is_chance and not state.is_terminal
    if bool(actions) != deciding:
        raise InvariantError(f"legal actions {actions} at a {state.phase.value} node")
    if list(actions) != sorted(set(actions)):
        raise InvariantError(f"legal actions not sorted and unique: {actions}")


def candidate_actions(state: GameState) -> tuple[AnyAction, ...]:
    """Every player action that could be proposed here, legal or not (for rejection checks)."""
    longest = max((len(p.row) for p in state.players), default=0)
    frogs = tuple(frog_at(spot) for spot in range(1, longest + 2))
    return (DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP, *frogs, Shuffle(()))


def check_legality(state: GameState) -> None:
    """Each legal action applies; each other candidate is refused with IllegalActionError."""
    legal = set(state.legal_actions())
    for action in candidate_actions(state):
        if action in legal:
            state.apply(action)
            continue
        try:
            state.apply(action)
        except IllegalActionError:
            continue
        raise InvariantError(f"{action} was accepted but is not among the legal actions {sorted(legal)}")


def check_step(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """The step from ``before`` to ``after`` (with its events) keeps the transition invariants."""
    if not before.is_chance and before.phase is not Phase.OVER:
        hidden = len(before.row(before.turn).face_down_spots())
        placed = sum(e.kind is EventKind.PLACED for e in events)
        if placed > hidden:
            raise InvariantError(f"{placed} placements in one step with only {hidden} face-down spots")
    ended = [e for e in events if e.kind is EventKind.ROUND_ENDED]
    old = [p.length for p in before.players]
    new = [p.length for p in after.players]
    if not ended:
        if new != old:
            raise InvariantError(f"row lengths changed from {old} to {new} within a round")
        return
    if after.is_terminal:
        # The rows stay on the table at the end: the winners are read off them directly.
        one_spot = tuple(
            seat for seat, p in enumerate(after.players) if p.length == 1 and _all_face_up(p.row)
        )
        if not one_spot or after.winners != one_spot:
            raise InvariantError(f"winners {after.winners}, but one-spot completers {one_spot}")
        return
    # Only the acting seat's row changed in this step; every other seat's completion is known from
    # ``before`` (with the variant, a row whose face-down cards all fit counts too).
    lucky = before.rules.reveal_at_round_end
    for seat, player in enumerate(before.players):
        if seat == before.turn:
            allowed = {old[seat], old[seat] - 1}
        else:
            row = player.row
            done = _all_face_up(row) or (lucky and all(_fits(s.card, i) for i, s in enumerate(row.spots, 1)))
            allowed = {old[seat] - 1 if done else old[seat]}
        if new[seat] not in allowed or new[seat] < 1:
            raise InvariantError(
                f"seat {seat}: length {old[seat]} became {new[seat]}, expected {sorted(allowed)}"
            )
    if new == old:
        raise InvariantError("a round ended in which nobody completed a row")


def check_observations(state: GameState) -> None:
    """No seat's observation shows a face-down card or the draw pile's order."""
    for seat in range(state.num_players):
        seen = observe(state, seat)
        for shown_row, player in zip(seen.rows, state.players, strict=True):
            for shown, spot in zip(shown_row, player.row.spots, strict=True):
                if (shown is None) == spot.face_up or (shown is not None and shown != spot.card):
                    raise InvariantError(f"seat {seat} sees {shown} for {spot}")
        if seen.draw_pile_size != len(state.draw_pile):
            raise InvariantError("observation miscounts the draw pile")
