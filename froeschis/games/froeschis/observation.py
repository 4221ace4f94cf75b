"""What one seat can see: the state with face-down cards and the draw pile's order hidden."""

from __future__ import annotations

import attrs

from froeschis.games.froeschis.actions import Action
from froeschis.games.froeschis.cards import Card
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.state import Phase


@attrs.frozen
class Observation:
    """A seat's view of a state.

    ``rows[s][i]`` is the card on spot ``i + 1`` of seat ``s``'s row, or ``None`` while it is face
    down (also for the observer's own row: nobody may look at their face-down cards). The draw pile
    is only a count. The discard pile is shown whole: every card on it was seen when discarded.
    The card in hand is public, as every placement is made in the open.
    """

    seat: int
    phase: Phase
    round: int
    turn: int
    lengths: tuple[int, ...]
    rows: tuple[tuple[Card | None, ...], ...]
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    hand: Card | None
    first_completer: int | None
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    """The observer's own legal actions (empty when it is not their decision)."""


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` sees of ``state``."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
    deciding = state.current_player == seat and state.phase is not Phase.OVER
    return Observation(
        seat=seat,
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        lengths=tuple([p.length for p in state.players]),
        rows=tuple([tuple([s.card if s.face_up else None for s in p.row.spots]) for p in state.players]),
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        hand=state.hand,
        first_completer=state.first_completer,
        winners=state.winners,
        legal_actions=state.legal_actions() if deciding else (),
    )
