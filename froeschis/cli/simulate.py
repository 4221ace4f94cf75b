"""``froeschis simulate``: many bot games across cores, and what they show.

Game ``g`` of a run with seed ``S`` is played with its own seed (:func:`game_seed`), by the bots of
``--bots`` rotated by ``g`` over the seats (:func:`froeschis.agents.bots.lineup`), so every bot sits in
every seat equally often and the statistics do not depend on how the games were spread over the
worker processes: ``--jobs 1`` and ``--jobs 8`` give the same numbers.

The statistics: win rates per bot and per seat with 95% Wilson confidence intervals, rounds, turns
and decisions per game, how often the draw pile ran out (a reshuffle), and how often each clause of
the catalogue fired, counted from the events. They are printed as tables, or as JSON (``--json``),
and ``--plots DIR`` draws them with matplotlib (the optional extra ``froeschis[plots]``).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from froeschis.agents.bots import lineup, make_bot, parse_bots, play_bots
from froeschis.core.actions import AnyAction
from froeschis.core.clauses import check_players
from froeschis.core.engine import GameState
from froeschis.core.errors import FroeschisError
from froeschis.core.events import Event, EventKind
from froeschis.core.rules import Rules
from froeschis.io.serialize import rules_to_json
from froeschis.spec import load_catalogue

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


class SimulateError(FroeschisError):
    """Arguments that ``simulate`` cannot run with."""


class MissingExtraError(FroeschisError):
    """An optional dependency is not installed."""


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


def _run_chunk(task: tuple[tuple[str, ...], int, Rules, int, range]) -> list[GameSummary]:
    specs, players, rules, seed, games = task
    return [simulate_game(specs, players, rules, seed, game) for game in games]


def run_games(
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Rules | None = None,
    advance: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` games on ``jobs`` processes; the summaries in game order.

    ``advance(n)`` is called as each batch of ``n`` games finishes (for a progress bar).
    """
    rules = Rules() if rules is None else rules
    for spec in specs:  # fail here, not in a worker
        make_bot(spec, rules)
    chunk = max(1, min(50, games // (jobs * 20)))
    tasks = [
        (tuple(specs), players, rules, seed, range(start, min(start + chunk, games)))
        for start in range(0, games, chunk)
    ]
    results: list[GameSummary] = []
    if jobs == 1:
        for task in tasks:
            results += _run_chunk(task)
            if advance:
                advance(len(task[4]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_run_chunk, task) for task in tasks]
            for future in as_completed(futures):
                done = future.result()
                results += done
                if advance:
                    advance(len(done))
    return sorted(results, key=lambda s: s.game)


# --------------------------------------------------------------------------- statistics


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [low, high]}


def _spread(values: Sequence[int]) -> dict[str, float]:
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def summarise(
    summaries: Sequence[GameSummary], specs: Sequence[str], players: int, seed: int
) -> dict[str, Any]:
    """The statistics of a run, as JSON-ready data (see the module docstring)."""
    n = len(summaries)
    if n == 0:
        raise SimulateError("no games were played")
    seat_games: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    for s in summaries:
        seat_games.update(s.lineup)
        bot_wins.update(s.lineup[w] for w in s.winners)
        seat_wins.update(s.winners)
    names = list(dict.fromkeys(name for s in summaries for name in s.lineup))
    clause_totals: Counter[str] = Counter()
    clause_games: Counter[str] = Counter()
    for s in summaries:
        clause_totals.update(s.clauses)
        clause_games.update(s.clauses.keys())
    total_rounds = sum(s.rounds for s in summaries)
    return {
        "format": "froeschis.simulate/1",
        "games": n,
        "players": players,
        "bots": list(specs),
        "seed": seed,
        "by_bot": [
            {"bot": name, "seat_games": seat_games[name], **_rate(bot_wins[name], seat_games[name])}
            for name in names
        ],
        "by_seat": [{"seat": seat, "games": n, **_rate(seat_wins[seat], n)} for seat in range(players)],
        "shared_wins": sum(len(s.winners) > 1 for s in summaries) / n,
        "rounds": _spread([s.rounds for s in summaries]),
        "turns": _spread([s.turns for s in summaries]),
        "decisions": _spread([s.decisions for s in summaries]),
        "reshuffles": {
            "games_with_reshuffle": sum(s.reshuffles > 0 for s in summaries) / n,
            "rounds_with_reshuffle": sum(s.rounds_with_reshuffle for s in summaries) / total_rounds,
            "per_game": sum(s.reshuffles for s in summaries) / n,
        },
        "clauses": [
            {
                "clause": clause_id,
                "total": clause_totals[clause_id],
                "per_game": clause_totals[clause_id] / n,
                "games": clause_games[clause_id] / n,
            }
            for clause_id in load_catalogue().ids()
        ],
    }


# --------------------------------------------------------------------------- output


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_tables(console: Console, stats: dict[str, Any]) -> None:
    console.print(
        f"[bold]{stats['games']} games[/bold], {stats['players']} players, bots {', '.join(stats['bots'])} "
        f"(rotated over the seats), seed {stats['seed']}"
    )
    bots = Table(title="Win rate by bot (95% Wilson interval)", title_justify="left")
    for header in ("bot", "seat-games", "wins", "win rate", "95% CI"):
        bots.add_column(header, justify="left" if header == "bot" else "right")
    for row in stats["by_bot"]:
        low, high = row["ci95"]
        bots.add_row(
            row["bot"],
            str(row["seat_games"]),
            str(row["wins"]),
            _pct(row["win_rate"]),
            f"{_pct(low)} - {_pct(high)}",
        )
    console.print(bots)
    seats = Table(title="Win rate by seat (seat 0 starts round 1)", title_justify="left")
    for header in ("seat", "games", "wins", "win rate", "95% CI"):
        seats.add_column(header, justify="right")
    for row in stats["by_seat"]:
        low, high = row["ci95"]
        seats.add_row(
            str(row["seat"]),
            str(row["games"]),
            str(row["wins"]),
            _pct(row["win_rate"]),
            f"{_pct(low)} - {_pct(high)}",
        )
    console.print(seats)
    lengths = Table(title="Game length", title_justify="left")
    for header in ("per game", "mean", "sd", "median", "min", "max"):
        lengths.add_column(header, justify="left" if header == "per game" else "right")
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
    clauses = Table(title="Clauses fired (from the events)", title_justify="left")
    for header in ("clause", "total", "per game", "in games"):
        clauses.add_column(header, justify="left" if header == "clause" else "right")
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
    from froeschis.cli import rules_from_args

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


def add_simulate(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from froeschis.cli import add_rules_options

    parser = subparsers.add_parser(
        "simulate",
        help="play many bot games across cores and report win rates, game lengths and clause counts",
        description=(
            "Play many games between bots on several processes. The bots of --bots are rotated over "
            "the seats from game to game. Reports win rates per bot and seat with 95%% confidence "
            "intervals, rounds and turns per game, draw-pile exhaustion and how often every clause "
            "fired; as tables, as JSON (--json), and as plots (--plots DIR, needs froeschis[plots])."
        ),
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--players", type=int, default=4, help="2 to 4 (default 4)")
    parser.add_argument(
        "--bots",
        default="random,greedy",
        help="comma-separated bots rotated over the seats: random, greedy, ismc, ismc:BUDGET "
        "(default random,greedy)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the run; game g gets its own seed from it"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: the number of cores)",
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument(
        "--plots", metavar="DIR", help="draw the statistics into PNG files in DIR (needs matplotlib)"
    )
    parser.add_argument(
        "--no-progress", dest="progress", action="store_false", help="no progress bar (on stderr)"
    )
    add_rules_options(parser)
    parser.set_defaults(handler=run)
