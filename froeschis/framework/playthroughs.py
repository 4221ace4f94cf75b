"""A golden playthrough's header, the line that determines its whole file (the rest is regenerated
from it: :mod:`froeschis.verify.vectors`). Here in the framework because a game's own scenarios read
headers too, and a game imports no tool."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import attrs

from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.jsontext import loads, not_utf8
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


def _game_named(data: dict[str, Any], where: str) -> Game:
    name = data.get("game", DEFAULT)
    try:
        return game(name)
    except (LookupError, TypeError):
        raise FormatError(f"{where}: game", f"no game is called {name!r}") from None


def read_header(path: Path) -> Playthrough:
    """The header of a playthrough file (its first line)."""
    with path.open("rb") as lines:
        first = lines.readline()
    try:
        line = first.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(path.name, not_utf8(error)) from None
    data: Any = loads(line, f"{path.name}: line 1")
    if not isinstance(data, dict) or data.get("vector") != VECTOR_FORMAT:
        raise FormatError(f"{path.name}: vector", f"expected {VECTOR_FORMAT!r}")
    of = _game_named(data, path.name)
    return Playthrough(
        name=data["name"],
        purpose=data["purpose"],
        clauses=tuple(data["clauses"]),
        players=data["players"],
        rules=of.rules_from_json(data["rules"], f"{path.name}: rules"),
        seed=data["seed"],
        actions=tuple(
            of.action_from_json(a, f"{path.name}: actions[{i}]") for i, a in enumerate(data["actions"])
        ),
        game=of.name,
    )


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
