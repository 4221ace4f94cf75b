"""``froeschis validate``: check recorded games for illegal or inconsistent steps.

Each file is replayed on the reference engine by :func:`froeschis.conformance.validate.validate_file`:
a game record (JSON, ``froeschis.record/1``) is checked for legality, a playthrough (JSON lines with
states) also for every recorded state and list of legal actions. The first illegal or inconsistent
step is printed with its clause, or the winners. Exit status 0 when every file is valid, 1 when one
is not, 2 when one cannot be read. Steps are numbered as ``froeschis explain`` numbers them: step 1
is the record's first action, ``actions[0]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.text import Text

from froeschis.cli.options import Subparsers, add_command, add_game, game_of, make_console
from froeschis.conformance.report import render_finding
from froeschis.conformance.validate import validate_file
from froeschis.framework.game import Game


def run(args: argparse.Namespace) -> int:
    console = make_console()
    catalogue = game_of(args).catalogue()
    status = 0
    for path in args.games:
        try:
            result = validate_file(path, args.game_name)
        except OSError as error:
            console.print(Text(f"{path}: cannot read: {error}"))
            status = max(status, 2)
            continue
        except UnicodeDecodeError as error:
            console.print(Text(f"{path}: cannot read: not UTF-8 text (byte {error.start}: {error.reason})"))
            status = max(status, 2)
            continue
        console.print(Text(f"{path}: {result.summary()}"))  # text, not markup: "[frog.place]" stays
        if result.problem is not None:
            render_finding(console, result.problem, catalogue)
            status = max(status, 1)
        for warning in result.warnings[:5]:
            render_finding(console, warning, catalogue, brief=True)
    return status


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "validate",
        run,
        help="check a recorded game (froeschis.record/1 or a playthrough) for illegal or inconsistent steps",
        description=(
            "Replay recorded games on the reference engine. A game record (JSON, froeschis.record/1) is "
            "checked for legality; a playthrough (JSON lines with states) also for every recorded state and "
            "list of legal actions. Prints the first illegal or inconsistent step with its clause, or the "
            "winners. Exit status 0 when every file is valid, 1 when one is not, 2 when one cannot be read."
        ),
    )
    add_game(parser)
    parser.add_argument(
        "games", nargs="+", type=Path, metavar="GAME", help="game record or playthrough files"
    )
