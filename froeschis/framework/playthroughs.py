"""A golden playthrough's header, the line that determines its whole file (the rest is regenerated
from it: :mod:`froeschis.verify.vectors`). Here in the framework because a game's own scenarios read
headers too, and a game imports no tool."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import attrs

from froeschis.framework.errors import FormatError, FroeschisError, shown
from froeschis.framework.fields import whole
from froeschis.framework.game import Game
from froeschis.framework.jsontext import loads, not_utf8
from froeschis.framework.records import OtherGameError, game_named
from froeschis.framework.registry import DEFAULT, game

VECTOR_FORMAT = "froeschis.playthrough/1"

T = TypeVar("T")

UNREADABLE = (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, FroeschisError)
"""What reading a broken header may raise: :func:`read_header` checks the format, the rules and the
actions, but not every key and type of a file that is not a playthrough at all."""


@attrs.frozen
class Playthrough:
    """A playthrough's header: what determines the whole file."""

    name: str
    purpose: str
    clauses: tuple[str, ...]
    players: int
    rules: Any
    seed: int
    actions: tuple[Any, ...]
    game: str = DEFAULT
    """The registry name of the game it is a game of."""


def vectors_dir(of: Game | None = None) -> Path:
    """The game's folder of golden playthroughs."""
    return (of or game()).spec() / "vectors"


def header_json(play: Playthrough) -> dict[str, Any]:
    of = game(play.game)
    named = {} if play.game == DEFAULT else {"game": play.game}
    return {
        "vector": VECTOR_FORMAT,
        **named,
        "name": play.name,
        "purpose": play.purpose,
        "clauses": list(play.clauses),
        "players": play.players,
        "rules": of.rules_to_json(play.rules),
        "seed": play.seed,
        "actions": [of.action_to_json(a) for a in play.actions],
    }


HEADER_KEYS = ("vector", "game", "name", "purpose", "clauses", "players", "rules", "seed", "actions")
"""A header's keys, in the order :func:`header_json` writes them; all but ``game`` (absent:
Fröschis) are required, and no other is read."""

STEP_KEYS = ("step", "action", "events", "state", "legal")
"""The keys of the line of a step; step 0 (before the first action) has no ``action``, and a
game without events no ``events``."""


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise FormatError(where, f"expected a string, got {shown(value)}")
    return value


def check_clauses(of: Game, cited: object, where: str) -> tuple[str, ...]:
    """``cited``, a list of clause IDs of ``of``'s catalogue, each perhaps with a search target
    beyond it (``game.end+several-winners``: a situation the playthrough was picked for); a
    :class:`FormatError` at ``where`` for anything else, an ID the catalogue does not have above
    all (a mistyped one cites nothing)."""
    if not isinstance(cited, list) or not all(isinstance(c, str) for c in cited):
        raise FormatError(where, f"expected a list of clause IDs, got {shown(cited)}")
    known = set(of.catalogue().ids())
    unknown = [c for c in cited if c.partition("+")[0] not in known]
    if unknown:
        raise FormatError(where, f"no clause {unknown[0]!r} in {of.title}'s catalogue")
    return tuple(cited)


def header_from_json(data: object, where: str = "header", asked: str | None = None) -> Playthrough:
    """A playthrough's header from JSON, checked whole: the keys (:data:`HEADER_KEYS`, no other),
    the format, the game (:func:`~froeschis.framework.records.game_named`: the one named, which
    must be ``asked`` when given), the types, the clause IDs (its game's), the rules and the actions
    (by the game's readers). Every problem is a :class:`FormatError` whose field starts with ``where``."""
    if not isinstance(data, dict) or data.get("vector") != VECTOR_FORMAT:
        raise FormatError(f"{where}: vector", f"expected {VECTOR_FORMAT!r}")
    missing = [key for key in HEADER_KEYS if key != "game" and key not in data]
    unknown = sorted(data.keys() - set(HEADER_KEYS))
    if missing or unknown:
        raise FormatError(where, f"missing keys {missing}" if missing else f"unknown keys {unknown}")
    try:
        of = game_named(data, asked, "playthrough")
    except OtherGameError:
        raise  # the tool says which file and which --game
    except FormatError as error:
        raise FormatError(f"{where}: {error.field}", error.reason) from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise FormatError(f"{where}: actions", f"expected a list of actions, got {shown(actions)}")
    return Playthrough(
        name=_text(data["name"], f"{where}: name"),
        purpose=_text(data["purpose"], f"{where}: purpose"),
        clauses=check_clauses(of, data["clauses"], f"{where}: clauses"),
        players=whole(data["players"], f"{where}: players", low=0, what="a whole number of players"),
        rules=of.rules_from_json(data["rules"], f"{where}: rules"),
        seed=whole(data["seed"], f"{where}: seed", low=0),
        actions=tuple(of.action_from_json(a, f"{where}: actions[{i}]") for i, a in enumerate(actions)),
        game=of.name,
    )


def read_header(path: Path) -> Playthrough:
    """The header of a playthrough file (its first line), checked whole (:func:`header_from_json`);
    a first line that is not UTF-8 text is named with the byte and why."""
    with path.open("rb") as lines:
        first = lines.readline()
    try:
        line = first.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(path.name, not_utf8(error)) from None
    data: Any = loads(line, f"{path.name}: line 1")
    return header_from_json(data, path.name)


def golden_first(
    vectors: Path | None, read: Callable[[Path], T], *generated: Iterable[T]
) -> tuple[Iterator[T], list[str]]:
    """The games of a conformance check in the order they are played: each golden playthrough
    ``*.jsonl`` of ``vectors`` (by name; none without the folder) as ``read`` makes it (the game's
    scenario of a header), then the ``generated`` ones, each made as the check reaches it; and a
    note for each golden file that could not be read (:data:`UNREADABLE`: not the engine's fault,
    so the check goes on). Every game's scenarios begin so: written once here."""
    found: list[T] = []
    notes: list[str] = []
    for path in sorted(vectors.glob("*.jsonl")) if vectors is not None and vectors.is_dir() else []:
        try:
            found.append(read(path))
        except UNREADABLE as error:
            why = str(error) if isinstance(error, FroeschisError) else f"{type(error).__name__}: {error}"
            notes.append(f"golden playthrough {path.name} skipped: {why}")
    return itertools.chain(found, *generated), notes
