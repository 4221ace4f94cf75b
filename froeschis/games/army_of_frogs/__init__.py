"""Army of Frogs (John Yianni, Gen42 Games), the third game of froeschis: two to four players build
one island of hexagonal frog stones, and the first to link all of their colour, seven or more, wins.

Its rules are ``spec/army-of-frogs/`` (the catalogue, the leaflet's sentences, the README's pictures,
the perft table, ``protocol.md``); this package is the reference engine:

* :mod:`.engine` (the state and its steps) walks the clause table (:mod:`.table`, :mod:`.readings`),
  whose entries are the clause functions of :mod:`.setup`, :mod:`.turns`, :mod:`.moves`,
  :mod:`.structure`, :mod:`.goal` and :mod:`.observation`; :mod:`.rules` holds the options;
* :mod:`.chance` the one chance event, :mod:`.perft` perft and divide, :mod:`.tiny` tiny
  configurations;
* :mod:`.serialize` and :mod:`.notation` the JSON forms and the one-line notation,
  :mod:`.render` and :mod:`.svg` pictures, :mod:`.narrate` events in words;
* :mod:`.bots` the bots, :mod:`.misreadings` the catalogue's misreadings as table entries;
* :mod:`.playthroughs` how its golden playthroughs are searched for, :mod:`.encoding` its numbers
  for OpenSpiel and PettingZoo, :mod:`.bench` its bench.

:data:`GAME` is the game as the tools see it, registered as ``army-of-frogs``.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from froeschis.framework.catalogue import Catalogue, load
from froeschis.framework.game import Game
from froeschis.games.army_of_frogs import bench
from froeschis.games.army_of_frogs.bots import BOTS
from froeschis.games.army_of_frogs.chance import chance_outcomes, sample_chance
from froeschis.games.army_of_frogs.conformance import KIT
from froeschis.games.army_of_frogs.consistency import check_consistent
from froeschis.games.army_of_frogs.encoding import ENCODING
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.misreadings import IMPLEMENTED
from froeschis.games.army_of_frogs.narrate import describe
from froeschis.games.army_of_frogs.notation import format_position, parse_position
from froeschis.games.army_of_frogs.perft import divide, named_positions, perft
from froeschis.games.army_of_frogs.playthroughs import PLAN
from froeschis.games.army_of_frogs.readings import VARIANTS, misread_everywhere
from froeschis.games.army_of_frogs.render import render
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    rules_from_json,
    rules_to_json,
    state_to_json,
)
from froeschis.games.army_of_frogs.svg import state_svg
from froeschis.games.army_of_frogs.tiny import TINY

__all__ = ["GAME", "ArmyState", "Rules", "catalogue", "new_game", "spec_dir"]

NAME = "army-of-frogs"


def spec_dir() -> Path:
    """The game's folder of ``spec/``: packaged inside the wheel, or beside the package in a source
    checkout."""
    packaged = resources.files("froeschis") / "_spec" / NAME
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "spec" / NAME


@functools.cache
def catalogue() -> Catalogue:
    """The game's clause catalogue, loaded and checked once per process."""
    return load(spec_dir(), path=f"spec/{NAME}/clauses.toml")


def _observe(state: ArmyState, seat: int) -> object:
    return state.rules.table.view(state, seat)


def _round(state: ArmyState) -> int:
    """The round a turn belongs to (every seat's turn once), 0 before the first."""
    return -(-state.turn // state.num_players)


GAME = Game(
    name=NAME,
    title="Army of Frogs",
    spec=spec_dir,
    catalogue=catalogue,
    languages=("en",),
    players=(2, 3, 4),
    rules=Rules,
    variants=VARIANTS,
    new_game=new_game,
    sample_chance=sample_chance,
    chance_outcomes=chance_outcomes,
    state_to_json=state_to_json,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    rules_to_json=rules_to_json,
    rules_from_json=rules_from_json,
    event_to_json=event_to_json,
    observe=_observe,
    render=render,
    describe_event=describe,
    bots=BOTS,
    clause_modules=(
        "froeschis.games.army_of_frogs.goal",
        "froeschis.games.army_of_frogs.moves",
        "froeschis.games.army_of_frogs.observation",
        "froeschis.games.army_of_frogs.setup",
        "froeschis.games.army_of_frogs.structure",
        "froeschis.games.army_of_frogs.turns",
    ),
    round_of=_round,
    tiny=TINY,
    perft_positions=lambda: named_positions(spec_dir()),
    parse_position=parse_position,
    divide=divide,
    state_checks=(check_consistent,),
    playthroughs=PLAN,
    extras={
        "misreadings": IMPLEMENTED,
        "misread_everywhere": misread_everywhere,
        "perft": perft,
        "divide": divide,
        "format_position": format_position,
        "parse_position": parse_position,
        "svg": state_svg,
        "bench": bench.bench(spec_dir),
        "encoding": ENCODING,
        "conformance": KIT,
        "seat_view": lambda state, seat: render(state),  # every stone and hand is public
    },
)
"""Army of Frogs, registered as ``army-of-frogs``. Its extras: ``misreadings`` (their table entries
by ID) and ``misread_everywhere`` (for the mutation check, ``tests/game_mutants.py``), ``perft`` and
``divide`` (state, depth), the notation's ``format_position`` and ``parse_position``, ``svg`` (a
state's island), ``bench`` (what ``froeschis bench`` measures) and ``conformance`` (its part of
``froeschis conform``, :mod:`.conformance`)."""
