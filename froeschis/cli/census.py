"""``froeschis census``: walk every state of the tiny games, checking invariants, and count them.

Prints the counts as ``spec/census.toml`` has them and exits with status 1 when they differ from the
recorded ones; ``--write`` records them. The walk takes a while, so ``--write`` checks first that
the file can be written and is not inside an installed package (it records the counts of a source
checkout), and writes it whole or, failing that, keeps the counts elsewhere and says where
(:mod:`froeschis.cli.files`).
"""

from __future__ import annotations

import argparse
import sys

from froeschis.cli.files import check_file, check_not_installed, save_or_rescue
from froeschis.cli.options import Subparsers, add_command, add_game, only_the_default_game
from froeschis.core.engine import GameState
from froeschis.framework.game import Game
from froeschis.spec import spec_dir
from froeschis.verify.explore import census_toml
from froeschis.verify.invariants import check_observations, check_state, check_step


def _check(state: GameState) -> None:
    check_state(state)
    check_observations(state)


def run(args: argparse.Namespace) -> int:
    only_the_default_game(args, "census")
    path = spec_dir() / "census.toml"
    if args.write:
        check_not_installed(path, "--write")
        check_file(path, "--write")
    text = census_toml(check_state=_check, check_step=check_step)
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
            "Walk every reachable state of the tiny games (a few cards, short rows), checking the "
            "engine's invariants at every state and step, and print the state counts and perft counts "
            "in the form of spec/census.toml: a fingerprint to compare implementations by. Exit status "
            "1 when the counts differ from the recorded ones; --write records them (in a source "
            "checkout)."
        ),
    )
    add_game(parser)
    parser.add_argument("--write", action="store_true", help="record the counts in spec/census.toml")
