"""Fröschis' engines (:attr:`Game.engines <froeschis.framework.game.Game.engines>`): the reference,
FastGame and the numba kernel, and what Fröschis' runs report of their own (the reshuffles).

* ``reference``: :mod:`froeschis.games.froeschis.engine` through
  :func:`froeschis.games.froeschis.bots.play_bots`, with events, so it also counts how often each
  clause fired. Game ``g`` has its own seed (:func:`~froeschis.framework.runs.game_seed`) and the
  bots of the run rotated by ``g`` over the seats.
* ``fast``: :class:`froeschis.games.froeschis.fast.FastGame`, the same games: the same seeds, the same
  random streams drawn in the same order, the same bots, so the same winners, rounds, turns and
  reshuffles to the last game (``tests/tools/test_cli_simulate.py`` compares the two runs whole, and the
  framework's lock-step verifier compares every step). It makes no events, so it counts no clauses.
  Random and greedy bots decide on the FastGame itself; any other bot is shown its seat's
  observation of the reference state, as on the reference engine.
* ``kernel``: :func:`froeschis.games.froeschis.kernel.simulate` (numba, the extra
  ``froeschis[fast]``), random and greedy bots only. It draws from its own random source, so it
  plays other games than the two above, from the same distribution
  (``tests/games/froeschis/test_kernel.py``). A
  kernel batch is always :data:`KERNEL_BATCH` games (the last one fewer), its games grouped by their
  seating and each group seeded from the run's seed, the batch's first game and the seating: so a
  kernel run, too, gives the same numbers however its batches are spread over processes or machines.

The default is FastGame, whatever is installed: it plays the reference's games, so a command and its
seed give the same figures on every install, and it starts at once. The kernel plays only when
asked for: its games are other games, and it costs numba's import and its compilation (or, once
numba has cached it, its loading): seconds before the first game.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from froeschis.framework.engines import REFERENCE, Batch, Engine, Engines
from froeschis.framework.errors import GameTooLongError
from froeschis.framework.loop import MAX_STEPS, seat_rng
from froeschis.framework.runs import game_seed, lineup
from froeschis.framework.tally import GameSummary, Tally
from froeschis.games.froeschis.actions import Action, ActionKind, AnyAction
from froeschis.games.froeschis.bots import (
    Bot,
    GreedyBot,
    RandomBot,
    as_policy,
    make_bot,
    play_bots,
)
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.fast import RESHUFFLE, FastGame
from froeschis.games.froeschis.fast_policies import greedy_action
from froeschis.games.froeschis.rules import Rules

DEFAULT_ENGINE = "fast"
"""The engine of a run that names none: FastGame, which plays the reference's very games (so the
figures do not depend on which extras are installed), without the reference's events."""

KERNEL_BOTS = frozenset({"random", "greedy"})
"""The bots the kernel plays (:data:`froeschis.games.froeschis.kernel.simulate.BOTS`, named here so
that choosing an engine does not import numba)."""

KERNEL_BATCH = 4096
"""The games of a kernel batch: fixed, because a kernel batch's games depend on where it starts."""


def kernel_installed() -> bool:
    """Whether the kernel can run here (numba and numpy import)."""
    try:
        import froeschis.games.froeschis.kernel  # noqa: F401
    except ImportError:
        return False
    return True


def _kernel_missing() -> str | None:
    if kernel_installed():
        return None
    return "the kernel needs numba and numpy: pip install 'froeschis[fast]', or use --engine fast"


def _summary(
    game: int,
    seed: int,
    seats: tuple[str, ...],
    rules: Rules,
    winners: tuple[int, ...],
    lengths: tuple[int, int, int],
    reshuffles: tuple[int, int],
    clauses: dict[str, int],
) -> GameSummary:
    """A game's summary from its rounds, turns and decisions, and its reshuffles and the rounds with one."""
    rounds, turns, decisions = lengths
    return GameSummary(
        game=game,
        seed=seed,
        lineup=seats,
        winners=winners,
        decisions=decisions,
        returns=rules.table.returns(len(seats), winners),
        lengths=(("rounds", rounds), ("turns", turns)),
        counts=(("reshuffles", reshuffles[0]), ("rounds_with_reshuffle", reshuffles[1])),
        clauses=clauses,
    )


# --------------------------------------------------------------------------- reference


def simulate_game(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run on the reference engine and summarise it."""
    seats = lineup(specs, players, game)
    bots = [make_bot(spec, rules) for spec in seats]
    causes: list[tuple[str, ...]] = []  # counted once at the end: Counter.update per event is slow
    counts = {"turns": 0, "decisions": 0, "reshuffles": 0}
    reshuffled_rounds: set[int] = set()

    def count(state: GameState, action: AnyAction, after: GameState, events: tuple[Event, ...]) -> None:
        if not state.is_chance:
            counts["decisions"] += 1
        for event in events:
            causes.append(event.clauses)
            if event.kind is EventKind.TURN_STARTED:
                counts["turns"] += 1
            elif event.kind is EventKind.RESHUFFLED:
                counts["reshuffles"] += 1
                reshuffled_rounds.add(state.round)

    this_seed = game_seed(seed, game)
    final, _ = play_bots(bots, this_seed, rules, on_step=count)
    return _summary(
        game,
        this_seed,
        seats,
        rules,
        final.winners,
        (final.round, counts["turns"], counts["decisions"]),
        (counts["reshuffles"], len(reshuffled_rounds)),
        dict(Counter(itertools.chain.from_iterable(causes))),
    )


# --------------------------------------------------------------------------- FastGame

FastPolicy = Callable[[FastGame, random.Random], Action]
"""A bot deciding on a FastGame for its current player."""

_TURN_OPENERS = frozenset({ActionKind.DRAW, ActionKind.TAKE_DISCARD})
"""Every turn starts with one of these decisions, and no other decision is one of them."""


def fast_policy(bot: Bot) -> FastPolicy:
    """``bot`` deciding on a FastGame, drawing from its random source exactly as on the reference.

    A random bot picks among the FastGame's legal actions, which are the reference's in the same
    order; a greedy bot is :func:`froeschis.games.froeschis.fast_policies.greedy_action`, the greedy
    policy on the FastGame itself (``tests/games/froeschis/test_ismc.py`` holds it to the reference's
    decisions and
    use of the random source); any other bot is shown its seat's observation of the reference state
    (and held to the legal actions there), as :func:`froeschis.games.froeschis.bots.as_policy` does.
    """
    if isinstance(bot, RandomBot):
        return lambda game, rng: rng.choice(game.legal_actions())
    if isinstance(bot, GreedyBot):
        return greedy_action
    on_state = as_policy(bot)
    return lambda game, rng: on_state(game.to_state(), rng)


def simulate_game_fast(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run on FastGame: the game :func:`simulate_game` plays.

    Chance draws from ``random.Random(seed)`` and each seat from
    :func:`~froeschis.framework.loop.seat_rng`, as in :func:`froeschis.games.froeschis.bots.play_bots`.
    """
    seats = lineup(specs, players, game)
    policies = [fast_policy(make_bot(spec, rules)) for spec in seats]
    this_seed = game_seed(seed, game)
    chance = random.Random(this_seed)
    rngs = [seat_rng(this_seed, seat) for seat in range(players)]
    board = FastGame.new(players, rules)
    turns = decisions = reshuffles = steps = 0
    reshuffled_rounds: set[int] = set()
    while not board.is_terminal:
        if steps >= MAX_STEPS:
            raise GameTooLongError(MAX_STEPS)
        steps += 1
        if board.is_chance:
            if board.phase == RESHUFFLE:
                reshuffles += 1
                reshuffled_rounds.add(board.round)
            board.apply(board.sample_chance(chance))
            continue
        seat = board.turn
        action = policies[seat](board, rngs[seat])
        decisions += 1
        turns += action.kind in _TURN_OPENERS
        board.apply(action)
    return _summary(
        game,
        this_seed,
        seats,
        rules,
        board.winners,
        (board.round, turns, decisions),
        (reshuffles, len(reshuffled_rounds)),
        {},
    )


def _per_game(
    play: Callable[[Sequence[str], int, Rules, int, int], GameSummary],
) -> Callable[[Any, Batch], Tally]:
    def batch_of(rules: Any, batch: Batch) -> Tally:
        tally = Tally()
        for game in batch.games:
            tally.add(play(batch.specs, batch.players, rules, batch.seed, game))
        return tally

    return batch_of


# --------------------------------------------------------------------------- kernel


def kernel_seed(seed: int, first_game: int, seating: int) -> int:
    """The seed of the kernel call that plays, in the batch starting at ``first_game``, the games
    whose bots sit as in game ``seating``."""
    digest = hashlib.sha256(f"froeschis-kernel:{seed}:{first_game}:{seating}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_kernel_batch(rules: Rules, batch: Batch) -> Tally:
    """The games of ``batch`` on the kernel, one call per seating of the bots."""
    from froeschis.games.froeschis import kernel

    specs = [spec.strip() for spec in batch.specs]
    tally = Tally()
    for seating in range(len(specs)):
        games = [g for g in batch.games if g % len(specs) == seating]
        if not games:
            continue
        names = tuple(specs[(seat + seating) % len(specs)] for seat in range(batch.players))
        this_seed = kernel_seed(batch.seed, batch.games.start, seating)
        result = kernel.simulate(batch.players, len(games), this_seed, rules, names)
        for index, game in enumerate(games):
            tally.add(
                _summary(
                    game,
                    this_seed,
                    names,
                    rules,
                    tuple(int(seat) for seat in result.winners[index].nonzero()[0]),
                    (int(result.rounds[index]), int(result.turns[index]), int(result.decisions[index])),
                    (int(result.reshuffles[index]), int(result.reshuffled_rounds[index])),
                    {},
                )
            )
    return tally


# --------------------------------------------------------------------------- what a run reports


def reshuffle_stats(tally: Tally) -> dict[str, Any]:
    """How often the draw pile ran out: in what share of games and of rounds, and per game."""
    n = tally.games
    total_rounds = sum(r * c for r, c in tally.lengths["rounds"].items())
    return {
        "reshuffles": {
            "games_with_reshuffle": tally.games_with["reshuffles"] / n,
            "rounds_with_reshuffle": tally.counts["rounds_with_reshuffle"] / total_rounds,
            "per_game": tally.counts["reshuffles"] / n,
        }
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def reshuffle_text(stats: dict[str, Any]) -> str:
    r = stats["reshuffles"]
    return (
        f"Draw pile ran out (draw.reshuffle): in {_pct(r['games_with_reshuffle'])} of games, "
        f"{_pct(r['rounds_with_reshuffle'])} of rounds, {r['per_game']:.2f} times per game."
    )


ENGINES = Engines(
    (
        Engine(
            REFERENCE, "the reference engine, with its events", _per_game(simulate_game), counts_clauses=True
        ),
        Engine(
            "fast",
            "FastGame: the reference's very games, faster",
            _per_game(simulate_game_fast),
            lock_step=FastGame.new,
        ),
        Engine(
            "kernel",
            "the compiled kernel: its own games, from the same distribution",
            play_kernel_batch,
            bots=KERNEL_BOTS,
            batch=KERNEL_BATCH,
            missing=_kernel_missing,
        ),
    ),
    default=DEFAULT_ENGINE,
    bots=("random", "greedy"),
    lengths=("rounds", "turns"),
    stats=reshuffle_stats,
    stats_text=reshuffle_text,
    stats_summary="how often the draw pile ran out and was reshuffled (draw.reshuffle)",
    seat_note="seat 0 starts round 1",
    returns_shown=False,
    winnerless_shown=False,
)
"""Fröschis' engines, slowest first, FastGame the default."""
