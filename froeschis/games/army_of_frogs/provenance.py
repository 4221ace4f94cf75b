"""Provenance of a step: which clauses decided each part, which state fields it wrote.

The engine reports it to a :class:`Recorder` when it is given one (``step`` and ``transition`` give
one; ``apply`` does not, and pays nothing for it). Fields are named by their paths in the state's
JSON form ``froeschis.army-of-frogs-state/1``: ``island``, ``hands[1]``, ``bag``, ``phase``, ``turn``,
``seat``, ``passes``, ``acted``, ``winners``, ``positions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from froeschis.framework.provenance import Recorder as Recording
from froeschis.games.army_of_frogs.events import Event, EventKind
from froeschis.games.army_of_frogs.hexes import Cell, Colour


class Recorder(Recording[Event]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it,
    an event's fields after its kind in :class:`~froeschis.games.army_of_frogs.events.Event`'s
    order (seat, colour, start, end, seats) or by name."""

    __slots__ = ()
    make_event = Event

    if TYPE_CHECKING:  # the event's fields typed at the engine's calls; the framework's takes any

        def fire(  # type: ignore[override]  # narrower than the base on purpose
            self,
            slots: tuple[str, ...],
            writes: tuple[str, ...] = (),
            kind: EventKind | None = None,
            seat: int | None = None,
            colour: Colour | None = None,
            start: Cell | None = None,
            end: Cell | None = None,
            seats: tuple[int, ...] = (),
        ) -> None: ...
