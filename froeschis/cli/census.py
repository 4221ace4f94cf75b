"""``froeschis census``: walk every state of the tiny games, checking invariants, and count them.

Prints the counts as ``spec/census.toml`` has them and exits with status 1 when they differ from the
recorded ones; ``--write`` records them.
"""

from __future__ import annotations

import argparse
import sys

from froeschis.cli.options import Subparsers, add_command
from froeschis.core.engine import GameState
from froeschis.spec import spec_dir
from froeschis.verify.explore import census_toml
from froeschis.verify.invariants import check_observations, check_state, check_step


def _check(state: GameState) -> None:
    check_state(state)
    check_observations(state)


def run(args: argparse.Namespace) -> int:
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


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "census",
        run,
        help="walk every state of the tiny games, checking invariants; print the counts",
    )
    parser.add_argument("--write", action="store_true", help="record the counts in spec/census.toml")
