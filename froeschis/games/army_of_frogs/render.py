"""The state as text: a few lines of who is to play, the hands and the bag, and a picture of the island.

The picture is an offset hex layout: each row of cells (one r) is a line, shifted half a cell to the
east of the row above, as the axial grid is drawn pointy-top (board.hex-grid); a stone is its colour's
digit, an empty cell next to the island a dot. ``coordinates=True`` writes each cell's ``q,r`` beside
it, as the catalogue's pictures do.

>>> from froeschis.games.army_of_frogs.hexes import Island
>>> print(picture(Island({(0, 0): 1, (1, 0): 0, (0, 1): 1})))
   .   .   .
 .   1   0   .
   .   1   .
     .   .
"""

from __future__ import annotations

from froeschis.framework.telling import Drawn, Span, seat_style
from froeschis.games.army_of_frogs.actions import cell_text
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.events import Event, EventKind
from froeschis.games.army_of_frogs.hexes import Cell, Island
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.setup import directions

WIDTH = 4
"""Characters per cell on a line; a row is shifted by half of it."""


WIDTH_WITH_COORDINATES = 10


def _around(island: Island) -> set[Cell]:
    """The empty cells touching the island (the centre when it is empty)."""
    if not island:
        return {(0, 0)}
    return {(q + dq, r + dr) for q, r in island for dq, dr in directions()} - set(island)


def picture(island: Island, coordinates: bool = False) -> str:
    """The island in an offset hex layout, each empty cell next to it a dot."""
    cells = set(island) | _around(island)
    width = WIDTH_WITH_COORDINATES if coordinates else WIDTH
    x0 = min(width * q + width // 2 * r for q, r in cells)
    rows = sorted({r for _, r in cells})
    lines = []
    for row in rows:
        line = ""
        for q in sorted(q for q, r in cells if r == row):
            x = width * q + width // 2 * row - x0
            mark = str(island[(q, row)]) if (q, row) in island else "."
            text = f"{mark}({q},{row})" if coordinates else mark
            line = line.ljust(x + 1) + text
        lines.append((f"r={row:+d} " if coordinates else "") + line.rstrip())
    return "\n".join(lines)


BOARD_WIDTH = 6
"""Characters per cell in :func:`board`'s picture (a stone's digit and its q: ``2-12``)."""
LEGEND = "island: a row per r, a cell its stone (. empty) then q: 1-2 in r=+3 is a 1 on -2,3"
"""How to read :func:`board`'s picture, said above it."""


def _stone(colour: int) -> Span:
    return str(colour), seat_style(colour)


def board_picture(island: Island) -> list[Drawn]:
    """The island and the empty cells next to it in the offset hex layout, a line per row ``r``
    labelled ``r=-2``, each cell its stone (its colour's digit in that seat's colour, ``.`` for an
    empty cell) followed by its ``q``: every cell an action names (``add 1 -1,-2``, ``move 0,0 2,-2``)
    is found by its row and its ``q``."""
    cells = set(island) | _around(island)
    half = BOARD_WIDTH // 2
    x0 = min(BOARD_WIDTH * q + half * r for q, r in cells)
    rows = sorted({r for _, r in cells})
    label = max(len(f"r={row:+d}") for row in rows)
    lines: list[Drawn] = []
    for row in rows:
        pieces: list[Span] = [(f"{f'r={row:+d}':>{label}} ", "dim")]
        at = 0
        for q in sorted(q for q, r in cells if r == row):
            x = BOARD_WIDTH * q + half * row - x0
            mark = _stone(island[(q, row)]) if (q, row) in island else (".", "")
            pieces += [(" " * (x - at), ""), mark, (f"{q:+d}", "dim")]
            at = x + 1 + len(f"{q:+d}")
        lines.append(tuple(pieces))
    return lines


def board(state: ArmyState, seat: int | None = None) -> list[Drawn]:
    """The state drawn for a terminal (``play`` at every decision, ``watch`` after every turn):
    :func:`render`'s lines with every stone in its colour's seat colour, then :func:`board_picture`.
    Every stone and hand is public, so every seat sees it all."""
    lines: list[Drawn] = [((render(state).partition("\n")[0], "bold"),)]
    for player, hand in enumerate(state.hands):
        marker = ">" if player == state.seat and state.phase in (Phase.MOVE, Phase.ADD) else " "
        stones = [piece for colour in hand for piece in ((" ", ""), _stone(colour))] or [(" -", "")]
        lines.append(((f"{marker} ", ""), (f"seat {player}", seat_style(player)), (": hand", ""), *stones))
    lines.append(((_counts(state), ""),))
    lines.append(((LEGEND, "dim"),))
    return lines + board_picture(state.island)


def drawn_after(before: ArmyState, after: ArmyState, events: tuple[Event, ...]) -> bool:
    """A turn is over (the next seat's has started): ``watch`` draws the island every turn."""
    return any(event.kind is EventKind.TURN_STARTED for event in events) and before.phase is not Phase.SHUFFLE


def render(state: ArmyState, coordinates: bool = False) -> str:
    """A few lines: the turn and who acts, every hand (the seat to play marked ``>``), the bag's
    size, the winner once there is one, then the island."""
    phase = state.phase
    if phase is Phase.SHUFFLE:
        who = f"the bag is to be mixed, then seat {state.seat} starts"
    elif phase is Phase.OVER:
        who = f"game over, won by seat {state.winners[0]}" if state.winners else "game over, nobody won"
    else:
        who = f"seat {state.seat} (colour {state.colour}) to {phase.value}"
    lines = [f"turn {state.turn}, {who}" + (f", {state.passes} passed in a row" if state.passes else "")]
    for seat, hand in enumerate(state.hands):
        marker = ">" if seat == state.seat and phase in (Phase.MOVE, Phase.ADD) else " "
        lines.append(f"{marker} seat {seat}: hand {' '.join(map(str, hand)) or '-'}")
    lines.append(_counts(state))
    lines.append(picture(state.island, coordinates))
    return "\n".join(lines)


def describe(event: Event) -> str:
    """One event as a short sentence: ``seat 0 moved its stone from 0,0 to 0,-1``."""
    seat = f"seat {event.seat}"
    kind = event.kind
    if kind is EventKind.DEALT:
        return "the bag was mixed and every seat took two stones"
    if kind is EventKind.TURN_STARTED:
        return f"{seat}'s turn"
    if kind is EventKind.MOVED and event.start is not None and event.end is not None:
        where = f"from {cell_text(event.start)} to {cell_text(event.end)}"
        return f"{seat} moved the stone of colour {event.colour} {where}"
    if kind is EventKind.NO_MOVE:
        return f"{seat} made no move"
    if kind is EventKind.ADDED and event.end is not None:
        return f"{seat} added a stone of colour {event.colour} on {cell_text(event.end)}"
    if kind is EventKind.NO_ADD:
        return f"{seat} added no stone"
    if kind is EventKind.DREW:
        return f"{seat} drew a stone of colour {event.colour}"
    if kind is EventKind.WON:
        return "seat " + " and ".join(map(str, event.seats)) + " won: its stones are linked"
    return "the game ended without a winner"


def _counts(state: ArmyState) -> str:
    """How many stones the bag and the island hold: "bag: 1 stone; island: 0 stones"."""
    return f"bag: {_stones(len(state.bag))}; island: {_stones(len(state.island))}"


def _stones(count: int) -> str:
    return f"{count} stone" if count == 1 else f"{count} stones"
