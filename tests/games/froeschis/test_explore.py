"""Exhaustive walks of tiny games: invariants in every reachable state, and the census fingerprint."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from froeschis.framework.chance import distinct_orders
from froeschis.framework.invariants import InvariantError
from froeschis.framework.registry import game
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.events import Event
from froeschis.games.froeschis.invariants import check_observations, check_state, check_step
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.spec import spec_dir
from froeschis.games.froeschis.tiny import TINY_CONFIGS, tiny_deck
from froeschis.verify.explore import census_toml, divide, explore, perft

DUEL = Rules(deck=tiny_deck("1 1 F T T"), row_length=1)
FROESCHIS = game("froeschis")


def check_everything(state: GameState) -> None:
    check_state(state)
    check_observations(state)


def test_every_reachable_state_of_every_tiny_game_keeps_the_invariants_and_the_census_holds() -> None:
    """Walks all 16 configurations (4 decks x default and 3 variants), checking every state and
    every edge, and compares the counts with spec/froeschis/census.toml (regenerate: froeschis census
    --write)."""
    regenerated = census_toml(FROESCHIS, [c.tiny() for c in TINY_CONFIGS], check_everything, check_step)
    recorded = (spec_dir() / "census.toml").read_text(encoding="utf-8")
    assert regenerated == recorded


@pytest.mark.parametrize("pool", ["1 1 F T T", "1 2 3", "T T T", "1 1 2 2 F T T"])
def test_distinct_orders_are_all_the_orders_of_a_multiset_once_each(pool: str) -> None:
    cards = tiny_deck(pool)
    orders = list(distinct_orders(cards))
    counts = Counter(cards)
    expected = math.factorial(len(cards)) // math.prod(math.factorial(k) for k in counts.values())
    assert len(orders) == len(set(orders)) == expected
    assert all(Counter(order) == counts for order in orders)


@pytest.mark.clause("round.deal", "turn.draw-source", "frog.place")
def test_perft_of_the_smallest_duel_by_hand() -> None:
    """Deck 1 1 F T T, two players, rows of one spot.

    depth 1: the deal has 5!/(2!2!) = 30 distinct orders. depth 2: the discard pile is empty, so
    seat 0 can only draw: 30. depth 3: seat 0 draws the third card of the order. If it is the frog
    (6 orders: the other four cards in 4!/(2!2!) ways) seat 0 must place it: 1 choice. Otherwise
    (24 orders) a 1 completes the row or trash is discarded, and seat 1 chooses between drawing and
    the non-empty discard pile: 2 choices. 6 * 1 + 24 * 2 = 54.
    """
    start = new_game(2, DUEL)
    assert [perft(FROESCHIS, start, depth) for depth in (1, 2, 3)] == [30, 30, 54]
    split = divide(FROESCHIS, start, 3)
    assert len(split) == 30 and sum(split.values()) == 54
    assert sorted(Counter(split.values()).items()) == [(1, 6), (2, 24)]


@pytest.mark.clause("game.end")
def test_every_terminal_state_of_the_smallest_duel_has_a_one_spot_winner() -> None:
    def winners_only_at_the_end(state: GameState) -> None:
        if state.is_terminal:
            assert state.winners and all(state.players[w].length == 1 for w in state.winners)

    census = explore(FROESCHIS, 2, DUEL, check_state=winners_only_at_the_end)
    assert census.terminal > 0


def test_the_walk_reports_a_broken_invariant() -> None:
    def no_frog_placement(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
        if any(e.kind.value == "frog-placed" for e in events):
            raise InvariantError("a frog was placed")

    with pytest.raises(InvariantError, match="a frog was placed"):
        explore(FROESCHIS, 2, DUEL, check_step=no_frog_placement)
