"""Naming the clauses behind a divergence, from the reference engine's own provenance.

The reference reports every part of a step with the clauses that decided it and the state fields it
wrote (:class:`~froeschis.framework.provenance.Fired`). A differing field is blamed on the last part of
the step that wrote it, of those that name it most closely; the earliest blamed part gives the main
clauses, the others are "also involved" (:func:`~froeschis.conformance.localise.blamed_parts`).
Only the fields that say what went wrong count (the game says which: in Fröschis, when one side ended
the round or the game and the other did not, the fields that say so). Legal actions are attributed
by asking the reference why it refuses an action, or under which clauses it allows one
(:class:`~froeschis.conformance.referee.Referee`). This module keeps no table of its own: which
clause decides what, and writes where, comes from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from froeschis.conformance.localise import blamed_parts
from froeschis.framework.checks import JSON, FieldDiff
from froeschis.framework.provenance import Fired

if TYPE_CHECKING:
    from froeschis.conformance.referee import Referee


def unique(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def attribute_state(
    referee: Referee, ref_after: Any, fired: Sequence[Fired], diffs: Sequence[FieldDiff], actual_phase: JSON
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(main clauses, related clauses) for differing fields, from the reference's provenance."""
    blamed = blamed_parts(fired, referee.kit.significant_paths(ref_after, diffs, actual_phase))
    if not blamed:
        return (), ()
    main = fired[blamed[0]].clauses
    related = unique([c for n in blamed[1:] for c in fired[n].clauses if c not in main])
    return main, related
