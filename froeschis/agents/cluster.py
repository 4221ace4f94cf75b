"""Simulated games past one machine: the batches of a run played by Dask workers.

:func:`run_games_on_dask` plays a run as :func:`froeschis.agents.simulation.run_games` does, but
hands its batches (:mod:`froeschis.framework.engines`) to the workers of a Dask ``distributed``
cluster: a running scheduler at an address, or ``"local"`` for a ``LocalCluster`` of worker
processes on this machine. A batch carries everything it needs (the game's and the engine's names,
the bots, the rules, the run's seed and its games' numbers) and every game is seeded from the run's
seed and its number, so the tally is the same, to the last digit, as on the local process pool for
the same seed, games, bots and engine, whichever worker played which batch.

Nothing is counted twice or dropped: each batch is one future whose result is merged once, when it
arrives; a batch whose worker dies mid-run is run again elsewhere by the scheduler (Dask reschedules
the tasks of a lost worker), and a batch that raises is retried (``retries``) before the run fails.
Only a few batches per worker are in flight at a time, so a run of any size starts at once and the
client holds little. The workers must have the same froeschis installed as the client: a run
refuses to start otherwise, naming the workers that differ.

Needs the extra ``froeschis[dask]`` (``distributed``); nothing else imports it.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from froeschis.agents.simulation import CHUNKS_PER_WORKER, batch_size, check_run
from froeschis.framework.engines import REFERENCE
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.runs import batches, play_batch
from froeschis.framework.tally import Tally
from froeschis.framework.version import __version__

RETRIES = 2
"""How often a batch that raised is run again before the run fails (a lost worker is not counted:
the scheduler reruns its batches on its own)."""

CONNECT_TIMEOUT = "20s"
"""How long to wait for the scheduler at an address before giving up with a clear error."""


class ClusterError(FroeschisError):
    """A Dask cluster that cannot play the run: not installed, not reachable, or workers that differ."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError("--dask needs Dask's distributed: pip install 'froeschis[dask]'") from None
    return distributed


@contextlib.contextmanager
def connect(address: str, workers: int) -> Iterator[Any]:
    """A Dask client: for ``"local"`` on a new ``LocalCluster`` of ``workers`` single-threaded worker
    processes (closed again at the end), else on the scheduler at ``address``."""
    distributed = _distributed()
    if address == "local":
        with (
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            yield client
        return
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except OSError as error:
        raise ClusterError(f"--dask {address}: no Dask scheduler answers there ({error})") from None
    with client:
        yield client


def _installed_version() -> str:
    return __version__


def check_workers(client: Any) -> int:
    """The number of workers of ``client``'s cluster, once each is known to run this froeschis."""
    versions: dict[str, str] = client.run(_installed_version)
    if not versions:
        raise ClusterError("the Dask cluster has no workers")
    differing = {worker: version for worker, version in versions.items() if version != __version__}
    if differing:
        listed = ", ".join(f"{worker} has {version}" for worker, version in sorted(differing.items()))
        raise ClusterError(
            f"the Dask workers must run froeschis {__version__}, as this client does: {listed}"
        )
    return len(versions)


def run_games_on_dask(
    address: str,
    game: Game,
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    rules: Any = None,
    engine: str = REFERENCE,
    advance: Callable[[int], None] | None = None,
    workers: int = 2,
) -> Tally:
    """Play ``games`` games of ``game`` on the Dask cluster at ``address`` (``"local"``: a LocalCluster of
    ``workers`` processes); the same tally as :func:`~froeschis.agents.simulation.run_games`.

    ``advance(n)`` is called as each batch of ``n`` games arrives.
    """
    rules = game.rules() if rules is None else rules
    if games < 1 or workers < 1:
        raise ValueError(f"games and workers must be at least 1, not {games} and {workers}")
    check_run(game, specs, rules, engine)
    tally = Tally()
    with connect(address, workers) as client:
        workers = check_workers(client)
        parts = batches(game, engine, specs, players, rules, seed, games, batch_size(games, workers))
        key = f"froeschis-batch-{game.name}-{engine}-{seed}"
        play_batches_on(client, workers, parts, play_batch, key, tally.merge, advance)
    if tally.games != games:  # never a tally of fewer games than asked for, passed off as the run's
        raise ClusterError(f"the Dask cluster played {tally.games} of the {games} games")
    return tally


def play_batches_on(
    client: Any,
    workers: int,
    parts: Iterator[Any],
    play: Callable[[Any], Any],
    key: str,
    merge: Callable[[Any], None],
    advance: Callable[[int], None] | None = None,
) -> None:
    """Play every batch of ``parts`` (each with a ``games`` range) by ``play`` on the ``workers``
    workers of ``client``, a few per worker in flight, merging each result (with a ``games`` count)
    once as it arrives; a batch's task key is ``key`` and its games' range.

    ``workers`` is the count :func:`check_workers` found, not the client's ``scheduler_info()``: that
    is a snapshot, which a client that has just connected may hold before any worker is in it, and
    no batch in flight would end the run at once with no game played."""
    distributed = _distributed()
    in_flight = CHUNKS_PER_WORKER * max(1, workers)

    def submit(batch: Any) -> Any:
        name = f"{key}-{batch.games.start}-{batch.games.stop}"
        return client.submit(play, batch, key=name, retries=RETRIES, pure=False)

    running = distributed.as_completed([submit(batch) for batch in itertools.islice(parts, in_flight)])
    try:
        for future in running:
            part = future.result()
            merge(part)
            future.release()
            if advance:
                advance(part.games)
            for batch in itertools.islice(parts, 1):  # the next batch, if any is left
                running.add(submit(batch))
    except BaseException:
        client.cancel(list(running.futures))
        raise
