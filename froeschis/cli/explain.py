"""``froeschis explain``: replay a game record step by step, each event with the rule behind it.

The record is a JSON file in the format of :func:`froeschis.io.serialize.record_to_json` (``froeschis
play --save`` writes one), a golden playthrough (``spec/vectors/*.jsonl``, JSON lines: the game is
its first line's players, rules, seed and actions, see :mod:`froeschis.verify.vectors`), or a game of
random bots generated from ``--seed`` and ``--players`` (the same game ``froeschis watch`` shows).
Every step prints the action, what it did, and for each event the clause that caused it with its
source sentence in the chosen language; a ruling or variant that the text does not state shows its
statement instead. The parts of a step that are not events (the
frog waiting for its spot, the next round's row lengths and first seat) are listed with the clauses
that decided them and the state fields they wrote: everything comes from the engine's provenance
(:meth:`froeschis.core.engine.GameState.transition`). A file that cannot be read, is not JSON, is not
a game record or holds an illegal action is refused with a message naming the file and the place.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from froeschis.agents.loop import play_game
from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_json,
    add_lang,
    add_players,
    add_seed,
    add_variant_switches,
    make_console,
    rules_from_args,
)
from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.engine import GameState, Transition, new_game
from froeschis.core.errors import FroeschisError
from froeschis.core.events import Event, EventKind
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.core.record import GameRecord
from froeschis.core.state import Phase
from froeschis.io.serialize import (
    RECORD_FORMAT,
    action_to_json,
    event_to_json,
    loads,
    record_from_json,
    rules_to_json,
)
from froeschis.present.narrate import describe, rule_sources, unstated_rule
from froeschis.spec import load_catalogue
from froeschis.verify.vectors import VECTOR_FORMAT


class RecordError(FroeschisError):
    """A game record file that cannot be explained: unreadable, malformed or illegal."""


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


def load_record(path: Path) -> GameRecord:
    """The game record in ``path``, or the game of the golden playthrough in it; :class:`RecordError`
    naming the file and the problem."""
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
            return record_from_json({"format": RECORD_FORMAT, **game})
        except FroeschisError as error:
            raise RecordError(f"{path}: not a valid golden playthrough: line 1: {error}") from None
    try:
        return record_from_json(loads(text, "file"))
    except FroeschisError as error:
        raise RecordError(f"{path}: not a valid game record: {error}") from None


def replay(record: GameRecord, origin: str) -> list[Transition]:
    """Every step of ``record`` with its provenance (checked as it goes)."""
    try:
        state = new_game(record.players, record.rules)
    except FroeschisError as error:
        raise RecordError(f"{origin}: the game cannot be set up: {error}") from None
    steps = []
    for number, action in enumerate(record.actions, 1):
        try:
            steps.append(state.transition(action))
        except FroeschisError as error:
            raise RecordError(f"{origin}: step {number} (actions[{number - 1}]): {error}") from None
        state = steps[-1].after
    return steps


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


def explanation_json(record: GameRecord, steps: list[Transition], lang: str) -> dict[str, Any]:
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
    }


class _Block:
    """Lines for one step, wrapped to the console's width with a hanging indent, printed at once."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.lines: list[Text] = []

    def add(self, text: Text, indent: int = 0) -> None:
        width = max(self.console.width - indent, 20)
        for line in text.wrap(self.console, width):
            line.rstrip()
            self.lines.append(Text(" " * indent) + line)

    def flush(self) -> None:
        if self.lines:
            self.console.print(Text("\n").join(self.lines), soft_wrap=True)
        self.lines = []


def _add_rule(block: _Block, event: Event, lang: str, shown: set[str], brief: bool) -> None:
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


def _add_silent_parts(block: _Block, step: Transition) -> None:
    """The parts of the step that are no event: decided by clauses all the same, with what they wrote."""
    for part in step.fired:
        if part.event is None:
            clauses = ", ".join(part.clauses)
            wrote = f"; wrote {', '.join(part.writes)}" if part.writes else ""
            block.add(Text(f"also decided by {clauses}{wrote}", style="dim"), 4)


def print_explanation(console: Console, steps: list[Transition], lang: str, brief: bool) -> None:
    shown: set[str] = set()
    final: GameState | None = None
    block = _Block(console)
    for number, step in enumerate(steps, 1):
        state, events = step.before, step.events
        head = Text(f"{number:4}. ", style="bold")
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
    if final is None:
        console.print("The record has no actions.")
    elif final.is_terminal:
        winners = ", ".join(f"seat {w}" for w in final.winners)
        console.print(Text(f"\nGame over after {final.round} rounds; winners: {winners}", style="bold"))
    else:
        console.print(
            Text(f"\nThe record ends before the game is over (round {final.round}, {final.phase.value}).")
        )


def run(args: argparse.Namespace) -> int:
    if (args.game is None) == (args.seed is None):
        raise RecordError("give either a GAME.json file or --seed (with --players), not both or neither")
    if args.game is not None and any(getattr(args, name) for name in VARIANT_OPTIONS):
        raise RecordError("a game record carries its own rules: the variant options go with --seed only")
    if args.game is not None:
        record, origin = load_record(Path(args.game)), str(args.game)
    else:
        _, record = play_game(args.players, args.seed, rules_from_args(args))
        origin = f"seed {args.seed}"
    steps = replay(record, origin)
    if args.json:
        print(json.dumps(explanation_json(record, steps, args.lang), ensure_ascii=False))
        return 0
    print_explanation(make_console(), steps, args.lang, args.brief)
    return 0


def add(subparsers: Subparsers) -> None:
    parser = add_command(
        subparsers,
        "explain",
        run,
        help="replay a game record step by step, each step with the rule that caused it",
        description=(
            "Replay a game record (JSON, as written by 'froeschis play --save'), a golden playthrough "
            "(spec/vectors/*.jsonl) or a seeded game of random bots, step by step: every event with "
            "the clause that caused it and the clause's source sentence in the chosen language."
        ),
    )
    parser.add_argument(
        "game",
        nargs="?",
        metavar="GAME.json",
        help="the game record or golden playthrough (.jsonl) to replay",
    )
    add_seed(parser, "instead of a file: replay the random-bot game of this seed", default=None)
    add_players(parser, 3, "players of the --seed game, 2 to 4 (default 3)")
    add_lang(parser, "language of the source sentences")
    parser.add_argument(
        "--brief",
        action="store_true",
        help="show each clause's source sentence only the first time it appears",
    )
    add_json(parser, "print the explained steps as JSON")
    add_variant_switches(parser)
