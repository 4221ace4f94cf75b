"""The clause table: the rules as data, one entry for every decision the engine takes.

The engine (:mod:`froeschis.games.froeschis.engine`) decides nothing itself. At every point where a rule
decides
(may the discard be taken, where does this number go, is the row complete, who starts the next round)
it calls the function in the table's entry for that decision, its *slot*. Every function is marked
with the clause it implements (:func:`clause`), so each slot names the clause that decides it; a
step's provenance and its events name clauses by asking the table.

A table is a frozen value. The published rules are one table
(:func:`froeschis.games.froeschis.readings.published`); a rules variant is that table with entries replaced,
and
so is a misreading of a clause (:class:`Reading`): "an engine that reads clause X differently" is one
value, ``table.read(reading)``.

Functions in a few slots (a row's completion, the chain's order, the rows at the round's end) depend
on other clauses; they take the table as their first argument and call those clauses through it, so
that a replaced entry reaches every rule that depends on it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import attrs

from froeschis.framework.table import ClauseTable as Table
from froeschis.framework.table import Reading, Variant, clause, clause_of
from froeschis.games.froeschis.cards import Card, Row, Spot
from froeschis.games.froeschis.state import Player

__all__ = ["SLOTS", "Cards", "ClauseTable", "Reading", "Resolution", "Variant", "clause", "clause_of"]


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
class ClauseTable(Table):
    """For every decision of the Fröschis engine, the clause function that takes it.

    The fields are the slots, in rule order; each holds a function marked with its clause
    (the methods are the framework's: :class:`froeschis.framework.table.ClauseTable`).
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


SLOTS: tuple[str, ...] = ClauseTable.slots()
"""The names of the table's slots, in rule order."""
