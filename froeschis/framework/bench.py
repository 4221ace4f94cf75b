"""What a game gives ``froeschis bench`` (:attr:`Game.bench <froeschis.framework.game.Game.bench>`):
its random game played by the reference engine and by a bare loop over the same random draws, and
optionally by further engines (the same games, or games of their own), further rates, the cost of
building one state, workloads whose instructions a table may count, and tables of figures.

:class:`GameBench` is the one frozen value every game's bench module makes (each game once declared
a class of its own with these very fields); its optional parts default to nothing, and are the
frozen values :class:`SameGames` and :class:`OwnGames` here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import attrs


class Played(Protocol):
    """A random game as a game's bench loops report it."""

    @property
    def units(self) -> int:
        """What the game's figures count in it (its deals, or one game)."""

    @property
    def actions(self) -> int: ...


class BenchTable(Protocol):
    """A table of figures a game's bench makes (the island sizes of Army of Frogs)."""

    @property
    def title(self) -> str: ...
    @property
    def columns(self) -> tuple[str, ...]: ...
    @property
    def rows(self) -> tuple[tuple[float, ...], ...]: ...
    @property
    def note(self) -> str: ...


@attrs.frozen
class SameGames:
    """A further engine's loop over the random games the reference engine plays (Fröschis'
    FastGame): ``(players, seed) -> Played``, the very game for the same seed, timed beside the bare
    loop and counted by ``--instructions``."""

    label: str
    """Its name in the output (``FastGame``)."""
    play: Callable[[int, int], Played]


def _installed() -> str | None:
    return None


@attrs.frozen
class OwnGames:
    """A further engine that plays random games of its own from the same distribution (Fröschis'
    compiled kernel), timed beside the bare loop."""

    label: str
    """Its name in the output (``compiled kernel``)."""
    per_second: Callable[[int, int, int], float]
    """Units per second of so many players' games, so many of them, from a first seed (anything it
    compiles, compiled before the clock starts)."""
    missing: Callable[[], str | None] = _installed
    """Why it cannot run here, in a sentence (an extra to install), or None."""


Counter = Callable[[str, int], float]
"""Instructions per unit of a game's counted workload, from so many units (start-up taken off)."""


@attrs.frozen
class GameBench:
    """What a game gives ``bench`` (``Game.bench``): its random game
    played by the reference engine and by a bare loop, both ``(players, seed) -> Played`` and the
    same game for the same seed; further rates; workloads to count; tables."""

    unit: str
    """What its figures count: ``deal``, ``game``."""
    players: int
    """The players of its games without ``--players``."""
    engine: Callable[[int, int], Played]
    bare: Callable[[int, int], Played]
    rates: Mapping[str, Callable[[float], tuple[int, float]]] = attrs.field(factory=dict)
    """Further figures per second, by label: each runs for about so many seconds and says how
    many it counted in how many seconds."""
    counted: Mapping[str, Callable[[int], None]] = attrs.field(factory=dict)
    """Workloads a table may count the instructions of, by name: each does so many units."""
    tables: Sequence[Callable[[Counter | None], BenchTable]] = ()
    """Tables of figures, each given a counter of instructions with ``--instructions``."""
    same_games: Mapping[str, SameGames] = attrs.field(factory=dict)
    """Further engines that play the engine's very games, by a key of the output's figures
    (``fast``: ``fast_games_per_second``)."""
    own_games: Mapping[str, OwnGames] = attrs.field(factory=dict)
    """Further engines that play games of their own, by a key of the output's figures."""
    state_build: Callable[[], float] | None = None
    """Seconds to build one state as the engine does per action, for the bound of an engine that
    returns a new state from every action (None: not measured)."""
