"""``froeschis vectors``: check, rewrite or search the golden playthroughs of ``spec/vectors``.

Without options every playthrough is regenerated from its action list and diffed against the file
(exit status 1 on any difference); ``--write`` rewrites them, ``--search`` picks new ones by a seed
search.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from froeschis.cli.options import Subparsers, add_command
from froeschis.verify.vectors import first_difference, read_header, search, vectors_dir, write


def run(args: argparse.Namespace) -> int:
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


def add(subparsers: Subparsers) -> None:
    parser = add_command(subparsers, "vectors", run, help="check, rewrite or search the golden playthroughs")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite every file from its action list")
    mode.add_argument("--search", action="store_true", help="pick new playthroughs by a seed search")
    parser.add_argument("--seeds", type=int, default=25, help="seeds per configuration for --search")
    parser.add_argument("--dir", help="the playthrough directory (default: spec/vectors)")
