"""``froeschis watch``: bots play a whole game, printed step by step with the rule of each event.

A showcase: by default every seat is the bot a person plays against (the game's
:attr:`Person.opponent <froeschis.framework.answers.Person.opponent>`, a bot that plays to win), so
that a game ends as the rules mean it to (random bots seldom link seven stones in Army of Frogs, and
play on to the turn limit); ``--bots`` names others. The game is seeded (``--seed``), so the same
command shows the same game; with ``--bots random`` it is the game ``froeschis explain --seed``
replays with the full source sentences. Every event names the clauses that caused it; the first time
each clause appears its text follows (the statement in English, the source sentences in another
language), unless ``--no-explain``. Watching is omniscient (bots play, nobody's cards are secret from
the audience): the state is drawn whole, after the steps the game picks
(:attr:`Game.drawn_after <froeschis.framework.game.Game.drawn_after>`: every turn of Army of Frogs,
Frog's deals and exchanges) and at the end, as :attr:`Game.board
<froeschis.framework.game.Game.board>` draws it (each seat's pieces in its colour) or as
:attr:`~froeschis.framework.game.Game.render` writes it. It prints as the other commands do
(:func:`froeschis.cli.options.make_console`): on a terminal wrapped to its width, each wrapped line
kept to its indent (a drawing is never wrapped), with the clauses and seats in colour; to a pipe or a
file (or with ``NO_COLOR``) in whole lines of plain text.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from rich.console import Console
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
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game, UnknownBotError
from froeschis.framework.loop import play_game
from froeschis.framework.telling import Drawn, drawn_text
from froeschis.framework.terminal import drawing, person
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


def drawn_line(line: Drawn, indent: int = 0) -> Text:
    """A drawn line as rich text, each piece in its style."""
    text = Text(" " * indent)
    for piece, style in line:
        text.append(piece, style=style)
    return text


def print_drawing(console: Console, lines: Sequence[Drawn], indent: int = 0) -> None:
    """Draw ``lines``, never wrapped (a picture cut at the terminal's edge stays a picture): in
    colour on a terminal, the plain text elsewhere (a pipe, a file, ``NO_COLOR``)."""
    if console.color_system is None or console.no_color:
        console.file.write("".join(f"{' ' * indent}{drawn_text(line)}".rstrip() + "\n" for line in lines))
        return
    for line in lines:
        console.print(drawn_line(line, indent), no_wrap=True, overflow="ignore", crop=False)


def seat_bots(of: Game, text: str, rules: Any, seats: int, players: int) -> list[str]:
    """The bots of ``seats`` seats of a ``players``-player game, in seat order, from ``--bots`` (a
    shorter list repeated), each one the game has (:meth:`Game.bot`); a :class:`FroeschisError`
    saying what ``--bots`` takes for a list that is empty, too long or names an unknown bot."""
    choices = ", ".join([*of.bots, *([of.bot_help] if of.bot_help else [])])
    listed = [name.strip() for name in text.split(",") if name.strip()]
    if not listed:
        raise FroeschisError(f"--bots: name at least one bot ({of.bot_names()})")
    for name in dict.fromkeys(listed):
        try:
            of.bot(name, rules)
        except UnknownBotError as error:
            raise FroeschisError(f"--bots: {error} (--bots lists {choices})") from None
    if len(listed) > seats:
        which = "other " if seats < players else ""
        raise FroeschisError(
            f"--bots: {len(listed)} bots for the {seats} {which}seat{'s' if seats > 1 else ''} of a "
            f"{players}-player game; name at most {seats} (a shorter list is repeated)"
        )
    return [listed[i % len(listed)] for i in range(seats)]


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    rules = rules_from_args(args, of)
    names = seat_bots(of, args.bots, rules, args.players, args.players)
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
            for clause in event.clauses if args.explain else ():
                if clause not in explained:  # every clause an event names, the first time it does
                    explained.add(clause)
                    block.add(rule_line(catalogue, clause, args.lang), 10)
        block.flush()
        if not after.is_terminal and of.drawn_after(before, after, events):
            print_drawing(console, drawing(of, after), 8)

    policies = [of.bot(name, rules) for name in names]
    final, _ = play_game(of, args.players, args.seed, rules, policies, on_step=show)
    console.print()
    print_drawing(console, [_bold_winners(line) for line in drawing(of, final)])
    return 0


def _bold_winners(line: Drawn) -> Drawn:
    """The line that names the winners in bold."""
    return (
        tuple((text, style or "bold") for text, style in line)
        if drawn_text(line).startswith("winners:")
        else line
    )


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "watch",
        run,
        help="watch bots play a whole game, step by step, each event with its rules",
        description="Play a seeded game between bots; every event names the clauses that caused it, "
        "and the table is drawn whole as the game goes (everything shows: bots play).",
    )
    add_game(parser)
    add_players(parser, game, 3, f"{player_counts(game)} (default 3)")
    add_seed(parser, "random seed for chance and bots (default 0)")
    opponent = person(game).opponent
    parser.add_argument(
        "--bots",
        default=opponent,
        help="every seat's bot in seat order, comma-separated, repeated when fewer: "
        f"{', '.join([*game.bots, *([game.bot_help] if game.bot_help else [])])} (default {opponent}, "
        "which plays to win; 'random' plays the game 'explain --seed' replays)",
    )
    add_lang(parser, game, "language of the rule shown with each event")
    parser.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        help="print events without the rule text (by default each clause's text is shown once)",
    )
    add_variant_switches(parser, game)
