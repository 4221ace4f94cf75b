"""Army of Frogs as the tools see it: the :class:`~froeschis.framework.game.Game` built from its modules."""

from __future__ import annotations

from froeschis.framework.game import Game
from froeschis.games.army_of_frogs import bench
from froeschis.games.army_of_frogs.bots import BOTS
from froeschis.games.army_of_frogs.chance import chance_outcomes, sample_chance
from froeschis.games.army_of_frogs.conformance import KIT
from froeschis.games.army_of_frogs.encoding import ENCODING
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.invariants import check_consistent
from froeschis.games.army_of_frogs.notation import format_position, parse_position
from froeschis.games.army_of_frogs.perft import divide, named_positions, perft
from froeschis.games.army_of_frogs.playthroughs import PLAN
from froeschis.games.army_of_frogs.readings import TABLES, VARIANTS
from froeschis.games.army_of_frogs.render import board, describe, drawn_after, render
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from froeschis.games.army_of_frogs.spec import NAME, load_catalogue, spec_dir
from froeschis.games.army_of_frogs.svg import state_svg
from froeschis.games.army_of_frogs.tiny import TINY


def _observe(state: ArmyState, seat: int) -> object:
    return state.rules.table.view(state, seat)


def _round(state: ArmyState) -> int:
    """The round a turn belongs to (every seat's turn once), 0 before the first."""
    return -(-state.turn // state.num_players)


GAME = Game(
    name=NAME,
    title="Army of Frogs",
    spec=spec_dir,
    catalogue=load_catalogue,
    languages=("en",),
    players=(2, 3, 4),
    rules=Rules,
    variants=VARIANTS,
    new_game=new_game,
    sample_chance=sample_chance,
    chance_outcomes=chance_outcomes,
    state_to_json=state_to_json,
    state_from_json=state_from_json,
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
    perft=perft,
    format_position=format_position,
    picture=lambda state, seat: state_svg(state),  # every stone and hand is public
    board=board,
    drawn_after=drawn_after,
    misread_everywhere=TABLES.misread_everywhere,
    conformance=KIT,
    encoding=ENCODING,
    bench=bench.bench(spec_dir),
    rules_page="rules-army.html",
)
"""Army of Frogs, registered as ``army-of-frogs``."""
