"""SVG pictures (froeschis.games.froeschis.svg): well-formed, faithful to the state, hiding what a seat may
not see.

These tests check a rendering, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import doctest
import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import froeschis
from froeschis import DRAW, FROG, TRASH, GameState, Phase, Player, Row, Rules, frog_at, number
from froeschis.games.froeschis import svg
from froeschis.games.froeschis.cards import Card, spot
from froeschis.games.froeschis.events import EventKind
from froeschis.games.froeschis.observation import observe

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The picture as XML (fails on anything malformed), checking it is one <svg> with a title."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    return root


def texts(picture: str) -> list[str]:
    return [t.text or "" for t in parse(picture).iter(f"{SVG}text")]


def face_down(*cards: Card) -> Row:
    return Row(tuple(spot(card, False) for card in cards))


def frog_example() -> GameState:
    """The rulebook's frog example (en.3.4): seat 0 has drawn a frog; under spot 4 lies a 6,
    under spot 6 a 4; under spot 5 a 1, under spot 1 a 2, under spot 2 trash."""
    mine = face_down(number(2), TRASH, number(5), number(6), number(1), number(4), number(8), number(3))
    yours = face_down(*map(number, (3, 3, 7, 7, 1, 1, 2, 2)))
    rules = Rules()
    dealt = [s.card for r in (mine, yours) for s in r.spots] + [FROG]
    rest = tuple((Counter(rules.deck) - Counter(dealt)).elements())
    state = GameState(
        rules=rules,
        phase=Phase.DRAW,
        round=1,
        turn=0,
        players=(Player(8, mine), Player(8, yours)),
        draw_pile=(FROG, *rest),
    )
    return state.apply(DRAW)


def test_card_shows_its_number_frog_trash_or_back() -> None:
    assert "4" in texts(svg.card(number(4)))
    assert "F" in texts(svg.card(FROG))
    assert "T" in texts(svg.card(TRASH))
    assert texts(svg.card(None)) == []
    assert parse(svg.card(None)).findtext(f"{SVG}title") == "face down"


def test_numbers_have_distinct_colours() -> None:
    assert len({svg.number_colour(n) for n in range(1, 9)}) == 8
    assert svg.number_colour(9) == svg.number_colour(1)


def test_scale_sets_the_size_not_the_drawing() -> None:
    small, large = parse(svg.card(number(1), scale=0.5)), parse(svg.card(number(1), scale=2))
    assert small.get("viewBox") == large.get("viewBox")
    assert float(large.get("width", "0")) == 4 * float(small.get("width", "0"))


def test_row_keeps_face_down_cards_hidden_unless_asked() -> None:
    row = face_down(number(7), number(7), TRASH)
    assert texts(svg.row(row)) == ["1", "2", "3"]
    revealed = texts(svg.row(row, reveal_hidden=True))
    assert revealed.count("7") == 2 and "T" in revealed


def test_row_draws_hand_discard_and_highlight() -> None:
    row = Row((spot(number(1), True), spot(TRASH, False)))
    plain = parse(svg.row(row))
    assert len(plain.findall(f"{SVG}rect")) == len(parse(svg.row(row, highlight=())).findall(f"{SVG}rect"))
    highlighted = parse(svg.row(row, highlight={1}))
    assert len(highlighted.findall(f"{SVG}rect")) == len(plain.findall(f"{SVG}rect")) + 1
    with_hand = texts(svg.row(row, hand=number(2), discard=number(5)))
    assert {"hand", "discard", "2", "5"} <= set(with_hand)
    assert "hand" in texts(svg.row(row, show_hand=True))
    assert "hand" not in texts(svg.row(row))


def test_game_state_shows_every_seat_and_the_piles() -> None:
    state = froeschis.new_game(players=4)
    state = state.apply(froeschis.sample_chance(state, random.Random(5)))
    words = texts(svg.game_state(state))
    assert [w for w in words if w.startswith("seat")] == ["seat 0 \u25b6", "seat 1", "seat 2", "seat 3"]
    assert f"draw {len(state.draw_pile)}" in words and "discard 0" in words
    assert words[0] == "Round 1: seat 0 takes a card"


def test_game_state_before_the_deal_and_at_the_end() -> None:
    state = froeschis.new_game(players=2)
    assert texts(svg.game_state(state))[0] == "Round 1: waiting for the deal"
    final, _ = froeschis.play_game(players=2, seed=3)
    header = texts(svg.game_state(final))[0]
    assert header.startswith("Game over") and all(f"seat {w}" in header for w in final.winners)


def test_hidden_cards_stay_hidden_in_a_state_picture() -> None:
    rules = Rules(deck=(number(3),) * 4 + (TRASH,) * 2 + (FROG,) * 2, row_length=2)
    state = froeschis.new_game(2, rules)
    state = state.apply(froeschis.Shuffle((*(number(3),) * 4, TRASH, TRASH, FROG, FROG)))
    assert "3" not in texts(svg.game_state(state))
    assert texts(svg.game_state(state, reveal_hidden=True)).count("3") == 4


def test_observation_hides_all_face_down_cards_and_lists_the_actions() -> None:
    state = frog_example()
    seen = observe(state, 0)
    words = texts(svg.observation(seen))
    assert "you" in words
    assert words[-1] == "seat 0 may: " + ", ".join(str(a) for a in seen.legal_actions)
    other = texts(svg.observation(observe(state, 1)))
    assert other[-1] == "seat 1 waits"
    # No face value of a face-down card is printed: only spot numbers, counts and labels.
    row_texts = [w for w in words if w.isdigit()]
    assert row_texts == [str(n) for n in range(1, 9)] * 2


def _frog_placed() -> GameState:
    """The frog example after ``frog@4``: seat 0 shows a 4 and a 6, and holds the frog again."""
    return frog_example().apply(frog_at(4))


def test_repr_svg_draws_what_jupyter_should_show() -> None:
    state = _frog_placed()
    words = texts(svg.picture(state)._repr_svg_())
    assert words[0] == "Round 1: seat 0 places the frog"
    assert {"draw 43", "discard 0", "hand", "F", "seat 0 \u25b6", "seat 1"} <= set(words)
    seat_0 = words[words.index("seat 0 \u25b6") + 2 : words.index("seat 1")]
    assert sorted(seat_0) == sorted([*map(str, range(1, 9)), "4", "6"])  # spot labels, the 2 face-up cards
    seen = texts(svg.picture(observe(state, 1))._repr_svg_())
    assert "you" in seen and seen[-1] == "seat 1 waits"
    picture = svg.card(FROG)
    assert isinstance(picture, str) and texts(picture._repr_svg_()) == ["F"]


def test_picture_draws_each_kind_of_thing() -> None:
    state = _frog_placed()
    assert texts(svg.picture(state))[0] == "Round 1: seat 0 places the frog"
    mine = texts(svg.picture(observe(state, 0)))
    assert "you" in mine and mine[-1].startswith("seat 0 may: frog@")
    assert sorted(texts(svg.picture(state.row(0)))) == sorted([*map(str, range(1, 9)), "4", "6"])
    assert texts(svg.picture(FROG)) == ["F"] and texts(svg.picture(number(7))) == ["7"]


def test_turn_steps_follow_the_rulebook_frog_example() -> None:
    state = frog_example()
    steps = svg.turn_steps(state, frog_at(4))
    assert [str(step.row) for step in steps] == [
        "? ? ? ? ? ? ? ?",
        "? ? ? F ? ? ? ?",
        "? ? ? F ? 6 ? ?",
        "? ? ? 4 ? 6 ? ?",
    ]
    assert [step.hand for step in steps] == [FROG, number(6), number(4), FROG]
    assert [tuple(e.kind for e in step.events) for step in steps] == [
        (),
        (EventKind.FROG_PLACED, EventKind.REVEALED),
        (EventKind.PLACED, EventKind.REVEALED),
        (EventKind.FROG_SWAPPED,),
    ]
    # The last step is exactly where the engine stopped.
    after = state.apply(frog_at(4))
    assert steps[-1].row == after.row(0) and steps[-1].hand == after.hand
    for step in steps:
        parse(step.svg)


def test_turn_steps_end_with_the_discard() -> None:
    swapped = frog_example().apply(frog_at(4))
    steps = svg.turn_steps(swapped, frog_at(5))
    assert steps[-1].events[0].kind is EventKind.DISCARDED
    assert steps[-1].hand is None
    assert "discard" in texts(steps[-1].svg) and "T" in texts(steps[-1].svg)
    assert steps[-1].row == swapped.apply(frog_at(5)).row(0)


def test_turn_steps_of_a_draw_start_with_the_card_drawn() -> None:
    state = frog_example().apply(frog_at(4)).apply(frog_at(5))
    steps = svg.turn_steps(state, DRAW)
    assert steps[1].events[0].kind is EventKind.DREW
    assert steps[1].hand == state.draw_pile[0]


def test_turn_steps_refuse_a_deal() -> None:
    with pytest.raises(ValueError, match="no turn"):
        svg.turn_steps(froeschis.new_game(2), DRAW)


def test_module_examples() -> None:
    result = doctest.testmod(svg)
    assert result.attempted > 0 and result.failed == 0
