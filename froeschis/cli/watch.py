"""``froeschis watch``: random bots play a whole game, printed step by step with the rule of each event.

The game is seeded (``--seed``), so the same command shows the same game; ``froeschis explain --seed``
replays it with the full source sentences. Every event names the clause that caused it; the first
time a clause appears its text follows (the statement in English, the source sentences in German or
Korean), unless ``--no-explain``.
"""

from __future__ import annotations

import argparse
import sys

from froeschis.agents.loop import play_game
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    rules_from_args,
)
from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.engine import GameState
from froeschis.core.events import Event
from froeschis.present.narrate import rule_text
from froeschis.spec import load_catalogue


def rule_line(event: Event, lang: str) -> str:
    """The rule behind an event: the clause statement (English) or its source sentences (de, ko)."""
    clause = load_catalogue().clause(event.clause)
    return f"{clause.id}: {clause.statement if lang == 'en' else rule_text(clause.id, lang)}"


def run(args: argparse.Namespace) -> int:
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
                out.write(f"          - {rule_line(event, args.lang)}\n")

    final, _ = play_game(args.players, args.seed, rules_from_args(args), on_step=show)
    out.write(f"\n{final}\n")
    return 0


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "watch",
        run,
        help="watch random bots play a whole game, step by step, each event with its rule",
        description="Play a seeded game between random bots; every event names the clause that caused it.",
    )
    add_players(parser, 3, "2 to 4 (default 3)")
    add_seed(parser, "random seed for chance and bots (default 0)")
    add_lang(parser, "language of the rule shown with each event")
    parser.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        help="print events without the rule text (by default each clause's text is shown once)",
    )
    add_variant_switches(parser)
