"""Provenance: which clauses decided each part of a step, and which state fields each part wrote.

A game's engine reports it as it works, when it is given a recorder: every part of a step names the
clauses that decided it (the main one first) and the state fields it wrote, as paths in the game's
JSON form of a state (``phase``, ``players[1].row[3]``...). The events of a step are the public
part of its provenance. Everything that explains a step (``froeschis explain``, the conformance
kit's attribution of a divergence, fault localisation) reads this record; nothing keeps its own
table of which clause decides what or writes where.

Every game records the same way and its events share a shape (a kind, the clauses that caused it,
the fields that apply); a game brings only its event kinds and fields: an :class:`Event` subclass,
a :class:`Recorder` subclass that makes them (its :meth:`~Recorder.fire` typed by
:func:`firing`), and a :class:`Transition` subclass for its state, action and event types.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast

import attrs

from froeschis.framework.table import ClauseTable

K = TypeVar("K", bound=enum.Enum)
K_contra = TypeVar("K_contra", bound=enum.Enum, contravariant=True)
P = ParamSpec("P")
E = TypeVar("E")
S = TypeVar("S")
A = TypeVar("A")


@attrs.frozen
class Fired:
    """One part of a step: the clauses that decided it (the main one first), what it wrote."""

    clauses: tuple[str, ...]
    writes: tuple[str, ...]
    event: Any = None
    """The public event this part is, if it is one."""

    def writes_to(self, path: str) -> bool:
        """Whether this part wrote ``path`` or a field that contains it."""
        return any(path == w or path.startswith((w + "[", w + ".")) for w in self.writes)

    def precision(self, path: str) -> int:
        """How closely this part's writes name ``path``: the length of the longest of them that is
        ``path`` or contains it (0: none does). A part that wrote ``players[1].length`` names that
        field more closely than one that wrote all of ``players``."""
        return max(
            (len(w) for w in self.writes if path == w or path.startswith((w + "[", w + "."))), default=0
        )


@attrs.frozen
class Event(Generic[K]):
    """One thing that happened: its kind (one of the game's), and the clauses that caused it, the
    main cause first. A game's event class adds the fields that apply to its kinds, after these
    two, and says in :meth:`details` how they are written."""

    kind: K
    clauses: tuple[str, ...]

    @property
    def clause(self) -> str:
        """The main cause."""
        return self.clauses[0]

    detail_names: ClassVar[Mapping[str, str]] = {}
    """Where :meth:`details` writes a field under another name than its own (Army of Frogs: a
    move's ``start`` and ``end`` as ``from`` and ``to``)."""

    def details(self) -> list[str]:
        """The fields that apply, as ``name=value`` in the order of the game's fields: each that is
        set (not None, not an empty tuple); an enum member by its value, a tuple (seats, a cell) as
        its items joined by commas, anything else as its text. The games' events read so alike, so
        it is written here once; a game whose events read otherwise (Frog: signed score changes, the
        single values first) writes its own."""
        parts: list[str] = []
        for field in attrs.fields(type(self))[2:]:
            value = getattr(self, field.name)
            if value is None or (isinstance(value, tuple) and not value):
                continue
            if isinstance(value, tuple):
                text = ",".join(map(str, value))
            elif isinstance(value, enum.Enum):
                text = str(value.value)
            else:
                text = f"{value}"
            parts.append(f"{self.detail_names.get(field.name, field.name)}={text}")
        return parts

    def __str__(self) -> str:
        """The kind, the details, the clauses in brackets (``drew seat=1 card=7 [turn.draw]``)."""
        return " ".join([self.kind.value, *self.details()]) + f" [{', '.join(self.clauses)}]"


class Recorder(Generic[E]):
    """Collects the provenance of one step: the engine calls :meth:`fire` for every part of it.

    A game's recorder is a subclass that names the game's event class (:attr:`make_event`); an
    engine pays for none of this when it is given no recorder (``apply``)."""

    __slots__ = ("events", "fired", "table")

    make_event: Callable[..., E]
    """The game's event class (or any maker of events from a kind, the clauses and the fields)."""

    def __init__(self, table: ClauseTable) -> None:
        self.table = table
        self.fired: list[Fired] = []
        self.events: list[E] = []

    def fire(
        self,
        slots: tuple[str, ...],
        writes: tuple[str, ...] = (),
        kind: enum.Enum | None = None,
        *fields: Any,
        **named: Any,
    ) -> None:
        """Record a part decided by the entries of ``slots`` (their clauses, in this order) that
        wrote ``writes``; with ``kind``, the part is a public event with these fields (after the
        kind and the clauses, in the game's event's order or by name)."""
        clause_of = self.table.clause_of
        if len(slots) == 1:  # most parts: one slot, so one clause and no repeat to drop
            clauses: tuple[str, ...] = (clause_of(slots[0]),)
        else:
            clauses = tuple(dict.fromkeys([clause_of(slot) for slot in slots]))
        if kind is None:
            self.fired.append(Fired(clauses, writes))
            return
        event = self.make_event(kind, clauses, *fields, **named)
        self.fired.append(Fired(clauses, writes, event))
        self.events.append(event)


@attrs.frozen
class Transition(Generic[S, A, E]):
    """One step with its provenance (what a state's ``transition`` returns)."""

    before: S
    """The state the action was applied to."""
    action: A
    """The action: a decision, or a chance outcome."""
    after: S
    """The state it led to."""
    events: tuple[E, ...]
    """The step's events, in order (what the state's ``step`` returns)."""
    fired: tuple[Fired, ...]
    """Every part of the step in the order it happened; the events are among them."""

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause that decided a part of the step, in the order they fired."""
        return tuple(dict.fromkeys(c for part in self.fired for c in part.clauses))


class Firing(Protocol[K_contra, P]):
    """A game recorder's :meth:`Recorder.fire` as its engine calls it: the event's fields (``P``)
    typed as the game's event class takes them, so that a wrong field's name or type is an error
    at the engine's call and not a bad event at run time."""

    def __call__(
        self,
        slots: tuple[str, ...],
        writes: tuple[str, ...] = (),
        kind: K_contra | None = None,
        *fields: P.args,
        **named: P.kwargs,
    ) -> None: ...


def firing(event: Callable[Concatenate[K, tuple[str, ...], P], object]) -> Firing[K, P]:
    """:meth:`Recorder.fire`, typed by the fields of ``event`` (the game's event class, after its
    kind and clauses), for a game's recorder to declare as its own::

        class Recorder(provenance.Recorder[Event]):
            make_event = Event
            fire = provenance.firing(Event)  # type: ignore[assignment]  # narrower on purpose

    The fields are read from the event class once, so that a game does not write its events'
    fields a second time in its recorder. At run time it is the framework's :meth:`Recorder.fire`
    itself, so that the recorder records exactly as the framework's does and costs nothing more."""
    return cast("Firing[K, P]", Recorder.fire)
