"""The numbers of Army of Frogs' catalogue that play is compared with
(:mod:`froeschis.framework.boundaries`): seven linked stones, a string of three, the fifty rounds;
and those that are no threshold, waived with a reason. ``froeschis conform --game army-of-frogs``
plays a game reaching each side of each one."""

from __future__ import annotations

from typing import Any

from froeschis.framework.boundaries import Boundary, Waiver

NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""board.hex-grid's six directions, as its statement gives them (the measures count on them, not
on the engine's table)."""


def _touching(island: Any, cell: tuple[int, int]) -> list[tuple[int, int]]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in NEIGHBOURS if (q + dq, r + dr) in island]


def _linked_count(island: Any, colour: int) -> int | None:
    """How many stones of ``colour`` are on the island when they all form one group (None when they
    are in several, or there are none)."""
    own = {cell for cell, c in island.items() if c == colour}
    if not own:
        return None
    start = next(iter(own))
    seen, frontier = {start}, [start]
    while frontier:
        for other in _touching(island, frontier.pop()):
            if other in own and other not in seen:
                seen.add(other)
                frontier.append(other)
    return len(own) if len(seen) == len(own) else None


def largest_linked(before: Any, after: Any) -> int | None:
    """The most stones of one colour on the island that all form one group, after a move or an add
    (the goal's count, goal.linked: seven)."""
    if after.island == before.island:
        return None
    counts = [_linked_count(after.island, colour) for colour in range(after.num_players)]
    found = [count for count in counts if count is not None]
    return max(found, default=None)


def longest_hanging_string(before: Any, after: Any) -> int | None:
    """The longest string ending in a single frog on the island after a move or an add: walked from
    each stone with one connection through the stones with two (string.length: three is forbidden,
    so play reaches two)."""
    island = after.island
    if island == before.island:
        return None
    longest = None
    for cell in island:
        if len(_touching(island, cell)) != 1:
            continue
        previous, current, length = cell, _touching(island, cell)[0], 1
        while len(around := _touching(island, current)) == 2:
            previous, current = current, around[1] if around[0] == previous else around[0]
            length += 1
        longest = max(length, longest or 0)
    return longest


def rounds_ended(before: Any, after: Any) -> int | None:
    """How many whole rounds have been played when a turn that ends a round ends (end.turn-limit:
    the game ends after the fiftieth)."""
    if before.is_chance or (after.turn == before.turn and not after.is_terminal):
        return None
    turn, players = before.turn, after.num_players
    return turn // players if turn % players == 0 else None


BOUNDARIES = (
    Boundary("goal.linked", 7, "the most stones of one colour linked in one group", largest_linked, (-1, 0)),
    Boundary(
        "string.length", 3, "the longest string ending in a single frog", longest_hanging_string, (-1,),
        one_sided=(
            "no island reached in play has a string of three (string.checked): a state with a string "
            "of two offers the add or move that would make three, and the kit compares the legal "
            "actions there, which an engine allowing three lists"
        ),
    ),
    Boundary(
        "end.turn-limit", 50, "the rounds played when a round ends", rounds_ended, (-1, 0), players=2
    ),
)  # fmt: skip
"""Six and seven linked (no goal, the goal), a string of two (the longest allowed), the end of the
49th round and of the 50th."""
_SEATS = "seat numbers and the next seat"
_EXAMPLE = "the cells and lengths of the statement's example, played by the golden playthroughs"
WAIVERS = (
    Waiver("components.stones", (0, 2, 3, 4, 10, 40), "the stones' composition and colours"),
    Waiver("players.count", (0, 1, 2, 3, 4), "the seats; other counts are refused setups (refused_setups)"),
    Waiver("setup.bag", (0, 1, 10, 20, 30, 40), "the bag's composition by the number of players"),
    Waiver("setup.shuffle", (10,), "the bag's size and the chance of an order"),
    Waiver("setup.hands", (0, 1, 2, 10), "the positions of the hands in the bag's order"),
    Waiver("board.hex-grid", (0, 1, 2, 6), "the directions and coordinates of the grid"),
    Waiver("island.graph", (0, 2, 3, 6), "the definitions of a degree and a loop"),
    Waiver("turn.first-seat", (0,), _SEATS),
    Waiver("turn.order", (0, 1), _SEATS),
    Waiver("turn.first-placement", (0, 1), "the first cell and seat"),
    Waiver("turn.parts", (3,), "the parts of a turn, every turn"),
    Waiver("move.jump", (1, 2), "the cells along a jump's row"),
    Waiver("move.multi-jump", (6,), "the directions"),
    Waiver("draw.replace", (2,), "the hand's size, in every state's hands"),
    Waiver("island.one", (0, 1, 2, 3, 7), _EXAMPLE),
    Waiver("variant.one-island-each-jump", (0,), _EXAMPLE),
    Waiver("string.single-connection", (0, 1, 2, 4, 5, 6), _EXAMPLE),
    Waiver("string.definition", (0, 1, 2, 3, 4), _EXAMPLE),
    Waiver("string.single-frog-end", (0, 1, 2, 3, 4, 5), _EXAMPLE),
    Waiver(
        "string.length", (0, 1, 4),
        "the example's cells, and the path of four stones: a string of three, the boundary declared",
    ),
    Waiver("string.checked", (0, 1, 2, 3, 5), _EXAMPLE),
    Waiver("goal.linked", (2,), "two stones of one colour touching: the definition of a connection"),
    Waiver("variant.repetition-draw", (2,), "two islands compared, not a count"),
    Waiver("game.returns", (0, 1), "the returns' values"),
)  # fmt: skip
"""Army of Frogs' numbers that are no threshold."""
