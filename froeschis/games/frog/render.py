"""Frog as text: a hand sorted by suit, a trick, a whole state in a few lines, events in words."""

from __future__ import annotations

from collections.abc import Iterable

from froeschis.games.frog.cards import SUITS, Card, sort_cards
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.state import NOBODY, DealRecord, Phase, Plays

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def render_hand(held: Iterable[Card]) -> str:
    """A hand by suit, S H D C, highest first: ``♠ A T 9  ♥ K 7  ♦ -  ♣ Q 8 6``."""
    ordered = sort_cards(held)
    parts = []
    for suit in SUITS:
        ranks = " ".join(c.rank for c in ordered if c.suit is suit) or "-"
        parts.append(f"{SUIT_SYMBOLS[suit.value]} {ranks}")
    return "  ".join(parts)


def render_trick(plays: Plays, winner: int | None = None) -> str:
    """A trick as played: ``seat 1 AS, seat 2 KS, seat 0 7H``, and who won it when it is complete."""
    if not plays:
        return "(no card played yet)"
    text = ", ".join(f"seat {seat} {card}" for seat, card in plays)
    return text if winner is None else f"{text}: seat {winner} wins"


def render(state: FrogState) -> str:
    """The state for a terminal: the match, the auction, the contract, every hand, the trick."""
    rules = state.rules
    length = f"to {rules.target_score} points" if rules.end_at_target_score else f"of {rules.deals} deals"
    lines = [f"Frog, a match {length}: {state}"]
    dealer = "not drawn yet" if state.dealer == NOBODY else f"seat {state.dealer}"
    lines.append(f"dealer {dealer}; scores " + " ".join(map(str, state.scores)))
    if state.calls:
        lines.append("auction: " + ", ".join(f"seat {s} {c.value if c else 'pass'}" for s, c in state.calls))
    if state.contract is not None:
        trump = state.trump.value if state.trump is not None else "to be named"
        taken = ", widow taken" if state.widow_taken else ""
        lines.append(f"contract: {state.contract.value} by seat {state.bidder}, trumps {trump}{taken}")
    for seat, hand in enumerate(state.hands):
        if hand or state.calls:
            marker = ">" if seat == state.turn else " "
            lines.append(f"{marker} seat {seat}: {render_hand(hand)} ({len(hand)})")
    if state.widow:
        lines.append(
            "  widow: "
            + " ".join(map(str, state.widow))
            + (" (taken into hand)" if state.widow_taken else "")
        )
    if state.discards:
        lines.append(f"  laid away by seat {state.bidder}: " + " ".join(map(str, state.discards)))
    if state.tricks or state.trick:
        lines.append(f"trick {len(state.tricks) + 1}: {render_trick(state.trick)}")
    if state.history and (state.phase is Phase.DEAL or state.phase is Phase.OVER):
        lines.append(
            f"last deal: {_record(state.history[-1])}; scores now " + " ".join(map(str, state.scores))
        )
    if state.winners:
        lines.append("winners: " + ", ".join(f"seat {w}" for w in state.winners))
    return "\n".join(lines)


def _record(record: DealRecord) -> str:
    if record.contract is None:
        return "passed out"
    outcome = "" if record.result is None else f" ({record.result.value})"
    changes = " ".join(f"{c:+d}" for c in record.changes)
    return (
        f"{record.contract} by seat {record.bidder}, {record.points} points{outcome}, score changes {changes}"
    )


_DRAWN_AFTER = frozenset(
    {EventKind.DEALT, EventKind.WIDOW_LEFT, EventKind.DISCARDED, EventKind.SETTLED, EventKind.PASSED_OUT}
)


def drawn_after(before: FrogState, after: FrogState, events: Iterable[Event]) -> bool:
    """The moments ``watch`` (which sees every card: bots play) draws the table: the cards dealt
    (every hand and the widow), the exchange over (the bidder's hand, what it laid away) and the
    deal settled or passed out (its score changes and the scores)."""
    return any(event.kind in _DRAWN_AFTER for event in events)


def describe(event: Event) -> str:
    """One event in words, without its clauses."""
    kind = event.kind
    seat = f"seat {event.seat}"
    words = {
        EventKind.TO_DEAL: f"{seat} deals",
        EventKind.DEALT: f"{seat} dealt the cards",
        EventKind.TO_CALL: f"{seat} to call",
        EventKind.CALLED: f"{seat} {'passes' if event.call == 'pass' else 'bids ' + str(event.call)}",
        EventKind.AUCTION_WON: f"{seat} plays {event.contract}",
        EventKind.PASSED_OUT: "all three passed: the deal is void",
        EventKind.WIDOW_TAKEN: f"{seat} takes the widow into hand",
        EventKind.WIDOW_LEFT: f"{seat} leaves the widow",
        EventKind.DISCARDED: f"{seat} lays {len(event.cards)} cards away",
        EventKind.TRUMPS: f"trumps are {event.suit}"
        + (f", named by {seat}" if event.seat is not None else ""),
        EventKind.TO_PLAY: f"{seat} to play",
        EventKind.PLAYED: f"{seat} plays {event.card}",
        EventKind.TRICK_WON: f"{seat} wins the trick " + " ".join(map(str, event.cards)),
        EventKind.COUNTED: f"{seat}, the bidder, counts {event.points}: "
        + ("a " + event.result.value if event.result is not None else ""),
        EventKind.SETTLED: "scores change by " + " ".join(f"{c:+d}" for c in event.changes),
        EventKind.MATCH_OVER: "the match is over; "
        + ("winner" if len(event.seats) == 1 else "winners")
        + " "
        + ", ".join(f"seat {s}" for s in event.seats),
    }
    return words[kind]
