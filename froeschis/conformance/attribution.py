"""Naming the clauses behind a divergence, from the reference engine's own provenance.

The reference reports every part of a step with the clauses that decided it and the state fields it
wrote (:class:`~froeschis.core.provenance.Fired`). A differing field is blamed on the last part of
the step that wrote it, of those that name it most closely; the earliest blamed part gives the main
clauses, the others are "also involved" (:func:`~froeschis.conformance.localise.blamed_parts`).
When one side ended the round or the game and the other did not, only the fields that say so count.
Legal actions are attributed by asking the reference why it refuses an action, or under which
clauses it allows one. This module keeps no table of its own: which clause decides what, and writes
where, comes from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from froeschis.conformance.localise import blamed_parts
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


def setup_clauses(state: GameState) -> tuple[str, ...]:
    """The clauses under which the rules allow the setup of ``state``'s game: the player count, and
    for a custom deck or row length first the cards a deck must hold beyond the rows (round.deal),
    the limit such a game comes near."""
    table = state.rules.table
    players = (table.clause_of("check_players"),)
    if state.rules.is_standard():
        return players
    return tuple(dict.fromkeys((table.clause_of("spare_cards"), *players)))


CONTROL_FIELDS = ("phase", "round", "winners", "first_completer")
"""The fields that say whether a round or the game has ended."""


def significant_paths(ref_after: GameState, diffs: Sequence[HasPath], actual_phase: JSON) -> list[str]:
    """The differing fields that say what went wrong: when one side ended the round or the game and
    the other did not, only the fields that say so (the rest differs because of it)."""
    paths = [d.path for d in diffs]
    ended = {Phase.DEAL.value, Phase.OVER.value}
    if (ref_after.phase.value in ended) != (actual_phase in ended):
        return [p for p in paths if p in CONTROL_FIELDS] or paths
    return paths


def attribute_state(
    ref_after: GameState, fired: Sequence[Fired], diffs: Sequence[HasPath], actual_phase: JSON
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(main clauses, related clauses) for differing fields, from the reference's provenance."""
    blamed = blamed_parts(fired, significant_paths(ref_after, diffs, actual_phase))
    if not blamed:
        return (), ()
    main = fired[blamed[0]].clauses
    related = unique([c for n in blamed[1:] for c in fired[n].clauses if c not in main])
    return main, related
