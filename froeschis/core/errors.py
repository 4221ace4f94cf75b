"""The exceptions froeschis raises, one class per kind of problem.

They survive pickling (``simulate`` passes them back from worker processes) with all their fields.

Every error says what was wrong in words a caller can act on; errors that a rule forbids also name
the clause ID (see ``spec/clauses.toml``), so a report can point at the rule.
"""

from __future__ import annotations


class FroeschisError(Exception):
    """Base class of every error raised by froeschis."""


class SpecError(FroeschisError):
    """The clause catalogue or a clause reference is broken (an unknown ID, a wrong quote, ...)."""


class RulesError(FroeschisError, ValueError):
    """A rules configuration that cannot be played (player count, deck too small, ...)."""

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
    """The engine reached a point its clause functions do not decide: a bug in froeschis itself."""


class GameTooLongError(FroeschisError):
    """A driven game did not end within its step limit.

    The rules have no end for a game in which nobody completes a row (taking a dead discard and
    discarding it again changes nothing), so drivers cap the number of actions instead of hanging.
    """

    def __init__(self, limit: int) -> None:
        super().__init__(f"the game did not end within {limit} actions")
        self.limit = limit

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return type(self), (self.limit,)
