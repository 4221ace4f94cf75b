"""``froeschis simulate``: statistics of bot games across processes, as tables, JSON and plots."""

from __future__ import annotations

import json
import math
import pickle
import random
import statistics
import subprocess
import sys
import threading
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import froeschis.cli.simulate as simulate
import froeschis.games.froeschis.engines as engines
from froeschis.agents.simulation import run_games, spread, summarise, usable_cpus, wilson
from froeschis.cli import main
from froeschis.framework.registry import game as game_named
from froeschis.framework.runs import game_seed
from froeschis.framework.tally import GameSummary, Tally
from froeschis.games.froeschis.engines import KERNEL_BATCH, simulate_game
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.tiny import tiny_deck
from tests.cli_runs import simulate_json
from tests.extras import KERNEL, without


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def test_simulate_json_counts_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    stats = simulate_json(
        capsys,
        "--games",
        "6",
        "--players",
        "3",
        "--bots",
        "random,greedy",
        "--jobs",
        "2",
        "--engine",
        "reference",
    )
    assert (
        stats["games"] == 6
        and stats["engine"] == "reference"
        and stats["players"] == 3
        and stats["bots"] == ["random", "greedy"]
    )
    assert stats["format"] == "froeschis.simulate/2"
    assert stats["units"]["by_bot"].startswith("game: a bot wins a game when one of its seats wins")
    by_bot = {row["bot"]: row for row in stats["by_bot"]}
    # Rotated over 3 seats, each bot holds 2 seats in 3 of the games and 1 in the other 3.
    for row in by_bot.values():
        assert row["games"] == 6 and row["seats_per_game"] == 1.5
    seat_wins = sum(row["wins"] for row in stats["by_seat"])
    assert seat_wins == round(sum(row["wins_per_game"] * row["games"] for row in by_bot.values())) >= 6
    assert sum(row["wins"] for row in by_bot.values()) >= 6  # every game has a winning bot
    for row in stats["by_bot"] + stats["by_seat"]:
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
    clauses = {row["clause"]: row for row in stats["clauses"]}
    assert list(clauses) == list(load_catalogue().ids())
    # Every turn takes exactly one card, and every round is dealt once.
    assert clauses["turn.draw-source"]["total"] == stats["turns"]["mean"] * 6
    assert clauses["round.deal"]["total"] == stats["rounds"]["mean"] * 6
    assert clauses["game.end"]["games"] == 1.0
    assert clauses["variant.optional-frog-swap"]["total"] == 0
    assert stats["timing"]["jobs"] == min(2, usable_cpus()) and stats["timing"]["games_per_second"] > 0
    assert 0 <= stats["reshuffles"]["games_with_reshuffle"] <= 1


BOTS = {"A": "random", "B": "greedy"}
FROESCHIS = game_named("froeschis")


def summary(game: int, lineup: str, winners: tuple[int, ...]) -> GameSummary:
    """A made-up game of bots A (random) and B (greedy), their seats in ``lineup``: only the lineup and
    the winners matter to the win rates."""
    return GameSummary(
        game,
        0,
        tuple(BOTS[bot] for bot in lineup),
        winners,
        60,
        tuple(float(seat in winners) for seat in range(len(lineup))),
        (("rounds", 5), ("turns", 50)),
        (("reshuffles", 0), ("rounds_with_reshuffle", 0)),
    )


def test_a_bot_with_two_seats_wins_a_game_when_either_seat_wins() -> None:
    """Bot A holds 2 of 4 seats in every game. Seat-games would count A's 4 winning seats out of 8
    (50%) as if they were independent; per game, A won 3 of 4 games, and had 1, 2, 0 and 1 winning
    seats."""
    tally = Tally()
    for game in (
        summary(0, "ABAB", (0,)),  # A wins
        summary(1, "BABA", (1, 3)),  # both A seats win: one game won, two wins
        summary(2, "ABAB", (1,)),  # B wins
        summary(3, "BABA", (0, 1)),  # shared: A and B both win
    ):
        tally.add(game)
    stats = summarise(FROESCHIS, tally, ("random", "greedy"), players=4, seed=0)
    a, b = stats["by_bot"]
    assert (a["bot"], a["games"], a["seats_per_game"], a["wins"], a["win_rate"]) == (
        "random",
        4,
        2.0,
        3,
        0.75,
    )
    assert a["ci95"] == list(wilson(3, 4))
    # The per-game winning seats and their normal interval, computed here from the values themselves.
    for row, values in ((a, [1, 2, 0, 1]), (b, [0, 0, 1, 1])):
        mean, half = statistics.fmean(values), 1.959963984540054 * statistics.stdev(values) / math.sqrt(4)
        assert row["wins_per_game"] == pytest.approx(mean)
        assert row["wins_per_game_ci95"] == pytest.approx([max(0.0, mean - half), mean + half])
    assert (b["wins"], b["win_rate"]) == (2, 0.5)
    assert [row["wins"] for row in stats["by_seat"]] == [2, 3, 0, 1]
    assert stats["shared_wins"] == 0.5


def test_one_game_gives_no_interval_for_the_wins_per_game() -> None:
    tally = Tally()
    tally.add(summary(0, "AB", (1,)))
    a, b = summarise(FROESCHIS, tally, ("random", "greedy"), players=2, seed=0)["by_bot"]
    assert a["wins_per_game"] == 0.0 and b["wins_per_game"] == 1.0
    assert a["wins_per_game_ci95"] is None and b["wins_per_game_ci95"] is None


def test_the_spread_of_a_histogram_is_that_of_its_values() -> None:
    rng = random.Random(5)
    for size in (1, 2, 3, 10, 101):
        values = [rng.randrange(3, 40) for _ in range(size)]
        expected = {
            "mean": statistics.fmean(values),
            "stdev": statistics.stdev(values) if size > 1 else 0.0,
            "median": statistics.median(values),
            "min": min(values),
            "max": max(values),
        }
        assert spread(Counter(values)) == pytest.approx(expected)


def test_a_tally_does_not_grow_with_the_games() -> None:
    """A tally keeps counts, not games: 30,000 games take the room of 3, but for larger counts."""
    games = [summary(0, "AB", (0,)), summary(1, "BA", (0, 1)), summary(2, "AB", (1,))]
    small, large = Tally(), Tally()
    for game in games:
        small.add(game)
    for _ in range(10_000):
        for game in games:
            large.add(game)
    assert large.games == 30_000
    assert len(pickle.dumps(large)) < len(pickle.dumps(small)) + 200


def test_tallies_merge_in_any_order_to_the_same_tally() -> None:
    games = [simulate_game(("greedy", "random"), 3, Rules(), 1, g) for g in range(6)]
    parts = []
    for chunk in (games[:2], games[2:5], games[5:]):
        part = Tally()
        for game in chunk:
            part.add(game)
        parts.append(part)
    forward, backward = Tally(), Tally()
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    whole = Tally()
    for game in games:
        whole.add(game)
    assert forward == backward == whole
    assert summarise(FROESCHIS, forward, ("greedy", "random"), 3, 1) == summarise(
        FROESCHIS, whole, ("greedy", "random"), 3, 1
    )


def test_the_statistics_do_not_depend_on_the_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "5", "--players", "2", "--bots", "greedy,random", "--seed", "3")
    one = simulate_json(capsys, *args, "--jobs", "1", timing=False)
    two = simulate_json(capsys, *args, "--jobs", "2", timing=False)
    assert one == two
    other_seed = simulate_json(
        capsys, "--games", "5", "--players", "2", "--bots", "greedy,random", "--seed", "4", timing=False
    )
    assert other_seed != one


def test_a_variant_shows_in_the_clause_counts(capsys: pytest.CaptureFixture[str]) -> None:
    stats = simulate_json(
        capsys,
        "--games",
        "3",
        "--players",
        "2",
        "--bots",
        "greedy",
        "--optional-frog-swap",
        "--engine",
        "reference",
    )
    clauses = {row["clause"]: row for row in stats["clauses"]}
    assert clauses["variant.optional-frog-swap"]["total"] > 0
    assert clauses["frog.swap-mandatory"]["total"] == 0
    assert stats["rules"]["optional_frog_swap"] is True


def test_greedy_wins_far_more_often_than_random() -> None:
    tally = run_games(FROESCHIS, ("random", "greedy"), players=2, games=16, seed=0, jobs=1)
    stats = summarise(FROESCHIS, tally, ("random", "greedy"), players=2, seed=0)
    by_bot = {row["bot"]: row for row in stats["by_bot"]}
    assert by_bot["greedy"]["ci95"][0] > by_bot["random"]["ci95"][1]


def test_the_tables_name_bots_seats_and_clauses(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "4", "--players", "2", "--bots", "random,ismc:1", "--jobs", "2"]
    assert main([*args, "--engine", "reference"]) == 0
    out = capsys.readouterr().out
    for title in ("Win rate by bot", "Win rate by seat", "Game length", "Clauses fired", "Draw pile ran out"):
        assert title in out
    assert "ismc:1" in out and "round.final-turns" in out
    assert "Engine: reference (the reference engine, with its events)" in out
    assert main(args) == 0  # the default engine: FastGame, which counts no clauses
    out = capsys.readouterr().out
    assert "Engine: fast (FastGame: the reference's very games, faster)" in out and "Clauses fired" not in out
    assert "Clause counts: only --engine reference counts them (from its events), not fast." in out


@pytest.mark.parametrize(
    ("engine", "expected"),
    [
        ("reference", ["clauses.png", "game_length.png", "win_rates.png"]),
        ("fast", ["game_length.png", "win_rates.png"]),  # no events, no clause counts to draw
    ],
)
def test_plots_are_written_to_files(
    engine: str, expected: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    folder = tmp_path / "plots"
    stats = simulate_json(
        capsys, "--games", "4", "--players", "2", "--plots", str(folder), "--engine", engine
    )
    names = sorted(Path(p).name for p in stats["plots"])
    assert names == expected == sorted(p.name for p in folder.iterdir())
    for path in stats["plots"]:
        assert Path(path).read_bytes().startswith(b"\x89PNG")
    assert [p.name for p in (tmp_path / "plots").iterdir() if p.name.startswith(".")] == []  # no temporary


def test_plots_without_matplotlib_fail_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    without(monkeypatch, "matplotlib")
    assert main(["simulate", "--games", "100000", "--plots", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "pip install 'froeschis[plots]'" in captured.err
    assert captured.out == ""


def test_a_plot_folder_that_cannot_be_made_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way", encoding="utf-8")
    # 100,000 games would take minutes: the refusal must come first.
    assert main(["simulate", "--games", "100000", "--plots", str(blocker / "plots")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        captured.err.strip()
        == f"froeschis: --plots: cannot write into {blocker / 'plots'}: {blocker} is not a folder"
    )


def test_the_results_are_printed_before_a_plot_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The folder is fine when the run starts and gone when the plots are written: the statistics
    are out already, and the error names the option and the file."""
    pytest.importorskip("matplotlib")
    plots = tmp_path / "plots"
    plots.mkdir()

    def summarise_then_lose_the_folder(*args: Any) -> dict[str, Any]:
        plots.rmdir()
        plots.write_text("now a file", encoding="utf-8")
        return summarise(*args)

    monkeypatch.setattr(simulate, "summarise", summarise_then_lose_the_folder)
    assert (
        main(["simulate", "--json", "--no-progress", "--games", "2", "--players", "2", "--plots", str(plots)])
        == 2
    )
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2
    assert captured.err.startswith(f"froeschis: --plots: cannot make the folder {plots}: ")


def test_more_jobs_than_cpus_are_lowered_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--json", "--no-progress", "--games", "2", "--players", "2", "--jobs", "10000"])
        == 0
    )
    captured = capsys.readouterr()
    cpus = usable_cpus()
    assert json.loads(captured.out)["timing"]["jobs"] == cpus
    assert captured.err.strip() == (
        f"froeschis: warning: --jobs 10000 is more than the {cpus} CPU{'' if cpus == 1 else 's'} this "
        f"process may use; using {cpus} (the statistics do not depend on it)"
    )


def test_one_cpu_is_named_in_the_singular(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 1)
    assert main(["simulate", "--no-progress", "--games", "1", "--players", "2", "--jobs", "3"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip() == (
        "froeschis: warning: --jobs 3 is more than the 1 CPU this process may use; "
        "using 1 (the statistics do not depend on it)"
    )
    assert " s on 1 process (" in captured.out


def test_the_workers_start_without_forking() -> None:
    """Python 3.12+ warns (DeprecationWarning) when a process with threads forks, as ``simulate``
    did while its progress bar was drawn by a thread; the workers are spawned, and no warning comes.
    (Python 3.11 does not warn: there the hostile tests see the workers are spawned interpreters.)"""
    stop = threading.Event()
    drawing = threading.Thread(target=stop.wait, daemon=True)  # like a progress bar's refresh thread
    drawing.start()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tally = run_games(FROESCHIS, ("random",), 2, 4, seed=0, jobs=2)
    finally:
        stop.set()
    assert tally.games == 4
    assert [str(w.message) for w in caught if "fork" in str(w.message)] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,clever"], "froeschis: --bots: unknown bot 'clever'"),
        (["--players", "1"], "argument --players: Fröschis is for 2 to 4 players, not 1 [players.count]"),
        (["--games", "0"], "argument --games: expected a whole number of at least 1, not 0"),
        (["--jobs", "0"], "argument --jobs: expected a whole number of at least 1, not 0"),
        (["--games", "1e9"], "argument --games: expected a whole number of at least 1, not '1e9'"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["simulate", *args])
    except SystemExit as exit_info:  # argparse's refusal
        status = int(str(exit_info.code))
    assert status == 2
    assert message in capsys.readouterr().err


def test_wilson_intervals() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_game_seeds_are_fixed_and_distinct() -> None:
    seeds = [game_seed(0, g) for g in range(100)] + [game_seed(1, g) for g in range(100)]
    assert len(set(seeds)) == 200 and all(0 <= s < 2**63 for s in seeds)
    # Derived from a SHA-256 digest, not from hash(): the same in every process and Python version,
    # so a published run can be repeated anywhere.
    assert game_seed(0, 7) == 1289393151652932867


def test_a_game_depends_only_on_the_run_seed_and_its_number() -> None:
    """Game g is the same game whatever else the run plays; other games and other run seeds give
    other games. A run's tally is the same on one process or two."""
    games = [simulate_game(("greedy", "random"), 2, Rules(), 3, g) for g in range(6)]
    assert simulate_game(("greedy", "random"), 2, Rules(), 3, 2) == games[2]
    assert len({repr(game) for game in games}) == 6
    assert simulate_game(("greedy", "random"), 2, Rules(), 4, 2) != games[2]
    whole = Tally()
    for game in games:
        whole.add(game)
    assert run_games(FROESCHIS, ("greedy", "random"), 2, 6, seed=3, jobs=1) == whole
    assert run_games(FROESCHIS, ("greedy", "random"), 2, 6, seed=3, jobs=2) == whole


def test_a_run_of_no_games_or_no_processes_is_refused() -> None:
    with pytest.raises(ValueError, match="games and jobs must be at least 1, not 0 and 1"):
        run_games(FROESCHIS, ("random",), 2, 0, seed=0, jobs=1)
    with pytest.raises(ValueError, match="games and jobs must be at least 1, not 3 and 0"):
        run_games(FROESCHIS, ("random",), 2, 3, seed=0, jobs=0)


@pytest.mark.parametrize(
    ("players", "bots", "variants"),
    [
        (4, "random,greedy", ()),
        (3, "greedy", ("--optional-frog-swap", "--reveal-at-round-end")),
        (2, "random,greedy,random", ("--discard-only-if-placeable",)),
        (2, "ismc:1,random", ()),
    ],
)
def test_the_fast_engine_plays_the_reference_games(
    players: int, bots: str, variants: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """FastGame plays every game of a run as the reference does: every statistic of the two runs is
    the same, to the last game; only the clause counts, which need the reference's events, differ."""
    games = "4" if "ismc" in bots else "40"
    args = (
        "--games",
        games,
        "--players",
        str(players),
        "--bots",
        bots,
        "--seed",
        "9",
        "--jobs",
        "1",
        *variants,
    )
    reference = simulate_json(capsys, *args, "--engine", "reference", timing=False)
    fast = simulate_json(capsys, *args, "--engine", "fast", timing=False)
    assert (reference.pop("engine"), fast.pop("engine")) == ("reference", "fast")
    assert isinstance(reference.pop("clauses"), list) and fast.pop("clauses") is None
    assert fast == reference


def test_the_fast_engine_leaves_the_same_summary_of_every_game() -> None:
    """Game by game (not only in sum): the same winners, rounds, turns, decisions and reshuffles,
    also with a deck so short that the draw pile runs out in many games."""
    rules = Rules(row_length=4, deck=tiny_deck("1 1 2 2 3 3 4 4 F T T T"))
    reference = [simulate_game(("greedy", "random"), 2, rules, 5, game) for game in range(30)]
    fast = [engines.simulate_game_fast(("greedy", "random"), 2, rules, 5, game) for game in range(30)]
    assert fast == [attrs.evolve(summary, clauses={}) for summary in reference]
    assert (
        sum(dict(summary.counts)["reshuffles"] > 0 for summary in reference) >= 10
    )  # the check covers reshuffles


def test_the_kernel_engine_gives_the_same_numbers_however_the_batches_are_spread(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numba")
    games = str(KERNEL_BATCH + 100)  # two batches, the second short
    args = (
        "--games",
        games,
        "--players",
        "3",
        "--bots",
        "random,greedy",
        "--seed",
        "4",
        "--engine",
        "kernel",
    )
    one = simulate_json(capsys, *args, "--jobs", "1", timing=False)
    two = simulate_json(capsys, *args, "--jobs", "2", timing=False)
    assert one["engine"] == "kernel" and one["clauses"] is None
    assert one["games"] == KERNEL_BATCH + 100
    assert sum(row["games"] for row in one["by_seat"]) == 3 * one["games"]
    assert one == two
    by_bot = {row["bot"]: row for row in one["by_bot"]}
    assert by_bot["greedy"]["ci95"][0] > by_bot["random"]["ci95"][1]


def test_the_default_engine_plays_the_reference_games_with_or_without_numba(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same command and seed give the same figures on every install: without ``--engine`` it is
    FastGame, whose games are the reference's, whether the kernel is installed or not (the kernel,
    the default where numba was installed, plays other games)."""
    args = ("--games", "40", "--players", "3", "--bots", "random,greedy", "--seed", "2", "--jobs", "1")
    here = simulate_json(capsys, *args, timing=False)
    without(monkeypatch, *KERNEL)
    assert not engines.kernel_installed()
    assert simulate_json(capsys, *args, timing=False) == here
    assert here.pop("engine") == "fast" and here.pop("clauses") is None
    reference = simulate_json(capsys, *args, "--engine", "reference", timing=False)
    assert reference.pop("engine") == "reference" and reference.pop("clauses")
    assert here == reference


def test_a_run_without_engine_does_not_load_the_kernel() -> None:
    """A small run starts at once: it does not import numba (nor compile the kernel) unasked."""
    code = (
        "import sys\n"
        "from froeschis.cli import main\n"
        "status = main(['simulate', '--games', '2', '--players', '2', '--jobs', '1', '--json'])\n"
        "print(status, 'numba' in sys.modules, 'froeschis.games.froeschis.kernel' in sys.modules,"
        " file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stderr == "0 False False\n"
    assert json.loads(done.stdout)["engine"] == "fast"


@pytest.mark.parametrize(("games", "jobs"), [(1, 1), (2, 2)])
def test_counts_of_one_are_in_the_singular(games: int, jobs: int, capsys: pytest.CaptureFixture[str]) -> None:
    """ "1 game in 0.1 s on 1 process", not "1 games ... on 1 processes"; "2 games ... on 2 processes"."""
    if jobs > usable_cpus():
        pytest.skip(f"needs {jobs} CPUs")
    assert (
        main(["simulate", "--games", str(games), "--players", "2", "--jobs", str(jobs), "--no-progress"]) == 0
    )
    out = capsys.readouterr().out
    one = games == 1
    assert out.startswith(f"{games} game{'' if one else 's'}, 2 players, bots random, greedy")
    assert f"\n{games} game{'' if one else 's'} in " in out
    assert f" s on {jobs} process{'' if one else 'es'} (" in out


@pytest.mark.parametrize(
    ("bots", "installed", "message"),
    [
        ("random,ismc", True, "the kernel plays only greedy and random bots, not ismc: use --engine fast"),
        (
            "random",
            False,
            "the kernel needs numba and numpy: pip install 'froeschis[fast]', or use --engine fast",
        ),
    ],
)
def test_an_engine_that_cannot_play_the_run_is_refused_before_playing(
    bots: str,
    installed: bool,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``installed``: whether the kernel is there or not matters not for the bots it does not play."""
    if not installed:
        without(monkeypatch, *KERNEL)
    assert main(["simulate", "--games", "100000", "--bots", bots, "--engine", "kernel"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == f"froeschis: --engine kernel: {message}"
