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
from rich.console import Console
from rich.table import Table

from froeschis.cli.options import Subparsers, add_command, add_json
from froeschis.verify.trace import trace_matrix, unknown_ids


def run(args: argparse.Namespace) -> int:
    tests = Path(args.tests)
    if not tests.is_dir():
        print(f"froeschis trace: no test directory {tests} (run from a source checkout or pass --tests)")
        return 2
    matrix = trace_matrix(tests)
    unknown = unknown_ids(tests)
    gaps = [row for row in matrix if not (row.implementations and row.tests and row.playthroughs)]
    if args.json:
        rows = [attrs.asdict(row) for row in matrix]
        print(
            json.dumps({"clauses": rows, "unknown_ids": unknown, "gaps": [g.clause for g in gaps]}, indent=2)
        )
    else:
        table = Table(title="Clause traceability")
        for column in ("clause", "kind", "implemented by", "tests", "playthroughs"):
            table.add_column(column)
        for row in matrix:
            table.add_row(
                row.clause,
                row.kind,
                "\n".join(name.removeprefix("froeschis.") for name in row.implementations) or "[red]none",
                str(len(row.tests)) if row.tests else "[red]0",
                str(len(row.playthroughs)) if row.playthroughs else "[red]0",
            )
        console = Console()
        console.print(table)
        covered = len(matrix) - len(gaps)
        console.print(f"{covered}/{len(matrix)} clauses implemented, tested and exercised")
        for clause_id, places in unknown.items():
            console.print(f"[red]unknown clause ID {clause_id!r} named in {places}")
    return 1 if gaps or unknown else 0


def add(subparsers: Subparsers) -> None:
    parser = add_command(subparsers, "trace", run, help="the clause traceability matrix; fails on any gap")
    parser.add_argument("--tests", default="tests", help="the test directory to scan (default: tests)")
    add_json(parser, "print the matrix as JSON")
