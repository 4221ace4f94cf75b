"""Properties every state and every step must have, checked by the tests and the exhaustive walk.

These are the engine's promises stated independently of how it keeps them: all cards accounted
for, face-up cards on fitting spots, legal actions well formed and exactly the accepted ones,
bounded forced chains, rows that shrink only for completers, winners exactly the one-spot
completers, observations that hide what is face down. A violation raises :class:`InvariantError`.
"""

from __future__ import annotations

from froeschis.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, AnyAction, Shuffle, frog_at
from froeschis.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.events import Event, EventKind
from froeschis.observation import observe
from froeschis.serialize import check_consistent
from froeschis.state import GameState, Phase


class InvariantError(FroeschisError, AssertionError):
    """A state or step breaks one of the engine's invariants."""


def check_state(state: GameState) -> None:
    """Cards conserved, rows and phase consistent, legal actions well formed."""
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
    done = set(ended[0].seats)
    if after.is_terminal:
        one_spot = tuple(seat for seat in sorted(done) if old[seat] == 1)
        if not one_spot or after.winners != one_spot:
            raise InvariantError(f"winners {after.winners}, but one-spot completers {one_spot}")
        return
    expected = [length - 1 if seat in done else length for seat, length in enumerate(old)]
    if new != expected or any(length < 1 for length in new):
        raise InvariantError(f"lengths {old} became {new}; completers {sorted(done)} should give {expected}")


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
