"""Naming the clauses behind a divergence, from the reference engine's own provenance.

The reference reports every part of a step with the clauses that decided it and the state fields it
wrote (:class:`~froeschis.core.provenance.Fired`). A differing field is blamed on the last part of
the step that wrote it; the earliest blamed part gives the main clauses, the others are "also
involved". When one side ended the round or the game and the other did not, only the fields that
say so count. Legal actions are attributed by asking the reference why it refuses an action, or
under which clauses it allows one. This module keeps no table of its own: which clause decides what,
and writes where, comes from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from froeschis.conformance.protocol import JSON
from froeschis.core.engine import GameState, allowing_clauses, phase_clause
from froeschis.core.errors import FormatError, IllegalActionError
from froeschis.core.provenance import Fired
from froeschis.core.state import Phase
from froeschis.io.serialize import action_from_json
from froeschis.spec import load_catalogue


class HasPath(Protocol):
    @property
    def path(self) -> str: ...


def unique(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def known_clauses(ids: object) -> tuple[str, ...]:
    known = set(load_catalogue().ids())
    return tuple(i for i in ids if isinstance(i, str) and i in known) if isinstance(ids, list) else ()


def refusal_clause(state: GameState, action: JSON) -> str | None:
    """The clause under which the reference refuses ``action`` in ``state`` (None: it is legal)."""
    try:
        state.apply(action_from_json(action))
    except IllegalActionError as error:
        return error.clause
    except FormatError:
        return phase_clause(state)
    return None


def allowing(state: GameState, action: JSON) -> tuple[str, ...]:
    """The clauses under which the reference allows ``action`` in ``state``."""
    try:
        return allowing_clauses(state, action_from_json(action))
    except FormatError:
        return (phase_clause(state),)


CONTROL_FIELDS = ("phase", "round", "winners", "first_completer")
"""The fields that say whether a round or the game has ended."""


def attribute_state(
    ref_after: GameState, fired: Sequence[Fired], diffs: Sequence[HasPath], actual_phase: JSON
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(main clauses, related clauses) for differing fields, from the reference's provenance."""
    paths = [d.path for d in diffs]
    ended = {Phase.DEAL.value, Phase.OVER.value}
    if (ref_after.phase.value in ended) != (actual_phase in ended):
        paths = [p for p in paths if p in CONTROL_FIELDS] or paths
    blamed: dict[int, tuple[str, ...]] = {}
    for path in paths:
        for index in range(len(fired) - 1, -1, -1):
            if fired[index].writes_to(path):
                blamed[index] = fired[index].clauses
                break
    ordered = [blamed[i] for i in sorted(blamed)]
    if not ordered:
        return (), ()
    main = ordered[0]
    related = unique([c for group in ordered[1:] for c in group if c not in main])
    return main, related
