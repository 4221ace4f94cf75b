"""What a run of simulated games keeps of each game, and the tally that adds them up.

A game's :class:`GameSummary` is not kept: it is added to a :class:`Tally`, which holds only what the
statistics need (counts, exact sums, and histograms of the per-game lengths, which take few distinct
values), so a run of a billion games needs no more memory than one of a hundred. Tallies of parts of
a run merge, in any order, into the same tally, to the last digit: this is what lets the parts be
played anywhere (worker processes, a Dask cluster) and arrive in any order. The returns are summed
as exact fractions for the same reason (float sums depend on their order).

Every engine of every game leaves the same summary (:mod:`froeschis.framework.engines`): the
winners by the game's rules, the returns, the decisions; what only some games have is named by the
game (its ``lengths``, Fröschis' rounds and turns; its ``counts``, Fröschis' reshuffles) or left
empty by an engine that cannot know it (``clauses``: only an engine that makes events counts them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs


@attrs.frozen
class GameSummary:
    """What one simulated game leaves for the statistics."""

    game: int
    seed: int
    """The seed its engine played it from (a kernel game: the seed of the kernel call that played
    it together with other games of its batch)."""
    lineup: tuple[str, ...]
    winners: tuple[int, ...]
    """The seats that won, by the game's rules (Frog: every seat of the highest score)."""
    decisions: int
    """The seats' actions (not chance's)."""
    returns: tuple[float, ...]
    lengths: tuple[tuple[str, int], ...] = ()
    """Further lengths of the game, by name (Fröschis: its rounds and turns)."""
    counts: tuple[tuple[str, int], ...] = ()
    """Further counts of the game, by name (Fröschis: its reshuffles, and the rounds with one)."""
    clauses: Mapping[str, int] = attrs.field(factory=dict)
    """How often each clause fired, from the events; empty from an engine that makes none."""


def _counter() -> Counter[Any]:
    return Counter()


def _add(sums: dict[Any, Fraction], key: Any, value: Fraction) -> None:
    sums[key] = sums.get(key, Fraction(0)) + value


@attrs.define
class Tally:
    """What the statistics of a run need from its games, however many there are.

    Counts and sums, a histogram of each per-game length (a few hundred distinct values at most),
    and per bot the sums of its winning seats per game and of their squares, for the mean and
    variance of its wins per game. Adding a game or merging another tally only adds counts (and
    takes the larger of :attr:`bot_most_seats`), so the order in which the parts of a run arrive
    changes nothing.
    """

    games: int = 0
    bot_games: Counter[str] = attrs.field(factory=_counter)
    """Per bot: games in which it held at least one seat."""
    bot_seats: Counter[str] = attrs.field(factory=_counter)
    """Per bot: seats held, summed over games."""
    bot_wins: Counter[str] = attrs.field(factory=_counter)
    """Per bot: games in which one of its seats won."""
    bot_seat_wins: Counter[str] = attrs.field(factory=_counter)
    """Per bot: its winning seats, summed over games."""
    bot_seat_wins_squared: Counter[str] = attrs.field(factory=_counter)
    """Per bot: the squares of its winning seats per game, summed over games."""
    bot_most_seats: dict[str, int] = attrs.field(factory=dict)
    """Per bot: the most seats it held in one game (the most wins it can have in one)."""
    bot_returns: dict[str, Fraction] = attrs.field(factory=dict)
    """Per bot: the returns of its seats, summed over games and seats."""
    seat_wins: Counter[int] = attrs.field(factory=_counter)
    seat_returns: dict[int, Fraction] = attrs.field(factory=dict)
    """Per seat: its returns summed over games."""
    shared_wins: int = 0
    no_winner: int = 0
    decisions: Counter[int] = attrs.field(factory=_counter)
    lengths: dict[str, Counter[int]] = attrs.field(factory=dict)
    """Per further length (Fröschis' rounds, turns): how many games had each value."""
    counts: Counter[str] = attrs.field(factory=_counter)
    """Per further count (Fröschis' reshuffles): its sum over games."""
    games_with: Counter[str] = attrs.field(factory=_counter)
    """Per further count: the games in which it was not 0."""
    clause_totals: Counter[str] = attrs.field(factory=_counter)
    clause_games: Counter[str] = attrs.field(factory=_counter)
    """Per clause: games in which it fired."""

    def add(self, game: GameSummary) -> None:
        """Count one game."""
        self.games += 1
        seats = Counter(game.lineup)
        won = Counter(game.lineup[w] for w in game.winners)
        self.bot_games.update(seats.keys())
        self.bot_seats.update(seats)
        self.bot_wins.update(won.keys())
        self.bot_seat_wins.update(won)
        self.bot_seat_wins_squared.update({bot: n * n for bot, n in won.items()})
        for bot, n in seats.items():
            self.bot_most_seats[bot] = max(self.bot_most_seats.get(bot, 0), n)
        for seat, value in enumerate(game.returns):
            _add(self.seat_returns, seat, Fraction(value))
            _add(self.bot_returns, game.lineup[seat], Fraction(value))
        self.seat_wins.update(game.winners)
        self.shared_wins += len(game.winners) > 1
        self.no_winner += not game.winners
        self.decisions[game.decisions] += 1
        for name, value in game.lengths:
            self.lengths.setdefault(name, Counter())[value] += 1
        for name, value in game.counts:
            self.counts[name] += value
            self.games_with[name] += value > 0
        self.clause_totals.update(game.clauses)
        self.clause_games.update(game.clauses.keys())

    def merge(self, other: Tally) -> None:
        """Count the games of ``other`` too."""
        for field in attrs.fields(Tally):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif field.name == "bot_most_seats":
                for key, value in theirs.items():
                    mine[key] = max(mine.get(key, 0), value)
            elif field.name == "lengths":
                for key, histogram in theirs.items():
                    mine.setdefault(key, Counter()).update(histogram)
            elif isinstance(mine, dict):
                for key, value in theirs.items():
                    _add(mine, key, value)
            else:
                setattr(self, field.name, mine + theirs)
