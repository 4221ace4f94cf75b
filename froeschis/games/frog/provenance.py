"""The recorder of a step's provenance: which clauses decided each part, what it wrote.

The engine calls :meth:`Recorder.fire` for every part of a step when it is given a recorder
(``step`` and ``transition`` give one, ``apply`` does not and pays nothing for it). Fields are named
by their paths in the JSON form ``froeschis.frog-state/1``: ``phase``, ``hands[1]``, ``trick``,
``scores``...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from froeschis.framework.provenance import Recorder as Recording
from froeschis.games.frog.cards import Card, Suit
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.state import Contract, Result


class Recorder(Recording[Event]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it,
    an event's fields by name (:class:`~froeschis.games.frog.events.Event`'s)."""

    __slots__ = ()
    make_event = Event

    if TYPE_CHECKING:  # the event's fields typed at the engine's calls; the framework's takes any

        def fire(  # type: ignore[override]  # narrower than the base on purpose
            self,
            slots: tuple[str, ...],
            writes: tuple[str, ...] = (),
            kind: EventKind | None = None,
            *,
            seat: int | None = None,
            call: str | None = None,
            contract: Contract | None = None,
            suit: Suit | None = None,
            card: Card | None = None,
            cards: tuple[Card, ...] = (),
            points: int | None = None,
            result: Result | None = None,
            changes: tuple[int, ...] = (),
            seats: tuple[int, ...] = (),
        ) -> None: ...
