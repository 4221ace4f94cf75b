"""The one mechanism by which code says which rule clause it implements.

``@implements("frog.swap")`` checks the ID against the catalogue when the module is imported (an
unknown ID is a :class:`~froeschis.core.errors.SpecError` at import time, so it cannot ship) and records
the function, so that the coverage gate and the docs can list each clause's implementation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from froeschis.spec import clause

F = TypeVar("F", bound=Callable[..., object])

IMPLEMENTATIONS: dict[str, list[str]] = {}
"""Clause ID -> qualified names of the functions that implement it, in import order."""


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the given clauses (known IDs only)."""
    for clause_id in clause_ids:
        clause(clause_id)  # raises SpecError for an ID the catalogue does not have

    def mark(function: F) -> F:
        name = f"{function.__module__}.{function.__qualname__}"
        for clause_id in clause_ids:
            IMPLEMENTATIONS.setdefault(clause_id, []).append(name)
        function.__dict__["__clauses__"] = clause_ids
        return function

    return mark


def clauses_of(function: Callable[..., object]) -> tuple[str, ...]:
    """The clause IDs a function declared with :func:`implements` (empty if none)."""
    found: tuple[str, ...] = getattr(function, "__clauses__", ())
    return found
