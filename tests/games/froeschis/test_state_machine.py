"""A hypothesis state machine over the engine: random games, every invariant after every step.

Players (2-4) and every combination of the three variants are drawn per run; chance outcomes are
drawn as permutations of the chance pool, decisions from the legal actions. Because hypothesis
shrinks a failing run to a short action list, a broken invariant comes out as a small game.
"""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from froeschis.games.froeschis.actions import AnyAction, Shuffle
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.invariants import check_legality, check_observations, check_state, check_step
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.serialize import state_from_json, state_to_json


class GameMachine(RuleBasedStateMachine):
    state: GameState

    @initialize(
        players=st.integers(2, 4),
        discard_only_if_placeable=st.booleans(),
        optional_frog_swap=st.booleans(),
        reveal_at_round_end=st.booleans(),
        row_length=st.sampled_from([8, 8, 3, 2]),
    )
    def start(
        self,
        players: int,
        discard_only_if_placeable: bool,
        optional_frog_swap: bool,
        reveal_at_round_end: bool,
        row_length: int,
    ) -> None:
        rules = Rules(
            discard_only_if_placeable=discard_only_if_placeable,
            optional_frog_swap=optional_frog_swap,
            reveal_at_round_end=reveal_at_round_end,
            row_length=row_length,
        )
        self.state = new_game(players, rules)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.state
        if before.is_terminal:
            # Nothing is legal once the game is over; the winners completed one-spot rows.
            assert before.legal_actions() == () and before.winners
            assert all(before.players[w].length == 1 for w in before.winners)
            return
        frozen_before = json.dumps(state_to_json(before))
        action: AnyAction
        if before.is_chance:
            action = Shuffle(tuple(data.draw(st.permutations(before.chance_pool()), label="shuffle")))
        else:
            action = data.draw(st.sampled_from(before.legal_actions()), label="action")
        after, events = before.step(action)
        assert json.dumps(state_to_json(before)) == frozen_before, "apply changed the old state"
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
    def json_round_trip_is_equal_and_hashes_equally(self) -> None:
        loaded = state_from_json(json.loads(json.dumps(state_to_json(self.state))))
        assert loaded == self.state and hash(loaded) == hash(self.state)


TestGame = GameMachine.TestCase
TestGame.settings = settings(TestGame.settings, stateful_step_count=120)
