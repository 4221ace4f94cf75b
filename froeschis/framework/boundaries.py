"""Boundary scenarios: games that put each number of a game's catalogue on both sides of its edge.

An engine that misreads "61 or more wins" as "62 or more" differs from the reference only in a deal
counted at exactly 61; random and biased play reach such a count seldom, so the misreading can pass
eighty games unseen. Every number a clause's statement compares a quantity with (a count, a stake, a
string of three, seven linked stones, a row length) is a boundary: a game declares each one as a
:class:`Boundary` (the clause, the number as its statement gives it, and how to measure the quantity
compared with it at the moment the clause decides), and
:func:`~froeschis.framework.boundary_search.boundary_scenarios` plays seeded
games until each declared value (the number and the numbers beside it) has been reached, each kept
as a :class:`~froeschis.framework.checks.Scenario` cut just after the step that reached it. The
numbers of a statement that are no threshold (a deck's composition, a coordinate of an example) are
waived by name with a reason (:class:`Waiver`), so that a new number in a catalogue is decided on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

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
    seatings: tuple[tuple[Callable[[Any], Callable[[Any, random.Random], Any]], ...], ...]
    """Each a seat's bot makers, rules -> a :data:`~froeschis.framework.game.Policy` (spelled out:
    :mod:`~froeschis.framework.game` names this module's types for its checks, so this module
    imports nothing that imports it back) (seat ``s`` plays the ``s mod len``-th): game ``k`` uses seating
    ``k mod len(seatings)``."""
    players: tuple[int, ...]
    """The player counts played in turn (a boundary that says how many overrides them)."""
    needs: Callable[[Any], frozenset[str]]
    published: Any
    """The rules value of the published game (a boundary without rules of its own is played by it)."""
    max_actions: int = 2000


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
