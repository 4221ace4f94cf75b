"""Events: what a step did, each naming the clauses that caused it (main cause first).

Forced steps (the trick's winner, the count, the settlement, the next dealer) happen inside one
``apply``; :meth:`~froeschis.games.frog.engine.FrogState.step` returns its events, so that a log, a
replay or a conformance report can say which rule made each thing happen. Only the fields that
apply to a kind are set (see ``spec/frog/protocol.md``).
"""

from __future__ import annotations

import enum

import attrs

from froeschis.framework.provenance import Event as BaseEvent
from froeschis.games.frog.cards import Card, Suit
from froeschis.games.frog.state import Contract, Result


class EventKind(enum.Enum):
    TO_DEAL = "to-deal"
    DEALT = "dealt"
    TO_CALL = "to-call"
    CALLED = "called"
    AUCTION_WON = "auction-won"
    PASSED_OUT = "passed-out"
    WIDOW_TAKEN = "widow-taken"
    WIDOW_LEFT = "widow-left"
    DISCARDED = "discarded"
    TRUMPS = "trumps"
    TO_PLAY = "to-play"
    PLAYED = "played"
    TRICK_WON = "trick-won"
    COUNTED = "counted"
    SETTLED = "settled"
    MATCH_OVER = "match-over"


@attrs.frozen(kw_only=True)
class Event(BaseEvent[EventKind]):
    """One thing that happened; ``clauses[0]`` is its main cause. Its fields are given by name
    (and so are they at the recorder's :meth:`~froeschis.games.frog.provenance.Recorder.fire`):
    ten of them, most of one type, are too many to give by position."""

    seat: int | None = None
    call: str | None = None
    """A call's text: ``pass``, ``frog``, ``chico`` or ``grand`` (``called``)."""
    contract: Contract | None = None
    suit: Suit | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    points: int | None = None
    result: Result | None = None
    changes: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()

    def details(self) -> list[str]:
        parts: list[str] = []
        for name in ("seat", "call", "contract", "suit", "card", "points", "result"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={getattr(value, 'value', value)}")
        if self.cards:
            parts.append("cards=" + ",".join(map(str, self.cards)))
        if self.changes:
            parts.append("changes=" + ",".join(f"{c:+d}" for c in self.changes))
        if self.seats:
            parts.append("seats=" + ",".join(map(str, self.seats)))
        return parts
