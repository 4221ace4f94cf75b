"""perft past one core: a position's count split by its first action over processes or Dask.

perft(d) of a position is the sum over its first actions of perft(d - 1) of the state each leads
to, and those subtrees share nothing a count needs: so each first action is one task, counted where
it is sent (a worker process here, :func:`froeschis.agents.simulation.play_batches`, or a worker of a
Dask cluster, :mod:`froeschis.agents.cluster`), and the split is the divide report itself, the same
counts in the same order as :func:`divide` gives on one core. A task carries the position as text
(:func:`~froeschis.framework.positions.position_text`, the game's notation or its JSON form) and
the first action's index among its successors, so that any worker with the same froeschis installed
rebuilds it; nothing unpicklable travels, and nothing depends on which worker counted what.

Each subtree is counted by the game's own perft convention where it has one (``Game.perft``: Army
of Frogs' finished game adds nothing) and by :func:`froeschis.verify.explore.perft` otherwise,
exactly as the one-core :func:`divide` does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from froeschis.agents.simulation import play_batches
from froeschis.framework.game import Game
from froeschis.framework.positions import position, position_text
from froeschis.framework.registry import game as game_named
from froeschis.verify import explore
from froeschis.verify.explore import perft, successors


@attrs.frozen
class Branch:
    """One first action of a position and the depth to count below it: a task for any worker."""

    game: str
    position: str
    """The position, as :func:`~froeschis.framework.positions.position` reads it."""
    action: int
    """The first action's index among the position's successors."""
    depth: int
    """The depth counted below it (the split's depth, less one)."""

    @property
    def games(self) -> range:
        """The runners name a task by its ``games`` (a Dask task's key): one per first action."""
        return range(self.action, self.action + 1)


@attrs.frozen
class Counted:
    """A branch's count, by its index."""

    action: int
    count: int
    games: int = 1


def count_branch(branch: Branch) -> Counted:
    """perft(``branch.depth``) of the state the branch's first action leads to (run in a worker)."""
    of = game_named(branch.game)
    root = position(of, branch.position)
    action = list(successors(of, root))[branch.action]
    after = root.apply(action)
    count = of.perft(after, branch.depth) if of.perft is not None else perft(of, after, branch.depth)
    return Counted(branch.action, count)


def divide(of: Game, state: Any, depth: int) -> dict[str, int]:
    """perft(``depth``) of ``state`` split by its first action, on one core: the game's own divide
    where it has one, else :func:`froeschis.verify.explore.divide`."""
    return dict(of.divide(state, depth)) if of.divide is not None else explore.divide(of, state, depth)


def branches(of: Game, state: Any, depth: int) -> tuple[list[str], Iterator[Branch]]:
    """The first actions' names, in order, and a task for each."""
    if depth < 1:
        raise ValueError(f"a split needs a depth of 1 or more, not {depth}")
    names = [str(action) for action in successors(of, state)]
    text = position_text(of, state)
    return names, (Branch(of.name, text, index, depth - 1) for index in range(len(names)))


def split_divide(
    of: Game,
    state: Any,
    depth: int,
    jobs: int = 1,
    dask: str | None = None,
) -> dict[str, int]:
    """perft(``depth``) of ``state`` split by its first action, each action counted on one of
    ``jobs`` worker processes, or (``dask``: a scheduler's address, or ``"local"``) on the workers of
    a Dask cluster: the same counts, in the same order, as :func:`divide`. On one process with no
    cluster it is :func:`divide` itself: no task rebuilds the position from its text."""
    if jobs == 1 and dask is None:
        return divide(of, state, depth)
    names, tasks = branches(of, state, depth)
    counts: dict[int, int] = {}

    def merge(done: Counted) -> None:
        counts[done.action] = done.count

    if dask is None:
        play_batches(tasks, count_branch, jobs, merge)
    else:
        from froeschis.agents.cluster import ClusterError, check_workers, connect, play_batches_on

        with connect(dask, jobs) as client:
            workers = check_workers(client)
            key = f"froeschis-split-{of.name}-{depth}"
            play_batches_on(client, workers, tasks, count_branch, key, merge)
        if len(counts) != len(names):  # never a split with a branch missing, passed off as whole
            raise ClusterError(f"the Dask cluster counted {len(counts)} of the {len(names)} first actions")
    return {name: counts[index] for index, name in enumerate(names)}
