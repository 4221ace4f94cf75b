"""The bugs of the Python example engine (``examples/froeschis/engine.py --bug NAME``), each with the
clause it breaks.

The clause is stated here from the bug's description (``examples/froeschis/README.md``), not from what the
checker says. tests/tools/test_conformance.py (each bug flagged with its clause and a short reproduction)
and tests/games/froeschis/test_causes.py (each bug named first by its clause) read this one table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

EXAMPLE_BUGS: tuple[tuple[str, str], ...] = (
    ("short-row-trash", "dead.above-row-length"),
    ("frog-swap", "frog.swap"),
    ("dead-card-discard", "turn.discard-ends"),
    ("final-turns", "round.final-turns"),
    ("multi-winner", "game.end"),
    ("reshuffle", "draw.reshuffle"),
    ("start-seat", "round.start-seat"),
    ("frog-placement", "frog.place"),
    ("turn-order", "turn.order"),
    ("next-lengths", "round.next-lengths"),
    ("deal-order", "round.deal"),
    ("empty-discard", "turn.draw-source"),
    ("swap-before-complete", "turn.chain-order"),
    ("final-completion-ignored", "round.final-turn-completion"),
    ("final-completion-restarts", "round.final-turn-completion"),
    ("start-first-completer", "round.start-seat"),
    ("reshuffle-no-draw", "draw.reshuffle"),
    ("reshuffle-lose-top", "draw.reshuffle"),
    ("frogs-dont-complete", "complete.frogs-count"),
    ("deal-reversed", "round.deal"),
    ("lucky-rows-late", "variant.reveal-at-round-end"),
    ("discard-bottom", "turn.draw-source"),
    ("win-at-once", "game.end"),
    ("final-turns-table", "round.final-turns"),
    ("eights-only-trash", "dead.above-row-length"),
)
"""Each bug of examples/froeschis/engine.py and the clause its description says it breaks."""


def bug_params(bugs: Iterable[tuple[str, str]] = EXAMPLE_BUGS) -> list[Any]:
    """``(bug, clause)`` parameters for ``pytest.mark.parametrize``, each marked with its clause and
    named by its bug."""
    return [pytest.param(bug, clause, marks=pytest.mark.clause(clause), id=bug) for bug, clause in bugs]
