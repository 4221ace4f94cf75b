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
from typing import Any

from froeschis.cli.files import check_file, check_not_installed, save_or_rescue
from froeschis.cli.options import Subparsers, add_command, add_game, game_of
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.verify.explore import census_toml


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    if not of.tiny:
        raise FroeschisError(f"{of.title} has no tiny configurations to walk")
    path = of.spec() / "census.toml"
    if args.write:
        check_not_installed(path, "--write")
        check_file(path, "--write")

    def check(state: Any) -> None:
        for invariant in of.state_checks:
            invariant(state)

    text = census_toml(of, of.tiny, check_state=check, check_step=of.step_check)
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
            "Walk every reachable state of a game's tiny configurations (Fröschis: a few cards, short "
            "rows; Frog: short decks), checking the engine's invariants at every state and step, and "
            "print the state counts and perft counts in the form of the game's census.toml (Fröschis: "
            "spec/census.toml; another game: spec/<game>/census.toml): a fingerprint to compare "
            "implementations by. Exit status 1 when the counts differ from the recorded ones; --write "
            "records them (in a source checkout)."
        ),
    )
    add_game(parser)
    parser.add_argument("--write", action="store_true", help="record the counts in the game's census.toml")
