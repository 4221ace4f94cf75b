"""Every registered game at the terminal: its :class:`~froeschis.framework.answers.Person` (``froeschis
play``) and its :class:`~froeschis.framework.telling.Telling` (``froeschis explain``), and the
numbered scheme every game can be played by, over seeded random games. A question lists every legal
action once, each listed key answers its own action and the action's text does too, junk is refused
saying what is accepted; the words for a step and an end are there for every state. These check
presentation, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

from typing import Any

import pytest

from froeschis.framework.answers import Person
from froeschis.framework.game import Game
from froeschis.framework.registry import game, names
from froeschis.framework.terminal import numbered, person, telling
from tests.contract.random_games import random_game
from tests.contract.test_parts import path

JUNK = ("hello", "?", "1²", "\u0663", "99999999", "frog@", "draw draw")
"""Answers no game's question takes: words, signs, digits int() does not read, a number past any list."""
STYLES = {"", "bold", "dim"}


def decisions(of: Game, seed: int, most: int = 40) -> list[Any]:
    """Some of the decision states of seeded random games of ``of``: by the published rules, and by
    each variant (whose actions may need keys of their own: Fröschis' swap); ``most`` of them, spread
    over the games."""
    found = []
    for rules in (of.rules(), *(of.rules(**{variant.option: True}) for variant in of.variants)):
        states, _, _ = random_game(of, rules, seed, 100)
        found += [state for state in states[:100] if not state.is_chance and not state.is_terminal]
    return found[:: max(1, len(found) // most)][:most]


def people(name: str) -> list[Person]:
    """The game's own way of being played, and the numbered one every game can be played by."""
    of = game(name)
    return [person(of), numbered(of)]


@pytest.mark.parametrize("name", names())
def test_every_listed_key_answers_its_action_and_junk_is_refused_saying_what_is_accepted(name: str) -> None:
    of = game(name)
    for seen in people(name):
        for state in decisions(of, seed=2):
            seat = state.current_player
            asked = seen.question(state, seat)
            assert [choice.action for choice in asked.choices] == list(state.legal_actions())
            assert len({choice.key for choice in asked.choices}) == len(asked.choices)
            assert asked.heading and asked.accepted.endswith("or q to give up")
            for choice in asked.choices:
                assert seen.answer(choice.key, state, asked) == (choice.action, "")
                assert seen.answer(f" {choice.key.upper()}\n", state, asked)[0] == choice.action
            for junk in JUNK:
                action, why = seen.answer(junk, state, asked)
                assert action is None and why.endswith(asked.accepted), (junk, why)


@pytest.mark.parametrize("name", names())
def test_an_action_written_as_the_game_writes_it_is_that_action(name: str) -> None:
    of = game(name)
    for seen in people(name):
        for state in decisions(of, seed=4, most=15):
            asked = seen.question(state, state.current_player)
            for choice in asked.choices[:20]:
                written = str(of.action_to_json(choice.action))
                assert seen.answer(written, state, asked) == (choice.action, ""), written


@pytest.mark.parametrize("name", names())
def test_the_view_the_events_and_the_end_are_told_to_every_seat(name: str) -> None:
    of = game(name)
    history, actions = path(of, seed=5, limit=2000)
    final = history[-1]
    assert final.is_terminal, "the seeded game is to be played to its end"
    for seen in people(name):
        names_ = [f"bot{seat}" for seat in range(final.num_players)]
        for state in history[::25]:
            for seat in range(state.num_players):
                lines = seen.view(state, seat, names_)
                assert lines and all(text and style in STYLES for text, style in lines)
        for state, action in list(zip(history, actions, strict=False))[:60]:
            for event in state.step(action)[1]:
                told = seen.event(event, 0, names_)
                assert told is None or (told[0] and told[1] in STYLES)
        for seat in range(final.num_players):
            said = seen.over(final, seat)
            assert said.startswith("Game over") and said.endswith(
                ("You win!", "You lose.", "You do not win.")
            )
        assert of.bot(seen.opponent, of.rules()) is not None


@pytest.mark.parametrize("name", names())
def test_explain_has_words_for_every_step_and_for_how_a_record_ends(name: str) -> None:
    of = game(name)
    told = telling(of)
    history, actions = path(of, seed=6, limit=2000)
    for state, action in list(zip(history, actions, strict=False))[:80]:
        assert told.action(state, action)
        assert all(isinstance(line, str) and line for line in told.notes(state.transition(action)))
    assert told.over(history[-1]).startswith("Game over")
    assert isinstance(told.standing(history[len(history) // 2]), str)
