"""Random Army of Frogs games judged by the naive oracle after every step: what only this game's
tests can check, beside the contract state machine every game runs (tests/contract/test_state_machine.py).

Players (2-4), any of the six variants and the size (the published stones, or a tiny configuration)
are drawn per game, then the shuffle and the decisions. The invariants (tests/army_invariants.py,
which the tiny walk of test_army_tiny.py checks too) are stated by tests/army_oracle.py, written
without the engine's code: one island, no forbidden string, the stones conserved, hands of at most
two, the legal actions in the protocol's order and exactly the accepted ones among adds and moves
proposed near the island (each refusal naming a clause), own-colour adds apart from their colour,
moves of the seat's own stones, wins only for linked colours, one turn a step, views that hide the
bag's order, JSON and notation round trips.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from froeschis.games.army_of_frogs.actions import AnyAction, Shuffle
from froeschis.games.army_of_frogs.engine import new_game
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from tests.army_builders import rules_with
from tests.army_invariants import (
    check_legality,
    check_round_trips,
    check_state,
    check_step,
    check_views,
    frozen,
)

STEPS = 60


@settings(max_examples=12)
@given(
    players=st.integers(2, 4),
    options=st.fixed_dictionaries({option: st.booleans() for option in VARIANT_OPTIONS}),
    tiny=st.booleans(),
    data=st.data(),
)
def test_every_state_and_step_of_a_random_game_keeps_the_oracle_s_invariants(
    players: int, options: dict[str, bool], tiny: bool, data: st.DataObject
) -> None:
    state = new_game(players, rules_with(options, tiny))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    for _ in range(STEPS):
        check_state(state)
        check_views(state)
        check_legality(state, rng)
        check_round_trips(state)
        if state.is_terminal:
            assert state.legal_actions() == ()
            return
        action: AnyAction
        if state.is_chance:
            action = Shuffle(tuple(data.draw(st.permutations(state.chance_pool()), label="shuffle")))
        else:
            action = data.draw(st.sampled_from(state.legal_actions()), label="action")
        was = frozen(state)
        after, events = state.step(action)
        check_step(state, was, action, after, events)
        state = after
