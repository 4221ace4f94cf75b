"""The game an environment advances, for every game and every environment (PettingZoo's AEC
environments, the Gymnasium environments): chance resolved as soon as it comes, so the state
is always a decision or the end, and the whole action list kept so that it replays on the engine.
It needs none of the ``rl`` extra's packages."""

from __future__ import annotations

import random
from typing import Any

import attrs

from froeschis.framework.game import Game


@attrs.define
class Episode:
    """The game an environment advances: its state, always a decision or the end (chance is
    resolved from ``chance`` as soon as it comes), and every action so far, chance included (they
    replay on the engine). Past ``max_steps`` actions it is :attr:`truncated` (a game's rules may
    have no end for players who keep undoing each other)."""

    game: Game
    start: Any
    chance: random.Random
    max_steps: int
    state: Any = attrs.field(init=False)
    actions: list[Any] = attrs.field(init=False, factory=list)

    def __attrs_post_init__(self) -> None:
        self.state = self.start
        self._resolve_chance()

    def play(self, action: Any) -> None:
        """The current player takes ``action``; the engine refuses an illegal one, changing nothing."""
        self.state = self.state.apply(action)
        self.actions.append(action)
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        while self.state.is_chance and not self.truncated:
            outcome = self.game.sample_chance(self.state, self.chance)
            self.state = self.state.apply(outcome)
            self.actions.append(outcome)

    @property
    def truncated(self) -> bool:
        """The game reached ``max_steps`` actions without ending."""
        return len(self.actions) >= self.max_steps and not self.state.is_terminal
