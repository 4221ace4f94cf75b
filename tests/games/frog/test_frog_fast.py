"""FastFrog plays the reference's very matches: lock-step, census, bench and simulate.

The proofs do not read FastFrog's code: they compare it with the reference engine. The framework's
lock-step verifier plays seeded random matches on both in every configuration Frog has (the
published rules, each variant, each tiny deck) and compares the state, the legal actions and the
returns after every action; a FastFrog with one rule broken is caught, at the step the rule first
shows, with the clause among the reference's step's causes. The perft rows of
``spec/frog/census.toml`` are recounted on FastFrog alone (at depth 4: the fifth level's shuffles
would take a minute). ``simulate`` gives the same figures by seed on either engine, and the bench's
FastFrog loop plays the bench's matches.
"""

from __future__ import annotations

import json
import random
import tomllib
from typing import Any

import attrs
import pytest

from froeschis.cli import main
from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.framework.lockstep import configurations, first_difference
from froeschis.framework.loop import play_game
from froeschis.framework.runs import engines_of
from froeschis.framework.table import Reading
from froeschis.games.frog import bench, clauses, fast
from froeschis.games.frog.chance import chance_outcomes
from froeschis.games.frog.engine import new_game
from froeschis.games.frog.fast import FastFrog, play_fast
from froeschis.games.frog.game import GAME as FROG
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.serialize import action_from_json
from froeschis.games.frog.tiny import TINY

FAST = engines_of(FROG).engine("fast")
CONFIGURATIONS = list(configurations(FROG))
NAMES = [
    f"{players}p-" + (next((t.name for t in TINY if t.rules == rules), "") or "-".join(
        option for option in FROG.rules_to_json(rules) if FROG.rules_to_json(rules)[option] is True
    ) or "published")
    for players, rules in CONFIGURATIONS
]  # fmt: skip


@pytest.mark.parametrize(("players", "rules"), CONFIGURATIONS, ids=NAMES)
def test_fast_frog_plays_in_lock_step_with_the_reference(players: int, rules: Rules) -> None:
    """Every step of 40 seeded random matches (120 deals in the published game) agrees."""
    assert first_difference(FROG, FAST, players, rules, range(100, 140)) is None


def _no_trumps(self: FastFrog, trick: list[tuple[int, int]]) -> int:
    """A broken trick.winner: the highest card of the suit led wins, trumps or not."""
    led = trick[0][1] // 9
    same = [(8 - c % 9, i) for i, (_, c) in enumerate(trick) if c // 9 == led]
    return max(same)[1]


def test_the_verifier_catches_a_fast_frog_with_one_rule_broken_at_its_step_and_clause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(FastFrog, "trick_winner", _no_trumps)
    found = first_difference(FROG, FAST, 3, Rules(), range(20))
    assert found is not None
    assert found.what == "state" and found.seed == 0
    assert "trick.winner" in found.clauses
    # The step is the first at which the broken rule shows: the last action completes a trick a
    # trump won without being led, and every step before it agreed.
    actions = [action_from_json(a) for a in found.actions]
    state = new_game(3, Rules())
    for action in actions[:-1]:
        state = state.apply(action)
    after = state.apply(actions[-1])
    trick = after.tricks[-1]
    assert len(after.tricks) == len(state.tricks) + 1
    assert trick.plays[0][1].suit is not after.trump
    assert any(card.suit is after.trump for _, card in trick.plays)
    assert found.step == len(actions) and "trick.winner" in str(found)


def test_the_verifier_catches_a_fast_frog_that_misreads_the_stakes(monkeypatch: pytest.MonkeyPatch) -> None:
    """settle.multiplier: grand paying 4 in the published rules shows at the first grand's count."""
    real = fast._setup

    def grand_four(rules: Rules, table: Any) -> fast.Setup:
        return attrs.evolve(real(rules, table), stakes=(0, 1, 2, 4))

    monkeypatch.setattr(fast, "_setup", grand_four)
    found = first_difference(FROG, FAST, 3, Rules(), range(40))
    assert found is not None and found.what == "state"
    assert "settle.multiplier" in found.clauses


def _perft(game: FastFrog, depth: int) -> int:
    """perft as the census counts it: paths of ``depth`` actions, chance outcomes every distinct
    order of the deck, a path ending early counted once."""
    if depth == 0 or game.is_terminal:
        return 1
    state = game.to_state() if game.is_chance else None
    outcomes = list(chance_outcomes(state)) if state is not None else list(game.legal_actions())
    total = 0
    for action in outcomes:
        child = game.copy()
        child.apply(action)
        total += _perft(child, depth - 1)
    return total


RECORDED = {
    row["name"]: row
    for row in tomllib.loads((FROG.spec() / "census.toml").read_text(encoding="utf-8"))["config"]
}


@pytest.mark.parametrize("tiny", [t for t in TINY if t.name != "two-cards"], ids=lambda t: t.name)
def test_fast_frog_recounts_the_census_perft_rows(tiny: Any) -> None:
    depth = 4
    counts = [_perft(FastFrog.new(tiny.players, tiny.rules), d) for d in range(1, depth + 1)]
    assert counts == RECORDED[tiny.name]["perft"][:depth]


def test_fast_frog_recounts_the_nine_card_deck_at_its_first_level() -> None:
    tiny = next(t for t in TINY if t.name == "two-cards")
    assert [_perft(FastFrog.new(3, tiny.rules), 1)] == RECORDED["two-cards"]["perft"][:1]


def test_the_bench_loop_plays_the_benchs_matches() -> None:
    for seed in range(30):
        assert bench.play_fast_match(3, seed) == bench.play_engine(3, seed)
    final, actions = play_fast(3, 4)
    reference, played = play_game(FROG, 3, 4)
    assert final.to_state() == reference and actions == len(played)


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", "--json", "--no-progress", "--game", "frog", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    del data["timing"], data["engine"]
    return data


def test_simulate_gives_the_same_figures_by_seed_on_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "24", "--bots", "random,heuristic", "--seed", "7", "--jobs", "1")
    on_fast = _simulate(capsys, *args, "--engine", "fast")
    on_reference = _simulate(capsys, *args, "--engine", "reference")
    assert on_fast == on_reference
    assert _simulate(capsys, *args) == on_fast  # FastFrog is the default


def test_fast_frog_refuses_what_the_reference_refuses() -> None:
    game = FastFrog.new()
    with pytest.raises(IllegalActionError, match=r"\[match.first-dealer\]"):
        game.apply(action_from_json("pass"))
    game.sample_chance(random.Random(1))
    game.sample_chance(random.Random(1))
    with pytest.raises(IllegalActionError, match=r"\[bid.raise\]"):
        game.apply(action_from_json("play AS"))
    reading = Reading("stake_of", clauses.one_two_four, "grand pays four")
    with pytest.raises(FormatError, match="readings"):
        FastFrog.new(3, Rules(readings=(reading,)))
    with pytest.raises(RulesError):
        FastFrog.new(4)


def test_the_lock_step_engine_is_registered() -> None:
    assert FAST.lock_step == FastFrog.new and engines_of(FROG).default == "fast"
