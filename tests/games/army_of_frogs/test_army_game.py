"""Army of Frogs through the framework's interface: the registry finds it, random games of 2, 3 and 4
players end under every variant using only the Game's functions, and its pictures show the island."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from froeschis.framework.game import Game
from froeschis.framework.registry import game
from froeschis.framework.state import CHANCE, TERMINAL
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS, VARIANTS
from froeschis.games.army_of_frogs.render import picture, render
from froeschis.games.army_of_frogs.svg import PAINT, island_svg
from tests.army_builders import README, build, stones

ARMY: Game = game("army-of-frogs")


def test_the_registry_finds_army_of_frogs() -> None:
    assert (ARMY.name, ARMY.title, ARMY.players, ARMY.languages) == (
        "army-of-frogs",
        "Army of Frogs",
        (2, 3, 4),
        ("en",),
    )
    assert ARMY.variants == VARIANTS and (ARMY.spec() / "clauses.toml").is_file()
    assert len(ARMY.catalogue().in_force()) == 45
    assert set(ARMY.bots) == {"random", "greedy"}
    start = ARMY.part(ARMY.parse_position, "notation")("AoF2;move t1 s0;-;01/01;1001110010100110")
    assert ARMY.part(ARMY.perft, "perft")(start, 4) == 18
    assert ARMY.part(ARMY.format_position, "notation")(start).startswith("AoF2;")


CONFIGURATIONS = [({}, 2), ({}, 3), ({}, 4), (dict.fromkeys(VARIANT_OPTIONS, True), 2)]
CONFIGURATIONS += [({option: True}, 2 + i % 3) for i, option in enumerate(VARIANT_OPTIONS)]
CONFIGURATIONS += [(dict.fromkeys(VARIANT_OPTIONS, True), players) for players in (3, 4)]


@pytest.mark.clause(
    "army-of-frogs:end.turn-limit", "army-of-frogs:end.no-action", "army-of-frogs:game.returns"
)
@pytest.mark.parametrize(("options", "players"), CONFIGURATIONS)
def test_random_games_end_through_the_game_interface_only(options: dict[str, bool], players: int) -> None:
    """new_game, sample_chance, legal_actions, apply, returns: the game ends by the turn limit at the
    latest (50 rounds: two actions a turn, and the shuffle), every step's state and view are JSON."""
    rng = random.Random(f"{sorted(options)} {players}")
    state: Any = ARMY.new_game(players, ARMY.rules(**options))
    steps = 0
    while not state.is_terminal:
        assert state.current_player == (CHANCE if state.is_chance else state.seat)
        action = ARMY.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        assert ARMY.action_from_json(json.loads(json.dumps(ARMY.action_to_json(action)))) == action
        state = state.apply(action)
        steps += 1
        assert steps <= 1 + 2 * 50 * players
        if steps % 37 == 0:
            json.dumps([ARMY.state_to_json(state), ARMY.observe(state, steps % players)])
    assert state.current_player == TERMINAL and state.legal_actions() == ()
    returns = state.returns()
    assert len(returns) == players and sum(returns) in (0.0, 1.0)
    assert ARMY.rules_from_json(ARMY.rules_to_json(state.rules)) == state.rules


def test_chance_outcomes_are_the_distinct_orders_of_the_bag() -> None:
    """Two stones of each of two colours: 4! / (2! 2!) = 6 orders, each a permutation of the bag."""
    start: Any = ARMY.new_game(2, ARMY.rules(stones_per_colour=2))
    outcomes = list(ARMY.chance_outcomes(start))
    assert len(outcomes) == len(set(outcomes)) == 6
    assert all(sorted(o.order) == list(start.chance_pool()) for o in outcomes)


def test_a_step_reports_its_events_and_provenance() -> None:
    state = build(README["only-link"], turn=9, bag=(0, 0, 1, 0, 0, 1, 0, 0))
    moved = state.transition(state.legal_actions()[0])
    assert moved.clauses[0] == "move.identity" and moved.fired[0].writes == ("island",)
    won = moved.after.transition(ARMY.action_from_json("add 1 0,0"))
    kinds = [e.kind.value for e in won.events]
    assert kinds == ["added", "won"] and won.events[-1].clauses[0] == "goal.linked"
    assert [ARMY.describe_event(e) for e in won.events] == [
        "seat 0 added a stone of colour 1 on 0,0",
        "seat 1 won: its stones are linked",
    ]
    assert any(part.writes_to("hands[0]") for part in won.fired)


def test_the_text_picture_is_an_offset_hex_layout() -> None:
    """The README's red frog: each row one line, shifted half a cell from the row above; stones by
    their colour, empty cells around as dots; coordinates on request."""
    lines = picture(stones(README["red-frog"])).splitlines()
    assert lines == [
        "   .   .",
        " .   1   .",
        "   .   1   .",
        "     .   1   .",
        "   .   0   1   .",
        "     .   .   1   .",
        "           .   .",
    ]
    assert "0(-1,1)" in picture(stones(README["red-frog"]), coordinates=True)
    text = ARMY.render(build(README["red-frog"], turn=7))
    assert text.splitlines()[0] == "turn 7, seat 0 (colour 0) to move" and "> seat 0: hand 0 1" in text
    assert render(build(README["red-frog"], turn=7), coordinates=True).endswith(
        picture(stones(README["red-frog"]), True)
    )


def test_the_svg_picture_paints_each_stone_its_colour() -> None:
    island = stones(README["only-link"])
    drawn = island_svg(island)
    assert drawn.startswith("<svg") and drawn.endswith("</svg>") and drawn.count("<polygon") == 8
    assert drawn.count(f'fill="{PAINT[1]}"') == 7 and drawn.count(f'fill="{PAINT[0]}"') == 1
    with_coordinates = island_svg(island, coordinates=True, marks=[(0, -1)])
    assert ">-1,0</text>" in with_coordinates and "<circle" in with_coordinates
    assert island_svg(stones("")).count("<polygon") == 1


@pytest.mark.clause("army-of-frogs:variant.win-own-turn-only", "army-of-frogs:variant.repetition-draw")
def test_a_win_at_a_turns_start_leaves_the_remembered_positions_as_they_were() -> None:
    """spec/army-of-frogs/protocol.md, step 5: at a turn's start the goal is checked first, and only
    then is the turn's position remembered and the positions with fewer stones forgotten; a win ends
    the game before that, so the positions since the last add stay. Found by the independent Node
    engine (examples/army/), which kept them where the reference forgot them."""
    from froeschis.games.army_of_frogs.notation import format_position, replay

    before_win = (
        "AoF3+one_island_each_jump+win_own_turn_only+repetition_draw+stones=3+link=2;shuffle t1 s0;-;"
        "-/-/-;000111222;;shuffle 220101012;no-move;add 2 0,0;no-move;add 1 1,-1;move 0,0 2,-2;"
        "add 1 2,-1;no-move"
    )
    remembered = replay(before_win).positions  # seat 0's turn 4, remembered at its start
    assert [p.seat for p in remembered] == [0]
    over = replay(before_win + ";add 0 0,-1")
    assert over.winners == (1,) and over.turn == 5, format_position(over)
    assert over.positions == remembered
