"""Generic perturbations of the clause table: misreadings nobody catalogued, made from the slots'
signatures alone.

The catalogue's misreadings (:mod:`froeschis.games.froeschis.misreadings`) are the wrong readings the
rule texts invite. An engine's bug may be none of them: a comparison off by one, a flag the wrong
way round, a step forgotten or done twice, a value not reset. Those slips have the same shape
whatever the rule, so they can be made from a slot's signature: negate what a predicate answers,
shift a number (or every number of a tuple) by one, drop the first or the last item of a sequence,
read a sequence the other way round, forget an optional value, skip a step (return its input
unchanged: a value kept that should have changed) or take it twice. Each is tried on a slot's
result and on each of its arguments. Put in the reference's place, a perturbation that answers an
engine's diverging steps as the engine did points at the clause of its slot
(:mod:`froeschis.conformance.causes`).

A perturbation is a transformation of the entry the table holds, so it applies to any table, a
variant's included: the function it makes is marked with the clause of the entry it replaces.
Values of the game's own types can be perturbed too (the game's
:attr:`~froeschis.framework.checks.Conformance.mutators`: Fröschis' row one spot shorter).
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from froeschis.framework.table import ClauseTable, Reading, clause

Mutator = tuple[str, str, Callable[[Any], Any]]
"""A change of one value: its name (in perturbation IDs), its words (in reports), the change."""


def _each(step: int) -> Callable[[Sequence[int]], tuple[int, ...]]:
    return lambda values: tuple(v + step for v in values)


def _unless_none(change: Callable[[int], int]) -> Callable[[int | None], int | None]:
    return lambda value: None if value is None else change(value)


_NUMBER: tuple[Mutator, ...] = (
    ("plus-one", "one more", lambda v: v + 1),
    ("minus-one", "one less", lambda v: v - 1),
)
_SEQUENCE: tuple[Mutator, ...] = (
    ("reversed", "the other way round", lambda v: tuple(reversed(v))),
    ("first-dropped", "without its first item", lambda v: tuple(v[1:])),
    ("last-dropped", "without its last item", lambda v: tuple(v[:-1])),
)
_NUMBERS: tuple[Mutator, ...] = (
    ("each-plus-one", "with every number one more", _each(1)),
    ("each-minus-one", "with every number one less", _each(-1)),
    *_SEQUENCE,
)

BUILTIN_MUTATORS: dict[object, tuple[Mutator, ...]] = {
    bool: (("negated", "the other way round", lambda v: not v),),
    int: _NUMBER,
    int | None: (
        ("forgotten", "forgotten (None)", lambda v: None),
        *((name, words, _unless_none(change)) for name, words, change in _NUMBER),
    ),
    tuple[int, ...]: _NUMBERS,
    Sequence[int]: _NUMBERS,
}
"""Mutators of values of Python's own types, by type hint: the same for every game."""


def _mutators(hint: object, game_mutators: Mapping[object, tuple[Mutator, ...]]) -> tuple[Mutator, ...]:
    found = BUILTIN_MUTATORS.get(hint) or game_mutators.get(hint)
    if found:
        return found
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Sequence or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return _SEQUENCE  # a sequence of values without mutators of their own: cards, rows
    return ()


def _as_sequence(hint: object) -> object:
    """``tuple[X, ...]`` as ``Sequence[X]``: a function that takes a sequence and gives a tuple of the
    same items returns what it takes."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Sequence[args[0]]  # type: ignore[valid-type]
    return hint


@attrs.frozen
class Perturbation:
    """One generic change of one slot's entry."""

    slot: str
    name: str
    """Unique among the slot's perturbations: ``negated``, ``row-one-spot-shorter``, ``skipped``..."""
    words: str
    """What the entry does instead, in words that follow the slot's name."""
    transform: Callable[[Callable[..., Any]], Callable[..., Any]] = attrs.field(eq=False, repr=False)

    @property
    def id(self) -> str:
        return f"{self.slot}:{self.name}"

    def describe(self, table: ClauseTable) -> str:
        return f"{self.slot} ({table.clause_of(self.slot)}) {self.words}"

    def reading(self, table: ClauseTable) -> Reading:
        """The reading that replaces the slot's entry of ``table`` by its perturbation."""
        entry = getattr(table, self.slot)
        changed = clause(table.clause_of(self.slot))(functools.wraps(entry)(self.transform(entry)))
        return Reading(self.slot, changed, self.describe(table))


def _on_result(change: Callable[[Any], Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return lambda entry: lambda *args: change(entry(*args))


def _on_argument(
    index: int, change: Callable[[Any], Any]
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def transform(entry: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *args: entry(*args[:index], change(args[index]), *args[index + 1 :])

    return transform


def _skipped(index: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return lambda entry: lambda *args: args[index]


def _twice(index: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def transform(entry: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *args: entry(*args[:index], entry(*args), *args[index + 1 :])

    return transform


def _accepts_all(entry: Callable[..., Any]) -> Callable[..., Any]:
    return lambda *args: None


def perturbations_of(
    slot: str,
    published: Callable[..., Any],
    hint: object,
    game_mutators: Mapping[object, tuple[Mutator, ...]] = {},
) -> tuple[Perturbation, ...]:
    """Every generic perturbation of ``slot``, whose published entry is ``published`` and whose
    type hint is ``hint`` (``Callable[[arguments], result]``), with the game's mutators of its own
    value types beside Python's."""
    arguments, result = typing.get_args(hint)
    names = list(inspect.signature(published).parameters)
    found: list[Perturbation] = []
    if result is type(None):  # a check that refuses bad input: skipping it accepts everything
        found.append(Perturbation(slot, "skipped", "accepts everything", _accepts_all))
    for name, words, change in _mutators(result, game_mutators):
        found.append(Perturbation(slot, name, f"answers {words}", _on_result(change)))
    for index, argument in enumerate(arguments):
        if isinstance(argument, type) and issubclass(argument, ClauseTable):
            continue
        for name, words, change in _mutators(argument, game_mutators):
            found.append(
                Perturbation(
                    slot,
                    f"{names[index]}-{name}",
                    f"sees its {names[index]} {words}",
                    _on_argument(index, change),
                )
            )
    same = next((i for i, a in enumerate(arguments) if _as_sequence(a) == _as_sequence(result)), None)
    if same is not None:
        found.append(Perturbation(slot, "skipped", f"is skipped: its {names[same]} is kept", _skipped(same)))
        found.append(Perturbation(slot, "twice", "is done twice", _twice(same)))
    return tuple(found)


def all_perturbations(
    published: ClauseTable,
    game_mutators: Mapping[object, tuple[Mutator, ...]] = {},
) -> tuple[Perturbation, ...]:
    """Every generic perturbation of every slot of ``published`` (a game's published table), in
    rule order."""
    hints = typing.get_type_hints(type(published))
    return tuple(
        p
        for slot in published.slots()
        for p in perturbations_of(slot, getattr(published, slot), hints[slot], game_mutators)
    )
