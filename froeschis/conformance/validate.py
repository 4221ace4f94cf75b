"""Validating recorded games: replay a game log and report its first illegal or inconsistent step.

Two forms are read:

* a game record (``froeschis.record/1``, spec/froeschis/schemas/record.schema.json): the setup and every
  action, chance outcomes included. Each action is replayed on the reference engine; the first one
  the rules forbid is reported with the clause that forbids it.
* a playthrough (JSON lines, ``froeschis.playthrough/1`` as in spec/froeschis/vectors/): a header with the
  setup and the actions, then one line per step with the state, the legal actions and the events
  another implementation recorded. Besides legality, every recorded state and list of legal
  actions must be the reference's; a differing one is reported with the clauses involved, as the
  conformance checker does. Differing events are reported as warnings.

Any game's logs are read: the game is the one the log names (``"game": "frog"``; none: Fröschis),
its setup and actions by the game's own JSON forms, a playthrough's states compared by its
conformance kit. A game asked for (``game_name``, ``froeschis validate --game``) that the log
contradicts is a problem of kind :data:`OTHER_GAME`; text that is no JSON at all (empty, cut short,
too long) one of kind :data:`UNREADABLE`: the command cannot run as asked, where every other
problem is one the check found.

A record that is legal but ends before the game is over is *legal so far* (``finished`` is false):
whether that is enough is the caller's to say (``froeschis validate`` wants whole games unless
``--unfinished``). A playthrough may end anywhere (golden playthroughs show a situation), but it
has a line for every action of its header, and nothing the format does not know: no unknown key,
no clause ID its game's catalogue lacks.

Steps are numbered as ``froeschis explain`` and the playthroughs number them: step 1 is the first
action (``actions[0]``), step N the N-th; a playthrough's step 0 is the state before the first
action.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from froeschis.conformance.compare import ERROR, Finding, compare_reply
from froeschis.conformance.protocol import JSON
from froeschis.conformance.referee import Referee
from froeschis.framework import records
from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.framework.game import Game
from froeschis.framework.jsontext import MAX_TEXT, loads, read_text_limited
from froeschis.framework.playthroughs import STEP_KEYS, check_clauses, header_from_json
from froeschis.framework.records import OtherGameError, game_named

UNREADABLE = "unreadable"
"""The kind of the problem of text that is not JSON (nor JSON lines) at all: empty, cut short,
too long to read."""

OTHER_GAME = "game"
"""The kind of the problem of a log of another game than the one asked for."""


@attrs.frozen
class Validation:
    """The verdict on a recorded game."""

    ok: bool
    form: str
    """``record`` or ``playthrough``."""
    steps: int
    """How many actions were replayed and found legal (and consistent)."""
    finished: bool
    winners: tuple[int, ...] = ()
    problem: Finding | None = None
    """The first illegal or inconsistent step; its ``step`` is the step's number (step 1 is
    ``actions[0]``, see the module's docstring), None for a problem of the whole log."""
    warnings: tuple[Finding, ...] = ()
    final_state: Any = None
    game: str | None = None
    """The registry name of the game the log is of (None: not known, the log being unreadable or
    naming no game), whose catalogue names the clauses of ``problem``."""

    def summary(self) -> str:
        if self.problem is not None:
            where = "" if self.problem.step is None else f" at {step_name(self.problem.step)}"
            clauses = f" [{', '.join(self.problem.clauses)}]" if self.problem.clauses else ""
            return f"not valid{where}: {self.problem.message}{clauses}"
        if not self.finished:
            return f"legal so far ({self.steps} actions), but the game is not over"
        seats = ", ".join(f"seat {w}" for w in self.winners)
        return f"legal: {self.steps} actions, the game is over, winners: {seats}"


def step_name(step: int) -> str:
    """``step 3 (actions[2])``: the step's number and the action it replays (step 0 has none)."""
    return f"step {step} ({'before the first action' if step == 0 else f'actions[{step - 1}]'})"


def _invalid(
    form: str,
    steps: int,
    message: str,
    step: int | None = None,
    action: JSON = None,
    clauses: tuple[str, ...] = (),
    kind: str = "malformed",
) -> Validation:
    finding = Finding(ERROR, kind, message, step=step, action=action, clauses=clauses)
    return Validation(False, form, steps, False, problem=finding)


def _replay(of: Game, form: str, players: int, rules: object, actions: Sequence[JSON]) -> Validation:
    """Replay a game of ``of`` from the setup; ``players`` comes from the input unchecked, as
    ``new_game`` checks it."""
    try:
        state = of.new_game(players, of.rules_from_json(rules))
    except FormatError as error:
        return _invalid(form, 0, f"malformed setup: {error}")
    except RulesError as error:
        return _invalid(
            form,
            0,
            f"an impossible setup: {error.message}",  # its clause is listed once, as every finding's
            clauses=(error.clause,) if error.clause else (),
            kind="illegal",
        )
    for index, raw in enumerate(actions):
        try:
            state = state.step(of.action_from_json(raw, f"actions[{index}]"))[0]
        except FormatError as error:
            return _invalid(form, index, f"malformed action: {error}", index + 1, raw)
        except IllegalActionError as error:
            return _invalid(
                form,
                index,
                f"illegal action {error.action} in phase {error.phase!r}: {error.reason}",
                index + 1,
                raw,
                (error.clause,),
                "illegal",
            )
    winners = tuple(
        getattr(state, "winners", ())
    )  # every game's states name them; the State protocol does not
    return Validation(True, form, len(actions), state.is_terminal, winners, final_state=state)


def _check_fields(of: Game, data: dict[str, JSON]) -> None:
    """Everything of a record but its actions (checked one by one as they are replayed), by the
    game's own record reader where it has one (:attr:`Game.record_from_json`, Fröschis': its
    messages unchanged, its game's name read already), else by the framework's
    (:func:`froeschis.framework.records.record_from_json`)."""
    skeleton = {**data, "actions": []} if "actions" in data else data
    if of.record_from_json is not None:
        of.record_from_json({key: value for key, value in skeleton.items() if key != "game"})
    else:
        records.record_from_json(of, skeleton)


def _of_game(form: str, data: object, game_name: str | None) -> Game | Validation:
    """The game of the log ``data`` (:func:`~froeschis.framework.records.game_named`), or the
    verdict on a log of another game than ``game_name`` or of no registered game."""
    try:
        return game_named(data, game_name, form)
    except OtherGameError as error:
        return _invalid(form, 0, error.reason, kind=OTHER_GAME)
    except FormatError as error:
        return _invalid(form, 0, f"malformed {'header' if form == 'playthrough' else form}: {error}")


def validate_record(data: object, game_name: str | None = None) -> Validation:
    """Replay a game record (a parsed ``froeschis.record/1`` object) of the game it names, which
    must be ``game_name`` when that is given."""
    if not isinstance(data, dict):
        return _invalid("record", 0, "a game record is a JSON object")
    of = _of_game("record", data, game_name)
    if isinstance(of, Validation):
        return of
    return attrs.evolve(_record_of(of, data), game=of.name)


def _record_of(of: Game, data: dict[str, JSON]) -> Validation:
    try:
        _check_fields(of, data)
    except FormatError as error:
        return _invalid("record", 0, f"malformed record: {error}")
    if not isinstance(data["actions"], list):
        return _invalid("record", 0, "malformed record: actions: expected a list")
    return _replay(of, "record", data["players"], data["rules"], data["actions"])


def _step_line(of: Game, entry: object, number: int) -> str | None:
    """What is wrong with the line of step ``number`` as the format has it (None: nothing): the
    step's number, its keys, the clause IDs of its events. Its content is compared afterwards."""
    line = f"line {number + 2}"
    if not isinstance(entry, dict) or entry.get("step") != number:
        return f"{line} should be the object for step {number}"
    unknown = sorted(entry.keys() - set(STEP_KEYS))
    if unknown:
        return f"malformed playthrough: {line}: unknown keys {unknown}"
    events = entry.get("events", [])
    for index, event in enumerate(events if isinstance(events, list) else []):
        if isinstance(event, dict) and "clauses" in event:
            try:
                check_clauses(of, event["clauses"], f"{line}: events[{index}]")
            except FormatError as error:
                return f"malformed playthrough: {error}"
    return None


def _playthrough_start(lines: Sequence[object], game_name: str | None) -> Validation | Referee:
    """The referee of a playthrough's game, after its header and the number of its lines are
    checked; else the verdict on it."""
    form = "playthrough"
    if not lines or not isinstance(lines[0], dict):
        return _invalid(form, 0, "the first line must be the header object")
    of = _of_game(form, lines[0], game_name)
    if isinstance(of, Validation):
        return of
    try:
        header = header_from_json(lines[0], "header", of.name)
    except FormatError as error:
        return _invalid(form, 0, f"malformed {error}")
    if len(lines) != len(header.actions) + 2:
        return _invalid(
            form,
            0,
            f"malformed playthrough: {len(lines) - 2} step lines after step 0 for the header's "
            f"{len(header.actions)} actions (the file is cut short or has lines too many)",
        )
    try:
        return Referee.of(of.name)
    except LookupError as error:  # a game without a conformance kit: its steps cannot be compared
        return _invalid(form, 0, f"a playthrough cannot be checked: {error}")


def validate_playthrough(lines: Sequence[object], game_name: str | None = None) -> Validation:
    """Replay a playthrough (parsed JSON lines: the header, then one object per step) of the game
    its header names (a header without ``game`` is Fröschis'), which must be ``game_name`` when
    that is given."""
    referee = _playthrough_start(lines, game_name)
    if isinstance(referee, Validation):
        return referee
    return attrs.evolve(_steps(referee, lines), game=referee.game.name)


def _steps(referee: Referee, lines: Sequence[object]) -> Validation:
    """Every step of a playthrough whose header is checked: legal, and as the reference plays it."""
    form = "playthrough"
    header: dict[str, Any] = lines[0]  # type: ignore[assignment]  # checked by _playthrough_start
    of = referee.game
    legal = _replay(of, form, header["players"], header["rules"], header["actions"])
    if not legal.ok:
        return legal
    state = of.new_game(header["players"], of.rules_from_json(header["rules"]))
    actions = header["actions"]
    warnings: list[Finding] = []
    for number, entry in enumerate(lines[1:]):
        wrong = _step_line(of, entry, number)
        if wrong is not None:
            return _invalid(form, max(number - 1, 0), wrong)
        assert isinstance(entry, dict)
        reply = {"type": "state", **{k: entry[k] for k in ("state", "legal", "events") if k in entry}}
        if number == 0:
            check = compare_reply(referee, None, None, state, (), reply, "events" in entry)
        else:
            if entry.get("action") != actions[number - 1]:
                return _invalid(
                    form,
                    number - 1,
                    "the step's action is not the header's action for it",
                    number,
                    entry.get("action"),
                    kind="inconsistent",
                )
            parsed = of.action_from_json(actions[number - 1])
            reference = state.transition(parsed)
            check = compare_reply(
                referee,
                state,
                of.action_to_json(parsed),
                reference.after,
                reference.fired,
                reply,
                "events" in entry,
            )
            state = reference.after
        warnings += [attrs.evolve(w, step=number) for w in check.warnings]
        if check.errors:
            finding = attrs.evolve(check.errors[0], step=number, action=entry.get("action"))
            return Validation(
                False, form, max(number - 1, 0), False, problem=finding, warnings=tuple(warnings)
            )
    return attrs.evolve(legal, warnings=tuple(warnings))


def validate_text(text: str, game_name: str | None = None) -> Validation:
    """A record (one JSON object) or a playthrough (JSON lines), recognised by its content.

    Text that is neither (not JSON, nested too deeply to parse, a number too long to convert) is
    reported as malformed, naming the line that cannot be parsed.
    """
    if len(text) > MAX_TEXT:  # not even as JSON lines, each of which might be short enough
        return _invalid("record", 0, f"more than {MAX_TEXT} characters: too large to read", kind=UNREADABLE)
    if not text.strip():
        return _invalid("record", 0, "the file is empty: no record and no playthrough", kind=UNREADABLE)
    try:
        data = loads(text, "the file")
    except FormatError:
        pass
    else:
        if not (isinstance(data, dict) and "vector" in data):
            return validate_record(data, game_name)
    try:
        lines = [loads(line, f"line {n}") for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    except FormatError as error:
        return _invalid("record", 0, f"neither a JSON record nor JSON lines: {error}", kind=UNREADABLE)
    return validate_playthrough(lines, game_name)


def validate_file(path: Path, game_name: str | None = None) -> Validation:
    """Validate the game log in ``path`` (a record ``.json`` or a playthrough ``.jsonl``).

    A file of more than :data:`~froeschis.framework.jsontext.MAX_TEXT` bytes is reported as
    unreadable (:data:`UNREADABLE`), without being read to its end. Raises OSError when the file
    cannot be read and UnicodeDecodeError when it is not UTF-8 text.
    """
    try:
        text = read_text_limited(path)
    except FormatError as error:
        return _invalid("record", 0, error.reason, kind=UNREADABLE)
    return validate_text(text, game_name)
