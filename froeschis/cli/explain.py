"""``froeschis explain``: replay a game record step by step, each event with the rule behind it.

The record is a JSON file in the format of :func:`froeschis.games.froeschis.serialize.record_to_json`
(``froeschis
play --save`` writes one), a golden playthrough (``spec/froeschis/vectors/*.jsonl``, JSON lines: the game is
its first line's players, rules, seed and actions, see :mod:`froeschis.verify.vectors`), or a game of
random bots generated from ``--seed`` and ``--players`` (the same game ``froeschis watch`` shows).
Every step prints the action, what it did, and for each event the clause that caused it with its
source sentence in the chosen language; a ruling or variant that the text does not state shows its
statement instead. The parts of a step that are not events (the
frog waiting for its spot, the next round's row lengths and first seat) are listed with the clauses
that decided them and the state fields they wrote: everything comes from the engine's provenance
(:meth:`froeschis.games.froeschis.engine.GameState.transition`). A file that cannot be read, is not JSON or is
not a game record is refused with a message naming the file and the place. A record with an illegal
or malformed action is explained up to it, and then refused naming that step as ``froeschis
validate`` names it (step 1 is ``actions[0]``; :func:`froeschis.conformance.validate.step_name`),
status 2; with ``--json``, the steps before it and an ``error`` with the step's number.

With ``--game frog`` or ``--game army-of-frogs`` the record (:mod:`froeschis.framework.records`),
golden playthrough (``spec/<game>/vectors``) or seeded game is read and replayed through the game's
:class:`~froeschis.framework.game.Game`: each event in its words (``describe_event``) with its
clauses and the main clause's source sentences in the chosen language.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.text import Text

from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_json,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    game_of,
    make_console,
    rules_from_args,
)
from froeschis.cli.watch import step_head
from froeschis.conformance.validate import step_name
from froeschis.framework import records
from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.jsontext import read_text_limited
from froeschis.framework.loop import play_game as play_any_game
from froeschis.framework.playthroughs import VECTOR_FORMAT, read_header
from froeschis.framework.records import Record
from froeschis.framework.registry import DEFAULT, game
from froeschis.framework.words import rule_text
from froeschis.games.froeschis.actions import AnyAction, Shuffle
from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.engine import GameState, Transition, new_game
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.render import Block, describe, rule_sources, unstated_rule
from froeschis.games.froeschis.serialize import (
    RECORD_FORMAT,
    action_from_json,
    action_to_json,
    event_to_json,
    loads,
    record_from_json,
    rules_to_json,
)
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.state import Phase


class RecordError(FroeschisError):
    """A game record file that cannot be explained: unreadable, malformed or illegal.

    ``step`` is the number of the step that cannot be replayed, as the explanation numbers them
    (step 1 is the record's first action, ``actions[0]``), or None when the record as a whole
    cannot be read or set up.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


PLAYTHROUGH_GAME = ("players", "rules", "seed", "actions")
"""The keys of a golden playthrough's header that make its game (the others say why it was picked)."""


def _playthrough_header(text: str) -> dict[str, Any] | None:
    """The header of a golden playthrough, if ``text`` is one: its first line, a JSON object with
    a ``vector`` key. A game record (one JSON document, on one line or several) is not."""
    try:
        first: Any = loads(text.partition("\n")[0], "line 1")
    except FroeschisError:
        return None
    return first if isinstance(first, dict) and "vector" in first else None


def _bad_step(where: str, index: int, error: FroeschisError) -> RecordError:
    """The error about ``actions[index]``: step ``index + 1``, named as ``validate`` names it."""
    return RecordError(f"{where}: {step_name(index + 1)}: {error}", index + 1)


def _read_game(data: object, where: str) -> tuple[GameRecord, RecordError | None]:
    """The record ``data`` with its actions up to the first malformed one, and the error about that
    one (None when every action reads). A record whose setup is malformed raises
    :class:`~froeschis.framework.errors.FormatError`."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(actions, list):
        return record_from_json(data), None  # refused, naming what is wrong
    record = record_from_json({**data, "actions": []})
    read: list[AnyAction] = []
    for index, raw in enumerate(actions):
        try:
            read.append(action_from_json(raw, f"actions[{index}]"))
        except FormatError as error:
            return attrs.evolve(record, actions=tuple(read)), _bad_step(where, index, error)
    return attrs.evolve(record, actions=tuple(read)), None


def load_record(path: Path) -> tuple[GameRecord, RecordError | None]:
    """The game record in ``path``, or the game of the golden playthrough in it, with its actions up
    to the first malformed one and the error about that one (None when all are well formed), so
    that the steps before a bad one can be shown. :class:`RecordError` naming the file and the
    problem when the file cannot be read or the game cannot be made."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot read the game record: {error}") from None
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text (byte {error.start}: {error.reason})"
        raise RecordError(f"{path}: cannot read the game record: {reason}") from None
    header = _playthrough_header(text)
    if header is not None:
        if header["vector"] != VECTOR_FORMAT:
            raise RecordError(f"{path}: line 1: vector: expected {VECTOR_FORMAT!r}, got {header['vector']!r}")
        game = {key: header[key] for key in PLAYTHROUGH_GAME if key in header}
        try:
            return _read_game({"format": RECORD_FORMAT, **game}, f"{path}: line 1")
        except FroeschisError as error:
            raise RecordError(f"{path}: not a valid golden playthrough: line 1: {error}") from None
    try:
        return _read_game(loads(text, "file"), str(path))
    except FroeschisError as error:
        raise RecordError(f"{path}: not a valid game record: {error}") from None


def replay(record: GameRecord, origin: str) -> tuple[list[Transition], RecordError | None]:
    """Every step of ``record`` with its provenance, checked as it goes: the steps up to the first
    illegal one, and the error about that one (None when all are legal). :class:`RecordError` when
    the game cannot be set up."""
    try:
        state = new_game(record.players, record.rules)
    except FroeschisError as error:
        raise RecordError(f"{origin}: the game cannot be set up: {error}") from None
    steps: list[Transition] = []
    for index, action in enumerate(record.actions):
        try:
            steps.append(state.transition(action))
        except FroeschisError as error:
            return steps, _bad_step(origin, index, error)
        state = steps[-1].after
    return steps, None


def _row_text(state: GameState, seat: int) -> str:
    return " ".join(map(str, state.row(seat).spots))


def _actor(state: GameState) -> str:
    return "chance" if state.is_chance else f"seat {state.current_player}"


def _action_text(action: AnyAction, state: GameState) -> str:
    if isinstance(action, Shuffle):
        what = "deal" if state.phase is Phase.DEAL else "reshuffle"
        return f"{what}: shuffle of {len(action.order)} cards"
    return str(action)


def _rule_json(clause_id: str, lang: str) -> dict[str, Any]:
    clause = load_catalogue().clause(clause_id)
    return {
        "clause": clause.id,
        "title": clause.title,
        "kind": clause.kind,
        "statement": clause.statement,
        "sources": [
            {"anchor": s.anchor, "sentence": s.sentence, "quote": s.quote}
            for s in rule_sources(clause.id, lang)
        ],
    }


def _provenance_json(step: Transition) -> list[dict[str, Any]]:
    """Every part of the step: its clauses, the fields it wrote, and which event it is (if one)."""
    events = [part.event for part in step.fired if part.event is not None]
    return [
        {
            "clauses": list(part.clauses),
            "writes": list(part.writes),
            "event": None if part.event is None else events.index(part.event),
        }
        for part in step.fired
    ]


def explanation_json(
    record: GameRecord, steps: list[Transition], lang: str, error: RecordError | None = None
) -> dict[str, Any]:
    """The explanation as JSON: the setup, every step, and how the record ends; for a record with a
    bad step, the steps before it and ``error``, the bad step's number and the message."""
    final = steps[-1].after if steps else new_game(record.players, record.rules)
    return {
        "format": "froeschis.explain/1",
        "players": record.players,
        "rules": rules_to_json(record.rules),
        "seed": record.seed,
        "lang": lang,
        "steps": [
            {
                "step": number,
                "round": step.before.round,
                "actor": "chance" if step.before.is_chance else step.before.current_player,
                "action": action_to_json(step.action),
                "events": [
                    {
                        **event_to_json(event),
                        "text": describe(event),
                        "rule": _rule_json(event.clause, lang),
                    }
                    for event in step.events
                ],
                "provenance": _provenance_json(step),
            }
            for number, step in enumerate(steps, 1)
        ],
        "over": final.is_terminal,
        "winners": list(final.winners),
        "error": None if error is None else {"step": error.step, "message": str(error)},
    }


def _add_rule(block: Block, event: Event, lang: str, shown: set[str], brief: bool) -> None:
    clause = load_catalogue().clause(event.clause)
    line = Text(clause.id, style="cyan")
    line.append(f" ({clause.title})")
    others = event.clauses[1:]
    if others:
        line.append(f"; also {', '.join(others)}", style="dim")
    block.add(line, 6)
    if brief and clause.id in shown:
        return
    shown.add(clause.id)
    sources = rule_sources(clause.id, lang)
    if not sources:
        block.add(Text(unstated_rule(clause.id, lang), style="dim"), 8)
    for source in sources:
        text = Text(f"{source.anchor} ", style="dim")
        sentence = Text(source.sentence)
        start = source.sentence.find(source.quote)
        if start >= 0:
            sentence.stylize("bold", start, start + len(source.quote))
        text.append_text(sentence)
        block.add(text, 8)


def _add_silent_parts(block: Block, step: Transition) -> None:
    """The parts of the step that are no event: decided by clauses all the same, with what they wrote."""
    for part in step.fired:
        if part.event is None:
            clauses = ", ".join(part.clauses)
            wrote = f"; wrote {', '.join(part.writes)}" if part.writes else ""
            block.add(Text(f"also decided by {clauses}{wrote}", style="dim"), 4)


def print_explanation(
    console: Console, steps: list[Transition], lang: str, brief: bool, bad_step: int | None = None
) -> None:
    """Every step with its events and rules, then how the record ends: the game over, the record
    over before it, or (``bad_step``) the number of the step that cannot be replayed."""
    shown: set[str] = set()
    final: GameState | None = None
    block = Block(console)
    for number, step in enumerate(steps, 1):
        state, events = step.before, step.events
        head = Text()
        head.append(f"{number:4}. ", style="bold")
        head.append(f"round {state.round}, {_actor(state)}: ")
        head.append(_action_text(step.action, state), style="bold")
        block.add(head)
        for event in events:
            block.add(Text(describe(event)), 4)
            _add_rule(block, event, lang, shown, brief)
        _add_silent_parts(block, step)
        final = step.after
        if any(e.kind is EventKind.DEALT for e in events):
            for seat in range(final.num_players):
                block.add(Text(f"seat {seat}: {_row_text(final, seat)}", style="dim"), 6)
        block.flush()
    if bad_step is not None:
        console.print(Text(f"\nStep {bad_step} cannot be replayed: the record is not valid from there on."))
    elif final is None:
        console.print("The record has no actions.")
    elif final.is_terminal:
        winners = ", ".join(f"seat {w}" for w in final.winners)
        rounds = f"{final.round} round{'s' if final.round > 1 else ''}"
        console.print(Text(f"\nGame over after {rounds}; winners: {winners}", style="bold"))
    else:
        console.print(
            Text(f"\nThe record ends before the game is over (round {final.round}, {final.phase.value}).")
        )


def _read_other(of: Game, path: Path) -> Record:
    """A record or golden playthrough of a game other than Fröschis, read by the game's own forms."""
    try:
        text = read_text_limited(path)
        header = _playthrough_header(text)
        if header is None:
            return records.record_from_json(of, loads(text, "file"))
        play = read_header(path)
    except OSError as error:
        raise RecordError(f"{path}: cannot read the game record: {error.strerror or error}") from None
    except (FroeschisError, KeyError, TypeError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: not a valid game record of {of.title}: {error}") from None
    if play.game != of.name:
        raise RecordError(f"{path}: a playthrough of {game(play.game).title}, not of {of.title} (see --game)")
    return Record(of, play.players, play.rules, play.actions, play.seed)


def _replay_other(record: Record, origin: str) -> tuple[list[Any], RecordError | None]:
    """The transitions of a record of any game, up to the first illegal action and the error about it."""
    try:
        state = record.game.new_game(record.players, record.rules)
    except FroeschisError as error:
        raise RecordError(f"{origin}: the game cannot be set up: {error}") from None
    steps: list[Any] = []
    for index, action in enumerate(record.actions):
        try:
            steps.append((state, action, state.transition(action)))
        except FroeschisError as error:
            return steps, _bad_step(origin, index, error)
        state = steps[-1][2].after
    return steps, None


def _other_json(record: Record, steps: list[Any], lang: str, error: RecordError | None) -> dict[str, Any]:
    of, catalogue = record.game, record.game.catalogue()
    final = steps[-1][2].after if steps else of.new_game(record.players, record.rules)
    return {
        "format": "froeschis.explain/1",
        "game": of.name,
        "players": record.players,
        "rules": of.rules_to_json(record.rules),
        "seed": record.seed,
        "lang": lang,
        "steps": [
            {
                "step": number,
                "actor": "chance" if before.is_chance else before.current_player,
                "action": of.action_to_json(action),
                "events": [
                    {
                        "event": of.event_to_json(event),
                        "text": of.describe_event(event),
                        "clauses": list(event.clauses),
                        "rule": rule_text(catalogue, event.clauses[0], lang),
                    }
                    for event in step.events
                ],
            }
            for number, (before, action, step) in enumerate(steps, 1)
        ],
        "over": final.is_terminal,
        "returns": list(final.returns()),
        "error": None if error is None else {"step": error.step, "message": str(error)},
    }


def _print_other(of: Game, steps: list[Any], lang: str, brief: bool, bad_step: int | None) -> None:
    """Every step of a game other than Fröschis: the action, each event in words with its clauses
    and the main clause's source sentences (once each with ``brief``), then how the record ends."""
    catalogue, console, shown = of.catalogue(), make_console(), set[str]()
    block = Block(console)
    for number, (before, action, step) in enumerate(steps, 1):
        block.add(step_head(of, number, before, action))
        for event in step.events:
            block.add(Text(of.describe_event(event)), 4)
            main, *others = event.clauses
            line = Text(main, style="cyan")
            line.append(f" ({catalogue.clause(main).title})")
            if others:
                line.append(f"; also {', '.join(others)}", style="dim")
            block.add(line, 6)
            if not (brief and main in shown):
                shown.add(main)
                block.add(Text(rule_text(catalogue, main, lang), style="dim"), 8)
        block.flush()
    final = steps[-1][2].after if steps else None
    if bad_step is not None:
        console.print(Text(f"\nStep {bad_step} cannot be replayed: the record is not valid from there on."))
    elif final is None:
        console.print("The record has no actions.")
    elif final.is_terminal:
        console.print(Text(f"\nGame over.\n{of.render(final)}", style="bold"))
    else:
        where = of.progress(final)
        console.print(Text(f"\nThe record ends before the game is over{f' ({where})' if where else ''}."))


def _run_other(args: argparse.Namespace, of: Game) -> int:
    """``explain --game NAME`` for a game other than Fröschis, through its :class:`Game` alone."""
    if args.game is not None:
        if any(getattr(args, variant.option) for variant in of.variants):
            raise RecordError("a game record carries its own rules: the variant options go with --seed only")
        record, origin = _read_other(of, Path(args.game)), str(args.game)
    else:
        rules = rules_from_args(args, of)
        _, actions = play_any_game(of, args.players, args.seed, rules)
        record, origin = Record(of, args.players, rules, actions, args.seed), f"seed {args.seed}"
    steps, error = _replay_other(record, origin)
    if args.json:
        print(json.dumps(_other_json(record, steps, args.lang, error), ensure_ascii=False))
    else:
        _print_other(of, steps, args.lang, args.brief, None if error is None else error.step)
    if error is not None:
        raise error
    return 0


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    if (args.game is None) == (args.seed is None):
        raise RecordError("give either a GAME.json file or --seed (with --players), not both or neither")
    if of.name != DEFAULT:
        return _run_other(args, of)
    if args.game is not None and any(getattr(args, name) for name in VARIANT_OPTIONS):
        raise RecordError("a game record carries its own rules: the variant options go with --seed only")
    malformed: RecordError | None = None
    if args.game is not None:
        (record, malformed), origin = load_record(Path(args.game)), str(args.game)
    else:
        _, record = play_game(args.players, args.seed, rules_from_args(args, game_of(args)))
        origin = f"seed {args.seed}"
    steps, illegal = replay(record, origin)
    error = illegal or malformed  # an illegal step comes before the malformed one, where replay stopped
    if args.json:
        print(json.dumps(explanation_json(record, steps, args.lang, error), ensure_ascii=False))
    else:
        print_explanation(make_console(), steps, args.lang, args.brief, None if error is None else error.step)
    if error is not None:
        raise error  # one line on stderr, status 2, after the steps that could be replayed
    return 0


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "explain",
        run,
        help="replay a game record step by step, each step with the rule that caused it",
        description=(
            "Replay a game record (JSON, as written by 'froeschis play --save'), a golden playthrough "
            "(spec/<game>/vectors/*.jsonl) or a seeded game of random bots, step by step: every event with "
            "the clause that caused it and the clause's source sentence in the chosen language."
        ),
    )
    add_game(parser)
    parser.add_argument(
        "game",
        nargs="?",
        metavar="GAME.json",
        help="the game record or golden playthrough (.jsonl) to replay",
    )
    add_seed(parser, "instead of a file: replay the random-bot game of this seed", default=None)
    add_players(parser, game, 3, "players of the --seed game, 2 to 4 (default 3)")
    add_lang(parser, game, "language of the source sentences")
    parser.add_argument(
        "--brief",
        action="store_true",
        help="show each clause's source sentence only the first time it appears",
    )
    add_json(parser, "print the explained steps as JSON")
    add_variant_switches(parser, game)
