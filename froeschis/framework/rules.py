"""The checks every game's ``Rules`` class makes of its fields, in one wording for every game.

A game's ``Rules`` is a frozen attrs class: variant options (booleans), a few numbers (sizes of tiny
configurations, a match's length), and ``readings`` beyond the variants. Its clause table is derived
from those fields as the rules are made (:meth:`froeschis.framework.table.Tables.table_of`). A value
of the wrong type is a :class:`~froeschis.framework.errors.FormatError` naming ``rules.<field>``,
worded the same for every game: these validators were once copied into each game's ``rules``
module.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.table import Reading, Tables

C = TypeVar("C")


def is_bool(rules: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    """An attrs validator: the option is ``True`` or ``False`` (not 0 or 1, not a string)."""
    if not isinstance(value, bool):
        raise FormatError(f"rules.{attribute.name}", f"expected True or False, got {shown(value)}")


def whole_number(low: int | None = None, high: int | None = None) -> Any:
    """An attrs validator: the field is a whole number (not a boolean), from ``low`` and up to
    ``high`` when they are given."""
    bounds = "" if low is None else f" from {low} up" if high is None else f" from {low} to {high}"

    def check(rules: object, attribute: attrs.Attribute[int], value: int) -> None:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise FormatError(
                f"rules.{attribute.name}", f"expected a whole number{bounds}, got {shown(value)}"
            )

    return check


def readings_tuple(readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """An attrs converter: the readings checked, a tuple (the rules are hashed). A converter, not a
    validator, because the clause table is made from the fields before attrs runs validators."""
    if not (isinstance(readings, tuple) and all(isinstance(r, Reading) for r in readings)):
        raise FormatError("rules.readings", f"expected a tuple of Reading, got {shown(readings)}")
    return readings


def published_deck(
    tables: Tables[Any], order: Callable[[Iterable[C]], tuple[C, ...]]
) -> Callable[[], tuple[C, ...]]:
    """The function that gives a card game's published deck: its table's ``standard_deck`` clause
    (deck.composition), in the order the game keeps a deck (``order``), the default of its rules'
    ``deck`` and what its ``is_standard`` compares with. Ordered once per way the clause reads: the
    published one, and each misreading the mutation check switches on
    (:meth:`~froeschis.framework.table.Tables.misread_everywhere`), which makes a deck of its own.
    Fröschis and Frog each had this copy."""

    @functools.cache
    def ordered(make: Callable[[], Iterable[C]]) -> tuple[C, ...]:
        return order(make())

    def deck() -> tuple[C, ...]:
        return ordered(tables.table_for(()).standard_deck)

    return deck
