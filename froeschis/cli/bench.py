"""``froeschis bench``: how fast the engine plays, and how much memory its states take.

A benchmark command, not a timed test: it measures, on one core, in this process,

* full random games per second: :func:`froeschis.agents.loop.play_game` with random bots (4 players by
  default), chance included, for about ``--seconds`` per run;
* the same games played by the bare loop of :mod:`froeschis.verify.baseline` (no engine: lists of ints, one
  function), about the most this Python on this machine gets out of these games; the engine's
  share of it says how much an engine in this language could still gain;
* a ceiling for an engine that returns a new :class:`~froeschis.core.state.GameState` from every
  action: the bare loop's time per game plus the time to build one state for each of its actions
  (:func:`immutable_bound`);
* steps per second: ``legal_actions()`` and ``apply()`` of every step of recorded random games, the
  engine alone (no bot, no random source);
* the memory of keeping every state of a game, measured with :mod:`tracemalloc` while a recorded
  game is replayed into a list; states share their unchanged parts, so this is far less than the
  number of states times the size of one.

Each figure is the median of ``--runs`` runs. ``--profile`` also prints the functions where random
games spend their time (cProfile), for whoever optimises the engine; ``--scaling`` times
``froeschis simulate`` on 1 and on all cores.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import statistics
import time
import tracemalloc
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from froeschis.agents.loop import play_game
from froeschis.agents.simulation import run_games
from froeschis.cli.options import Subparsers, add_command, add_json, add_players, add_seed
from froeschis.core.actions import AnyAction
from froeschis.core.clauses import check_players
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import FroeschisError
from froeschis.core.record import GameRecord
from froeschis.verify.baseline import play_bare

TARGET_GAMES_PER_SECOND = 500
"""The engine's target: random 4-player games per second on one core (issue 6)."""


class BenchError(FroeschisError):
    """Arguments that ``bench`` cannot run with."""


def games_per_second(players: int, seconds: float, first_seed: int) -> tuple[float, int, int]:
    """Play random games for about ``seconds``: games per second, the games played, their actions."""
    played = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += len(play_game(players, first_seed + played)[1].actions)
        played += 1
        now = time.perf_counter()
        if now >= deadline:
            return played / (now - start), played, actions


def bare_games_per_second(players: int, games: int, first_seed: int) -> float:
    """Games per second of the bare loop playing the same ``games`` games as the engine did."""
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play_bare(players, seed)
    return games / (time.perf_counter() - start)


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


def immutable_bound(bare_games_per_second: float, actions_per_game: float, build_seconds: float) -> float:
    """Games per second for the bare loop's work plus building one new state per action.

    A generous ceiling for an engine that returns a new :class:`GameState` from every action: it
    still leaves out listing the legal actions, checking the chosen one and rebuilding rows. (It
    holds for this state class: a lighter immutable record, a plain tuple say, builds faster.)
    """
    return 1 / (1 / bare_games_per_second + actions_per_game * build_seconds)


def _recorded(players: int, games: int, first_seed: int) -> list[GameRecord]:
    return [play_game(players, first_seed + i)[1] for i in range(games)]


def steps_per_second(records: list[GameRecord]) -> tuple[float, int]:
    """``legal_actions()`` + ``apply()`` of every step of ``records``; steps per second and steps."""
    steps = 0
    start = time.perf_counter()
    for record in records:
        state = new_game(record.players, record.rules)
        for action in record.actions:
            state.legal_actions()
            state = state.apply(action)
        steps += len(record.actions)
    return steps / (time.perf_counter() - start), steps


def state_memory(record: GameRecord) -> tuple[int, int]:
    """The bytes newly allocated to keep every state of ``record`` alive, and the number of states."""
    actions: tuple[AnyAction, ...] = record.actions
    first = new_game(record.players, record.rules)
    first.legal_actions()  # warm caches that are not per state
    gc.collect()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        states: list[GameState] = [first]
        for action in actions:
            states.append(states[-1].apply(action))
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return after - before, len(states)


def profile(players: int, games: int, top: int) -> str:
    """cProfile of ``games`` random games: the ``top`` functions by own time, as text."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(players, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def scaling(games: int, players: int, jobs: int) -> dict[str, Any]:
    """``simulate`` of random bots on 1 process and on ``jobs``: games per second and the speed-up."""
    timings = {}
    for n in sorted({1, jobs}):
        start = time.perf_counter()
        run_games(("random",), players, games, seed=0, jobs=n)
        timings[n] = games / (time.perf_counter() - start)
    return {
        "games": games,
        "games_per_second": {str(n): v for n, v in timings.items()},
        "speedup": timings[jobs] / timings[1],
        "jobs": jobs,
    }


def _summary(values: list[float]) -> dict[str, Any]:
    return {"median": statistics.median(values), "runs": values}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    games_rates, bare_rates, bounds, steps_rates, memory, per_state = [], [], [], [], [], []
    records = _recorded(args.players, args.step_games, first_seed=args.seed + 1_000_000)
    for run in range(args.runs):
        first_seed = args.seed + run * 100_000
        rate, played, actions = games_per_second(args.players, args.seconds, first_seed)
        games_rates.append(rate)
        bare_rates.append(bare_games_per_second(args.players, played, first_seed))
        bounds.append(immutable_bound(bare_rates[-1], actions / played, state_build_seconds()))
        steps_rates.append(steps_per_second(records)[0])
        used, states = state_memory(records[run % len(records)])
        memory.append(float(used))
        per_state.append(used / states)
    steps_in_records = sum(len(r.actions) for r in records)
    return {
        "format": "froeschis.bench/1",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "players": args.players,
        "runs": args.runs,
        "seed": args.seed,
        "random_games_per_second": {
            **_summary(games_rates),
            "target": TARGET_GAMES_PER_SECOND if args.players == 4 else None,
        },
        "bare_loop_games_per_second": _summary(bare_rates),
        "immutable_bound_games_per_second": _summary(bounds),
        "steps_per_second": {**_summary(steps_rates), "steps_per_run": steps_in_records},
        "memory_of_all_states": {
            "bytes": _summary(memory),
            "bytes_per_state": _summary(per_state),
            "mean_states_per_game": statistics.fmean(len(r.actions) + 1 for r in records),
        },
    }


def print_results(console: Console, results: dict[str, Any]) -> None:
    table = Table(
        title=f"froeschis bench: {results['players']} players, median of {results['runs']} runs "
        f"(Python {results['python']}, one core)",
        title_justify="left",
    )
    for header in ("measure", "median", "runs"):
        table.add_column(header, justify="left" if header == "measure" else "right")
    games = results["random_games_per_second"]
    steps = results["steps_per_second"]
    memory = results["memory_of_all_states"]
    table.add_row(
        "random games per second", f"{games['median']:.1f}", " ".join(f"{v:.1f}" for v in games["runs"])
    )
    bare = results["bare_loop_games_per_second"]
    table.add_row(
        "  same games, bare loop (no engine)",
        f"{bare['median']:.1f}",
        " ".join(f"{v:.1f}" for v in bare["runs"]),
    )
    bound = results["immutable_bound_games_per_second"]
    table.add_row(
        "  bound: bare loop + a new state per action",
        f"{bound['median']:.1f}",
        " ".join(f"{v:.1f}" for v in bound["runs"]),
    )
    table.add_row(
        "legal_actions + apply per second",
        f"{steps['median']:,.0f}",
        " ".join(f"{v:,.0f}" for v in steps["runs"]),
    )
    table.add_row(
        "memory of every state of a game (KiB)",
        f"{memory['bytes']['median'] / 1024:,.1f}",
        " ".join(f"{v / 1024:,.1f}" for v in memory["bytes"]["runs"]),
    )
    table.add_row(
        "  per state (bytes)",
        f"{memory['bytes_per_state']['median']:,.0f}",
        " ".join(f"{v:,.0f}" for v in memory["bytes_per_state"]["runs"]),
    )
    console.print(table)
    share = games["median"] / bare["median"]
    console.print(f"The engine plays at {share:.0%} of the bare loop's speed.")
    if games["target"] is not None:
        met = "met" if games["median"] >= games["target"] else "not met"
        console.print(f"Target: {games['target']} random 4-player games per second on one core: {met}.")
        if bound["median"] < games["target"]:
            console.print(
                "  Even the bare loop's work plus one new GameState per action stays below it here"
                f" ({bound['median']:.0f} games per second)."
            )
    if "scaling" in results:
        s = results["scaling"]
        rates = ", ".join(f"{n} process(es): {v:.1f} games/s" for n, v in s["games_per_second"].items())
        console.print(f"simulate scaling ({s['games']} random games): {rates}; speed-up {s['speedup']:.2f}x")


def run(args: argparse.Namespace) -> int:
    if args.runs < 1 or args.seconds <= 0 or args.step_games < 1:
        raise BenchError("--runs and --step-games must be at least 1, --seconds more than 0")
    check_players(args.players)
    results = measure(args)
    if args.scaling:
        results["scaling"] = scaling(args.scaling, args.players, os.cpu_count() or 1)
    if args.profile:
        results["profile"] = profile(args.players, args.profile, top=20)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    console = Console(highlight=False)
    print_results(console, results)
    if args.profile:
        print(f"\nProfile of {args.profile} random games (own time):\n{results['profile']}")
    return 0


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "bench",
        run,
        help="measure the engine: random games per second, steps per second, memory of all states",
        description=(
            "Benchmark the reference engine on one core: full random games per second, "
            "legal_actions + apply per second, and the memory of keeping every state of a game "
            "(tracemalloc); each the median of --runs runs."
        ),
    )
    add_players(parser, 4, "players per game, 2 to 4 (default 4)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measure; shows the median (default 5)")
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="how long each run plays random games (default 2)"
    )
    parser.add_argument(
        "--step-games", type=int, default=20, help="games replayed per steps-per-second run (default 20)"
    )
    parser.add_argument(
        "--profile", type=int, default=0, metavar="GAMES", help="also profile this many random games"
    )
    parser.add_argument(
        "--scaling",
        type=int,
        default=0,
        metavar="GAMES",
        help="also time 'simulate' of this many random games on 1 process and on every core",
    )
    add_seed(parser, "first seed of the random games (default 0)")
    add_json(parser, "print the results as JSON")
