"""An independent, naive statement of Army of Frogs' legal actions, for checking the engine.

Written from the catalogue's statements with none of the engine's code or shortcuts: the grid's six
directions, the one island rule as a search over the whole island after the move, the string rule by
its definition over the whole island (a string is a path whose connections are single, whose inner
stones have two connections and whose ends have one or three or more; a connection is single when
removing it disconnects its stones), the moves by a search over every landing. It is slow (every
candidate judges the whole island) and only for the published rules (``optional_move`` aside).
"""

from __future__ import annotations

from collections.abc import Mapping

Cell = tuple[int, int]
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def touching(stones: Mapping[Cell, int], cell: Cell) -> list[Cell]:
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in DIRECTIONS if (cell[0] + dq, cell[1] + dr) in stones]


def connected(cells: set[Cell], cut: frozenset[Cell] = frozenset()) -> bool:
    """Whether the stones on ``cells`` form one island (without the connection ``cut``, if given)."""
    if not cells:
        return True
    first = next(iter(cells))
    seen, todo = {first}, [first]
    while todo:
        cell = todo.pop()
        for dq, dr in DIRECTIONS:
            other = (cell[0] + dq, cell[1] + dr)
            if other in cells and other not in seen and frozenset((cell, other)) != cut:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def single(stones: Mapping[Cell, int], a: Cell, b: Cell) -> bool:
    """A connection is single when the island without it falls apart."""
    return not connected(set(stones), frozenset((a, b)))


def forbidden(stones: Mapping[Cell, int]) -> bool:
    """Whether some string ending in a single frog has three or more single connections."""
    degree = {cell: len(touching(stones, cell)) for cell in stones}
    for end in stones:
        if degree[end] != 1:
            continue
        path = [end, touching(stones, end)[0]]
        while degree[path[-1]] == 2:
            following = [c for c in touching(stones, path[-1]) if c != path[-2]]
            if following[0] in path:
                break
            path.append(following[0])
        if (
            len(path) - 1 >= 3
            and degree[path[-1]] != 2
            and all(single(stones, path[i], path[i + 1]) for i in range(len(path) - 1))
        ):
            return True
    return False


def reachable(stones: Mapping[Cell, int], start: Cell) -> set[Cell]:
    """Every cell one or more jumps take the stone on ``start`` to (its own cell empty meanwhile)."""
    occupied = set(stones) - {start}
    seen: set[Cell] = set()
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in DIRECTIONS:
            cell = (q + dq, r + dr)
            if cell not in occupied:
                continue
            while cell in occupied:
                cell = (cell[0] + dq, cell[1] + dr)
            if cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen - {start}


def legal_moves(stones: Mapping[Cell, int], colour: int) -> list[str]:
    found = []
    for start in sorted(c for c, k in stones.items() if k == colour):
        for end in sorted(reachable(stones, start)):
            after = {c: k for c, k in stones.items() if c != start}
            after[end] = colour
            if connected(set(after)) and not forbidden(after):
                found.append(f"move {start[0]},{start[1]} {end[0]},{end[1]}")
    return found


def legal_adds(stones: Mapping[Cell, int], hand: tuple[int, ...], colour: int) -> list[str]:
    if stones:
        places = {(q + dq, r + dr) for q, r in stones for dq, dr in DIRECTIONS} - set(stones)
    else:
        places = {(0, 0)}
    found = []
    for stone in sorted(set(hand)):
        for cell in sorted(places):
            if stone == colour and any(stones[c] == colour for c in touching(stones, cell)):
                continue
            after = {**stones, cell: stone}
            if not forbidden(after):
                found.append(f"add {stone} {cell[0]},{cell[1]}")
    return found


def legal(
    stones: Mapping[Cell, int], phase: str, hand: tuple[int, ...], colour: int, optional: bool
) -> list[str]:
    """The legal actions' texts in a move or add part, in the engine's order."""
    if phase == "move":
        moves = legal_moves(stones, colour)
        return moves + ["no-move"] if (optional or not moves) else moves
    return legal_adds(stones, hand, colour) or ["no-add"]
