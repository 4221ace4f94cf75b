"""``froeschis bench --game frog|army-of-frogs``: each game's bare loop plays the very games its engine
plays (else the ratio would set the engine beside easier games), and the command's figures are there
and plausible (not timed: a benchmark states figures, it asserts none)."""

from __future__ import annotations

import json
import statistics
from typing import Any, cast

import attrs
import pytest

from froeschis.cli import main
from froeschis.cli.bench import bare_per_second, bench_of
from froeschis.cli.instructions import BenchError
from froeschis.framework.registry import game
from froeschis.games.army_of_frogs import bench as army_bench
from froeschis.games.frog import bench as frog_bench
from tests.extras import callgrind

QUICK = ["--runs", "2", "--seconds", "0.05", "--step-games", "2", "--json"]


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def test_frogs_bare_loop_plays_the_engines_matches() -> None:
    """Every deal's bidder, call and count, the scores and the actions agree, seed by seed; and the
    matches are Frog's: three deals, the scores still summing to 3 x 150 (every settlement is paid by
    the opponents to the bidder or back), a count between 0 and 120 card points."""
    for seed in range(60):
        engine, bare = frog_bench.play_engine(3, seed), frog_bench.play_bare(3, seed)
        assert engine == bare, seed
        *deals, scores = cast("tuple[Any, ...]", engine.outcome)
        assert engine.units == len(deals) == 3 and sum(scores) == 450
        assert all(count is None or 0 <= count <= 120 for _, _, count in deals)
    contracts = {
        call
        for seed in range(60)
        for _, call, _ in cast("tuple[Any, ...]", frog_bench.play_bare(3, seed).outcome[:-1])
    }
    assert contracts == {0, 1, 2, 3}  # passed-out deals, frog, chico and grand were all played


@pytest.mark.parametrize(("players", "seeds"), [(2, range(4)), (3, range(1)), (4, range(1))])
def test_armys_bare_loop_plays_the_engines_games(players: int, seeds: range) -> None:
    """The winner, the last turn, the whole final island and the number of actions agree."""
    for seed in seeds:
        engine = army_bench.play_engine(players, seed)
        assert engine == army_bench.play_bare(players, seed), (players, seed)
        winners, turn, island = engine.outcome
        assert isinstance(winners, tuple) and isinstance(turn, int) and isinstance(island, tuple)
        assert 0 < turn <= 50 * players and len(island) <= 10 * players


def test_a_bare_loop_that_plays_other_games_is_refused() -> None:
    bench = bench_of(game("frog"))
    other = attrs.evolve(frog_bench.BENCH, bare=lambda players, seed: frog_bench.play_bare(players, seed + 1))
    played = [bench.engine(3, seed) for seed in range(2)]
    with pytest.raises(BenchError, match="another game than the engine from seed 0"):
        bare_per_second(other, 3, played, 0)
    assert bare_per_second(bench, 3, played, 0) > 0


def test_a_game_without_bench_parts_says_so() -> None:
    with pytest.raises(BenchError, match="Frog gives 'froeschis bench' nothing to measure"):
        bench_of(attrs.evolve(game("frog"), bench=None))


def _check_runs(results: dict[str, Any], *keys: str) -> None:
    for key in keys:
        figure = results[key]
        assert len(figure["runs"]) == 2 and figure["median"] > 0
        assert figure["median"] == pytest.approx(statistics.median(figure["runs"]))


def test_bench_frog_gives_deals_per_second_beside_the_bare_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "frog", *QUICK]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert (results["game"], results["unit"], results["players"]) == ("frog", "deal", 3)
    _check_runs(results, "random_deals_per_second", "bare_loop_deals_per_second", "engine_share_of_bare_loop")
    engine, bare = results["random_deals_per_second"]["runs"], results["bare_loop_deals_per_second"]["runs"]
    ratios = [e / b for e, b in zip(engine, bare, strict=True)]
    assert results["engine_share_of_bare_loop"]["runs"] == pytest.approx(ratios)
    assert results["per_second"] == {} and results["tables"] == []
    assert (
        main(
            [
                "bench",
                "--game",
                "frog",
                "--runs",
                "1",
                "--seconds",
                "0.05",
                "--step-games",
                "1",
                "--profile",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "random deals per second" in out and "same deals, bare loop (no engine)" in out
    assert "of the bare loop's speed" in out and "Profile of 1 random game (own time)" in out
    assert "frog/engine.py" in out


def test_bench_army_gives_perft_and_the_listing_cost_by_island_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--game", "army-of-frogs", "--players", "2", *QUICK]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert (results["unit"], results["players"]) == ("game", 2)
    _check_runs(results, "random_games_per_second", "bare_loop_games_per_second", "engine_share_of_bare_loop")
    (perft,) = results["per_second"].values()
    assert len(perft["runs"]) == 2 and perft["median"] > 0
    (table,) = results["tables"]
    assert table["columns"][:4] == ["stones", "islands", "stones that may move", "legal moves"]
    assert [row[0] for row in table["rows"]] == list(army_bench.SIZES)
    for _, islands, _, moves, per_listing, per_move in table["rows"]:
        assert islands == 6 and per_move == pytest.approx(per_listing / moves)
    assert (
        main(
            [
                "bench",
                "--game",
                "army-of-frogs",
                "--players",
                "2",
                "--runs",
                "1",
                "--seconds",
                "0.05",
                "--step-games",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "random games per second" in out and "perft leaves" in out
    assert "Legal-move listings by island size" in out and "us per move" in out


def test_the_growth_table_counts_each_sizes_listings() -> None:
    """With a counter, each size's workload is counted, and per move is per listing over the moves of
    the listings counted; each workload runs."""
    asked: list[tuple[str, int]] = []

    def count(name: str, units: int) -> float:
        asked.append((name, units))
        return 1e6

    table = army_bench.growth(count, listings_counted=2)
    assert asked == [(f"listing-{size}", 2) for size in army_bench.SIZES]
    assert table.columns[-2:] == ("instructions per listing", "instructions per move")
    for row in table.rows:
        counted = army_bench.sized(int(row[0]), army_bench.COUNTED_SEEDS)
        moves = statistics.fmean(len(counted[i % len(counted)].legal_actions()) for i in range(2))
        assert row[-2] == 1e6 and row[-1] == pytest.approx(1e6 / moves)
    army_bench.COUNTED["listing-10"](1)


def test_scaling_times_the_simulate_of_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``--scaling`` was Fröschis' only; simulate now plays every game, so it times any game's."""
    quick = ("--runs", "1", "--seconds", "0.05", "--step-games", "1")
    assert main(["bench", "--game", "frog", *quick, "--scaling", "2"]) == 0
    assert "simulate scaling (2 random games): 1 process: " in capsys.readouterr().out


def test_bench_for_another_game_refuses_what_it_cannot_do(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--game", "frog", "--players", "4"])
    assert "Frog" in capsys.readouterr().err


@callgrind
def test_frogs_engine_executes_more_instructions_per_deal_than_the_bare_loop(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "bench",
                "--game",
                "frog",
                "--runs",
                "1",
                "--seconds",
                "0.05",
                "--step-games",
                "1",
                "--instructions",
                "1",
                "--json",
            ]
        )
        == 0
    )
    counted = json.loads(capsys.readouterr().out)["instructions_per_deal"]
    assert (counted["games"], counted["units"]) == (1, 3)
    assert 0 < counted["bare_loop"] < counted["engine"]
    assert counted["engine_share_of_bare_loop"] == pytest.approx(counted["bare_loop"] / counted["engine"])
