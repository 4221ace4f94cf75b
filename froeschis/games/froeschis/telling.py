"""How ``froeschis explain`` tells a Fröschis game: its :class:`~froeschis.framework.telling.Telling`.

A shuffle is named for what it is in its phase (the deal of a round, or the reshuffle of the
discard pile into a new draw pile); after a deal every row is shown, face down as dealt; a finished
game ends after its rounds with its winners.
"""

from __future__ import annotations

from froeschis.framework.telling import Telling
from froeschis.games.froeschis.actions import AnyAction, Shuffle
from froeschis.games.froeschis.engine import GameState, Transition
from froeschis.games.froeschis.events import EventKind
from froeschis.games.froeschis.state import Phase


def action(state: GameState, played: AnyAction) -> str:
    """``deal: shuffle of 60 cards``, ``reshuffle: shuffle of 23 cards``, ``draw``, ``frog@3``."""
    if isinstance(played, Shuffle):
        what = "deal" if state.phase is Phase.DEAL else "reshuffle"
        return f"{what}: shuffle of {len(played.order)} cards"
    return str(played)


def rows_dealt(step: Transition) -> list[str]:
    """Every seat's row after a deal (``seat 0: [3] [6] ...``), nothing after any other step."""
    if not any(event.kind is EventKind.DEALT for event in step.events):
        return []
    final = step.after
    return [f"seat {seat}: {' '.join(map(str, final.row(seat).spots))}" for seat in range(final.num_players)]


def over(final: GameState) -> str:
    """``Game over after 12 rounds; winners: seat 0``."""
    winners = ", ".join(f"seat {w}" for w in final.winners)
    rounds = f"{final.round} round{'s' if final.round > 1 else ''}"
    return f"Game over after {rounds}; winners: {winners}"


TELLING = Telling(
    action=action,
    notes=rows_dealt,
    over=over,
    standing=lambda state: f"round {state.round}, {state.phase.value}",
)
"""Fröschis in ``explain``, for :attr:`froeschis.framework.game.Game.telling`."""
