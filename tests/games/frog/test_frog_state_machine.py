"""A hypothesis state machine over Frog: random matches, every invariant after every step.

Each run draws the variants and a match's length (or a short deck); chance outcomes are drawn as
seats and permutations of the deck, decisions from the legal actions. The invariants
(:mod:`froeschis.games.frog.invariants`) are stated from the rule text: the 36 cards conserved, 120
points per deal, the legal cards exactly the obligations, payments summing to zero, nothing hidden
in a seat's view; and here: immutability and JSON round trips.
"""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from froeschis.games.frog.actions import Action, DrawDealer, Shuffle
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.invariants import check_legality, check_observations, check_state, check_step
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.serialize import state_from_json, state_to_json
from froeschis.games.frog.tiny import TWO_CARDS


class MatchMachine(RuleBasedStateMachine):
    state: FrogState

    @initialize(
        options=st.sets(st.sampled_from(VARIANT_OPTIONS)),
        deals=st.integers(1, 3),
        short=st.booleans(),
    )
    def start(self, options: set[str], deals: int, short: bool) -> None:
        deck = {"deck": TWO_CARDS} if short else {}
        rules = Rules(**dict.fromkeys(options, True), deals=deals, target_score=200, **deck)  # type: ignore[arg-type]
        self.state = new_game(3, rules)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.state
        if before.is_terminal:
            assert before.legal_actions() == () and before.winners
            return
        frozen = json.dumps(state_to_json(before))
        action: Action
        if before.phase.value == "dealer":
            action = DrawDealer(
                data.draw(st.sampled_from(before.rules.table.first_dealers()), label="dealer")
            )
        elif before.is_chance:
            action = Shuffle(tuple(data.draw(st.permutations(before.chance_pool()), label="shuffle")))
        else:
            action = data.draw(st.sampled_from(before.legal_actions()), label="action")
        after, events = before.step(action)
        assert json.dumps(state_to_json(before)) == frozen, "apply changed the old state"
        assert after == before.apply(action), "step and apply disagree"
        check_step(before, after, events)
        self.state = after

    @invariant()
    def state_is_sound(self) -> None:
        check_state(self.state)
        check_observations(self.state)

    @invariant()
    def only_legal_actions_are_accepted(self) -> None:
        check_legality(self.state)

    @invariant()
    def json_round_trip_is_equal(self) -> None:
        loaded = state_from_json(json.loads(json.dumps(state_to_json(self.state))))
        assert loaded == self.state and hash(loaded) == hash(self.state)


TestMatch = MatchMachine.TestCase
TestMatch.settings = settings(TestMatch.settings, stateful_step_count=50)
