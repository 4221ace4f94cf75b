"""``froeschis trace``: the coverage report of the rules, clause by clause.

Prints the traceability matrix (clause x implementation x tests x playthroughs) and exits with
status 1 when any clause lacks one of them, or a test names a clause the catalogue does not have,
like the coverage gate in the test suite.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import attrs
from rich.table import Table

from froeschis.cli.options import Subparsers, add_command, add_game, add_json, game_of, make_console
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.verify.trace import ClauseTrace, trace_matrix, unknown_ids


def run(args: argparse.Namespace) -> int:
    tests = Path(args.tests)
    if not tests.is_dir():
        raise FroeschisError(f"--tests: no test folder {tests} (run from a source checkout or pass --tests)")
    of = game_of(args)
    matrix = trace_matrix(tests, of=of)
    unknown = unknown_ids(tests, of=of)
    in_force = set(of.catalogue().in_force_ids())  # a deprecated clause needs nothing
    gaps = [row for row in matrix if row.clause in in_force and not row.complete]
    if args.json:
        rows = [attrs.asdict(row) for row in matrix]
        print(
            json.dumps(
                {"game": of.name, "clauses": rows, "unknown_ids": unknown, "gaps": [g.clause for g in gaps]},
                indent=2,
            )
        )
    else:
        table = Table(title=f"Clause traceability of {of.title}")
        for column in ("clause", "kind", "implemented by", "tests", "playthroughs"):
            table.add_column(column)
        for row in matrix:
            table.add_row(
                row.clause,
                row.kind,
                "\n".join(name.removeprefix("froeschis.") for name in row.implementations) or "[red]none",
                str(len(row.tests)) if row.tests else "[red]0",
                _playthroughs(row),
            )
        console = make_console()
        console.print(table)
        covered = len(matrix) - len(gaps)
        console.print(f"{covered}/{len(matrix)} clauses implemented, tested and exercised")
        for clause_id, places in unknown.items():
            console.print(f"[red]unknown clause ID {clause_id!r} named in {places}")
    return 1 if gaps or unknown else 0


def _playthroughs(row: ClauseTrace) -> str:
    if row.playthroughs:
        return str(len(row.playthroughs))
    return "[red]0" if row.playthrough_needed else "none needed"


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "trace",
        run,
        help="the clause traceability matrix; fails on any gap",
        description=(
            f"Show, for every clause of the game's rules catalogue (spec/{game.name}/clauses.toml for "
            f"{game.title}), the functions that implement it, the tests that name it and the golden "
            "playthroughs that exercise it (none needed for a clause no step can fire, such as what a "
            "seat sees). Exit status 1 when a clause lacks one of them or a test names a clause the "
            "catalogue does not have (the coverage gate of the test suite); needs the tests of a "
            "source checkout."
        ),
    )
    add_game(parser)
    parser.add_argument("--tests", default="tests", help="the test folder to scan (default: tests)")
    add_json(parser, "print the matrix as JSON")
