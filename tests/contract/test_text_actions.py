"""Every game's state takes an action's text where it takes the action (issue 29, item 19:
``state.apply("no-move")`` was refused, the text needing the game's ``parse_action`` first)."""

from __future__ import annotations

import pytest

from froeschis.framework import registry
from froeschis.framework.errors import FormatError, IllegalActionError
from froeschis.framework.game import Game
from tests.contract.random_games import random_game

GAMES = [pytest.param(registry.game(name), id=name) for name in registry.names()]


@pytest.mark.parametrize("of", GAMES)
def test_every_decision_applies_alike_as_its_text(of: Game) -> None:
    """Each decision of a seeded game, written as ``str`` writes it, leads to the same state, the
    same events and the same provenance; and so does each legal alternative there."""
    states, actions, _ = random_game(of, of.rules(), seed=4, limit=120)
    decided = 0
    for before, action in zip(states, actions, strict=False):
        if before.is_chance:
            continue
        decided += 1
        for legal in before.legal_actions():
            assert before.apply(str(legal)) == before.apply(legal), str(legal)
        assert before.step(str(action)) == before.step(action)
        assert before.transition(str(action)).fired == before.transition(action).fired
    assert decided > 10


@pytest.mark.parametrize("of", GAMES)
def test_text_that_is_no_action_is_a_format_error_and_an_illegal_one_names_its_clause(of: Game) -> None:
    states, _, _ = random_game(of, of.rules(), seed=4, limit=40)
    state = next(s for s in states if not s.is_chance and not s.is_terminal)
    for call in (state.apply, state.step, state.transition):
        with pytest.raises(FormatError, match=r"^action: unknown"):
            call("no such action")
    with pytest.raises(IllegalActionError):
        state.apply(7)  # neither an action nor text: refused as before
    legal = {str(action) for action in state.legal_actions()}
    other = next(
        str(action)
        for later in states
        if not later.is_chance
        for action in later.legal_actions()
        if str(action) not in legal
    )
    with pytest.raises(IllegalActionError) as refused:
        state.apply(other)
    assert refused.value.clause in of.catalogue().ids()
