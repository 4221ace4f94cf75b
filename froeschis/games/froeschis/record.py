"""Game records: the setup and the action list of a game, from which every state follows."""

from __future__ import annotations

import attrs

from froeschis.games.froeschis.actions import AnyAction
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.rules import Rules


@attrs.frozen
class GameRecord:
    """A whole game: the setup and the action list (chance included), which determines the rest."""

    players: int
    rules: Rules
    actions: tuple[AnyAction, ...]
    seed: int | None = None

    def replay(self) -> GameState:
        """The final state, replayed from the action list (raises on any illegal action)."""
        state = new_game(self.players, self.rules)
        for action in self.actions:
            state = state.apply(action)
        return state
