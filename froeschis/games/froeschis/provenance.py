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

from froeschis.framework.provenance import Fired, firing
from froeschis.framework.provenance import Recorder as Recording
from froeschis.games.froeschis.events import Event

__all__ = ["Fired", "Recorder"]


class Recorder(Recording[Event]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it,
    an event's fields after its kind in :class:`~froeschis.games.froeschis.events.Event`'s order (seat, card,
    spot, seats)."""

    __slots__ = ()
    make_event = Event
    fire = firing(Event)  # type: ignore[assignment]  # narrower than the base on purpose
