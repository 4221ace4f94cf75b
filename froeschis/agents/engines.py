"""How a batch of a run's games is played: by the reference engine, by FastGame, or by the kernel.

A run of ``froeschis simulate`` is cut into batches of consecutive game numbers; whoever plays a
batch (this process, a worker process, a Dask worker) calls :func:`play_batch` and returns its
:class:`~froeschis.agents.tally.Tally`. A batch names the engine that plays it:

* ``reference``: :mod:`froeschis.games.froeschis.engine` through
  :func:`froeschis.games.froeschis.bots.play_bots`, with
  events, so it also counts how often each clause fired. Game ``g`` has its own seed
  (:func:`game_seed`) and the bots of the run rotated by ``g`` over the seats.
* ``fast``: :class:`froeschis.games.froeschis.fast.FastGame`, the same games: the same seeds, the same random
  streams
  drawn in the same order, the same bots, so the same winners, rounds, turns and reshuffles to the
  last game (``tests/test_cli_simulate.py`` compares the two runs whole). It makes no events, so it
  counts no clauses. Random and greedy bots decide on the FastGame itself; any other bot is shown
  its seat's observation of the reference state, as on the reference engine.
* ``kernel``: :func:`froeschis.games.froeschis.kernel.simulate` (numba, the extra ``froeschis[fast]``),
  random and
  greedy bots only. It draws from its own random source, so it plays other games than the two
  above, from the same distribution (``tests/test_kernel.py``). A kernel batch is always
  :data:`KERNEL_BATCH` games (the last one fewer), its games grouped by their seating and each group
  seeded from the run's seed, the batch's first game and the seating: so a kernel run, too, gives the
  same numbers however its batches are spread over processes or machines.

The default is :data:`DEFAULT_ENGINE`, FastGame, whatever is installed: it plays the reference's
games, so a command and its seed give the same figures on every install, and it starts at once. The
kernel plays only when asked for: its games are other games, and it costs numba's import and its
compilation (or, once numba has cached it, its loading): seconds before the first game.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs

from froeschis.agents.tally import GameSummary, Tally
from froeschis.framework.errors import FroeschisError, GameTooLongError
from froeschis.games.froeschis.actions import Action, ActionKind, AnyAction
from froeschis.games.froeschis.bots import (
    MAX_STEPS,
    Bot,
    GreedyBot,
    RandomBot,
    as_policy,
    lineup,
    make_bot,
    play_bots,
    seat_rng,
)
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.fast import RESHUFFLE, FastGame
from froeschis.games.froeschis.fast_policies import greedy_action
from froeschis.games.froeschis.rules import Rules

ENGINES = ("reference", "fast", "kernel")
"""The engines a run can be played on, slowest first."""

DEFAULT_ENGINE = "fast"
"""The engine of a run that names none: FastGame, which plays the reference's very games (so the
figures do not depend on which extras are installed), without the reference's events."""

ENGINE_SUMMARIES = {
    "reference": "the reference engine, with its events",
    "fast": "FastGame: the reference's very games, faster",
    "kernel": "the compiled kernel: its own games, from the same distribution",
}
"""What each engine plays, in a few words, for the command's output."""

KERNEL_BOTS = frozenset({"random", "greedy"})
"""The bots the kernel plays (:data:`froeschis.games.froeschis.kernel.simulate.BOTS`, named here so that
choosing an
engine does not import numba)."""

KERNEL_BATCH = 4096
"""The games of a kernel batch: fixed, because a kernel batch's games depend on where it starts."""


class EngineError(FroeschisError):
    """A run asks for an engine that cannot play it (not installed, or not for these bots)."""


def kernel_installed() -> bool:
    """Whether the kernel can run here (numba and numpy import)."""
    try:
        import froeschis.games.froeschis.kernel  # noqa: F401
    except ImportError:
        return False
    return True


def check_engine(engine: str, specs: Sequence[str]) -> None:
    """Refuse, with what to do instead, an engine that cannot play a run of ``specs``."""
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    if engine != "kernel":
        return
    others = sorted({spec.strip() for spec in specs} - KERNEL_BOTS)
    if others:
        raise EngineError(
            f"the kernel plays only {' and '.join(sorted(KERNEL_BOTS))} bots, not {', '.join(others)}: "
            "use --engine fast"
        )
    if not kernel_installed():
        raise EngineError(
            "the kernel needs numba and numpy: pip install 'froeschis[fast]', or use --engine fast"
        )


@attrs.frozen
class Batch:
    """Some consecutive games of a run, and everything needed to play them anywhere."""

    engine: str
    specs: tuple[str, ...]
    players: int
    rules: Rules
    seed: int
    games: range


def batches(
    engine: str, specs: Sequence[str], players: int, rules: Rules, seed: int, games: int, size: int
) -> Iterator[Batch]:
    """The batches of a run of ``games`` games, made as they are asked for: ``size`` games each, but
    for the kernel, whose batches are always :data:`KERNEL_BATCH` games."""
    size = KERNEL_BATCH if engine == "kernel" else size
    for start in range(0, games, size):
        yield Batch(engine, tuple(specs), players, rules, seed, range(start, min(start + size, games)))


def play_batch(batch: Batch) -> Tally:
    """Play ``batch`` on its engine; the tally of its games."""
    if batch.engine == "kernel":
        return _play_kernel_batch(batch)
    play = simulate_game if batch.engine == "reference" else simulate_game_fast
    tally = Tally()
    for game in batch.games:
        tally.add(play(batch.specs, batch.players, batch.rules, batch.seed, game))
    return tally


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` in a run with ``seed``: independent streams per game."""
    digest = hashlib.sha256(f"froeschis-simulate:{seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# --------------------------------------------------------------------------- reference


def simulate_game(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run on the reference engine and summarise it."""
    bots = lineup([make_bot(spec, rules) for spec in specs], players, game)
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
    return GameSummary(
        game=game,
        seed=this_seed,
        lineup=tuple(b.name for b in bots),
        winners=final.winners,
        rounds=final.round,
        turns=counts["turns"],
        decisions=counts["decisions"],
        reshuffles=counts["reshuffles"],
        rounds_with_reshuffle=len(reshuffled_rounds),
        clauses=dict(Counter(itertools.chain.from_iterable(causes))),
    )


# --------------------------------------------------------------------------- FastGame

FastPolicy = Callable[[FastGame, random.Random], Action]
"""A bot deciding on a FastGame for its current player."""

_TURN_OPENERS = frozenset({ActionKind.DRAW, ActionKind.TAKE_DISCARD})
"""Every turn starts with one of these decisions, and no other decision is one of them."""


def fast_policy(bot: Bot) -> FastPolicy:
    """``bot`` deciding on a FastGame, drawing from its random source exactly as on the reference.

    A random bot picks among the FastGame's legal actions, which are the reference's in the same
    order; a greedy bot is :func:`froeschis.games.froeschis.fast_policies.greedy_action`, the greedy policy
    on the FastGame itself (``tests/test_ismc.py`` holds it to the reference's decisions and use of
    the random source); any other bot is shown its seat's observation of the reference state (and
    held to the legal actions there), as :func:`froeschis.games.froeschis.bots.as_policy` does.
    """
    if isinstance(bot, RandomBot):
        return lambda game, rng: rng.choice(game.legal_actions())
    if isinstance(bot, GreedyBot):
        return greedy_action
    on_state = as_policy(bot)
    return lambda game, rng: on_state(game.to_state(), rng)


def simulate_game_fast(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run on FastGame: the game :func:`simulate_game` plays.

    Chance draws from ``random.Random(seed)`` and each seat from :func:`seat_rng`, as in
    :func:`froeschis.games.froeschis.bots.play_bots`.
    """
    bots = lineup([make_bot(spec, rules) for spec in specs], players, game)
    policies = [fast_policy(bot) for bot in bots]
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
    return GameSummary(
        game=game,
        seed=this_seed,
        lineup=tuple(b.name for b in bots),
        winners=board.winners,
        rounds=board.round,
        turns=turns,
        decisions=decisions,
        reshuffles=reshuffles,
        rounds_with_reshuffle=len(reshuffled_rounds),
        clauses={},
    )


# --------------------------------------------------------------------------- kernel


def kernel_seed(seed: int, first_game: int, seating: int) -> int:
    """The seed of the kernel call that plays, in the batch starting at ``first_game``, the games
    whose bots sit as in game ``seating``."""
    digest = hashlib.sha256(f"froeschis-kernel:{seed}:{first_game}:{seating}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _play_kernel_batch(batch: Batch) -> Tally:
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
        result = kernel.simulate(batch.players, len(games), this_seed, batch.rules, names)
        for index, game in enumerate(games):
            tally.add(
                GameSummary(
                    game=game,
                    seed=this_seed,
                    lineup=names,
                    winners=tuple(int(seat) for seat in result.winners[index].nonzero()[0]),
                    rounds=int(result.rounds[index]),
                    turns=int(result.turns[index]),
                    decisions=int(result.decisions[index]),
                    reshuffles=int(result.reshuffles[index]),
                    rounds_with_reshuffle=int(result.reshuffled_rounds[index]),
                    clauses={},
                )
            )
    return tally
