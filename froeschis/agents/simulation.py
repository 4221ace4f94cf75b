"""Many bot games of any registered game across processes, and their statistics.

A run is cut into batches of games (:mod:`froeschis.framework.engines`), each played on the run's
engine (one the game offers: its reference engine, or a faster one) and seeded from the run's seed
and its games' numbers, with the bots of the run rotated over the seats from game to game, so every
bot sits in every seat equally often and the statistics do not depend on how the batches were spread
over the worker processes: one process and eight give the same numbers. Each batch comes back as a
:class:`~froeschis.framework.tally.Tally`, and tallies merge in any order into the same tally.

:func:`summarise` turns a tally into the same statistics for every game: win rates per bot and per
seat with 95% confidence intervals, mean returns, games with several winners and with none,
decisions per game; then the lengths the game names (Fröschis: rounds and turns) and the statistics
its engines report of their own (Fröschis: how often the draw pile ran out, a reshuffle);
:func:`clause_counts` says how often each clause fired, counted from the events. Both are JSON-ready
data; ``froeschis simulate`` prints, dumps and plots them.

The unit of the win rates is the game, the independent trial. A bot "wins a game" when one of its
seats wins it; its win rate and Wilson interval are over the games it played, and its expected
number of wins per game (more than its win rate when it holds several seats and they share a win)
has a normal interval from the per-game values. Seat-games are not independent when one bot holds
two seats of a game, so no interval treats them as trials.

The worker processes (:func:`run_games`) are started with "spawn": a fresh interpreter that
imports what it needs, not a fork of a parent that may hold threads (Python 3.12 warns about
forking those). A worker ignores Ctrl-C, which reaches the whole process group: the parent stops
the run and ends the workers. A worker also ends when its parent dies, however it dies (even
killed with SIGKILL): a thread waits on the parent's sentinel, which the operating system closes
with the parent. Work is handed out a few batches per worker at a time, so a run starts at once
whatever its size.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import math
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from froeschis.framework.engines import REFERENCE
from froeschis.framework.game import Game
from froeschis.framework.runs import batches, check_engine, engines_of, play_batch
from froeschis.framework.tally import Tally

B = TypeVar("B")
R = TypeVar("R")

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

START_METHOD = "spawn"
"""How worker processes start: a fresh interpreter, the same on every platform, and no fork of a
process with threads."""

CHUNKS_PER_WORKER = 4
"""How many batches of games are handed to the pool per worker at a time: enough that no worker
waits for the next, few enough that a run of any size holds only a handful."""

GAME_UNIT = (
    "game: a bot wins a game when one of its seats wins it; rates and intervals are over the games "
    "it played (its seats in one game are not independent trials); wins_per_game counts its winning "
    "seats per game, with a normal interval from the per-game values"
)
"""What the win rates per bot count, for the JSON and the tables."""

SEAT_UNIT = "game: a seat wins a game when it is among the winners; Wilson intervals over games"
"""What the win rates per seat count."""


def usable_cpus() -> int:
    """The CPUs this process may run on: its CPU affinity where the system says, else all of them."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _start_worker() -> None:
    """Set a worker process up: deaf to Ctrl-C, and ending when its parent ends.

    Ctrl-C in a terminal signals the whole process group; the parent handles it and ends the
    workers, which would otherwise each print a traceback. The parent's sentinel (a pipe the
    parent holds open) becomes ready when the parent is gone, even when it was killed outright
    and could end nobody: then the worker's thread ends the worker, mid-game if need be.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    assert parent is not None, "the initializer of a worker process runs in a worker process"
    threading.Thread(target=_end_with, args=(parent.sentinel,), name="parent-watch", daemon=True).start()


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back in this thread while worker processes start.

    A process started meanwhile inherits the block, so a Ctrl-C cannot interrupt it before its
    initializer ignores SIGINT (it would print a traceback from the middle of its imports); here
    the signal waits and is delivered when the block is lifted, not lost. Where the system has no
    signal masks (Windows), nothing is held.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def _worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` workers that are all ended, not waited for, when the run fails or is
    interrupted: a worker amid a long chunk (slow bots) would otherwise keep the command alive."""
    with _sigint_held():  # multiprocessing's resource tracker process starts with the pool's queues
        pool = ProcessPoolExecutor(
            max_workers=jobs, mp_context=multiprocessing.get_context(START_METHOD), initializer=_start_worker
        )
    try:
        yield pool
    except BaseException:
        for process in list(pool._processes.values()):  # no public way to end them before Python 3.14
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def run_games(
    game: Game,
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Any = None,
    advance: Callable[[int], None] | None = None,
    engine: str = REFERENCE,
) -> Tally:
    """Play ``games`` games of ``game`` on its engine ``engine``
    (:func:`~froeschis.framework.runs.engines_of`) on ``jobs`` processes (``1``: in this one);
    their tally.

    ``advance(n)`` is called as each batch of ``n`` games finishes (for a progress bar). The
    batches are made as they are handed out, at most :data:`CHUNKS_PER_WORKER` per worker at a
    time, so neither the start nor the memory depends on ``games``.

    The workers are spawned (:data:`START_METHOD`): each imports the main module of the program
    anew, so a script that calls this with ``jobs`` above 1 keeps its own work under
    ``if __name__ == "__main__":``, as the :mod:`multiprocessing` docs ask of every such script.
    """
    rules = game.rules() if rules is None else rules
    if games < 1 or jobs < 1:
        raise ValueError(f"games and jobs must be at least 1, not {games} and {jobs}")
    check_run(game, specs, rules, engine)
    parts = batches(game, engine, specs, players, rules, seed, games, batch_size(games, jobs))
    tally = Tally()

    def count(part: Tally) -> None:
        tally.merge(part)
        if advance:
            advance(part.games)

    play_batches(parts, play_batch, jobs, count)
    return tally


def play_batches(parts: Iterator[B], play: Callable[[B], R], jobs: int, count: Callable[[R], None]) -> None:
    """Play every batch of ``parts`` by ``play`` on ``jobs`` worker processes (``1``: in this one),
    handing each result to ``count`` as it arrives; a few batches per worker are in flight at a time.
    ``play`` and the batches are pickled for the workers: module-level functions and values."""
    if jobs == 1:
        for batch in parts:
            count(play(batch))
        return
    with _worker_pool(jobs) as pool:
        with _sigint_held():  # the workers start with the first submissions
            running: set[Future[R]] = {
                pool.submit(play, batch) for batch in itertools.islice(parts, jobs * CHUNKS_PER_WORKER)
            }
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                count(future.result())
                for batch in itertools.islice(parts, 1):  # the next batch, if any is left
                    running.add(pool.submit(play, batch))


def batch_size(games: int, workers: int) -> int:
    """Games per batch when ``workers`` share ``games``: a few dozen at most, so that the progress
    bar moves and no worker waits long for the last batch (the kernel's are fixed, bigger)."""
    return max(1, min(50, games // (workers * 20)))


def check_run(game: Game, specs: Sequence[str], rules: Any, engine: str) -> None:
    """Refuse a run that cannot be played here, before any game is: an unknown bot
    (:class:`~froeschis.framework.game.UnknownBotError`), an engine the game has not, or one that is
    not installed or does not play these bots (:class:`~froeschis.framework.engines.EngineError`)."""
    if not specs:
        raise ValueError(f"name at least one bot ({game.bot_names()})")
    for spec in specs:
        game.bot(spec, rules)
    check_engine(game, engine, specs)


# --------------------------------------------------------------------------- statistics


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(
    total: int, squares: int, n: int, highest: int, z: float = Z95
) -> tuple[float, list[float] | None]:
    """The mean of ``n`` whole values between 0 and ``highest`` from their sum and the sum of their
    squares, and its normal 95% interval (clipped to that range; None for fewer than 2 values,
    whose spread says nothing)."""
    if n == 0:
        return 0.0, None
    mean = total / n
    if n < 2:
        return mean, None
    variance = (n * squares - total * total) / (n * (n - 1))  # exact in whole numbers up to here
    half = z * math.sqrt(variance / n)
    return mean, [max(0.0, mean - half), min(float(highest), mean + half)]


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [low, high]}


def spread(histogram: Counter[int]) -> dict[str, float]:
    """Mean, sample standard deviation, median, least and most of the values of ``histogram``
    (value -> how many times), as :mod:`statistics` would give them for the values themselves."""
    values = sorted(histogram)
    n = histogram.total()
    total = sum(v * histogram[v] for v in values)
    squares = sum(v * v * histogram[v] for v in values)

    ends = list(itertools.accumulate(histogram[v] for v in values))  # 1 + the last index of each value

    def nth(index: int) -> int:  # the value at ``index`` of the values in order
        return values[bisect.bisect_right(ends, index)]

    low, high = nth((n - 1) // 2), nth(n // 2)
    return {
        "mean": total / n,
        "stdev": math.sqrt((n * squares - total * total) / (n * (n - 1))) if n > 1 else 0.0,
        "median": low if low == high else (low + high) / 2,
        "min": values[0],
        "max": values[-1],
    }


def summarise(game: Game, tally: Tally, specs: Sequence[str], players: int, seed: int) -> dict[str, Any]:
    """The statistics of a run but the clause counts (:func:`clause_counts`), as JSON-ready data:
    every game's, then the lengths the game names and the statistics of its own
    (:class:`~froeschis.framework.engines.Engines`).

    The bots are listed in the order of ``specs``.
    """
    n = tally.games
    if n == 0:
        raise ValueError("no games were played")
    names = list(dict.fromkeys(spec.strip() for spec in specs))
    by_bot = []
    for name in names:
        played = tally.bot_games[name]
        per_game, interval = mean_interval(
            tally.bot_seat_wins[name], tally.bot_seat_wins_squared[name], played, tally.bot_most_seats[name]
        )
        seats = tally.bot_seats[name]
        by_bot.append(
            {
                "bot": name,
                "games": played,
                "seats_per_game": seats / played if played else 0.0,
                **_rate(tally.bot_wins[name], played),
                "wins_per_game": per_game,
                "wins_per_game_ci95": interval,
                "mean_return": float(tally.bot_returns.get(name, 0) / seats) if seats else 0.0,
            }
        )
    by_seat = [
        {
            "seat": seat,
            "games": n,
            **_rate(tally.seat_wins[seat], n),
            "mean_return": float(tally.seat_returns.get(seat, 0) / n),
        }
        for seat in range(players)
    ]
    engines = engines_of(game)
    return {
        "format": "froeschis.simulate/2",
        "game": game.name,
        "games": n,
        "players": players,
        "bots": list(specs),
        "seed": seed,
        "units": {"by_bot": GAME_UNIT, "by_seat": SEAT_UNIT},
        "by_bot": by_bot,
        "by_seat": by_seat,
        "shared_wins": tally.shared_wins / n,
        "no_winner": tally.no_winner / n,
        **{name: spread(tally.lengths[name]) for name in engines.lengths},
        "decisions": spread(tally.decisions),
        **engines.stats(tally),
    }


def clause_counts(tally: Tally, clause_ids: Iterable[str]) -> list[dict[str, Any]]:
    """How often each clause of ``clause_ids`` fired: in all, per game, and in what share of games.

    The caller names the clauses (the catalogue's, in its order), so that a clause that never fired
    is listed too, with zeros.
    """
    n = tally.games
    return [
        {
            "clause": clause_id,
            "total": tally.clause_totals[clause_id],
            "per_game": tally.clause_totals[clause_id] / n,
            "games": tally.clause_games[clause_id] / n,
        }
        for clause_id in clause_ids
    ]
