"""Many bot games across processes, and their statistics.

Game ``g`` of a run with seed ``S`` is played with its own seed (:func:`game_seed`), by the bots of the
run rotated by ``g`` over the seats (:func:`froeschis.agents.bots.lineup`), so every bot sits in every
seat equally often and the statistics do not depend on how the games were spread over the worker
processes: one process and eight give the same numbers.

A game's :class:`GameSummary` is not kept: it is added to a :class:`Tally`, which holds only what the
statistics need (counts, sums, and histograms of the rounds, turns and decisions per game, which
take few distinct values), so a run of a billion games needs no more memory than one of a hundred.
Tallies of parts of a run merge, in any order, into the same tally, to the last digit.

:func:`summarise` turns a tally into win rates per bot and per seat with 95% confidence intervals,
rounds, turns and decisions per game, and how often the draw pile ran out (a reshuffle);
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
with the parent. Work is handed out a few chunks per worker at a time, so a run starts at once
whatever its size.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
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
from typing import Any

import attrs

from froeschis.agents.bots import lineup, make_bot, play_bots
from froeschis.core.actions import AnyAction
from froeschis.core.engine import GameState
from froeschis.core.events import Event, EventKind
from froeschis.core.rules import Rules

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

START_METHOD = "spawn"
"""How worker processes start: a fresh interpreter, the same on every platform, and no fork of a
process with threads."""

CHUNKS_PER_WORKER = 4
"""How many chunks of games are handed to the pool per worker at a time: enough that no worker
waits for the next, few enough that a run of any size holds only a handful."""

GAME_UNIT = (
    "game: a bot wins a game when one of its seats wins it; rates and intervals are over the games "
    "it played (its seats in one game are not independent trials); wins_per_game counts its winning "
    "seats per game, with a normal interval from the per-game values"
)
"""What the win rates per bot count, for the JSON and the tables."""

SEAT_UNIT = "game: a seat wins a game when it is among the winners; Wilson intervals over games"
"""What the win rates per seat count."""


@attrs.frozen
class GameSummary:
    """What one simulated game leaves for the statistics."""

    game: int
    seed: int
    lineup: tuple[str, ...]
    winners: tuple[int, ...]
    rounds: int
    turns: int
    decisions: int
    reshuffles: int
    rounds_with_reshuffle: int
    clauses: dict[str, int]


def _counter() -> Counter[Any]:
    return Counter()


@attrs.define
class Tally:
    """What the statistics of a run need from its games, however many there are.

    Counts and sums, a histogram of each per-game length (rounds, turns and decisions take a few
    hundred distinct values at most), and per bot the sums of its winning seats per game and of
    their squares, for the mean and variance of its wins per game. Adding a game or merging another
    tally only adds counts, so the order in which the parts of a run arrive changes nothing.
    """

    games: int = 0
    bot_games: Counter[str] = attrs.field(factory=_counter)
    """Per bot: games in which it held at least one seat."""
    bot_seats: Counter[str] = attrs.field(factory=_counter)
    """Per bot: seats held, summed over games."""
    bot_wins: Counter[str] = attrs.field(factory=_counter)
    """Per bot: games in which one of its seats won."""
    bot_seat_wins: Counter[str] = attrs.field(factory=_counter)
    """Per bot: its winning seats, summed over games."""
    bot_seat_wins_squared: Counter[str] = attrs.field(factory=_counter)
    """Per bot: the squares of its winning seats per game, summed over games."""
    bot_most_seats: dict[str, int] = attrs.field(factory=dict)
    """Per bot: the most seats it held in one game (the most wins it can have in one); merged by
    taking the larger, where every other mapping here is merged by adding."""
    seat_wins: Counter[int] = attrs.field(factory=_counter)
    shared_wins: int = 0
    rounds: Counter[int] = attrs.field(factory=_counter)
    turns: Counter[int] = attrs.field(factory=_counter)
    decisions: Counter[int] = attrs.field(factory=_counter)
    games_with_reshuffle: int = 0
    rounds_with_reshuffle: int = 0
    reshuffles: int = 0
    clause_totals: Counter[str] = attrs.field(factory=_counter)
    clause_games: Counter[str] = attrs.field(factory=_counter)
    """Per clause: games in which it fired."""

    def add(self, game: GameSummary) -> None:
        """Count one game."""
        self.games += 1
        seats = Counter(game.lineup)
        won = Counter(game.lineup[w] for w in game.winners)
        self.bot_games.update(seats.keys())
        self.bot_seats.update(seats)
        self.bot_wins.update(won.keys())
        self.bot_seat_wins.update(won)
        self.bot_seat_wins_squared.update({bot: n * n for bot, n in won.items()})
        for bot, n in seats.items():
            self.bot_most_seats[bot] = max(self.bot_most_seats.get(bot, 0), n)
        self.seat_wins.update(game.winners)
        self.shared_wins += len(game.winners) > 1
        self.rounds[game.rounds] += 1
        self.turns[game.turns] += 1
        self.decisions[game.decisions] += 1
        self.games_with_reshuffle += game.reshuffles > 0
        self.rounds_with_reshuffle += game.rounds_with_reshuffle
        self.reshuffles += game.reshuffles
        self.clause_totals.update(game.clauses)
        self.clause_games.update(game.clauses.keys())

    def merge(self, other: Tally) -> None:
        """Count the games of ``other`` too."""
        for field in attrs.fields(Tally):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, dict):
                for key, value in theirs.items():
                    mine[key] = max(mine.get(key, 0), value)
            else:
                setattr(self, field.name, mine + theirs)


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` in a run with ``seed``: independent streams per game."""
    digest = hashlib.sha256(f"froeschis-simulate:{seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def simulate_game(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run and summarise it."""
    bots = lineup([make_bot(spec, rules) for spec in specs], players, game)
    causes: list[tuple[str, ...]] = []  # counted once at the end: Counter.update per event is slow
    counts = {"turns": 0, "decisions": 0, "reshuffles": 0}
    reshuffled_rounds: set[int] = set()

    def count(state: GameState, action: AnyAction, after: GameState, events: tuple[Event, ...]) -> None:
        if not state.is_chance:
            counts["decisions"] += 1
        for event in events:
            causes.append(event.clauses)
            if event.kind is EventKind.TURN_STARTED:
                counts["turns"] += 1
            elif event.kind is EventKind.RESHUFFLED:
                counts["reshuffles"] += 1
                reshuffled_rounds.add(state.round)

    this_seed = game_seed(seed, game)
    final, _ = play_bots(bots, this_seed, rules, on_step=count)
    return GameSummary(
        game=game,
        seed=this_seed,
        lineup=tuple(b.name for b in bots),
        winners=final.winners,
        rounds=final.round,
        turns=counts["turns"],
        decisions=counts["decisions"],
        reshuffles=counts["reshuffles"],
        rounds_with_reshuffle=len(reshuffled_rounds),
        clauses=dict(Counter(itertools.chain.from_iterable(causes))),
    )


Chunk = tuple[tuple[str, ...], int, Rules, int, range]
"""A part of a run as a worker gets it: the bots, the players, the rules, the run's seed, the games."""


def _run_chunk(chunk: Chunk) -> Tally:
    specs, players, rules, seed, games = chunk
    tally = Tally()
    for game in games:
        tally.add(simulate_game(specs, players, rules, seed, game))
    return tally


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
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Rules | None = None,
    advance: Callable[[int], None] | None = None,
) -> Tally:
    """Play ``games`` games on ``jobs`` processes (``1``: in this one); their tally.

    ``advance(n)`` is called as each chunk of ``n`` games finishes (for a progress bar). The
    chunks are made as they are handed out, at most :data:`CHUNKS_PER_WORKER` per worker at a
    time, so neither the start nor the memory depends on ``games``.

    The workers are spawned (:data:`START_METHOD`): each imports the main module of the program
    anew, so a script that calls this with ``jobs`` above 1 keeps its own work under
    ``if __name__ == "__main__":``, as the :mod:`multiprocessing` docs ask of every such script.
    """
    rules = Rules() if rules is None else rules
    if games < 1 or jobs < 1:
        raise ValueError(f"games and jobs must be at least 1, not {games} and {jobs}")
    for spec in specs:  # fail here, not in a worker
        make_bot(spec, rules)
    size = max(1, min(50, games // (jobs * 20)))
    chunks: Iterator[Chunk] = (
        (tuple(specs), players, rules, seed, range(start, min(start + size, games)))
        for start in range(0, games, size)
    )
    tally = Tally()

    def count(part: Tally) -> None:
        tally.merge(part)
        if advance:
            advance(part.games)

    if jobs == 1:
        for chunk in chunks:
            count(_run_chunk(chunk))
        return tally
    with _worker_pool(jobs) as pool:
        with _sigint_held():  # the workers start with the first submissions
            running: set[Future[Tally]] = {
                pool.submit(_run_chunk, chunk) for chunk in itertools.islice(chunks, jobs * CHUNKS_PER_WORKER)
            }
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                count(future.result())
                for chunk in itertools.islice(chunks, 1):  # the next chunk, if any is left
                    running.add(pool.submit(_run_chunk, chunk))
    return tally


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


def summarise(tally: Tally, specs: Sequence[str], players: int, seed: int) -> dict[str, Any]:
    """The statistics of a run but the clause counts (:func:`clause_counts`), as JSON-ready data.

    The bots are listed in the order of ``specs``.
    """
    n = tally.games
    if n == 0:
        raise ValueError("no games were played")
    names = list(dict.fromkeys(make_bot(spec).name for spec in specs))
    by_bot = []
    for name in names:
        played = tally.bot_games[name]
        per_game, interval = mean_interval(
            tally.bot_seat_wins[name], tally.bot_seat_wins_squared[name], played, tally.bot_most_seats[name]
        )
        by_bot.append(
            {
                "bot": name,
                "games": played,
                "seats_per_game": tally.bot_seats[name] / played if played else 0.0,
                **_rate(tally.bot_wins[name], played),
                "wins_per_game": per_game,
                "wins_per_game_ci95": interval,
            }
        )
    total_rounds = sum(r * c for r, c in tally.rounds.items())
    return {
        "format": "froeschis.simulate/2",
        "games": n,
        "players": players,
        "bots": list(specs),
        "seed": seed,
        "units": {"by_bot": GAME_UNIT, "by_seat": SEAT_UNIT},
        "by_bot": by_bot,
        "by_seat": [{"seat": seat, "games": n, **_rate(tally.seat_wins[seat], n)} for seat in range(players)],
        "shared_wins": tally.shared_wins / n,
        "rounds": spread(tally.rounds),
        "turns": spread(tally.turns),
        "decisions": spread(tally.decisions),
        "reshuffles": {
            "games_with_reshuffle": tally.games_with_reshuffle / n,
            "rounds_with_reshuffle": tally.rounds_with_reshuffle / total_rounds,
            "per_game": tally.reshuffles / n,
        },
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
