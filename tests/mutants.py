"""One deliberately wrong version of each clause's function, to check that the suite catches it.

Never shipped: these live in the test suite only. ``FROESCHIS_MUTANT=<clause id>`` makes
tests/conftest.py swap the mutant into :mod:`froeschis.core.clauses` for a whole pytest run (the
engine calls clause functions through the module, so the swap reaches every caller), and
``--clause <id>`` selects the tests that name that clause. tests/test_mutation.py runs each
mutant that way and requires a failure. Where a source text was mistranslated, the mutant is the
mistranslation (marked "Korean").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from froeschis.core import clauses as c
from froeschis.core.cards import FROG, TRASH, Card, Row, number, spot
from froeschis.core.errors import RulesError


@attrs.frozen
class Mutant:
    clause: str
    function: str
    """The name in froeschis.core.clauses that the mutant replaces."""
    replacement: Callable[..., Any]
    description: str


def _six_frogs() -> tuple[Card, ...]:
    return tuple(number(n) for n in range(1, 9) for _ in range(6)) + (FROG,) * 6 + (TRASH,) * 6


def _allow_five(players: int) -> None:
    if not 2 <= players <= 5:
        raise RulesError(f"{players} players", "players.count")


def _deal_round_robin(
    order: Sequence[Card], lengths: Sequence[int]
) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """Deals one card to each seat in turn, as people often deal, instead of a row at a time."""
    players = len(lengths)
    rows = tuple(
        Row(tuple(spot(order[i * players + seat], False) for i in range(length)))
        for seat, length in enumerate(lengths)
    )
    return rows, tuple(order[sum(lengths) :])


def _no_frog_on_swap(card: Card, row: Row) -> bool:
    if card.is_frog:
        return True
    return card.is_number and card.number <= len(row) and not row.at(card.number).face_up


def _reshuffle_everything(discard_pile: tuple[Card, ...], order: Sequence[Card]) -> tuple[Any, ...]:
    return tuple(order), ()


def _nothing_revealed(row: Row, card: Card) -> tuple[Row, Card]:
    return row.replace(card.number, card), TRASH


def _only_the_first_completer(rows: Sequence[Row]) -> tuple[int, ...]:
    return tuple(seat for seat, row in enumerate(rows) if c.is_complete(row))[:1]


MUTANTS = (
    Mutant("deck.composition", "standard_deck", _six_frogs, "six frogs (Korean: '6개의 개구리')"),
    Mutant("players.count", "check_players", _allow_five, "five players allowed"),
    Mutant(
        "row.initial-length", "initial_lengths", lambda rules, n: (rules.row_length - 1,) * n, "rows of 7"
    ),
    Mutant("round.deal", "deal", _deal_round_robin, "deals one card a seat in turn"),
    Mutant("round.start-seat", "starting_seat", lambda r, n: 0, "seat 0 starts every round"),
    Mutant("turn.order", "next_seat", lambda seat, n: (seat - 1) % n, "play passes backwards"),
    Mutant("turn.draw-source", "may_take_discard", lambda pile: True, "the empty discard pile may be taken"),
    Mutant(
        "variant.discard-if-placeable", "can_be_placed", _no_frog_on_swap, "a swap does not count as fitting"
    ),
    Mutant("draw.reshuffle", "reshuffle", _reshuffle_everything, "the discard top is shuffled in too"),
    Mutant("place.number-spot", "spot_of", lambda card: card.number % 8 + 1, "a number goes one spot right"),
    Mutant("place.face-down-only", "spot_is_open", lambda card, row: True, "face-up cards are replaced"),
    Mutant("place.reveal-chain", "place_number", _nothing_revealed, "the replaced card is not revealed"),
    Mutant("frog.place", "frog_spots", lambda row: tuple(range(1, len(row) + 1)), "frogs may go face up"),
    Mutant("frog.swap", "can_swap_frog", lambda card, row: False, "a number never replaces its frog"),
    Mutant("frog.swap-mandatory", "swap_is_choice", lambda rules: True, "the swap is always optional"),
    Mutant("variant.optional-frog-swap", "swap_is_choice", lambda rules: False, "the variant is ignored"),
    Mutant("dead.trash", "is_trash", lambda card: False, "trash is not dead"),
    Mutant("dead.duplicate", "is_duplicate", lambda card, row: False, "a shown number is not dead"),
    Mutant(
        "dead.above-row-length", "has_no_spot", lambda card, row: card.number > len(row) + 1, "off by one"
    ),
    Mutant("turn.discard-ends", "discard", lambda pile, card: (*pile, card), "discards go under the pile"),
    Mutant(
        "complete.no-face-down",
        "is_complete",
        lambda row: len(row.face_down_spots()) <= 1,
        "one face-down card is allowed",
    ),
    Mutant("complete.frogs-count", "fits_spot", lambda card, spot: card.code == spot, "frogs do not count"),
    Mutant("complete.ends-turn", "completion_ends_turn", lambda row: False, "the chain goes on"),
    Mutant(
        "round.final-turns", "round_is_over", lambda following, first: first is not None, "no final turns"
    ),
    Mutant(
        "round.final-turn-completion", "completers", _only_the_first_completer, "later completers ignored"
    ),
    Mutant("variant.reveal-at-round-end", "reveal_if_lucky", lambda row: row, "the variant is ignored"),
    Mutant(
        "round.next-lengths",
        "next_lengths",
        lambda lengths, done: tuple(n - 1 for n in lengths),
        "everybody gets a shorter row (Korean: '모든 플레이어에게')",
    ),
    Mutant(
        "game.end",
        "winners",
        lambda lengths, done: tuple(s for s in done if lengths[s] == 1)[:1],
        "one winner",
    ),
    Mutant(
        "game.returns",
        "returns",
        lambda n, won: tuple(1 / len(won) if s in won else 0.0 for s in range(n)),
        "a shared win is split",
    ),
)

BY_CLAUSE = {m.clause: m for m in MUTANTS}


def activate(clause_id: str) -> Mutant:
    """Swap the mutant for this clause into froeschis.core.clauses (for the rest of the process)."""
    mutant = BY_CLAUSE[clause_id]
    if not hasattr(c, mutant.function):
        raise AttributeError(f"froeschis.core.clauses has no {mutant.function} to mutate")
    setattr(c, mutant.function, mutant.replacement)
    return mutant
