"""``froeschis simulate``: many bot games across cores, and what they show.

The games are played by :func:`froeschis.agents.simulation.run_games`: game ``g`` of a run with seed
``S`` has its own seed (:func:`froeschis.agents.simulation.game_seed`) and the bots of ``--bots``
rotated by ``g`` over the seats (:func:`froeschis.agents.bots.lineup`), so every bot sits in every
seat equally often and the statistics do not depend on how the games were spread over the worker
processes: ``--jobs 1`` and ``--jobs 8`` give the same numbers.

The statistics: win rates per bot and per seat with 95% Wilson confidence intervals, rounds, turns
and decisions per game, how often the draw pile ran out (a reshuffle), and how often each clause of
the catalogue fired, counted from the events. They are printed as tables, or as JSON (``--json``),
and ``--plots DIR`` draws them with matplotlib (the optional extra ``froeschis[plots]``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from froeschis.agents.bots import parse_bots
from froeschis.agents.simulation import GameSummary, clause_counts, run_games, summarise
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_json,
    add_players,
    add_seed,
    add_variant_switches,
    rules_from_args,
)
from froeschis.core.clauses import check_players
from froeschis.core.errors import FroeschisError
from froeschis.io.serialize import rules_to_json
from froeschis.spec import load_catalogue


class SimulateError(FroeschisError):
    """Arguments that ``simulate`` cannot run with."""


class MissingExtraError(FroeschisError):
    """An optional dependency is not installed."""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _table(title: str, headers: Sequence[str], left: str) -> Table:
    """A table titled on the left, its columns right-justified but the column ``left``."""
    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header, justify="left" if header == left else "right")
    return table


def _win_rates(title: str, rows: Sequence[dict[str, Any]], key: str, games: str) -> Table:
    """Wins per bot or per seat (``key``), out of the ``games`` it played, with the 95% interval.

    Bot names are left-justified; seat numbers, like the figures, right-justified.
    """
    table = _table(title, (key, games.replace("_", "-"), "wins", "win rate", "95% CI"), left="bot")
    for row in rows:
        low, high = row["ci95"]
        table.add_row(
            str(row[key]),
            str(row[games]),
            str(row["wins"]),
            _pct(row["win_rate"]),
            f"{_pct(low)} - {_pct(high)}",
        )
    return table


def print_tables(console: Console, stats: dict[str, Any]) -> None:
    console.print(
        f"[bold]{stats['games']} games[/bold], {stats['players']} players, bots {', '.join(stats['bots'])} "
        f"(rotated over the seats), seed {stats['seed']}"
    )
    console.print(_win_rates("Win rate by bot (95% Wilson interval)", stats["by_bot"], "bot", "seat_games"))
    console.print(_win_rates("Win rate by seat (seat 0 starts round 1)", stats["by_seat"], "seat", "games"))
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


def write_plots(directory: Path, stats: dict[str, Any], summaries: Sequence[GameSummary]) -> list[Path]:
    """Draw the statistics into PNG files in ``directory``; the paths written."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str) -> None:
        path = directory / name
        plt.tight_layout()
        plt.savefig(path, dpi=110)
        plt.close()
        written.append(path)

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, rows, label, key in (
        (axes[0], stats["by_bot"], "bot", "bot"),
        (axes[1], stats["by_seat"], "seat", "seat"),
    ):
        names = [str(row[key]) for row in rows]
        rates = [row["win_rate"] for row in rows]
        errors = [
            [r - row["ci95"][0] for r, row in zip(rates, rows, strict=True)],
            [row["ci95"][1] - r for r, row in zip(rates, rows, strict=True)],
        ]
        ax.bar(names, rates, yerr=errors, capsize=6, color="tab:green")
        ax.set_xlabel(label)
        ax.set_ylabel("win rate (95% CI)")
        ax.set_ylim(0, 1)
        ax.set_title(f"Win rate by {label}")
    fig.suptitle(f"{stats['games']} games, {stats['players']} players")
    save("win_rates.png")

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    rounds = [s.rounds for s in summaries]
    axes[0].hist(rounds, bins=range(min(rounds), max(rounds) + 2), color="tab:blue", align="left")
    axes[0].set_xlabel("rounds per game")
    axes[0].set_ylabel("games")
    axes[1].hist([s.turns for s in summaries], bins=30, color="tab:orange")
    axes[1].set_xlabel("turns per game")
    axes[1].set_ylabel("games")
    fig.suptitle("Game length")
    save("game_length.png")

    rows = [row for row in stats["clauses"] if row["total"]]
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(rows) + 1.5))
    ax.barh([row["clause"] for row in rows], [row["per_game"] for row in rows], color="tab:purple")
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("times per game (log scale)")
    ax.set_title("Clauses fired")
    save("clauses.png")
    return written


def run(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    if args.games < 1:
        raise SimulateError("--games must be at least 1")
    check_players(args.players)
    if args.jobs < 1:
        raise SimulateError("--jobs must be at least 1")
    specs = tuple(s.strip() for s in args.bots.split(",") if s.strip())
    try:
        parse_bots(args.bots, rules)
    except ValueError as error:
        raise SimulateError(f"--bots: {error}") from None
    if args.plots:
        require_matplotlib()
    err = Console(stderr=True)
    start = time.perf_counter()
    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not args.progress,
        transient=True,
    ) as progress:
        bar = progress.add_task("games", total=args.games)
        summaries = run_games(
            specs, args.players, args.games, args.seed, args.jobs, rules, lambda n: progress.advance(bar, n)
        )
    elapsed = time.perf_counter() - start
    stats = summarise(summaries, specs, args.players, args.seed)
    stats["clauses"] = clause_counts(summaries, load_catalogue().ids())
    stats["rules"] = rules_to_json(rules)
    stats["timing"] = {"jobs": args.jobs, "seconds": elapsed, "games_per_second": args.games / elapsed}
    if args.plots:
        written = write_plots(Path(args.plots), stats, summaries)
        stats["plots"] = [str(p) for p in written]
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
        return 0
    console = Console(highlight=False)
    print_tables(console, stats)
    console.print(
        f"{args.games} games in {elapsed:.1f} s on {args.jobs} processes "
        f"({args.games / elapsed:.1f} games/s)."
    )
    for path in stats.get("plots", []):
        console.print(f"wrote {path}")
    sys.stdout.flush()
    return 0


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "simulate",
        run,
        help="play many bot games across cores and report win rates, game lengths and clause counts",
        description=(
            "Play many games between bots on several processes. The bots of --bots are rotated over "
            "the seats from game to game. Reports win rates per bot and seat with 95%% confidence "
            "intervals, rounds and turns per game, draw-pile exhaustion and how often every clause "
            "fired; as tables, as JSON (--json), and as plots (--plots DIR, needs froeschis[plots])."
        ),
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    add_players(parser, 4, "2 to 4 (default 4)")
    parser.add_argument(
        "--bots",
        default="random,greedy",
        help="comma-separated bots rotated over the seats: random, greedy, ismc, ismc:BUDGET "
        "(default random,greedy)",
    )
    add_seed(parser, "seed of the run; game g gets its own seed from it")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: the number of cores)",
    )
    add_json(parser, "print the statistics as JSON")
    parser.add_argument(
        "--plots", metavar="DIR", help="draw the statistics into PNG files in DIR (needs matplotlib)"
    )
    parser.add_argument(
        "--no-progress", dest="progress", action="store_false", help="no progress bar (on stderr)"
    )
    add_variant_switches(parser)
