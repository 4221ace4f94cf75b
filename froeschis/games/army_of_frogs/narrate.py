"""Events in words, without their clauses (the tools add those)."""

from __future__ import annotations

from froeschis.games.army_of_frogs.actions import cell_text
from froeschis.games.army_of_frogs.events import Event, EventKind


def describe(event: Event) -> str:
    """One event as a short sentence: ``seat 0 moved its stone from 0,0 to 0,-1``."""
    seat = f"seat {event.seat}"
    kind = event.kind
    if kind is EventKind.DEALT:
        return "the bag was mixed and every seat took two stones"
    if kind is EventKind.TURN_STARTED:
        return f"{seat}'s turn"
    if kind is EventKind.MOVED and event.start is not None and event.end is not None:
        where = f"from {cell_text(event.start)} to {cell_text(event.end)}"
        return f"{seat} moved the stone of colour {event.colour} {where}"
    if kind is EventKind.NO_MOVE:
        return f"{seat} made no move"
    if kind is EventKind.ADDED and event.end is not None:
        return f"{seat} added a stone of colour {event.colour} on {cell_text(event.end)}"
    if kind is EventKind.NO_ADD:
        return f"{seat} added no stone"
    if kind is EventKind.DREW:
        return f"{seat} drew a stone of colour {event.colour}"
    if kind is EventKind.WON:
        return "seat " + " and ".join(map(str, event.seats)) + " won: its stones are linked"
    return "the game ended without a winner"
