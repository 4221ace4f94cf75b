"""``froeschis explain``: replay a game record step by step, each event with the rule behind it.

The record is a JSON file in the format of :func:`froeschis.framework.records.record_to_json`
(``froeschis play --save`` writes one), a golden playthrough (``spec/<game>/vectors/*.jsonl``, JSON
lines: the game is its first line's players, rules, seed and actions, see
:mod:`froeschis.framework.playthroughs`), or a game of random bots generated from ``--seed`` and
``--players`` (the same game ``froeschis watch`` shows). Every step prints the action, what it
did, and for each event the clause that caused it with its source sentences in the chosen
language (the part the clause quotes in bold, the catalogue's English gloss and its note on
discrepancies beside them); a ruling or variant that the text does not state shows its statement
instead. The parts of a step that are not events (a piece waiting for its place, the next
round's setup) are listed with the clauses that decided them and the state fields they wrote:
everything comes from the engine's provenance (``state.transition``).
What a game tells in its own way (a step's action, what it shows after a step, how a record ends)
is its :class:`~froeschis.framework.telling.Telling`.

The game is the one the file names (``"game": "frog"``; none: Fröschis), ``--game`` only insisting
on one: a file of another game is refused in one line naming both. A file that cannot be read, is
not JSON or is not a game record of its game is refused with a message naming the file and the
place. A record with an illegal or malformed action is explained
up to it, and then refused naming that step as ``froeschis validate`` names it (step 1 is
``actions[0]``; :func:`froeschis.conformance.validate.step_name`), status 2; with ``--json``, the
steps before it and an ``error`` with the step's number.

``--html FILE`` also writes the replay viewer (:mod:`froeschis.framework.viewer`): one page, with
the record inside it, that a person can open or send. FILE is checked before the replay starts and
written whole or not at all (:mod:`froeschis.cli.files`); a record that stops early is shown up to
its bad step, which the page names.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.text import Text

from froeschis.cli.files import check_file, save
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_json,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    make_console,
    player_counts,
    rules_from_args,
)
from froeschis.conformance.validate import step_name
from froeschis.framework import records, viewer
from froeschis.framework.catalogue import Catalogue
from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.jsontext import loads, read_text_limited
from froeschis.framework.loop import play_game
from froeschis.framework.playthroughs import VECTOR_FORMAT
from froeschis.framework.records import RECORD_FORMAT, Record
from froeschis.framework.registry import DEFAULT, game
from froeschis.framework.terminal import telling
from froeschis.framework.words import Block, rule_sources, unstated_rule


class RecordError(FroeschisError):
    """A game record file that cannot be explained: unreadable, malformed or illegal.

    ``step`` is the number of the step that cannot be replayed, as the explanation numbers them
    (step 1 is the record's first action, ``actions[0]``), or None when the record as a whole
    cannot be read or set up.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


PLAYTHROUGH_GAME = ("game", "players", "rules", "seed", "actions")
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


def _read_game(of: Game, data: object, where: str) -> tuple[Record, RecordError | None]:
    """The record ``data`` of ``of`` with its actions up to the first malformed one, and the error
    about that one (None when every action reads). A record whose setup is malformed raises
    :class:`~froeschis.framework.errors.FormatError`."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(actions, list):
        return records.record_from_json(of, data), None  # refused, naming what is wrong
    record = records.record_from_json(of, {**data, "actions": []})
    read: list[Any] = []
    for index, raw in enumerate(actions):
        try:
            read.append(of.action_from_json(raw, f"actions[{index}]"))
        except FormatError as error:
            return attrs.evolve(record, actions=tuple(read)), _bad_step(where, index, error)
    return attrs.evolve(record, actions=tuple(read)), None


def _playthrough_game(header: dict[str, Any], path: Path) -> dict[str, Any]:
    """The game of a golden playthrough's header as a record of the game it names."""
    if header["vector"] != VECTOR_FORMAT:
        raise RecordError(f"{path}: line 1: vector: expected {VECTOR_FORMAT!r}, got {header['vector']!r}")
    return {"format": RECORD_FORMAT, **{key: header[key] for key in PLAYTHROUGH_GAME if key in header}}


def _game_of(data: object, asked: str | None, path: Path, form: str) -> Game:
    """The game the record (or playthrough) ``data`` names, which must be ``asked`` when given;
    else a :class:`RecordError` naming the file, both games and ``--game``, in one line."""
    try:
        return records.game_named(data, asked, form)
    except records.OtherGameError as error:
        raise RecordError(
            f"{path}: {error.reason} (--game {asked}); without --game it is read as the file says"
        ) from None
    except FormatError as error:
        raise RecordError(f"{path}: not a valid game {form}: {error}") from None


def load_record(asked: str | None, path: Path) -> tuple[Record, RecordError | None]:
    """The game record in ``path``, or the game of the golden playthrough in it, of the game it
    names (which must be ``asked`` when given: ``--game``), with its actions up to the first
    malformed one and the error about that one (None when all are well formed), so that the steps
    before a bad one can be shown. :class:`RecordError` naming the file and the problem when the
    file cannot be read or the game cannot be made."""
    try:
        text = read_text_limited(path)  # an endless file (/dev/zero) is read only up to the limit
    except FormatError as error:
        raise RecordError(f"{path}: not a valid game record: {error.reason}") from None
    except OSError as error:
        raise RecordError(f"{path}: cannot read the game record: {error}") from None
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text (byte {error.start}: {error.reason})"
        raise RecordError(f"{path}: cannot read the game record: {reason}") from None
    header = _playthrough_header(text)
    if header is not None:
        played = _playthrough_game(header, path)
        of = _game_of(played, asked, path, "playthrough")
        try:
            return _read_game(of, played, f"{path}: line 1")
        except FroeschisError as error:
            raise RecordError(f"{path}: not a valid golden playthrough: line 1: {error}") from None
    try:
        data = loads(text, "file")
    except FroeschisError as error:
        raise RecordError(f"{path}: not a valid game record: {error}") from None
    of = _game_of(data, asked, path, "record")
    try:
        return _read_game(of, data, str(path))
    except FroeschisError as error:
        raise RecordError(f"{path}: not a valid game record: {error}") from None


def replay(record: Record, origin: str) -> tuple[list[Any], RecordError | None]:
    """Every step of ``record`` with its provenance (each a
    :class:`~froeschis.framework.provenance.Transition`), checked as it goes: the steps up to the
    first illegal one, and the error about that one (None when all are legal).
    :class:`RecordError` when the game cannot be set up."""
    try:
        state = record.game.new_game(record.players, record.rules)
    except FroeschisError as error:
        raise RecordError(f"{origin}: the game cannot be set up: {error}") from None
    steps: list[Any] = []
    for index, action in enumerate(record.actions):
        try:
            steps.append(state.transition(action))
        except FroeschisError as error:
            return steps, _bad_step(origin, index, error)
        state = steps[-1].after
    return steps, None


def _rule_json(catalogue: Catalogue, clause_id: str, lang: str) -> dict[str, Any]:
    clause = catalogue.clause(clause_id)
    return {
        "clause": clause.id,
        "title": clause.title,
        "kind": clause.kind,
        "statement": clause.statement,
        "sources": [
            {"anchor": s.anchor, "sentence": s.sentence, "quote": s.quote}
            for s in rule_sources(catalogue, clause.id, lang)
        ],
    }


def _provenance_json(step: Any) -> list[dict[str, Any]]:
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
    record: Record, steps: list[Any], lang: str, error: RecordError | None = None
) -> dict[str, Any]:
    """The explanation as JSON: the setup, every step, and how the record ends; for a record with a
    bad step, the steps before it and ``error``, the bad step's number and the message."""
    of, catalogue = record.game, record.game.catalogue()
    final = steps[-1].after if steps else of.new_game(record.players, record.rules)
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
                "round": of.round_of(step.before),
                "actor": "chance" if step.before.is_chance else step.before.current_player,
                "action": of.action_to_json(step.action),
                "events": [
                    {
                        **of.event_to_json(event),
                        "text": of.describe_event(event),
                        "rule": _rule_json(catalogue, event.clauses[0], lang),
                    }
                    for event in step.events
                ],
                "provenance": _provenance_json(step),
            }
            for number, step in enumerate(steps, 1)
        ],
        "over": final.is_terminal,
        "winners": list(final.winners),
        "returns": list(final.returns()),
        "error": None if error is None else {"step": error.step, "message": str(error)},
    }


def _add_rule(
    block: Block, catalogue: Catalogue, clauses: tuple[str, ...], lang: str, shown: set[str], brief: bool
) -> None:
    """The event's main clause and the others, then (unless ``brief`` showed it before) the main
    clause's source sentences, the quoted part in bold, each with its gloss, and the note on the
    discrepancies that concern it; or, where the text does not state it, its statement."""
    main, *others = clauses
    clause = catalogue.clause(main)
    line = Text(clause.id, style="cyan")
    line.append(f" ({clause.title})")
    if others:
        line.append(f"; also {', '.join(others)}", style="dim")
    block.add(line, 6)
    if brief and clause.id in shown:
        return
    shown.add(clause.id)
    sources = rule_sources(catalogue, clause.id, lang)
    if not sources:
        block.add(Text(unstated_rule(catalogue, clause.id, lang), style="dim"), 8)
    for source in sources:
        text = Text(f"{source.anchor} ", style="dim")
        sentence = Text(source.sentence)
        start = source.sentence.find(source.quote)
        if start >= 0:
            sentence.stylize("bold", start, start + len(source.quote))
        text.append_text(sentence)
        if source.gloss:
            text.append(f" [{source.gloss}]", style="dim")
        block.add(text, 8)
    if sources and sources[0].flag:
        block.add(Text(sources[0].flag, style="dim"), 8)


def _add_silent_parts(block: Block, step: Any) -> None:
    """The parts of the step that are no event: decided by clauses all the same, with what they wrote."""
    for part in step.fired:
        if part.event is None:
            clauses = ", ".join(part.clauses)
            wrote = f"; wrote {', '.join(part.writes)}" if part.writes else ""
            block.add(Text(f"also decided by {clauses}{wrote}", style="dim"), 4)


def print_explanation(
    console: Console, of: Game, steps: list[Any], lang: str, brief: bool, bad_step: int | None = None
) -> None:
    """Every step with its events and rules, then how the record ends: the game over, the record
    over before it, or (``bad_step``) the number of the step that cannot be replayed."""
    told, catalogue = telling(of), of.catalogue()
    shown: set[str] = set()
    block = Block(console)
    for number, step in enumerate(steps, 1):
        before = step.before
        head = Text()
        head.append(f"{number:4}. ", style="bold")
        who = "chance" if before.is_chance else f"seat {before.current_player}"
        where = of.progress(before)
        head.append(f"{where}, {who}: " if where else f"{who}: ")
        head.append(told.action(before, step.action), style="bold")
        block.add(head)
        for event in step.events:
            block.add(Text(of.describe_event(event)), 4)
            _add_rule(block, catalogue, tuple(event.clauses), lang, shown, brief)
        _add_silent_parts(block, step)
        for note in told.notes(step):
            block.add(Text(note, style="dim"), 6)
        block.flush()
    final = steps[-1].after if steps else None
    if bad_step is not None:
        console.print(Text(f"\nStep {bad_step} cannot be replayed: the record is not valid from there on."))
    elif final is None:
        console.print("The record has no actions.")
    elif final.is_terminal:
        console.print(Text(f"\n{told.over(final)}", style="bold"))
    else:
        where = told.standing(final)
        console.print(Text(f"\nThe record ends before the game is over{f' ({where})' if where else ''}."))


def _language(args: argparse.Namespace, of: Game) -> str:
    """The language of the source sentences: ``--lang``, else the first of the game's sources (the
    game the file names, whose languages the options, made before it was read, may not offer).
    English is always allowed: the catalogue's statements and glosses are English."""
    if args.lang is None:
        return of.languages[0]
    if args.lang not in (*of.languages, "en"):
        sources = ", ".join(of.languages)
        raise RecordError(
            f"--lang {args.lang}: the sources of {of.title} are in {sources} (or en, the glosses)"
        )
    return str(args.lang)


def _write_page(
    args: argparse.Namespace, record: Record, steps: list[Any], name: str, error: RecordError | None
) -> None:
    """``--html``: the replay viewer of the steps that could be replayed, and why the record stops
    where it does not replay to its end."""
    of = record.game
    broken = f"Step {error.step} cannot be replayed: {error}" if error is not None else ""
    start = of.new_game(record.players, record.rules)
    save(Path(args.html), viewer.page(of, start, steps, name, args.rules_url, broken), "--html")


def run(args: argparse.Namespace) -> int:
    parsed = game(args.game_name or DEFAULT)  # the game the options are of
    if args.html is not None:
        check_file(Path(args.html), "--html")  # before the work: a typo in the path costs a second
    elif args.rules_url:
        raise RecordError("--rules-url says where the --html page links to: it goes with --html")
    if (args.game is None) == (args.seed is None):
        raise RecordError("give either a GAME.json file or --seed (with --players), not both or neither")
    if args.game is not None and any(getattr(args, variant.option) for variant in parsed.variants):
        raise RecordError("a game record carries its own rules: the variant options go with --seed only")
    malformed: RecordError | None = None
    if args.game is not None:
        (record, malformed), origin = load_record(args.game_name, Path(args.game)), str(args.game)
    else:
        rules = rules_from_args(args, parsed)
        _, actions = play_game(parsed, args.players, args.seed, rules)
        record, origin = Record(parsed, args.players, rules, actions, args.seed), f"seed {args.seed}"
    of, lang = record.game, _language(args, record.game)
    steps, illegal = replay(record, origin)
    error = illegal or malformed  # an illegal step comes before the malformed one, where replay stopped
    if args.json:
        print(json.dumps(explanation_json(record, steps, lang, error), ensure_ascii=False))
    else:
        print_explanation(make_console(), of, steps, lang, args.brief, None if error is None else error.step)
    if args.html is not None:
        name = Path(args.game).name if args.game is not None else origin
        _write_page(args, record, steps, name, error)
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
            "the clause that caused it and the clause's source sentence in the chosen language; --html also "
            "writes a page to step through it in a browser. A file is explained as a game of the game "
            "it names; --game insists on one."
        ),
    )
    add_game(parser, read_from_files=True)
    parser.add_argument(
        "game",
        nargs="?",
        metavar="GAME.json",
        help="the game record or golden playthrough (.jsonl) to replay",
    )
    add_seed(parser, "instead of a file: replay the random-bot game of this seed", default=None)
    default = 3 if 3 in game.players else game.players[-1]
    add_players(
        parser, game, default, f"players of the --seed game, {player_counts(game)} (default {default})"
    )
    add_lang(parser, game, "language of the source sentences")
    parser.add_argument(
        "--brief",
        action="store_true",
        help="show each clause's source sentence only the first time it appears",
    )
    add_json(parser, "print the explained steps as JSON")
    parser.add_argument(
        "--html",
        metavar="FILE",
        help=(
            "also write the replay viewer to FILE: one self-contained page (no server, no network) that "
            "steps through the game with its pictures, events, clauses and source sentences in every "
            "language of the game's sources (keys left/right, Home/End; #step=N links to a step)"
        ),
    )
    parser.add_argument(
        "--rules-url",
        metavar="URL",
        default="",
        help=(
            "with --html: the folder of the annotated rules pages the clause IDs link to (the docs' URL, "
            "or a relative path; default: beside the page, as in the built docs)"
        ),
    )
    add_variant_switches(parser, game)
    parser.set_defaults(lang=None)  # none given: the file's game's language
