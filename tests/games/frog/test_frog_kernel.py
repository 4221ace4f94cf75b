"""Frog's compiled kernel plays by the rules: its recorded matches replay on the reference (every
action legal there, the same scores, deals and actions at the end) in every configuration Frog has,
and many of its matches give the reference's statistics (it plays its own matches, from its own
random source: the same distribution, not the same matches)."""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework.lockstep import configurations
from froeschis.framework.loop import play_game
from froeschis.games.frog.engine import new_game
from froeschis.games.frog.game import GAME as FROG
from froeschis.games.frog.rules import Rules

kernel = pytest.importorskip("froeschis.games.frog.kernel", reason="the kernel needs froeschis[fast]")
CONFIGURATIONS = list(configurations(FROG))


@pytest.mark.parametrize(("players", "rules"), CONFIGURATIONS)
def test_the_kernels_matches_replay_on_the_reference(players: int, rules: Rules) -> None:
    result = kernel.simulate(60, 11, rules, record=60)
    for match, actions in enumerate(result.logs):
        state = new_game(players, rules)
        for action in actions:
            state = state.apply(action)  # an illegal action raises
        assert state.is_terminal
        assert state.scores == tuple(int(s) for s in result.scores[match])
        assert (state.deals, len(actions)) == (result.deals[match], result.actions[match])


def _contracts_and_counts(history: Any) -> list[tuple[str, int]]:
    return [(str(d.contract), (d.points or 0) // 20) for d in history]


def test_the_kernel_plays_the_reference_distribution() -> None:
    """The contract played and the bidder's count by twenties, over the 1,500 deals of 500 random
    matches each: the two samples' chi-square below about its 0.1% point (a rule played otherwise,
    a bid or a card chosen from another number of options, moves these far beyond it)."""
    reference: Counter[tuple[str, int]] = Counter()
    for seed in range(500):
        final, _ = play_game(FROG, 3, seed)
        reference.update(_contracts_and_counts(final.history))
    compiled: Counter[tuple[str, int]] = Counter()
    for actions in kernel.simulate(500, 5, record=500).logs:
        state = new_game()
        for action in actions:
            state = state.apply(action)
        compiled.update(_contracts_and_counts(state.history))
    keys = [k for k in set(reference) | set(compiled) if reference[k] + compiled[k] >= 10]
    a, b = sum(reference[k] for k in keys), sum(compiled[k] for k in keys)
    chi2 = sum(
        (reference[k] * math.sqrt(b / a) - compiled[k] * math.sqrt(a / b)) ** 2 / (reference[k] + compiled[k])
        for k in keys
    )
    df = len(keys) - 1
    assert df >= 5 and chi2 < df + 4 * math.sqrt(2 * df) + 4, (chi2, df)


def test_the_kernel_refuses_readings() -> None:
    from froeschis.framework.errors import FormatError
    from froeschis.framework.table import Reading
    from froeschis.games.frog import clauses

    with pytest.raises(FormatError, match="readings"):
        kernel.simulate(1, 0, Rules(readings=(Reading("stake_of", clauses.one_two_four, "four"),)))


def test_simulate_plays_the_kernel_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """``--engine kernel``: random matches of its own, the reference's figures within their noise
    (decisions per match, several winners), every settlement paid by the others (zero-sum)."""
    args = ["simulate", "--json", "--no-progress", "--game", "frog", "--bots", "random", "--seed", "2"]
    assert main([*args, "--engine", "kernel", "--games", "3000", "--jobs", "1"]) == 0
    on_kernel = json.loads(capsys.readouterr().out)
    assert main([*args, "--engine", "fast", "--games", "600", "--jobs", "1"]) == 0
    on_fast = json.loads(capsys.readouterr().out)
    assert on_kernel["engine"] == "kernel" and on_kernel["games"] == 3000
    assert abs(on_kernel["decisions"]["mean"] - on_fast["decisions"]["mean"]) < 1.5
    assert abs(on_kernel["shared_wins"] - on_fast["shared_wins"]) < 0.05
    assert sum(row["mean_return"] for row in on_kernel["by_seat"]) == pytest.approx(0, abs=1e-9)
