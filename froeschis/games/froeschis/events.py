"""Events: what a step did, each naming the clauses that caused it.

``apply`` resolves forced steps internally; :func:`froeschis.games.froeschis.engine.step` also returns the
events,
so that a log, a replay or a conformance report can say which rule made each thing happen.
"""

from __future__ import annotations

import enum

import attrs

from froeschis.framework.provenance import Event as BaseEvent
from froeschis.games.froeschis.cards import Card


class EventKind(enum.Enum):
    DEALT = "dealt"
    RESHUFFLED = "reshuffled"
    TURN_STARTED = "turn-started"
    DREW = "drew"
    TOOK_DISCARD = "took-discard"
    PLACED = "placed"
    REVEALED = "revealed"
    FROG_PLACED = "frog-placed"
    FROG_SWAPPED = "frog-swapped"
    DISCARDED = "discarded"
    COMPLETED = "completed"
    FINAL_TURNS = "final-turns"
    ROUND_ENDED = "round-ended"
    GAME_WON = "game-won"


@attrs.frozen
class Event(BaseEvent[EventKind]):
    """One thing that happened. ``clauses[0]`` is the main cause; others contributed.

    ``seat``, ``card`` and ``spot`` are set where they apply (``seats`` for events about several
    players: who completed, who won).
    """

    seat: int | None = None
    card: Card | None = None
    spot: int | None = None
    seats: tuple[int, ...] = ()
