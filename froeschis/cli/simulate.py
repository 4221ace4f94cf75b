"""``froeschis simulate``: many bot games across cores, and what they show.

The games are played by :func:`froeschis.agents.simulation.run_games`: game ``g`` of a run with seed
``S`` has its own seed (:func:`froeschis.agents.simulation.game_seed`) and the bots of ``--bots``
rotated by ``g`` over the seats (:func:`froeschis.games.froeschis.bots.lineup`), so every bot sits in every
seat equally often and the statistics do not depend on how the games were spread over the worker
processes: ``--jobs 1`` and ``--jobs 8`` give the same numbers.

``--engine`` chooses what plays the games (:mod:`froeschis.agents.engines`): ``reference`` (the
reference engine, with its events), ``fast`` (FastGame: the very same games, faster) or ``kernel``
(compiled, random and greedy bots only: other games from the same distribution, much faster); by
default ``fast`` on every install, so that a command and its seed give the same figures whichever
extras are installed; the output names the engine that ran. The statistics: win rates per bot and per seat
with 95% confidence intervals, rounds, turns and decisions per game, how often the draw pile ran out
(a reshuffle), and, on the reference engine, how often each clause of the catalogue fired, counted
from the events. The unit of the win rates is the game (see
:mod:`froeschis.agents.simulation`): a bot that holds two seats of a game wins it when either seat
does. They are printed as tables, or as JSON (``--json``), and ``--plots DIR`` draws them with
matplotlib (the optional extra ``froeschis[plots]``).

Nothing is lost to a bad path: ``--plots DIR`` is checked before the first game, the statistics
are printed before the plots are drawn, and each plot is written whole or not at all
(:mod:`froeschis.cli.files`). ``--jobs`` above the CPUs this process may use is lowered to them,
with a warning: more processes than CPUs only share them, and the statistics do not depend on the
number of processes. Ctrl-C ends the run and its workers at once (status 130).

With ``--game frog`` or ``--game army-of-frogs`` the games are the game's own bots', played through
its :class:`~froeschis.framework.game.Game` (:mod:`froeschis.agents.games`) on the same processes
or Dask cluster, reproducible from ``--seed`` alike; the tables give per bot and per seat the games
won and the mean return.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from froeschis.agents.cluster import run_games_on_dask
from froeschis.agents.engines import DEFAULT_ENGINE, ENGINE_SUMMARIES, ENGINES
from froeschis.agents.games import check_bots, run_game_games, summarise_games
from froeschis.agents.simulation import check_run, clause_counts, run_games, summarise, usable_cpus
from froeschis.agents.tally import Tally
from froeschis.cli.files import OutputError, check_folder, save
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_json,
    add_players,
    add_progress,
    add_seed,
    add_variant_switches,
    counted,
    game_of,
    make_console,
    positive_int,
    progress_display,
    rules_from_args,
)
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT
from froeschis.framework.registry import game as game_of_name
from froeschis.games.froeschis.bots import parse_bots
from froeschis.games.froeschis.serialize import rules_to_json
from froeschis.games.froeschis.spec import load_catalogue

PLOTS = ("win_rates.png", "game_length.png", "clauses.png")
"""The files ``--plots DIR`` writes into ``DIR`` (the last only for the reference engine, the one that
counts clauses)."""


class SimulateError(FroeschisError):
    """Arguments that ``simulate`` cannot run with."""


class MissingExtraError(FroeschisError):
    """An optional dependency is not installed."""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(bounds: Sequence[float] | None, show: Callable[[float], str] = _pct) -> str:
    return "-" if bounds is None else f"{show(bounds[0])} - {show(bounds[1])}"


def _table(title: str, headers: Sequence[str], left: str) -> Table:
    """A table titled on the left, its columns right-justified but the column ``left``."""
    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header, justify="left" if header == left else "right")
    return table


def bot_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Per bot: the games it played and won (one of its seats won), with the 95% Wilson interval,
    and its winning seats per game with their 95% normal interval."""
    table = _table(
        "Win rate by bot, per game: a bot wins a game when one of its seats wins "
        "(95% Wilson interval over games)",
        ("bot", "games", "seats/game", "games won", "win rate", "95% CI", "wins/game", "95% CI"),
        left="bot",
    )
    for row in rows:
        table.add_row(
            row["bot"],
            str(row["games"]),
            f"{row['seats_per_game']:.2f}",
            str(row["wins"]),
            _pct(row["win_rate"]),
            _interval(row["ci95"]),
            f"{row['wins_per_game']:.3f}",
            _interval(row["wins_per_game_ci95"], lambda x: f"{x:.3f}"),
        )
    return table


def seat_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Per seat: the games it won, with the 95% Wilson interval over games."""
    table = _table(
        "Win rate by seat, per game: seat 0 starts round 1 (95% Wilson interval over games)",
        ("seat", "games", "wins", "win rate", "95% CI"),
        left="",
    )
    for row in rows:
        table.add_row(
            str(row["seat"]),
            str(row["games"]),
            str(row["wins"]),
            _pct(row["win_rate"]),
            _interval(row["ci95"]),
        )
    return table


def print_tables(console: Console, stats: dict[str, Any]) -> None:
    console.print(
        f"[bold]{counted(stats['games'], 'game')}[/bold], {stats['players']} players, "
        f"bots {', '.join(stats['bots'])} (rotated over the seats), seed {stats['seed']}"
    )
    console.print(f"Engine: {stats['engine']} ({ENGINE_SUMMARIES[stats['engine']]})")
    console.print(bot_table(stats["by_bot"]))
    console.print(seat_table(stats["by_seat"]))
    lengths = _table("Game length", ("per game", "mean", "sd", "median", "min", "max"), "per game")
    for key in ("rounds", "turns", "decisions"):
        d = stats[key]
        lengths.add_row(
            key, f"{d['mean']:.1f}", f"{d['stdev']:.1f}", f"{d['median']:g}", str(d["min"]), str(d["max"])
        )
    console.print(lengths)
    r = stats["reshuffles"]
    console.print(
        f"Draw pile ran out (draw.reshuffle): in {_pct(r['games_with_reshuffle'])} of games, "
        f"{_pct(r['rounds_with_reshuffle'])} of rounds, {r['per_game']:.2f} times per game. "
        f"Games with several winners: {_pct(stats['shared_wins'])}."
    )
    if stats["clauses"] is None:
        console.print(
            f"Clause counts: only --engine reference counts them (from its events), not {stats['engine']}."
        )
        return
    clauses = _table("Clauses fired (from the events)", ("clause", "total", "per game", "in games"), "clause")
    for row in stats["clauses"]:
        clauses.add_row(row["clause"], str(row["total"]), f"{row['per_game']:.1f}", _pct(row["games"]))
    console.print(clauses)


def require_matplotlib() -> None:
    """Raise :class:`MissingExtraError` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingExtraError(
            "--plots needs matplotlib, an optional extra: pip install 'froeschis[plots]'"
        ) from None


def write_plots(directory: Path, stats: dict[str, Any], tally: Tally) -> list[Path]:
    """Draw the statistics into the PNG files :data:`PLOTS` in ``directory``; the paths written.

    Each figure is drawn in memory and written whole (:func:`froeschis.cli.files.save`).
    """
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"--plots: cannot make the folder {directory}: {error.strerror or error}") from None
    written: list[Path] = []

    def save_figure(name: str) -> None:
        image = io.BytesIO()
        plt.tight_layout()
        plt.savefig(image, format="png", dpi=110)
        plt.close()
        save(directory / name, image.getvalue(), "--plots")
        written.append(directory / name)

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, rows, label in ((axes[0], stats["by_bot"], "bot"), (axes[1], stats["by_seat"], "seat")):
        names = [str(row[label]) for row in rows]
        rates = [row["win_rate"] for row in rows]
        errors = [
            [r - row["ci95"][0] for r, row in zip(rates, rows, strict=True)],
            [row["ci95"][1] - r for r, row in zip(rates, rows, strict=True)],
        ]
        ax.bar(names, rates, yerr=errors, capsize=6, color="tab:green")
        ax.set_xlabel(label)
        ax.set_ylabel("games won (95% CI)")
        ax.set_ylim(0, 1)
        ax.set_title(f"Win rate by {label}, per game")
    fig.suptitle(f"{counted(stats['games'], 'game')}, {stats['players']} players")
    save_figure(PLOTS[0])

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    rounds = sorted(tally.rounds)
    axes[0].bar(rounds, [tally.rounds[r] for r in rounds], color="tab:blue")
    axes[0].set_xlabel("rounds per game")
    axes[0].set_ylabel("games")
    turns = sorted(tally.turns)
    axes[1].hist(turns, bins=30, weights=[tally.turns[t] for t in turns], color="tab:orange")
    axes[1].set_xlabel("turns per game")
    axes[1].set_ylabel("games")
    fig.suptitle("Game length")
    save_figure(PLOTS[1])

    if stats["clauses"] is None:
        return written

    rows = [row for row in stats["clauses"] if row["total"]]
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(rows) + 1.5))
    ax.barh([row["clause"] for row in rows], [row["per_game"] for row in rows], color="tab:purple")
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("times per game (log scale)")
    ax.set_title("Clauses fired")
    save_figure(PLOTS[2])
    return written


def print_game_tables(console: Console, stats: dict[str, Any]) -> None:
    """The tables of a run of a game other than Fröschis: wins and mean return per bot and seat."""
    console.print(
        f"[bold]{counted(stats['games'], 'game')}[/bold] of {game_of_name(stats['game']).title}, "
        f"{stats['players']} players, bots {', '.join(stats['bots'])} (rotated over the seats), "
        f"seed {stats['seed']}"
    )
    headers = ("games", "games won", "win rate", "95% CI", "mean return")
    bots = _table("By bot: a bot wins a game when one of its seats wins", ("bot", *headers), "bot")
    for row in stats["by_bot"]:
        bots.add_row(row["bot"], *_game_row(row))
    console.print(bots)
    seats = _table("By seat", ("seat", *headers), "")
    for row in stats["by_seat"]:
        seats.add_row(str(row["seat"]), *_game_row(row))
    console.print(seats)
    d = stats["decisions"]
    console.print(
        f"Decisions per game: mean {d['mean']:.1f}, min {d['min']}, max {d['max']}. "
        f"Games without a winner: {_pct(stats['no_winner'])}; with several: {_pct(stats['shared_wins'])}."
    )


def _game_row(row: dict[str, Any]) -> tuple[str, ...]:
    return (
        str(row["games"]),
        str(row["wins"]),
        _pct(row["win_rate"]),
        _interval(row["ci95"]),
        f"{row['mean_return']:.2f}",
    )


def _run_other(args: argparse.Namespace, of: Game) -> int:
    """``simulate --game NAME`` for a game other than Fröschis: its own bots, through its Game."""
    if args.engine != DEFAULT_ENGINE or args.plots is not None:
        raise SimulateError(f"--engine and --plots are Fröschis' only, not {of.title}'s")
    rules = rules_from_args(args, of)
    specs = tuple(s.strip() for s in args.bots.split(",") if s.strip())
    try:
        check_bots(of, specs)
    except ValueError as error:
        raise SimulateError(f"--bots: {error}") from None
    jobs = min(args.jobs, usable_cpus())
    start = time.perf_counter()
    with progress_display(args, TextColumn("simulating"), BarColumn(), MofNCompleteColumn()) as progress:
        bar = progress.add_task("games", total=args.games)
        tally = run_game_games(
            of,
            specs,
            args.players,
            args.games,
            args.seed,
            jobs,
            rules,
            lambda n: progress.advance(bar, n),
            args.dask,
        )
    elapsed = time.perf_counter() - start
    stats = summarise_games(of, tally, specs, args.players, args.seed)
    stats["rules"] = of.rules_to_json(rules)
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
        return 0
    console = make_console()
    print_game_tables(console, stats)
    on = counted(jobs, "process", "processes") if args.dask is None else f"the Dask cluster {args.dask}"
    console.print(f"{counted(args.games, 'game')} in {elapsed:.1f} s on {on}.")
    return 0


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    if of.name != DEFAULT:
        return _run_other(args, of)
    rules = rules_from_args(args, of)
    specs = tuple(s.strip() for s in args.bots.split(",") if s.strip())
    try:
        parse_bots(args.bots, rules)
    except ValueError as error:
        raise SimulateError(f"--bots: {error}") from None
    engine = args.engine
    try:
        check_run(specs, rules, engine)
    except FroeschisError as error:
        raise SimulateError(f"--engine {engine}: {error}") from None
    plots = None if args.plots is None else Path(args.plots)
    if plots is not None:
        require_matplotlib()
        check_folder(plots, "--plots")
    jobs = min(args.jobs, usable_cpus())
    if jobs < args.jobs:
        print(
            f"froeschis: warning: --jobs {args.jobs} is more than the {counted(jobs, 'CPU')} this process "
            f"may use; using {jobs} (the statistics do not depend on it)",
            file=sys.stderr,
        )
    start = time.perf_counter()
    with progress_display(
        args, TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()
    ) as progress:
        bar = progress.add_task("games", total=args.games)

        def advance(games: int) -> None:
            progress.advance(bar, games)

        if args.dask is None:
            tally = run_games(specs, args.players, args.games, args.seed, jobs, rules, advance, engine)
        else:
            tally = run_games_on_dask(
                args.dask, specs, args.players, args.games, args.seed, rules, engine, advance, workers=jobs
            )
    elapsed = time.perf_counter() - start
    stats = summarise(tally, specs, args.players, args.seed)
    stats["engine"] = engine
    stats["clauses"] = clause_counts(tally, load_catalogue().ids()) if engine == "reference" else None
    stats["rules"] = rules_to_json(rules)
    where = (
        {"jobs": jobs}
        if args.dask is None
        else {"dask": args.dask, "jobs": jobs if args.dask == "local" else None}
    )
    stats["timing"] = {**where, "seconds": elapsed, "games_per_second": args.games / elapsed}
    if plots is not None:
        stats["plots"] = [str(plots / name) for name in PLOTS[: 3 if engine == "reference" else 2]]
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
    else:
        console = make_console()
        print_tables(console, stats)
        on = counted(jobs, "process", "processes") if args.dask is None else f"the Dask cluster {args.dask}"
        console.print(
            f"{counted(args.games, 'game')} in {elapsed:.1f} s on {on} ({args.games / elapsed:.1f} games/s)."
        )
    sys.stdout.flush()  # the results are out before the plots can fail
    if plots is not None:
        for path in write_plots(plots, stats, tally):
            if not args.json:  # the JSON lists them
                print(f"wrote {path}")
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "simulate",
        run,
        help="play many bot games across cores and report win rates, game lengths and clause counts",
        description=(
            "Play many games between bots on several processes. The bots of --bots are rotated over "
            "the seats from game to game. Reports win rates per bot and per seat, counted per game (a "
            "bot wins a game when one of its seats wins), with 95% confidence intervals; rounds and "
            "turns per game, draw-pile exhaustion and (--engine reference) how often every clause fired; "
            "as tables, as JSON "
            "(--json), and as plots (--plots DIR, needs froeschis[plots]). Ctrl-C stops the run and "
            "its worker processes."
        ),
    )
    add_game(parser)
    parser.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    if game.name == DEFAULT:
        add_players(parser, game, 4, "2 to 4 (default 4)")
        parser.add_argument(
            "--bots",
            default="random,greedy",
            help="comma-separated bots rotated over the seats: random, greedy, ismc, ismc:BUDGET "
            "(default random,greedy)",
        )
    else:
        add_players(parser, game, game.players[-1], f"one of {game.players} (default {game.players[-1]})")
        parser.add_argument(
            "--bots",
            default=",".join(game.bots),
            help=f"comma-separated bots of {game.title} rotated over the seats: {', '.join(game.bots)} "
            f"(default {','.join(game.bots)})",
        )
    add_seed(parser, "seed of the run; game g gets its own seed from it")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default=DEFAULT_ENGINE,
        help="what plays the games: reference (counts clauses), fast (the same games, faster), kernel "
        "(compiled, needs froeschis[fast], random and greedy bots: other games from the same "
        f"distribution) (default {DEFAULT_ENGINE}, whatever is installed: the same figures everywhere)",
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=usable_cpus(),
        help="worker processes; more than the CPUs this process may use is lowered to them, with a "
        "warning; 1 plays in this process (default: the number of CPUs)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play the games on a Dask cluster: the address of its scheduler (tcp://host:8786), or "
        "'local' for a LocalCluster of --jobs worker processes here; the same results as without it "
        "(needs froeschis[dask])",
    )
    add_json(parser, "print the statistics as JSON")
    parser.add_argument(
        "--plots",
        metavar="DIR",
        help="draw the statistics into PNG files in DIR (needs matplotlib); DIR is checked before the run",
    )
    add_progress(parser)
    add_variant_switches(parser, game)
