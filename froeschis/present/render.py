"""Plain-text pictures of states, for the terminal and ``str(state)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from froeschis.core.state import GameState


def render_text(state: GameState) -> str:
    """A few lines: round, phase, piles, and every row (face-down cards shown as ``?``)."""
    top = state.discard_pile[0] if state.discard_pile else "-"
    lines = [
        f"round {state.round}, {state.phase.value}, seat {state.turn} to play"
        + (f", hand {state.hand}" if state.hand is not None else ""),
        f"draw pile {len(state.draw_pile)}, discard top {top} ({len(state.discard_pile)})",
    ]
    for seat, player in enumerate(state.players):
        marker = ">" if seat == state.turn and not state.is_terminal else " "
        row = str(player.row) if len(player.row) else f"(to be dealt: {player.length} spots)"
        lines.append(f"{marker} seat {seat}: {row}")
    if state.winners:
        lines.append("winners: " + ", ".join(f"seat {w}" for w in state.winners))
    return "\n".join(lines)
