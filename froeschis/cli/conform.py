"""``froeschis conform``: check another engine of a game against its rules.

The engine runs as a child process speaking ``froeschis.protocol/1`` (``spec/protocol.md``) over its
standard input and output. :func:`froeschis.conformance.checker.check` drives it through the golden
playthroughs and rigged, biased and random games beside the reference engine, and reports every
divergence with the clauses involved and a shrunk reproduction. Exit status 0 when it conforms, 1 on
any error (with ``--strict`` on any warning too), 2 when no engine command is given or an option is
refused.

``--json PATH`` is checked before the engine starts and written whole or not at all when the check
is done; should the write fail, the report is kept in the temporary folder (or printed) and the
error says where (:mod:`froeschis.cli.files`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import attrs

from froeschis.cli.files import OutputError, check_file, check_folder, save, save_or_rescue
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_seed,
    make_console,
    non_negative_int,
    positive_seconds,
)
from froeschis.conformance.checker import CheckConfig, check
from froeschis.conformance.divergence import DEPTH
from froeschis.conformance.protocol import ReferenceEngine
from froeschis.conformance.report import Report
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game


def save_reproductions(report: Report, folder: Path) -> Report:
    """Write every cause's reproduction into ``folder``, as a game record (``froeschis.record/1``)
    and as a pytest test; the report printed afterwards names the files instead of showing the
    whole record."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"--repro-dir: cannot make {folder}: {error.strerror or error}") from None
    causes = []
    for number, root in enumerate(report.causes, 1):
        repro = root.reproduction
        if repro is None or not repro.reproduced:
            causes.append(root)
            continue
        stem = f"cause-{number}-{root.clause or 'protocol'}".replace(".", "-")
        record, test = folder / f"{stem}.record.json", folder / f"test_{stem.replace('-', '_')}.py"
        save(record, json.dumps(repro.record(), indent=1, ensure_ascii=False) + "\n", "--repro-dir")
        save(test, repro.python_test(report.command), "--repro-dir")
        saved = attrs.evolve(repro, saved_to=str(record), test_saved_to=str(test))
        causes.append(attrs.evolve(root, reproduction=saved))
    return attrs.evolve(report, causes=tuple(causes))


def run(args: argparse.Namespace) -> int:
    command = list(args.command)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command and not args.reference:
        print(
            "froeschis conform: give the engine's command after --, e.g. "
            "froeschis conform -- python examples/froeschis/engine.py",
            file=sys.stderr,
        )
        return 2
    json_path = None if args.json in (None, "-") else Path(args.json)
    if json_path is not None:
        check_file(json_path, "--json")
    if args.vectors is not None and not args.vectors.is_dir():
        raise FroeschisError(f"--vectors: no directory of golden playthroughs at {args.vectors}")
    if args.repro_dir is not None:
        check_folder(args.repro_dir, "--repro-dir")
    config = CheckConfig(
        random_games=args.games,
        seed=args.seed,
        timeout=args.timeout,
        vectors=None if args.no_vectors else (args.vectors or "game"),
        quick=args.quick,
        shrink=not args.no_shrink,
        shrink_budget=args.shrink_budget,
        fail_fast=args.fail_fast,
        strict=args.strict,
        deadline=args.deadline,
        divide_depth=getattr(args, "divide_depth", DEPTH),  # only a game with a divide has the option
    )
    console = make_console(stderr=args.json == "-")
    with console.status("checking...") as status:
        name = args.game_name
        report = check(
            (lambda: ReferenceEngine(game=name)) if args.reference else command,
            config,
            progress=lambda what: status.update(f"checking: {what}"),
            game=name,
        )
    if report.reproductions:
        folder = args.repro_dir or Path(tempfile.mkdtemp(prefix="froeschis-conform-"))
        report = save_reproductions(report, folder)
    report.render(console, show_table=not args.no_table)
    if args.json == "-":
        sys.stdout.write(report.dumps() + "\n")
    elif json_path is not None:
        save_or_rescue(json_path, report.dumps() + "\n", "--json")
    return 0 if report.ok else 1


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "conform",
        run,
        help="check another engine of a game (--game) against its rules, over froeschis.protocol/1",
        description=(
            "Drive an engine that speaks froeschis.protocol/1 (spec/protocol.md) through golden, rigged, "
            "biased and random games beside the reference engine; report every divergence with the clauses "
            "involved and a shrunk reproduction. Exit status 0 when it conforms, 1 on any error."
        ),
        epilog="example: froeschis conform -- python examples/froeschis/engine.py",
    )
    add_game(parser)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the engine's command line, after --")
    parser.add_argument("--games", type=non_negative_int, default=30, help="seeded random games (default 30)")
    add_seed(parser, "seed of the random and biased games (default 0)")
    parser.add_argument(
        "--timeout", type=positive_seconds, default=5.0, help="seconds allowed per reply (default 5)"
    )
    parser.add_argument(
        "--vectors",
        type=Path,
        help="directory of golden playthroughs (default: the game's own, spec/<game>/vectors)",
    )
    parser.add_argument("--no-vectors", action="store_true", help="skip the golden playthroughs")
    parser.add_argument("--quick", action="store_true", help="fewer rigged and biased games")
    parser.add_argument("--fail-fast", action="store_true", help="stop after the first game with an error")
    parser.add_argument("--no-shrink", action="store_true", help="do not shrink diverging games")
    parser.add_argument(
        "--shrink-budget",
        type=positive_seconds,
        default=20.0,
        help="seconds per reproduction (default 20)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="warnings, and declared clauses no game exercised, fail the check too",
    )
    parser.add_argument(
        "--deadline",
        type=positive_seconds,
        metavar="SECONDS",
        help=(
            "end the whole check after this long, the game in progress abandoned, and report what "
            "was found (default: no limit)"
        ),
    )
    parser.add_argument(
        "--repro-dir",
        type=Path,
        metavar="DIR",
        help="write each reproduction's full record and pytest test here (default: a new temporary folder)",
    )
    parser.add_argument(
        "--json",
        metavar="PATH",
        help="also write the report as JSON to PATH ('-': stdout); PATH is checked before the check starts",
    )
    parser.add_argument("--no-table", action="store_true", help="leave out the per-clause table")
    if game.divide is not None:
        parser.add_argument(
            "--divide-depth",
            type=non_negative_int,
            default=DEPTH,
            metavar="DEPTH",
            help=f"depth of the perft divide shown where the legal actions part (default {DEPTH}; 0: none)",
        )
    parser.add_argument(
        "--reference", action="store_true", help="check the reference engine itself (in-process)"
    )
