"""``froeschis play``: a person plays against bots in the terminal, any game alike.

The person sees what their seat may see, their legal choices listed each with the key that answers
it, and the events in the game's words; what is the game's own (the view, the keys and how an
answer is read, the words) is its :class:`~froeschis.framework.answers.Person`
(:attr:`Game.person <froeschis.framework.game.Game.person>`; a game without one has the choices
numbered: :func:`~froeschis.framework.terminal.numbered`). A game that draws its table
(:attr:`Game.board <froeschis.framework.game.Game.board>`: Army of Frogs' island, with the
coordinates its choices name, each seat's stones in its colour) is drawn so at every decision.
Input the rules refuse is refused with
the reason and the clause (the engine is the referee), input the game cannot read with what it
accepts; ``q`` gives up. Chance draws from ``random.Random(seed)`` and each bot from its seat's own
source (:func:`~froeschis.framework.loop.seat_rng`). Input is read line by line from standard
input, so a game can be scripted; ``first`` answers any question with its first choice.

A game played by a person is not to be lost: ``--save`` is checked before the game starts (no file
is made then), the record (:mod:`froeschis.framework.records`) is written whole or not at all at
the end, and if that fails it is kept in the temporary directory or printed, and the error says
where (:mod:`froeschis.cli.files`). Ctrl-C ends the game with status 130 and leaves no file behind.

``--web`` plays the same game in a browser instead (:mod:`froeschis.framework.webplay`): a page on
127.0.0.1 (``--host``, ``--port``) with the choices as buttons, served until Ctrl-C (status 130, as
for the game in the terminal); the page offers the record at the end, so ``--save`` is refused.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from froeschis.cli.files import check_file, save_or_rescue
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_players,
    add_seed,
    add_variant_switches,
    game_of,
    make_console,
    non_negative_int,
    player_counts,
    rules_from_args,
)
from froeschis.cli.watch import print_drawing, seat_bots
from froeschis.framework import records, webplay
from froeschis.framework.answers import Person, Question, Reading
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game, Policy
from froeschis.framework.loop import drive, seat_rng
from froeschis.framework.records import Record
from froeschis.framework.registry import DEFAULT
from froeschis.framework.runs import engines_of
from froeschis.framework.terminal import person

DEFAULT_PORT = 8000
"""The port ``--web`` listens on unless ``--port`` names another."""
MAX_PORT = 65535
QUIT = {"q", "quit", "exit"}
FIRST = "first"
"""The answer that takes the first choice listed, whatever the question: for scripts
(``yes first | froeschis play``), as no number or letter is a choice at every question."""
MAX_REFUSED = 100
"""Refused answers in a row after which the game is abandoned: a script whose answers are never
legal (``yes 7``) would otherwise be asked again for ever. Nobody at a terminal gets near it."""


class Abandoned(Exception):
    """The human gave up, or their input ended before the game did."""


def show_question(console: Console, asked: Question) -> None:
    """The heading, then each choice after its key (``d)``, ``12)``), the keys right-aligned."""
    console.print(Text(asked.heading))
    keys = max(len(choice.key) for choice in asked.choices) + 1
    for choice in asked.choices:
        console.print(Text(f"  {choice.key + ')':>{keys}} {choice.text}"))


def _answer(console: Console, stdin: TextIO, asked: Question, judge: Callable[[str], Reading]) -> Any:
    """Read answers until ``judge`` finds one a legal action (it gives the action, or None and
    why not); ``first`` is the first choice. :class:`Abandoned` when the input ends, the human
    gives up, or :data:`MAX_REFUSED` answers in a row were refused."""
    for _ in range(MAX_REFUSED):
        console.print(Text("> "), end="")
        try:
            line = stdin.readline()
        except UnicodeDecodeError:  # the rest of the line is lost with it: ask again
            console.print(Text(f"could not read that answer (not UTF-8 text); {asked.accepted}", "red"))
            continue
        if not line:
            console.print()
            raise Abandoned("the input ended before the game did")
        if line.strip().lower() in QUIT:
            raise Abandoned("you gave up")
        if not line.strip():
            continue
        if line.strip().lower() == FIRST:
            return asked.choices[0].action
        action, why = judge(line)
        if action is not None:
            return action
        console.print(Text(why, style="red"))
    raise Abandoned(f"none of {MAX_REFUSED} answers in a row could be played")


def play(
    console: Console, stdin: TextIO, of: Game, bots: Sequence[str], you: int, seed: int, rules: Any
) -> tuple[Any, Record]:
    """A game of ``of`` with the human at seat ``you`` and the bots named ``bots`` in the other
    seats, in seat order: the final state and the game's record."""
    seen: Person = person(of)
    players = len(bots) + 1
    names = [*bots[:you], "you", *bots[you:]]

    def human(state: Any, rng: random.Random) -> Any:
        console.print()
        if of.board is not None:  # the table drawn, in colour, its places named as the choices name them
            print_drawing(console, of.board(state, you))
        else:
            for line, style in seen.view(state, you, names):
                console.print(Text(line, style=style))
        asked = seen.question(state, you)
        show_question(console, asked)
        return _answer(console, stdin, asked, lambda line: seen.answer(line, state, asked))

    def report(before: Any, action: Any, after: Any, events: tuple[Any, ...]) -> None:
        for event in events:
            told = seen.event(event, you, names)
            if told is not None:
                console.print(Text(f"  {told[0]}", style=told[1]))

    made: list[Policy] = [of.bot(name, rules) for name in bots]
    policies = [*made[:you], human, *made[you:]]
    console.print(
        Text(
            f"{of.title}: you are seat {you}; "
            + ", ".join(f"seat {s} is {n}" for s, n in enumerate(names) if s != you)
            + f". {seen.how}",
            style="bold",
        )
    )
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    chance_rng = random.Random(seed)
    start = of.new_game(players, rules)
    final, actions = drive(start, policies, rngs, lambda s: of.sample_chance(s, chance_rng), on_step=report)
    return final, Record(of, players, rules, tuple(actions), seed)


def _bot_choices(of: Game) -> str:
    """``random, greedy, ismc, ismc:BUDGET``: what ``--bots`` may list."""
    return ", ".join([*of.bots, *([of.bot_help] if of.bot_help else [])])


def _bots(of: Game, text: str, rules: Any, players: int) -> list[str]:
    """The other seats' bots in seat order from ``--bots`` (a shorter list repeated), as ``watch``
    reads its (:func:`~froeschis.cli.watch.seat_bots`)."""
    return seat_bots(of, text, rules, players - 1, players)


def serve_web(args: argparse.Namespace, of: Game, bots: Sequence[str], rules: Any) -> int:
    """``--web``: the page on ``--host``:``--port`` until Ctrl-C (which :func:`froeschis.cli.main`
    ends with one line and status 130)."""
    if args.save is not None:
        raise FroeschisError("--save goes with the game in the terminal: the page offers the record to save")
    host = args.host or webplay.LOOPBACK[0]
    port = DEFAULT_PORT if args.port is None else args.port
    if port > MAX_PORT:
        raise FroeschisError(f"--port must be 0 to {MAX_PORT}, not {port}")
    table = webplay.Table(of, args.players, args.seat, bots, args.seed, rules, args.rules_url or "")
    try:
        server = webplay.Server(table, host, port)
    except OSError as error:  # the port is taken, the address is not this machine's
        raise FroeschisError(f"cannot listen on {host} port {port}: {error.strerror or error}") from None
    console = make_console()

    def ready(server: webplay.Server) -> None:
        others = ", ".join(f"seat {s} is {n}" for s, n in enumerate(table.names) if s != args.seat)
        console.print(Text(f"{of.title} at {server.url}: you are seat {args.seat}; {others}.", style="bold"))
        console.print(Text("Open it in a browser; Ctrl-C stops the server."))
        sys.stdout.flush()

    webplay.serve(server, ready)
    return 0


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    rules = rules_from_args(args, of)
    if args.seat >= args.players:
        raise FroeschisError(f"--seat must be 0 to {args.players - 1}, not {args.seat}")
    bots = _bots(of, args.bots, rules, args.players)
    if args.web:
        return serve_web(args, of, bots, rules)
    for option, value in (("--port", args.port), ("--host", args.host), ("--rules-url", args.rules_url)):
        if value is not None:
            raise FroeschisError(f"{option} goes with --web")
    save = None if args.save is None else Path(args.save)
    if save is not None:
        check_file(save, "--save")
    console = make_console()
    try:
        final, record = play(console, sys.stdin, of, bots, args.seat, args.seed, rules)
    except Abandoned as reason:
        console.print(Text(f"Game abandoned: {reason}.", style="bold"))
        return 1
    console.print(Text(f"\n{person(of).over(final, args.seat)}", style="bold"))
    if save is not None:
        save_or_rescue(save, json.dumps(records.record_to_json(record), ensure_ascii=False), "--save")
        named = "" if of.name == DEFAULT else f" --game {of.name}"  # --game's default needs no naming
        console.print(
            Text(f"Saved the game record to {args.save} (replay it with 'froeschis explain{named}').")
        )
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "play",
        run,
        help="play a game against bots in the terminal, or in a browser (--web)",
        description=person(game).description,
    )
    add_game(parser)
    default = 3 if 3 in game.players else game.players[-1]
    add_players(parser, game, default, f"{player_counts(game)}, you included (default {default})")
    note = engines_of(game).seat_note  # what is true of the game's seats, where it says
    parser.add_argument(
        "--seat",
        type=non_negative_int,
        default=0,
        help=f"your seat, from 0 to the players less one{'; ' + note if note else ''} (default 0)",
    )
    parser.add_argument(
        "--bots",
        default=person(game).opponent,
        help="the other seats' bots in seat order, comma-separated, at most one per seat and repeated "
        f"when fewer: {_bot_choices(game)} (default {person(game).opponent})",
    )
    add_seed(parser, "random seed for the deals and the bots (default 0)")
    parser.add_argument(
        "--save",
        metavar="GAME.json",
        help="write the game record here at the end (the path is checked before the game starts; "
        "should the write fail, the record goes to the temporary folder and the error says where)",
    )
    web = parser.add_argument_group("in a browser")
    web.add_argument(
        "--web",
        action="store_true",
        help="serve the game as a page to play in a browser (the legal actions as buttons, each refusal "
        "with its clause, the record to save at the end) until Ctrl-C, in place of the terminal",
    )
    web.add_argument(
        "--host",
        metavar="H",
        help=f"with --web: the address to listen on (default {webplay.LOOPBACK[0]}, this machine only; "
        "another address lets other machines play your seat)",
    )
    web.add_argument(
        "--port",
        metavar="N",
        type=non_negative_int,
        help=f"with --web: the port to listen on (default {DEFAULT_PORT}; 0: any free one, printed)",
    )
    web.add_argument(
        "--rules-url",
        metavar="URL",
        help="with --web: the folder of the annotated rules pages the clause IDs link to (the docs' URL, "
        "or a path); without it they link to the server's own page of the game's clauses",
    )
    add_variant_switches(parser, game)
