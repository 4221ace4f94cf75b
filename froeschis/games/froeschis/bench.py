"""What ``froeschis bench`` measures of Fröschis (``Game.bench``), and its bare loop: the least a
Python program does to play the random games :func:`froeschis.games.froeschis.bots.play_game` plays.

``froeschis bench`` sets the reference engine's speed beside this loop's (:data:`BENCH`), and
FastGame's (the same games) and the compiled kernel's (its own games) beside both. The loop keeps the
published rules only (standard deck, rows of 8, no variants), in mutable lists of small ints, in one
function, with no states, actions, checks or clause functions: nothing an engine could still shed.
It draws from its random source exactly as :func:`froeschis.games.froeschis.bots.play_game` with random bots
does
(``shuffle`` at each chance node, ``choice`` among the legal actions in the same order), so with the
same seed it plays the very same game; ``tests/games/froeschis/test_baseline.py`` holds it to that (the
number of
actions and reshuffles, the rounds, the winners and the whole final table: every row, spot by spot,
and both piles, as codes), so its speed is the speed of the real games and not of some easier ones.

It is a measuring stick, not an engine: the reference engine is :mod:`froeschis.games.froeschis.engine`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import attrs

from froeschis.framework.bench import GameBench, OwnGames, SameGames
from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.engines import kernel_installed
from froeschis.games.froeschis.fast import play_fast

FACE_DOWN = 100
"""Added to a card's code while it lies face down in a row (codes: -1 trash, 0 frog, 1-8)."""
LEAST_FACE_DOWN = FACE_DOWN - 1
"""Face-down trash: every spot holding this or more lies face down."""
_FROG = 0
DECK = sorted([n for n in range(1, 9) for _ in range(6)] + [0] * 4 + [-1] * 8)
"""The standard deck by code, sorted as the reference engine keeps it between rounds."""
_DRAW, _TAKE_DISCARD = 0, 1


@attrs.frozen
class BareResult:
    """How a game played by :func:`play_bare` ended."""

    winners: tuple[int, ...]
    actions: int
    """The number of actions, chance included, as in the reference engine's game record."""
    rounds: int
    lengths: tuple[int, ...]
    """Each seat's row length in the last round."""
    reshuffles: int
    rows: tuple[tuple[int, ...], ...]
    """The final rows, spot by spot: card codes, plus :data:`FACE_DOWN` for a face-down card."""
    draw_pile: tuple[int, ...]
    """The final draw pile's card codes, top card first."""
    discard_pile: tuple[int, ...]
    """The final discard pile's card codes, top card first."""


RoundEndHook = Callable[[list[list[int]], list[int], list[int]], None]
"""Called at each round's end with the rows, the draw pile and the discard pile (top card last),
as the loop keeps them: face-down cards are their code plus 100."""


def play_bare(players: int, seed: int, on_round_end: RoundEndHook | None = None) -> BareResult:
    """Play the random game that ``play_game(players, seed)`` plays (published rules only).

    ``on_round_end`` lets a test look at the table when a round ends: the loop deals every round
    from a fresh deck, so a card it lost would otherwise leave no trace in the final table.
    """
    rng = random.Random(seed)
    choice, shuffle = rng.choice, rng.shuffle
    lengths = [8] * players
    actions = reshuffles = 0
    round_number = 0
    while True:
        round_number += 1
        order = DECK[:]
        shuffle(order)
        actions += 1
        rows: list[list[int]] = []
        start = 0
        for length in lengths:
            rows.append([code + FACE_DOWN for code in order[start : start + length]])
            start += length
        draw = order[start:]
        draw.reverse()  # top card last, so taking it is a pop()
        discard: list[int] = []  # top card last
        seat = (round_number - 1) % players
        first = -1
        while True:
            row = rows[seat]
            size = len(row)
            actions += 1
            # Like the random bot, choose among the legal actions even when there is one.
            if choice((_DRAW, _TAKE_DISCARD) if discard else (_DRAW,)) == _TAKE_DISCARD:
                hand = discard.pop()
            else:
                if not draw:
                    draw = discard[-2::-1]  # below the top card, in the engine's top-first order
                    shuffle(draw)
                    draw.reverse()
                    del discard[:-1]
                    actions += 1
                    reshuffles += 1
                hand = draw.pop()
            completed = False
            while True:
                if max(row) < LEAST_FACE_DOWN:
                    completed = True
                    break
                if hand == _FROG:
                    spot = choice([i for i, code in enumerate(row) if code >= LEAST_FACE_DOWN])
                    actions += 1
                    hand = row[spot] - FACE_DOWN
                    row[spot] = _FROG
                elif hand < 0 or hand > size:
                    break
                else:
                    lying = row[hand - 1]
                    if lying >= LEAST_FACE_DOWN:
                        row[hand - 1] = hand
                        hand = lying - FACE_DOWN
                    elif lying == _FROG:
                        row[hand - 1] = hand
                        hand = _FROG
                    else:
                        break
            discard.append(hand)
            if completed and first < 0:
                first = seat
            seat = (seat + 1) % players
            if seat == first:
                break
        if on_round_end is not None:
            on_round_end(rows, draw, discard)
        done = [s for s in range(players) if max(rows[s]) < LEAST_FACE_DOWN]
        winners = tuple(s for s in done if lengths[s] == 1)
        if winners:
            return BareResult(
                winners,
                actions,
                round_number,
                tuple(lengths),
                reshuffles,
                rows=tuple(map(tuple, rows)),
                draw_pile=tuple(reversed(draw)),
                discard_pile=tuple(reversed(discard)),
            )
        for s in done:
            lengths[s] -= 1


# --------------------------------------------------------------------------- the bench's parts


@attrs.frozen
class Played:
    """A random game as the bench's loops report it: one unit, its actions and how it ended (the
    bench refuses a loop that played another game than the engine)."""

    units: int
    actions: int
    winners: tuple[int, ...]
    rounds: int


def play_engine(players: int, seed: int) -> Played:
    """The random game by the reference engine (chance included)."""
    final, record = play_game(players, seed)
    return Played(1, len(record.actions), final.winners, final.round)


def play_bare_game(players: int, seed: int) -> Played:
    """The same game by the bare loop."""
    done = play_bare(players, seed)
    return Played(1, done.actions, done.winners, done.rounds)


def play_fast_game(players: int, seed: int) -> Played:
    """The same game by FastGame."""
    game, actions = play_fast(players, seed)
    return Played(1, actions, game.winners, game.round)


def kernel_games_per_second(players: int, games: int, first_seed: int) -> float:
    """Games per second of the compiled kernel (:mod:`froeschis.games.froeschis.kernel`, which needs
    numba) playing ``games`` random games (its own games: it draws from its own random source).
    The kernel is compiled before the clock starts."""
    import froeschis.games.froeschis.kernel as kernel

    kernel.simulate(players, 1, first_seed)
    start = time.perf_counter()
    kernel.simulate(players, games, first_seed)
    return games / (time.perf_counter() - start)


def _kernel_missing() -> str | None:
    return None if kernel_installed() else "The compiled kernel needs numba: pip install 'froeschis[fast]'."


def state_build_seconds(builds: int = 20_000) -> float:
    """The time to build one :class:`GameState` (a frozen attrs class), as the engine does per action.

    Measured as the engine's turn-end builds it (positional, nine fields given); the loop's own
    cost, timed separately, is taken off.
    """
    template = new_game(4)
    values = [getattr(template, field.name) for field in attrs.fields(GameState)][:-1]
    start = time.perf_counter()
    for _ in range(builds):
        GameState(*values)
    middle = time.perf_counter()
    for _ in range(builds):
        pass
    return max(0.0, (middle - start) - (time.perf_counter() - middle)) / builds


BENCH = GameBench(
    unit="game",
    players=4,
    engine=play_engine,
    bare=play_bare_game,
    same_games={"fast": SameGames("FastGame", play_fast_game)},
    own_games={"kernel": OwnGames("compiled kernel", kernel_games_per_second, _kernel_missing)},
    state_build=state_build_seconds,
)
"""What ``froeschis bench`` measures of Fröschis: random games, counted by the game."""
