"""One hypothesis state machine over every registered game: random games, every invariant after
every step, through :class:`~froeschis.framework.game.Game` alone (as OpenSpiel's random_sim_test).

Each run draws a configuration the game names itself (its published rules at each player count, a
tiny configuration, a configuration its golden playthroughs are searched in: Fröschis' short rows,
Frog's short decks, Army of Frogs' small bags), any set of its variants on top, and then chance
outcomes (from a drawn seed, by ``Game.sample_chance``) and decisions (from the legal actions). After
every step it checks what every game promises: the game's own invariants (``Game.state_checks``,
``Game.step_check``, each stated from its rule text in ``games/<name>/invariants.py``); the state
left unchanged by the step and by every look at it (its JSON text the same); ``step``, ``apply`` and
``transition`` agreeing; every event and refusal naming clauses of the catalogue; the legal actions
unique, empty exactly at chance and terminal nodes, each one accepted; every action seen earlier in
the run and not legal now refused; the returns 0 until the end; JSON (and notation, where the game
has one) round trips that read back an equal state with an equal hash. Because hypothesis shrinks a
failing run, a broken invariant comes out as a short game.

What only one game can check (Army of Frogs' naive oracle) is under ``tests/games/<name>/``. These
check the whole engine, not one clause, so they carry no clause marker.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from froeschis.framework.errors import IllegalActionError
from froeschis.framework.game import Game
from froeschis.framework.registry import game, names
from froeschis.framework.state import CHANCE, TERMINAL

STEPS = 60
"""Steps per run: enough for a tiny configuration, a short row or a short deck to end."""
RUNS = 20
"""Runs per game (a hypothesis profile's ``max_examples`` above it is capped to it)."""
SEEN = 40
"""At most so many actions seen earlier in a run are proposed again at each state."""


@attrs.frozen
class Configuration:
    """A starting point the game names: players and rules (variants are drawn on top)."""

    label: str
    players: int
    rules: Any


def configurations(of: Game) -> tuple[Configuration, ...]:
    """The published rules at each player count, the tiny configurations and the playthroughs'."""
    found = [Configuration(f"{players}p-published", players, of.rules()) for players in of.players]
    found += [Configuration(f"tiny-{tiny.name}", tiny.players, tiny.rules) for tiny in of.tiny]
    if of.playthroughs is not None:
        plan = of.playthroughs
        found += [Configuration(s.label, s.players, s.rules) for s in (*plan.samples, *plan.whole_games)]
    return tuple(found)


def text(of: Game, state: Any) -> str:
    return json.dumps(of.state_to_json(state), sort_keys=True)


def machine(of: Game) -> type[RuleBasedStateMachine]:
    """The state machine over ``of``'s games."""
    clauses = frozenset(of.catalogue().ids())
    options = sorted(variant.option for variant in of.variants)

    class GameMachine(RuleBasedStateMachine):
        state: Any
        was: str
        """The state's JSON text when it was made: every later look at it must leave it so."""
        seen: dict[str, Any]
        chance: set[str]

        @initialize(
            start=st.sampled_from(configurations(of)),
            variants=st.sets(st.sampled_from(options)) if options else st.just(set()),
        )
        def begin(self, start: Configuration, variants: set[str]) -> None:
            event(f"from {start.label.split('-')[0]}")
            rules = attrs.evolve(start.rules, **dict.fromkeys(variants, True))
            self._enter(of.new_game(start.players, rules))
            self.seen, self.chance = {}, set()

        def _enter(self, state: Any) -> None:
            self.state, self.was = state, text(of, state)

        def teardown(self) -> None:
            if hasattr(self, "state"):
                assert text(of, self.state) == self.was, "the checks or the views changed the state"

        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            before = self.state
            if before.is_terminal:
                event("the game ended")
                return
            if before.is_chance:
                seed = data.draw(st.integers(0, 2**32 - 1), label="chance seed")
                action = of.sample_chance(before, random.Random(seed))
            else:
                action = data.draw(st.sampled_from(before.legal_actions()), label="action")
            after, events = before.step(action)
            assert text(of, before) == self.was, "the checks, the views or the step changed the state"
            assert after == before.apply(action), "step and apply disagree"
            transition = before.transition(action)
            assert transition.after == after and tuple(transition.events) == tuple(events)
            for fired in events:
                assert fired.clauses and set(fired.clauses) <= clauses, f"{fired} names unknown clauses"
            assert set(transition.clauses) <= clauses, f"{action}'s provenance names unknown clauses"
            assert of.action_from_json(json.loads(json.dumps(of.action_to_json(action)))) == action
            if of.step_check is not None:
                of.step_check(before, after, events)
            self._remember(action, before.is_chance)
            self._enter(after)

        def _remember(self, action: Any, chance: bool) -> None:
            key = json.dumps(of.action_to_json(action), sort_keys=True)
            self.seen.setdefault(key, action)
            if chance:
                self.chance.add(key)

        @invariant()
        def keeps_the_game_s_own_invariants(self) -> None:
            for check in of.state_checks:
                check(self.state)
            for seat in range(self.state.num_players):
                json.dumps(of.observe(self.state, seat))  # JSON text, or TypeError

        @invariant()
        def has_a_well_formed_node(self) -> None:
            state = self.state
            legal = tuple(state.legal_actions())
            assert len(set(legal)) == len(legal), f"legal actions repeated: {legal}"
            assert bool(legal) == (not state.is_chance and not state.is_terminal), f"legal {legal}"
            assert not (state.is_chance and state.is_terminal)
            if state.is_terminal:
                assert state.current_player == TERMINAL
            elif state.is_chance:
                assert state.current_player == CHANCE
            else:
                assert 0 <= state.current_player < state.num_players
            returns = state.returns()
            assert len(returns) == state.num_players
            if not state.is_terminal:
                assert returns == (0.0,) * state.num_players and state.winners == ()
            winners = state.winners
            assert len(set(winners)) == len(winners) and all(0 <= w < state.num_players for w in winners)
            assert of.win_returns(state) == tuple(float(s in winners) for s in range(state.num_players))

        @invariant()
        def accepts_exactly_the_legal_actions(self) -> None:
            """Every legal action applies; every action seen earlier in the run that is not legal
            now is refused naming a clause (a chance outcome at a chance node aside: the chance
            node's own tests judge a different deck's order)."""
            state = self.state
            legal = set(state.legal_actions())
            for action in legal:
                state.apply(action)
            proposed = [(k, a) for k, a in self.seen.items() if a not in legal][-SEEN:]
            for key, action in proposed:
                if state.is_chance and key in self.chance:
                    continue
                try:
                    state.apply(action)
                except IllegalActionError as refused:
                    assert refused.clause in clauses, f"{action} refused naming {refused.clause}"
                    continue
                raise AssertionError(f"{action} was accepted but is not among the legal actions {legal}")

        @invariant()
        def reads_back_equal(self) -> None:
            state = self.state
            if of.state_from_json is not None:
                loaded = of.state_from_json(json.loads(self.was))
                assert loaded == state and hash(loaded) == hash(state), "JSON round trip"
            if of.parse_position is not None and of.format_position is not None:
                assert of.parse_position(of.format_position(state)) == state, "notation round trip"

    GameMachine.__name__ = GameMachine.__qualname__ = f"GameMachine[{of.name}]"
    return GameMachine


def _test_case(name: str) -> type:
    case = machine(game(name)).TestCase
    case.settings = settings(
        case.settings, stateful_step_count=STEPS, max_examples=min(RUNS, settings().max_examples)
    )
    return case


for _name in names():
    globals()[f"TestStateMachine_{_name.replace('-', '_')}"] = _test_case(_name)
