"""The compiled batch simulator: whole games in one numba function, on arrays of small ints.

The same representation as :mod:`froeschis.games.froeschis.fast` (a card is its code, a face-down card its
code
plus :data:`FACE_DOWN`; piles are stacks with the top card last), the same rules (every variant, any
row length and deck), the same order of events in a turn. Chance and the bots draw from numba's own
random source (xoshiro256**, seeded per game from the run's seed and the game's number), so the
kernel plays other games than the reference's ``play_game``
with the same seed; what it must get right is the rules and the bots' policies, and
``tests/games/froeschis/test_kernel.py`` checks both by replaying its recorded games on the reference.

The action log of a recorded game is a run of ints: a decision is ``0`` draw, ``1`` take the
discard, ``2`` swap, ``3`` decline the swap, ``100 + s`` a frog on spot ``s``; a chance outcome is
``CHANCE`` followed by the number of cards and their codes, first card first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

FACE_DOWN = 1024
LEAST_FACE_DOWN = FACE_DOWN - 1
CHANCE = -1000
DRAW, TAKE, SWAP, DECLINE, FROG_AT = 0, 1, 2, 3, 100
RANDOM, GREEDY = 0, 1


# --------------------------------------------------------------------------- the random source


@njit(cache=True)
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True)
def _next(state: np.ndarray) -> np.uint64:
    """xoshiro256** (Blackman and Vigna): the next 64 random bits of ``state`` (four words)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return result


@njit(cache=True)
def _seed(state: np.ndarray, seed: int, game: int) -> None:
    """The state of game ``game`` of a run with ``seed``: splitmix64 of the two, four times."""
    z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(game)
    for k in range(4):
        z += np.uint64(0x9E3779B97F4A7C15)
        x = z
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        state[k] = x ^ (x >> np.uint64(31))


@njit(cache=True)
def _below(state: np.ndarray, n: int) -> int:
    """A random whole number from 0 to ``n - 1``: 53 random bits scaled (for n up to a few hundred
    the odds of any one are equal to one part in 10**13)."""
    return int((_next(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * n)


@njit(cache=True)
def _shuffle(state: np.ndarray, cards: np.ndarray, n: int) -> None:
    """Fisher-Yates on ``cards[:n]``: every order equally likely."""
    for i in range(n - 1, 0, -1):
        j = _below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@njit(cache=True)
def _placeable(card: int, row: np.ndarray, length: int) -> bool:
    """A frog, or a number whose spot is face down or shows a frog."""
    if card == 0:
        return True
    if card < 0 or card > length:
        return False
    lying = row[card - 1]
    return bool(lying >= LEAST_FACE_DOWN or lying == 0)


@njit(cache=True)
def _unseen(
    number: int,
    deck_counts: np.ndarray,
    rows: np.ndarray,
    lengths: np.ndarray,
    discard: np.ndarray,
    discards: int,
) -> int:
    """Copies of ``number`` nobody can see: the deck's, less those face up in a row or discarded
    (the frog in hand is no number)."""
    if number >= deck_counts.shape[0]:
        return 0
    seen = 0
    for s in range(lengths.shape[0]):
        for i in range(lengths[s]):
            if rows[s, i] == number:
                seen += 1
    for k in range(discards):
        if discard[k] == number:
            seen += 1
    return int(deck_counts[number]) - seen


# Inlined by numba: as a call, it made games recorded whole some 10% slower.
@njit(cache=True, inline="always")
def _append(log: np.ndarray, at: int, entry: int, cards: np.ndarray) -> tuple[int, bool]:
    """Write one entry of a game's action log at ``at``: a decision, or ``CHANCE`` followed by the
    number of ``cards`` and the cards. Returns where the log goes on and True; or, when the log has no
    room for the entry, ``at`` and False (nothing written: the game is logged no further)."""
    size = cards.shape[0] + 2 if entry == CHANCE else 1
    if at + size > log.shape[0]:
        return at, False
    log[at] = entry
    if entry == CHANCE:
        log[at + 1] = cards.shape[0]
        log[at + 2 : at + size] = cards
    return at + size, True


@njit(cache=True)
def simulate_games(
    players: int,
    games: int,
    seed: int,
    deck: np.ndarray,
    row_length: int,
    placeable_only: bool,
    optional_swap: bool,
    reveal_at_end: bool,
    bots: np.ndarray,
    record: int,
    winners: np.ndarray,
    rounds: np.ndarray,
    turns: np.ndarray,
    decisions: np.ndarray,
    reshuffles: np.ndarray,
    reshuffled_rounds: np.ndarray,
    log: np.ndarray,
    log_ends: np.ndarray,
) -> int:
    """Play ``games`` games into ``winners``, ``rounds``, ``turns``, ``decisions`` (the players'
    actions), ``reshuffles`` and ``reshuffled_rounds`` (rounds with at least one); log the first
    ``record``.

    Returns the number of games logged (fewer than ``record`` when ``log`` ran out of room).
    """
    cards = deck.shape[0]
    biggest = 0
    for k in range(cards):
        biggest = max(biggest, deck[k])
    deck_counts = np.zeros(biggest + 1, np.int64)
    for k in range(cards):
        if deck[k] > 0:
            deck_counts[deck[k]] += 1
    rows = np.zeros((players, row_length), np.int64)
    lengths = np.zeros(players, np.int64)
    hidden = np.zeros(players, np.int64)  # face-down cards per row: a row is complete at 0
    order = np.zeros(cards, np.int64)
    draw = np.zeros(cards, np.int64)
    discard = np.zeros(cards, np.int64)
    spots = np.zeros(row_length, np.int64)
    state = np.zeros(4, np.uint64)
    no_cards = np.zeros(0, np.int64)
    at = 0
    logged = 0
    for g in range(games):
        _seed(state, seed, g)
        logging = g < record and logged == g
        start = at
        lengths[:] = row_length
        round_number = 0
        played = 0
        decided = 0
        reshuffled = 0
        rounds_reshuffled = 0
        while True:
            round_number += 1
            reshuffled_now = False
            order[:] = deck
            _shuffle(state, order, cards)
            if logging:
                at, logging = _append(log, at, CHANCE, order)
            dealt = 0
            for s in range(players):
                hidden[s] = lengths[s]
                for i in range(lengths[s]):
                    rows[s, i] = order[dealt] + FACE_DOWN
                    dealt += 1
            draws = cards - dealt
            for k in range(draws):
                draw[k] = order[cards - 1 - k]
            discards = 0
            seat = (round_number - 1) % players
            first = -1
            played += 1
            while True:
                length = lengths[seat]
                row = rows[seat]
                bot = bots[seat]
                can_take = discards > 0 and (
                    not placeable_only or _placeable(discard[discards - 1], row, length)
                )
                take = False
                decided += 1
                if can_take:
                    if bot == RANDOM:
                        take = _below(state, 2) == 1
                    else:
                        take = _placeable(discard[discards - 1], row, length)
                if logging:
                    at, logging = _append(log, at, TAKE if take else DRAW, no_cards)
                if take:
                    discards -= 1
                    hand = discard[discards]
                else:
                    if draws == 0:
                        reshuffled += 1
                        reshuffled_now = True
                        pool = discards - 1
                        for k in range(pool):
                            order[k] = discard[discards - 2 - k]
                        _shuffle(state, order, pool)
                        if logging:
                            at, logging = _append(log, at, CHANCE, order[:pool])
                        for k in range(pool):
                            draw[k] = order[pool - 1 - k]
                        draws = pool
                        discard[0] = discard[discards - 1]
                        discards = 1
                    draws -= 1
                    hand = draw[draws]
                completed = False
                while True:
                    if hidden[seat] == 0:
                        completed = True
                        break
                    if hand == 0:
                        down = 0
                        for i in range(length):
                            if row[i] >= LEAST_FACE_DOWN:
                                spots[down] = i + 1
                                down += 1
                        if bot == RANDOM or down == 1:
                            target = spots[_below(state, down)] if down > 1 else spots[0]
                        else:
                            fewest = 1 << 30
                            ties = 0
                            for d in range(down):
                                left = _unseen(spots[d], deck_counts, rows, lengths, discard, discards)
                                if left < fewest:
                                    fewest = left
                                    ties = 0
                                if left == fewest:
                                    spots[ties] = spots[d]
                                    ties += 1
                            target = spots[_below(state, ties)] if ties > 1 else spots[0]
                        decided += 1
                        if logging:
                            at, logging = _append(log, at, FROG_AT + target, no_cards)
                        hand = row[target - 1] - FACE_DOWN
                        row[target - 1] = 0
                        hidden[seat] -= 1
                        continue
                    if hand < 0 or hand > length:
                        break
                    lying = row[hand - 1]
                    if lying >= LEAST_FACE_DOWN:
                        row[hand - 1] = hand
                        hand = lying - FACE_DOWN
                        hidden[seat] -= 1
                    elif lying == 0:
                        if optional_swap:
                            swap = True if bot == GREEDY else _below(state, 2) == 0
                            decided += 1
                            if logging:
                                at, logging = _append(log, at, SWAP if swap else DECLINE, no_cards)
                            if not swap:
                                break
                        row[hand - 1] = hand
                        hand = 0
                    else:
                        break
                discard[discards] = hand
                discards += 1
                if completed and first < 0:
                    first = seat
                seat = seat + 1 if seat + 1 < players else 0
                if seat == first:
                    break
                played += 1
            rounds_reshuffled += reshuffled_now
            if reveal_at_end:
                for s in range(players):
                    lucky = True
                    down = False
                    for i in range(lengths[s]):
                        v = rows[s, i]
                        if v >= LEAST_FACE_DOWN:
                            down = True
                            v -= FACE_DOWN
                        if v != 0 and v != i + 1:
                            lucky = False
                    if down and lucky:
                        for i in range(lengths[s]):
                            if rows[s, i] >= LEAST_FACE_DOWN:
                                rows[s, i] -= FACE_DOWN
                        hidden[s] = 0
            won = False
            for s in range(players):
                if hidden[s] == 0 and lengths[s] == 1:
                    winners[g, s] = True
                    won = True
            if won:
                break
            for s in range(players):
                if hidden[s] == 0:
                    lengths[s] -= 1
        rounds[g] = round_number
        turns[g] = played
        decisions[g] = decided
        reshuffles[g] = reshuffled
        reshuffled_rounds[g] = rounds_reshuffled
        if logging:
            log_ends[g] = at
            logged += 1
        else:
            at = start
    return logged
