"""The recorder of a step's provenance: which clauses decided each part, what it wrote.

The engine calls :meth:`Recorder.fire` for every part of a step when it is given a recorder
(``step`` and ``transition`` give one, ``apply`` does not and pays nothing for it). Fields are named
by their paths in the JSON form ``froeschis.frog-state/1``: ``phase``, ``hands[1]``, ``trick``,
``scores``...
"""

from __future__ import annotations

from typing import Any

from froeschis.framework.provenance import Fired
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.table import FrogTable


class Recorder:
    """Collects the provenance of one step."""

    __slots__ = ("events", "fired", "table")

    def __init__(self, table: FrogTable) -> None:
        self.table = table
        self.fired: list[Fired] = []
        self.events: list[Event] = []

    def fire(
        self,
        slots: tuple[str, ...],
        writes: tuple[str, ...] = (),
        kind: EventKind | None = None,
        **fields: Any,
    ) -> None:
        """Record a part decided by the entries of ``slots`` (their clauses, in this order) that
        wrote ``writes``; with ``kind``, the part is a public event with these ``fields``."""
        clauses = tuple(dict.fromkeys(self.table.clause_of(slot) for slot in slots))
        event = None if kind is None else Event(kind, clauses, **fields)
        self.fired.append(Fired(clauses, writes, event))
        if event is not None:
            self.events.append(event)
