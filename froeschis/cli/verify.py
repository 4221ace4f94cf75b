"""Verification commands: ``trace`` (the coverage report), ``vectors`` and ``census``.

``trace`` prints the traceability matrix (clause x implementation x tests x playthroughs) and exits
with status 1 when any clause lacks one of them, like the coverage gate in the test suite.
``vectors`` diffs every golden playthrough against its regeneration, ``--write`` rewrites them,
``--search`` picks new ones. ``census`` walks the tiny games (``--write`` records the counts).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from rich.console import Console
from rich.table import Table

from froeschis.core.engine import GameState
from froeschis.spec import spec_dir
from froeschis.verify.explore import census_toml
from froeschis.verify.invariants import check_observations, check_state, check_step
from froeschis.verify.trace import trace_matrix, unknown_ids
from froeschis.verify.vectors import first_difference, read_header, search, vectors_dir, write

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]


def _trace(args: argparse.Namespace) -> int:
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


def _vectors(args: argparse.Namespace) -> int:
    directory = Path(args.dir) if args.dir else vectors_dir()
    if args.search:
        paths = write(search(seeds=args.seeds), directory)
        print(f"wrote {len(paths)} playthroughs to {directory}")
        return 0
    files = sorted(directory.glob("*.jsonl"))
    if args.write:
        write([read_header(path) for path in files], directory)
        print(f"regenerated {len(files)} playthroughs in {directory}")
        return 0
    differences = [d for d in (first_difference(path) for path in files) if d]
    for difference in differences:
        print(difference)
    print(f"{len(files) - len(differences)}/{len(files)} playthroughs regenerate identically")
    return 1 if differences else 0


def _check(state: GameState) -> None:
    check_state(state)
    check_observations(state)


def _census(args: argparse.Namespace) -> int:
    text = census_toml(check_state=_check, check_step=check_step)
    path = spec_dir() / "census.toml"
    if args.write:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    sys.stdout.write(text)
    if path.exists() and path.read_text(encoding="utf-8") != text:
        print(f"differs from {path}", file=sys.stderr)
        return 1
    return 0


def add_trace(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("trace", help="the clause traceability matrix; fails on any gap")
    parser.add_argument("--tests", default="tests", help="the test directory to scan (default: tests)")
    parser.add_argument("--json", action="store_true", help="print the matrix as JSON")
    parser.set_defaults(handler=_trace)


def add_vectors(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("vectors", help="check, rewrite or search the golden playthroughs")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite every file from its action list")
    mode.add_argument("--search", action="store_true", help="pick new playthroughs by a seed search")
    parser.add_argument("--seeds", type=int, default=25, help="seeds per configuration for --search")
    parser.add_argument("--dir", help="the playthrough directory (default: spec/vectors)")
    parser.set_defaults(handler=_vectors)


def add_census(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "census", help="walk every state of the tiny games, checking invariants; print the counts"
    )
    parser.add_argument("--write", action="store_true", help="record the counts in spec/census.toml")
    parser.set_defaults(handler=_census)
