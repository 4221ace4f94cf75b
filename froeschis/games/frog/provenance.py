"""The recorder of a step's provenance: which clauses decided each part, what it wrote.

The engine calls :meth:`Recorder.fire` for every part of a step when it is given a recorder
(``step`` and ``transition`` give one, ``apply`` does not and pays nothing for it). Fields are named
by their paths in the JSON form ``froeschis.frog-state/1``: ``phase``, ``hands[1]``, ``trick``,
``scores``...
"""

from __future__ import annotations

from froeschis.framework.provenance import Recorder as Recording
from froeschis.framework.provenance import firing
from froeschis.games.frog.events import Event


class Recorder(Recording[Event]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it,
    an event's fields by name (:class:`~froeschis.games.frog.events.Event`'s)."""

    __slots__ = ()
    make_event = Event
    fire = firing(Event)  # type: ignore[assignment]  # narrower than the base on purpose
