"""Frog through the tools' interface (:class:`froeschis.framework.game.Game`): the registry finds it,
a random match plays to its end for every variant through new_game, sample_chance, legal_actions,
apply and returns only, and its texts and pictures draw what they should. These check the
interface, not a rule clause."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from froeschis.framework.game import Game, State
from froeschis.framework.registry import game
from froeschis.framework.state import CHANCE, TERMINAL
from froeschis.games.frog.cards import cards
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import PHASE_SLOT, FrogState, new_game
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.game import GAME
from froeschis.games.frog.render import describe, render_hand, render_trick
from froeschis.games.frog.svg import hand_svg, picture, trick_svg

VARIANTS = [None, *(v.option for v in GAME.variants)]


def play(g: Game, rules: object, seed: int, limit: int = 5000) -> tuple[State, int]:
    """A random match through the interface only: the final state and its number of steps."""
    rng = random.Random(seed)
    state = g.new_game(3, rules)
    steps = 0
    while not state.is_terminal:
        action = g.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        steps += 1
        assert steps < limit, "a match did not end"
    return state, steps


def test_the_registry_finds_frog() -> None:
    found = game("frog")
    assert found is GAME and found.title == "Frog" and found.players == (3,)
    assert found.catalogue().game == "frog" and len(found.catalogue().in_force()) == 51
    assert (found.spec() / "clauses.toml").is_file()


@pytest.mark.parametrize("option", VARIANTS)
def test_a_random_match_plays_to_its_end_for_every_variant(option: str | None) -> None:
    g = game("frog")
    rules = g.rules() if option is None else g.rules(**{option: True})
    for seed in range(3):
        state, _ = play(g, rules, seed)
        assert state.current_player == TERMINAL and state.legal_actions() == ()
        returns = state.returns()
        assert len(returns) == 3 and sum(returns) == 0


def test_chance_nodes_and_their_outcomes() -> None:
    state = GAME.new_game(3, None)
    assert state.current_player == CHANCE and len(list(GAME.chance_outcomes(state))) == 3
    tiny = GAME.rules(deck=cards("AS TH KH QD JC 9C"), deals=1)
    dealt = GAME.new_game(3, tiny).apply(next(iter(GAME.chance_outcomes(GAME.new_game(3, tiny)))))
    orders = list(GAME.chance_outcomes(dealt))
    assert len(orders) == len(set(orders)) == 720


def test_the_json_forms_through_the_interface() -> None:
    rng = random.Random(1)
    state = GAME.new_game(3, None)
    assert isinstance(state, FrogState)
    while not state.is_terminal:
        action = GAME.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        state, events = state.step(action)
        assert all(GAME.event_to_json(e)["clauses"] for e in events)
        assert all(GAME.describe_event(e) for e in events)
    assert GAME.rules_from_json(GAME.rules_to_json(state.rules)) == state.rules
    assert GAME.state_to_json(state)["phase"] == "over"
    assert GAME.progress(state) == "deal 3"


def _midplay() -> FrogState:
    rng = random.Random(2)
    state = new_game(3)
    while not (state.phase.value == "play" and len(state.trick) == 2):
        state = state.apply(
            sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    return state


def test_render_shows_the_match_the_contract_the_hands_and_the_trick() -> None:
    state = _midplay()
    text = GAME.render(state)
    assert f"dealer seat {state.dealer}" in text and f"by seat {state.bidder}" in text
    assert render_trick(state.trick) in text
    for hand in state.hands:
        assert render_hand(hand) in text
    assert render_hand(cards("AS 9S KH 7D")) == "♠ A 9  ♥ K  ♦ 7  ♣ -"
    assert (
        render_trick(((1, cards("AS")[0]), (2, cards("7H")[0])), winner=2)
        == "seat 1 AS, seat 2 7H: seat 2 wins"
    )


def test_the_svg_pictures_are_well_formed_and_show_the_cards() -> None:
    held = cards("7D AS KH 9S")
    svg = hand_svg(held)
    root = ET.fromstring(svg)
    shown = [g.get("data-card") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert shown == ["AS", "9S", "KH", "7D"]  # sorted by suit, highest first
    trick = trick_svg(((0, held[1]), (1, held[0])))
    assert [g.get("data-card") for g in ET.fromstring(trick).iter("{http://www.w3.org/2000/svg}g")] == [
        "AS",
        "7D",
    ]
    state = _midplay()
    seat = state.turn
    drawn = [
        g.get("data-card") for g in ET.fromstring(picture(state, seat)).iter("{http://www.w3.org/2000/svg}g")
    ]
    assert drawn == [str(c) for _, c in state.trick] + [str(c) for c in state.hands[seat]]


def test_describe_says_what_happened() -> None:
    rng = random.Random(4)
    state = GAME.new_game(3, None)
    said = []
    while not state.is_terminal:
        state, events = state.step(
            GAME.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        said += [describe(e) for e in events]
    assert said[0].endswith("deals") and said[-1].startswith("the match is over")
    assert any("plays" in line for line in said)


def test_an_events_fields_are_given_by_name_only() -> None:
    """Ten fields, most of them seats, cards or numbers: by position a slip would go unseen (the
    recorder's ``fire``, typed from the event class, takes them so too)."""
    assert str(Event(EventKind.DEALT, ("deal.hands",), seat=1)) == "dealt seat=1 [deal.hands]"
    with pytest.raises(TypeError):
        Event(EventKind.DEALT, ("deal.hands",), 1)  # type: ignore[call-arg]


TAKES = {
    "dealer": "the draw of the first dealer, a DrawDealer",
    "deal": "a Shuffle of the deck",
    "auction": "a call: 'pass', 'frog', 'chico' or 'grand'",
    "widow": "'take-widow' or 'leave-widow'",
    "discard": "'discard CARDS'",
    "trump": "'trump SUIT'",
    "play": "'play CARD'",
}
"""What each phase's refusal of another kind of action says the phase takes."""


def test_an_action_of_another_kind_is_refused_naming_what_the_phase_takes() -> None:
    """In every phase an action of another kind (a call where a card is played, a card where a call
    is made, a number) is refused by the phase's clause, saying what the phase takes."""
    from froeschis.framework.errors import IllegalActionError
    from froeschis.games.frog.actions import Bid, Play
    from froeschis.games.frog.rules import Rules

    said: dict[str, set[str]] = {}
    for seed in range(40):  # enough matches for a frog bidder to take the widow and lay away
        rng = random.Random(seed)
        state = new_game(3, Rules(optional_frog_exchange=True))
        while not state.is_terminal:
            phase = state.phase.value
            other = Bid(None) if phase == "play" else Play(cards("7H")[0])
            for wrong in (other, 3.5):
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(wrong)  # type: ignore[arg-type]
                assert refused.value.clause == state.rules.table.clause_of(PHASE_SLOT[state.phase])
                said.setdefault(phase, set()).add(refused.value.reason)
            action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
            state = state.apply(action)
    assert said == {
        phase: {f"this {phase} phase takes {takes}", f"3.5 is not a Frog action: expected {takes}"}
        for phase, takes in TAKES.items()
    }
