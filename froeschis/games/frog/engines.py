"""Frog's engines (:attr:`Game.engines <froeschis.framework.game.Game.engines>`): the reference,
FastFrog and the compiled kernel.

* ``reference``: :mod:`froeschis.games.frog.engine` through the framework's game loop
  (:func:`froeschis.framework.runs.play_reference`), every bot deciding on the reference state.
* ``fast``: :class:`froeschis.games.frog.fast.FastFrog`, the same matches: game ``g`` from the same
  seed (:func:`~froeschis.framework.runs.game_seed`), chance from ``random.Random(seed)`` and each
  seat from :func:`~froeschis.framework.loop.seat_rng`, drawn in the same order, so the same
  winners, returns and decisions to the last match (``tests/games/frog/test_frog_fast.py`` compares
  the two runs whole, and the framework's lock-step verifier compares every step). Random bots
  decide on FastFrog itself; any other bot (``heuristic``) is shown the reference state, as on the
  reference engine.
* ``kernel``: :func:`froeschis.games.frog.kernel.simulate` (numba, the extra ``froeschis[fast]``),
  random bots only. It draws from its own random source, so it plays other matches than the two
  above, from the same distribution (``tests/games/frog/test_frog_kernel.py``). A kernel batch is
  always :data:`KERNEL_BATCH` matches (the last one fewer), seeded from the run's seed and the
  batch's first match: the same figures however its batches are spread.

The default is FastFrog: it plays the reference's matches, so a command and its seed give the same
figures whichever engine plays them.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from froeschis.framework.engines import REFERENCE, Batch, Engine, Engines
from froeschis.framework.errors import GameTooLongError
from froeschis.framework.loop import MAX_STEPS, seat_rng
from froeschis.framework.runs import game_seed, lineup, play_reference
from froeschis.framework.tally import GameSummary, Tally
from froeschis.games.frog.bots import BOTS
from froeschis.games.frog.fast import FastFrog, policy_on_fast
from froeschis.games.frog.rules import Rules


def simulate_match_fast(rules: Rules, seats: tuple[str, ...], number: int, seed: int) -> GameSummary:
    """Match ``number`` of a run on FastFrog: the match
    :func:`~froeschis.framework.runs.play_reference` plays for the same seed and bots."""
    policies = [policy_on_fast(BOTS[spec](rules), spec == "random") for spec in seats]
    chance = random.Random(seed)
    rngs = [seat_rng(seed, seat) for seat in range(len(seats))]
    board = FastFrog.new(len(seats), rules)
    decided = steps = 0
    while not board.is_terminal:
        if steps >= MAX_STEPS:
            raise GameTooLongError(MAX_STEPS)
        steps += 1
        if board.is_chance:
            board.sample_chance(chance)
            continue
        seat = board.turn
        decided += 1
        board.apply(policies[seat](board, rngs[seat]))
    return GameSummary(number, seed, seats, board.winners, decided, board.returns())


def play_fast_batch(rules: Any, batch: Batch) -> Tally:
    """A batch of a run on FastFrog."""
    tally = Tally()
    for number in batch.games:
        seats = lineup(batch.specs, batch.players, number)
        tally.add(simulate_match_fast(rules, seats, number, game_seed(batch.seed, number)))
    return tally


KERNEL_BATCH = 4096
"""The matches of a kernel batch: fixed, because a kernel batch's matches depend on where it starts."""


def _kernel_missing() -> str | None:
    try:
        import froeschis.games.frog.kernel  # noqa: F401
    except ImportError:
        return "the kernel needs numba and numpy: pip install 'froeschis[fast]', or use --engine fast"
    return None


def kernel_seed(seed: int, first_match: int) -> int:
    """The seed of the kernel call that plays the batch starting at ``first_match``."""
    digest = hashlib.sha256(f"frog-kernel:{seed}:{first_match}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_kernel_batch(rules: Any, batch: Batch) -> Tally:
    """The matches of ``batch`` on the kernel (random bots: every seat decides alike)."""
    from froeschis.games.frog import kernel

    this_seed = kernel_seed(batch.seed, batch.games.start)
    result = kernel.simulate(len(batch.games), this_seed, rules)
    start = rules.table.start_score()
    tally = Tally()
    for index, number in enumerate(batch.games):
        scores = [int(s) for s in result.scores[index]]
        top = max(scores)
        chance = 1 + int(result.deals[index])  # the draw of the first dealer, a shuffle per deal
        tally.add(
            GameSummary(
                number,
                this_seed,
                lineup(batch.specs, batch.players, number),
                tuple(seat for seat in range(3) if scores[seat] == top),
                int(result.actions[index]) - chance,
                tuple(float(s - start) for s in scores),
            )
        )
    return tally


ENGINES = Engines(
    (
        Engine(REFERENCE, "the reference engine", play_reference),
        Engine(
            "fast",
            "FastFrog: the reference's very matches, faster",
            play_fast_batch,
            lock_step=FastFrog.new,
        ),
        Engine(
            "kernel",
            "the compiled kernel: its own matches, from the same distribution",
            play_kernel_batch,
            bots=frozenset({"random"}),
            batch=KERNEL_BATCH,
            missing=_kernel_missing,
        ),
    ),
    default="fast",
)
"""Frog's engines, slowest first, FastFrog the default."""
