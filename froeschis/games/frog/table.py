"""Frog's clause table: one slot for every decision the engine takes, in rule order.

The engine (:mod:`froeschis.games.frog.engine`) decides nothing itself: at every point where a rule
decides it calls the function in the slot for that decision, each marked with the clause of
``spec/frog/clauses.toml`` it implements (:mod:`froeschis.games.frog.clauses`). A variant or a
misreading is this table with entries replaced. Functions that depend on other clauses take the
table first and call those clauses through it, so that a replaced entry reaches every rule that
depends on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from froeschis.framework.table import ClauseTable
from froeschis.games.frog.cards import Card, Suit
from froeschis.games.frog.state import Call, Contract, DealRecord, Exchange, Plays, Result, Trick

Cards = tuple[Card, ...]
Hands = tuple[Cards, Cards, Cards]
Scores = tuple[int, int, int]
Calls = tuple[Call, ...]


@attrs.frozen(repr=False)
class FrogTable(ClauseTable):
    """For every decision of the Frog engine, the clause function that takes it."""

    # -- the table and the cards
    check_players: Callable[[int], None]
    standard_deck: Callable[[], Cards]
    rank_of: Callable[[Card], int]
    points_of: Callable[[Card], int]
    # -- dealing
    first_dealers: Callable[[], tuple[int, ...]]
    next_dealer: Callable[[int, Scores], int]
    deal_sizes: Callable[[int], tuple[int, int]]
    deal: Callable[[Sequence[Card], int, int, int], tuple[Hands, Cards]]
    # -- the auction
    first_caller: Callable[[int], int]
    call_rank: Callable[[Contract | None], int]
    legal_calls: Callable[[FrogTable, Calls], tuple[Contract | None, ...]]
    has_passed: Callable[[int, Calls], bool]
    must_wait: Callable[[FrogTable, int, Calls], bool]
    next_caller: Callable[[FrogTable, int, Calls], int | None]
    auction_over: Callable[[FrogTable, Calls, int | None], bool]
    declarer: Callable[[FrogTable, Calls], tuple[int, Contract] | None]
    passed_out_contract: Callable[[int], tuple[int, Contract] | None]
    redealer: Callable[[FrogTable, int], int]
    # -- the contracts
    trump_of: Callable[[Contract, Suit | None], Suit | None]
    trump_namer: Callable[[Contract, int, int], int | None]
    trump_choices: Callable[[], tuple[Suit, ...]]
    exchange_of: Callable[[Contract], Exchange]
    discard_options: Callable[[Cards, Cards], tuple[Cards, ...]]
    bidder_sees_widow: Callable[[Contract], bool]
    # -- the play
    first_leader: Callable[[int, int], int]
    next_in_trick: Callable[[Plays], int | None]
    lead_options: Callable[[Cards, Suit | None, tuple[Trick, ...]], Cards]
    follow_options: Callable[[Cards, Plays, Suit | None], Cards]
    void_options: Callable[[Cards, Suit | None], Cards]
    playable: Callable[[FrogTable, Cards, Plays, Suit | None, tuple[Trick, ...]], Cards]
    trick_winner: Callable[[FrogTable, Cards, Suit | None], int]
    next_leader: Callable[[int, int], int]
    play_goes_on: Callable[[Hands], bool]
    # -- the count
    bidder_points: Callable[[FrogTable, Contract, int, tuple[Trick, ...], Cards, Cards, bool], int]
    result_of: Callable[[int], Result]
    # -- the settlement
    base_of: Callable[[int], int]
    stake_of: Callable[[Contract], int]
    payments: Callable[[int, int], Scores]
    # -- the match
    start_score: Callable[[], int]
    pay: Callable[[Scores, Scores], Scores]
    match_over: Callable[[tuple[DealRecord, ...], Scores, int, int], bool]
    returns: Callable[[FrogTable, Scores], tuple[float, ...]]
    winners: Callable[[Scores], tuple[int, ...]]
    # -- what a seat sees
    hands_seen: Callable[[Hands, int], tuple[Cards | None, ...]]
    tricks_seen: Callable[[tuple[Trick, ...]], tuple[Trick, ...]]
    widow_seen: Callable[[FrogTable, int, int, Contract | None, bool, bool, Cards], Cards | None]
    discards_seen: Callable[[int, int, bool, Cards], Cards | None]


SLOTS: tuple[str, ...] = FrogTable.slots()
"""The names of the table's slots, in rule order."""
