"""Army of Frogs' clauses as properties over generated positions, each against an independent
statement of the rule (tests/army_oracle.py) or a direct consequence of the clause's text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from froeschis.games.army_of_frogs.actions import Add, Move, Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.hexes import Cell
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.structure import IslandLinks, forbidden_anywhere, forbidden_near
from tests import army_oracle
from tests.army_builders import positions

TABLE = Rules().table


def components(cells: set[Cell]) -> int:
    """How many parts the stones on ``cells`` form (a search of the test's own)."""
    left, count = set(cells), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            q, r = todo.pop()
            for dq, dr in army_oracle.DIRECTIONS:
                if (q + dq, r + dr) in left:
                    left.remove((q + dq, r + dr))
                    todo.append((q + dq, r + dr))
    return count


@pytest.mark.clause(
    "army-of-frogs:move.identity",
    "army-of-frogs:move.jump",
    "army-of-frogs:move.multi-jump",
    "army-of-frogs:island.one",
    "army-of-frogs:string.checked",
    "army-of-frogs:add.touch",
    "army-of-frogs:add.own-colour-apart",
    "army-of-frogs:turn.pass",
)
@settings(max_examples=30)
@given(positions(variants=False, tiny=False, most=50), st.booleans())
def test_the_engine_lists_the_actions_the_oracle_lists(state: ArmyState, optional: bool) -> None:
    """The oracle judges every candidate by the whole island after it; the engine by its clause
    functions and their local checks. They list the same actions, in the same order."""
    if state.is_terminal or state.is_chance:
        return
    rules = Rules(optional_move=optional)
    state = ArmyState(
        rules,
        state.phase,
        state.turn,
        state.seat,
        state.island,
        state.hands,
        state.bag,
        state.passes,
        state.acted,
    )
    listed = army_oracle.legal(
        dict(state.island), state.phase.value, state.hands[state.seat], state.colour, optional
    )
    assert [str(a) for a in state.legal_actions()] == listed


@pytest.mark.clause("army-of-frogs:string.checked")
@given(positions(most=80), st.data())
def test_the_local_string_check_finds_what_judging_the_whole_island_finds(
    state: ArmyState, data: st.DataObject
) -> None:
    """string.checked's shortcut: judging the strings near the stones an action changed gives the
    answer judging every stone gives, for every add and every landing of every stone."""
    island = state.island.copy_stones()
    base = IslandLinks(TABLE, island)
    for cell in sorted({(q + dq, r + dr) for q, r in island for dq, dr in TABLE.directions()} - set(island)):
        island[cell] = data.draw(st.integers(0, 3), label="colour")
        near = forbidden_near(TABLE, base.with_stone(TABLE, cell), None, cell)
        assert near == forbidden_anywhere(TABLE, IslandLinks(TABLE, island), None, cell), cell
        del island[cell]
    for start in sorted(state.island):
        work = {c: k for c, k in state.island.items() if c != start}
        for end in army_oracle.reachable(state.island, start):
            after = {**work, end: state.island[start]}
            near = forbidden_near(TABLE, IslandLinks(TABLE, after), start, end)
            assert near == forbidden_anywhere(TABLE, IslandLinks(TABLE, after), start, end), (start, end)


@pytest.mark.clause("army-of-frogs:island.graph", "army-of-frogs:island.one")
@given(positions(most=80), st.data())
def test_the_parts_of_the_island_without_a_stone_are_its_components(
    state: ArmyState, data: st.DataObject
) -> None:
    if not state.island:
        return
    gone = data.draw(st.sampled_from(sorted(state.island)))
    rest = {c: k for c, k in state.island.items() if c != gone}
    labels, count = TABLE.parts(TABLE, IslandLinks(TABLE, rest))
    assert count == components(set(rest)) and set(labels) == set(rest)
    for a in rest:
        assert all(labels[a] == labels[b] for b in army_oracle.touching(rest, a))


@pytest.mark.clause("army-of-frogs:string.single-connection")
@given(positions(most=80))
def test_a_connection_is_single_exactly_when_it_is_a_bridge(state: ArmyState) -> None:
    links = IslandLinks(TABLE, state.island)
    for a in state.island:
        for b in links[a]:
            assert TABLE.is_single(links, a, b) == army_oracle.single(state.island, a, b), (a, b)


@pytest.mark.clause("army-of-frogs:string.definition")
@given(positions(most=80))
def test_every_string_is_a_path_through_stones_with_two_connections(state: ArmyState) -> None:
    links = IslandLinks(TABLE, state.island)
    for chain in TABLE.strings_through(TABLE, links, state.island):
        assert len(set(chain)) == len(chain) >= 2
        assert all(chain[i + 1] in links[chain[i]] for i in range(len(chain) - 1))
        assert all(len(links[cell]) == 2 for cell in chain[1:-1])
        assert len(links[chain[0]]) != 2 and len(links[chain[-1]]) != 2


@pytest.mark.clause(
    "army-of-frogs:move.multi-jump", "army-of-frogs:move.start-vacated", "army-of-frogs:move.not-start"
)
@given(positions(most=80))
def test_the_cells_a_stone_reaches_are_every_cell_its_jumps_reach(state: ArmyState) -> None:
    for start in state.island:
        reached = TABLE.landings(TABLE, TABLE.vacated(state.island, start), start, lambda cell: True)
        assert set(TABLE.ends(reached, start)) == army_oracle.reachable(state.island, start)


@pytest.mark.clause("army-of-frogs:goal.linked")
@given(positions(most=120))
def test_a_colour_is_linked_when_its_stones_are_one_group_of_seven_or_more(state: ArmyState) -> None:
    for colour in range(4):
        own = {c for c, k in state.island.items() if k == colour}
        expected = len(own) >= 7 and components(own) == 1
        assert TABLE.linked(TABLE, state.island, colour, 7) == expected


@pytest.mark.clause("army-of-frogs:setup.hands", "army-of-frogs:draw.replace", "army-of-frogs:setup.bag")
@given(st.integers(2, 4), st.integers(0, 2**32))
def test_the_stones_come_out_of_the_bag_in_its_order(players: int, seed: int) -> None:
    """The hands take the order's first 2n stones; every add draws the next one."""
    rng = random.Random(seed)
    start = new_game(players)
    order = list(start.chance_pool())
    rng.shuffle(order)
    state = start.apply(Shuffle(tuple(order)))
    taken = [c for hand in state.hands for c in hand]
    assert sorted(taken) == sorted(order[: 2 * players])
    drawn = []
    for _ in range(40):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        before = state
        state, events = state.step(action)
        drawn += [e.colour for e in events if e.colour is not None and e.kind.value == "drew"]
        if isinstance(action, Add) and not state.is_terminal:
            assert state.bag == before.bag[1:]
    assert drawn == order[2 * players : 2 * players + len(drawn)]


@pytest.mark.clause(
    "army-of-frogs:move.own-colour", "army-of-frogs:add.from-hand", "army-of-frogs:turn.parts"
)
@given(positions(most=100))
def test_moves_start_on_the_seat_s_colour_and_adds_come_from_its_hand(state: ArmyState) -> None:
    for action in state.legal_actions():
        if isinstance(action, Move):
            assert state.phase is Phase.MOVE and state.island[action.start] == state.colour
        if isinstance(action, Add):
            assert state.phase is Phase.ADD and action.colour in state.hands[state.seat]
