"""Army of Frogs' numbers for learning libraries (``GAME.encoding``): decision ids, the
bag's mixing one stone at a time, and a seat's observation as a vector.

The island has no board: its cells are any hexes, and moves let it wander. Cells are therefore
numbered relative to the island, on a window of ``W x W`` axial offsets from its least ``q`` and
least ``r`` (less one): every island of ``n`` linked stones spans at most ``n - 1`` in each axis, and
every add and every move ends next to a stone, so ``W`` = the stones in play + 2 holds every cell a
decision names. The ids: ``no-move`` 0, ``no-add`` 1, an add ``2 + colour * W² + cell``, a move
``2 + 4 W² + i * W² + cell`` for the ``i``-th stone of the island in its sorted order and the cell it
ends on. The ids depend on the state (as OpenSpiel allows), never on anything hidden: every stone
and hand is public.

The shuffle's outcome, an order of the bag's stones, is taken one stone at a time: each step's
outcome is a colour, as likely as its stones left in the bag make it, which gives every distinct
order its probability under a uniform mixing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from froeschis.framework.encoding import Encoding
from froeschis.framework.errors import IllegalActionError, InternalError, shown
from froeschis.games.army_of_frogs.actions import NO_ADD, NO_MOVE, Add, AnyAction, Move, Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import Cell
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules

COLOURS = 4
_PHASES = tuple(Phase)


def width(rules: Rules, players: int) -> int:
    """The side of the window of cells (see the module docstring)."""
    return players * rules.stones_per_colour + 2


def num_distinct_actions(rules: Rules, players: int) -> int:
    return 2 + (COLOURS + players * rules.stones_per_colour) * width(rules, players) ** 2


def _anchor(cells: Sequence[Cell]) -> Cell:
    if not cells:
        return (-1, -1)
    return (min(q for q, _ in cells) - 1, min(r for _, r in cells) - 1)


def _cell_id(cell: Cell, anchor: Cell, side: int) -> int:
    dq, dr = cell[0] - anchor[0], cell[1] - anchor[1]
    if not (0 <= dq < side and 0 <= dr < side):
        raise InternalError(f"cell {cell} lies beyond the encoding's window from {anchor}")
    return dq * side + dr


def action_id(state: ArmyState, action: AnyAction) -> int:
    """The id of a decision in ``state`` (see the module docstring)."""
    if action == NO_MOVE:
        return 0
    if action == NO_ADD:
        return 1
    side = width(state.rules, state.num_players)
    stones = [cell for cell, _ in state.island.sorted_stones()]
    anchor = _anchor(stones)
    if isinstance(action, Add):
        return 2 + action.colour * side * side + _cell_id(action.cell, anchor, side)
    if isinstance(action, Move):
        start = stones.index(action.start)
        return 2 + (COLOURS + start) * side * side + _cell_id(action.end, anchor, side)
    raise InternalError(f"no id for {action!r}")


def max_chance_outcomes(rules: Rules, players: int) -> int:
    return COLOURS


def chance_step(state: ArmyState, partial: Sequence[int]) -> list[tuple[int, float]]:
    """The colours the next stone drawn from the bag may have after ``partial``, each as likely as
    its stones left make it."""
    left = Counter(state.chance_pool())
    left.subtract(partial)
    total = sum(left.values())
    return [(colour, count / total) for colour, count in sorted(left.items()) if count]


def chance_action(state: ArmyState, partial: Sequence[int]) -> AnyAction | None:
    """The shuffle ``partial`` makes, once every stone of the bag is in it; None before. A colour the
    bag has no stone of left is refused (``setup.shuffle``'s slot)."""
    if partial[-1] not in dict(chance_step(state, partial[:-1])):
        reason = f"no stone of colour {shown(partial[-1])} is left in the bag"
        clause = state.rules.table.clause_of("shuffle")
        raise IllegalActionError(partial[-1], state.phase.value, clause, reason)
    return Shuffle(tuple(partial)) if len(partial) == len(state.chance_pool()) else None


def chance_ids(state: ArmyState, action: AnyAction) -> tuple[int, ...]:
    if not isinstance(action, Shuffle):
        raise InternalError(f"{action!r} is no chance outcome")
    return action.order


def observation_size(rules: Rules, players: int) -> int:
    return players * width(rules, players) ** 2 + players * COLOURS + COLOURS + len(_PHASES) + players + 2


def observation_tensor(view: Mapping[str, Any]) -> list[float]:
    """A seat's view as numbers, colours and seats counted from the viewer's: one plane of the
    window per colour in play, each hand's stones by colour, the bag by colour, the phase, the seat
    to play, the passes in a row and whether the move was made."""
    seat, players = view["seat"], view["players"]
    island = [(q, r, colour) for q, r, colour in view["island"]]
    side = (len(view["island"]) + sum(map(len, view["hands"])) + sum(view["bag"])) + 2
    out = [0.0] * (players * side * side + players * COLOURS + COLOURS + len(_PHASES) + players + 2)
    anchor = _anchor([(q, r) for q, r, _ in island])
    for q, r, colour in island:
        out[((colour - seat) % players) * side * side + _cell_id((q, r), anchor, side)] = 1.0
    at = players * side * side
    for offset in range(players):
        for colour in view["hands"][(seat + offset) % players]:
            out[at + offset * COLOURS + (colour - seat) % players] += 1.0
    at += players * COLOURS
    for colour, count in enumerate(view["bag"]):
        out[at + colour] = float(count)
    at += COLOURS
    out[at + _PHASES.index(Phase(view["phase"]))] = 1.0
    at += len(_PHASES)
    if view["phase"] != Phase.OVER.value:
        out[at + (view["to_play"] - seat) % players] = 1.0
    out[at + players] = float(view["passes"])
    out[at + players + 1] = 1.0 if view["acted"] else 0.0
    return out


def observation_bounds(rules: Rules, players: int) -> tuple[float, float]:
    """From 0 to the most any entry of :func:`observation_tensor` counts: a hand's or the bag's
    stones of one colour (at most the colour's stones, components.stones) or the passes in a row
    (fewer than the seats, or as many in the state that ends the game, end.no-action); every other
    entry is a flag."""
    return 0.0, float(max(rules.stones_per_colour, players))


ENCODING = Encoding(
    num_distinct_actions=num_distinct_actions,
    action_id=action_id,
    max_chance_outcomes=max_chance_outcomes,
    chance_step=chance_step,
    chance_action=chance_action,
    chance_ids=chance_ids,
    observation_size=observation_size,
    observation_tensor=observation_tensor,
    observation_bounds=observation_bounds,
)
"""The game's numbers, as the generic wrappers (:mod:`froeschis.interop.openspiel`, ...) read them."""
