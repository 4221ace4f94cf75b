"""Positions a tool starts from, for every game alike (``census --divide``, ``--position``).

A position is named in one of four ways, tried in this order:

* a **named position** of the game's perft table (Army of Frogs' ``red-frog``);
* a golden playthrough and a step, ``NAME@K``: the state after the first ``K`` actions of the
  playthrough ``spec/<game>/vectors/NAME.jsonl`` (``3p-seed0@12``), so that every game with golden
  playthroughs has positions with stable names, fixed by files the test suite regenerates and diffs;
* the game's **notation**, where it has one (Army of Frogs: ``AoF2;move t7 s0;...``);
* the state's **JSON form** (``{"players": 3, ...}``, as ``spec/<game>/protocol.md`` defines it,
  on one line), where the game reads states back: the notation every game has.

Without a position, tools start from :func:`first_decision`: the first state that is not a chance
node of a game whose chance outcomes a seeded random source drew, since at the deal itself there are
too many outcomes to split by.
"""

from __future__ import annotations

import json
import random
from typing import Any

from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.playthroughs import UNREADABLE, read_header, vectors_dir


class UnknownPositionError(FroeschisError, ValueError):
    """A position given by a name or text that names none of the game's (the ways are listed)."""


def first_decision(of: Game, players: int, seed: int) -> Any:
    """The first decision of a published game for ``players`` whose chance outcomes (the shuffle,
    the deal) a random source seeded with ``seed`` drew."""
    rng = random.Random(seed)
    state: Any = of.new_game(players, None)
    while state.is_chance:
        state = state.apply(of.sample_chance(state, rng))
    return state


def playthrough_names(of: Game) -> tuple[str, ...]:
    """The names of the game's golden playthroughs (``NAME`` of ``NAME@K``), sorted."""
    folder = vectors_dir(of)
    return tuple(sorted(path.stem for path in folder.glob("*.jsonl"))) if folder.is_dir() else ()


def after_playthrough(of: Game, name: str, steps: int) -> Any:
    """The state after the first ``steps`` actions of the golden playthrough ``name``."""
    path = vectors_dir(of) / f"{name}.jsonl"
    if name not in playthrough_names(of):
        raise UnknownPositionError(f"{of.title} has no golden playthrough {name!r}{_known_playthroughs(of)}")
    try:
        play = read_header(path)
    except UNREADABLE as error:
        raise FormatError(str(path), f"not a readable playthrough: {error}") from None
    if not 0 <= steps <= len(play.actions):
        raise UnknownPositionError(
            f"{name}@{steps}: the playthrough has {len(play.actions)} actions, so K is from 0 to "
            f"{len(play.actions)}"
        )
    state: Any = of.new_game(play.players, play.rules)
    for action in play.actions[:steps]:
        state = state.apply(action)
    return state


def _known_playthroughs(of: Game) -> str:
    names = playthrough_names(of)
    return f" (its playthroughs: {', '.join(names)})" if names else ""


def ways(of: Game) -> str:
    """The ways of naming a position the game has, for a help text or a refusal."""
    found = []
    if named := list(of.perft_positions()):
        found.append(f"a named position ({', '.join(named)})")
    if playthrough_names(of):
        found.append(f"NAME@K, the state after K actions of a golden playthrough of spec/{of.name}/vectors")
    if of.parse_position is not None:
        found.append("a position in its notation")
    if of.state_from_json is not None:
        found.append("a state in its JSON form, on one line")
    return "; ".join(found) or "none"


def position(of: Game, text: str) -> Any:
    """The state ``text`` names, in the first of the module's ways that reads it."""
    named = of.perft_positions()
    if text in named:
        return named[text]
    name, at, steps = text.rpartition("@")
    if at and name in playthrough_names(of):
        if not (steps.isascii() and steps.isdigit() and len(steps) <= 7):
            raise UnknownPositionError(f"{text!r}: K of NAME@K is a whole number of actions, not {steps!r}")
        return after_playthrough(of, name, int(steps))
    if text.lstrip().startswith("{") and of.state_from_json is not None:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise FormatError("position", f"not JSON: {error}") from None
        return of.state_from_json(data)
    if of.parse_position is not None:
        return of.parse_position(text)
    raise UnknownPositionError(f"{text!r} is no position of {of.title}; a position is {ways(of)}")


def position_text(of: Game, state: Any) -> str:
    """``state`` as :func:`position` reads it back: the game's notation, else its JSON form."""
    if of.format_position is not None:
        return of.format_position(state)
    return json.dumps(of.state_to_json(state), separators=(",", ":"), ensure_ascii=False)
