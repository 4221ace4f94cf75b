"""Clause marks and clause tables: a game's rules as data, one entry for every decision its engine takes.

A game's engine decides nothing itself. At every point where a rule decides, it calls the function
in its clause table's entry for that decision, its *slot*. Every function is marked with the clause
of the game's catalogue that it implements (:func:`clause`), so each slot names the clause that
decides it, and a step's provenance (:mod:`froeschis.framework.provenance`) can say which clauses
decided each part of it.

A game's table is a frozen attrs class deriving from :class:`ClauseTable`, one field per slot. A
variant is the published table with entries replaced (:class:`Variant`), and so is a misreading of
a clause (:class:`Reading`): "an engine that reads clause X differently" is one value,
``table.read(reading)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Self, TypeVar

import attrs

F = TypeVar("F", bound=Callable[..., object])


def clause(clause_id: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the clause ``clause_id`` of its game's catalogue.

    Marking reads nothing: that every mark names a clause of the catalogue is checked by the test
    suite (the coverage gate), not at import, so that importing a game reads no file.
    """

    def mark(function: F) -> F:
        function.__dict__["__clause__"] = clause_id
        return function

    return mark


def clause_of(function: Callable[..., object]) -> str | None:
    """The clause a function is marked with (:func:`clause`), or None."""
    found = getattr(function, "__clause__", None)
    return found if isinstance(found, str) else None


class ClauseTable:
    """The base of every game's clause table: a frozen attrs class whose fields are its slots, in
    rule order, each holding a function marked with its clause. (The base itself has no fields:
    mypy cannot see that every concrete table is an attrs class, hence two ignores below.)"""

    def __attrs_post_init__(self) -> None:
        unmarked = [slot for slot in self.slots() if clause_of(getattr(self, slot)) is None]
        if unmarked:
            raise TypeError(f"clause table entries without a @clause mark: {unmarked}")

    @classmethod
    def slots(cls) -> tuple[str, ...]:
        """The names of the table's slots, in rule order."""
        return tuple(field.name for field in attrs.fields(cls))  # type: ignore[arg-type]

    def clause_of(self, slot: str) -> str:
        """The clause that decides ``slot`` in this table."""
        found = clause_of(getattr(self, slot))
        assert found is not None  # every entry is marked (checked when the table is made)
        return found

    def entries(self) -> tuple[tuple[str, str, Callable[..., object]], ...]:
        """Every (slot, clause, function), in rule order."""
        return tuple((slot, self.clause_of(slot), getattr(self, slot)) for slot in self.slots())

    def slots_of(self, clause_id: str) -> tuple[str, ...]:
        """The slots whose entry implements ``clause_id``."""
        return tuple(slot for slot in self.slots() if self.clause_of(slot) == clause_id)

    def replace(self, slot: str, function: Callable[..., object]) -> Self:
        """This table with ``function`` (marked with its clause) in ``slot``."""
        if slot not in self.slots():
            raise ValueError(f"the clause table has no slot {slot!r}")
        changes: dict[str, Any] = {slot: function}
        return attrs.evolve(self, **changes)  # type: ignore[misc]

    def read(self, reading: Reading) -> Self:
        """This table as an engine with ``reading`` plays it (unchanged when the slot's entry
        implements another clause: a misreading of a variant leaves the default rules alone)."""
        if self.clause_of(reading.slot) != (reading.replaces or reading.clause):
            return self
        return self.replace(reading.slot, reading.function)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(f"{s}={c}" for s, c, _ in self.entries()) + ")"


@attrs.frozen
class Reading:
    """Another reading of a clause: the function an engine that reads it so would use in ``slot``.

    The function is marked with the clause it reads (:func:`clause`). The variants are readings the
    catalogue offers as options; the mutation check's mutants are readings that break a clause.
    A reading usually replaces an entry of its own clause; ``replaces`` names another when a
    misreading of one clause shows in a decision another clause takes.
    """

    slot: str
    function: Callable[..., object]
    description: str
    replaces: str | None = None
    """The clause whose entry in ``slot`` the reading replaces, when not its own."""

    @property
    def clause(self) -> str:
        found = clause_of(self.function)
        if found is None:
            raise TypeError(f"{self.function!r} is not marked with the clause it reads")
        return found


@attrs.frozen
class Variant:
    """A rules variant: an option of the game's rules that replaces entries of the published table.

    Each game keeps one list of its variants; the command line, the JSON forms, the exhaustive
    walks, the conformance kit and the docs all read it.
    """

    option: str
    """The rules attribute, JSON key and protocol feature that switches it on."""
    clause: str
    """The variant's own clause ID."""
    summary: str
    """One line saying what it changes."""
    readings: tuple[Reading, ...]
    """The entries it replaces (each function marked with ``clause``)."""


T = TypeVar("T", bound=ClauseTable)
R = TypeVar("R")


class Tables(Generic[T]):
    """A game's clause tables: the published one with any of its variants switched on, each built
    once per process, and the mutation check's way to make every one of them misread.

    Mutable on purpose and private to its game's ``readings`` module: ``misread_everywhere`` is the
    one switch the mutation check turns before any test builds a ``Rules()``.
    """

    def __init__(self, published: T, variants: tuple[Variant, ...]) -> None:
        self.published = published
        self.variants = variants
        self.options = tuple(variant.option for variant in variants)
        self._misreadings: tuple[Reading, ...] = ()
        self._built: dict[tuple[frozenset[str], tuple[Reading, ...]], T] = {}

    def table_for(self, options: Iterable[str]) -> T:
        """The published table with the variants of ``options`` switched on (and the misreadings of
        :meth:`misread_everywhere`, if any)."""
        key = (frozenset(options), self._misreadings)
        if key not in self._built:
            self._built[key] = self._build(*key)
        return self._built[key]

    def _build(self, options: frozenset[str], misreadings: tuple[Reading, ...]) -> T:
        unknown = sorted(options - set(self.options))
        if unknown:
            raise ValueError(f"unknown variant options {unknown}; expected some of {list(self.options)}")
        table = self.published
        for variant in self.variants:
            if variant.option in options:
                for reading in variant.readings:
                    table = table.replace(reading.slot, reading.function)
        for reading in misreadings:
            table = table.read(reading)
        return table

    def table_of(self, rules: Any) -> T:
        """The table ``rules`` are played by: the variants of the options they switch on, then their
        own ``readings`` on top (each game's ``Rules.table``, computed once as the rules are made:
        before attrs runs their validators, so only an option that is ``True`` switches a variant on)."""
        table = self.table_for(option for option in self.options if getattr(rules, option) is True)
        for reading in rules.readings:
            table = table.read(reading)
        return table

    def with_variants(self, rules: R, *names: str) -> R:
        """``rules`` with the variant options ``names`` switched on (refused when the game has no such
        option)."""
        unknown = sorted(set(names) - set(self.options))
        if unknown:
            raise ValueError(f"unknown variant options {unknown}; expected some of {list(self.options)}")
        switched: dict[str, Any] = dict.fromkeys(names, True)
        return attrs.evolve(rules, **switched)  # type: ignore[misc]

    def misread_everywhere(self, *readings: Reading) -> None:
        """From now on, in this process, every table reads its clauses as ``readings`` say.

        For the mutation checks only (``tests/contract/test_mutation.py``, ``tests/game_mutants.py``), which
        run tests against an engine with one clause broken while the tests build their games with
        ``Rules()`` like everybody else.
        """
        self._misreadings = readings
