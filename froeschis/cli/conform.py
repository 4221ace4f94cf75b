"""The ``froeschis conform`` and ``froeschis validate`` commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from froeschis.conformance.checker import CheckConfig, check
from froeschis.conformance.protocol import ReferenceEngine
from froeschis.conformance.report import render_finding
from froeschis.conformance.validate import validate_file


def _conform(args: argparse.Namespace) -> int:
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


def add_conform(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "conform",
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
    parser.add_argument("--seed", type=int, default=0, help="seed of the random and biased games (default 0)")
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
    parser.set_defaults(handler=_conform)


def _validate(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    status = 0
    for path in args.games:
        try:
            result = validate_file(path)
        except OSError as error:
            console.print(f"{path}: cannot read: {error}")
            status = max(status, 2)
            continue
        except UnicodeDecodeError as error:
            console.print(f"{path}: cannot read: not UTF-8 text (byte {error.start}: {error.reason})")
            status = max(status, 2)
            continue
        console.print(f"{path}: {result.summary()}")
        if result.problem is not None:
            render_finding(console, result.problem)
            status = max(status, 1)
        for warning in result.warnings[:5]:
            render_finding(console, warning, brief=True)
    return status


def add_validate(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a recorded game (froeschis.record/1 or a playthrough) for illegal or inconsistent steps",
        description=(
            "Replay recorded games on the reference engine. A game record (JSON, froeschis.record/1) is "
            "checked for legality; a playthrough (JSON lines with states) also for every recorded state and "
            "list of legal actions. Prints the first illegal or inconsistent step with its clause, or the "
            "winners. Exit status 0 when every file is valid, 1 when one is not, 2 when one cannot be read."
        ),
    )
    parser.add_argument(
        "games", nargs="+", type=Path, metavar="GAME", help="game record or playthrough files"
    )
    parser.set_defaults(handler=_validate)
