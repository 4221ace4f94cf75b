"""``froeschis validate``: check recorded games for illegal or inconsistent steps.

Each file is replayed on the reference engine by :func:`froeschis.conformance.validate.validate_text`:
a game record (JSON, ``froeschis.record/1``) is checked for legality, a playthrough (JSON lines with
states) also for every recorded state and list of legal actions. The first illegal or inconsistent
step is printed with its clause, or the winners. Steps are numbered as ``froeschis explain``
numbers them: step 1 is the record's first action, ``actions[0]``. ``-`` reads standard input.

The game is the one each file names (none: Fröschis); ``--game`` insists on one, and a file of
another game is refused. A record is of a whole game: one that is legal but ends before the game is
over is *incomplete* (a file cut short, a game saved half-way), status 1, unless ``--unfinished``
accepts games in progress. A playthrough may end anywhere (golden playthroughs show a situation).

Exit status: 0 when every file is valid; 1 when one is not (illegal, inconsistent, malformed: a
problem found in a file that was read, an incomplete record); 2 when one cannot be validated as
asked: it cannot be read (missing, too large, empty, not UTF-8, not JSON or cut short in the middle
of it) or is of another game than ``--game`` (one line on stderr each; the other files are still
checked).
"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.text import Text

from froeschis.cli.files import STDIN, InputError, read_input
from froeschis.cli.options import Subparsers, add_command, add_game, make_console
from froeschis.conformance.report import render_finding
from froeschis.conformance.validate import OTHER_GAME, UNREADABLE, Validation, validate_text
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT, game

CANNOT_RUN = 2
"""The status of a file that cannot be validated as asked (see the module's docstring)."""


def _refused(name: str, message: str) -> int:
    print(f"froeschis: {name}: {message}", file=sys.stderr)
    return CANNOT_RUN


def _verdict(console: Console, name: str, result: Validation, args: argparse.Namespace) -> int:
    """Print the verdict on the file ``name``; its status."""
    problem = result.problem
    if problem is not None and problem.kind == UNREADABLE:
        return _refused(name, f"cannot read: {problem.message}")
    if problem is not None and problem.kind == OTHER_GAME:
        return _refused(
            name, f"{problem.message} (--game {args.game_name}); without --game it is read as the file says"
        )
    of = game(result.game or args.game_name or DEFAULT)
    catalogue = of.catalogue()
    incomplete = result.ok and not result.finished and result.form == "record" and not args.unfinished
    prefix = "incomplete: " if incomplete else ""
    console.print(Text(f"{name}: {prefix}{result.summary()}"))  # text, not markup: "[frog.place]" stays
    if incomplete:
        console.print(Text("  a record is of a whole game: --unfinished accepts one of a game in progress"))
    if problem is not None:
        render_finding(console, problem, catalogue, of=of)
    for warning in result.warnings[:5]:
        render_finding(console, warning, catalogue, brief=True, of=of)
    return 1 if problem is not None or incomplete else 0


def run(args: argparse.Namespace) -> int:
    console = make_console()
    status = 0
    for name in args.games:
        try:
            text = read_input(name)
        except InputError as error:
            print(f"froeschis: {error}", file=sys.stderr)
            status = CANNOT_RUN
            continue
        result = validate_text(text, args.game_name)
        status = max(status, _verdict(console, name, result, args))
    return status


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "validate",
        run,
        help="check a recorded game (froeschis.record/1 or a playthrough) for illegal or inconsistent steps",
        description=(
            "Replay recorded games on the reference engine, each as a game of the game it names (--game "
            "insists on one). A game record (JSON, froeschis.record/1) is checked for legality; a "
            "playthrough (JSON lines with states) also for every recorded state and list of legal "
            "actions. Prints the first illegal or inconsistent step with its clause, or the winners. A "
            "record of a game that is not over is incomplete (--unfinished accepts it). Exit status 0 "
            "when every file is valid, 1 when one is not (or is incomplete), 2 when one cannot be read "
            "(missing, too large, empty, not JSON or cut short) or is of another game than --game."
        ),
    )
    add_game(parser, read_from_files=True)
    parser.add_argument(
        "--unfinished",
        action="store_true",
        help="accept a record of a game that is not over (legal so far), e.g. a game saved half-way",
    )
    parser.add_argument(
        "games",
        nargs="+",
        metavar="FILE",
        help=f"game record or playthrough files ('{STDIN}': standard input)",
    )
