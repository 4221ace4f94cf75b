"""What every game's invariant checks share: the error they raise, the check that a state's
legal actions are exactly the actions its engine accepts, and the error for a state read from
outside that a rule rules out.

Each game states its own invariants from its rule text (``games/<name>/invariants.py``): the
exhaustive walks and the state machines check them after every step. That an engine accepts
exactly the actions it lists as legal is the same property in every game, so it is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from froeschis.framework.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.framework.state import Advancing


class InvariantError(FroeschisError, AssertionError):
    """A state or a step breaks one of its game's invariants."""


def refused(state: Advancing[Any, Any, Any], field: str, reason: str, slot: str) -> FormatError:
    """The error for a state read from outside (JSON, a notation) that the clause deciding ``slot``
    rules out: ``field``, then ``reason`` with that clause in brackets (``turn 7 is not seat 2's
    [turn.order]``). The clause is asked of the state's own table, so the state is judged by the
    reading it is played by; every game's consistency check words its refusals so."""
    return FormatError(field, f"{reason} [{state.rules.table.clause_of(slot)}]")


def check_legality(
    state: Any, candidates: Iterable[Any], unchecked: Callable[[Any, Any], bool] = lambda state, action: False
) -> None:
    """Every legal action of ``state`` applies, and every other of ``candidates`` (actions that
    could be proposed there, legal or not) is refused with
    :class:`~froeschis.framework.errors.IllegalActionError`; ``unchecked(state, action)`` says which
    accepted actions another check judges (a game's chance outcomes, say)."""
    legal = set(state.legal_actions())
    for action in legal:
        state.apply(action)
    for action in candidates:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalActionError:
            continue
        if unchecked(state, action):
            continue
        raise InvariantError(
            f"{action} was accepted but is not among the legal actions {sorted(legal, key=str)}"
        )
