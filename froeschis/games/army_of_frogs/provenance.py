"""Provenance of a step: which clauses decided each part, which state fields it wrote.

The engine reports it to a :class:`Recorder` when it is given one (``step`` and ``transition`` give
one; ``apply`` does not, and pays nothing for it). Fields are named by their paths in the state's
JSON form ``froeschis.army-of-frogs-state/1``: ``island``, ``hands[1]``, ``bag``, ``phase``, ``turn``,
``seat``, ``passes``, ``acted``, ``winners``, ``positions``.
"""

from __future__ import annotations

from froeschis.framework.provenance import Fired
from froeschis.games.army_of_frogs.events import Event, EventKind
from froeschis.games.army_of_frogs.hexes import Cell, Colour
from froeschis.games.army_of_frogs.table import ArmyTable


class Recorder:
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it."""

    __slots__ = ("events", "fired", "table")

    def __init__(self, table: ArmyTable) -> None:
        self.table = table
        self.fired: list[Fired] = []
        self.events: list[Event] = []

    def fire(
        self,
        slots: tuple[str, ...],
        writes: tuple[str, ...] = (),
        kind: EventKind | None = None,
        seat: int | None = None,
        colour: Colour | None = None,
        start: Cell | None = None,
        end: Cell | None = None,
        seats: tuple[int, ...] = (),
    ) -> None:
        """Record a part decided by the entries of ``slots`` (their clauses, in this order) that
        wrote ``writes``; with ``kind``, the part is a public event."""
        clauses = tuple(dict.fromkeys(self.table.clause_of(slot) for slot in slots))
        event = None if kind is None else Event(kind, clauses, seat, colour, start, end, seats)
        self.fired.append(Fired(clauses, writes, event))
        if event is not None:
            self.events.append(event)
