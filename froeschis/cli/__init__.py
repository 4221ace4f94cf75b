"""The ``froeschis`` command: one subcommand per module of this package.

Each command module has an ``add(subparsers)`` that registers its parser with a ``handler`` (see
:func:`froeschis.cli.options.add_command`); :data:`COMMANDS` lists them in the order the top-level
``--help`` shows them. The command modules import none of each other, nor this package: what they
share is in :mod:`froeschis.cli.options`. Handlers return the exit status; :func:`main` turns a
:class:`~froeschis.core.errors.FroeschisError` into a message and status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from froeschis.cli import (
    bench,
    census,
    conform,
    explain,
    play,
    rules,
    simulate,
    trace,
    validate,
    vectors,
    watch,
)
from froeschis.cli.options import Subparsers
from froeschis.core.errors import FroeschisError

COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    watch.add,
    rules.add,
    play.add,
    explain.add,
    simulate.add,
    bench.add,
    trace.add,
    vectors.add,
    census.add,
    conform.add,
    validate.add,
)
"""Each command module's ``add``, in the order of the top-level help."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="froeschis", description="The Fröschis rules engine.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.handler(args)
    except FroeschisError as error:
        print(f"froeschis: {error}", file=sys.stderr)
        return 2
    return status
