"""Game records of any game: the setup and every action (chance outcomes included), from which every
state follows, and their JSON form ``froeschis.record/1``.

A record names its game (``"game": "frog"``) unless it is a record of the default game, Fröschis,
whose records were published before there were other games (and may name it all the same). The
rules and the actions are in the game's own JSON forms. A tool reading a record or a playthrough
learns its game from the file (:func:`game_named`): a ``--game`` is needed only to insist on one.
"""

from __future__ import annotations

from typing import Any

import attrs

from froeschis.framework.errors import FormatError, listing, shown
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT, game, names

RECORD_FORMAT = "froeschis.record/1"
_KEYS = {"format", "players", "rules", "actions"}
_OPTIONAL = {"seed", "game"}


class OtherGameError(FormatError):
    """A record or a playthrough of another game than the one asked for (``--game``): its message
    names both, ``a record of Frog, not of Army of Frogs``."""

    def __init__(self, form: str, named: str, asked: Game) -> None:
        title = game(named).title if named in names() else shown(named)
        super().__init__("game", f"a {form} of {title}, not of {asked.title}")
        self.form, self.named, self.asked = form, named, asked.name

    def __reduce__(self) -> tuple[type, tuple[str, str, Game]]:  # type: ignore[override]
        return type(self), (self.form, self.named, game(self.asked))


def game_named(data: object, asked: str | None = None, form: str = "record") -> Game:
    """The game of a record or a playthrough's header ``data``: the one its ``game`` names (none:
    Fröschis), which must be ``asked`` when that is given (a tool's ``--game``).

    Raises :class:`~froeschis.framework.errors.FormatError` for a name that no registered game has,
    :class:`OtherGameError` for a game other than ``asked``. One reading for every tool and game.
    """
    named = data.get("game", DEFAULT) if isinstance(data, dict) else DEFAULT
    if not isinstance(named, str) or named not in names():
        raise FormatError("game", f"no game is called {shown(named)} (games: {listing(names())})")
    if asked is not None and named != asked:
        raise OtherGameError(form, named, game(asked))
    return game(named)


@attrs.frozen
class Record:
    """A whole game of ``game``: the setup and the action list, which determines the rest."""

    game: Game
    players: int
    rules: Any
    actions: tuple[Any, ...]
    seed: int | None = None

    def replay(self) -> Any:
        """The final state, replayed from the action list (raises on any illegal action)."""
        state = self.game.new_game(self.players, self.rules)
        for action in self.actions:
            state = state.apply(action)
        return state


def record_to_json(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = {"format": RECORD_FORMAT}
    if record.game.name != DEFAULT:
        data["game"] = record.game.name
    data.update(
        players=record.players,
        rules=record.game.rules_to_json(record.rules),
        seed=record.seed,
        actions=[record.game.action_to_json(a) for a in record.actions],
    )
    return data


def record_from_json(game: Game, value: object) -> Record:
    """A record of ``game`` from JSON; the actions are parsed but not replayed (see
    :meth:`Record.replay`). A record of another game, or a malformed one, is a
    :class:`~froeschis.framework.errors.FormatError` naming the field."""
    if not isinstance(value, dict):
        raise FormatError("record", f"expected a JSON object, got {shown(value)}")
    missing = sorted(_KEYS - value.keys())
    unknown = sorted(value.keys() - _KEYS - _OPTIONAL)
    if missing or unknown:
        raise FormatError("record", f"missing keys {missing}" if missing else f"unknown keys {unknown}")
    if value["format"] != RECORD_FORMAT:
        raise FormatError("format", f"expected {RECORD_FORMAT!r}, got {shown(value['format'])}")
    named = value.get("game", DEFAULT)
    if named != game.name:
        raise OtherGameError("record", named, game)
    players, seed, actions = value["players"], value.get("seed"), value["actions"]
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise FormatError("players", f"expected a whole number of players, got {shown(players)}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise FormatError("seed", f"expected a whole number or null, got {shown(seed)}")
    if not isinstance(actions, list):
        raise FormatError("actions", f"expected a list of actions, got {shown(actions)}")
    parsed = []
    for index, action in enumerate(actions):
        try:
            parsed.append(game.action_from_json(action))
        except FormatError as error:
            raise FormatError(f"actions[{index}]", error.reason) from None
    return Record(game, players, game.rules_from_json(value["rules"]), tuple(parsed), seed)
