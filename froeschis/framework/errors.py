"""The exceptions froeschis raises, for every game, one class per kind of problem.

They survive pickling (``simulate`` passes them back from worker processes) with all their fields.

Every error says what was wrong in words a caller can act on; errors that a rule forbids also name
the clause ID (of the game's catalogue), so a report can point at the rule.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence

SHOWN_LENGTH = 60
"""The most characters of an input value that an error message quotes (:func:`shown`)."""


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 3] + "..."


class _Short(reprlib.Repr):
    """reprlib's repr, bounded in depth and items, keeping the start of strings and numbers."""

    def repr_str(self, x: str, level: int) -> str:
        return _cut(repr(x[: self.maxstring]), self.maxstring)  # a megabyte string is not copied

    def repr_int(self, x: int, level: int) -> str:
        try:
            return _cut(repr(x), self.maxlong)
        except ValueError:  # more digits than Python converts to text
            return f"<a whole number of {x.bit_length()} bits>"


_SHORT = _Short()
_SHORT.maxlevel = 3
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = SHOWN_LENGTH


def shown(value: object) -> str:
    """``value`` as Python writes it, cut to a short prefix (at most :data:`SHOWN_LENGTH` characters).

    Error messages quote the input they refuse, and input may be megabytes long or nested thousands
    deep: a message must stay one short line whatever it quotes.
    """
    text = _SHORT.repr(value)
    # Strings come escaped; only an object's own repr can break the line.
    return _cut(text.replace("\n", "\\n").replace("\r", "\\r"), SHOWN_LENGTH)


def listing(items: Sequence[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` (``last="and"``: ``a, b and c``): choices and names as the
    messages and help texts list them."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def possessive(name: str) -> str:
    """``name`` owning something, as English writes it: "Frog's", "Fröschis'", "Army of Frogs'" (a
    name ending in s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class FroeschisError(Exception):
    """Base class of every error raised by froeschis."""


class SpecError(FroeschisError):
    """The clause catalogue or a clause reference is broken (an unknown ID, a wrong quote, ...)."""


class RulesError(FroeschisError, ValueError):
    """A rules configuration that cannot be played (a player count, a deck too small, ...)."""

    def __init__(self, message: str, clause: str | None = None) -> None:
        super().__init__(f"{message} [{clause}]" if clause else message)
        self.message = message
        self.clause = clause

    def __reduce__(self) -> tuple[type, tuple[str, str | None]]:
        return type(self), (self.message, self.clause)


class IllegalActionError(FroeschisError, ValueError):
    """An action that the rules do not allow in this state.

    ``action`` is the refused action, ``phase`` the state's phase and ``clause`` the ID of the
    clause that forbids it.
    """

    def __init__(self, action: object, phase: str, clause: str, reason: str) -> None:
        super().__init__(f"illegal action {action} in phase {phase!r}: {reason} [{clause}]")
        self.action = action
        self.phase = phase
        self.clause = clause
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[object, str, str, str]]:
        return type(self), (self.action, self.phase, self.clause, self.reason)


class FormatError(FroeschisError, ValueError):
    """Malformed or inconsistent serialised input: ``field`` says where, ``reason`` says why."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return type(self), (self.field, self.reason)


class InternalError(FroeschisError):
    """An engine reached a point its clause functions do not decide: a bug in froeschis itself."""


class GameTooLongError(FroeschisError):
    """A driven game did not end within its step limit.

    A game's rules need not end every game (in Fröschis, taking a dead discard and discarding it
    again changes nothing), so drivers cap the number of actions instead of hanging.
    """

    def __init__(self, limit: int) -> None:
        super().__init__(f"the game did not end within {limit} actions")
        self.limit = limit

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return type(self), (self.limit,)
