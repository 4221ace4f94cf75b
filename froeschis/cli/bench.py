"""``froeschis bench``: how fast a game's engines play, how much memory its states take, how many
instructions.

A benchmark command, not a timed test: it prints figures and ratios, never a verdict against a
target. One code path for every game, through its bench (:attr:`Game.bench
<froeschis.framework.game.Game.bench>`, a :class:`~froeschis.framework.bench.GameBench`); it
measures, on one core, in this process,

* random games (or the game's unit: Frog's deals) per second, played by the reference engine,
  chance included, for about ``--seconds`` per run;
* the same games played by the game's bare loop (no engine: lists of ints, one function; Fröschis'
  is in ``froeschis/games/froeschis/bench.py``), about the most this Python on this machine gets
  out of these games; the engine's share of it (engine games per second over bare-loop games per
  second, both timed in the same run, so that a machine busier in one run than in another moves both
  alike) says how much an engine in this language could still gain. A loop that played another game
  than the engine from the same seed is refused, not timed;
* the same games played by the game's further engines that play them (Fröschis' FastGame), and
  games of their own played by those that play their own (Fröschis' compiled kernel, which needs the
  extra ``froeschis[fast]``: without it its figures are left out, and said to be);
* where the game's bench says how long one state takes to build, a ceiling for an engine that
  returns a new state from every action: the bare loop's time per game plus the time to build one
  state for each of its actions (:func:`immutable_bound`);
* steps per second: ``legal_actions()`` and ``apply()`` of every step of recorded random games
  (``--step-games`` of them), the engine alone (no bot, no random source);
* the memory of keeping every state of a game, measured with :mod:`tracemalloc` while a recorded
  game is replayed into a list; states share their unchanged parts, so this is far less than the
  number of states times the size of one;
* the game's further rates (Army of Frogs: perft's leaves per second) and tables (Army of Frogs: a
  legal-move listing's cost by island size).

Each figure is the median of ``--runs`` runs. On a terminal a progress display on standard error
says which run and which measure is under way (nothing is drawn on a pipe or with
``--no-progress``). ``--profile`` also prints the functions where random games spend their time
(cProfile), for whoever optimises the engine; ``--scaling`` times ``froeschis simulate`` of random
bots on 1 and on all cores.

``--instructions GAMES`` counts, with valgrind's callgrind, the processor instructions of ``GAMES``
random games played by the engine, by the bare loop and by every further engine that plays the same
games, each in a process of its own (:func:`froeschis.cli.instructions.instructions_per_unit`), and
those of the tables' workloads. Times wander with whatever else the machine does; instruction counts
do not: the same Python binary playing the same games executes the same instructions, so this is the
steadiest figure for telling whether a change made the engine cheaper."""

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
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from froeschis.agents.simulation import run_games, usable_cpus
from froeschis.cli.instructions import BenchError, counter, find_valgrind, instructions_per_unit
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
    player_counts,
    positive_int,
    positive_seconds,
    progress_display,
)
from froeschis.framework.bench import GameBench, Played
from froeschis.framework.game import Game
from froeschis.framework.loop import play_game
from froeschis.framework.registry import DEFAULT


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


def same_per_second(
    play: Callable[[int, int], Played], players: int, engine_played: list[Played], first_seed: int, what: str
) -> float:
    """Units per second of a loop (``(players, seed) -> Played``) playing the games the engine
    played; a :class:`BenchError` if it played any other game (its speed would be an easier game's)."""
    start = time.perf_counter()
    played = [play(players, first_seed + i) for i in range(len(engine_played))]
    seconds = time.perf_counter() - start
    for i, (engine, other) in enumerate(zip(engine_played, played, strict=True)):
        if engine != other:
            raise BenchError(f"the {what} played another game than the engine from seed {first_seed + i}")
    return sum(p.units for p in played) / seconds


def bare_per_second(bench: GameBench, players: int, engine_played: list[Played], first_seed: int) -> float:
    """Units per second of the bare loop playing the games the engine played (refused if it played
    another game)."""
    return same_per_second(bench.bare, players, engine_played, first_seed, "bare loop")


def immutable_bound(bare_games_per_second: float, actions_per_game: float, build_seconds: float) -> float:
    """Games per second for the bare loop's work plus building one new state per action.

    A generous ceiling for an engine that returns a new state from every action: it still leaves out
    listing the legal actions, checking the chosen one and rebuilding rows. (It holds for the
    game's state class: a lighter immutable record, a plain tuple say, builds faster.)
    """
    return 1 / (1 / bare_games_per_second + actions_per_game * build_seconds)


def steps_per_second(game: Game, players: int, records: list[tuple[Any, ...]]) -> tuple[float, int]:
    """``legal_actions()`` + ``apply()`` of every step of the recorded games (their actions);
    steps per second and steps."""
    steps = 0
    start = time.perf_counter()
    for actions in records:
        state = game.new_game(players, None)
        for action in actions:
            state.legal_actions()
            state = state.apply(action)
        steps += len(actions)
    return steps / (time.perf_counter() - start), steps


def state_memory(game: Game, players: int, actions: Sequence[Any]) -> tuple[int, int]:
    """The bytes newly allocated to keep every state of a recorded game alive, and the number of
    states."""
    first = game.new_game(players, None)
    first.legal_actions()  # warm caches that are not per state
    gc.collect()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        states: list[Any] = [first]
        for action in actions:
            states.append(states[-1].apply(action))
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return after - before, len(states)


def profile(bench: GameBench, players: int, games: int, top: int) -> str:
    """cProfile of ``games`` random games by the engine: the ``top`` functions by own time, as text."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        bench.engine(players, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def scaling(game: Game, games: int, players: int, jobs: int) -> dict[str, Any]:
    """``simulate`` of random bots on 1 process and on ``jobs``: games per second and the speed-up."""
    timings = {}
    for n in sorted({1, jobs}):
        start = time.perf_counter()
        run_games(game, ("random",), players, games, seed=0, jobs=n)
        timings[n] = games / (time.perf_counter() - start)
    return {
        "games": games,
        "games_per_second": {str(n): v for n, v in timings.items()},
        "speedup": timings[jobs] / timings[1],
        "jobs": jobs,
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


def measure(args: argparse.Namespace, game: Game, bench: GameBench, stages: Stages) -> dict[str, Any]:
    """The figures of every run, their medians and ratios: all but the extra measures."""
    unit = bench.unit
    engine_rates: list[float] = []
    bare_rates: list[float] = []
    same: dict[str, list[float]] = {key: [] for key in bench.same_games}
    own_here = {key: own for key, own in bench.own_games.items() if own.missing() is None}
    own: dict[str, list[float]] = {key: [] for key in own_here}
    rates: dict[str, list[float]] = {label: [] for label in bench.rates}
    bounds: list[float] = []
    steps_rates: list[float] = []
    memory: list[float] = []
    per_state: list[float] = []
    stages.doing("recording games to replay")
    records = [
        tuple(play_game(game, args.players, args.seed + 1_000_000 + i)[1]) for i in range(args.step_games)
    ]
    for run in range(args.runs):
        step = f"run {run + 1} of {args.runs}:"
        first_seed = args.seed + run * 100_000
        stages.doing(f"{step} random {unit}s, engine")
        rate, played = random_per_second(bench, args.players, args.seconds, first_seed)
        engine_rates.append(rate)
        stages.doing(f"{step} the same {unit}s, bare loop")
        bare_rates.append(bare_per_second(bench, args.players, played, first_seed))
        for key, loop in bench.same_games.items():
            stages.doing(f"{step} the same {unit}s, {loop.label}")
            same[key].append(same_per_second(loop.play, args.players, played, first_seed, loop.label))
        for key, other in own_here.items():
            stages.doing(f"{step} {other.label}" + (" (compiling it first)" if run == 0 else ""))
            own[key].append(other.per_second(args.players, 50 * len(played), first_seed))
        for label, measured in bench.rates.items():
            stages.doing(f"{step} {label}")
            count, seconds = measured(args.seconds)
            rates[label].append(count / seconds)
        stages.doing(f"{step} " + ("building states, " if bench.state_build else "") + "stepping, memory")
        if bench.state_build is not None:
            actions = sum(p.actions for p in played) / sum(p.units for p in played)
            bounds.append(immutable_bound(bare_rates[-1], actions, bench.state_build()))
        steps_rates.append(steps_per_second(game, args.players, records)[0])
        used, states = state_memory(game, args.players, records[run % len(records)])
        memory.append(float(used))
        per_state.append(used / states)
        stages.done()
    results: dict[str, Any] = {
        "format": "froeschis.bench/1",
        "game": game.name,
        "unit": unit,
        **_run_of(args),
        f"random_{unit}s_per_second": _summary(engine_rates),
        f"bare_loop_{unit}s_per_second": _summary(bare_rates),
        "engine_share_of_bare_loop": _summary(_ratios(engine_rates, bare_rates)),
    }
    for key, values in same.items():
        results[f"{key}_{unit}s_per_second"] = _summary(values)
        results[f"{key}_share_of_bare_loop"] = _summary(_ratios(values, bare_rates))
    for key in bench.own_games:
        values = own.get(key, [])
        results[f"{key}_{unit}s_per_second"] = _summary(values) if values else None
        results[f"{key}_times_bare_loop"] = _summary(_ratios(values, bare_rates)) if values else None
    if bench.state_build is not None:
        results[f"immutable_bound_{unit}s_per_second"] = _summary(bounds)
    results["steps_per_second"] = {**_summary(steps_rates), "steps_per_run": sum(len(r) for r in records)}
    results["memory_of_all_states"] = {
        "bytes": _summary(memory),
        "bytes_per_state": _summary(per_state),
        "mean_states_per_game": statistics.fmean(len(r) + 1 for r in records),
    }
    results["per_second"] = {label: _summary(values) for label, values in rates.items()}
    return results


def _ratios(values: list[float], bare: list[float]) -> list[float]:
    return [value / base for value, base in zip(values, bare, strict=True)]


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


def print_results(console: Console, game: Game, bench: GameBench, results: dict[str, Any]) -> None:
    unit = results["unit"]
    table = _results_table(
        "froeschis bench" + (f" --game {game.name}" if game.name != DEFAULT else ""), results
    )
    memory = results["memory_of_all_states"]
    rows: list[tuple[str, dict[str, Any] | None, str, float]] = [
        (f"random {unit}s per second", results[f"random_{unit}s_per_second"], ".1f", 1),
        (f"  same {unit}s, bare loop (no engine)", results[f"bare_loop_{unit}s_per_second"], ".1f", 1),
    ]
    for key, loop in bench.same_games.items():
        rows.append((f"  same {unit}s, {loop.label}", results[f"{key}_{unit}s_per_second"], ".1f", 1))
    for key, other in bench.own_games.items():
        rows.append(
            (f"  random {unit}s, {other.label} (its own)", results[f"{key}_{unit}s_per_second"], ".1f", 1)
        )
    if bench.state_build is not None:
        bound = results[f"immutable_bound_{unit}s_per_second"]
        rows.append(("  bound: bare loop + a new state per action", bound, ".1f", 1))
    rows += [(f"{label} per second", figure, ",.1f", 1) for label, figure in results["per_second"].items()]
    rows += [
        ("legal_actions + apply per second", results["steps_per_second"], ",.0f", 1),
        ("memory of every state of a game (KiB)", memory["bytes"], ",.1f", 1024),
        ("  per state (bytes)", memory["bytes_per_state"], ",.0f", 1),
    ]
    for label, figure, form, scale in rows:
        if figure is not None:  # an engine that cannot run here (the kernel without numba)
            runs = " ".join(f"{v / scale:{form}}" for v in figure["runs"])
            table.add_row(label, f"{figure['median'] / scale:{form}}", runs)
    console.print(table)
    shares = [("The engine", results["engine_share_of_bare_loop"])]
    shares += [(loop.label, results[f"{key}_share_of_bare_loop"]) for key, loop in bench.same_games.items()]
    for who, share in shares:
        console.print(
            f"{who} plays at {share['median']:.0%} of the bare loop's speed"
            f" (median of the runs' ratios: {' '.join(f'{v:.0%}' for v in share['runs'])})."
        )
    for key, other in bench.own_games.items():
        times = results[f"{key}_times_bare_loop"]
        if times is None:
            console.print(other.missing() or f"The {other.label} did not run.", markup=False)
        else:
            console.print(
                f"The {other.label} plays {times['median']:.1f}x the bare loop's {unit}s per second"
                f" (median of the runs' ratios: {' '.join(f'{v:.1f}' for v in times['runs'])})."
            )
    _print_instructions(console, bench, results)
    _print_tables(console, results)
    if "scaling" in results:
        s = results["scaling"]
        rates = ", ".join(
            f"{counted(int(n), 'process', 'processes')}: {v:.1f} games/s"
            for n, v in s["games_per_second"].items()
        )
        console.print(
            f"simulate scaling ({counted(s['games'], 'random game')}): {rates}; speed-up {s['speedup']:.2f}x"
        )


def _print_instructions(console: Console, bench: GameBench, results: dict[str, Any]) -> None:
    unit = results["unit"]
    if f"instructions_per_{unit}" not in results:
        return
    counts = results[f"instructions_per_{unit}"]
    loops = [("engine", "engine"), *((key, loop.label) for key, loop in bench.same_games.items())]
    units = "" if unit == "game" else f", {counted(counts['units'], unit)}"
    each = ", ".join(
        f"{label} {counts[key] / 1e6:.2f} M" for key, label in [*loops, ("bare_loop", "bare loop")]
    )
    shares = ", ".join(f"{label} {counts[f'{key}_share_of_bare_loop']:.2f}" for key, label in loops)
    console.print(
        f"Instructions per random {results['players']}-player {unit} (callgrind,"
        f" {counted(counts['games'], 'game')}{units}): {each}; shares of the bare loop: {shares}.",
        markup=False,
    )


def _print_tables(console: Console, results: dict[str, Any]) -> None:
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


def run(args: argparse.Namespace) -> int:
    game = game_of(args)
    bench = bench_of(game)
    valgrind = find_valgrind() if args.instructions else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with progress_display(args, *columns, auto_refresh=False) as progress:
        stages = Stages(progress, args, tables=len(bench.tables))
        results = measure(args, game, bench, stages)
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
        if args.scaling:
            stages.doing(f"simulate of {counted(args.scaling, 'game')} on 1 and on every core")
            results["scaling"] = scaling(game, args.scaling, args.players, usable_cpus())
            stages.done()
        if args.profile:
            stages.doing(f"profile of {counted(args.profile, 'game')}")
            results["profile"] = profile(bench, args.players, args.profile, top=20)
            stages.done()
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_results(make_console(), game, bench, results)
    if args.profile:
        print(f"\nProfile of {counted(args.profile, 'random game')} (own time):\n{results['profile']}")
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "bench",
        run,
        help="measure the engine: random games per second, steps per second, memory, instructions",
        description=(
            "Benchmark a game's engines on one core: full random games (Frog: deals) per second "
            "beside the same games played by a bare loop (and the engine's share of its speed, a "
            "ratio taken within each run) and by the game's further engines (Fröschis: FastGame, "
            "and the compiled kernel's own games), legal_actions + apply per second, the memory of "
            "keeping every state of a game (tracemalloc), and the game's further rates and tables "
            "(Army of Frogs: perft, the listing cost by island size); each the median of --runs "
            "runs. Prints figures and ratios, no verdict. --instructions adds instruction counts "
            "per game from valgrind's callgrind: the steadiest figure, the same for the same binary "
            "and games whatever else the machine does."
        ),
    )
    add_game(parser)
    players = game.bench.players if game.bench is not None else game.players[-1]
    add_players(parser, game, players, f"players per game, {player_counts(game)} (default {players})")
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
