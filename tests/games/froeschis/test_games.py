"""Seeded random games from start to finish: every step conserves the cards, and every game
replays identically from its JSON record.

``FROESCHIS_GAMES`` sets the number of games per player count (default 40; the release check
runs 1000: ``FROESCHIS_GAMES=1000 python3 -m pytest tests/games/froeschis/test_games.py``).
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from froeschis import new_game, play_game
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.serialize import record_from_json, record_to_json

GAMES = int(os.environ.get("FROESCHIS_GAMES", "40"))


def cards_held(state: GameState) -> Counter[object]:
    held: Counter[object] = Counter(state.draw_pile)
    held.update(state.discard_pile)
    if state.hand is not None:
        held[state.hand] += 1
    for player in state.players:
        held.update(s.card for s in player.row.spots)
    return held


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_finish_conserve_cards_and_replay_from_json(players: int) -> None:
    for seed in range(GAMES):
        final, record = play_game(players, seed)
        assert final.is_terminal and final.winners
        deck = Counter(final.rules.deck)
        assert sum(deck.values()) == 60
        state = new_game(players)
        assert cards_held(state) == deck
        for action in record.actions:
            state = state.apply(action)
            assert cards_held(state) == deck
        assert state == final
        loaded = record_from_json(json.loads(json.dumps(record_to_json(record))))
        assert loaded.replay() == final
