"""One deliberately wrong reading of each clause, to check that the suite catches it.

Never shipped: these live in the test suite only. Each mutant is a clause-table reading
(:class:`~froeschis.core.table.Reading`): the clause table with one entry replaced by a wrong
function marked with the clause it misreads, built exactly as a variant is. ``FROESCHIS_MUTANT=<clause
id>`` makes tests/conftest.py play every game of a pytest run by that table
(:func:`froeschis.core.readings.misread_everywhere`), and ``--clause <id>`` selects the tests that name
that clause; tests/test_mutation.py runs each mutant that way and requires a failure. Where a source
text was mistranslated, the mutant is the mistranslation (marked "Korean").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from froeschis.core.cards import FROG, TRASH, Card, Row, number, spot
from froeschis.core.errors import RulesError
from froeschis.core.table import ClauseTable, Reading, Resolution, clause


@clause("deck.composition")
def six_frogs() -> tuple[Card, ...]:
    return tuple(number(n) for n in range(1, 9) for _ in range(6)) + (FROG,) * 6 + (TRASH,) * 6


@clause("players.count")
def allow_five(players: int) -> None:
    if not 2 <= players <= 5:
        raise RulesError(f"{players} players", "players.count")


@clause("round.deal")
def deal_round_robin(
    order: Sequence[Card], lengths: Sequence[int]
) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """Deals one card to each seat in turn, as people often deal, instead of a row at a time."""
    players = len(lengths)
    rows = tuple(
        Row(tuple(spot(order[i * players + seat], False) for i in range(length)))
        for seat, length in enumerate(lengths)
    )
    return rows, tuple(order[sum(lengths) :])


@clause("variant.discard-if-placeable")
def no_frog_on_swap(card: Card, row: Row) -> bool:
    if card.is_frog:
        return True
    return card.is_number and card.number <= len(row) and not row.at(card.number).face_up


@clause("draw.reshuffle")
def reshuffle_everything(
    discard_pile: tuple[Card, ...], order: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return order, ()


@clause("turn.chain-order")
def frog_before_completion(table: ClauseTable, row: Row, hand: Card) -> Resolution:
    """Looks at the card in hand before noticing that the row is complete."""
    if table.is_joker(hand):
        return Resolution.FROG
    if table.completion_ends_turn(table, row):
        return Resolution.COMPLETE
    if table.is_trash(hand):
        return Resolution.TRASH
    if table.has_no_spot(hand, row):
        return Resolution.NO_SPOT
    target = row.at(table.spot_of(hand))
    if table.spot_is_open(target):
        return Resolution.PLACE
    if table.can_swap_frog(target):
        return Resolution.SWAP
    return Resolution.DUPLICATE


@clause("complete.no-face-down")
def one_face_down_allowed(table: ClauseTable, row: Row) -> bool:
    return len(row.face_down_spots()) <= 1


@clause("round.final-turn-completion")
def only_the_first_completer(table: ClauseTable, rows: Sequence[Row]) -> tuple[int, ...]:
    return tuple(seat for seat, row in enumerate(rows) if table.is_complete(table, row))[:1]


def _mutant(slot: str, clause_id: str, function: Callable[..., object], description: str) -> Reading:
    return Reading(slot, clause(clause_id)(function), description)


MUTANTS = (
    Reading("standard_deck", six_frogs, "six frogs (Korean: '6개의 개구리')"),
    Reading("check_players", allow_five, "five players allowed"),
    _mutant("initial_lengths", "row.initial-length", lambda length, n: (length - 1,) * n, "rows of 7"),
    Reading("deal", deal_round_robin, "deals one card a seat in turn"),
    _mutant("starting_seat", "round.start-seat", lambda r, n: 0, "seat 0 starts every round"),
    _mutant("next_seat", "turn.order", lambda seat, n: (seat - 1) % n, "play passes backwards"),
    _mutant("may_take_discard", "turn.draw-source", lambda pile: True, "the empty discard pile may be taken"),
    Reading("discard_fits", no_frog_on_swap, "a swap does not count as fitting"),
    Reading("reshuffle", reshuffle_everything, "the discard top is shuffled in too"),
    _mutant("spot_of", "place.number-spot", lambda card: card.number % 8 + 1, "a number goes one spot right"),
    _mutant("spot_is_open", "place.face-down-only", lambda target: True, "face-up cards are replaced"),
    _mutant("reveal", "place.reveal-chain", lambda target: TRASH, "the replaced card is not revealed"),
    _mutant("frog_spots", "frog.place", lambda row: tuple(range(1, len(row) + 1)), "frogs may go face up"),
    _mutant("can_swap_frog", "frog.swap", lambda target: False, "a number never replaces its frog"),
    _mutant("swap_is_choice", "frog.swap-mandatory", lambda: True, "the swap is always optional"),
    _mutant("swap_is_choice", "variant.optional-frog-swap", lambda: False, "the variant is ignored"),
    _mutant("is_trash", "dead.trash", lambda card: False, "trash is not dead"),
    _mutant("is_duplicate", "dead.duplicate", lambda target, card: False, "a shown number is not dead"),
    _mutant(
        "has_no_spot", "dead.above-row-length", lambda card, row: card.number > len(row) + 1, "off by one"
    ),
    _mutant("discard", "turn.discard-ends", lambda pile, card: (*pile, card), "discards go under the pile"),
    Reading("is_complete", one_face_down_allowed, "one face-down card is allowed"),
    _mutant("fits_spot", "complete.frogs-count", lambda card, spot: card.code == spot, "frogs do not count"),
    _mutant("completion_ends_turn", "complete.ends-turn", lambda table, row: False, "the chain goes on"),
    Reading("chain_order", frog_before_completion, "a frog is placed before the row counts as complete"),
    _mutant(
        "round_is_over", "round.final-turns", lambda following, first: first is not None, "no final turns"
    ),
    Reading("completers", only_the_first_completer, "later completers ignored"),
    _mutant(
        "row_at_round_end", "variant.reveal-at-round-end", lambda table, row: row, "the variant is ignored"
    ),
    _mutant(
        "next_lengths",
        "round.next-lengths",
        lambda lengths, done: tuple(n - 1 for n in lengths),
        "everybody gets a shorter row (Korean: '모든 플레이어에게')",
    ),
    _mutant(
        "winners",
        "game.end",
        lambda lengths, done: tuple(s for s in done if lengths[s] == 1)[:1],
        "one winner",
    ),
    _mutant(
        "returns",
        "game.returns",
        lambda n, won: tuple(1 / len(won) if s in won else 0.0 for s in range(n)),
        "a shared win is split",
    ),
)

BY_CLAUSE = {m.clause: m for m in MUTANTS}
