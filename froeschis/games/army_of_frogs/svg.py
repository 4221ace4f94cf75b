"""SVG pictures of an island: plain strings, one complete ``<svg>`` element each, no dependencies.

Each stone is a pointy-top hexagon at its cell (board.hex-grid's layout), filled with its colour's
paint; ``coordinates=True`` writes each cell's ``q,r`` on it and outlines the empty cells next to
the island, and ``marks`` outlines given cells (a move's start and end, say) in a highlight. The
pictures use no ids, so any number of them can share one page.

>>> from froeschis.games.army_of_frogs.hexes import Island
>>> picture = island_svg(Island({(0, 0): 1, (1, 0): 0}))
>>> picture.startswith("<svg") and picture.count("<polygon") == 2
True
"""

from __future__ import annotations

import math
from collections.abc import Collection
from html import escape

from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import Cell, Island
from froeschis.games.army_of_frogs.setup import directions

PAINT = ("#d62728", "#1f77b4", "#2ca02c", "#e6b400")
"""The paint of colours 0 to 3 (red, blue, green, yellow: colour names are not rules)."""
EMPTY = "#f5f5f5"
HIGHLIGHT = "#ff9800"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _centre(cell: Cell, size: float) -> tuple[float, float]:
    q, r = cell
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def _hexagon(cell: Cell, size: float, fill: str, stroke: str, width: float) -> str:
    x, y = _centre(cell, size)
    angles = [math.radians(60 * k - 30) for k in range(6)]
    corners = " ".join(f"{x + size * math.cos(a):.2f},{y + size * math.sin(a):.2f}" for a in angles)
    return f'<polygon points="{corners}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'


def island_svg(
    island: Island, coordinates: bool = False, marks: Collection[Cell] = (), size: float = 24.0
) -> str:
    """The island as an SVG picture (the empty island: its centre, outlined)."""
    around = {(q + dq, r + dr) for q, r in island for dq, dr in directions()} - set(island)
    empty = (around if coordinates else set()) | ({(0, 0)} if not island else set())
    cells = set(island) | empty | set(marks)
    xs = [_centre(cell, size)[0] for cell in cells]
    ys = [_centre(cell, size)[1] for cell in cells]
    margin = size * 1.2
    left, top = min(xs) - margin, min(ys) - margin
    width, height = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{left:.2f} {top:.2f} {width:.2f} {height:.2f}">'
    ]
    for cell in sorted(empty - set(island)):
        parts.append(_hexagon(cell, size, EMPTY, "#bdbdbd", 1))
    for cell, colour in island.sorted_stones():
        parts.append(_hexagon(cell, size, PAINT[colour], "#212121", 1.5))
    for cell in sorted(marks):
        x, y = _centre(cell, size)
        parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{size * 0.55:.2f}" fill="none" '
                     f'stroke="{HIGHLIGHT}" stroke-width="3"/>')  # fmt: skip
    if coordinates:
        for cell in sorted(cells):
            x, y = _centre(cell, size)
            ink = "#ffffff" if cell in island else "#616161"
            parts.append(
                f'<text x="{x:.2f}" y="{y + size * 0.15:.2f}" font-family="{FONT}" '
                f'font-size="{size * 0.42:.1f}" text-anchor="middle" fill="{ink}">'
                f"{escape(f'{cell[0]},{cell[1]}')}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def state_svg(state: ArmyState, coordinates: bool = False) -> str:
    """The island of ``state`` (the hands and the clock are
    :func:`~froeschis.games.army_of_frogs.render.render`'s)."""
    return island_svg(state.island, coordinates)
