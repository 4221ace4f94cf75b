"""``froeschis census``: walk every state of the tiny games, checking invariants, and count them.

Prints the counts as ``spec/froeschis/census.toml`` has them and exits with status 1 when they differ from the
recorded ones; ``--write`` records them. The walk takes a while, so ``--write`` checks first that
the file can be written and is not inside an installed package (it records the counts of a source
checkout), and writes it whole or, failing that, keeps the counts elsewhere and says where
(:mod:`froeschis.cli.files`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

from froeschis.agents.simulation import usable_cpus
from froeschis.cli.files import check_file, check_not_installed, save_or_rescue
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_progress,
    game_of,
    non_negative_int,
    player_count_of,
    positive_int,
    progress_display,
)
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.positions import first_decision, position, position_text, ways
from froeschis.verify import deep
from froeschis.verify.explore import census_toml
from froeschis.verify.split import split_divide


def _position(of: Game, args: argparse.Namespace) -> Any:
    """The state ``--position`` names (:func:`froeschis.framework.positions.position`), or the first
    decision of a game dealt by ``--seed``; the latter said on stderr, in a form ``--position``
    reads back, so that the split can be repeated by another engine."""
    if args.position is not None:
        if args.seed is not None:
            raise FroeschisError("--seed deals the default position: give --position or --seed, not both")
        return position(of, args.position)
    players = args.players or min(of.players)
    seed = args.seed or 0
    state = first_decision(of, players, seed)
    print(f"position: the first decision after a deal by seed {seed} ({players} players):", file=sys.stderr)
    print(position_text(of, state), file=sys.stderr)
    return state


def divide_report(of: Game, args: argparse.Namespace) -> int:
    """``--divide DEPTH``: perft(DEPTH) of the position, split by its first action."""
    state = _position(of, args)
    if state.is_chance:
        raise FroeschisError(
            "--divide: the position is a chance node (a shuffle or a deal: too many outcomes to split "
            f"by); give --position, a position after it ({ways(of)}), or leave it out for the first "
            "decision after a seeded deal"
        )
    counts = _split(of, state, args.divide, args)
    width = max((len(action) for action in counts), default=0)
    for action, count in counts.items():
        print(f"{action:<{width}}  {count}")
    print(f"total {sum(counts.values())} at depth {args.divide}")
    return 0


def _split(of: Game, state: Any, depth: int, args: argparse.Namespace) -> dict[str, int]:
    """perft(depth) of ``state`` split by first action, over ``--jobs`` processes or ``--dask``."""
    jobs = min(args.jobs, usable_cpus()) if args.jobs is not None else 1
    return split_divide(of, state, depth, jobs, args.dask)


def deep_report(of: Game, args: argparse.Namespace) -> int:
    """``--deep``: recount the game's deep perft rows, print them as its table has them, and say
    where they differ from the recorded ones (status 1); ``--write`` records them."""
    path = deep.path_of(of)
    if not path.is_file():
        raise FroeschisError(f"{of.title} has no deep perft rows (spec/{of.name}/{deep.FILE})")
    if args.write:
        check_not_installed(path, "--write")
        check_file(path, "--write")
    rows = deep.read_rows(path)
    counted, differences = deep.recount(
        rows, lambda row: _split(of, position(of, row.position), row.depth, args)
    )
    text = deep.rows_toml(of, counted)
    if args.write:
        save_or_rescue(path, text, "--write")
        print(f"wrote {path}")
        return 0
    sys.stdout.write(text)
    for line in differences:
        print(f"differs: {line}", file=sys.stderr)
    return 1 if differences else 0


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    if args.divide is not None and args.deep:
        raise FroeschisError("--divide counts one position, --deep the game's table: give one")
    if args.divide is not None:
        if args.write:
            raise FroeschisError("--write records the census or (with --deep) the deep rows, not --divide")
        return divide_report(of, args)
    if args.position is not None or args.players is not None or args.seed is not None:
        raise FroeschisError("--position, --players and --seed go with --divide")
    if args.deep:
        return deep_report(of, args)
    if args.jobs is not None or args.dask is not None:
        raise FroeschisError("--jobs and --dask go with --divide or --deep (the census walks on one core)")
    if not of.tiny:
        raise FroeschisError(f"{of.title} has no tiny configurations to walk")
    path = of.spec() / "census.toml"
    if args.write:
        check_not_installed(path, "--write")
        check_file(path, "--write")

    def check(state: Any) -> None:
        for invariant in of.state_checks:
            invariant(state)

    columns = (TextColumn("census"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with progress_display(args, *columns, TextColumn("{task.description}")) as progress:
        task = progress.add_task("", total=len(of.tiny))
        text = census_toml(
            of,
            of.tiny,
            check_state=check,
            check_step=of.step_check,
            report=lambda words: progress.update(task, description=words),
            done=lambda config: progress.advance(task),
        )
    if args.write:
        save_or_rescue(path, text, "--write")
        print(f"wrote {path}")
        return 0
    sys.stdout.write(text)
    if path.exists() and path.read_text(encoding="utf-8") != text:
        print(f"differs from {path}", file=sys.stderr)
        return 1
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "census",
        run,
        help="walk every state of the tiny games, checking invariants; print the counts",
        description=(
            "Walk every reachable state of a game's tiny configurations (Fröschis: a few cards, short "
            "rows; Frog: short decks), checking the engine's invariants at every state and step, and "
            "print the state counts and perft counts in the form of the game's census.toml (Fröschis: "
            "spec/froeschis/census.toml; another game: spec/<game>/census.toml): a fingerprint to compare "
            "implementations by. Exit status 1 when the counts differ from the recorded ones; --write "
            "records them (in a source checkout). The walk takes a while (Frog's minutes): on a "
            "terminal, standard error shows where it stands."
        ),
    )
    add_game(parser)
    parser.add_argument("--write", action="store_true", help="record the counts in the game's census.toml")
    parser.add_argument(
        "--divide",
        type=positive_int,
        metavar="DEPTH",
        help="print perft(DEPTH) of a position split by its first action (where two engines part)",
    )
    parser.add_argument(
        "--position",
        help=f"with --divide: the position to split; for {game.title}: {ways(game)} (default: the first "
        "decision after a deal by --seed, written on stderr as --position reads it)".replace("%", "%%"),
    )
    parser.add_argument(
        "--players",
        type=player_count_of(game),
        help="with --divide from the default position: the players (default: the fewest the game allows)",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        help="with --divide from the default position: the seed of the deal (default 0)",
    )
    parser.add_argument(
        "--deep",
        action="store_true",
        help=f"recount the game's deep perft rows (spec/<game>/{deep.FILE}), split by first action; "
        "with --write, record them",
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        help="with --divide or --deep: count the first actions on this many worker processes (default "
        "1; more than the CPUs this process may use is lowered to them); the counts do not depend on it",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="with --divide or --deep: count the first actions on a Dask cluster, the address of its "
        "scheduler (tcp://host:8786) or 'local' for a LocalCluster of --jobs processes (needs "
        "froeschis[dask])",
    )
    add_progress(parser)
