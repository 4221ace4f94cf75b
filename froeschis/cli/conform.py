"""``froeschis conform``: check another Fröschis engine against the rules.

The engine runs as a child process speaking ``froeschis.protocol/1`` (``spec/protocol.md``) over its
standard input and output. :func:`froeschis.conformance.checker.check` drives it through the golden
playthroughs and rigged, biased and random games beside the reference engine, and reports every
divergence with the clauses involved and a shrunk reproduction. Exit status 0 when it conforms, 1 on
any error (with ``--strict`` on any warning too), 2 when no engine command is given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from froeschis.cli.options import Subparsers, add_command, add_seed
from froeschis.conformance.checker import CheckConfig, check
from froeschis.conformance.protocol import ReferenceEngine


def run(args: argparse.Namespace) -> int:
    command = list(args.command)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command and not args.reference:
        print(
            "froeschis conform: give the engine's command after --, e.g. "
            "froeschis conform -- python examples/engine.py",
            file=sys.stderr,
        )
        return 2
    config = CheckConfig(
        random_games=args.games,
        seed=args.seed,
        timeout=args.timeout,
        vectors=None if args.no_vectors else (args.vectors or CheckConfig().vectors),
        quick=args.quick,
        shrink=not args.no_shrink,
        shrink_budget=args.shrink_budget,
        fail_fast=args.fail_fast,
        strict=args.strict,
    )
    console = Console(stderr=args.json == "-", highlight=False)
    with console.status("checking...") as status:
        report = check(
            ReferenceEngine if args.reference else command,
            config,
            progress=lambda name: status.update(f"checking: {name}"),
        )
    report.render(console, show_table=not args.no_table)
    if args.json == "-":
        sys.stdout.write(report.dumps() + "\n")
    elif args.json:
        Path(args.json).write_text(report.dumps() + "\n", encoding="utf-8")
    return 0 if report.ok else 1


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "conform",
        run,
        help="check another Fröschis engine against the rules (froeschis.protocol/1 over stdin/stdout)",
        description=(
            "Drive an engine that speaks froeschis.protocol/1 (spec/protocol.md) through golden, rigged, "
            "biased and random games beside the reference engine; report every divergence with the clauses "
            "involved and a shrunk reproduction. Exit status 0 when it conforms, 1 on any error."
        ),
        epilog="example: froeschis conform -- python examples/engine.py",
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the engine's command line, after --")
    parser.add_argument("--games", type=int, default=30, help="seeded random games (default 30)")
    add_seed(parser, "seed of the random and biased games (default 0)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds allowed per reply (default 5)")
    parser.add_argument(
        "--vectors", type=Path, help="directory of golden playthroughs (default spec/vectors)"
    )
    parser.add_argument("--no-vectors", action="store_true", help="skip the golden playthroughs")
    parser.add_argument("--quick", action="store_true", help="fewer rigged and biased games")
    parser.add_argument("--fail-fast", action="store_true", help="stop after the first game with an error")
    parser.add_argument("--no-shrink", action="store_true", help="do not shrink diverging games")
    parser.add_argument(
        "--shrink-budget", type=float, default=20.0, help="seconds per reproduction (default 20)"
    )
    parser.add_argument("--strict", action="store_true", help="warnings fail the check too")
    parser.add_argument("--json", metavar="PATH", help="also write the report as JSON to PATH ('-': stdout)")
    parser.add_argument("--no-table", action="store_true", help="leave out the per-clause table")
    parser.add_argument(
        "--reference", action="store_true", help="check the reference engine itself (in-process)"
    )
