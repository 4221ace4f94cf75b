"""``froeschis play``: a human plays against bots in the terminal.

The human sees what their seat may see (:func:`froeschis.games.froeschis.observation.observe`): their own
row, the
discard pile's top, the other rows with face-down cards hidden (each card under its spot's number),
the card in hand. Their legal choices are listed, each with the key that answers it
(:func:`choice_key`): a frog's choices by their spot's number, the others by a letter (``d`` draw,
``t`` take-discard, ``s`` swap, ``n`` decline-swap). A number is always a spot, never a place in the
list, so whoever types ``3`` meaning spot 3 gets spot 3 or a refusal that says why. The action's
text works too (``draw``, ``take-discard``, ``frog@3``). Input the rules refuse is refused with the
reason and the clause (the engine is the referee), input it cannot read with what it accepts; ``q``
gives up. Chance and the bots are seeded as in :func:`froeschis.games.froeschis.bots.play_bots`. Input is
read line by line from standard input, so a game can be scripted; ``first`` answers any question
with its first choice.

A game played by a person is not to be lost: ``--save`` is checked before the game starts (no file
is made then), the record is written whole or not at all at the end, and if that fails it is kept
in the temporary directory or printed, and the error says where (:mod:`froeschis.cli.files`).
Ctrl-C ends the game with status 130 and leaves no file behind.

With ``--game frog`` or ``--game army-of-frogs`` the game is reached through its
:class:`~froeschis.framework.game.Game` alone: the human sees its ``seat_view`` (Frog: the
public table and their own hand by suit; Army of Frogs: the island), the legal actions numbered
(an answer is a number or the action's text), the events in the game's words, and ``--save``
writes the game's record (:mod:`froeschis.framework.records`).
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
    rules_from_args,
)
from froeschis.framework import records
from froeschis.framework.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.framework.game import Game
from froeschis.framework.loop import drive as drive_any
from froeschis.framework.records import Record
from froeschis.framework.registry import DEFAULT
from froeschis.games.froeschis.actions import Action, ActionKind, AnyAction, frog_at
from froeschis.games.froeschis.bots import Bot, as_policy, chance_from, drive, parse_bots, seat_rng
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.render import describe, view_lines
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.serialize import record_to_json

ALIASES = {"d": "draw", "t": "take-discard", "take": "take-discard", "s": "swap", "n": "decline-swap"}
KEYS = {full: alias for alias, full in ALIASES.items() if len(alias) == 1}
"""The letter that answers each choice that is not a frog's spot: ``d`` for ``draw`` and so on."""
QUIT = {"q", "quit", "exit"}
FIRST = "first"
"""The answer that takes the first choice listed, whatever the question: for scripts
(``yes first | froeschis play``), as no number or letter is a choice at every question."""
MAX_REFUSED = 100
"""Refused answers in a row after which the game is abandoned: a script whose answers are never
legal (``yes 7``) would otherwise be asked again for ever. Nobody at a terminal gets near it."""


OTHER_GAME_PLAY = (
    "Play {title} against bots. You see what your seat may see and your choices numbered; answer "
    "with a choice's number or the action's text ('first' takes the first). Illegal input is asked "
    "again with what is accepted; q or the end of the input gives up."
)
"""The description of ``play --game NAME`` for a game other than Fröschis."""


class Abandoned(Exception):
    """The human gave up, or their input ended before the game did."""


def show_view(console: Console, observation: Observation, names: Sequence[str]) -> None:
    """What the human's seat sees (:func:`~froeschis.games.froeschis.render.view_lines`): the heading
    and their own row and hand in bold, the spot numbers dim."""
    heading, spots, *rest = view_lines(observation, names)
    mine = 2 if observation.hand is not None else 1
    console.print(Text(f"\n{heading}", style="bold"))
    console.print(Text(spots, style="dim"))
    for line in rest[:-mine]:
        console.print(Text(line))
    for line in rest[-mine:]:
        console.print(Text(line, style="bold"))


def choice_key(action: Action) -> str:
    """What answers a choice: a frog's choices by the number of their spot, the others by a letter.
    No number is ever a choice's place in the list, so ``3`` always means spot 3."""
    return str(action.spot) if action.kind is ActionKind.FROG else KEYS[str(action)]


def _choice_text(action: Action, observation: Observation) -> str:
    top = observation.discard_pile[0] if observation.discard_pile else None
    if action.kind is ActionKind.DRAW:
        return "draw the top card of the draw pile"
    if action.kind is ActionKind.TAKE_DISCARD:
        return f"take the {top} from the discard pile"
    if action.kind is ActionKind.FROG:
        return f"put the frog on spot {action.spot}"
    if action.kind is ActionKind.SWAP:
        return f"put the {observation.hand} in place of its frog and place the frog again"
    return f"discard the {observation.hand} and end the turn"


def _frog_question(legal: Sequence[Action]) -> bool:
    return any(action.kind is ActionKind.FROG for action in legal)


def show_choices(console: Console, observation: Observation) -> None:
    legal = observation.legal_actions
    if _frog_question(legal):
        console.print(Text("Your choices (answer with the number of the spot where the frog goes):"))
    else:
        console.print(Text("Your choices (answer with the letter):"))
    keys = max(len(choice_key(action)) for action in legal) + 1
    names = max(len(str(action)) for action in legal)
    for action in legal:
        key = f"{choice_key(action)})"
        console.print(Text(f"  {key:>{keys}} {action!s:<{names}}  {_choice_text(action, observation)}"))


def _listing(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def accepted(legal: Sequence[Action]) -> str:
    """What an answer to a question with the choices ``legal`` may be, for the refusal of one."""
    if _frog_question(legal):
        spots = _listing([choice_key(action) for action in legal])
        return f"answer with the number of the spot where the frog goes ({spots}), or q to give up"
    letters = _listing([f"{choice_key(action)} ({action})" for action in legal])
    return f"answer with {letters}, or q to give up"


def _refereed(action: Action, state: GameState) -> tuple[Action | None, str]:
    """The action if the rules allow it, or None and the engine's reason with its clause."""
    try:
        state.step(action)
    except IllegalActionError as error:
        return None, f"refused: {error.reason} [{error.clause}]"
    return action, ""


def _spot(number: str, state: GameState, legal: Sequence[Action]) -> tuple[Action | None, str]:
    """A number is a spot: the frog's place when there is a frog to place, refused otherwise."""
    if not _frog_question(legal):
        return (
            None,
            f"{number} would be a spot for a frog, but there is no frog to place now; {accepted(legal)}",
        )
    if len(number) > 3 or int(number) == 0:  # no row has a thousand spots
        return None, f"there is no spot {number}; {accepted(legal)}"
    return _refereed(frog_at(int(number)), state)


def interpret(answer: str, state: GameState) -> tuple[Action | None, str]:
    """The action an answer names, or None and why it is refused."""
    legal = state.legal_actions()
    text = answer.strip().lower()
    if text == FIRST:
        return legal[0], ""
    if text.isascii() and text.isdigit():  # not "²" or "٣", which are digits int() does not read
        return _spot(text, state, legal)
    try:
        action = Action.parse(ALIASES.get(text, text), "answer")
    except FormatError:
        return None, f"not understood: {answer.strip()!r}; {accepted(legal)}"
    return _refereed(action, state)


def _answer(console: Console, stdin: TextIO, judge: Callable[[str], tuple[Any, str]], unreadable: str) -> Any:
    """Read answers until ``judge`` finds one a legal action (it gives the action, or None and
    why not); :class:`Abandoned` when the input ends, the human gives up, or :data:`MAX_REFUSED`
    answers in a row were refused."""
    for _ in range(MAX_REFUSED):
        console.print(Text("> "), end="")
        try:
            line = stdin.readline()
        except UnicodeDecodeError:  # the rest of the line is lost with it: ask again
            console.print(Text(f"could not read that answer (not UTF-8 text){unreadable}", "red"))
            continue
        if not line:
            console.print()
            raise Abandoned("the input ended before the game did")
        if line.strip().lower() in QUIT:
            raise Abandoned("you gave up")
        if not line.strip():
            continue
        action, why = judge(line)
        if action is not None:
            return action
        console.print(Text(why, style="red"))
    raise Abandoned(f"none of {MAX_REFUSED} answers in a row could be played")


def ask(console: Console, state: GameState, stdin: TextIO) -> Action:
    """Read answers until one names a legal action (:func:`_answer`)."""
    action: Action = _answer(
        console, stdin, lambda line: interpret(line, state), f"; {accepted(state.legal_actions())}"
    )
    return action


def _report(console: Console, events: Sequence[Event], you: int, names: Sequence[str]) -> None:
    for event in events:
        if event.kind is EventKind.TURN_STARTED:
            continue
        text = describe(event, you)
        if (
            event.seat is not None
            and event.seat != you
            and event.kind in (EventKind.DREW, EventKind.TOOK_DISCARD)
        ):
            text = text.replace(f"seat {event.seat}", f"seat {event.seat} ({names[event.seat]})", 1)
        style = (
            "bold" if event.kind in (EventKind.COMPLETED, EventKind.ROUND_ENDED, EventKind.GAME_WON) else ""
        )
        console.print(Text(f"  {text}", style=style))


def play(
    console: Console,
    stdin: TextIO,
    bots: Sequence[Bot],
    you: int,
    seed: int,
    rules: Rules,
) -> tuple[GameState, GameRecord]:
    """Play a game with the human at seat ``you`` and ``bots`` in the other seats, in seat order."""
    players = len(bots) + 1
    names = [*(b.name for b in bots[:you]), "you", *(b.name for b in bots[you:])]

    def human(state: GameState, rng: random.Random) -> Action:
        view = observe(state, you)
        show_view(console, view, names)
        show_choices(console, view)
        return ask(console, state, stdin)

    def report(before: GameState, action: AnyAction, after: GameState, events: tuple[Event, ...]) -> None:
        _report(console, events, you, names)

    policies = [*map(as_policy, bots[:you]), human, *map(as_policy, bots[you:])]
    console.print(
        Text(
            f"Fröschis: you are seat {you}; "
            + ", ".join(f"seat {s} is {n}" for s, n in enumerate(names) if s != you)
            + ". Answer with the key before a choice: a letter (d draws, t takes the discard), or for a"
            " frog the number of the spot it goes on; the action works too (draw, frog@3); q gives up.",
            style="bold",
        )
    )
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    chance = chance_from(random.Random(seed))
    final, actions = drive(new_game(players, rules), policies, rngs, chance, on_step=report)
    return final, GameRecord(players, rules, tuple(actions), seed)


def _other_answer(answer: str, legal: Sequence[Any], of: Game) -> tuple[Any | None, str]:
    """The action an answer names in a game other than Fröschis: its number in the list, or its text."""
    text = answer.strip()
    if text.lower() == FIRST:
        return legal[0], ""
    if text.isascii() and text.isdigit():
        if 1 <= int(text) <= len(legal):
            return legal[int(text) - 1], ""
        return (
            None,
            f"there is no choice {text}; answer with a number from 1 to {len(legal)}, or q to give up",
        )
    for action in legal:
        if text.lower() in (of.action_text(action).lower(), str(of.action_to_json(action)).lower()):
            return action, ""
    return None, f"not understood: {text!r}; answer with a number from 1 to {len(legal)}, or q to give up"


def _ask_other(console: Console, of: Game, legal: Sequence[Any], stdin: TextIO) -> Any:
    """Read answers until one names a legal action (as :func:`ask` does for Fröschis)."""
    return _answer(console, stdin, lambda line: _other_answer(line, legal, of), "")


def play_other(
    console: Console, stdin: TextIO, of: Game, specs: Sequence[str], you: int, seed: int, rules: Any
) -> tuple[Any, Record]:
    """A game of ``of`` with the human at seat ``you`` and the bots ``specs`` in the other seats: the
    human sees :attr:`Game.seat_view` and the legal actions numbered; every event in words."""
    view = of.seat_view or (lambda state, seat: of.render(state))
    players = len(specs) + 1
    names = [*specs[:you], "you", *specs[you:]]

    def human(state: Any, rng: random.Random) -> Any:
        console.print(Text(f"\n{view(state, you)}", style="bold"))
        legal = state.legal_actions()
        console.print(Text("Your choices (answer with the number):"))
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            console.print(Text(f"  {number:>{width}}) {of.action_text(action)}"))
        return _ask_other(console, of, legal, stdin)

    def report(before: Any, action: Any, after: Any, events: tuple[Any, ...]) -> None:
        for event in events:
            console.print(Text(f"  {of.describe_event(event)}"))

    policies = [*(of.bots[s](rules) for s in specs[:you]), human, *(of.bots[s](rules) for s in specs[you:])]
    console.print(
        Text(
            f"{of.title}: you are seat {you}; "
            + ", ".join(f"seat {s} is {n}" for s, n in enumerate(names) if s != you)
            + ". Answer with the number before a choice (or the action's text); q gives up.",
            style="bold",
        )
    )
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    chance_rng = random.Random(seed)
    start = of.new_game(players, rules)
    final, actions = drive_any(
        start, policies, rngs, lambda s: of.sample_chance(s, chance_rng), on_step=report
    )
    return final, Record(of, players, rules, tuple(actions), seed)


def _run_other(args: argparse.Namespace, of: Game) -> int:
    """``play --game NAME`` for a game other than Fröschis, through its :class:`Game` alone."""
    rules = rules_from_args(args, of)
    if args.seat >= args.players:
        raise FroeschisError(f"--seat must be 0 to {args.players - 1}, not {args.seat}")
    listed = [s.strip() for s in args.bots.split(",") if s.strip()]
    unknown = [s for s in listed if s not in of.bots]
    if unknown or not listed:
        raise FroeschisError(f"--bots: {of.title}'s bots are {', '.join(of.bots)}, not {args.bots!r}")
    seats = args.players - 1
    if len(listed) > seats:
        raise FroeschisError(f"--bots: {len(listed)} bots for the {seats} other seats; name at most {seats}")
    specs = [listed[i % len(listed)] for i in range(seats)]
    save = None if args.save is None else Path(args.save)
    if save is not None:
        check_file(save, "--save")
    console = make_console()
    try:
        final, record = play_other(console, sys.stdin, of, specs, args.seat, args.seed, rules)
    except Abandoned as reason:
        console.print(Text(f"Game abandoned: {reason}.", style="bold"))
        return 1
    returns = final.returns()
    best = max(returns)
    verdict = "You win!" if returns[args.seat] == best and min(returns) < best else "You do not win."
    console.print(
        Text(f"\nGame over.\n{of.render(final)}\nReturns: {list(returns)}. {verdict}", style="bold")
    )
    if save is not None:
        save_or_rescue(save, json.dumps(records.record_to_json(record), ensure_ascii=False), "--save")
        console.print(
            Text(
                f"Saved the game record to {args.save} (replay it with 'froeschis explain --game {of.name}')."
            )
        )
    return 0


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    if of.name != DEFAULT:
        return _run_other(args, of)
    rules = rules_from_args(args, of)
    if args.seat >= args.players:
        raise FroeschisError(f"--seat must be 0 to {args.players - 1}, not {args.seat}")
    try:
        listed = parse_bots(args.bots, rules)
    except ValueError as error:
        raise FroeschisError(f"--bots: {error}") from None
    seats = args.players - 1
    if len(listed) > seats:
        raise FroeschisError(
            f"--bots: {len(listed)} bots for the {seats} other seat{'s' if seats > 1 else ''} of a "
            f"{args.players}-player game; name at most {seats} (a shorter list is repeated)"
        )
    bots = [listed[i % len(listed)] for i in range(seats)]
    save = None if args.save is None else Path(args.save)
    if save is not None:
        check_file(save, "--save")
    console = make_console()
    try:
        state, record = play(console, sys.stdin, bots, args.seat, args.seed, rules)
    except Abandoned as reason:
        console.print(Text(f"Game abandoned: {reason}.", style="bold"))
        return 1
    winners = ", ".join("you" if w == args.seat else f"seat {w}" for w in state.winners)
    verdict = "You win!" if args.seat in state.winners else "You lose."
    console.print(
        Text(f"\nGame over after {state.round} rounds. Winners: {winners}. {verdict}", style="bold")
    )
    if save is not None:
        save_or_rescue(save, json.dumps(record_to_json(record), ensure_ascii=False), "--save")
        console.print(Text(f"Saved the game record to {args.save} (replay it with 'froeschis explain')."))
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "play",
        run,
        help="play a game against bots in the terminal",
        description=(
            OTHER_GAME_PLAY.format(title=game.title)
            if game.name != DEFAULT
            else (
                "Play Fröschis against bots. You see your own row, the discard pile and the other rows "
                "(face-down cards hidden); answer each question with the key shown before a choice: d to "
                "draw, t to take the discard (s and n for the swap variant's swap and decline-swap), and "
                "for a frog the number of the spot it goes on (a number is always a spot). The action "
                "works too (draw, take-discard, frog@N). Illegal input is refused with the reason. q gives "
                "up; Ctrl-C too (status 130). Input is read line by line, so a game can be scripted: the "
                "answer 'first' takes the first choice listed (yes first | froeschis play)."
            )
        ),
    )
    add_game(parser)
    add_players(parser, game, 3, "2 to 4, you included (default 3)")
    parser.add_argument(
        "--seat", type=non_negative_int, default=0, help="your seat; seat 0 starts round 1 (default 0)"
    )
    if game.name == DEFAULT:
        parser.add_argument(
            "--bots",
            default="greedy",
            help="the other seats' bots in seat order, comma-separated, at most one per seat and repeated "
            "when fewer: random, greedy, ismc, ismc:BUDGET (default greedy)",
        )
    else:
        bots = ", ".join(game.bots)
        parser.add_argument(
            "--bots",
            default=list(game.bots)[-1],
            help=f"the other seats' bots in seat order, comma-separated, repeated when fewer: {bots} "
            f"(default {list(game.bots)[-1]})",
        )
    add_seed(parser, "random seed for the deals and the bots (default 0)")
    parser.add_argument(
        "--save",
        metavar="GAME.json",
        help="write the game record here at the end (the path is checked before the game starts; "
        "should the write fail, the record goes to the temporary folder and the error says where)",
    )
    add_variant_switches(parser, game)
