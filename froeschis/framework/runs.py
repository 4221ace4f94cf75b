"""A run of many games of any game: its batches, the seed of each game, its bots' seats, and every
game's reference engine.

Whoever plays a :class:`~froeschis.framework.engines.Batch` (this process, a worker process, a Dask
worker) calls :func:`play_batch`, which finds the game in the registry and its engine by name, and
returns its :class:`~froeschis.framework.tally.Tally`. Game ``g`` of a run with seed ``S`` is seeded
from ``S`` and ``g`` alone (:func:`game_seed`), chance from its own random source and each seat's
bot from its own (:func:`~froeschis.framework.loop.seat_rng`), and the bots are rotated by ``g``
over the seats (:func:`lineup`): so a run's tally does not depend on how its batches were spread.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from typing import Any

from froeschis.framework.engines import REFERENCE, Batch, Engine, EngineError, Engines
from froeschis.framework.game import Game, Policy
from froeschis.framework.loop import drive, seat_rng
from froeschis.framework.registry import game as game_named
from froeschis.framework.tally import GameSummary, Tally


def engines_of(game: Game) -> Engines:
    """The engines ``game`` offers: its own, or its reference engine alone."""
    if game.engines is not None:
        return game.engines
    return Engines((Engine(REFERENCE, "the reference engine", play_reference),))


def check_engine(game: Game, name: str, specs: Sequence[str]) -> Engine:
    """The engine ``name`` of ``game``, once it can play a run of ``specs`` here; else an
    :class:`EngineError` saying what to do instead."""
    engines = engines_of(game)
    engine = engines.engine(name)
    if engine.bots is not None:
        others = sorted({spec.strip() for spec in specs} - engine.bots)
        if others:
            instead = f": use --engine {engines.default}" if engines.default != name else ""
            raise EngineError(
                f"the {name} plays only {' and '.join(sorted(engine.bots))} bots, not {', '.join(others)}"
                + instead
            )
    missing = engine.missing()
    if missing is not None:
        raise EngineError(missing)
    return engine


def batches(
    game: Game, engine: str, specs: Sequence[str], players: int, rules: Any, seed: int, games: int, size: int
) -> Iterator[Batch]:
    """The batches of a run of ``games`` games, made as they are asked for: ``size`` games each, or
    the engine's fixed batch size."""
    size = engines_of(game).engine(engine).batch or size
    rules_json = game.rules_to_json(rules)
    return (
        Batch(
            game.name, engine, tuple(specs), players, rules_json, seed, range(start, min(start + size, games))
        )
        for start in range(0, games, size)
    )


def play_batch(batch: Batch) -> Tally:
    """Play ``batch`` on its engine (in whichever process); the tally of its games."""
    of = game_named(batch.game)
    return engines_of(of).engine(batch.engine).play(of.rules_from_json(batch.rules), batch)


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` in a run with ``seed``: independent streams per game."""
    digest = hashlib.sha256(f"froeschis-simulate:{seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def lineup(specs: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots of game number ``game``: seat ``i`` plays ``specs[(i + game) % len(specs)]``.

    Rotating the list by one every game spreads every bot evenly over the seats (which need not be
    equally strong), however many bots there are.
    """
    return tuple(specs[(seat + game) % len(specs)].strip() for seat in range(players))


def play_reference(rules: Any, batch: Batch) -> Tally:
    """Any game's batch on its reference engine, through its :class:`Game` alone."""
    of = game_named(batch.game)
    tally = Tally()
    for number in batch.games:
        seats = lineup(batch.specs, batch.players, number)
        tally.add(_play_one(of, rules, seats, number, game_seed(batch.seed, number)))
    return tally


def _play_one(of: Game, rules: Any, seats: tuple[str, ...], number: int, seed: int) -> GameSummary:
    """Game ``number`` of the bots ``seats`` from ``seed``: its winners, returns and decisions."""
    chance = random.Random(seed)
    decided = 0

    def counted(policy: Policy) -> Policy:
        def decide(state: Any, rng: random.Random) -> Any:
            nonlocal decided
            decided += 1
            return policy(state, rng)

        return decide

    final, _ = drive(
        of.new_game(len(seats), rules),
        [counted(of.bot(spec, rules)) for spec in seats],
        [seat_rng(seed, seat) for seat in range(len(seats))],
        lambda state: of.sample_chance(state, chance),
    )
    return GameSummary(number, seed, seats, tuple(final.winners), decided, tuple(final.returns()))
