"""``froeschis bench``: how fast the engine plays, how much memory its states take, how many instructions.

A benchmark command, not a timed test: it prints figures and ratios, never a verdict against a
target. It measures, on one core, in this process,

* full random games per second: :func:`froeschis.games.froeschis.bots.play_game` with random bots (4 players
  by
  default), chance included, for about ``--seconds`` per run;
* the same games played by the bare loop of :mod:`froeschis.verify.baseline` (no engine: lists of ints, one
  function), about the most this Python on this machine gets out of these games; the engine's
  share of it (engine games per second over bare-loop games per second, both timed in the same
  run, so that a machine busier in one run than in another moves both alike) says how much an
  engine in this language could still gain;
* a ceiling for an engine that returns a new :class:`~froeschis.games.froeschis.state.GameState` from every
  action: the bare loop's time per game plus the time to build one state for each of its actions
  (:func:`immutable_bound`);
* steps per second: ``legal_actions()`` and ``apply()`` of every step of recorded random games, the
  engine alone (no bot, no random source);
* the memory of keeping every state of a game, measured with :mod:`tracemalloc` while a recorded
  game is replayed into a list; states share their unchanged parts, so this is far less than the
  number of states times the size of one.

Each figure is the median of ``--runs`` runs. The kernel's figures need the extra ``froeschis[fast]``
(numba): without it they are left out, and said to be. On a terminal a progress display on standard
error says which run and which measure is under way (nothing is drawn on a pipe or with
``--no-progress``). ``--profile`` also prints the functions where random
games spend their time (cProfile), for whoever optimises the engine; ``--scaling`` times
``froeschis simulate`` on 1 and on all cores.

``--instructions GAMES`` counts, with valgrind's callgrind, the processor instructions of ``GAMES``
random games played by the engine and by the bare loop, each in a process of its own
(:func:`instructions_per_game`). Times wander with whatever else the machine does; instruction
counts do not: the same Python binary playing the same games executes the same instructions, so
this is the steadiest figure for telling whether a change made the engine cheaper.

``--game frog`` and ``--game army-of-frogs`` measure the game's own bench parts
(``Game.bench``, a :class:`~froeschis.framework.bench.GameBench`): random deals (Frog) or games
(Army of Frogs)
per second by the reference engine beside the same ones by the game's bare loop, both timed in the
same run, and the engine's share; a bare loop that played another game than the engine from the
same seed is refused, not timed. The game's further rates (Army of Frogs: perft's leaves per second
on its perft table's positions) follow, then its tables (Army of Frogs: a legal-move listing's cost
by island size). ``--instructions`` counts the instructions per deal or game of both loops, and
those of the tables' workloads. ``--profile`` profiles the engine's random games; ``--scaling`` and
``--step-games`` are Fröschis' only.
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
import re
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal

import attrs
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from froeschis.agents.engines import kernel_installed
from froeschis.agents.simulation import run_games, usable_cpus
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_json,
    add_players,
    add_progress,
    add_seed,
    counted,
    game_of,
    make_console,
    non_negative_int,
    positive_int,
    positive_seconds,
    progress_display,
)
from froeschis.framework.bench import Counter, GameBench, Played
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT
from froeschis.games.froeschis.actions import AnyAction
from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.fast import play_fast
from froeschis.games.froeschis.record import GameRecord
from froeschis.verify.baseline import play_bare

Loop = Literal["engine", "fast", "bare_loop"]
"""Which loop plays the games whose instructions are counted: the reference engine, FastGame or the
bare loop."""

INSTRUCTIONS_SCRIPT = """\
import sys

from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.fast import play_fast
from froeschis.verify.baseline import play_bare

which, games, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
play = {"engine": play_game, "fast": play_fast, "bare_loop": play_bare}[which]
for seed in range(games):
    play(players, seed)
"""
"""What each process counted under callgrind runs (``python -c``), with the arguments: which loop,
the games, the players. It imports every loop whichever it plays, so that the import and start-up
cost the same in every process and the count for 0 games takes all of it off."""

GAME_INSTRUCTIONS_SCRIPT = """\
import sys

from froeschis.framework.registry import game

name, which, units, players = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bench = game(name).bench
if which in ("engine", "bare_loop"):
    play = bench.engine if which == "engine" else bench.bare
    for seed in range(units):
        play(players, seed)
else:
    bench.counted[which](units)
"""
"""What each process counted under callgrind runs for a game other than Fröschis, with the
arguments: the game, which loop or workload of its bench, how many games or units, the players.
The game's bench module holds both loops, so the import costs the same whichever runs."""


_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)\s*$", re.MULTILINE)


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


def kernel_games_per_second(players: int, games: int, first_seed: int) -> float:
    """Games per second of the compiled kernel (:mod:`froeschis.games.froeschis.kernel`, which needs numba:
    see
    :func:`~froeschis.agents.engines.kernel_installed`) playing ``games`` random games (its own
    games: it draws from its own random source). The kernel is compiled before the clock starts."""
    import froeschis.games.froeschis.kernel as kernel

    kernel.simulate(players, 1, first_seed)
    start = time.perf_counter()
    kernel.simulate(players, games, first_seed)
    return games / (time.perf_counter() - start)


def fast_games_per_second(players: int, games: int, first_seed: int) -> float:
    """Games per second of :class:`~froeschis.games.froeschis.fast.FastGame` playing the same ``games``
    games."""
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play_fast(players, seed)
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


def collected_instructions(stderr: str) -> int:
    """The instructions callgrind counted, from its ``==PID== Collected : N`` line in ``stderr``."""
    match = _COLLECTED.search(stderr)
    if match is None:
        raise BenchError(f"callgrind reported no instruction count; its output ended:\n{stderr[-2000:]}")
    return int(match.group(1))


def find_valgrind() -> str:
    """The path of valgrind, which ``--instructions`` needs; looked for before any timing starts."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise BenchError("--instructions needs valgrind (its callgrind tool) on PATH; it is not there")
    return valgrind


def callgrind(valgrind: str, script: str, arguments: Sequence[str], what: str) -> int:
    """The instructions of a process running ``script`` (``python -c``) with ``arguments``, counted
    by callgrind; ``what`` names the work in the error of a run that fails.

    ``PYTHONHASHSEED`` is fixed because string hashes steer dict and set probing: with random
    seeds, the count of one and the same run wanders by a few hundred thousand instructions.
    """
    completed = subprocess.run(
        [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            script,
            *arguments,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=False,
    )
    if completed.returncode != 0:
        raise BenchError(
            f"callgrind of {what} failed (status {completed.returncode}):\n{completed.stderr[-2000:]}"
        )
    return collected_instructions(completed.stderr)


def count_instructions(valgrind: str, which: Loop, games: int, players: int) -> int:
    """The instructions of a process that imports every loop of Fröschis and plays ``games`` games
    with ``which``."""
    arguments = (which, str(games), str(players))
    return callgrind(valgrind, INSTRUCTIONS_SCRIPT, arguments, f"{games} {which} games")


def instructions_per_game(valgrind: str, games: int, players: int) -> dict[str, Any]:
    """Instructions per random game of the engine and of the bare loop, and the engine's share.

    The share is bare loop over engine, like the share of the speeds: 0.25 means the engine needs
    four times the bare loop's instructions.

    Each is (the count of a process playing ``games`` games) minus (the count of the same process
    playing none), over ``games``: the cost of a game with Python's start-up and the imports taken
    off. The four processes run at once: a count does not depend on what runs beside it.
    """
    loops: tuple[Loop, ...] = ("engine", "fast", "bare_loop")
    jobs = [(which, played) for which in loops for played in (games, 0)]
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [
            pool.submit(count_instructions, valgrind, which, played, players) for which, played in jobs
        ]
        counts = [future.result() for future in futures]
    per_game: dict[str, float] = {
        which: (counts[2 * i] - counts[2 * i + 1]) / games for i, which in enumerate(loops)
    }
    return {
        **per_game,
        "engine_share_of_bare_loop": per_game["bare_loop"] / per_game["engine"],
        "fast_share_of_bare_loop": per_game["bare_loop"] / per_game["fast"],
        "games": games,
    }


def _run_of(args: argparse.Namespace) -> dict[str, Any]:
    """What a run's figures were measured on and with: the Python, the machine, the options."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "players": args.players,
        "runs": args.runs,
        "seed": args.seed,
    }


def _summary(values: list[float]) -> dict[str, Any]:
    return {"median": statistics.median(values), "runs": values}


class Stages:
    """What ``bench`` is measuring, on its progress display: one step per run and per extra measure
    (``--instructions``, ``--scaling``, ``--profile``), described by the measure under way (the
    kernel's first one compiles it, which takes a while on a first run).

    The display is drawn when a measure starts or ends, never while one is timed: rich's own
    refresh thread would take the interpreter from the games several times a second.
    """

    def __init__(self, progress: Progress, args: argparse.Namespace, tables: int = 0) -> None:
        self._progress = progress
        extras = sum(1 for extra in (args.instructions, args.scaling, args.profile) if extra)
        self._task: TaskID = progress.add_task("bench", total=args.runs + extras + tables)

    def doing(self, what: str) -> None:
        """Show that ``what`` is being measured."""
        self._progress.update(self._task, description=what, refresh=True)

    def done(self) -> None:
        """Count a step (a run, an extra measure) as done."""
        self._progress.update(self._task, advance=1, refresh=True)


def measure(args: argparse.Namespace, stages: Stages) -> dict[str, Any]:
    """The figures of every run, their medians and ratios: all but the extra measures."""
    games_rates, bare_rates, fast_rates, bounds, steps_rates, memory, per_state = [], [], [], [], [], [], []
    kernel_rates: list[float] = []
    with_kernel = kernel_installed()
    stages.doing("recording games to replay")
    records = _recorded(args.players, args.step_games, first_seed=args.seed + 1_000_000)
    for run in range(args.runs):
        step = f"run {run + 1} of {args.runs}:"
        first_seed = args.seed + run * 100_000
        stages.doing(f"{step} random games, engine")
        rate, played, actions = games_per_second(args.players, args.seconds, first_seed)
        games_rates.append(rate)
        stages.doing(f"{step} the same games, bare loop")
        bare_rates.append(bare_games_per_second(args.players, played, first_seed))
        stages.doing(f"{step} the same games, FastGame")
        fast_rates.append(fast_games_per_second(args.players, played, first_seed))
        if with_kernel:
            stages.doing(f"{step} compiled kernel" + (" (compiling it first)" if run == 0 else ""))
            kernel_rates.append(kernel_games_per_second(args.players, 50 * played, first_seed))
        stages.doing(f"{step} building states, stepping, memory")
        bounds.append(immutable_bound(bare_rates[-1], actions / played, state_build_seconds()))
        steps_rates.append(steps_per_second(records)[0])
        used, states = state_memory(records[run % len(records)])
        memory.append(float(used))
        per_state.append(used / states)
        stages.done()
    steps_in_records = sum(len(r.actions) for r in records)
    shares = [engine / bare for engine, bare in zip(games_rates, bare_rates, strict=True)]
    fast_shares = [fast / bare for fast, bare in zip(fast_rates, bare_rates, strict=True)]
    kernel_ratios = (
        [k / bare for k, bare in zip(kernel_rates, bare_rates, strict=True)] if with_kernel else []
    )
    return {
        "format": "froeschis.bench/1",
        **_run_of(args),
        "random_games_per_second": _summary(games_rates),
        "bare_loop_games_per_second": _summary(bare_rates),
        "engine_share_of_bare_loop": _summary(shares),
        "fast_games_per_second": _summary(fast_rates),
        "fast_share_of_bare_loop": _summary(fast_shares),
        "kernel_games_per_second": _summary(kernel_rates) if kernel_rates else None,
        "kernel_times_bare_loop": _summary(kernel_ratios) if kernel_ratios else None,
        "immutable_bound_games_per_second": _summary(bounds),
        "steps_per_second": {**_summary(steps_rates), "steps_per_run": steps_in_records},
        "memory_of_all_states": {
            "bytes": _summary(memory),
            "bytes_per_state": _summary(per_state),
            "mean_states_per_game": statistics.fmean(len(r.actions) + 1 for r in records),
        },
    }


def _results_table(command: str, results: dict[str, Any]) -> Table:
    """The table of a run's medians (its rows added by the caller), titled by the command."""
    table = Table(
        title=f"{command}: {results['players']} players, median of {counted(results['runs'], 'run')} "
        f"(Python {results['python']}, one core)",
        title_justify="left",
    )
    for header in ("measure", "median", "runs"):
        table.add_column(header, justify="left" if header == "measure" else "right")
    return table


def print_results(console: Console, results: dict[str, Any]) -> None:
    table = _results_table("froeschis bench", results)
    memory = results["memory_of_all_states"]
    rows: list[tuple[str, dict[str, Any] | None, str, float]] = [
        ("random games per second", results["random_games_per_second"], ".1f", 1),
        ("  same games, bare loop (no engine)", results["bare_loop_games_per_second"], ".1f", 1),
        ("  same games, FastGame", results["fast_games_per_second"], ".1f", 1),
        ("  random games, compiled kernel (its own)", results["kernel_games_per_second"], ".1f", 1),
        (
            "  bound: bare loop + a new state per action",
            results["immutable_bound_games_per_second"],
            ".1f",
            1,
        ),
        ("legal_actions + apply per second", results["steps_per_second"], ",.0f", 1),
        ("memory of every state of a game (KiB)", memory["bytes"], ",.1f", 1024),
        ("  per state (bytes)", memory["bytes_per_state"], ",.0f", 1),
    ]
    for label, figure, form, unit in rows:
        if figure is not None:  # the kernel's row, without numba
            runs = " ".join(f"{v / unit:{form}}" for v in figure["runs"])
            table.add_row(label, f"{figure['median'] / unit:{form}}", runs)
    console.print(table)
    share = results["engine_share_of_bare_loop"]
    console.print(
        f"The engine plays at {share['median']:.0%} of the bare loop's speed"
        f" (median of the runs' ratios: {' '.join(f'{v:.0%}' for v in share['runs'])})."
    )
    fast_share = results["fast_share_of_bare_loop"]
    console.print(
        f"FastGame plays at {fast_share['median']:.0%} of the bare loop's speed"
        f" (median of the runs' ratios: {' '.join(f'{v:.0%}' for v in fast_share['runs'])})."
    )
    times = results["kernel_times_bare_loop"]
    if times is None:
        console.print("The compiled kernel needs numba: pip install 'froeschis[fast]'.", markup=False)
    else:
        console.print(
            f"The compiled kernel plays {times['median']:.1f}x the bare loop's games per second"
            f" (median of the runs' ratios: {' '.join(f'{v:.1f}' for v in times['runs'])})."
        )
    if "instructions_per_game" in results:
        instructions = results["instructions_per_game"]
        console.print(
            f"Instructions per random {results['players']}-player game"
            f" (callgrind, {counted(instructions['games'], 'game')}):"
            f" engine {instructions['engine'] / 1e6:.1f} M, FastGame {instructions['fast'] / 1e6:.1f} M,"
            f" bare loop {instructions['bare_loop'] / 1e6:.1f} M; shares of the bare loop:"
            f" engine {instructions['engine_share_of_bare_loop']:.2f},"
            f" FastGame {instructions['fast_share_of_bare_loop']:.2f}."
        )
    if "scaling" in results:
        s = results["scaling"]
        rates = ", ".join(
            f"{counted(int(n), 'process', 'processes')}: {v:.1f} games/s"
            for n, v in s["games_per_second"].items()
        )
        console.print(
            f"simulate scaling ({counted(s['games'], 'random game')}): {rates}; speed-up {s['speedup']:.2f}x"
        )


def run(args: argparse.Namespace) -> int:
    if args.game_name != DEFAULT:
        return run_game(args, game_of(args))
    valgrind = find_valgrind() if args.instructions else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with progress_display(args, *columns, auto_refresh=False) as progress:
        stages = Stages(progress, args)
        results = measure(args, stages)
        if valgrind is not None:
            stages.doing(f"instructions of {counted(args.instructions, 'game')} (callgrind)")
            results["instructions_per_game"] = instructions_per_game(
                valgrind, args.instructions, args.players
            )
            stages.done()
        if args.scaling:
            stages.doing(f"simulate of {counted(args.scaling, 'game')} on 1 and on every core")
            results["scaling"] = scaling(args.scaling, args.players, usable_cpus())
            stages.done()
        if args.profile:
            stages.doing(f"profile of {counted(args.profile, 'game')}")
            results["profile"] = profile(args.players, args.profile, top=20)
            stages.done()
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_results(make_console(), results)
    if args.profile:
        print(f"\nProfile of {counted(args.profile, 'random game')} (own time):\n{results['profile']}")
    return 0


# --------------------------------------------------------------------------- the other games


def bench_of(game: Game) -> GameBench:
    """The game's bench parts, or a :class:`BenchError` saying it has none."""
    found = game.bench
    if found is None:
        raise BenchError(f"{game.title} gives 'froeschis bench' nothing to measure (no bench)")
    return found


def random_per_second(
    bench: GameBench, players: int, seconds: float, first_seed: int
) -> tuple[float, list[Played]]:
    """Random games by the reference engine for about ``seconds``: units per second, and the games."""
    played: list[Played] = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        played.append(bench.engine(players, first_seed + len(played)))
        now = time.perf_counter()
        if now >= deadline:
            return sum(p.units for p in played) / (now - start), played


def bare_per_second(bench: GameBench, players: int, engine_played: list[Played], first_seed: int) -> float:
    """Units per second of the bare loop playing the games the engine played; a
    :class:`BenchError` if it played any other game (its speed would be an easier game's)."""
    start = time.perf_counter()
    played = [bench.bare(players, first_seed + i) for i in range(len(engine_played))]
    seconds = time.perf_counter() - start
    for i, (engine, bare) in enumerate(zip(engine_played, played, strict=True)):
        if engine != bare:
            raise BenchError(f"the bare loop played another game than the engine from seed {first_seed + i}")
    return sum(p.units for p in played) / seconds


def instructions_per_unit(
    valgrind: str, game: Game, bench: GameBench, games: int, players: int
) -> dict[str, Any]:
    """Instructions per unit (deal, game) of ``games`` random games (seeds 0 to ``games`` - 1), of
    the engine and of the bare loop, each (a process playing them) minus (one playing none), over
    the units they hold; and the engine's share (bare loop over engine)."""
    loops = ("engine", "bare_loop")
    jobs = [(which, played) for which in loops for played in (games, 0)]
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [
            pool.submit(
                callgrind,
                valgrind,
                GAME_INSTRUCTIONS_SCRIPT,
                (game.name, which, str(played), str(players)),
                f"{played} {which} games of {game.title}",
            )
            for which, played in jobs
        ]
        counts = [future.result() for future in futures]
    units = sum(bench.engine(players, seed).units for seed in range(games))
    per_unit = {which: (counts[2 * i] - counts[2 * i + 1]) / units for i, which in enumerate(loops)}
    return {
        **per_unit,
        "engine_share_of_bare_loop": per_unit["bare_loop"] / per_unit["engine"],
        "games": games,
        "units": units,
    }


def counter(valgrind: str, game: Game) -> Counter:
    """Instructions per unit of one of the game's counted workloads (callgrind, the count of the
    workload doing none taken off)."""

    def count(name: str, units: int) -> float:
        def one(n: int) -> int:
            arguments = (game.name, name, str(n), "0")
            return callgrind(valgrind, GAME_INSTRUCTIONS_SCRIPT, arguments, f"{name} of {game.title}")

        with ThreadPoolExecutor(max_workers=2) as pool:
            full, empty = pool.map(one, (units, 0))
        return (full - empty) / units

    return count


def measure_game(args: argparse.Namespace, game: Game, bench: GameBench, stages: Stages) -> dict[str, Any]:
    """The figures of every run of a game other than Fröschis, their medians and ratios."""
    engine_rates, bare_rates = [], []
    rates: dict[str, list[float]] = {label: [] for label in bench.rates}
    unit = bench.unit
    for run in range(args.runs):
        step = f"run {run + 1} of {args.runs}:"
        first_seed = args.seed + run * 100_000
        stages.doing(f"{step} random {unit}s, engine")
        rate, played = random_per_second(bench, args.players, args.seconds, first_seed)
        engine_rates.append(rate)
        stages.doing(f"{step} the same {unit}s, bare loop")
        bare_rates.append(bare_per_second(bench, args.players, played, first_seed))
        for label, measured in bench.rates.items():
            stages.doing(f"{step} {label}")
            count, seconds = measured(args.seconds)
            rates[label].append(count / seconds)
        stages.done()
    shares = [engine / bare for engine, bare in zip(engine_rates, bare_rates, strict=True)]
    return {
        "format": "froeschis.bench/1",
        "game": game.name,
        "unit": unit,
        **_run_of(args),
        f"random_{unit}s_per_second": _summary(engine_rates),
        f"bare_loop_{unit}s_per_second": _summary(bare_rates),
        "engine_share_of_bare_loop": _summary(shares),
        "per_second": {label: _summary(values) for label, values in rates.items()},
    }


def print_game_results(console: Console, game: Game, results: dict[str, Any]) -> None:
    unit = results["unit"]
    table = _results_table(f"froeschis bench --game {game.name}", results)
    rows = [
        (f"random {unit}s per second", results[f"random_{unit}s_per_second"]),
        (f"  same {unit}s, bare loop (no engine)", results[f"bare_loop_{unit}s_per_second"]),
        *((f"{label} per second", figure) for label, figure in results["per_second"].items()),
    ]
    for label, figure in rows:
        table.add_row(label, f"{figure['median']:,.1f}", " ".join(f"{v:,.1f}" for v in figure["runs"]))
    console.print(table)
    share = results["engine_share_of_bare_loop"]
    console.print(
        f"The engine plays at {share['median']:.0%} of the bare loop's speed"
        f" (median of the runs' ratios: {' '.join(f'{v:.0%}' for v in share['runs'])})."
    )
    if f"instructions_per_{unit}" in results:
        counts = results[f"instructions_per_{unit}"]
        console.print(
            f"Instructions per random {results['players']}-player {unit} (callgrind,"
            f" {counted(counts['games'], 'game')}, {counted(counts['units'], unit)}):"
            f" engine {counts['engine'] / 1e6:.2f} M, bare loop {counts['bare_loop'] / 1e6:.2f} M;"
            f" share of the bare loop {counts['engine_share_of_bare_loop']:.2f}.",
            markup=False,
        )
    for made in results.get("tables", ()):
        shown = Table(title=made["title"], title_justify="left")
        for column in made["columns"]:
            shown.add_column(column, justify="right")
        for row in made["rows"]:
            shown.add_row(*(_figure(value) for value in row))
        console.print(shown)
        if made["note"]:
            console.print(made["note"], markup=False)


def _figure(value: float) -> str:
    """A table's figure: whole numbers as they are, others to two decimals below 100."""
    return f"{value:,.0f}" if value >= 100 or value == int(value) else f"{value:.2f}"


def run_game(args: argparse.Namespace, game: Game) -> int:
    """``bench --game NAME`` for a game other than Fröschis: its bench parts' figures."""
    bench = bench_of(game)
    if args.scaling:
        raise BenchError(f"--scaling times Fröschis' simulate only, not {game.title}'s")
    valgrind = find_valgrind() if args.instructions else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with progress_display(args, *columns, auto_refresh=False) as progress:
        stages = Stages(progress, args, tables=len(bench.tables))
        results = measure_game(args, game, bench, stages)
        if valgrind is not None:
            stages.doing(f"instructions of {counted(args.instructions, 'game')} (callgrind)")
            results[f"instructions_per_{bench.unit}"] = instructions_per_unit(
                valgrind, game, bench, args.instructions, args.players
            )
            stages.done()
        tables = []
        for make in bench.tables:
            stages.doing("tables" + (" and their instructions (callgrind)" if valgrind else ""))
            made = make(None if valgrind is None else counter(valgrind, game))
            tables.append(
                {"title": made.title, "columns": list(made.columns), "rows": made.rows, "note": made.note}
            )
            stages.done()
        results["tables"] = tables
        if args.profile:
            stages.doing(f"profile of {counted(args.profile, 'game')}")
            results["profile"] = profile_game(bench, args.players, args.profile, top=20)
            stages.done()
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_game_results(make_console(), game, results)
    if args.profile:
        print(f"\nProfile of {counted(args.profile, 'random game')} (own time):\n{results['profile']}")
    return 0


def profile_game(bench: GameBench, players: int, games: int, top: int) -> str:
    """cProfile of ``games`` random games by the engine: the ``top`` functions by own time, as text."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        bench.engine(players, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "bench",
        run,
        help="measure the engine: random games per second, steps per second, memory, instructions",
        description=(
            "Benchmark the reference engine on one core: full random games per second beside the "
            "same games played by a bare loop (and the engine's share of its speed, a ratio taken "
            "within each run), legal_actions + apply per second, and the memory of keeping every "
            "state of a game (tracemalloc); each the median of --runs runs. Prints figures and "
            "ratios, no verdict. --instructions adds instruction counts per game from valgrind's "
            "callgrind: the steadiest figure, the same for the same binary and games whatever "
            "else the machine does. --game frog|army-of-frogs: the game's random deals or games "
            "per second beside its bare loop's, its further rates and tables (Army of Frogs: perft, "
            "the listing cost by island size)."
        ),
    )
    add_game(parser)
    if game.name == DEFAULT:
        add_players(parser, game, 4, "players per game, 2 to 4 (default 4)")
    else:
        players = game.bench.players if game.bench is not None else game.players[-1]
        add_players(parser, game, players, f"players per game, one of {game.players} (default {players})")
    parser.add_argument(
        "--runs", type=positive_int, default=5, help="runs per measure; shows the median (default 5)"
    )
    parser.add_argument(
        "--seconds",
        type=positive_seconds,
        default=2.0,
        help="how long each run plays random games (default 2)",
    )
    parser.add_argument(
        "--step-games",
        type=positive_int,
        default=20,
        help="games replayed per steps-per-second run (default 20)",
    )
    parser.add_argument(
        "--profile",
        type=non_negative_int,
        default=0,
        metavar="GAMES",
        help="also profile this many random games (default 0: off)",
    )
    parser.add_argument(
        "--scaling",
        type=non_negative_int,
        default=0,
        metavar="GAMES",
        help="also time 'simulate' of this many random games on 1 process and on every core (default 0: off)",
    )
    parser.add_argument(
        "--instructions",
        type=non_negative_int,
        default=0,
        metavar="GAMES",
        help="also count the instructions per game of this many random games (seeds 0 to GAMES-1), "
        "engine and bare loop, with valgrind's callgrind, start-up and imports taken off; "
        "needs valgrind; the same count for the same binary and games (default 0: off)",
    )
    add_seed(parser, "first seed of the random games (default 0)")
    add_json(parser, "print the results as JSON")
    add_progress(parser)
