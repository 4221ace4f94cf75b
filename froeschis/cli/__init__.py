"""The ``froeschis`` command.

Each subcommand is a function ``add_<name>(subparsers)`` that registers its parser and sets
``handler``; :data:`COMMANDS` lists them. Handlers return the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from froeschis.agents.loop import play_game
from froeschis.cli.bench import add_bench
from froeschis.cli.conform import add_conform, add_validate
from froeschis.cli.explain import add_explain
from froeschis.cli.play import add_play
from froeschis.cli.rules import add_rules
from froeschis.cli.simulate import add_simulate
from froeschis.cli.verify import add_census, add_trace, add_vectors
from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.engine import GameState
from froeschis.core.errors import FroeschisError
from froeschis.core.events import Event
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.core.rules import Rules
from froeschis.present.narrate import rule_text
from froeschis.spec import LANGUAGES, load_catalogue


def rules_from_args(args: argparse.Namespace) -> Rules:
    return Rules(
        discard_only_if_placeable=args.discard_only_if_placeable,
        optional_frog_swap=args.optional_frog_swap,
        reveal_at_round_end=args.reveal_at_round_end,
    )


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The variant switches, one per ``variant`` clause (named in the help)."""
    for name in VARIANT_OPTIONS:
        clause = next(c for c in load_catalogue().clauses if c.option == name)
        parser.add_argument(
            f"--{name.replace('_', '-')}", dest=name, action="store_true", help=f"{clause.id}: {clause.title}"
        )


def explain(event: Event, lang: str) -> str:
    """The rule behind an event: the clause statement (English) or its source sentences (de, ko)."""
    clause = load_catalogue().clause(event.clause)
    return f"{clause.id}: {clause.statement if lang == 'en' else rule_text(clause.id, lang)}"


def _watch(args: argparse.Namespace) -> int:
    out = sys.stdout
    explained: set[str] = set()
    number = 0

    def show(before: GameState, action: AnyAction, after: GameState, events: tuple[Event, ...]) -> None:
        nonlocal number
        number += 1
        who = "chance" if before.is_chance else f"seat {before.current_player}"
        shown = f"shuffle of {len(action.order)} cards" if isinstance(action, Shuffle) else str(action)
        out.write(f"{number:4}. round {before.round}, {who}: {shown}\n")
        for event in events:
            out.write(f"        {event}\n")
            if args.explain and event.clause not in explained:
                explained.add(event.clause)
                out.write(f"          - {explain(event, args.lang)}\n")

    final, _ = play_game(args.players, args.seed, rules_from_args(args), on_step=show)
    out.write(f"\n{final}\n")
    return 0


def add_watch(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "watch",
        help="watch random bots play a whole game, step by step, each event with its rule",
        description="Play a seeded game between random bots; every event names the clause that caused it.",
    )
    parser.add_argument("--players", type=int, default=3, help="2 to 4 (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="random seed for chance and bots (default 0)")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the rule shown with each event"
    )
    parser.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        help="print events without the rule text (by default each clause's text is shown once)",
    )
    add_rules_options(parser)
    parser.set_defaults(handler=_watch)


COMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [add_watch]
COMMANDS += [add_rules, add_play, add_explain, add_simulate, add_bench]
COMMANDS += [add_trace, add_vectors, add_census]
COMMANDS += [add_conform, add_validate]


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


if __name__ == "__main__":
    sys.exit(main())
