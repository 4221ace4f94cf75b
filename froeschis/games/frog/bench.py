"""Frog's part of ``froeschis bench --game frog``: random matches played by the reference engine, and
the same matches played by a bare loop, so that the engine's speed is set beside the least a Python
program does to play them.

The bare loop (:func:`play_bare`) keeps the published rules only (the 36 cards, three deals, no
variant) in mutable lists of ints (a card is its code, suit x 9 + rank index), in one function,
with no states, actions, clause table or checks beyond what picking a legal call, discard, trump or
card needs. It draws from its random source exactly as the engine's random game does
(:func:`froeschis.framework.loop.play_game` with random bots: ``choice`` for the first dealer,
``shuffle`` of the sorted deck at each deal, ``choice`` among the legal decisions in the engine's
order), so with the same seed it plays the very same match: ``tests/tools/test_bench_games.py`` holds it
to that (every deal's bidder, contract and count, the scores, the number of actions). The ratio of
the two speeds is the cost of the reference's immutable states and clause-table walk.
"""

from __future__ import annotations

import itertools
import random

import attrs

from froeschis.framework.bench import GameBench, OwnGames, SameGames
from froeschis.framework.loop import drive, random_policy
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.fast import play_fast
from froeschis.games.frog.state import Contract

_RANKS = 9
_HEARTS = 1
_CHICO_SUITS = (0, 2, 3)
"""chico.suits: spades, diamonds, clubs (suit indices S 0, H 1, D 2, C 3)."""
_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0)
"""cards.points by rank index (A T K Q J 9 8 7 6)."""
_STAKES = (0, 1, 2, 3)
"""settle.multiplier by call (pass, frog, chico, grand)."""
_CALLS = (0, 1, 2, 3)
"""The calls by rank (bid.ranking): pass, frog, chico, grand."""
_CALL_OF = {None: 0, Contract.FROG: 1, Contract.CHICO: 2, Contract.GRAND: 3}
_SEATS = (0, 1, 2)
_DEALS = 3


@attrs.frozen
class Played:
    """How a random match ended, in terms both loops give alike."""

    units: int
    """The deals played or passed out (what ``bench`` counts per second)."""
    actions: int
    """The actions, chance included, as the engine's game record counts them."""
    outcome: tuple[object, ...]
    """Every deal's (bidder, call, count) (a passed-out deal: (-1, 0, None)), then the scores."""


def play_engine(players: int, seed: int) -> Played:
    """The random match ``play_game(frog, players, seed)`` plays, by the reference engine."""
    rng = random.Random(seed)

    def chance(state: FrogState) -> object:
        return sample_chance(state, rng)

    final, actions = drive(new_game(players), (random_policy,) * players, (rng,) * players, chance)
    deals = tuple((d.bidder, _CALL_OF[d.contract], d.points) for d in final.history)
    return Played(final.deals, len(actions), (*deals, final.scores))


def play_fast_match(players: int, seed: int) -> Played:
    """The same random match by FastFrog (:func:`froeschis.games.frog.fast.play_fast`)."""
    final, actions = play_fast(players, seed)
    deals = tuple((d.bidder, _CALL_OF[d.contract], d.points) for d in final.history)
    scores = final.scores
    return Played(final.deals, actions, (*deals, (scores[0], scores[1], scores[2])))


def play_bare(players: int, seed: int) -> Played:
    """The same random match by the bare loop (published rules; ``players`` is three)."""
    rng = random.Random(seed)
    choice, shuffle = rng.choice, rng.shuffle
    scores = [150, 150, 150]
    dealer = choice(_SEATS)
    actions = 1
    deals: list[tuple[object, ...]] = []
    for _ in range(_DEALS):
        order = list(range(36))
        shuffle(order)
        actions += 1
        seats = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
        hands: list[list[int]] = [[], [], []]
        at = 0
        for size in (4, 3):
            for seat in seats:
                hands[seat] += order[at : at + size]
                at += size
        widow = sorted(order[at : at + 3])
        at += 3
        for seat in seats:
            hands[seat] += order[at : at + 4]
            at += 4
        for hand in hands:
            hand.sort()
        # The auction: a pass or any call above the highest; a seat that passed, or holds the
        # highest bid, is not asked; over when nobody may call or grand is bid.
        high, holder = 0, -1
        passed = [False, False, False]
        seat = (dealer + 1) % 3
        while True:
            call = choice(_CALLS[:1] + _CALLS[high + 1 :])
            actions += 1
            if call:
                high, holder = call, seat
            else:
                passed[seat] = True
            following = -1
            for step in (1, 2, 3):
                other = (seat + step) % 3
                if not passed[other] and other != holder:
                    following = other
                    break
            if following < 0 or high == 3:
                break
            seat = following
        if not high:
            deals.append((-1, 0, None))
            dealer = (dealer + 1) % 3
            continue
        bidder = holder
        trump = _HEARTS
        if high == 1:  # frog: the widow into hand, three cards laid away
            hand = sorted(hands[bidder] + widow)
            laid = choice(list(itertools.combinations(hand, 3)))
            actions += 1
            hands[bidder] = [c for c in hand if c not in laid]
            aside: tuple[int, ...] = laid
        else:
            if high == 2:
                trump = choice(_CHICO_SUITS)
                actions += 1
            aside = tuple(widow)
        count = sum([_POINTS[c % _RANKS] for c in aside])
        leader = (dealer + 1) % 3
        for _ in range(11):
            seat = leader
            trick: list[int] = []
            led = -1
            for _ in (0, 1, 2):
                hand = hands[seat]
                if led < 0:
                    card = choice(hand)
                    led = card // _RANKS
                else:
                    legal = [c for c in hand if c // _RANKS == led]
                    if not legal:
                        legal = [c for c in hand if c // _RANKS == trump] or hand
                    card = choice(legal)
                actions += 1
                hand.remove(card)
                trick.append(card)
                seat = (seat + 1) % 3
            best, strength = 0, -1
            for i, card in enumerate(trick):
                suit = card // _RANKS
                value = (2 if suit == trump else 1 if suit == led else 0) * 10 + 8 - card % _RANKS
                if value > strength:
                    best, strength = i, value
            leader = (leader + best) % 3
            if leader == bidder:
                count += sum([_POINTS[c % _RANKS] for c in trick])
        amount = (count - 60) * _STAKES[high]
        for seat in _SEATS:
            scores[seat] += 2 * amount if seat == bidder else -amount
        deals.append((bidder, high, count))
        dealer = (dealer + 1) % 3
    return Played(_DEALS, actions, (*deals, tuple(scores)))


def kernel_deals_per_second(players: int, matches: int, first_seed: int) -> float:
    """Deals per second of the compiled kernel's random matches (its own: its own random source),
    compiled before the clock starts (:func:`froeschis.games.frog.kernel.deals_per_second`)."""
    from froeschis.games.frog import kernel

    return kernel.deals_per_second(players, matches, first_seed)


def _kernel_missing() -> str | None:
    try:
        import froeschis.games.frog.kernel  # noqa: F401
    except ImportError:
        return "The compiled kernel needs numba: pip install 'froeschis[fast]'."
    return None


BENCH = GameBench(
    unit="deal",
    players=3,
    engine=play_engine,
    bare=play_bare,
    same_games={"fast": SameGames("FastFrog", play_fast_match)},
    own_games={"kernel": OwnGames("compiled kernel", kernel_deals_per_second, _kernel_missing)},
)
"""What ``froeschis bench --game frog`` measures (``GAME.bench``): matches of three deals, counted
by the deal, by the reference, the bare loop and FastFrog, and the compiled kernel's own matches."""
