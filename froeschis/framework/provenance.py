"""Provenance: which clauses decided each part of a step, and which state fields each part wrote.

A game's engine reports it as it works, when it is given a recorder: every part of a step names the
clauses that decided it (the main one first) and the state fields it wrote, as paths in the game's
JSON form of a state (``phase``, ``players[1].row[3]``...). The events of a step are the public
part of its provenance. Everything that explains a step (``froeschis explain``, the conformance
kit's attribution of a divergence, fault localisation) reads this record; nothing keeps its own
table of which clause decides what or writes where.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Fired:
    """One part of a step: the clauses that decided it (the main one first), what it wrote."""

    clauses: tuple[str, ...]
    writes: tuple[str, ...]
    event: Any = None
    """The public event this part is, if it is one."""

    def writes_to(self, path: str) -> bool:
        """Whether this part wrote ``path`` or a field that contains it."""
        return any(path == w or path.startswith((w + "[", w + ".")) for w in self.writes)

    def precision(self, path: str) -> int:
        """How closely this part's writes name ``path``: the length of the longest of them that is
        ``path`` or contains it (0: none does). A part that wrote ``players[1].length`` names that
        field more closely than one that wrote all of ``players``."""
        return max(
            (len(w) for w in self.writes if path == w or path.startswith((w + "[", w + "."))), default=0
        )
