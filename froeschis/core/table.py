"""The clause table: the rules as data, one entry for every decision the engine takes.

The engine (:mod:`froeschis.core.engine`) decides nothing itself. At every point where a rule decides
(may the discard be taken, where does this number go, is the row complete, who starts the next round)
it calls the function in the table's entry for that decision, its *slot*. Every function is marked
with the clause it implements (:func:`clause`), so each slot names the clause that decides it; a
step's provenance and its events name clauses by asking the table.

A table is a frozen value. The published rules are one table
(:func:`froeschis.core.readings.published`); a rules variant is that table with entries replaced, and
so is a misreading of a clause (:class:`Reading`): "an engine that reads clause X differently" is one
value, ``table.read(reading)``.

Functions in a few slots (a row's completion, the chain's order, the rows at the round's end) depend
on other clauses; they take the table as their first argument and call those clauses through it, so
that a replaced entry reaches every rule that depends on it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from froeschis.core.cards import Card, Row, Spot
from froeschis.core.state import Player

F = TypeVar("F", bound=Callable[..., object])


def clause(clause_id: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the clause ``clause_id`` of ``spec/clauses.toml``.

    Marking reads nothing: that every mark names a clause of the catalogue is checked by the test
    suite (``tests/test_coverage_gate.py``), not at import, so that ``import froeschis`` stays free
    of file reads.
    """

    def mark(function: F) -> F:
        function.__dict__["__clause__"] = clause_id
        return function

    return mark


def clause_of(function: Callable[..., object]) -> str | None:
    """The clause a function is marked with (:func:`clause`), or None."""
    found = getattr(function, "__clause__", None)
    return found if isinstance(found, str) else None


class Resolution(enum.Enum):
    """What happens next to the card in hand, as the chain's order (``turn.chain-order``) decides.

    Each value is the slot whose clause decided it.
    """

    COMPLETE = "completion_ends_turn"
    """The row has no face-down card: the card in hand is discarded, the turn ends."""
    FROG = "is_joker"
    """A frog: the player places it on a face-down spot."""
    TRASH = "is_trash"
    """Trash: discarded, the turn ends."""
    NO_SPOT = "has_no_spot"
    """A number above the row length: discarded like trash."""
    PLACE = "spot_is_open"
    """A number whose spot is face down: placed there, revealing the card it replaces."""
    SWAP = "can_swap_frog"
    """A number whose spot holds a face-up frog: it replaces the frog, which goes into hand."""
    DUPLICATE = "is_duplicate"
    """A number whose spot already shows it: discarded, the turn ends."""


Cards = tuple[Card, ...]


@attrs.frozen(repr=False)
class ClauseTable:
    """For every decision of the engine, the clause function that takes it.

    The fields are the slots, in rule order; each holds a function marked with its clause.
    """

    # -- setting up
    standard_deck: Callable[[], Cards]
    check_players: Callable[[int], None]
    initial_lengths: Callable[[int, int], tuple[int, ...]]
    spare_cards: Callable[[], int]
    # -- a round
    deal: Callable[[Sequence[Card], Sequence[int]], tuple[tuple[Row, ...], Cards]]
    starting_seat: Callable[[int, int, int | None], int]
    next_seat: Callable[[int, int], int]
    # -- taking a card
    may_take_discard: Callable[[Sequence[Card]], bool]
    discard_fits: Callable[[Sequence[Card], Row], bool]
    take_top: Callable[[Cards], tuple[Card, Cards]]
    take_discard: Callable[[Cards], tuple[Card, Cards]]
    must_reshuffle: Callable[[Sequence[Card]], bool]
    reshuffle_pool: Callable[[Cards], Cards]
    reshuffle: Callable[[Cards, Cards], tuple[Cards, Cards]]
    draws_after_reshuffle: Callable[[], bool]
    # -- the card in hand
    chain_order: Callable[[ClauseTable, Row, Card], Resolution]
    is_joker: Callable[[Card], bool]
    frog_spots: Callable[[Row], tuple[int, ...]]
    place_frog: Callable[[Row, int], Row]
    is_trash: Callable[[Card], bool]
    has_no_spot: Callable[[Card, Row], bool]
    spot_of: Callable[[Card], int]
    spot_is_open: Callable[[Spot], bool]
    place_number: Callable[[Row, int, Card], Row]
    reveal: Callable[[Spot], Card]
    can_swap_frog: Callable[[Spot], bool]
    swap_is_choice: Callable[[], bool]
    swap_frog: Callable[[Row, int, Card], tuple[Row, Card]]
    is_duplicate: Callable[[Spot, Card], bool]
    discard: Callable[[Cards, Card], Cards]
    # -- completing a row
    fits_spot: Callable[[Card, int], bool]
    is_complete: Callable[[ClauseTable, Row], bool]
    completion_ends_turn: Callable[[ClauseTable, Row], bool]
    # -- the end of a round
    starts_final_turns: Callable[[bool, int | None], bool]
    round_is_over: Callable[[int, int, int | None, int | None, Sequence[Player]], bool]
    row_at_round_end: Callable[[ClauseTable, Row], Row]
    completers: Callable[[ClauseTable, Sequence[Row], Sequence[Player], int | None], tuple[int, ...]]
    next_lengths: Callable[[Sequence[int], Sequence[int]], tuple[int, ...]]
    winners: Callable[[Sequence[int], Sequence[int], int | None], tuple[int, ...]]
    returns: Callable[[int, Sequence[int]], tuple[float, ...]]

    def __attrs_post_init__(self) -> None:
        unmarked = [slot for slot in SLOTS if clause_of(getattr(self, slot)) is None]
        if unmarked:
            raise TypeError(f"clause table entries without a @clause mark: {unmarked}")

    def clause_of(self, slot: str) -> str:
        """The clause that decides ``slot`` in this table."""
        found = clause_of(getattr(self, slot))
        assert found is not None  # every entry is marked (checked when the table is made)
        return found

    def entries(self) -> tuple[tuple[str, str, Callable[..., object]], ...]:
        """Every (slot, clause, function), in rule order."""
        return tuple((slot, self.clause_of(slot), getattr(self, slot)) for slot in SLOTS)

    def slots_of(self, clause_id: str) -> tuple[str, ...]:
        """The slots whose entry implements ``clause_id``."""
        return tuple(slot for slot in SLOTS if self.clause_of(slot) == clause_id)

    def replace(self, slot: str, function: Callable[..., object]) -> ClauseTable:
        """This table with ``function`` (marked with its clause) in ``slot``."""
        if slot not in SLOTS:
            raise ValueError(f"the clause table has no slot {slot!r}")
        changes: dict[str, Any] = {slot: function}
        return attrs.evolve(self, **changes)

    def read(self, reading: Reading) -> ClauseTable:
        """This table as an engine with ``reading`` plays it (unchanged when the slot's entry
        implements another clause: a misreading of a variant leaves the default rules alone)."""
        if self.clause_of(reading.slot) != (reading.replaces or reading.clause):
            return self
        return self.replace(reading.slot, reading.function)

    def __repr__(self) -> str:
        return "ClauseTable(" + ", ".join(f"{slot}={clause}" for slot, clause, _ in self.entries()) + ")"


SLOTS: tuple[str, ...] = tuple(field.name for field in attrs.fields(ClauseTable))
"""The names of the table's slots, in rule order."""


@attrs.frozen
class Reading:
    """Another reading of a clause: the function an engine that reads it so would use in ``slot``.

    The function is marked with the clause it reads (:func:`clause`). The variants are readings the
    catalogue offers as options; the mutation check's mutants are readings that break a clause.
    A reading usually replaces an entry of its own clause; ``replaces`` names another when a
    misreading of one clause shows in a decision another clause takes (a win "at once", a misreading
    of ``game.end``, decides when the round is over, which ``round.final-turns`` decides).
    """

    slot: str = attrs.field()
    function: Callable[..., object]
    description: str
    replaces: str | None = None
    """The clause whose entry in ``slot`` the reading replaces, when not its own."""

    @slot.validator
    def _known_slot(self, _: attrs.Attribute[str], value: str) -> None:
        if value not in SLOTS:
            raise ValueError(f"the clause table has no slot {value!r}")

    @property
    def clause(self) -> str:
        found = clause_of(self.function)
        if found is None:
            raise TypeError(f"{self.function!r} is not marked with the clause it reads")
        return found


@attrs.frozen
class Variant:
    """A rules variant: a ``Rules`` option that replaces entries of the published table.

    The one list of variants is :data:`froeschis.core.readings.VARIANTS`; the command line, the JSON
    forms, the exhaustive walks, the conformance kit and the docs all read it.
    """

    option: str
    """The ``Rules`` attribute, JSON key and protocol feature that switches it on."""
    clause: str
    """The variant's own clause ID."""
    summary: str
    """One line saying what it changes."""
    readings: tuple[Reading, ...]
    """The entries it replaces (each function marked with ``clause``)."""
