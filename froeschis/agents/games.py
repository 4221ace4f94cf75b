"""Many bot games of any registered game, on processes or a Dask cluster, and their tally.

Fröschis' runs have their own engines and statistics (:mod:`froeschis.agents.engines`,
:mod:`froeschis.agents.simulation`); every other game is played here through its
:class:`~froeschis.framework.game.Game` alone: its bots (``Game.bots``), its chance
(``Game.sample_chance``) and its returns. Game ``g`` of a run with seed ``S`` is seeded from ``S``
and ``g`` alone (:func:`~froeschis.agents.engines.game_seed`), chance from its own random source
and each seat's bot from its own (:func:`~froeschis.games.froeschis.bots.seat_rng`), and the bots are
rotated by ``g`` over the seats; so a run's tally is the same in one process, on worker processes
or on Dask, however its batches were spread. The tally keeps the sums of the returns as exact
fractions, so that merging parts in any order gives the same means to the last digit.

The winners of a game are the game's own (its final state's ``winners``, by its rules: Frog's
``match.winners`` names every seat of the highest score, all three when they end level; Army of
Frogs names none at its turn limit).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import attrs

from froeschis.agents.engines import game_seed
from froeschis.agents.simulation import batch_size, play_batches, wilson
from froeschis.framework.game import Game, Policy, State
from froeschis.framework.loop import drive
from froeschis.framework.registry import game
from froeschis.games.froeschis.bots import seat_rng


def _counter() -> Counter[Any]:
    return Counter()


def _add(sums: dict[Any, Fraction], key: Any, value: Fraction) -> None:
    sums[key] = sums.get(key, Fraction(0)) + value


@attrs.define
class GameTally:
    """What the statistics of a run of any game need: counts and exact sums, merged by adding."""

    games: int = 0
    no_winner: int = 0
    shared_wins: int = 0
    seat_wins: Counter[int] = attrs.field(factory=_counter)
    seat_returns: dict[int, Fraction] = attrs.field(factory=dict)
    """Per seat: its returns summed over games, as exact fractions."""
    bot_games: Counter[str] = attrs.field(factory=_counter)
    bot_seats: Counter[str] = attrs.field(factory=_counter)
    bot_wins: Counter[str] = attrs.field(factory=_counter)
    """Per bot: games in which one of its seats won."""
    bot_returns: dict[str, Fraction] = attrs.field(factory=dict)
    """Per bot: the returns of its seats summed over games and seats."""
    decisions: Counter[int] = attrs.field(factory=_counter)
    """How many games took so many decisions (the bots' actions, not chance's)."""

    def add(
        self, lineup: Sequence[str], returns: Sequence[float], decisions: int, winners: Sequence[int]
    ) -> None:
        self.games += 1
        self.no_winner += not winners
        self.shared_wins += len(winners) > 1
        self.seat_wins.update(winners)
        self.bot_games.update(set(lineup))
        self.bot_seats.update(lineup)
        self.bot_wins.update({lineup[w] for w in winners})
        for seat, value in enumerate(returns):
            _add(self.seat_returns, seat, Fraction(value))
            _add(self.bot_returns, lineup[seat], Fraction(value))
        self.decisions[decisions] += 1

    def merge(self, other: GameTally) -> None:
        for field in attrs.fields(GameTally):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, dict):
                for key, value in theirs.items():
                    _add(mine, key, value)
            else:
                setattr(self, field.name, mine + theirs)


@attrs.frozen
class GameBatch:
    """Consecutive games of a run: all a worker needs (the rules in the game's JSON form)."""

    game: str
    specs: tuple[str, ...]
    players: int
    rules: Any
    seed: int
    games: range


def play_game_batch(batch: GameBatch) -> GameTally:
    """Play one batch (in whichever process) and tally it."""
    of = game(batch.game)
    rules = of.rules_from_json(batch.rules)
    tally = GameTally()
    for number in batch.games:
        lineup = tuple(batch.specs[(seat + number) % len(batch.specs)] for seat in range(batch.players))
        final, decisions = _play_one(of, rules, lineup, game_seed(batch.seed, number))
        tally.add(lineup, final.returns(), decisions, final.winners)
    return tally


def _play_one(of: Game, rules: Any, lineup: Sequence[str], seed: int) -> tuple[State, int]:
    """One game of the bots ``lineup`` from ``seed``: its final state and how many decisions the
    seats made."""
    chance = random.Random(seed)
    decided = 0

    def counted(policy: Policy) -> Policy:
        def decide(state: Any, rng: random.Random) -> Any:
            nonlocal decided
            decided += 1
            return policy(state, rng)

        return decide

    final, _ = drive(
        of.new_game(len(lineup), rules),
        [counted(of.bots[spec](rules)) for spec in lineup],
        [seat_rng(seed, seat) for seat in range(len(lineup))],
        lambda state: of.sample_chance(state, chance),
    )
    return final, decided


def check_bots(of: Game, specs: Sequence[str]) -> None:
    """Refuse a bot the game has not, naming those it has."""
    for spec in specs:
        if spec not in of.bots:
            raise ValueError(f"{of.title} has no bot {spec!r}; its bots: {', '.join(of.bots)}")


def game_batches(
    of: Game, specs: Sequence[str], players: int, rules: Any, seed: int, games: int, size: int
) -> Iterator[GameBatch]:
    rules_json = of.rules_to_json(rules)
    for start in range(0, games, size):
        yield GameBatch(
            of.name, tuple(specs), players, rules_json, seed, range(start, min(games, start + size))
        )


def run_game_games(
    of: Game,
    specs: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Any,
    advance: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> GameTally:
    """Play ``games`` games of ``of`` on ``jobs`` processes, or on the Dask cluster ``dask``
    (``"local"``: a LocalCluster of ``jobs`` workers); the same tally either way."""
    check_bots(of, specs)
    tally = GameTally()

    def count(part: GameTally) -> None:
        tally.merge(part)
        if advance:
            advance(part.games)

    if dask is None:
        play_batches(
            game_batches(of, specs, players, rules, seed, games, batch_size(games, jobs)),
            play_game_batch,
            jobs,
            count,
        )
        return tally
    from froeschis.agents.cluster import check_workers, connect, play_batches_on

    with connect(dask, jobs) as client:
        parts = game_batches(of, specs, players, rules, seed, games, batch_size(games, check_workers(client)))
        play_batches_on(client, parts, play_game_batch, f"froeschis-{of.name}-{seed}", count)
    return tally


def summarise_games(
    of: Game, tally: GameTally, specs: Sequence[str], players: int, seed: int
) -> dict[str, Any]:
    """The statistics of a run of any game, JSON-ready: per bot and per seat the games won (95%
    Wilson interval over games) and the mean return, games without a winner, decisions per game."""
    n = tally.games
    names = list(dict.fromkeys(specs))

    def rate(wins: int, games: int) -> dict[str, Any]:
        return {"wins": wins, "win_rate": wins / games if games else 0.0, "ci95": list(wilson(wins, games))}

    decisions = sum(d * c for d, c in tally.decisions.items())
    return {
        "format": "froeschis.simulate-game/1",
        "game": of.name,
        "games": n,
        "players": players,
        "bots": list(specs),
        "seed": seed,
        "by_bot": [
            {
                "bot": name,
                "games": tally.bot_games[name],
                **rate(tally.bot_wins[name], tally.bot_games[name]),
                "mean_return": float(tally.bot_returns.get(name, 0) / tally.bot_seats[name])
                if tally.bot_seats[name]
                else 0.0,
            }
            for name in names
        ],
        "by_seat": [
            {
                "seat": seat,
                "games": n,
                **rate(tally.seat_wins[seat], n),
                "mean_return": float(tally.seat_returns.get(seat, 0) / n),
            }
            for seat in range(players)
        ],
        "no_winner": tally.no_winner / n,
        "shared_wins": tally.shared_wins / n,
        "decisions": {"mean": decisions / n, "min": min(tally.decisions), "max": max(tally.decisions)},
    }
