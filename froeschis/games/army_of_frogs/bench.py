"""Army of Frogs' part of ``froeschis bench --game army-of-frogs``: random games by the reference
engine beside the same games by a bare loop, perft's rate on the perft table's positions, and how
the cost of a legal-move listing grows with the island.

The bare loop (:func:`play_bare`) keeps the published rules only (ten stones a colour, seven to
link, fifty rounds, no variant) in a dict of int cells, in a few plain functions, with no states,
actions or clause table: the one island rule as one search for the parts of the island without
each stone that may move, the string rule by the local check of string.checked. It draws from its
random source exactly as the engine's random game does (:func:`froeschis.framework.loop.play_game`
with random bots: ``shuffle`` of the bag, then ``choice`` among the legal actions in the engine's
order, a pass offered alone included), so with the same seed it plays the very same game:
``tests/tools/test_bench_games.py`` holds it to that (the winner, the last turn, the whole final island,
the number of actions).

The island checks must grow with the island as a search over it, not as its square
(``tests/games/army_of_frogs/test_army_speed.py`` counts their calls): :func:`growth` times a listing on
islands of 5 to
40 stones, per listing and per legal move (and counts their instructions when given a counter).
``python -m froeschis.games.army_of_frogs.bench`` prints the listing times and perft's rate alone.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import attrs

from froeschis.framework.bench import GameBench
from froeschis.framework.loop import drive, random_policy
from froeschis.games.army_of_frogs.actions import Add
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game, play
from froeschis.games.army_of_frogs.goal import LINK_AT, ROUNDS
from froeschis.games.army_of_frogs.hexes import Cell
from froeschis.games.army_of_frogs.perft import named_positions, perft
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.setup import STONES_PER_COLOUR

SIZES = (5, 10, 20, 30, 40)

Counter = Callable[[str, int], float]
"""Instructions per unit of one of :data:`COUNTED`'s workloads, from that many units (callgrind,
start-up taken off): what ``bench --instructions`` lends :func:`growth`."""


@attrs.frozen
class Played:
    """How a random game ended, in terms both loops give alike."""

    units: int
    """Games (one): what ``bench`` counts per second."""
    actions: int
    """The actions, the shuffle included, as the engine's game record counts them."""
    outcome: tuple[object, ...]
    """The winner (or none), the last turn and the final island, stone by stone."""


@attrs.frozen
class Table:
    """A table of figures for ``bench`` to print (and to give as JSON)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[float, ...], ...]
    note: str = ""


def play_engine(players: int, seed: int) -> Played:
    """The random game ``play_game(army-of-frogs, players, seed)`` plays, by the reference engine."""
    rng = random.Random(seed)

    def chance(state: ArmyState) -> object:
        return sample_chance(state, rng)

    final, actions = drive(new_game(players), (random_policy,) * players, (rng,) * players, chance)
    return Played(1, len(actions), (final.winners, final.turn, tuple(final.island.sorted_stones())))


# --------------------------------------------------------------------------- the bare loop

_K, _OFF = 256, 128
"""A cell as one int, ``(q + 128) * 256 + (r + 128)``: ordered as the (q, r) pairs are."""
_DIRS = (_K, _K - 1, -1, -_K, -_K + 1, 1)
"""board.hex-grid's six directions (E, NE, NW, W, SW, SE) as steps between those ints."""
_CENTRE = _OFF * _K + _OFF
_ONE = (None,)
"""A part's pass, offered alone (turn.pass): the random bot still draws its choice of one."""


def _cell(code: int) -> Cell:
    return code // _K - _OFF, code % _K - _OFF


def _around(stones: dict[int, int], cell: int) -> list[int]:
    return [cell + d for d in _DIRS if cell + d in stones]


def _forbidden(stones: dict[int, int], vacated: int | None, placed: int) -> bool:
    """Whether a single frog near the stones that changed starts a string of two stones with two
    connections (string.checked's local check, string.length's three single connections)."""
    changed = [placed, *_around(stones, placed)]
    if vacated is not None:
        changed += _around(stones, vacated)
    frogs = set()
    for cell in changed:
        around = _around(stones, cell)
        if len(around) == 1:
            frogs.add(cell)
        elif len(around) == 2:
            for other in around:
                beyond = _around(stones, other)
                if len(beyond) == 1:
                    frogs.add(other)
                elif len(beyond) == 2:
                    last = beyond[1] if beyond[0] == cell else beyond[0]
                    if len(_around(stones, last)) == 1:
                        frogs.add(last)
    for frog in frogs:
        (first,) = _around(stones, frog)
        around = _around(stones, first)
        if len(around) == 2:
            second = around[0] if around[1] == frog else around[1]
            if len(_around(stones, second)) == 2:
                return True
    return False


def _allowed(stones: dict[int, int], kind: int, start: int | None, cell: int) -> bool:
    """Whether a stone of colour ``kind`` may come to ``cell`` (moved from ``start``, or added from
    the hand: None) by the rules :func:`_forbidden` checks: put there, checked, taken off again. One
    try for a move and for an add."""
    stones[cell] = kind
    bad = _forbidden(stones, start, cell)
    del stones[cell]
    return not bad


def _moves(stones: dict[int, int], colour: int) -> list[tuple[int, int]]:
    found = []
    for start in sorted([cell for cell, c in stones.items() if c == colour]):
        stone = stones.pop(start)
        labels: dict[int, int] = {}
        count = 0
        for seed in stones:
            if seed in labels:
                continue
            labels[seed] = count
            frontier = [seed]
            while frontier:
                cell = frontier.pop()
                for d in _DIRS:
                    other = cell + d
                    if other in stones and other not in labels:
                        labels[other] = count
                        frontier.append(other)
            count += 1
        reached = set()
        frontier = [start]
        while frontier:
            cell = frontier.pop()
            for d in _DIRS:
                other = cell + d
                if other in stones:
                    while other in stones:
                        other += d
                    if other not in reached:
                        reached.add(other)
                        frontier.append(other)
        reached.discard(start)
        for end in sorted(reached):
            if len({labels[end + d] for d in _DIRS if end + d in stones}) != count:
                continue
            if _allowed(stones, stone, start, end):
                found.append((start, end))
        stones[start] = stone
    return found


def _adds(stones: dict[int, int], hand: list[int], colour: int) -> list[tuple[int, int]]:
    touching = {cell + d for cell in stones for d in _DIRS}
    cells = sorted(touching.difference(stones)) if stones else [_CENTRE]
    found = []
    for kind in sorted(set(hand)):
        for cell in cells:
            if kind == colour and any(stones.get(cell + d) == colour for d in _DIRS):
                continue
            if _allowed(stones, kind, None, cell):
                found.append((kind, cell))
    return found


def _winner(stones: dict[int, int], seat: int, players: int) -> int:
    """The first seat, from ``seat`` on, whose seven or more stones are all linked; -1 for none."""
    for i in range(players):
        colour = (seat + i) % players
        own = [cell for cell, c in stones.items() if c == colour]
        if len(own) < LINK_AT:
            continue
        seen = {own[0]}
        frontier = [own[0]]
        while frontier:
            cell = frontier.pop()
            for d in _DIRS:
                other = cell + d
                if other not in seen and stones.get(other) == colour:
                    seen.add(other)
                    frontier.append(other)
        if len(seen) == len(own):
            return colour
    return -1


def play_bare(players: int, seed: int) -> Played:
    """The random game ``play_game(army-of-frogs, players, seed)`` plays, by the bare loop."""
    rng = random.Random(seed)
    choice = rng.choice
    order = [colour for colour in range(players) for _ in range(STONES_PER_COLOUR)]
    rng.shuffle(order)
    actions = 1
    hands = [sorted(order[2 * seat : 2 * seat + 2]) for seat in range(players)]
    bag = order[2 * players :]
    bag.reverse()  # the next stone drawn last, so drawing it is a pop()
    stones: dict[int, int] = {}
    seat, turn, passes, won = 0, 1, 0, -1
    while True:
        acted = False
        moves = _moves(stones, seat)
        picked = choice(moves or _ONE)
        actions += 1
        if picked is not None:
            start, end = picked
            stones[end] = stones.pop(start)
            acted = True
            won = _winner(stones, seat, players)
            if won >= 0:
                break
        hand = hands[seat]
        added = choice(_adds(stones, hand, seat) or _ONE)
        actions += 1
        if added is not None:
            kind, cell = added
            stones[cell] = kind
            hand.remove(kind)
            acted = True
            won = _winner(stones, seat, players)
            if won >= 0:
                break
            if bag:
                hand.append(bag.pop())
        passes = 0 if acted else passes + 1
        if passes >= players or turn >= ROUNDS * players:
            break
        seat, turn = (seat + 1) % players, turn + 1
    island = tuple(sorted((_cell(cell), colour) for cell, colour in stones.items()))
    return Played(1, actions, (() if won < 0 else (won,), turn, island))


# --------------------------------------------------------------------------- the engine's islands


def islands(seed: int, sizes: tuple[int, ...] = SIZES, rules: Rules | None = None) -> Iterator[ArmyState]:
    """States of a seeded four-player game, a seat to move, the island of each size in turn."""
    rng = random.Random(seed)
    state = new_game(4, rules)
    state = play(state, sample_chance(state, rng))
    wanted = list(sizes)
    while wanted and not state.is_terminal:
        if state.phase is Phase.MOVE and len(state.island) == wanted[0]:
            wanted.pop(0)
            yield state
        actions = state.legal_actions()
        adds = [action for action in actions if isinstance(action, Add)]
        state = play(state, rng.choice(adds or actions))


def listing_time(state: ArmyState, repeats: int = 5) -> float:
    """The CPU seconds one listing of ``state``'s legal actions takes (the best of ``repeats``)."""
    best = float("inf")
    for _ in range(repeats):
        unlisted = fresh(state)
        start = time.process_time()
        unlisted.legal_actions()
        best = min(best, time.process_time() - start)
    return best


def perft_rate(state: ArmyState, depth: int) -> tuple[int, float, float]:
    """perft(``state``, ``depth``), how many of its leaves a CPU second counts, and how many states
    it makes a second (perft counts the last level's leaves by listing, without making them)."""
    made = sum(perft(state, d) for d in range(1, depth))
    start = time.process_time()
    leaves = perft(state, depth)
    seconds = max(time.process_time() - start, 1e-9)
    return leaves, leaves / seconds, made / seconds


# --------------------------------------------------------------------------- workloads


def perft_suite(spec: Path) -> list[tuple[ArmyState, int]]:
    """Every position of the perft table (``perft.toml`` in the game's folder ``spec``), parsed
    afresh (a state remembers its legal actions), with the deepest depth the table records for it."""
    rows = tomllib.loads((spec / "perft.toml").read_text(encoding="utf-8"))["position"]
    states = named_positions(spec)
    return [(states[row["name"]], len(row["perft"]) - 1) for row in rows]


def perft_nodes(spec: Callable[[], Path], seconds: float) -> tuple[int, float]:
    """perft of every position of the perft table to its deepest recorded depth, over and over for
    about ``seconds`` of CPU time (the parsing outside the clock): the leaves counted, the seconds."""
    leaves, spent = 0, 0.0
    while spent < seconds:
        for state, depth in perft_suite(spec()):
            start = time.process_time()
            leaves += perft(state, depth)
            spent += time.process_time() - start
    return leaves, spent


def fresh(state: ArmyState) -> ArmyState:
    """A copy of ``state`` that has not listed its legal actions yet (a state remembers them)."""
    return ArmyState(
        state.rules, state.phase, state.turn, state.seat, state.island, state.hands, state.bag,
        state.passes, state.acted,
    )  # fmt: skip


@functools.cache
def sized(size: int, seeds: int = 6) -> tuple[ArmyState, ...]:
    """The states of :func:`islands` with an island of ``size`` stones, one per seed (made once:
    each takes the moves of a game up to it)."""
    return tuple(state for seed in range(seeds) for state in islands(seed, (size,)))


def listings(size: int) -> Callable[[int], None]:
    """A workload for the instruction count: ``n`` listings of the legal moves on islands of
    ``size`` stones, taking :func:`sized`'s states in turn, after one listing that warms up what the
    first costs more (the count of none warms up too, so it is taken off)."""

    def run(n: int) -> None:
        states = sized(size, COUNTED_SEEDS)
        fresh(states[0]).legal_actions()  # first-call costs, in the process counting none as well
        for i in range(n):
            fresh(states[i % len(states)]).legal_actions()

    return run


COUNTED_SEEDS = 2
"""The islands of each size whose listings' instructions are counted (fewer than are timed: each
counting process first plays the seeded games that lead to them, under callgrind)."""
COUNTED: Mapping[str, Callable[[int], None]] = {f"listing-{size}": listings(size) for size in SIZES}
"""The workloads whose instructions :func:`growth` counts, by name."""


def growth(count: Counter | None = None, listings_counted: int = 4) -> Table:
    """The cost of a legal-move listing by island size: CPU microseconds per listing and per legal
    move (the best of a few repeats of each state), and with ``count`` the instructions of each
    over ``listings_counted`` listings. A listing costs one search of the island per stone that
    may move and a few stones' worth for each end, so the time per move stays flat; a check of the
    whole island for each end would make it grow with the island."""
    rows = []
    for size in SIZES:
        states = sized(size)
        seconds = statistics.fmean(map(listing_time, states))
        moves = statistics.fmean(len(state.legal_actions()) for state in states)
        movable = statistics.fmean(len(state.island.of_colour(state.colour)) for state in states)
        row: tuple[float, ...] = (size, len(states), movable, moves, seconds * 1e6, seconds / moves * 1e6)
        if count is not None:
            per_listing = count(f"listing-{size}", listings_counted)
            some = sized(size, COUNTED_SEEDS)
            counted = [some[i % len(some)] for i in range(listings_counted)]
            per_move = per_listing / statistics.fmean(len(state.legal_actions()) for state in counted)
            row = (*row, per_listing, per_move)
        rows.append(row)
    columns: tuple[str, ...] = (
        "stones",
        "islands",
        "stones that may move",
        "legal moves",
        "us per listing",
        "us per move",
    )
    if count is not None:
        columns = (*columns, "instructions per listing", "instructions per move")
    return Table(
        "Legal-move listings by island size (seeded 4-player islands, a seat to move)",
        columns,
        tuple(rows),
        "A check of the whole island for each end would make the cost per move grow with the island; "
        "one search of it per stone that may move and a local string check per end keep it flat.",
    )


def bench(spec: Callable[[], Path]) -> GameBench:
    """What ``froeschis bench --game army-of-frogs`` measures (``GAME.bench``), perft's rate read
    from the perft table in the game's folder ``spec()``."""
    label = "perft leaves (perft.toml's 14 positions, deepest depths)"
    return GameBench(
        unit="game",
        players=4,
        engine=play_engine,
        bare=play_bare,
        rates={label: functools.partial(perft_nodes, spec)},
        counted=COUNTED,
        tables=(growth,),
    )


def main() -> None:
    table = growth()
    print("  ".join(table.columns))
    for row in table.rows:
        print(
            "  ".join(f"{value:{len(column)}.1f}" for value, column in zip(row, table.columns, strict=True))
        )
    for size, depth in ((10, 3), (20, 2)):
        state = next(islands(1, (size,)))
        leaves, rate, made = perft_rate(state, depth)
        print(f"perft({size} stones, {depth}) = {leaves}: {rate:,.0f} leaves, {made:,.0f} states a second")


if __name__ == "__main__":
    main()
