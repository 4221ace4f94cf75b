"""The engines a game offers: what plays a batch of a run's games, and what each can play.

Every game has its reference engine: its :class:`~froeschis.framework.game.Game`'s states, played
through :func:`froeschis.framework.loop.drive` by the game's bots
(:func:`froeschis.framework.runs.play_reference`). A game may offer more (:attr:`Game.engines
<froeschis.framework.game.Game.engines>`, an :class:`Engines`): Fröschis' FastGame, which plays the
reference's very games faster, and its compiled kernel, which plays its own games from the same
distribution. An engine that plays the reference's very games has a :attr:`Engine.lock_step`: a game
on it, stepped beside the reference, which the framework's lock-step verifier
(:mod:`froeschis.framework.lockstep`) holds to the reference at every step.

A run of ``froeschis simulate`` is cut into :class:`Batch` es of consecutive game numbers, each
played by its engine's :attr:`Engine.play` wherever it is sent (:mod:`froeschis.framework.runs`).

This module holds the values only, and imports no game's interface:
:class:`~froeschis.framework.game.Game` names them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from froeschis.framework.errors import FroeschisError
from froeschis.framework.tally import Tally

REFERENCE = "reference"
"""The name of every game's reference engine."""


class EngineError(FroeschisError):
    """A run asks for an engine that cannot play it (unknown, not installed, or not for these bots)."""


@attrs.frozen
class Batch:
    """Some consecutive games of a run, and everything needed to play them anywhere (the rules in
    the game's JSON form, so that a batch pickles whatever the game's rules value is)."""

    game: str
    engine: str
    specs: tuple[str, ...]
    players: int
    rules: Any
    """The rules in the game's JSON form."""
    seed: int
    games: range


class Stepper(Protocol):
    """A game on a lock-step engine, stepped in place beside the reference."""

    @property
    def is_chance(self) -> bool: ...
    @property
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply(self, action: Any) -> None: ...
    def returns(self) -> Sequence[float]: ...
    def to_state(self) -> Any:
        """Where it stands, as a reference state (compared by its JSON form)."""


@attrs.frozen
class Engine:
    """One engine of a game: its name on the command line, what it plays, and how it plays a batch."""

    name: str
    summary: str
    """What it plays, in a few words, for the command's output."""
    play: Callable[[Any, Batch], Tally]
    """The tally of a batch, from the game's rules value and the batch."""
    bots: frozenset[str] | None = None
    """The only bots it plays (None: every bot of the game)."""
    batch: int | None = None
    """Its fixed batch size, where its games depend on where a batch starts (the kernel's)."""
    missing: Callable[[], str | None] = lambda: None
    """Why it cannot run here (an extra not installed, with what to do), or None."""
    lock_step: Callable[[int, Any], Stepper] | None = None
    """A new game for so many players by these rules, stepped in place: given where the engine plays
    the reference's very games (verified step by step); None where it plays its own."""
    counts_clauses: bool = False
    """Whether its summaries count the clauses that fired (it makes events)."""


def _no_stats(tally: Tally) -> dict[str, Any]:
    return {}


def _no_text(stats: dict[str, Any]) -> str:
    return ""


@attrs.frozen
class Engines:
    """The engines a game offers and what its runs report beyond every game's statistics."""

    engines: tuple[Engine, ...]
    """The first is its reference engine, named :data:`REFERENCE`."""
    default: str = REFERENCE
    """The engine of a run that names none."""
    bots: tuple[str, ...] = ()
    """The bots of a run that names none (empty: every bot of the game)."""
    lengths: tuple[str, ...] = ()
    """The per-game lengths its summaries carry beside the decisions (Fröschis: rounds, turns)."""
    stats: Callable[[Tally], dict[str, Any]] = _no_stats
    """Statistics of its own, JSON-ready, from a run's tally (Fröschis: how often the draw pile ran
    out)."""
    stats_text: Callable[[dict[str, Any]], str] = _no_text
    """Those statistics in a sentence, from the run's statistics ("" for none)."""
    stats_summary: str = ""
    """What those statistics are, in a few words, for the command's help (Fröschis: "how often the
    draw pile ran out"; "" for none)."""
    returns_shown: bool = True
    """Whether the tables show the mean returns (False where a return only says who won, as
    Fröschis' 1 to each winner: the win rates say it all; the JSON has them either way)."""
    seat_note: str = ""
    """What the seats' table says of the seats (Fröschis: "seat 0 starts round 1")."""
    winnerless_shown: bool = True
    """Whether the output says how many games ended without a winner (False where none can:
    Fröschis; the JSON has it either way)."""

    def names(self) -> tuple[str, ...]:
        return tuple(engine.name for engine in self.engines)

    def engine(self, name: str) -> Engine:
        """The engine ``name``; an :class:`EngineError` naming those there are for any other."""
        for engine in self.engines:
            if engine.name == name:
                return engine
        raise EngineError(f"unknown engine {name!r}; expected one of {', '.join(self.names())}")
