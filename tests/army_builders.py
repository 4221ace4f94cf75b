"""Hand-built Army of Frogs states for the tests, written the way the README draws them.

``stones("0,0:1 1,0:0")`` is an island; :func:`build` makes a whole state around it: the hands given,
the bag filled with the rest of the game's stones (ascending, unless an order is given), the turn's
seat by the turn order. Every state built is checked to be one a game could reach
(:func:`~froeschis.games.army_of_frogs.invariants.check_consistent`), so a test never starts from an
island the rules rule out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
from hypothesis import strategies as st

from froeschis.games.army_of_frogs.actions import Add, parse_action
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game, play
from froeschis.games.army_of_frogs.hexes import Cell, Island
from froeschis.games.army_of_frogs.invariants import check_consistent
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.rules import Rules

README = {
    "forbidden-add": "0,0:1 1,0:1 0,1:1 2,0:1 3,0:1",
    "red-frog": "-1,1:0 0,-2:1 0,-1:1 0,0:1 0,1:1 0,2:1",
    "loop": "0,-1:1 1,-1:1 -1,0:1 1,0:1 -1,1:1 0,1:1",
    "two-groups": "0,0:1 1,0:1 0,1:1 2,0:1 3,0:1 4,0:1 5,0:1 4,1:1",
    "branching": "0,0:1 1,0:1 0,1:1 2,0:1 3,0:1 4,-1:1 3,1:1",
    "only-link": "-1,0:1 0,0:0 1,-2:1 1,-1:1 1,0:1 2,-2:1 2,-1:1 3,-2:1",
}
"""The islands of spec/army-of-frogs/README.md's pictures (colour 1 for ``o``, colour 0 for ``R``)."""


def stones(text: str) -> Island:
    """An island written as ``q,r:colour`` words (``""``: empty)."""
    found: dict[Cell, int] = {}
    for word in text.split():
        cell, colour = word.split(":")
        q, r = cell.split(",")
        found[(int(q), int(r))] = int(colour)
    return Island(found)


def cells(text: str) -> set[Cell]:
    """Cells written as ``q,r`` words."""
    return {(int(q), int(r)) for q, r in (word.split(",") for word in text.split())}


def build(
    island: Island | str,
    hands: tuple[tuple[int, ...], ...] = ((0, 1), (0, 0)),
    turn: int = 9,
    phase: Phase = Phase.MOVE,
    rules: Rules | None = None,
    bag: tuple[int, ...] | None = None,
    passes: int = 0,
    acted: bool = False,
) -> ArmyState:
    """A valid state: ``island`` and ``hands``, the bag the rest of the stones (ascending) or ``bag``,
    turn ``turn`` and its seat, waiting for ``phase``."""
    rules = Rules() if rules is None else rules
    island = stones(island) if isinstance(island, str) else island
    players = len(hands)
    hands = tuple(tuple(sorted(hand)) for hand in hands)
    if bag is None:
        left = Counter({c: rules.stones_per_colour for c in range(players)})
        left.subtract(island.values())
        for hand in hands:
            left.subtract(hand)
        bag = tuple(sorted(left.elements()))
    seat = (turn - 1) % players
    state = ArmyState(rules, phase, turn, seat, island, hands, bag, passes, acted)
    check_consistent(state)
    return state


def played(state: ArmyState, *actions: str) -> ArmyState:
    """``state`` after the actions written in their text form."""
    for text in actions:
        state = state.apply(parse_action(text))
    return state


def texts(actions: tuple[object, ...]) -> list[str]:
    return [str(action) for action in actions]


def added_on(actions: tuple[object, ...], colour: int | None = None) -> set[Cell]:
    """The cells of the adds among ``actions`` (of ``colour`` only, if given)."""
    return {a.cell for a in actions if isinstance(a, Add) and colour in (None, a.colour)}


TINY_SIZES = {"stones_per_colour": 3, "link_at": 3, "rounds": 6}
"""A tiny configuration for generated games: three stones of each colour, a goal of three, six rounds."""


def rules_with(options: dict[str, bool], tiny: bool = False) -> Rules:
    """The rules with these variant options, in the tiny configuration if ``tiny``."""
    changes: dict[str, Any] = {**options, **(TINY_SIZES if tiny else {})}
    return attrs.evolve(Rules(), **changes)


@st.composite
def positions(draw: st.DrawFn, variants: bool = True, tiny: bool = True, most: int = 60) -> ArmyState:
    """A position of a random game: 2-4 players, any variants (unless ``variants`` is false), the
    published stones or a tiny configuration (unless ``tiny`` is false), up to ``most`` actions."""
    options = {option: draw(st.booleans()) for option in VARIANT_OPTIONS} if variants else {}
    rules = rules_with(options, tiny and draw(st.booleans()))
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = new_game(draw(st.integers(2, 4)), rules)
    for _ in range(draw(st.integers(0, most))):
        if state.is_terminal:
            break
        state = play(
            state, sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    return state
