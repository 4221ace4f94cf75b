"""Boundary scenarios: games that put each number of a game's catalogue on both sides of its edge.

An engine that misreads "61 or more wins" as "62 or more" differs from the reference only in a deal
counted at exactly 61; random and biased play reach such a count seldom, so the misreading can pass
eighty games unseen. Every number a clause's statement compares a quantity with (a count, a stake, a
string of three, seven linked stones, a row length) is a boundary: a game declares each one as a
:class:`Boundary` (the clause, the number as its statement gives it, and how to measure the quantity
compared with it at the moment the clause decides), and :func:`boundary_scenarios` plays seeded
games until each declared value (the number and the numbers beside it) has been reached, each kept
as a :class:`~froeschis.framework.checks.Scenario` cut just after the step that reached it. The
numbers of a statement that are no threshold (a deck's composition, a coordinate of an example) are
waived by name with a reason (:class:`Waiver`), so that a new number in a catalogue is decided on.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from froeschis.framework.checks import Scenario
from froeschis.framework.game import Policy
from froeschis.framework.loop import Until, drive

if TYPE_CHECKING:
    from froeschis.framework.catalogue import Catalogue

Measure = Callable[[Any, Any], int | None]
"""``(before, after)``, two states a step apart -> the quantity a clause compares with its number at
that step, or None where the clause decides nothing there. Read from the states alone (the search
applies actions without making their events, twice as fast)."""


@attrs.frozen
class Boundary:
    """A number of a clause's statement that a quantity of play is compared with, and where to look.

    ``sides`` are the offsets from ``threshold`` that games must reach: ``(-1, 0, 1)`` for a count
    of 59, 60 and 61; ``(0, 1)`` for a row of 7 given a 7 and an 8. Where a legal game can reach
    only one side (a forbidden string of three is never on an island reached in play), ``sides``
    holds that one and ``one_sided`` says why the other needs no game.
    """

    clause: str
    threshold: int
    """The number as the clause's statement gives it."""
    what: str
    """The quantity measured, in words ("the bidder's count when a deal is counted")."""
    measure: Measure
    sides: tuple[int, ...] = (-1, 0, 1)
    rules: Any = None
    """The rules the games are played by (None: the published ones): a variant's number needs it."""
    players: int | None = None
    """How many play (None: the game's scenario plays say)."""
    one_sided: str = ""

    def values(self) -> tuple[int, ...]:
        """The measured values to reach, one game each."""
        return tuple(self.threshold + side for side in self.sides)

    def label(self, value: int) -> str:
        """The scenario's name for the game that reached ``value``."""
        return f"boundary-{self.clause}-{self.threshold}-at-{value}"


@attrs.frozen
class Waiver:
    """Numbers of a clause's statement that are no threshold, and why (a composition, an example's
    coordinates, a refused setup the kit plays otherwise)."""

    clause: str
    numbers: tuple[int, ...]
    reason: str


@attrs.frozen
class Plays:
    """How a game's seeded games are played for the search: the players seated in turn, a match's
    cut, and what an engine must declare to be given a game of some rules."""

    new_game: Callable[[int, Any], Any]
    sample_chance: Callable[[Any, random.Random], Any]
    seatings: tuple[tuple[Callable[[Any], Policy], ...], ...]
    """Each a seat's bot makers (seat ``s`` plays the ``s mod len``-th): game ``k`` uses seating
    ``k mod len(seatings)``."""
    players: tuple[int, ...]
    """The player counts played in turn (a boundary that says how many overrides them)."""
    needs: Callable[[Any], frozenset[str]]
    published: Any
    """The rules value of the published game (a boundary without rules of its own is played by it)."""
    max_actions: int = 2000


BUDGET = 300
"""How many seeded games the search plays at most for one rules value and player count (a Frog deal
counted at exactly 61 comes about once in a hundred deals, three deals a match)."""

NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "hundred": 100,
}  # fmt: skip
"""The number words a statement may write its numbers in. "one" is left out: in a statement it is
an article or a pronoun far more often than a number ("one island", "no one")."""

_NUMBER = re.compile(r"\d+|\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)


def statement_numbers(statement: str) -> tuple[int, ...]:
    """Every distinct number a statement writes, in digits or in words, ascending (``-1`` and
    ``10n`` give 1 and 10)."""
    found = {int(t) if t.isdigit() else NUMBER_WORDS[t.lower()] for t in _NUMBER.findall(statement)}
    return tuple(sorted(found))


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


def undecided(catalogue: Catalogue, boundaries: Sequence[Boundary], waivers: Sequence[Waiver]) -> list[str]:
    """What a game has not decided about the numbers of its catalogue: each number of an in-force
    clause's statement that no boundary declares (as its threshold or one of its values) and no
    waiver names; and each boundary or waiver that names a clause not in force or a number its
    statement does not write (a stale declaration). Empty: every number decided."""
    statements = {clause.id: clause.statement for clause in catalogue.in_force()}
    declared: dict[str, set[int]] = {clause: set() for clause in statements}
    problems: list[str] = []
    for boundary in boundaries:
        declared.setdefault(boundary.clause, set()).update((boundary.threshold, *boundary.values()))
        if len(boundary.sides) < 2 and not boundary.one_sided:
            problems.append(f"{boundary.clause}: {boundary.threshold} has one side and no reason why")
    for waiver in waivers:
        declared.setdefault(waiver.clause, set()).update(waiver.numbers)
        if not waiver.reason:
            problems.append(f"{waiver.clause}: the waiver of {waiver.numbers} gives no reason")
    for clause, numbers in declared.items():
        if clause not in statements:
            problems.append(f"{clause}: declared, but no clause in force has this ID")
            continue
        written = set(statement_numbers(statements[clause]))
        for number in sorted(numbers - written - _beside(boundaries, clause)):
            problems.append(f"{clause}: {number} is declared, but the statement does not write it")
        for number in sorted(written - numbers):
            problems.append(f"{clause}: {number} is neither a boundary nor waived")
    return problems


def _beside(boundaries: Sequence[Boundary], clause: str) -> set[int]:
    """The values a clause's boundaries reach beside their thresholds (which the statement need not
    write: 62 beside 61)."""
    return {value for b in boundaries if b.clause == clause for value in b.values() if value != b.threshold}
