"""Frog's compiled kernel (numba; the extra ``froeschis[fast]``): random matches in one compiled loop.

:func:`simulate` plays ``matches`` random matches (every decision uniform among the legal ones, as
the random bot decides) of the published rules or any variant, with the standard deck or a tiny
one, on arrays of small ints (a card is its code, suit x 9 + rank index, as in
:mod:`froeschis.games.frog.fast`), and returns each match's final scores, deals and actions.
Chance and the decisions draw from the kernel's own random source (xoshiro256**, seeded per match
from the run's seed and the match's number), so it plays other matches than the reference from the
same seed, from the same distribution; what it must get right is the rules, and ``record=K``
returns the first ``K`` matches' actions as the reference's, which
``tests/games/frog/test_frog_kernel.py`` replays on the reference (every action legal there, the
same scores at the end) beside a comparison of many matches' statistics with the reference's.
"""

from __future__ import annotations

import time

import attrs

from froeschis.framework.errors import FormatError
from froeschis.games.frog.actions import (
    BIDS,
    LEAVE_WIDOW,
    NAMES,
    PLAYS,
    TAKE_WIDOW,
    Action,
    Discard,
    DrawDealer,
    Shuffle,
)
from froeschis.games.frog.cards import ALL_CARDS, SUITS
from froeschis.games.frog.engine import new_game
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Contract

try:
    import numpy as np
    from numba import njit
except ImportError as missing:  # pragma: no cover - the kernel tests skip without numba
    raise ImportError(
        f"froeschis.games.frog.kernel needs numba and numpy ({missing}): pip install 'froeschis[fast]'"
    ) from None

DEALER_AT, SHUFFLE, CALL, TAKE, LEAVE, DISCARD, TRUMP, PLAY = 600, 700, 100, 200, 201, 300, 400, 500
"""The log's entries: the first dealer ``600 + seat``; a shuffle ``700`` then the deck's codes; a
call ``100 + rank`` (a pass 0, frog 1, chico 2, grand 3); taking or leaving the widow; a discard
``300`` then the codes laid away; trumps ``400 + suit``; a card ``500 + code``."""
LOG_ROOM_PER_MATCH = 600


@njit(cache=True, inline="always")
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def _next(s: np.ndarray) -> np.uint64:
    """xoshiro256** (Blackman and Vigna): the next 64 random bits of ``s`` (four words)."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(cache=True)
def _seed(s: np.ndarray, seed: int, match: int) -> None:
    """The source of match ``match`` of a run with ``seed``: splitmix64 of the two, four times."""
    z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(match)
    for k in range(4):
        z += np.uint64(0x9E3779B97F4A7C15)
        x = z
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        s[k] = x ^ (x >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(s: np.ndarray, n: int) -> int:
    """A random whole number from 0 to ``n - 1`` (53 random bits scaled)."""
    return int((_next(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * n)


@njit(cache=True)
def _log(log: np.ndarray, at: int, entry: int) -> int:
    if at < log.shape[0]:
        log[at] = entry
    return at + 1


@njit(cache=True)
def _sort(cards: np.ndarray, n: int) -> None:
    for i in range(1, n):
        c = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > c:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = c


@njit(cache=True)
def play_matches(
    matches: int,
    seed: int,
    deck: np.ndarray,
    options: np.ndarray,
    record: int,
    scores_out: np.ndarray,
    deals_out: np.ndarray,
    actions_out: np.ndarray,
    log: np.ndarray,
    ends: np.ndarray,
) -> None:
    """Play ``matches`` random matches; ``options``: hand size, widow size, the three packets, one
    bid each, same dealer, optional exchange, chico may name hearts, grand's stake, deals per match
    (0: to the target), target score, start score."""
    hand_size, widow_size = options[0], options[1]
    p0, p1, p2 = options[2], options[3], options[4]
    one_bid, same_dealer, optional, hearts_ok = options[5], options[6], options[7], options[8]
    grand_stake, deals_per_match, target, start = options[9], options[10], options[11], options[12]
    points = np.array([11, 10, 4, 3, 2, 0, 0, 0, 0], dtype=np.int64)
    n = deck.shape[0]
    rng = np.zeros(4, dtype=np.uint64)
    order = np.zeros(n, dtype=np.int64)
    hands = np.zeros((3, hand_size + widow_size), dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)
    widow = np.zeros(widow_size, dtype=np.int64)
    laid = np.zeros(widow_size, dtype=np.int64)
    legal = np.zeros(hand_size + widow_size, dtype=np.int64)
    pick = np.zeros(widow_size, dtype=np.int64)
    scores = np.zeros(3, dtype=np.int64)
    passed = np.zeros(3, dtype=np.bool_)
    called = np.zeros(3, dtype=np.bool_)
    trick = np.zeros(3, dtype=np.int64)
    at = 0
    for m in range(matches):
        logging = m < record
        _seed(rng, seed, m)
        scores[:] = start
        actions = 1
        dealer = _below(rng, 3)
        if logging:
            at = _log(log, at, DEALER_AT + dealer)
        deals = 0
        while True:
            order[:] = deck
            for i in range(n - 1, 0, -1):
                j = _below(rng, i + 1)
                order[i], order[j] = order[j], order[i]
            actions += 1
            if logging:
                at = _log(log, at, SHUFFLE)
                for i in range(n):
                    at = _log(log, at, order[i])
            counts[:] = 0
            k = 0
            for size in (p0, p1):
                for step in (1, 2, 3):
                    seat = (dealer + step) % 3
                    for _ in range(size):
                        hands[seat, counts[seat]] = order[k]
                        counts[seat] += 1
                        k += 1
            for i in range(widow_size):
                widow[i] = order[k]
                k += 1
            _sort(widow, widow_size)
            for step in (1, 2, 3):
                seat = (dealer + step) % 3
                for _ in range(p2):
                    hands[seat, counts[seat]] = order[k]
                    counts[seat] += 1
                    k += 1
            for seat in range(3):
                _sort(hands[seat], counts[seat])
            # the auction
            high, holder = 0, -1
            passed[:] = False
            called[:] = False
            seat = (dealer + 1) % 3
            while True:
                choice = _below(rng, 4 - high)
                rank = 0 if choice == 0 else high + choice
                actions += 1
                if logging:
                    at = _log(log, at, CALL + rank)
                called[seat] = True
                if rank:
                    high, holder = rank, seat
                else:
                    passed[seat] = True
                following = -1
                for step in (1, 2, 3):
                    other = (seat + step) % 3
                    waits = called[other] if one_bid else other == holder
                    if not passed[other] and not waits:
                        following = other
                        break
                if following < 0 or high == 3:
                    break
                seat = following
            deals += 1
            if high == 0:
                if not same_dealer:
                    dealer = (dealer + 1) % 3
            else:
                bidder = holder
                trump = 1
                taken = False
                if high == 1:
                    taken = True
                    if optional:
                        taken = _below(rng, 2) == 0
                        actions += 1
                        if logging:
                            at = _log(log, at, TAKE if taken else LEAVE)
                    if taken:
                        c = counts[bidder]
                        for i in range(widow_size):
                            hands[bidder, c + i] = widow[i]
                        c += widow_size
                        _sort(hands[bidder], c)
                        # a combination of widow_size of the c cards, uniformly: by rank in
                        # lexicographic order, as itertools.combinations lists them
                        total = 1
                        for i in range(widow_size):
                            total = total * (c - i) // (i + 1)
                        r = _below(rng, total)
                        x = 0
                        for i in range(widow_size):
                            while True:
                                left = c - x - 1
                                need = widow_size - i - 1
                                ways = 1
                                for q in range(need):
                                    ways = ways * (left - q) // (q + 1)
                                if r < ways:
                                    break
                                r -= ways
                                x += 1
                            pick[i] = x
                            x += 1
                        for i in range(widow_size):
                            laid[i] = hands[bidder, pick[i]]
                        kept = 0
                        q = 0
                        for i in range(c):
                            if q < widow_size and pick[q] == i:
                                q += 1
                            else:
                                hands[bidder, kept] = hands[bidder, i]
                                kept += 1
                        counts[bidder] = kept
                        actions += 1
                        if logging:
                            at = _log(log, at, DISCARD)
                            for i in range(widow_size):
                                at = _log(log, at, laid[i])
                elif high == 2:
                    trump = _below(rng, 4) if hearts_ok else (0, 2, 3)[_below(rng, 3)]
                    actions += 1
                    if logging:
                        at = _log(log, at, TRUMP + trump)
                won = 0
                if taken:
                    for i in range(widow_size):
                        won += points[laid[i] % 9]
                else:
                    for i in range(widow_size):
                        won += points[widow[i] % 9]
                leader = (dealer + 1) % 3
                for _ in range(hand_size):
                    seat = leader
                    led = -1
                    for t in range(3):
                        c = counts[seat]
                        hand = hands[seat]
                        size = 0
                        if t > 0:
                            for i in range(c):
                                if hand[i] // 9 == led:
                                    legal[size] = i
                                    size += 1
                            if size == 0:
                                for i in range(c):
                                    if hand[i] // 9 == trump:
                                        legal[size] = i
                                        size += 1
                        if size == 0:
                            for i in range(c):
                                legal[size] = i
                                size += 1
                        spot = legal[_below(rng, size)]
                        card = hand[spot]
                        for i in range(spot, c - 1):
                            hand[i] = hand[i + 1]
                        counts[seat] = c - 1
                        if t == 0:
                            led = card // 9
                        trick[t] = card
                        actions += 1
                        if logging:
                            at = _log(log, at, PLAY + card)
                        seat = (seat + 1) % 3
                    best, strongest = 0, -1
                    for t in range(3):
                        suit = trick[t] // 9
                        strength = (32 if suit == trump else 16 if suit == led else 0) + 8 - trick[t] % 9
                        if strength > strongest:
                            best, strongest = t, strength
                    leader = (leader + best) % 3
                    if leader == bidder:
                        won += points[trick[0] % 9] + points[trick[1] % 9] + points[trick[2] % 9]
                stake = grand_stake if high == 3 else high
                amount = (won - 60) * stake
                for s in range(3):
                    scores[s] += 2 * amount if s == bidder else -amount
                dealer = (dealer + 1) % 3
            if deals_per_match > 0:
                if deals >= deals_per_match:
                    break
            elif max(scores[0], scores[1], scores[2]) >= target:
                break
        scores_out[m, :] = scores
        deals_out[m] = deals
        actions_out[m] = actions
        if logging:
            ends[m] = at


@attrs.frozen
class KernelResult:
    """What :func:`simulate` played: each match's scores, deals and actions, and the logs asked for."""

    scores: np.ndarray
    """``int64`` array of shape (matches, 3): the final scores."""
    deals: np.ndarray
    actions: np.ndarray
    """Each match's actions, chance included."""
    logs: tuple[tuple[Action, ...], ...]


def _options(rules: Rules) -> np.ndarray:
    if rules.readings:
        raise FormatError("rules.readings", "the kernel plays the published rules and their variants")
    new_game(3, rules)  # refused as the reference refuses it
    hand, widow = rules.table.deal_sizes(len(rules.deck))
    first = min(4, hand)
    second = min(3, hand - first)
    return np.array(
        [
            hand, widow, first, second, hand - first - second, rules.one_bid_each,
            rules.all_pass_same_dealer, rules.optional_frog_exchange, rules.chico_may_name_hearts,
            4 if rules.grand_pays_four else 3, 0 if rules.end_at_target_score else rules.deals,
            rules.target_score, rules.table.start_score(),
        ],
        dtype=np.int64,
    )  # fmt: skip


def simulate(matches: int, seed: int, rules: Rules | None = None, record: int = 0) -> KernelResult:
    """Play ``matches`` random matches from ``seed`` by ``rules`` (the published ones by default)."""
    rules = Rules() if rules is None else rules
    options = _options(rules)
    record = min(record, matches)
    deck = np.array([card.code for card in rules.deck], dtype=np.int64)
    scores = np.zeros((matches, 3), dtype=np.int64)
    deals = np.zeros(matches, dtype=np.int64)
    actions = np.zeros(matches, dtype=np.int64)
    log = np.zeros(max(1, record * LOG_ROOM_PER_MATCH * max(1, int(options[10]) or 20)), dtype=np.int64)
    ends = np.zeros(max(1, record), dtype=np.int64)
    play_matches(matches, seed, deck, options, record, scores, deals, actions, log, ends)
    if record and ends[record - 1] > log.shape[0]:
        raise FormatError("record", f"the logs of {record} matches did not fit: record fewer")
    starts = [0, *ends[: record - 1].tolist()] if record else []
    logs = tuple(
        _actions(log[a:b].tolist(), len(rules.deck), int(options[1]))
        for a, b in zip(starts, ends[:record].tolist(), strict=True)
    )
    return KernelResult(scores, deals, actions, logs)


_CALLS = (None, Contract.FROG, Contract.CHICO, Contract.GRAND)


def _actions(entries: list[int], deck_size: int, widow_size: int) -> tuple[Action, ...]:
    """A match's log as the reference's actions."""
    actions: list[Action] = []
    k = 0
    while k < len(entries):
        entry = entries[k]
        if entry == SHUFFLE:
            actions.append(Shuffle(tuple(ALL_CARDS[c] for c in entries[k + 1 : k + 1 + deck_size])))
            k += deck_size + 1
        elif entry == DISCARD:
            actions.append(Discard(tuple(ALL_CARDS[c] for c in entries[k + 1 : k + 1 + widow_size])))
            k += widow_size + 1
        else:
            actions.append(_decision(entry))
            k += 1
    return tuple(actions)


def _decision(entry: int) -> Action:
    if entry >= DEALER_AT:
        return DrawDealer(entry - DEALER_AT)
    if entry >= PLAY:
        return PLAYS[ALL_CARDS[entry - PLAY]]
    if entry >= TRUMP:
        return NAMES[SUITS[entry - TRUMP]]
    if entry in (TAKE, LEAVE):
        return TAKE_WIDOW if entry == TAKE else LEAVE_WIDOW
    return BIDS[_CALLS[entry - CALL]]


def deals_per_second(players: int, matches: int, first_seed: int) -> float:
    """Deals per second of the kernel playing ``matches`` random matches (compiled first)."""
    simulate(1, first_seed)
    start = time.perf_counter()
    result = simulate(matches, first_seed)
    return int(result.deals.sum()) / (time.perf_counter() - start)
