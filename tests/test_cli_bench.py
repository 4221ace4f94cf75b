"""``froeschis bench``: a benchmark command (not a timed test): its figures are there and plausible."""

from __future__ import annotations

import json
from typing import Any

import pytest

from froeschis.agents.loop import play_game
from froeschis.cli import main
from froeschis.cli.bench import immutable_bound, state_build_seconds, state_memory


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


QUICK = ["--runs", "2", "--seconds", "0.05", "--step-games", "2"]


def test_bench_json_has_medians_of_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *QUICK, "--json"]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert results["format"] == "froeschis.bench/1" and results["players"] == 4 and results["runs"] == 2
    for figure in (
        results["random_games_per_second"],
        results["bare_loop_games_per_second"],
        results["immutable_bound_games_per_second"],
        results["steps_per_second"],
        results["memory_of_all_states"]["bytes"],
        results["memory_of_all_states"]["bytes_per_state"],
    ):
        assert len(figure["runs"]) == 2
        assert min(figure["runs"]) <= figure["median"] <= max(figure["runs"])
        assert figure["median"] > 0
    assert results["random_games_per_second"]["target"] == 500


def test_keeping_every_state_of_a_game_is_cheap_thanks_to_sharing() -> None:
    _, record = play_game(4, seed=1)
    used, states = state_memory(record)
    assert states == len(record.actions) + 1
    # A state that copied its 60 cards instead of sharing them with the state before would take ~4 KiB.
    assert 0 < used / states < 4096


def test_bench_prints_a_table_a_profile_and_the_scaling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *QUICK, "--profile", "1", "--scaling", "4"]) == 0
    out = capsys.readouterr().out
    assert "random games per second" in out and "legal_actions + apply per second" in out
    assert "same games, bare loop" in out and "of the bare loop's speed" in out
    assert "bound: bare loop + a new state per action" in out
    assert "Target: 500 random 4-player games per second on one core" in out
    assert "Profile of 1 random games" in out and "engine.py" in out
    assert "simulate scaling (4 random games)" in out


def test_bench_refuses_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--runs", "0"]) == 2
    assert "--runs" in capsys.readouterr().err
    assert main(["bench", "--players", "5"]) == 2
    assert capsys.readouterr().err.strip() == (
        "froeschis: Fröschis is for 2 to 4 players, not 5 [players.count]"
    )


def test_the_immutable_bound_adds_one_state_build_per_action_to_the_bare_loop() -> None:
    # 100 games/s is 10 ms a game; 500 actions at 10 us add 5 ms: 15 ms a game.
    assert immutable_bound(100.0, 500, 10e-6) == pytest.approx(1 / 0.015)
    assert 0 < state_build_seconds(builds=100) < 0.001
