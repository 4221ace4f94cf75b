"""The lock-step verifier: an engine that says it plays a game's very games is held to the game's
reference engine at every step.

:func:`first_difference` plays seeded random games on both at once, from the same start and by the
same actions (each chance outcome drawn from the reference state, each decision picked among the
reference's legal actions), and after every action compares what the two say: whether the game is
at a chance node or over, the legal actions (by their JSON forms, in order), the state (the JSON
form of the engine's reference state, :meth:`~froeschis.framework.engines.Stepper.to_state`) and
the returns. The first thing that differs is the answer, with where it happened (the seed, the
step, the actions up to it) to replay it from; None when every step of every game agreed. An engine
that raises where the reference does not is a difference too.

Which configurations to play is the caller's: :func:`configurations` gives a game's usual ones (each
player count by the published rules, each variant alone, each tiny configuration, whose short decks
and small bags reach the rare steps: Fröschis' reshuffles).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from froeschis.framework.engines import Engine, Stepper
from froeschis.framework.errors import possessive
from froeschis.framework.game import Game


@attrs.frozen
class Difference:
    """The first step at which an engine and the reference disagreed."""

    game: str
    engine: str
    players: int
    rules: Any
    """The rules, in the game's JSON form."""
    seed: int
    step: int
    """The actions played before it (0: at the start)."""
    what: str
    """What differed: ``state``, ``legal actions``, ``returns``, ``chance``, ``terminal``, ``error``."""
    reference: Any
    engine_said: Any
    actions: tuple[Any, ...]
    """The actions up to it, in their JSON forms."""
    clauses: tuple[str, ...] = ()
    """The clauses that decided the reference's last step (its events' causes, main causes first,
    each once): the rules the engine played differently there; empty at the start."""

    def __str__(self) -> str:
        clauses = f" (the step's clauses: {', '.join(self.clauses)})" if self.clauses else ""
        return (
            f"{self.engine} differs from {self.game}'s reference in its {self.what} after "
            f"{self.step} actions{clauses} ({self.players} players, seed {self.seed}, rules {self.rules}): "
            f"reference {self.reference!r}, {self.engine} {self.engine_said!r}"
        )


def configurations(game: Game) -> Iterator[tuple[int, Any]]:
    """A game's usual configurations to verify in, as (players, rules): every player count by the
    published rules, every variant alone at the most players, every tiny configuration."""
    for players in game.players:
        yield players, game.rules()
    for variant in game.variants:
        yield game.players[-1], game.rules(**{variant.option: True})
    for tiny in game.tiny:
        yield tiny.players, tiny.rules


def first_difference(
    game: Game,
    engine: Engine,
    players: int,
    rules: Any,
    seeds: Iterable[int],
    max_steps: int = 2_000,
) -> Difference | None:
    """The first difference between ``engine`` and the reference in the seeded random games of
    ``players`` by ``rules``, one per seed, each to its end or to ``max_steps`` actions (random play
    need not end a game: in Fröschis, players who keep taking a dead discard); None when they agree
    at every step. ``engine`` must
    play in lock step (:attr:`Engine.lock_step <froeschis.framework.engines.Engine.lock_step>`)."""
    start = engine.lock_step
    if start is None:
        raise ValueError(f"{engine.name} plays games of its own, not {possessive(game.title)} in lock step")
    for seed in seeds:
        found = _one_game(game, engine.name, start(players, rules), players, rules, seed, max_steps)
        if found is not None:
            return found
    return None


def _one_game(
    game: Game, name: str, other: Stepper, players: int, rules: Any, seed: int, max_steps: int
) -> Difference | None:
    rng = random.Random(seed)
    state = before = game.new_game(players, rules)
    played: list[Any] = []

    def differs(what: str, reference: Any, engine_said: Any) -> Difference:
        return Difference(
            game.name,
            name,
            players,
            game.rules_to_json(rules),
            seed,
            len(played),
            what,
            reference,
            engine_said,
            tuple(game.action_to_json(action) for action in played),
            _clauses(before, played[-1]) if played else (),
        )

    while True:
        try:
            said = _said(game, other, other.to_state())
        except Exception as error:  # an engine that breaks where the reference goes on
            return differs("error", None, repr(error))
        for what, reference in _said(game, state, state).items():
            if said[what] != reference:
                return differs(what, reference, said[what])
        if state.is_terminal or len(played) == max_steps:
            return None
        action = game.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        before, state = state, state.apply(action)
        try:
            other.apply(action)
        except Exception as error:
            return differs("error", None, repr(error))
        played.append(action)


def _clauses(before: Any, action: Any) -> tuple[str, ...]:
    """The clauses of the reference's step from ``before`` by ``action`` (from its events)."""
    _, events = before.step(action)
    return tuple(dict.fromkeys(clause for event in events for clause in event.clauses))


def _said(game: Game, on: Any, reference: Any) -> dict[str, Any]:
    """What a reference state or an engine's game says, comparably (``reference``: where it
    stands, as a reference state)."""
    return {  # the state first: where it differs, it says most
        "state": game.state_to_json(reference),
        "terminal": on.is_terminal,
        "chance": on.is_chance,
        "legal actions": [game.action_to_json(action) for action in on.legal_actions()],
        "returns": tuple(on.returns()),
    }
