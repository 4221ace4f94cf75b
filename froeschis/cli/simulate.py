"""``froeschis simulate``: many bot games of any game across cores, and what they show.

The games are played by :func:`froeschis.agents.simulation.run_games`: game ``g`` of a run with seed
``S`` has its own seed (:func:`froeschis.framework.runs.game_seed`) and the bots of ``--bots``
rotated by ``g`` over the seats (:func:`froeschis.framework.runs.lineup`), so every bot sits in
every seat equally often and the statistics do not depend on how the games were spread over the
worker processes: ``--jobs 1`` and ``--jobs 8`` give the same numbers.

``--engine`` chooses what plays the games among the engines the game offers
(:attr:`Game.engines <froeschis.framework.game.Game.engines>`): every game's ``reference``, and
Fröschis' ``fast`` (FastGame: the very same games, faster) and ``kernel`` (compiled, random and greedy
bots only: other games from the same distribution, much faster); by default the game's default
engine (Fröschis: ``fast``, on every install, so that a command and its seed give the same figures
whichever extras are installed); the output names the engine that ran. The statistics, the same for
every game: win rates per bot and per seat with 95% confidence intervals, mean returns, decisions per
game; then the lengths the game names (Fröschis: rounds and turns), its own statistics (Fröschis: how
often the draw pile ran out, a reshuffle), and, on an engine that makes events, how often each clause
of the catalogue fired. The unit of the win rates is the game (see
:mod:`froeschis.agents.simulation`): a bot that holds two seats of a game wins it when either seat
does. They are printed as tables, or as JSON (``--json``), and ``--plots DIR`` draws them with
matplotlib (the optional extra ``froeschis[plots]``).

Nothing is lost to a bad path: ``--plots DIR`` is checked before the first game, the statistics
are printed before the plots are drawn, and each plot is written whole or not at all
(:mod:`froeschis.cli.files`). ``--jobs`` above the CPUs this process may use is lowered to them,
with a warning: more processes than CPUs only share them, and the statistics do not depend on the
number of processes. Ctrl-C ends the run and its workers at once (status 130).
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
from froeschis.agents.simulation import check_run, clause_counts, run_games, summarise, usable_cpus
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
    player_counts,
    positive_int,
    progress_display,
    rules_from_args,
)
from froeschis.framework.errors import FroeschisError, listing
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT
from froeschis.framework.registry import game as game_of_name
from froeschis.framework.runs import engines_of
from froeschis.framework.tally import Tally

PLOTS = ("win_rates.png", "game_length.png", "clauses.png")
"""The files ``--plots DIR`` writes into ``DIR`` (the last only for an engine that counts clauses)."""


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


def bot_table(rows: Sequence[dict[str, Any]], returns: bool) -> Table:
    """Per bot: the games it played and won (one of its seats won), with the 95% Wilson interval,
    and its winning seats per game with their 95% normal interval; with ``returns``, its mean
    return."""
    headers = ("bot", "games", "seats/game", "games won", "win rate", "95% CI", "wins/game", "95% CI")
    table = _table(
        "Win rate by bot, per game: a bot wins a game when one of its seats wins "
        "(95% Wilson interval over games)",
        (*headers, *(("mean return",) if returns else ())),
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
            *((f"{row['mean_return']:.2f}",) if returns else ()),
        )
    return table


def seat_table(rows: Sequence[dict[str, Any]], returns: bool, note: str = "") -> Table:
    """Per seat: the games it won, with the 95% Wilson interval over games; with ``returns``, its
    mean return; ``note`` says what the game's seats are."""
    table = _table(
        f"Win rate by seat, per game{': ' + note if note else ''} (95% Wilson interval over games)",
        ("seat", "games", "wins", "win rate", "95% CI", *(("mean return",) if returns else ())),
        left="",
    )
    for row in rows:
        table.add_row(
            str(row["seat"]),
            str(row["games"]),
            str(row["wins"]),
            _pct(row["win_rate"]),
            _interval(row["ci95"]),
            *((f"{row['mean_return']:.2f}",) if returns else ()),
        )
    return table


def print_tables(console: Console, stats: dict[str, Any]) -> None:
    of = game_of_name(stats["game"])
    engines = engines_of(of)
    title = "" if of.name == DEFAULT else f" of {of.title}"  # the game of every command, unnamed
    console.print(
        f"[bold]{counted(stats['games'], 'game')}[/bold]{title}, {stats['players']} players, "
        f"bots {', '.join(stats['bots'])} (rotated over the seats), seed {stats['seed']}"
    )
    console.print(f"Engine: {stats['engine']} ({engines.engine(stats['engine']).summary})")
    console.print(bot_table(stats["by_bot"], engines.returns_shown))
    console.print(seat_table(stats["by_seat"], engines.returns_shown, engines.seat_note))
    lengths = _table("Game length", ("per game", "mean", "sd", "median", "min", "max"), "per game")
    for key in (*engines.lengths, "decisions"):
        d = stats[key]
        lengths.add_row(
            key, f"{d['mean']:.1f}", f"{d['stdev']:.1f}", f"{d['median']:g}", str(d["min"]), str(d["max"])
        )
    console.print(lengths)
    own = engines.stats_text(stats)
    winnerless = f"; without a winner: {_pct(stats['no_winner'])}" if engines.winnerless_shown else ""
    winners = f"Games with several winners: {_pct(stats['shared_wins'])}{winnerless}."
    console.print(f"{own} {winners}" if own else winners)
    if stats["clauses"] is None:
        counting = [engine.name for engine in engines.engines if engine.counts_clauses]
        if counting:
            console.print(
                f"Clause counts: only --engine {' or '.join(counting)} counts them (from its events), "
                f"not {stats['engine']}."
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

    named = engines_of(game_of_name(stats["game"])).lengths
    shown = [(name, tally.lengths[name]) for name in named][:2] or [("decisions", tally.decisions)]
    fig, axes = plt.subplots(1, len(shown), figsize=(5 * len(shown), 4), squeeze=False)
    for index, (name, histogram) in enumerate(shown):
        values = sorted(histogram)
        ax = axes[0][index]
        if index == 0:
            ax.bar(values, [histogram[v] for v in values], color="tab:blue")
        else:
            ax.hist(values, bins=30, weights=[histogram[v] for v in values], color="tab:orange")
        ax.set_xlabel(f"{name} per game")
        ax.set_ylabel("games")
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


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    rules = rules_from_args(args, of)
    specs = tuple(s.strip() for s in args.bots.split(",") if s.strip())
    engine = engines_of(of).default if args.engine is None else args.engine
    try:
        check_run(of, specs, rules, engine)
    except ValueError as error:  # an unknown bot, or none
        raise SimulateError(f"--bots: {error}") from None
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
            tally = run_games(of, specs, args.players, args.games, args.seed, jobs, rules, advance, engine)
        else:
            tally = run_games_on_dask(
                args.dask,
                of,
                specs,
                args.players,
                args.games,
                args.seed,
                rules,
                engine,
                advance,
                workers=jobs,
            )
    elapsed = time.perf_counter() - start
    stats = summarise(of, tally, specs, args.players, args.seed)
    stats["engine"] = engine
    counts = engines_of(of).engine(engine).counts_clauses
    stats["clauses"] = clause_counts(tally, of.catalogue().ids()) if counts else None
    stats["rules"] = of.rules_to_json(rules)
    where = (
        {"jobs": jobs}
        if args.dask is None
        else {"dask": args.dask, "jobs": jobs if args.dask == "local" else None}
    )
    stats["timing"] = {**where, "seconds": elapsed, "games_per_second": args.games / elapsed}
    if plots is not None:
        stats["plots"] = [str(plots / name) for name in PLOTS[: 3 if counts else 2]]
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


def _figures(of: Game) -> str:
    """What ``simulate`` reports of ``of`` beside the win rates: its decisions and lengths per game
    and its own statistics, as the game's engines name them (no other game's draw pile)."""
    engines = engines_of(of)
    lengths = listing(["decisions", *engines.lengths], "and")
    own = f"; {engines.stats_summary}" if engines.stats_summary else ""
    return f"{lengths} per game{own}"


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "simulate",
        run,
        help="play many bot games across cores and report win rates, game lengths and clause counts",
        description=(
            f"Play many games of {game.title} between bots on several processes. The bots of --bots "
            "are rotated over the seats from game to game. Reports win rates per bot and per seat, "
            "counted per game (a bot wins a game when one of its seats wins), with 95% confidence "
            f"intervals; mean returns; {_figures(game)}; on an engine that makes events "
            "(--engine reference) how often every clause fired; as tables, as JSON "
            "(--json), and as plots (--plots DIR, needs froeschis[plots]). Ctrl-C stops the run and "
            "its worker processes."
        ),
    )
    add_game(parser)
    parser.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    add_players(parser, game, game.players[-1], f"{player_counts(game)} (default {game.players[-1]})")
    default_bots = ",".join(engines_of(game).bots or game.bots)
    parser.add_argument(
        "--bots",
        default=default_bots,
        help=f"comma-separated bots of {game.title} rotated over the seats: {game.bot_names()} "
        f"(default {default_bots})",
    )
    add_seed(parser, "seed of the run; game g gets its own seed from it")
    engines = engines_of(game)
    parser.add_argument(
        "--engine",
        choices=engines.names(),
        default=None,
        help="what plays the games: "
        + "; ".join(f"{engine.name} ({engine.summary})" for engine in engines.engines)
        + f" (default {engines.default})",
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
