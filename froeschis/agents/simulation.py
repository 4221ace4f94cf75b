"""Many bot games across processes, and their statistics.

Game ``g`` of a run with seed ``S`` is played with its own seed (:func:`game_seed`), by the bots of the
run rotated by ``g`` over the seats (:func:`froeschis.agents.bots.lineup`), so every bot sits in every
seat equally often and the statistics do not depend on how the games were spread over the worker
processes: one process and eight give the same numbers.

:func:`summarise` turns the games' summaries into win rates per bot and per seat with 95% Wilson
confidence intervals, rounds, turns and decisions per game, and how often the draw pile ran out (a
reshuffle); :func:`clause_counts` says how often each clause fired, counted from the events. Both are
JSON-ready data; ``froeschis simulate`` prints, dumps and plots them.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from froeschis.agents.bots import lineup, make_bot, play_bots
from froeschis.core.actions import AnyAction
from froeschis.core.engine import GameState
from froeschis.core.events import Event, EventKind
from froeschis.core.rules import Rules

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@attrs.frozen
class GameSummary:
    """What one simulated game leaves for the statistics."""

    game: int
    seed: int
    lineup: tuple[str, ...]
    winners: tuple[int, ...]
    rounds: int
    turns: int
    decisions: int
    reshuffles: int
    rounds_with_reshuffle: int
    clauses: dict[str, int]


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` in a run with ``seed``: independent streams per game."""
    digest = hashlib.sha256(f"froeschis-simulate:{seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def simulate_game(specs: Sequence[str], players: int, rules: Rules, seed: int, game: int) -> GameSummary:
    """Play game number ``game`` of a run and summarise it."""
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


def _run_chunk(task: tuple[tuple[str, ...], int, Rules, int, range]) -> list[GameSummary]:
    specs, players, rules, seed, games = task
    return [simulate_game(specs, players, rules, seed, game) for game in games]


def run_games(
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Rules | None = None,
    advance: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` games on ``jobs`` processes; the summaries in game order.

    ``advance(n)`` is called as each batch of ``n`` games finishes (for a progress bar).
    """
    rules = Rules() if rules is None else rules
    for spec in specs:  # fail here, not in a worker
        make_bot(spec, rules)
    chunk = max(1, min(50, games // (jobs * 20)))
    tasks = [
        (tuple(specs), players, rules, seed, range(start, min(start + chunk, games)))
        for start in range(0, games, chunk)
    ]
    results: list[GameSummary] = []
    if jobs == 1:
        for task in tasks:
            results += _run_chunk(task)
            if advance:
                advance(len(task[4]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_run_chunk, task) for task in tasks]
            for future in as_completed(futures):
                done = future.result()
                results += done
                if advance:
                    advance(len(done))
    return sorted(results, key=lambda s: s.game)


# --------------------------------------------------------------------------- statistics


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [low, high]}


def _spread(values: Sequence[int]) -> dict[str, float]:
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def summarise(
    summaries: Sequence[GameSummary], specs: Sequence[str], players: int, seed: int
) -> dict[str, Any]:
    """The statistics of a run but the clause counts (:func:`clause_counts`), as JSON-ready data."""
    n = len(summaries)
    if n == 0:
        raise ValueError("no games were played")
    seat_games: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    for s in summaries:
        seat_games.update(s.lineup)
        bot_wins.update(s.lineup[w] for w in s.winners)
        seat_wins.update(s.winners)
    names = list(dict.fromkeys(name for s in summaries for name in s.lineup))
    total_rounds = sum(s.rounds for s in summaries)
    return {
        "format": "froeschis.simulate/1",
        "games": n,
        "players": players,
        "bots": list(specs),
        "seed": seed,
        "by_bot": [
            {"bot": name, "seat_games": seat_games[name], **_rate(bot_wins[name], seat_games[name])}
            for name in names
        ],
        "by_seat": [{"seat": seat, "games": n, **_rate(seat_wins[seat], n)} for seat in range(players)],
        "shared_wins": sum(len(s.winners) > 1 for s in summaries) / n,
        "rounds": _spread([s.rounds for s in summaries]),
        "turns": _spread([s.turns for s in summaries]),
        "decisions": _spread([s.decisions for s in summaries]),
        "reshuffles": {
            "games_with_reshuffle": sum(s.reshuffles > 0 for s in summaries) / n,
            "rounds_with_reshuffle": sum(s.rounds_with_reshuffle for s in summaries) / total_rounds,
            "per_game": sum(s.reshuffles for s in summaries) / n,
        },
    }


def clause_counts(summaries: Sequence[GameSummary], clause_ids: Iterable[str]) -> list[dict[str, Any]]:
    """How often each clause of ``clause_ids`` fired: in all, per game, and in what share of games.

    The caller names the clauses (the catalogue's, in its order), so that a clause that never fired
    is listed too, with zeros.
    """
    n = len(summaries)
    totals: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for s in summaries:
        totals.update(s.clauses)
        games.update(s.clauses.keys())
    return [
        {
            "clause": clause_id,
            "total": totals[clause_id],
            "per_game": totals[clause_id] / n,
            "games": games[clause_id] / n,
        }
        for clause_id in clause_ids
    ]
