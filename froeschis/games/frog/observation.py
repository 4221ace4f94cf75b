"""What one seat may see of a state, as JSON: its own hand, the public course of the deal, and
the widow and the discards only when the view clauses show them.

The view is built through the clause table's view slots (view.own-hand, view.public, view.widow,
view.discards), so a misreading of what a seat sees is a replaced entry like any other. Every card
in a view is one the seat may know; ``tests/contract/test_state_machine.py`` checks that after every
step of random games (:func:`froeschis.games.frog.invariants.check_observations`), against the
rules stated independently of these clauses.
"""

from __future__ import annotations

from typing import Any

from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.serialize import calls_to_json, plays_to_json, tricks_to_json
from froeschis.games.frog.state import NOBODY, SEATS, DealRecord
from froeschis.games.frog.table import Cards, FrogTable

VIEW_FORMAT = "froeschis.frog-view/1"


def _shown(held: Cards | None) -> list[str] | None:
    return None if held is None else [str(c) for c in held]


def _seat(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def _past_deal(table: FrogTable, seat: int, record: DealRecord) -> dict[str, Any]:
    """A finished deal as ``seat`` sees it: everything but the widow taken into the frog hand."""
    return {
        "dealer": record.dealer,
        "calls": calls_to_json(record.calls),
        "bidder": _seat(record.bidder),
        "contract": None if record.contract is None else record.contract.value,
        "trump": None if record.trump is None else record.trump.value,
        "widow_taken": record.widow_taken,
        "widow": _shown(
            table.widow_seen(
                table, seat, record.bidder, record.contract, record.widow_taken, True, record.widow
            )
        ),
        "discards": _shown(table.discards_seen(seat, record.bidder, True, record.discards)),
        "points": record.points,
        "result": None if record.result is None else record.result.value,
        "changes": list(record.changes),
    }


def observe(state: FrogState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state``: the keys of ``spec/frog/protocol.md``'s view."""
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise ValueError(f"no seat {seat!r} in Frog: the seats are 0, 1 and 2")
    table = state.rules.table
    hands = table.hands_seen(state.hands, seat)
    widow = table.widow_seen(table, seat, state.bidder, state.contract, state.widow_taken, False, state.widow)
    discards = table.discards_seen(seat, state.bidder, False, state.discards)
    deciding = state.current_player == seat
    return {
        "format": VIEW_FORMAT,
        "seat": seat,
        "phase": state.phase.value,
        "dealer": _seat(state.dealer),
        "deals": state.deals,
        "scores": list(state.scores),
        "turn": _seat(state.turn),
        "hands": [_shown(hand) for hand in hands],
        "hand_sizes": [len(hand) for hand in state.hands],
        "calls": calls_to_json(state.calls),
        "bidder": _seat(state.bidder),
        "contract": None if state.contract is None else state.contract.value,
        "trump": None if state.trump is None else state.trump.value,
        "widow_taken": state.widow_taken,
        "widow": _shown(widow),
        "discards": _shown(discards),
        "leader": _seat(state.leader),
        "trick": plays_to_json(state.trick),
        "tricks": tricks_to_json(table.tricks_seen(state.tricks)),
        "history": [_past_deal(table, seat, record) for record in state.history],
        "winners": list(state.winners),
        "legal": [str(action) for action in state.legal_actions()] if deciding else [],
    }
