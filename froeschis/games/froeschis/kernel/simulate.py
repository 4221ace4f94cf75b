"""The Python side of the kernel: arguments checked, arrays made, logs turned into actions."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.cards import FROG, TRASH, Card, number
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.rules import Rules

try:
    import numpy as np

    from froeschis.games.froeschis.kernel import _compiled
except ImportError as missing:  # pragma: no cover - the kernel tests skip without numba
    raise ImportError(
        f"froeschis.games.froeschis.kernel needs numba and numpy ({missing}): pip install 'froeschis[fast]'"
    ) from None

BOTS = {"random": _compiled.RANDOM, "greedy": _compiled.GREEDY}
"""The bots the kernel plays: the policies of :mod:`froeschis.games.froeschis.bots` of these names."""

LOG_ROOM_PER_GAME = 6_000
"""Log entries set aside per recorded game (a 4-player game of the published rules takes about
1,500: its actions and the cards of its shuffles)."""


class KernelError(FroeschisError):
    """Arguments the kernel cannot run with."""


@attrs.frozen
class KernelResult:
    """What :func:`simulate` played: per game its winners, its length and reshuffles, and the logs
    asked for."""

    winners: np.ndarray
    """``bool`` array of shape (games, players): which seats won each game."""
    rounds: np.ndarray
    turns: np.ndarray
    decisions: np.ndarray
    """The players' actions per game (chance outcomes not counted)."""
    reshuffles: np.ndarray
    """How often the draw pile ran out and the discard pile was reshuffled, per game."""
    reshuffled_rounds: np.ndarray
    """The rounds of each game with at least one reshuffle."""
    logs: tuple[tuple[AnyAction, ...], ...]
    """The action logs of the first games (``record``), chance outcomes included."""


def simulate(
    players: int,
    games: int,
    seed: int,
    rules: Rules | None = None,
    bots: Sequence[str] | None = None,
    record: int = 0,
) -> KernelResult:
    """Play ``games`` games of ``players`` players (one bot name per seat, random by default)."""
    rules = Rules() if rules is None else rules
    new_game(players, rules)  # refused as the reference refuses it
    if rules.readings:
        raise FormatError("rules.readings", "the kernel plays the published rules and their variants")
    names = tuple(bots) if bots is not None else ("random",) * players
    if len(names) != players or any(name not in BOTS for name in names):
        raise KernelError(f"bots: one of {sorted(BOTS)} per seat ({players}), not {list(names)}")
    for what, value in (("games", games), ("seed", seed), ("record", record)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise KernelError(f"{what}: a whole number of at least 0, not {value!r}")
    record = min(record, games)
    deck = np.array([card.code for card in rules.deck], dtype=np.int64)
    winners = np.zeros((games, players), dtype=np.bool_)
    rounds = np.zeros(games, dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    decisions = np.zeros(games, dtype=np.int64)
    reshuffles = np.zeros(games, dtype=np.int64)
    reshuffled_rounds = np.zeros(games, dtype=np.int64)
    log = np.zeros(max(1, record * LOG_ROOM_PER_GAME), dtype=np.int64)
    ends = np.zeros(max(1, record), dtype=np.int64)
    logged = _compiled.simulate_games(
        players,
        games,
        seed,
        deck,
        rules.row_length,
        rules.discard_only_if_placeable,
        rules.optional_frog_swap,
        rules.reveal_at_round_end,
        np.array([BOTS[name] for name in names], dtype=np.int64),
        record,
        winners,
        rounds,
        turns,
        decisions,
        reshuffles,
        reshuffled_rounds,
        log,
        ends,
    )
    if logged < record:
        raise KernelError(f"the logs of {record} games did not fit: record fewer")
    starts = [0, *ends[: record - 1].tolist()] if record else []
    logs = tuple(
        _actions(log[start:end].tolist()) for start, end in zip(starts, ends[:record].tolist(), strict=True)
    )
    return KernelResult(winners, rounds, turns, decisions, reshuffles, reshuffled_rounds, logs)


DECISIONS = {
    _compiled.DRAW: DRAW,
    _compiled.TAKE: TAKE_DISCARD,
    _compiled.SWAP: SWAP,
    _compiled.DECLINE: DECLINE_SWAP,
}
"""The decisions of a log, by their code."""


def _card(code: int) -> Card:
    return TRASH if code < 0 else FROG if code == 0 else number(code)


def _actions(entries: list[int]) -> tuple[AnyAction, ...]:
    """A game's log as the reference's actions."""
    actions: list[AnyAction] = []
    k = 0
    while k < len(entries):
        entry = entries[k]
        if entry == _compiled.CHANCE:
            size = entries[k + 1]
            actions.append(Shuffle(tuple(_card(code) for code in entries[k + 2 : k + 2 + size])))
            k += size + 2
            continue
        actions.append(frog_at(entry - _compiled.FROG_AT) if entry >= _compiled.FROG_AT else DECISIONS[entry])
        k += 1
    return tuple(actions)
