"""Strict readers of the fields of a JSON form, the same for every game's states, rules and actions.

Every game reads its JSON forms the same way: nothing is coerced, and anything malformed is a
:class:`~froeschis.framework.errors.FormatError` naming the field at fault, in one wording for every
game (the messages are part of the formats' contract, and tests pin them). Each game once had its
own copy of these readers; they live here so that the games' readers cannot drift apart. What a
game's values are (cards, seats, islands) stays in the game's ``serialize`` module.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from froeschis.framework.errors import FormatError, shown


def json_object(
    value: object, field: str, keys: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """``value`` as an object that has every one of ``keys``, perhaps some of ``optional``, and no
    other key."""
    if not isinstance(value, dict):
        raise FormatError(field, f"expected an object, got {type(value).__name__}")
    missing = set(keys) - value.keys()
    if missing:
        raise FormatError(field, f"missing keys {sorted(missing)}")
    unknown = value.keys() - set(keys) - set(optional)
    if unknown:  # sorted by their text: keys of a dict built in Python need not compare
        raise FormatError(field, f"unknown keys {shown(sorted(unknown, key=str))}")
    return value


def whole(value: object, field: str, low: int | None = None, *, what: str = "a whole number") -> int:
    """``value`` as a whole number (a boolean is not one), at least ``low`` if given; anything
    else is refused as not ``what`` (a playthrough header's ``players`` is "a whole number of
    players")."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(field, f"expected {what}, got {shown(value)}")
    if low is not None and value < low:
        raise FormatError(field, f"must be at least {low}, got {shown(value)}")
    return value


def boolean(value: object, field: str) -> bool:
    """``value`` as ``true`` or ``false`` (a number is not one)."""
    if not isinstance(value, bool):
        raise FormatError(field, f"expected true or false, got {shown(value)}")
    return value


def listed(value: object, field: str) -> list[Any]:
    """``value`` as a list (its items are the caller's to read)."""
    if not isinstance(value, list):
        raise FormatError(field, f"expected a list, got {type(value).__name__}")
    return value


def named(value: object, names: Mapping[str, Any], field: str, what: str) -> Any:
    """The entry of ``names`` that ``value`` names, a ``what`` (looked up only if it is a string: a
    list or an object from the input cannot be a key)."""
    if not isinstance(value, str) or value not in names:
        raise FormatError(field, f"unknown {what} {shown(value)}; expected one of {sorted(names)}")
    return names[value]


def check_format(data: Mapping[str, Any], expected: str, field: str = "format") -> None:
    """Refuse a form whose ``format`` key is not ``expected`` (a state or record of another format
    or version)."""
    if data["format"] != expected:
        raise FormatError(field, f"expected {expected!r}, got {shown(data['format'])}")
