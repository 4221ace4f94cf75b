"""``froeschis vectors``: check, rewrite or search a game's golden playthroughs (Fröschis:
``spec/froeschis/vectors``; another game: ``spec/<game>/vectors``).

Without options every playthrough is regenerated from its action list and diffed against the file
(exit status 1 on any difference), as a playthrough of the game its header names; ``--game``
insists on one, refusing a file of another. ``--write`` rewrites them, ``--search`` picks new ones
by a seed search.

Both write into a source checkout: the files of an installed package (in ``site-packages``) are
refused (:func:`froeschis.cli.files.check_not_installed`); ``--dir`` elsewhere is written as asked.
The folder is checked before the work starts, every file is rendered before the first is written,
and each is written whole or not at all (:func:`froeschis.cli.files.save`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from froeschis.cli.files import check_folder, check_not_installed, save
from froeschis.cli.options import Subparsers, add_command, add_game, positive_int
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.playthroughs import Playthrough, read_header, vectors_dir
from froeschis.framework.records import OtherGameError
from froeschis.framework.registry import DEFAULT, game
from froeschis.verify.vectors import first_difference, plan_of, render, search


def _write(plays: Sequence[Playthrough], directory: Path, option: str) -> None:
    """Render every playthrough, then write each to ``directory/<name>.jsonl``."""
    rendered = [(directory / f"{play.name}.jsonl", render(play)) for play in plays]
    directory.mkdir(parents=True, exist_ok=True)
    for path, text in rendered:
        save(path, text, option)


def _playthroughs(directory: Path) -> list[Path]:
    """The playthrough files of ``directory``; refused when there is none to check or rewrite."""
    files = sorted(directory.glob("*.jsonl")) if directory.is_dir() else []
    if not files:
        raise FroeschisError(f"no playthroughs (*.jsonl files) in {directory}")
    return files


def _of_game(files: Sequence[Path], asked: str | None) -> None:
    """Refuse, in one line, a playthrough of another game than ``--game`` (when given): each file
    is otherwise checked as a playthrough of the game it names."""
    if asked is None:
        return
    for path in files:
        named = read_header(path).game
        if named != asked:
            reason = OtherGameError("playthrough", named, game(asked)).reason
            raise FroeschisError(
                f"{path}: {reason} (--game {asked}); without --game it is read as the file says"
            )


def run(args: argparse.Namespace) -> int:
    of = game(args.game_name or DEFAULT)
    directory = Path(args.dir) if args.dir else vectors_dir(of)
    option = "--search" if args.search else "--write" if args.write else None
    if option is not None:
        check_not_installed(directory, option)
        check_folder(directory, option)
    if args.search:
        try:
            plan_of(of)
        except LookupError as error:
            raise FroeschisError(f"--search: {error}") from None
        try:
            plays = search(of, seeds=args.seeds)
        except RuntimeError as error:  # the seeds searched reach too few clauses
            raise FroeschisError(f"--search: {error}; search more --seeds") from None
        _write(plays, directory, "--search")
        print(f"wrote {len(plays)} playthroughs to {directory}")
        return 0
    files = _playthroughs(directory)
    _of_game(files, args.game_name)
    if args.write:
        _write([read_header(path) for path in files], directory, "--write")
        print(f"regenerated {len(files)} playthroughs in {directory}")
        return 0
    differences = [d for d in (first_difference(path) for path in files) if d]
    for difference in differences:
        print(difference)
    print(f"{len(files) - len(differences)}/{len(files)} playthroughs regenerate identically")
    return 1 if differences else 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "vectors",
        run,
        help="check, rewrite or search the golden playthroughs",
        description=(
            "Check a game's golden playthroughs (Fröschis: spec/froeschis/vectors/*.jsonl; another game: "
            "spec/<game>/vectors): regenerate each from the action "
            "list in its first line and report the first line that differs (exit status 1 on any "
            "difference). --write rewrites the files on purpose, after a change to the rules or the "
            "formats; --search picks new playthroughs by a seed search. Both change the files of a "
            "source checkout and refuse those of an installed package; --dir names another folder."
        ),
    )
    add_game(parser, read_from_files=True)  # none given: the folder is Fröschis', a file's game its own
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite every file from its action list")
    mode.add_argument("--search", action="store_true", help="pick new playthroughs by a seed search")
    parser.add_argument(
        "--seeds", type=positive_int, default=25, help="seeds per configuration for --search (default 25)"
    )
    parser.add_argument(
        "--dir", help="the playthrough folder (default: the game's, spec/froeschis/vectors for Fröschis)"
    )
