"""Provenance of a step: which clauses decided each part, which state fields it wrote.

The engine reports it to a :class:`Recorder` when it is given one (``step`` and ``transition`` give
one; ``apply`` does not, and pays nothing for it). Fields are named by their paths in the state's
JSON form ``froeschis.army-of-frogs-state/1``: ``island``, ``hands[1]``, ``bag``, ``phase``, ``turn``,
``seat``, ``passes``, ``acted``, ``winners``, ``positions``.
"""

from __future__ import annotations

from froeschis.framework.provenance import Recorder as Recording
from froeschis.framework.provenance import firing
from froeschis.games.army_of_frogs.events import Event


class Recorder(Recording[Event]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it,
    an event's fields after its kind in :class:`~froeschis.games.army_of_frogs.events.Event`'s
    order (seat, colour, start, end, seats) or by name."""

    __slots__ = ()
    make_event = Event
    fire = firing(Event)  # type: ignore[assignment]  # narrower than the base on purpose
