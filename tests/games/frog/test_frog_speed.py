"""The reference engine does no rule's work twice: counted, not timed (the times are ``froeschis
bench --game frog``'s).

A bot lists a state's legal decisions and then applies one of them; the check of that decision
is the same listing, so a state lists them once (it remembers them: a state is a value, its
decisions never change), and the remembered listing is no part of the position.
"""

from __future__ import annotations

import random

import attrs
import pytest

from froeschis.framework.table import Reading, clause
from froeschis.games.frog import clauses
from froeschis.games.frog.actions import Action
from froeschis.games.frog.cards import Suit
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Phase, Plays, Trick
from froeschis.games.frog.table import Cards, FrogTable

CALLS = {"playable": 0}


@clause("play.no-duty-to-win")
def counted_playable(
    table: FrogTable, hand: Cards, plays: Plays, trump: Suit | None, tricks: tuple[Trick, ...]
) -> Cards:
    CALLS["playable"] += 1
    return clauses.any_allowed_card(table, hand, plays, trump, tricks)


COUNTING = Rules(readings=(Reading("playable", counted_playable, "counted"),))


def random_match(seed: int, rules: Rules | None = None) -> list[tuple[FrogState, Action]]:
    """The states of a random match with the action taken from each, each decision listed by the
    bot first, as a bot does."""
    rng = random.Random(seed)
    state = new_game(3, rules)
    steps: list[tuple[FrogState, Action]] = []
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        steps.append((state, action))
        state = state.apply(action)
    return steps


@pytest.mark.clause("frog:play.no-duty-to-win")
def test_a_card_played_after_listing_is_checked_by_that_listing() -> None:
    CALLS["playable"] = 0
    steps = random_match(3, COUNTING)
    plays = sum(1 for state, _ in steps if state.phase is Phase.PLAY)
    assert plays == 3 * 33
    assert CALLS["playable"] == plays


def test_the_remembered_listing_is_no_part_of_the_position() -> None:
    for state, _ in random_match(4):
        listed = attrs.evolve(state)  # the same fields, nothing listed yet
        listed.legal_actions()
        unlisted = attrs.evolve(state)
        assert listed == unlisted and hash(listed) == hash(unlisted) and repr(listed) == repr(unlisted)
        assert listed.legal_actions() == unlisted.legal_actions()


def test_a_state_built_by_a_step_is_a_frozen_state_like_any_other() -> None:
    """Every step builds its state as a plain slotted object of the same layout
    (``engine._Built``) and then makes it a FrogState: the two classes have one layout (or the
    class could not change), and what a step returns is equal to the state attrs builds of the same
    fields, hashes alike and refuses assignment as any frozen state does."""
    from froeschis.games.frog import engine

    assert engine._Built.__slots__ == FrogState.__slots__
    assert [f.name for f in attrs.fields(FrogState)] == list(FrogState.__slots__)
    for state, _ in random_match(5):
        assert type(state) is FrogState
        rebuilt = FrogState(*[getattr(state, f.name) for f in attrs.fields(FrogState) if f.init])
        assert rebuilt == state and hash(rebuilt) == hash(state) and repr(rebuilt) == repr(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.turn = 0  # type: ignore[misc]


def test_a_listed_state_copied_or_unpickled_takes_every_legal_decision() -> None:
    """The check of a card or a discard finds it among the remembered listing by identity; a copy or
    a pickle of a play or a discard is the shared value again, so a listed state copied or sent to
    another process takes each of its legal decisions as the state itself does."""
    import copy
    import pickle

    phases = set()
    for seed in (0, 3):
        for state, _ in random_match(seed, Rules()):
            if state.is_chance:
                continue
            phases.add(state.phase)
            for action in state.legal_actions()[:40]:
                expected = state.apply(action)
                assert pickle.loads(pickle.dumps(state)).apply(action) == expected
                assert copy.deepcopy(state).apply(action) == expected
    assert {Phase.AUCTION, Phase.DISCARD, Phase.PLAY} <= phases
