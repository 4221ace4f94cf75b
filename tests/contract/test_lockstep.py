"""Every engine of every registered game that says it plays the game's very games (a lock-step
engine: Fröschis' FastGame) is held to the game's reference engine at every step of seeded random
games in the game's usual configurations, by the framework's lock-step verifier. An engine that plays
games of its own (Fröschis' kernel) is verified by distribution instead
(``tests/games/froeschis/test_kernel.py``)."""

from __future__ import annotations

import pytest

from froeschis.framework.lockstep import configurations, first_difference
from froeschis.framework.registry import game, names
from froeschis.framework.runs import engines_of

LOCK_STEP = [
    (name, engine.name)
    for name in names()
    for engine in engines_of(game(name)).engines
    if engine.lock_step is not None
]


def test_the_lock_step_engines_are_found() -> None:
    """The list below is not empty by accident: Fröschis' FastGame is one."""
    assert ("froeschis", "fast") in LOCK_STEP


@pytest.mark.parametrize(("name", "engine"), LOCK_STEP)
def test_every_lock_step_engine_plays_the_reference_games_step_by_step(name: str, engine: str) -> None:
    of = game(name)
    checked = engines_of(of).engine(engine)
    for players, rules in configurations(of):
        assert first_difference(of, checked, players, rules, range(8)) is None
