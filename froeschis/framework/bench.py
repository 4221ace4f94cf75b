"""What a game gives ``froeschis bench`` (:attr:`Game.bench <froeschis.framework.game.Game.bench>`):
its random game played by the reference engine and by a bare loop over the same random draws, further
rates, workloads whose instructions a table may count, and tables of figures.

Protocols, not classes: a game's bench module holds plain frozen values that have these attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol


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


Counter = Callable[[str, int], float]
"""Instructions per unit of a game's counted workload, from so many units (start-up taken off)."""


class GameBench(Protocol):
    """What a game gives ``bench`` (``Game.bench``): its random game
    played by the reference engine and by a bare loop, both ``(players, seed) -> Played`` and the
    same game for the same seed; further rates; workloads to count; tables."""

    @property
    def unit(self) -> str:
        """What its figures count: ``deal``, ``game``."""

    @property
    def players(self) -> int:
        """The players of its games without ``--players``."""

    @property
    def engine(self) -> Callable[[int, int], Played]: ...
    @property
    def bare(self) -> Callable[[int, int], Played]: ...
    @property
    def rates(self) -> Mapping[str, Callable[[float], tuple[int, float]]]:
        """Further figures per second, by label: each runs for about so many seconds and says how
        many it counted in how many seconds."""

    @property
    def counted(self) -> Mapping[str, Callable[[int], None]]:
        """Workloads a table may count the instructions of, by name: each does so many units."""

    @property
    def tables(self) -> Sequence[Callable[[Counter | None], BenchTable]]:
        """Tables of figures, each given a counter of instructions with ``--instructions``."""
