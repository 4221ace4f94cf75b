"""Army of Frogs: one or more hand-built situations per clause, the outcome worked out from the text.

The islands are spec/army-of-frogs/README.md's pictures wherever one fits (the leaflet's own examples,
whose diagrams are lost, redrawn there in axial coordinates); each expectation is derived in the
docstring or the README, never read off the engine.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.games.army_of_frogs.actions import NO_ADD, NO_MOVE, Add, Move, Shuffle
from froeschis.games.army_of_frogs.chance import chance_outcomes, sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.events import EventKind
from froeschis.games.army_of_frogs.hexes import Island
from froeschis.games.army_of_frogs.phases import Phase, Position
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.structure import IslandLinks, has_forbidden_string
from tests.army_builders import README, added_on, build, cells, played, stones, texts

START_2P = tuple(int(c) for c in "01101001110010100110")
"""The README's start-2p shuffle."""
TABLE = Rules().table


def after_the_shuffle(
    players: int = 2, order: tuple[int, ...] = START_2P, rules: Rules | None = None
) -> ArmyState:
    return new_game(players, rules).apply(Shuffle(order))


def only_link(rules: Rules | None = None) -> ArmyState:
    """The README's only-link position: seat 0 to move, hands {0, 1} and {0, 0}."""
    return build(README["only-link"], turn=9, rules=rules, bag=(0, 0, 1, 0, 0, 1, 0, 0))


def red_frog(rules: Rules | None = None) -> ArmyState:
    return build(README["red-frog"], turn=7, rules=rules, bag=(0, 1, 0, 0, 1, 0, 1, 0, 0, 1))


# --------------------------------------------------------------------------- components and setup


@pytest.mark.clause("army-of-frogs:components.stones")
def test_forty_stones_ten_of_each_of_four_colours() -> None:
    assert Counter(TABLE.stones(10)) == {0: 10, 1: 10, 2: 10, 3: 10}


@pytest.mark.clause("army-of-frogs:components.stones", "army-of-frogs:add.from-hand")
def test_a_hand_of_two_alike_stones_offers_its_colour_once() -> None:
    """Seat 0 (colour 0) holds {1, 1} beside the after-first-placements island, moved: colour 1 may
    go on each of the eight cells around the two stones, once each (not twice)."""
    state = build("-1,0:0 0,0:1", hands=((1, 1), (0, 1)), turn=3, phase=Phase.ADD, acted=True)
    assert texts(state.legal_actions()) == [
        f"add 1 {c}" for c in ("-2,0", "-2,1", "-1,-1", "-1,1", "0,-1", "0,1", "1,-1", "1,0")
    ]


@pytest.mark.clause("army-of-frogs:players.count")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_play(players: int) -> None:
    assert new_game(players).num_players == players


@pytest.mark.clause("army-of-frogs:players.count")
@pytest.mark.parametrize("players", [0, 1, 5])
def test_other_numbers_of_players_are_refused(players: int) -> None:
    with pytest.raises(RulesError) as refused:
        new_game(players)
    assert refused.value.clause == "players.count"


@pytest.mark.clause("army-of-frogs:players.colours")
def test_seat_s_plays_colour_s_whatever_its_hand_holds() -> None:
    """Seat 1 holds two stones of colour 0 and still moves only its colour-1 stones: in the only-link
    island after seat 0's move, with seat 1 to move, every move starts on a colour-1 stone."""
    assert [TABLE.colour_of(seat, 4) for seat in range(4)] == [0, 1, 2, 3]
    state = played(only_link(), "move 0,0 0,-1", "add 0 2,0")
    assert state.seat == 1 and state.hands[1] == (0, 0)
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    assert moves and len(moves) == len(state.legal_actions())
    assert all(state.island[move.start] == 1 for move in moves)


@pytest.mark.clause("army-of-frogs:setup.bag")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bag_holds_the_ten_stones_of_each_colour_in_play(players: int) -> None:
    assert new_game(players).chance_pool() == tuple(c for c in range(players) for _ in range(10))


@pytest.mark.clause("army-of-frogs:setup.shuffle")
def test_every_order_of_the_stones_is_equally_likely() -> None:
    """From one stone of colour 0 and three of colour 1, colour 0 comes first with probability 1/4:
    of 4000 seeded shuffles, about 1000 (the bounds are six standard deviations, 27.4, apart)."""
    rng = random.Random(23)
    firsts = Counter(TABLE.shuffle((0, 1, 1, 1), rng)[0] for _ in range(4000))
    assert 835 < firsts[0] < 1165


@pytest.mark.clause("army-of-frogs:setup.shuffle")
def test_the_shuffle_is_the_only_chance_node_and_orders_the_whole_bag() -> None:
    """The tiny bag of two stones of each of two colours has 4! / (2! 2!) = 6 distinct orders; an
    order that is not of the bag's stones is refused."""
    start = new_game(2, Rules(stones_per_colour=2))
    assert start.is_chance and len(list(chance_outcomes(start))) == 6
    dealt = start.apply(sample_chance(start, random.Random(1)))
    assert not dealt.is_chance
    with pytest.raises(IllegalActionError) as refused:
        start.apply(Shuffle((0, 0, 0, 1)))
    assert refused.value.clause == "setup.shuffle"


@pytest.mark.clause("army-of-frogs:setup.hands")
def test_seat_s_takes_positions_2s_and_2s_plus_1_and_the_bag_keeps_the_rest_in_order() -> None:
    order = (0, 0, 1, 1, *START_2P[4:])
    state = after_the_shuffle(order=order)
    assert state.hands == ((0, 0), (1, 1))
    assert state.bag == order[4:]


@pytest.mark.clause("army-of-frogs:board.hex-grid")
def test_the_six_directions_and_which_cells_touch() -> None:
    """E, NE, NW, W, SW, SE; (0, 0) touches (1, -1) but not (1, 1): two stones there are one island,
    and a stone on (1, 1) beside (0, 0) alone would be a second island."""
    assert TABLE.directions() == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    build("0,0:0 1,-1:1", hands=((0, 1), (0, 1)), turn=3)
    with pytest.raises(FormatError, match=r"island\.one"):
        build("0,0:0 1,1:1", hands=((0, 1), (0, 1)), turn=3)


@pytest.mark.clause("army-of-frogs:island.graph")
def test_touching_stones_are_connected_whatever_their_colours() -> None:
    """(0, 0) of colour 0 and (1, 0) of colour 1 are one island; four stones in a path of two colours
    are a forbidden string (a string does not stop where the colour changes)."""
    island = stones("0,0:0 1,0:1 2,0:0 3,0:1")
    assert TABLE.parts(TABLE, IslandLinks(TABLE, island))[1] == 1
    assert TABLE.connections(island, (1, 0), 1, TABLE.directions()) == ((2, 0), (0, 0))
    assert has_forbidden_string(TABLE, island)


# --------------------------------------------------------------------------- the turn


@pytest.mark.clause("army-of-frogs:turn.first-seat")
def test_seat_zero_takes_the_first_turn() -> None:
    state = after_the_shuffle(3, tuple(c for c in range(3) for _ in range(10)))
    assert state.current_player == 0 and state.turn == 1


@pytest.mark.clause("army-of-frogs:turn.order")
def test_turns_pass_clockwise_and_turn_t_is_seat_t_minus_1_mod_n() -> None:
    """Three players: turns 1 to 4 are seats 0, 1, 2, 0."""
    state = after_the_shuffle(3, tuple(c for c in range(3) for _ in range(10)))
    seats = []
    while state.turn <= 4:
        seats.append((state.turn, state.seat))
        state = state.apply(state.legal_actions()[0])  # the move part
        state = state.apply(state.legal_actions()[0])  # the add part
    assert seats == [(1, 0), (2, 1), (3, 2), (4, 0)]


@pytest.mark.clause("army-of-frogs:turn.first-placement")
def test_the_first_turn_places_either_stone_on_the_centre_and_draws() -> None:
    """Seat 0 holds {0, 1}: no move, then either stone, its own colour included, on (0, 0) only;
    then it draws the bag's first stone, and seat 1 plays."""
    state = after_the_shuffle()
    assert state.legal_actions() == (NO_MOVE,)
    state = played(state, "no-move")
    assert texts(state.legal_actions()) == ["add 0 0,0", "add 1 0,0"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Add(0, (1, 0)))
    assert refused.value.clause == "turn.first-placement"
    state = played(state, "add 0 0,0")
    assert state.hands[0] == (1, 1) and state.bag == START_2P[5:]
    assert (state.turn, state.seat, state.phase) == (2, 1, Phase.MOVE)


@pytest.mark.clause("army-of-frogs:turn.parts")
def test_a_turn_is_the_move_then_the_add_then_the_draw() -> None:
    """after-first-placements: seat 0 moves, then adds, then draws; then seat 1 moves."""
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0")
    assert state.phase is Phase.MOVE and state.seat == 0
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Add(1, (0, 1)))
    assert refused.value.clause == "turn.parts"
    state = played(state, "move 1,0 -1,0")
    assert state.phase is Phase.ADD and state.seat == 0
    drawn = state.bag[0]
    after, events = state.step(Add(1, (0, 1)))
    assert [e.kind for e in events][:2] == [EventKind.ADDED, EventKind.DREW]
    assert after.hands[0] == tuple(sorted((0, drawn))) and (after.seat, after.phase) == (1, Phase.MOVE)


PUBLISHED_MOVE = (
    "move.identity", "move.own-colour", "move.jump", "move.multi-jump", "move.start-vacated",
    "move.not-start", "island.one", "string.checked",
)  # fmt: skip
"""The clauses of a move's event by the published rules (protocol.md's events), before turn.parts."""


@pytest.mark.clause("army-of-frogs:turn.parts")
def test_the_events_name_turn_parts_where_the_turn_goes_on_to_the_add() -> None:
    """protocol.md's events: the add part follows a move that wins nobody and every no-move, so their
    events end with turn.parts. A winning move ends the game before the add (goal.when-checked), and
    the add ends the turn: their events do not name it."""
    _, events = after_the_shuffle().step(NO_MOVE)
    assert [e.clauses for e in events] == [("turn.pass", "move.compulsory", "turn.parts")]
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0")
    after, events = state.step(Move((1, 0), (-1, 0)))
    assert [e.clauses for e in events] == [(*PUBLISHED_MOVE, "turn.parts")] and after.phase is Phase.ADD
    _, events = after.step(Add(1, (0, 1)))
    assert all("turn.parts" not in e.clauses for e in events)
    _, events = link_by_move().step(Move((0, 0), (3, 0)))
    assert [e.kind for e in events] == [EventKind.MOVED, EventKind.WON]
    assert events[0].clauses == PUBLISHED_MOVE


@pytest.mark.clause("army-of-frogs:turn.pass")
def test_a_part_without_a_legal_action_offers_its_pass_and_no_add_skips_the_draw() -> None:
    """Seat 1 at turn 2 has no stone of its colour on the island: only no-move, then the add. A seat
    whose hand is empty has only no-add; the bag is not touched and the turn ends."""
    state = played(after_the_shuffle(), "no-move", "add 0 0,0")
    assert state.legal_actions() == (NO_MOVE,)
    assert played(state, "no-move").phase is Phase.ADD
    tiny = Rules(stones_per_colour=2)
    empty = build("0,0:0 1,0:1", hands=((), (0, 1)), turn=3, phase=Phase.ADD, rules=tiny, acted=True)
    assert empty.legal_actions() == (NO_ADD,)
    after = played(empty, "no-add")
    assert after.hands == empty.hands and (after.turn, after.seat, after.phase) == (4, 1, Phase.MOVE)
    with pytest.raises(IllegalActionError) as refused:
        played(after_the_shuffle(), "no-move").apply(NO_ADD)
    assert refused.value.clause == "turn.pass"


# --------------------------------------------------------------------------- the move


@pytest.mark.clause("army-of-frogs:move.compulsory")
def test_a_seat_with_a_legal_move_must_move() -> None:
    """after-first-placements: seat 0 has one move and no no-move beside it."""
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0")
    assert texts(state.legal_actions()) == ["move 1,0 -1,0"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(NO_MOVE)
    assert refused.value.clause == "move.compulsory"


@pytest.mark.clause("army-of-frogs:variant.optional-move")
def test_with_the_option_no_move_is_always_offered() -> None:
    state = played(
        after_the_shuffle(rules=Rules(optional_move=True)), "no-move", "add 1 0,0", "no-move", "add 0 1,0"
    )
    assert texts(state.legal_actions()) == ["move 1,0 -1,0", "no-move"]
    assert played(state, "no-move").phase is Phase.ADD


@pytest.mark.clause("army-of-frogs:move.own-colour")
def test_only_stones_of_the_seat_s_colour_on_the_island_move() -> None:
    """after-first-placements: seat 0's stone on (1, 0) moves; the colour-1 stone on (0, 0), which
    could jump over it to (2, 0), does not."""
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0")
    assert TABLE.movable(state.island, 0) == ((1, 0),)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Move((0, 0), (2, 0)))
    assert refused.value.clause == "move.own-colour"


LADDER = "0,0:0 1,0:1 0,1:1 1,1:1 2,1:1 3,0:1 3,1:1"
"""Triangles all along: the colour-0 stone on (0, 0) jumps E over (1, 0) to (2, 0), on E over (3, 0)
to (4, 0); from (2, 0) also SE over (2, 1) to (2, 2) and SW over (1, 1) to (0, 2)."""


@pytest.mark.clause("army-of-frogs:move.jump")
def test_a_jump_passes_a_whole_row_and_lands_on_the_first_empty_cell() -> None:
    """The stone on (0, 0) jumps E over the two stones (1, 0) and (2, 0) to (3, 0), the first empty
    cell, not beyond; no jump leads over an empty cell (NE of it is empty: no jump)."""
    occupied = {(1, 0), (2, 0), (4, 0)}
    assert TABLE.jump(occupied, (0, 0), (1, 0)) == (3, 0)
    assert TABLE.jump(occupied, (0, 0), (1, -1)) is None
    state = build("0,0:0 1,0:1 2,0:1", hands=((0, 1), (0, 1)), turn=5)
    assert texts(state.legal_actions()) == ["move 0,0 3,0"]


@pytest.mark.clause("army-of-frogs:move.multi-jump")
def test_a_move_may_make_several_jumps_each_in_any_direction() -> None:
    """LADDER: E to (2, 0), then SE over (2, 1) to (2, 2): a turning double jump is a move. The
    README's only-link: the stone's only move takes three jumps, the first two turning."""
    state = build(LADDER, hands=((0, 1), (0, 0)), turn=9)
    assert Move((0, 0), (2, 2)) in state.legal_actions()
    assert texts(only_link().legal_actions()) == ["move 0,0 0,-1"]


@pytest.mark.clause("army-of-frogs:variant.straight-multi-jump")
def test_with_the_option_every_jump_keeps_the_first_direction() -> None:
    """LADDER: straight, the stone reaches (2, 0) and (4, 0) going E and (0, 2) going SE, nothing
    else; the only-link stone has no move at all, and passes."""
    rules = Rules(straight_multi_jump=True)
    assert texts(build(LADDER, hands=((0, 1), (0, 0)), turn=9, rules=rules).legal_actions()) == [
        "move 0,0 0,2", "move 0,0 2,0", "move 0,0 4,0",
    ]  # fmt: skip
    assert only_link(rules).legal_actions() == (NO_MOVE,)


@pytest.mark.clause("army-of-frogs:move.start-vacated")
def test_the_starting_cell_is_empty_while_the_stone_jumps() -> None:
    """The red frog's jumps: from (1, 1) W over (0, 1) they land on the start (-1, 1), not beyond it;
    all it reaches is the five cells of the README and its start."""
    island = stones(README["red-frog"])
    reached = TABLE.landings(TABLE, TABLE.vacated(island, (-1, 1)), (-1, 1), lambda cell: True)
    assert reached == cells("1,1 1,-1 -1,3 -1,-1 1,-3 -1,1")


@pytest.mark.clause("army-of-frogs:move.not-start")
def test_a_move_does_not_end_where_it_started() -> None:
    assert TABLE.ends(cells("1,1 -1,1 1,-1"), (-1, 1)) == ((1, -1), (1, 1))
    with pytest.raises(IllegalActionError) as refused:
        red_frog().apply(Move((-1, 1), (-1, 1)))
    assert refused.value.clause == "move.not-start"


@pytest.mark.clause("army-of-frogs:move.identity")
def test_a_move_is_its_start_and_end_whatever_the_ways_between() -> None:
    """LADDER: (2, 0) is reached by one jump E, and also by jumping E twice to (4, 0) and back W over
    (3, 0): two ways, one action. No action is listed twice."""
    state = build(LADDER, hands=((0, 1), (0, 0)), turn=9)
    actions = state.legal_actions()
    assert len(set(actions)) == len(actions) and actions == tuple(sorted(actions))
    assert actions.count(Move((0, 0), (2, 0))) == 1


# --------------------------------------------------------------------------- the add and the draw


@pytest.mark.clause("army-of-frogs:add.from-hand")
def test_either_stone_of_the_hand_may_be_added_whatever_its_colour() -> None:
    """after-first-placements, moved (README): colour 1 on the eight cells, colour 0 on three."""
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0", "move 1,0 -1,0")
    colours = Counter(a.colour for a in state.legal_actions() if isinstance(a, Add))
    assert colours == {1: 8, 0: 3}


@pytest.mark.clause("army-of-frogs:add.touch")
def test_an_added_stone_touches_the_island() -> None:
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0", "move 1,0 -1,0")
    assert added_on(state.legal_actions()) == cells("1,0 1,-1 0,-1 -1,1 0,1 -1,-1 -2,0 -2,1")
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Add(1, (2, 0)))
    assert refused.value.clause == "add.touch"


@pytest.mark.clause("army-of-frogs:add.own-colour-apart")
def test_own_stones_are_added_apart_other_colours_anywhere() -> None:
    """README, after-first-placements moved: colour 0 only on (1, 0), (1, -1) and (0, 1), which do
    not touch (-1, 0); colour 1 also on (1, 0), beside the colour-1 stone on (0, 0)."""
    state = played(after_the_shuffle(), "no-move", "add 1 0,0", "no-move", "add 0 1,0", "move 1,0 -1,0")
    assert added_on(state.legal_actions(), colour=0) == cells("1,0 1,-1 0,1")
    assert Add(1, (1, 0)) in state.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Add(0, (0, -1)))
    assert refused.value.clause == "add.own-colour-apart"


@pytest.mark.clause("army-of-frogs:add.none-left")
def test_with_every_stone_in_play_the_game_goes_on_with_moves() -> None:
    """Tiny game, every stone on the island: no-add only, and the next seat still moves."""
    state = build("0,0:0 1,-1:0 1,0:1 0,1:1", hands=((), ()), turn=5, rules=Rules(stones_per_colour=2))
    state = played(state, str(state.legal_actions()[0]))
    assert state.legal_actions() == (NO_ADD,)
    state = played(state, "no-add")
    assert not state.is_terminal and state.seat == 1 and isinstance(state.legal_actions()[0], Move)


@pytest.mark.clause("army-of-frogs:add.none-left")
def test_the_no_add_of_an_empty_hand_names_add_none_left() -> None:
    """protocol.md's events: the no-add of a seat whose hand is empty names turn.pass, then
    add.none-left. Seat 1 at turn 2 holding {1, 1} beside the one stone, (0, 0) of colour 1, has a
    hand but no add (every cell touching the island touches a stone of its colour, add.own-colour-apart):
    its no-add names turn.pass alone."""
    state = build("0,0:0 1,-1:0 1,0:1 0,1:1", hands=((), ()), turn=5, rules=Rules(stones_per_colour=2))
    state = played(state, str(state.legal_actions()[0]))
    _, events = state.step(NO_ADD)
    assert events[0].kind is EventKind.NO_ADD and events[0].clauses == ("turn.pass", "add.none-left")
    apart = build("0,0:1", hands=((0, 0), (1, 1)), turn=2, phase=Phase.ADD)
    assert apart.legal_actions() == (NO_ADD,)
    _, events = apart.step(NO_ADD)
    assert events[0].kind is EventKind.NO_ADD and events[0].clauses == ("turn.pass",)


@pytest.mark.clause("army-of-frogs:draw.replace")
def test_after_an_add_the_next_stone_of_the_bag_is_drawn() -> None:
    """The red frog's bag is 0100101001: after seat 0 adds, its hand gains a 0 and the bag loses it.
    With an empty bag nothing is drawn."""
    state = played(red_frog(), "move -1,1 1,-1", "add 1 -1,0")
    assert state.hands[0] == (0, 0) and state.bag == (1, 0, 0, 1, 0, 1, 0, 0, 1)
    assert TABLE.draw((1,), ()) == ((1,), ())


# --------------------------------------------------------------------------- the one island rule


@pytest.mark.clause("army-of-frogs:island.one")
def test_the_only_link_moves_only_where_it_relinks_every_part() -> None:
    """The README's only-link: of the seven cells the stone reaches only (0, -1) touches both parts;
    a move to (2, 0) leaves (-1, 0) cut off and is refused."""
    state = only_link()
    reached = TABLE.landings(TABLE, TABLE.vacated(state.island, (0, 0)), (0, 0), lambda cell: True)
    assert set(TABLE.ends(reached, (0, 0))) == cells("2,0 3,-3 -2,0 2,-3 3,-1 0,-1 -2,1")
    assert texts(state.legal_actions()) == ["move 0,0 0,-1"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Move((0, 0), (2, 0)))
    assert refused.value.clause == "island.one"
    labels, count = TABLE.parts(
        TABLE, IslandLinks(TABLE, {c: k for c, k in state.island.items() if c != (0, 0)})
    )
    assert count == 2 and TABLE.one_island(labels, count, [(-1, 0), (1, -1)])
    assert not TABLE.one_island(labels, count, [(1, -1)])


@pytest.mark.clause("army-of-frogs:island.one")
def test_a_landing_relinks_the_island_only_if_it_touches_every_part() -> None:
    """A stone on (0, 0) is the only link of three single stones (on (1, 0), (0, -1), (-1, 1), no two
    of them neighbours): lifted, it leaves three parts. A landing that touches two of them leaves
    the third cut off ("re-links the island" means all of it); one that touches all three relinks."""
    without = stones("1,0:1 0,-1:1 -1,1:1")
    labels, count = TABLE.parts(TABLE, IslandLinks(TABLE, dict(without.items())))
    assert count == 3
    assert not TABLE.one_island(labels, count, [(1, 0), (0, -1)])
    assert TABLE.one_island(labels, count, [(1, 0), (0, -1), (-1, 1)])


@pytest.mark.clause("army-of-frogs:variant.one-island-each-jump")
def test_with_the_option_every_landing_keeps_one_island() -> None:
    """only-link: the first landing, (2, 0), cuts (-1, 0) off: the stone has no move."""
    assert only_link(Rules(one_island_each_jump=True)).legal_actions() == (NO_MOVE,)


@pytest.mark.clause("army-of-frogs:variant.one-island-each-jump")
def test_with_the_option_a_move_s_event_names_it_after_island_one() -> None:
    """after-first-placements: seat 0's one move, (1, 0) over (0, 0) to (-1, 0), lands beside (0, 0),
    one island. Under the option its landing was judged and its event names the variant after
    island.one (protocol.md's events); by the published rules it does not."""
    moves = ("no-move", "add 1 0,0", "no-move", "add 0 1,0")
    judged = played(after_the_shuffle(rules=Rules(one_island_each_jump=True)), *moves)
    _, events = judged.step(Move((1, 0), (-1, 0)))
    option = (*PUBLISHED_MOVE[:7], "variant.one-island-each-jump", "string.checked", "turn.parts")
    assert [e.clauses for e in events] == [option]
    _, events = played(after_the_shuffle(), *moves).step(Move((1, 0), (-1, 0)))
    assert "variant.one-island-each-jump" not in events[0].clauses


# --------------------------------------------------------------------------- the string rule


def links(text: str) -> IslandLinks:
    return IslandLinks(TABLE, stones(text))


@pytest.mark.clause("army-of-frogs:string.single-connection")
def test_a_connection_is_single_when_it_lies_on_no_loop() -> None:
    """README's loop: no connection of the six stones around (0, 0) is single; without (0, 1) the
    five are a path of four single connections, a forbidden string."""
    loop = links(README["loop"])
    pairs = [(a, b) for a in loop.stones for b in loop[a]]
    assert len(pairs) == 12 and not any(TABLE.is_single(loop, a, b) for a, b in pairs)
    path = links("0,-1:1 1,-1:1 -1,0:1 1,0:1 -1,1:1")
    assert all(TABLE.is_single(path, a, b) for a in path.stones for b in path[a])
    assert has_forbidden_string(TABLE, path.stones)


@pytest.mark.clause("army-of-frogs:string.definition")
def test_strings_end_at_stones_with_one_or_three_or_more_connections() -> None:
    """README's branching frog: three strings, (1, 0)-(2, 0)-(3, 0) and the two stones hanging from
    (3, 0); none is forbidden, so the island is valid."""
    island = links(README["branching"])
    assert TABLE.strings_through(TABLE, island, island.stones) == (
        ((1, 0), (2, 0), (3, 0)), ((3, 0), (3, 1)), ((3, 0), (4, -1)),
    )  # fmt: skip
    build(README["branching"], hands=((0, 1), (0, 0)), turn=9)


@pytest.mark.clause("army-of-frogs:string.single-frog-end")
def test_a_string_with_multiple_connections_at_both_ends_may_be_any_length() -> None:
    """README's two groups joined by a line: (1, 0)-(2, 0)-(3, 0)-(4, 0) has three single connections
    and is allowed; the limit applies when an end has one connection."""
    build(README["two-groups"], hands=((0, 1), (0, 0)), turn=9)
    assert not TABLE.limit_applies(3, 3) and TABLE.limit_applies(1, 3) and TABLE.limit_applies(3, 1)


@pytest.mark.clause("army-of-frogs:string.length")
def test_three_single_connections_ending_in_a_single_frog_are_too_many() -> None:
    """README's forbidden add: of the thirteen cells around the island a stone is forbidden on (4, 0),
    (4, -1) and (3, 1) (a string of three), allowed on the other ten, (3, -1), (2, 1), (2, -1) among
    them (a loop)."""
    state = build(README["forbidden-add"], hands=((1, 1), (0, 1)), turn=9, phase=Phase.ADD, acted=True)
    around = cells("1,-1 0,-1 -1,0 -1,1 2,-1 1,1 -1,2 0,2 3,-1 2,1 4,0 4,-1 3,1")
    assert added_on(state.legal_actions()) == around - cells("4,0 4,-1 3,1")
    assert not TABLE.too_long(((1, 0), (2, 0), (3, 0))) and TABLE.too_long(((1, 0), (2, 0), (3, 0), (4, 0)))


@pytest.mark.clause("army-of-frogs:string.checked")
def test_the_whole_island_is_judged_where_the_stone_left_too() -> None:
    """The red frog: of its five cells only (1, -1) leaves no forbidden string; (1, 1) makes one where
    it left (README). After it, an add on (1, 2), (0, 3) or (-1, 3) makes (0, 2)-(0, 1)-(0, 0) three
    long and is refused."""
    state = red_frog()
    assert texts(state.legal_actions()) == ["move -1,1 1,-1"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Move((-1, 1), (1, 1)))
    assert refused.value.clause == "string.checked"
    moved = played(state, "move -1,1 1,-1")
    assert not added_on(moved.legal_actions()) & cells("1,2 0,3 -1,3")
    with pytest.raises(IllegalActionError) as refused:
        moved.apply(Add(1, (0, 3)))
    assert refused.value.clause == "string.checked"


# --------------------------------------------------------------------------- the goal

LINE_OF_SEVEN = "0,0:1 1,0:1 2,0:1 3,0:1 4,0:1 5,0:1 6,0:1"


@pytest.mark.clause("army-of-frogs:goal.linked")
def test_seven_or_more_of_the_colour_all_in_one_group() -> None:
    """Seven linked: reached. Six linked: not. Seven with one apart: not. Seven linked only through a
    stone of another colour: not. (Islands of the goal only; the string rule is no matter here.)"""
    assert TABLE.linked(TABLE, stones(LINE_OF_SEVEN), 1, 7)
    assert not TABLE.linked(TABLE, stones(LINE_OF_SEVEN.rsplit(" ", 1)[0]), 1, 7)
    assert not TABLE.linked(TABLE, stones(LINE_OF_SEVEN + " 8,0:1"), 1, 7)
    assert not TABLE.linked(TABLE, stones(LINE_OF_SEVEN.replace("3,0:1", "3,0:0") + " 7,0:1"), 1, 7)
    assert not TABLE.linked(TABLE, stones(README["only-link"]), 1, 7)


LINK_BY_MOVE = "0,0:0 1,0:1 2,0:0"
"""Tiny rules with a goal of two: seat 0's move (0, 0) to (3, 0) links its two stones; its add of
colour 1 on (2, -1) then links colour 1's two."""


def link_by_move(win_at_turn_end: bool = False) -> ArmyState:
    rules = Rules(stones_per_colour=3, link_at=2, win_at_turn_end=win_at_turn_end)
    return build(LINK_BY_MOVE, hands=((0, 1), (1,)), turn=5, rules=rules)


@pytest.mark.clause("army-of-frogs:goal.when-checked")
def test_a_link_wins_at_once_the_rest_of_the_turn_unplayed() -> None:
    """After the move (the add not played) and after the add (the draw not made): only-link's add
    of colour 1 on (0, 0) wins for seat 1 with seat 0's hand left at one stone."""
    state = played(link_by_move(), "move 0,0 3,0")
    assert state.is_terminal and state.winners == (0,) and state.hands[0] == (0, 1)
    assert state.returns() == (1.0, 0.0)
    added = played(only_link(), "move 0,0 0,-1", "add 1 0,0")
    assert added.is_terminal and added.winners == (1,) and added.hands[0] == (0,)


@pytest.mark.clause("army-of-frogs:variant.win-at-turn-end")
def test_with_the_option_the_goal_is_checked_at_the_end_of_the_turn() -> None:
    state = played(link_by_move(win_at_turn_end=True), "move 0,0 3,0")
    assert state.phase is Phase.ADD
    assert played(state, "add 1 2,-1").winners == (0,)


@pytest.mark.clause("army-of-frogs:goal.any-seat")
def test_another_player_s_add_can_make_you_win() -> None:
    """only-link: seat 0 adds colour 1 on (0, 0), which its move emptied: seat 1's eight stones are
    linked, and seat 1 wins in seat 0's turn, before the draw."""
    state = played(only_link(), "move 0,0 0,-1", "add 1 0,0")
    assert state.is_terminal and state.winners == (1,) and state.seat == 0 and state.hands[0] == (0,)


@pytest.mark.clause("army-of-frogs:variant.win-own-turn-only")
def test_with_the_option_a_seat_wins_at_the_start_of_its_own_turn() -> None:
    state = played(only_link(Rules(win_own_turn_only=True)), "move 0,0 0,-1", "add 1 0,0")
    assert state.is_terminal and state.winners == (1,) and (state.turn, state.seat) == (10, 1)
    assert state.hands[0] == (0, 0)


@pytest.mark.clause("army-of-frogs:goal.one-winner")
def test_one_winner_the_mover_first() -> None:
    """With the goal checked at the end of the turn, the move links colour 0 and the add colour 1: both
    are reached at one check, and the mover, first in turn order from itself, wins alone."""
    state = played(link_by_move(win_at_turn_end=True), "move 0,0 3,0", "add 1 2,-1")
    assert state.winners == (0,) and state.returns() == (1.0, 0.0)
    assert TABLE.winners([1, 0]) == (1,)


# --------------------------------------------------------------------------- the end

ROCKING = "0,0:0 1,-1:0 1,0:1 0,1:1"
"""Tiny rules, every stone on the island: seat 0 rocks (1, -1) to (-1, 1) and back over (0, 0), seat 1
rocks (1, 0) to (-1, 0) and back: every four turns the island is as before."""
ROCK = (
    "move 1,-1 -1,1",
    "no-add",
    "move 1,0 -1,0",
    "no-add",
    "move -1,1 1,-1",
    "no-add",
    "move -1,0 1,0",
    "no-add",
)


@pytest.mark.clause("army-of-frogs:end.no-action")
def test_a_round_of_passed_turns_ends_the_game_without_a_winner() -> None:
    """Move optional, hands empty: seat 0 passes both parts (1 in a row), seat 1 too (2): over."""
    state = build(ROCKING, hands=((), ()), turn=5, rules=Rules(stones_per_colour=2, optional_move=True))
    state = played(state, "no-move", "no-add")
    assert not state.is_terminal and state.passes == 1
    state = played(state, "no-move", "no-add")
    assert state.is_terminal and state.winners == () and state.returns() == (0.0, 0.0)
    assert not TABLE.nobody_can_act(1, 2) and TABLE.nobody_can_act(2, 2)


@pytest.mark.clause("army-of-frogs:end.no-action")
def test_a_turn_that_moves_starts_the_count_again() -> None:
    state = build(ROCKING, hands=((), ()), turn=5, rules=Rules(stones_per_colour=2, optional_move=True))
    state = played(state, "no-move", "no-add", "move 1,0 -1,0", "no-add")
    assert state.passes == 0 and not state.is_terminal


@pytest.mark.clause("army-of-frogs:end.turn-limit")
def test_the_game_ends_after_the_fiftieth_round() -> None:
    """Two players: turn 100 is the last. After turn 99 the game goes on; after turn 100 it is over,
    nobody having won."""
    rules = Rules(stones_per_colour=2)
    assert not played(build(ROCKING, hands=((), ()), turn=99, rules=rules), *ROCK[:2]).is_terminal
    last = played(build(ROCKING, hands=((), ()), turn=100, rules=rules), *ROCK[2:4])
    assert last.is_terminal and last.winners == () and last.turn == 100


@pytest.mark.clause("army-of-frogs:variant.repetition-draw")
def test_with_the_option_a_third_repetition_ends_the_game() -> None:
    """The position at the start of turn 5 (remembered; its four stones took four turns) comes back
    at turns 9 and 13: over at 13. The same island moved by a translation counts as the same."""
    rules = Rules(stones_per_colour=2, repetition_draw=True)
    start = build(ROCKING, hands=((), ()), turn=5, rules=rules)
    start = attrs.evolve(start, positions=(Position(0, start.island.translated()),))
    state = played(start, *ROCK)
    assert not state.is_terminal and state.turn == 13 - 4
    state = played(state, *ROCK)
    assert state.is_terminal and state.turn == 13 and state.winners == ()
    assert not played(
        build(ROCKING, hands=((), ()), turn=5, rules=Rules(stones_per_colour=2)), *ROCK, *ROCK
    ).is_terminal
    shifted = Island({(q + 5, r - 2): c for (q, r), c in start.island.items()})
    assert TABLE.remember(tuple(start.positions), 0, shifted) == ((), False)
    assert rules.table.remember(start.positions * 2, 0, shifted)[1]


@pytest.mark.clause("army-of-frogs:game.returns")
def test_one_to_the_winner_nothing_to_the_others_or_to_anyone_without_a_winner() -> None:
    assert TABLE.returns(3, (1,)) == (0.0, 1.0, 0.0)
    assert TABLE.returns(4, ()) == (0.0,) * 4
    assert played(only_link(), "move 0,0 0,-1", "add 1 0,0").returns() == (0.0, 1.0)


@pytest.mark.clause("army-of-frogs:observe.public")
def test_every_seat_sees_everything_but_the_bag_s_order() -> None:
    state = red_frog()
    keys = {"seat", "colour", "players", "phase", "turn", "to_play", "island", "hands", "bag", "passes"}
    keys |= {"acted", "winners", "positions", "legal"}
    for seat in (0, 1):
        view = TABLE.view(state, seat)
        assert set(view) == keys
        assert view["hands"] == [[0, 1], [0, 0]] and view["bag"] == [6, 4, 0, 0]
        assert len(view["island"]) == 6 and (view["seat"], view["colour"], view["to_play"]) == (seat, seat, 0)
        assert view["legal"] == (["move -1,1 1,-1"] if seat == 0 else [])
