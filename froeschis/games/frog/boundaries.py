"""The numbers of Frog's catalogue that play is compared with (:mod:`froeschis.framework.boundaries`):
the count of 61, 60 and 59, the stakes, the target score; and those that are no threshold, waived
with a reason. ``froeschis conform --game frog`` plays a match reaching each side of each one."""

from __future__ import annotations

from typing import Any

from froeschis.framework.boundaries import Boundary, Waiver
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Contract


def _settled(before: Any, after: Any) -> Any:
    """The record of the deal the step ended, if it ended one that was played (None otherwise)."""
    if len(after.history) == len(before.history) or not after.history[-1].played:
        return None
    return after.history[-1]


def bidders_count(before: Any, after: Any) -> int | None:
    """The bidder's count when a deal is counted (the deal record's points)."""
    record = _settled(before, after)
    return None if record is None else int(record.points)


STAKES = {Contract.FROG: 1, Contract.CHICO: 2, Contract.GRAND: 3}
"""settle.multiplier's stakes as its statement gives them (variant.grand-four: grand 4)."""


def stake(before: Any, after: Any) -> int | None:
    """The stake of the contract a settled deal was played in."""
    record = _settled(before, after)
    if record is None:
        return None
    return 4 if record.contract is Contract.GRAND and after.rules.grand_pays_four else STAKES[record.contract]


def highest_score(before: Any, after: Any) -> int | None:
    """The highest running score once a deal is settled, when the match ends at a target score."""
    if _settled(before, after) is None or not after.rules.end_at_target_score:
        return None
    return int(max(after.scores))


TARGET = Rules(end_at_target_score=True)
"""variant.target-score by its default target of 300."""

BOUNDARIES = (
    Boundary("count.result", 60, "the bidder's count when a deal is counted", bidders_count),
    Boundary("settle.difference", 60, "the bidder's count when a deal is counted", bidders_count),
    Boundary("settle.multiplier", 2, "the stake of a settled contract", stake),
    Boundary(
        "variant.grand-four", 4, "the stake of a settled contract, grand paying four", stake, (-2, 0),
        Rules(grand_pays_four=True),
    ),
    Boundary(
        "variant.target-score", 300, "the highest score when a deal is settled", highest_score, (-1, 0),
        TARGET,
    ),
)  # fmt: skip
"""Each side of 61, 60 and 59 (a win, a draw, a loss: count.result; the base of +1, 0, -1:
settle.difference), every stake (1, 2, 3; 2 and 4 under variant.grand-four), and a score one short
of the target and at it."""

_COMPOSITION = "the deck's composition and the hand sizes the deal makes, no quantity of play"
WAIVERS = (
    Waiver(
        "players.count", (0, 1, 2, 3, 4, 5), "the seats; other counts are refused setups (refused_setups)"
    ),
    Waiver("deck.composition", (2, 3, 4, 5, 6, 7, 8, 9, 36, 52), _COMPOSITION),
    Waiver("cards.rank", (6, 7, 8, 9), "the ranks' names"),
    Waiver(
        "cards.points", (2, 3, 4, 6, 7, 8, 9, 10, 11, 30, 120), "the cards' values, summed by every count"
    ),
    Waiver("match.first-dealer", (0, 1, 2, 3), "the seats and the chance of each"),
    Waiver("deal.rotation", (1,), "the next seat"),
    Waiver(
        "deal.hand-size",
        (1, 3, 11, 36),
        "hand sizes; the feature deck plays h = 1 (one-card), refused_setups h = 0 and 34 cards",
    ),
    Waiver(
        "deal.packets",
        (0, 1, 2, 3, 4, 5, 7, 8, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24, 27, 28, 31, 32, 35, 36),
        "the positions of the deal's packets",
    ),
    Waiver("bid.first", (1,), "the next seat"),
    Waiver("bid.raise", (3,), "the three seats"),
    Waiver("bid.end", (3,), "the three seats"),
    Waiver("bid.contract-is-bid", (2,), "the two other seats"),
    Waiver("bid.all-pass", (3,), "the three seats"),
    Waiver("variant.all-pass-same-dealer", (3,), "the three seats"),
    Waiver("variant.one-bid-each", (1, 2), "the seats after the dealer"),
    Waiver("exchange.take-widow", (3, 14), _COMPOSITION),
    Waiver("exchange.discard", (3, 11, 14), _COMPOSITION),
    Waiver("play.first-lead", (1,), "the next seat"),
    Waiver("play.clockwise", (1, 2), "the next seats"),
    Waiver("trick.next-lead", (3,), "the three seats"),
    Waiver(
        "count.bidder-points",
        (3, 120),
        "the discards and the deck's points: the count's parts, not a threshold",
    ),
    Waiver("settle.multiplier", (4,), "grand's stake under variant.grand-four: that clause's boundary"),
    Waiver("variant.grand-four", (3,), "grand's published stake: settle.multiplier's boundary"),
    Waiver("settle.each-opponent", (3, 20, 40, 80), "the example's counts and payments"),
    Waiver("score.start", (150,), "the starting score, in every state's scores"),
    Waiver("match.end", (3,), "the default number of deals; the kit plays 1, 3 and 6 (length-*)"),
    Waiver("match.returns", (150,), "the starting score the returns are counted from"),
    Waiver("view.discards", (3,), "the discards"),
)
"""Frog's numbers that are no threshold."""
