"""Provenance: which clauses decided each part of a step, and which state fields each part wrote.

The engine reports it as it works, when it is given a :class:`Recorder` (``GameState.step`` and
``GameState.transition`` give one; ``GameState.apply`` does not, and pays nothing for it). The
events of a step are the public part of its provenance. Everything that explains a step (``froeschis
explain``, the conformance kit's attribution of a divergence) reads this record; nothing keeps its own
table of which clause decides what or writes where.

State fields are named by their paths in the JSON form ``froeschis.state/1``: ``phase``, ``turn``,
``hand``, ``draw_pile``, ``players[1].row[3]``, ``players[0].length``...
"""

from __future__ import annotations

from froeschis.core.cards import Card
from froeschis.core.events import Event, EventKind
from froeschis.core.table import ClauseTable
from froeschis.framework.provenance import Fired

__all__ = ["Fired", "Recorder"]


class Recorder:
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it."""

    __slots__ = ("events", "fired", "table")

    def __init__(self, table: ClauseTable) -> None:
        self.table = table
        self.fired: list[Fired] = []
        self.events: list[Event] = []

    def fire(
        self,
        slots: tuple[str, ...],
        writes: tuple[str, ...] = (),
        kind: EventKind | None = None,
        seat: int | None = None,
        card: Card | None = None,
        spot: int | None = None,
        seats: tuple[int, ...] = (),
    ) -> None:
        """Record a part decided by the entries of ``slots`` (their clauses, in this order) that
        wrote ``writes``; with ``kind``, the part is a public event."""
        clauses = tuple(dict.fromkeys(self.table.clause_of(slot) for slot in slots))
        event = None if kind is None else Event(kind, clauses, seat, card, spot, seats)
        self.fired.append(Fired(clauses, writes, event))
        if event is not None:
            self.events.append(event)
