"""``froeschis watch``: random bots play a whole game, printed step by step with the rule of each event.

The game is seeded (``--seed``), so the same command shows the same game; ``froeschis explain --seed``
replays it with the full source sentences. Every event names the clause that caused it; the first
time a clause appears its text follows (the statement in English, the source sentences in German or
Korean), unless ``--no-explain``. It prints as the other commands do
(:func:`froeschis.cli.options.make_console`): on a terminal wrapped to its width, each wrapped line
kept to its indent, with the clauses in colour; to a pipe or a file in whole lines.
"""

from __future__ import annotations

import argparse

from rich.text import Text

from froeschis.agents.loop import play_game
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    make_console,
    rules_from_args,
)
from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.engine import GameState
from froeschis.core.events import Event
from froeschis.present.narrate import Block, rule_text
from froeschis.spec import load_catalogue


def _event_text(event: Event) -> Text:
    """The event as the engine writes it, its clauses (the bracket at the end) in colour."""
    text = Text(str(event))
    text.stylize("cyan", str(event).rindex("["))
    return text


def rule_line(event: Event, lang: str) -> Text:
    """``- clause.id: the rule`` for the clause behind an event: its statement (English) or its
    source sentences (de, ko); the clause ID in colour."""
    clause = load_catalogue().clause(event.clause)
    text = Text("- ")
    text.append(clause.id, style="cyan")
    text.append(f": {clause.statement if lang == 'en' else rule_text(clause.id, lang)}")
    return text


def _head(number: int, before: GameState, action: AnyAction) -> Text:
    """``  12. round 2, seat 1: draw``: the step's number, round, actor and action."""
    head = Text()
    head.append(f"{number:4}. ", style="bold")
    who = "chance" if before.is_chance else f"seat {before.current_player}"
    head.append(f"round {before.round}, {who}: ")
    head.append(
        f"shuffle of {len(action.order)} cards" if isinstance(action, Shuffle) else str(action), "bold"
    )
    return head


def run(args: argparse.Namespace) -> int:
    console = make_console()
    block = Block(console)
    explained: set[str] = set()
    number = 0

    def show(before: GameState, action: AnyAction, after: GameState, events: tuple[Event, ...]) -> None:
        nonlocal number
        number += 1
        block.add(_head(number, before, action))
        for event in events:
            block.add(_event_text(event), 8)
            if args.explain and event.clause not in explained:
                explained.add(event.clause)
                block.add(rule_line(event, args.lang), 10)
        block.flush()

    final, _ = play_game(args.players, args.seed, rules_from_args(args), on_step=show)
    text = Text(f"\n{final}")
    text.highlight_regex(r"(?m)^winners: .*$", "bold")
    console.print(text)
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
