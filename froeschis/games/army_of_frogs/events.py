"""Events: what a step did, each naming the clauses that caused it (the main one first).

:meth:`ArmyState.step <froeschis.games.army_of_frogs.engine.ArmyState.step>` returns them; they are
the public part of a step's provenance (:mod:`froeschis.games.army_of_frogs.provenance`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import ClassVar

import attrs

from froeschis.framework.provenance import Event as BaseEvent
from froeschis.games.army_of_frogs.hexes import Cell, Colour


class EventKind(enum.Enum):
    DEALT = "dealt"
    """The bag was mixed and the hands taken (setup.shuffle, setup.hands)."""
    TURN_STARTED = "turn-started"
    MOVED = "moved"
    NO_MOVE = "no-move"
    ADDED = "added"
    NO_ADD = "no-add"
    DREW = "drew"
    WON = "won"
    ENDED = "ended"
    """The game ended without a winner (end.no-action, end.turn-limit, variant.repetition-draw)."""


@attrs.frozen
class Event(BaseEvent[EventKind]):
    """One thing that happened. ``seat``, ``colour``, ``start`` and ``end`` are set where they apply
    (``end`` is the cell of an add); ``seats`` for the winners."""

    seat: int | None = None
    colour: Colour | None = None
    start: Cell | None = None
    end: Cell | None = None
    seats: tuple[int, ...] = ()

    detail_names: ClassVar[Mapping[str, str]] = {"start": "from", "end": "to"}
