"""What the commands share: registering a subcommand, the options several of them take, the variants.

Each command module has an ``add(subparsers)`` that calls :func:`add_command` and the helpers here,
so an option several commands take (``--players``, ``--seed``, ``--lang``, ``--json``) is defined
once, with its type, default and choices, and each command says only what its help text should be.
The rules-variant switches come from the one list of variants,
:data:`froeschis.core.readings.VARIANTS`, so a new variant appears on every command that plays games.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeAlias

from froeschis.core.readings import VARIANTS
from froeschis.core.rules import Rules
from froeschis.spec import LANGUAGES

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_subparsers`` returns: each command module's ``add`` registers its command there."""

Handler: TypeAlias = Callable[[argparse.Namespace], int]
"""A command's handler: runs it with the parsed arguments and returns the exit status."""


def add_command(
    subparsers: Subparsers,
    name: str,
    handler: Handler,
    help: str,
    description: str | None = None,
    epilog: str | None = None,
) -> argparse.ArgumentParser:
    """Register the subcommand ``name`` run by ``handler``; its parser, for the command's own options."""
    parser = subparsers.add_parser(name, help=help, description=description, epilog=epilog)
    parser.set_defaults(handler=handler)
    return parser


def add_players(parser: argparse.ArgumentParser, default: int, help: str) -> None:
    """``--players``: how many seats the game has."""
    parser.add_argument("--players", type=int, default=default, help=help)


def add_seed(parser: argparse.ArgumentParser, help: str, default: int | None = 0) -> None:
    """``--seed``: the seed of the random choices, so that a run can be repeated."""
    parser.add_argument("--seed", type=int, default=default, help=help)


def add_lang(parser: argparse.ArgumentParser, help: str) -> None:
    """``--lang``: which of the rule texts (English, German, Korean) to quote."""
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=help)


def add_json(parser: argparse.ArgumentParser, help: str) -> None:
    """``--json``: machine-readable output instead of text for people."""
    parser.add_argument("--json", action="store_true", help=help)


def add_variant_switches(parser: argparse.ArgumentParser) -> None:
    """One switch per rules variant, ``--<option>``, its help naming the variant's clause."""
    for variant in VARIANTS:
        parser.add_argument(
            f"--{variant.option.replace('_', '-')}",
            dest=variant.option,
            action="store_true",
            help=f"{variant.clause}: {variant.summary}",
        )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the variant switches of :func:`add_variant_switches` select."""
    return Rules(**{variant.option: getattr(args, variant.option) for variant in VARIANTS})
