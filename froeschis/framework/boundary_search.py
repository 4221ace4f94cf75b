"""The boundaries' search: seeded games played until each value a :class:`Boundary` declares is
reached, each kept as a :class:`~froeschis.framework.checks.Scenario` cut just after the step
that reached it.

Apart from the declarations (:mod:`froeschis.framework.boundaries`), which the checks a game
declares name: this module plays games, so it imports the game loop, and nothing that the game
loop imports may import it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs

from froeschis.framework.boundaries import Boundary, Measure, Plays
from froeschis.framework.checks import Scenario
from froeschis.framework.loop import Until, drive

BUDGET = 300
"""How many seeded games the search plays at most for one rules value and player count (a Frog deal
counted at exactly 61 comes about once in a hundred deals, three deals a match)."""


def _measured(
    measure: Measure, wanted: set[int], remaining: set[int]
) -> tuple[dict[int, int], Callable[[Any, int], bool]]:
    """A game's ``until`` that measures every step as the game goes on (asked with each state and how
    many actions led to it) and records the first step (counted from 1) each wanted value is
    measured at, in the dict it returns; it stops the game once every value still ``remaining``
    is reached."""
    previous: list[Any] = []
    hits: dict[int, int] = {}

    def until(state: Any, played: int) -> bool:
        if previous:
            value = measure(previous[0], state)
            if value in wanted and value not in hits:
                hits[value] = played
        previous[:] = [state]
        return remaining <= hits.keys()

    return hits, until


def _play(
    plays: Plays, rules: Any, players: int, k: int, seed: int, measured: tuple[dict[int, int], Until]
) -> tuple[dict[int, int], list[Any]]:
    """The ``k``-th game of the search, measured as it goes: the values it reached, by step, and
    its actions."""
    hits, until = measured
    rng = random.Random(seed)
    seating = plays.seatings[k % len(plays.seatings)]
    policies = tuple(seating[seat % len(seating)](rules) for seat in range(players))
    last, actions = drive(
        plays.new_game(players, rules),
        policies,
        (rng,) * players,
        lambda state: plays.sample_chance(state, rng),
        until=lambda state, played: until(state, played) or played >= plays.max_actions,
    )
    if last.is_terminal:  # the last step, which no ``until`` is asked after
        until(last, len(actions))
    return hits, actions


Reached = tuple[tuple[int, int, tuple[Any, ...]], ...]
"""Each value reached: the value, the players and the game's actions up to the step that reached it."""


@functools.cache
def _reached(
    plays: Plays, measure: Measure, values: tuple[int, ...], rules: Any, players: int | None, seed: int
) -> Reached:
    """The first game from ``seed`` on (of :data:`BUDGET`) that reaches each of ``values``, cut just
    after the step that reached it. Cached by what is measured, so that boundaries measuring alike
    (count.result and settle.difference) search once."""
    counts = (players,) if players is not None else plays.players
    found: dict[int, tuple[int, tuple[Any, ...]]] = {}
    for k in range(BUDGET):
        remaining = set(values) - found.keys()
        if not remaining:
            break
        count = counts[k % len(counts)]
        hits, actions = _play(plays, rules, count, k, seed + k, _measured(measure, set(values), remaining))
        if hits.keys() - found.keys():  # a game that reached a new value stands for all it reached
            found.update({value: (count, tuple(actions[:step])) for value, step in hits.items()})
    return tuple((value, *found[value]) for value in values if value in found)


def search(plays: Plays, boundary: Boundary, seed: int) -> tuple[Scenario, ...]:
    """The boundary's games: for each of its values, in order, the first game from ``seed`` on that
    reached it, cut just after that step (none for a value the budget ran out before)."""
    rules = plays.published if boundary.rules is None else boundary.rules
    reached = _reached(plays, boundary.measure, boundary.values(), rules, boundary.players, seed)
    return tuple(
        Scenario(
            boundary.label(value),
            f"{boundary.what} at {value} ({boundary.clause}: {boundary.threshold})",
            players,
            rules,
            actions,
            "boundary",
            plays.needs(rules),
        )
        for value, players, actions in reached
    )


@functools.cache
def boundary_scenarios(plays: Plays, boundaries: tuple[Boundary, ...], seed: int) -> tuple[Scenario, ...]:
    """The boundary games of every boundary, searched from ``seed`` (the same seed, the same games;
    made once a process): each value a boundary declares, in its order, where the search reached
    it. A game found for several values (boundaries that measure alike find the same games; a game
    to the fiftieth round passes the forty-ninth) is played once, under the first name of its
    longest form."""
    found = [scenario for boundary in boundaries for scenario in search(plays, boundary, seed * 1000 + 700)]
    covers = [_cover(scenario, found) for scenario in found]
    return tuple(
        attrs.evolve(
            scenario, purpose="; ".join(found[k].purpose for k, c in enumerate(covers) if c == index)
        )
        for index, scenario in enumerate(found)
        if covers[index] == index
    )


def _cover(scenario: Scenario, found: list[Scenario]) -> int:
    """The index of the longest of the games found (the first of equals) that plays every step of
    ``scenario``, itself if none is longer: each step of a game is compared, so it is played once."""
    n, same = len(scenario.actions), (scenario.players, scenario.rules, scenario.actions)
    covering = [k for k, other in enumerate(found) if (other.players, other.rules, other.actions[:n]) == same]
    return max(covering, key=lambda k: (len(found[k].actions), -k))
