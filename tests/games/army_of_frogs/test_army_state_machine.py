"""A hypothesis state machine over Army of Frogs: random games, every invariant after every step.

Players (2-4), every combination of the six variants and the size (the published stones, or a tiny
configuration) are drawn per run; the shuffle is drawn as a permutation of the bag, decisions from the
legal actions. The invariants (tests/army_invariants.py) check one island, no forbidden string, the
stones conserved, own-colour adds apart, legal actions exactly the accepted ones, immutability, the
JSON and notation round trips and the seats' views after every step.
"""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from froeschis.games.army_of_frogs.actions import AnyAction, Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
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


class ArmyGame(RuleBasedStateMachine):
    state: ArmyState
    rng: random.Random

    @initialize(
        players=st.integers(2, 4),
        options=st.fixed_dictionaries({option: st.booleans() for option in VARIANT_OPTIONS}),
        tiny=st.booleans(),
        seed=st.integers(0, 2**32),
    )
    def start(self, players: int, options: dict[str, bool], tiny: bool, seed: int) -> None:
        self.state = new_game(players, rules_with(options, tiny))
        self.rng = random.Random(seed)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.state
        if before.is_terminal:
            assert before.legal_actions() == ()
            return
        action: AnyAction
        if before.is_chance:
            action = Shuffle(tuple(data.draw(st.permutations(before.chance_pool()), label="shuffle")))
        else:
            action = data.draw(st.sampled_from(before.legal_actions()), label="action")
        was = frozen(before)
        after, events = before.step(action)
        check_step(before, was, action, after, events)
        self.state = after

    @invariant()
    def state_is_sound(self) -> None:
        check_state(self.state)
        check_views(self.state)

    @invariant()
    def only_legal_actions_are_accepted(self) -> None:
        check_legality(self.state, self.rng)

    @invariant()
    def forms_round_trip(self) -> None:
        check_round_trips(self.state)


TestArmyGame = ArmyGame.TestCase
TestArmyGame.settings = settings(TestArmyGame.settings, stateful_step_count=60, max_examples=20)
