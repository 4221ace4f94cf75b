"""The bare loop that ``froeschis bench`` measures the engine against must play the same games.

Its speed means something only if it does all the work of the real games: same deals, same
choices, same chains, same reshuffles, same ends. The random draws alone would not show a
difference (a choice draws by the number of options, not by what they are), so besides the counts
the whole final table is compared: every row spot by spot, face up or down, and both piles. A card
lost, misplaced or taken from the wrong place shows there, or changes the game from then on.
"""

from __future__ import annotations

import pytest

from froeschis.games.froeschis.actions import Shuffle
from froeschis.games.froeschis.bench import DECK, FACE_DOWN, LEAST_FACE_DOWN, BareResult, play_bare
from froeschis.games.froeschis.bots import play_game


def play_counting_cards(players: int, seed: int) -> BareResult:
    """The bare game, checking at every round's end that the table holds the deck exactly."""

    def holds_the_deck(rows: list[list[int]], draw: list[int], discard: list[int]) -> None:
        shown = [code - FACE_DOWN if code >= LEAST_FACE_DOWN else code for row in rows for code in row]
        assert sorted(shown + draw + discard) == DECK

    return play_bare(players, seed, on_round_end=holds_the_deck)


def reference(players: int, seed: int) -> BareResult:
    final, record = play_game(players, seed)
    shuffles = sum(isinstance(action, Shuffle) for action in record.actions)
    return BareResult(
        winners=final.winners,
        actions=len(record.actions),
        rounds=final.round,
        lengths=tuple(p.length for p in final.players),
        reshuffles=shuffles - final.round,  # one shuffle deals each round; the rest are reshuffles
        rows=tuple(
            tuple(s.card.code + (0 if s.face_up else FACE_DOWN) for s in p.row.spots) for p in final.players
        ),
        draw_pile=tuple(card.code for card in final.draw_pile),
        discard_pile=tuple(card.code for card in final.discard_pile),
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bare_loop_plays_the_reference_games(players: int) -> None:
    for seed in range(40):
        assert play_counting_cards(players, seed) == reference(players, seed), f"seed {seed}"


@pytest.mark.parametrize("seed", [676, 1534, 1992, 2629, 2659, 2730, 2918, 3254])
def test_the_bare_loop_reshuffles_like_the_engine(seed: int) -> None:
    """Random games rarely empty the draw pile (about 1 in 400 with 4 players); these seeds do."""
    expected = reference(4, seed)
    assert expected.reshuffles >= 1
    assert play_counting_cards(4, seed) == expected


def test_the_bare_loop_plays_the_same_without_a_hook() -> None:
    assert play_bare(4, 1992) == play_counting_cards(4, 1992)
