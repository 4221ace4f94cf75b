"""The bare loop that ``froeschis bench`` measures the engine against must play the same games.

Its speed means something only if it does all the work of the real games: same deals, same
choices, same chains, same reshuffles, same ends. Its random source is consumed exactly as
play_game's, so the first difference in anything would change every later draw and show up in
the number of actions, the rounds, the row lengths or the winners.
"""

from __future__ import annotations

import pytest

from froeschis.actions import Shuffle
from froeschis.baseline import BareResult, play_bare
from froeschis.play import play_game


def reference(players: int, seed: int) -> BareResult:
    final, record = play_game(players, seed)
    shuffles = sum(isinstance(action, Shuffle) for action in record.actions)
    return BareResult(
        winners=final.winners,
        actions=len(record.actions),
        rounds=final.round,
        lengths=tuple(p.length for p in final.players),
        reshuffles=shuffles - final.round,  # one shuffle deals each round; the rest are reshuffles
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bare_loop_plays_the_reference_games(players: int) -> None:
    for seed in range(40):
        assert play_bare(players, seed) == reference(players, seed), f"seed {seed}"


@pytest.mark.parametrize("seed", [676, 1534, 1992])
def test_the_bare_loop_reshuffles_like_the_engine(seed: int) -> None:
    """Random games rarely empty the draw pile (about 1 in 400 with 4 players); these seeds do."""
    expected = reference(4, seed)
    assert expected.reshuffles >= 1
    assert play_bare(4, seed) == expected
