"""Exhaustive walks of Frog's tiny configurations (:mod:`froeschis.games.frog.tiny`), with path
counts derived by hand.

The auction, counted by hand. With no bid standing and n seats still in, a seat passes (n - 1 in)
or bids; with a bid h standing and m other seats in, the seat to call passes (m - 1) or overbids
(the overbid holder comes back in: still m), and the auction ends when m = 0 or h is grand. So
S(m, grand) = 1, S(0, h) = 1, S(m, h) = S(m - 1, h) + sum of S(m, h') over h' above h, and with no
bid S0(0) = 1, S0(n) = S0(n - 1) + sum over h of S(n - 1, h). Counting by the contract played
(passed out, frog, chico, grand): S(1, chico) = (0,0,1,1), S(2, chico) = (0,0,1,2),
S(1, frog) = (0,1,1,2), S(2, frog) = (0,1,2,5); S0(1) = (1,1,1,1), S0(2) = (1,2,3,5),
S0(3) = (1,3,6,13): 23 auctions. With every seat calling once (variant.one-bid-each) the bids of
the three calls must rise: 1 passed out, 3 ending in frog, 6 in chico (C, or F then C, at any two
of the three places: 3 + 3) and 10 in grand (G, F-G, C-G, F-C-G: 3 + 3 + 3 + 1): 20.

The deck ``one-card`` has 6 cards: a hand of one each and a widow of three. After an auction the
frog bidder holds 4 cards and lays 3 away (4 ways), the chico bidder names one of 3 suits, and the
single trick is forced. So a deal has 1 + 3 x 4 + 6 x 3 + 13 = 44 ways through it, and the match
of one deal 3 (first dealers) x 720 (orders of 6 different cards) x 44 = 95,040 paths.
"""

from __future__ import annotations

import math

import pytest

from froeschis.framework.game import Tiny
from froeschis.games.frog.actions import Action, DrawDealer
from froeschis.games.frog.chance import chance_outcomes
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.game import GAME as FROG
from froeschis.games.frog.invariants import check_observations, check_state
from froeschis.games.frog.state import Phase
from froeschis.games.frog.tiny import TINY
from froeschis.verify.explore import config_toml

CONFIGS = {config.name: config for config in TINY}


def _successors(state: FrogState) -> list[Action]:
    return list(chance_outcomes(state)) if state.is_chance else list(state.legal_actions())


def paths(state: FrogState, seen: dict[FrogState, int]) -> int:
    """The number of paths from ``state`` to the end of the match (distinct states counted once)."""
    if state.is_terminal:
        return 1
    found = seen.get(state)
    if found is None:
        found = sum(paths(state.apply(action), seen) for action in _successors(state))
        seen[state] = found
    return found


def auctions(state: FrogState) -> dict[str, int]:
    """How many auctions from ``state`` end with each outcome (passed out, or the contract)."""
    if state.phase is not Phase.AUCTION:
        return {"passed out" if state.contract is None else state.contract.value: 1}
    counts: dict[str, int] = {}
    for action in state.legal_actions():
        for outcome, n in auctions(state.apply(action)).items():
            counts[outcome] = counts.get(outcome, 0) + n
    return counts


def _dealt(config: Tiny) -> FrogState:
    state = new_game(config.players, config.rules).apply(DrawDealer(0))
    return state.apply(next(iter(chance_outcomes(state))))


@pytest.mark.clause("frog:bid.raise", "frog:bid.pass-final", "frog:bid.holder-waits", "frog:bid.next-turn",
                    "frog:bid.end", "frog:bid.contract-is-bid", "frog:bid.all-pass")  # fmt: skip
def test_the_auction_has_23_ways_as_counted_by_hand() -> None:
    assert auctions(_dealt(CONFIGS["one-card"])) == {"passed out": 1, "frog": 3, "chico": 6, "grand": 13}


@pytest.mark.clause("frog:variant.one-bid-each")
def test_with_one_bid_each_the_auction_has_20_ways() -> None:
    counted = auctions(_dealt(CONFIGS["one-card-one-bid-each"]))
    assert counted == {"passed out": 1, "frog": 3, "chico": 6, "grand": 10}


@pytest.mark.clause("frog:deal.hand-size", "frog:deal.packets", "frog:exchange.discard", "frog:chico.suits",
                    "frog:match.first-dealer", "frog:match.end")  # fmt: skip
def test_the_one_card_match_has_95040_paths_and_every_state_keeps_the_invariants() -> None:
    seen: dict[FrogState, int] = {}
    assert paths(new_game(3, CONFIGS["one-card"].rules), seen) == 3 * 720 * 44
    dealt = [s for s in seen if s.phase is Phase.AUCTION and not s.calls]
    assert len(dealt) == 3 * 120  # 3 dealers x 6! / 3! deals (the widow is a set of three)
    for state in seen:
        check_state(state)
    one_deal: dict[FrogState, int] = {}
    paths(dealt[0], one_deal)
    for state in one_deal:  # every phase of a deal, each seat's view (the state machine does more)
        check_observations(state)


@pytest.mark.parametrize(
    ("name", "per_deal"),
    [
        pytest.param(
            "one-card-one-bid-each", 1 + 3 * 4 + 6 * 3 + 10,
            marks=pytest.mark.clause("frog:variant.one-bid-each"),
        ),
        pytest.param(
            "one-card-optional-exchange", 1 + 3 * (4 + 1) + 6 * 3 + 13,
            marks=pytest.mark.clause("frog:variant.optional-exchange"),
        ),
        pytest.param(
            "one-card-chico-hearts", 1 + 3 * 4 + 6 * 4 + 13,
            marks=pytest.mark.clause("frog:variant.chico-hearts"),
        ),
    ],
)  # fmt: skip
def test_the_variants_paths_as_counted_by_hand(name: str, per_deal: int) -> None:
    """One bid each: 20 auctions (above); the optional exchange adds leaving the widow to the 4
    discards; chico in hearts has 4 suits. (From the first dealer's draw: one dealer.)"""
    assert paths(new_game(3, CONFIGS[name].rules).apply(DrawDealer(0)), {}) == 720 * per_deal


def test_every_tiny_configuration_can_be_walked_to_its_deals() -> None:
    """Each configuration deals (its deck splits) and lists its chance outcomes."""
    for config in TINY:
        state = new_game(config.players, config.rules)
        assert len(list(chance_outcomes(state))) == 3
        assert _dealt(config).phase is Phase.AUCTION


def _sections(text: str) -> dict[str, str]:
    """The census file's tables by configuration name."""
    tables = text.split("\n[[config]]\n")[1:]
    return {table.split('"')[1]: table for table in tables}


RECORDED = _sections((FROG.spec() / "census.toml").read_text(encoding="utf-8"))


def test_the_census_file_has_every_tiny_configuration_and_only_those() -> None:
    assert list(RECORDED) == [config.name for config in TINY]


@pytest.mark.parametrize("config", [c for c in TINY if c.name != "two-cards"], ids=lambda c: c.name)
def test_the_census_regenerates_as_recorded(config: Tiny) -> None:
    """spec/frog/census.toml, regenerated and diffed table by table (``froeschis census --game frog
    --write`` rewrites it); the walks' invariants are checked by the tests above."""
    assert "[[config]]\n" + RECORDED[config.name] == "\n".join(config_toml(FROG, config)) + "\n"


def test_the_nine_card_census_is_the_number_of_deals() -> None:
    """Nine different cards: 3 first dealers, then 9! orders of the deck (regenerated, its 22 s
    walk would only recount this product)."""
    assert "perft = [3, 1088640]" in RECORDED["two-cards"]
    assert 3 * math.factorial(9) == 1088640
