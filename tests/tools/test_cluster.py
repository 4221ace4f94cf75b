"""``simulate --dask``: the batches of a run played by Dask workers give the local pool's results.

Every test here starts a real ``LocalCluster`` of worker processes (the extra ``froeschis[dask]``;
skipped without it). The runs are compared with the local process pool for the same seed, games,
bots and engine, whole; one run loses a worker, killed with SIGKILL while it holds batches, and must
still count every game exactly once.
"""

from __future__ import annotations

import os
import signal
import threading

import pytest

from froeschis.agents import cluster
from froeschis.agents.cluster import ClusterError, check_workers, run_games_on_dask
from froeschis.agents.simulation import run_games
from froeschis.cli import main
from froeschis.framework.registry import game
from froeschis.framework.version import __version__
from tests.cli_runs import simulate_json
from tests.extras import without

distributed = pytest.importorskip("distributed", reason="the Dask tests need froeschis[dask]")
FROESCHIS = game("froeschis")


@pytest.mark.parametrize(
    ("engine", "games", "bots"),
    [("fast", "120", "random,greedy,ismc:1"), ("kernel", "5000", "random,greedy")],
)
def test_a_local_dask_cluster_gives_the_results_of_the_local_pool(
    engine: str, games: str, bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if engine == "kernel":
        pytest.importorskip("numba")
    if "ismc" in bots:
        games = "12"
    args = (
        "--games",
        games,
        "--players",
        "3",
        "--bots",
        bots,
        "--seed",
        "21",
        "--engine",
        engine,
        "--jobs",
        "2",
    )
    on_dask = simulate_json(capsys, *args, "--dask", "local", timing=False)
    local = simulate_json(capsys, *args, timing=False)
    assert on_dask["games"] == int(games) and on_dask["engine"] == engine
    assert on_dask == local


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice() -> None:
    """SIGKILL one of two workers once the first batch is in: its batches are run again by the
    other (or by its restarted self), and the tally is the local pool's, game for game."""
    specs, players, games, seed = ("random", "greedy"), 2, 240, 5
    killed: list[int] = []
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as lc,
        distributed.Client(lc) as client,
    ):
        pids: dict[str, int] = client.run(os.getpid)
        arrived = threading.Event()

        def advance(_: int) -> None:
            if not arrived.is_set():
                arrived.set()
                victim = min(pids.values())
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        tally = run_games_on_dask(
            lc.scheduler_address, FROESCHIS, specs, players, games, seed, engine="reference", advance=advance
        )
        after: dict[str, int] = client.run(os.getpid)
    assert killed and killed[0] not in after.values()  # the worker really went
    assert tally.games == games
    assert tally == run_games(FROESCHIS, specs, players, games, seed, jobs=1, engine="reference")


def test_a_client_whose_snapshot_shows_no_worker_yet_still_plays_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A client that has just connected may hold a ``scheduler_info()`` with no worker in it (seen on
    a loaded machine: the run ended at once, with no game played and no error). The run counts the
    workers it checked, so it plays every game, the local pool's."""
    monkeypatch.setattr(distributed.Client, "scheduler_info", lambda self, **_: {"workers": {}})
    specs, players, games, seed = ("random", "greedy"), 2, 40, 3
    tally = run_games_on_dask("local", FROESCHIS, specs, players, games, seed, engine="reference")
    assert tally.games == games
    assert tally == run_games(FROESCHIS, specs, players, games, seed, jobs=1, engine="reference")


def test_workers_with_another_froeschis_are_refused() -> None:
    class Workers:
        def run(self, _: object) -> dict[str, str]:
            return {"tcp://10.0.0.1:4000": "0.0.9", "tcp://10.0.0.2:4000": __version__}

    with pytest.raises(ClusterError) as refused:
        check_workers(Workers())
    assert str(refused.value) == (
        f"the Dask workers must run froeschis {__version__}, as this client does: "
        "tcp://10.0.0.1:4000 has 0.0.9"
    )


def test_a_scheduler_that_does_not_answer_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    assert main(["simulate", "--games", "10", "--dask", "tcp://127.0.0.1:9", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("froeschis: --dask tcp://127.0.0.1:9: no Dask scheduler answers there (")


def test_without_distributed_the_run_is_refused_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    without(monkeypatch, "distributed")
    assert main(["simulate", "--games", "100000", "--dask", "local", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == "froeschis: --dask needs Dask's distributed: pip install 'froeschis[dask]'"
