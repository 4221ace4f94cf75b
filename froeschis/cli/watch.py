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
from typing import Any

from rich.text import Text

from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    game_of,
    make_console,
    player_counts,
    rules_from_args,
)
from froeschis.framework.catalogue import Catalogue
from froeschis.framework.game import Game
from froeschis.framework.loop import play_game
from froeschis.framework.words import Block, event_rule


def _event_text(of: Game, event: Any) -> Text:
    """The event as the engine writes it, its clauses (the bracket at the end) in colour."""
    written = of.event_text(event)
    text = Text(written)
    text.stylize("cyan", written.rindex("["))
    return text


def rule_line(catalogue: Catalogue, clause_id: str, lang: str) -> Text:
    """``- clause.id: the rule`` for the clause behind an event: its statement (in English) or its
    source sentences (in another language: :func:`~froeschis.framework.words.event_rule`); the
    clause ID in colour."""
    clause = catalogue.clause(clause_id)
    text = Text("- ")
    text.append(clause.id, style="cyan")
    text.append(f": {event_rule(catalogue, clause.id, lang)}")
    return text


def step_head(of: Game, number: int, before: Any, action: Any) -> Text:
    """``  12. round 2, seat 1: draw``: the step's number, where the game stands, actor and action."""
    head = Text()
    head.append(f"{number:4}. ", style="bold")
    who = "chance" if before.is_chance else f"seat {before.current_player}"
    where = of.progress(before)
    head.append(f"{where}, {who}: " if where else f"{who}: ")
    head.append(of.action_text(action), "bold")
    return head


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    catalogue = of.catalogue()
    console = make_console()
    block = Block(console)
    explained: set[str] = set()
    number = 0

    def show(before: Any, action: Any, after: Any, events: tuple[Any, ...]) -> None:
        nonlocal number
        number += 1
        block.add(step_head(of, number, before, action))
        for event in events:
            block.add(_event_text(of, event), 8)
            main = event.clauses[0]
            if args.explain and main not in explained:
                explained.add(main)
                block.add(rule_line(catalogue, main, args.lang), 10)
        block.flush()

    final, _ = play_game(of, args.players, args.seed, rules_from_args(args, of), on_step=show)
    text = Text(f"\n{of.render(final)}")
    text.highlight_regex(r"(?m)^winners: .*$", "bold")
    console.print(text)
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "watch",
        run,
        help="watch random bots play a whole game, step by step, each event with its rule",
        description="Play a seeded game between random bots; every event names the clause that caused it.",
    )
    add_game(parser)
    add_players(parser, game, 3, f"{player_counts(game)} (default 3)")
    add_seed(parser, "random seed for chance and bots (default 0)")
    add_lang(parser, game, "language of the rule shown with each event")
    parser.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        help="print events without the rule text (by default each clause's text is shown once)",
    )
    add_variant_switches(parser, game)
