"""How a game's recorder gets its typed ``fire`` (:func:`froeschis.framework.provenance.firing`):
the framework's own, so that every game records alike. These check the framework's bookkeeping,
not a rule clause, so they carry no clause marker."""

from __future__ import annotations

import enum

import attrs
import pytest

from froeschis.framework import registry
from froeschis.framework.provenance import Event, Fired, Recorder, firing
from froeschis.framework.state import Advancing
from froeschis.framework.table import ClauseTable, clause


class Kind(enum.Enum):
    MOVED = "moved"


@attrs.frozen
class Moved(Event[Kind]):
    seat: int | None = None
    seats: tuple[int, ...] = ()


@clause("turn.move")
def _move() -> None:
    """The one decision of a one-slot table."""


@attrs.frozen
class Table(ClauseTable):
    move: object = _move


class Typed(Recorder[Moved]):
    __slots__ = ()
    make_event = Moved
    fire = firing(Moved)  # type: ignore[assignment]  # narrower than the base on purpose


def test_firing_is_the_frameworks_fire_at_run_time() -> None:
    fire: object = firing(Moved)
    assert fire is Recorder.fire


def test_a_recorder_typed_by_firing_records_as_the_frameworks_does() -> None:
    recorder = Typed(Table())
    recorder.fire(("move",), ("seat",))
    recorder.fire(("move", "move"), ("island",), Kind.MOVED, 1, seats=(0, 2))
    event = Moved(Kind.MOVED, ("turn.move",), 1, (0, 2))
    assert recorder.events == [event]
    assert recorder.fired == [Fired(("turn.move",), ("seat",)), Fired(("turn.move",), ("island",), event)]


@pytest.mark.parametrize("name", registry.names())
def test_every_games_recorder_fires_through_the_framework(name: str) -> None:
    game = registry.game(name)
    state = game.new_game(game.players[0], game.rules())
    assert isinstance(state, Advancing)
    fire: object = type(state).recorder.fire
    assert fire is Recorder.fire
