"""What a run of simulated games keeps of each game, and the tally that adds them up.

A game's :class:`GameSummary` is not kept: it is added to a :class:`Tally`, which holds only what the
statistics need (counts, sums, and histograms of the rounds, turns and decisions per game, which
take few distinct values), so a run of a billion games needs no more memory than one of a hundred.
Tallies of parts of a run merge, in any order, into the same tally, to the last digit: this is what
lets the parts be played anywhere (worker processes, a Dask cluster) and arrive in any order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs


@attrs.frozen
class GameSummary:
    """What one simulated game leaves for the statistics.

    ``clauses`` counts the clauses that fired, from the events; only the reference engine makes
    events, so a game played by another engine leaves it empty.
    """

    game: int
    seed: int
    """The seed its engine played it from (a kernel game: the seed of the kernel call that played
    it together with other games of its batch)."""
    lineup: tuple[str, ...]
    winners: tuple[int, ...]
    rounds: int
    turns: int
    decisions: int
    reshuffles: int
    rounds_with_reshuffle: int
    clauses: dict[str, int]


def _counter() -> Counter[Any]:
    return Counter()


@attrs.define
class Tally:
    """What the statistics of a run need from its games, however many there are.

    Counts and sums, a histogram of each per-game length (rounds, turns and decisions take a few
    hundred distinct values at most), and per bot the sums of its winning seats per game and of
    their squares, for the mean and variance of its wins per game. Adding a game or merging another
    tally only adds counts, so the order in which the parts of a run arrive changes nothing.
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
    """Per bot: the most seats it held in one game (the most wins it can have in one); merged by
    taking the larger, where every other mapping here is merged by adding."""
    seat_wins: Counter[int] = attrs.field(factory=_counter)
    shared_wins: int = 0
    rounds: Counter[int] = attrs.field(factory=_counter)
    turns: Counter[int] = attrs.field(factory=_counter)
    decisions: Counter[int] = attrs.field(factory=_counter)
    games_with_reshuffle: int = 0
    rounds_with_reshuffle: int = 0
    reshuffles: int = 0
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
        self.seat_wins.update(game.winners)
        self.shared_wins += len(game.winners) > 1
        self.rounds[game.rounds] += 1
        self.turns[game.turns] += 1
        self.decisions[game.decisions] += 1
        self.games_with_reshuffle += game.reshuffles > 0
        self.rounds_with_reshuffle += game.rounds_with_reshuffle
        self.reshuffles += game.reshuffles
        self.clause_totals.update(game.clauses)
        self.clause_games.update(game.clauses.keys())

    def merge(self, other: Tally) -> None:
        """Count the games of ``other`` too."""
        for field in attrs.fields(Tally):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, dict):
                for key, value in theirs.items():
                    mine[key] = max(mine.get(key, 0), value)
            else:
                setattr(self, field.name, mine + theirs)
