"""``froeschis simulate --game frog|army-of-frogs``: the game's own bots, reproducible from --seed
whether the games run in one process, on worker processes or on a Dask cluster."""

from __future__ import annotations

import json
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework.tally import GameSummary, Tally


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", "--json", "--no-progress", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    del data["timing"]  # differs from run to run, as Fröschis' does
    return data


FROG = ("--game", "frog", "--games", "30", "--bots", "random,heuristic")


def test_frog_is_the_same_from_the_same_seed_on_one_process_or_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = run_json(capsys, *FROG, "--seed", "5", "--jobs", "1")
    two = run_json(capsys, *FROG, "--seed", "5", "--jobs", "2")
    other = run_json(capsys, *FROG, "--seed", "6", "--jobs", "1")
    assert one == two
    assert one["by_seat"] != other["by_seat"]  # the seed matters: else the test above shows nothing
    assert [row["games"] for row in one["by_bot"]] == [30, 30]


@pytest.mark.clause("frog:settle.each-opponent")
def test_frog_returns_are_zero_sum(capsys: pytest.CaptureFixture[str]) -> None:
    """Every deal's score changes sum to nothing (what the bidder wins the others pay, and the
    reverse), so the seats' mean returns sum to nothing too."""
    data = run_json(capsys, *FROG, "--seed", "3", "--jobs", "1")
    assert sum(row["mean_return"] for row in data["by_seat"]) == pytest.approx(0, abs=1e-9)
    assert any(row["mean_return"] for row in data["by_seat"])


def test_army_on_dask_equals_processes(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason="the Dask run needs froeschis[dask]")
    args = ("--game", "army-of-frogs", "--players", "2", "--games", "8", "--seed", "2", "--jobs", "2")
    on_dask = run_json(capsys, *args, "--dask", "local")
    local = run_json(capsys, *args)
    alone = run_json(capsys, *args[:-1], "1")
    assert on_dask == local == alone
    assert on_dask["games"] == 8


def test_a_bot_the_game_has_not_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "frog", "--bots", "greedy", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "random or heuristic" in err


@pytest.mark.clause("frog:match.winners")
def test_the_tally_counts_the_games_own_winners_not_the_highest_return() -> None:
    """Frog's match.winners names every seat of the highest score, all three when they end level:
    such a match has three winners, not none; a game whose rules name no winner (Army of Frogs at
    its turn limit) has none even if one seat's return were highest."""
    tally = Tally()
    seats = ("random", "heuristic", "random")
    tally.add(GameSummary(0, 0, seats, (0, 1, 2), 40, (0.0, 0.0, 0.0)))
    tally.add(GameSummary(1, 0, seats, (), 40, (1.0, 0.0, 0.0)))
    assert (tally.shared_wins, tally.no_winner) == (1, 1)
    assert dict(tally.seat_wins) == {0: 1, 1: 1, 2: 1}
    assert dict(tally.bot_wins) == {"random": 1, "heuristic": 1}
