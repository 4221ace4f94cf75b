"""``froeschis bench``: a benchmark command (not a timed test): its figures are there and plausible,
with and without the compiled kernel, and it shows its progress on a terminal only."""

from __future__ import annotations

import json
import shutil
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from froeschis.agents.simulation import usable_cpus
from froeschis.cli import bench, instructions, main
from froeschis.cli.bench import immutable_bound, state_memory
from froeschis.cli.instructions import BenchError, collected_instructions, instructions_per_unit
from froeschis.framework.registry import game
from froeschis.games.froeschis.bench import state_build_seconds
from froeschis.games.froeschis.bots import play_game
from tests.extras import KERNEL, callgrind, without
from tests.terminal import run_with_terminal_stderr


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
        results["engine_share_of_bare_loop"],
        results["fast_games_per_second"],
        results["fast_share_of_bare_loop"],
    ):
        assert len(figure["runs"]) == 2
        assert min(figure["runs"]) <= figure["median"] <= max(figure["runs"])
        assert figure["median"] > 0
    assert "target" not in results["random_games_per_second"]
    assert "instructions_per_game" not in results


def test_the_engines_share_is_the_median_of_each_runs_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *QUICK, "--json"]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    engine = results["random_games_per_second"]["runs"]
    bare = results["bare_loop_games_per_second"]["runs"]
    share = results["engine_share_of_bare_loop"]
    assert share["runs"] == pytest.approx([e / b for e, b in zip(engine, bare, strict=True)])
    assert share["median"] == pytest.approx(statistics.median(share["runs"]))
    fast = results["fast_games_per_second"]["runs"]
    fast_share = results["fast_share_of_bare_loop"]
    assert fast_share["runs"] == pytest.approx([f / b for f, b in zip(fast, bare, strict=True)])


def test_keeping_every_state_of_a_game_is_cheap_thanks_to_sharing() -> None:
    _, record = play_game(4, seed=1)
    used, states = state_memory(game("froeschis"), 4, record.actions)
    assert states == len(record.actions) + 1
    # A state that copied its 60 cards instead of sharing them with the state before would take ~4 KiB.
    assert 0 < used / states < 4096


def test_bench_prints_a_table_a_profile_and_the_scaling(capsys: pytest.CaptureFixture[str]) -> None:
    """One run, one game profiled, one game timed on 1 process and on every core: each count of one
    in the singular ("on 1 processes" was printed)."""
    assert (
        main(
            [
                "bench",
                "--runs",
                "1",
                "--seconds",
                "0.05",
                "--step-games",
                "2",
                "--profile",
                "1",
                "--scaling",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "random games per second" in out and "legal_actions + apply per second" in out
    assert "same games, bare loop" in out and "of the bare loop's speed" in out
    assert "bound: bare loop + a new state per action" in out
    assert "Target" not in out and "Instructions per" not in out
    assert "median of 1 run (" in out
    assert "Profile of 1 random game (own time)" in out and "engine.py" in out
    cpus = usable_cpus()
    every_core = "" if cpus == 1 else f", {cpus} processes: "
    assert "simulate scaling (1 random game): 1 process: " in out and every_core in out
    assert "1 runs" not in out and "1 processes" not in out


def test_bench_runs_without_the_kernel_and_says_what_it_needs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the extra ``fast`` (numba) every figure but the kernel's is there; it crashed instead
    (the kernel's ratios were zipped with the runs' figures, strictly)."""
    without(monkeypatch, *KERNEL)
    assert main(["bench", *QUICK, "--json"]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert results["kernel_games_per_second"] is None and results["kernel_times_bare_loop"] is None
    for figure in (results["random_games_per_second"], results["fast_share_of_bare_loop"]):
        assert len(figure["runs"]) == 2 and figure["median"] > 0
    assert main(["bench", *QUICK]) == 0
    out = capsys.readouterr().out
    assert "median of 2 runs (" in out and "FastGame plays at" in out
    assert "compiled kernel (its own)" not in out
    assert "The compiled kernel needs numba: pip install 'froeschis[fast]'." in out


def test_bench_with_the_kernel_gives_its_figures_for_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba")
    assert main(["bench", *QUICK, "--json"]) == 0
    results: dict[str, Any] = json.loads(capsys.readouterr().out)
    kernel, times = results["kernel_games_per_second"], results["kernel_times_bare_loop"]
    bare = results["bare_loop_games_per_second"]["runs"]
    assert len(kernel["runs"]) == 2 and min(kernel["runs"]) > 0
    assert times["runs"] == pytest.approx([k / b for k, b in zip(kernel["runs"], bare, strict=True)])


def test_bench_shows_its_progress_on_a_terminal_only(capsys: pytest.CaptureFixture[str]) -> None:
    """On a terminal, standard error shows which run and which measure is under way; elsewhere (here
    a captured stream), and with ``--no-progress``, nothing at all."""
    args = ("bench", "--runs", "2", "--seconds", "0.05", "--step-games", "1", "--json")
    done, shown = run_with_terminal_stderr(*args)
    assert done.returncode == 0
    assert json.loads(done.stdout)["runs"] == 2  # the output is whole, and only on standard output
    for stage in (
        "recording games to replay",
        "run 1 of 2: random games, engine",
        "run 2 of 2: the same games, FastGame",
    ):
        assert stage in shown
    assert "1/2" in shown and "2/2" in shown
    quiet, shown_quietly = run_with_terminal_stderr(*args, "--no-progress")
    assert quiet.returncode == 0 and shown_quietly == ""
    assert main(list(args)) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--runs", "0"], "argument --runs: expected a whole number of at least 1, not 0"),
        (["--instructions", "-1"], "argument --instructions: expected a whole number of at least 0, not -1"),
        (
            ["--seconds", "nan"],
            "argument --seconds: expected a finite number of seconds more than 0, not 'nan'",
        ),
        (["--players", "5"], "argument --players: Fröschis is for 2 to 4 players, not 5 [players.count]"),
    ],
)
def test_bench_refuses_nonsense(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", *args])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == f"froeschis bench: error: {message} (see 'froeschis bench --help')\n"


def test_the_immutable_bound_adds_one_state_build_per_action_to_the_bare_loop() -> None:
    # 100 games/s is 10 ms a game; 500 actions at 10 us add 5 ms: 15 ms a game.
    assert immutable_bound(100.0, 500, 10e-6) == pytest.approx(1 / 0.015)
    assert 0 < state_build_seconds(builds=100) < 0.001


def test_instructions_without_valgrind_say_so_before_timing_anything(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    # Seconds this long would make the test slow if the timing ran before the check.
    assert main(["bench", "--seconds", "60", "--instructions", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("froeschis: ") and "valgrind" in captured.err
    assert "Traceback" not in captured.err


CALLGRIND_STDERR = """\
==4242== Callgrind, a call-graph generating cache profiler
==4242== Copyright (C) 2002-2017, and GNU GPL'd, by Josef Weidendorfer et al.
==4242== Command: /usr/bin/python3 -c import sys engine 2 4
==4242==
==4242== For interactive control, run 'callgrind_control -h'.
==4242==
==4242== Events    : Ir
==4242== Collected : 406792270
==4242==
==4242== I   refs:      406,792,270
"""


def test_the_count_is_read_from_callgrinds_collected_line() -> None:
    assert collected_instructions(CALLGRIND_STDERR) == 406_792_270
    with pytest.raises(BenchError, match="no instruction count"):
        collected_instructions(CALLGRIND_STDERR.replace("Collected :", "Collected:"))


@callgrind
@pytest.mark.parametrize(("cheaper", "dearer"), [("bare_loop", "fast"), ("fast", "engine")])
def test_each_loop_executes_fewer_instructions_per_game_than_the_next(cheaper: str, dearer: str) -> None:
    """The bare loop fewer than FastGame, FastGame fewer than the engine: one pair of loops a test
    (three callgrind processes: one for each loop, one playing no game), so that no test takes a
    minute."""
    valgrind = shutil.which("valgrind")
    assert valgrind is not None
    of = game("froeschis")
    counted = instructions_per_unit(valgrind, of, of.part(of.bench, "bench"), 2, 2, loops=(dearer, cheaper))
    assert (counted["games"], counted["units"]) == (2, 2)
    assert 0 < counted[cheaper] < counted[dearer]
    if cheaper == "bare_loop":
        share = counted[f"{dearer}_share_of_bare_loop"]
        assert share == pytest.approx(counted["bare_loop"] / counted[dearer])


def test_the_instruction_counts_of_every_loop_reach_the_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command's --instructions counts every loop of the bench (engine, FastGame, bare loop),
    each a process playing the games minus the one process playing none; callgrind stands in here by
    a count that grows with the games (the loops' real counts are the test above's)."""
    per_game = {"engine": 26e6, "fast": 8e6, "bare_loop": 6e6}
    asked: list[tuple[str, ...]] = []

    def counts(valgrind: str, script: str, arguments: Sequence[str], what: str) -> int:
        asked.append(tuple(arguments))
        _, which, games, _ = arguments
        return int(1e9 + per_game[which] * int(games))

    monkeypatch.setattr(bench, "find_valgrind", lambda: "valgrind")
    monkeypatch.setattr(instructions, "callgrind", counts)
    assert main(["bench", *QUICK, "--players", "2", "--instructions", "2", "--json"]) == 0
    counted = json.loads(capsys.readouterr().out)["instructions_per_game"]
    assert sorted(asked) == sorted(
        [*(("froeschis", which, "2", "2") for which in per_game), ("froeschis", "engine", "0", "2")]
    )
    assert {which: counted[which] for which in per_game} == per_game
    assert counted["engine_share_of_bare_loop"] == pytest.approx(6 / 26)
    assert counted["fast_share_of_bare_loop"] == pytest.approx(6 / 8)
    assert main(["bench", *QUICK, "--players", "2", "--instructions", "2"]) == 0
    out = capsys.readouterr().out
    assert "engine 26.00 M, FastGame 8.00 M, bare loop 6.00 M; shares of the bare loop: engine 0.23" in out
