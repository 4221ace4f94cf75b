"""The numbers of Fröschis' catalogue that play is compared with
(:mod:`froeschis.framework.boundaries`): a number above the row length (an 8 in a row of 7, a 7 in a
row of 6); and those that are no threshold, waived with a reason. ``froeschis conform`` plays a
game reaching each side of each one."""

from __future__ import annotations

from typing import Any

from froeschis.framework.boundaries import Boundary, Measure, Waiver


def _handled(before: Any, after: Any) -> list[int]:
    """The numbers of the cards the seat to move placed face up or discarded in a step."""
    seat = before.turn
    if before.round != after.round or not 0 <= seat < len(before.players):
        return []
    was, now = before.players[seat].row.spots, after.players[seat].row.spots
    placed = [
        spot.card.number
        for old, spot in zip(was, now, strict=False)
        if spot.face_up and spot.card.is_number and (not old.face_up or old.card != spot.card)
    ]
    grown = len(after.discard_pile) == len(before.discard_pile) + 1
    discarded = [after.discard_pile[0].number] if grown and after.discard_pile[0].is_number else []
    return placed + discarded


def handled_in_row_of(length: int) -> Measure:
    """The highest number a seat whose row has ``length`` spots places or discards in a step (a
    number up to the length has a spot; one above it is dead: dead.above-row-length)."""

    def measure(before: Any, after: Any) -> int | None:
        seat = before.turn
        if not 0 <= seat < len(before.players) or before.players[seat].length != length:
            return None
        return max(_handled(before, after), default=None)

    measure.__qualname__ = f"handled_in_row_of({length})"
    return measure


IN_A_ROW_OF_7 = handled_in_row_of(7)
IN_A_ROW_OF_6 = handled_in_row_of(6)

BOUNDARIES = (
    Boundary("dead.above-row-length", 7, "the highest number handled in a row of 7", IN_A_ROW_OF_7, (0, 1)),
    Boundary("dead.above-row-length", 6, "the highest number handled in a row of 6", IN_A_ROW_OF_6, (0, 1)),
)
"""A 7 and an 8 handled in a row of 7, a 6 and a 7 in a row of 6: the statement's own examples, a
number at the row length (it has a spot) and one above (dead)."""

_SEATS = "seat numbers and the next seat"
WAIVERS = (
    Waiver("deck.composition", (1, 4, 6, 8, 48, 60), "the deck's composition"),
    Waiver("players.count", (0, 1, 2, 3, 4), "the seats; other counts are refused setups (refused_setups)"),
    Waiver("turn.order", (0, 1), _SEATS),
    Waiver("row.initial-length", (8,), "the first round's row length, in every state's rows"),
    Waiver(
        "round.deal",
        (0, 1, 2, 4, 28, 60),
        "the seats and the deck's size; the two spare cards a custom deck needs are a setup the kit "
        "refuses one card short (refused_setups) and plays at the least (the biased least-deck game)",
    ),
    Waiver("round.start-seat", (0, 1), _SEATS),
    Waiver("place.number-spot", (1, 2), "the statement's example of spot n"),
    Waiver("turn.chain-order", (1, 2, 3, 4, 5, 6), "the numbers of the list's items"),
    Waiver("game.returns", (0, 1), "the returns' values"),
)
"""Fröschis' numbers that are no threshold."""
