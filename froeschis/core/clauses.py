"""One small pure function per rule clause.

Each function is marked with the clause IDs it implements (``@implements``); the engine
(:mod:`froeschis.core.engine`) only composes these functions, so every rule decision the engine makes
can be traced to a function here and from there to the clause catalogue in ``spec/``.
Spots are numbered from 1, as in the rules ("a 1 goes in the first spot").
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from froeschis.core.cards import FROG, TRASH, Card, Row, face_down, number, spot
from froeschis.core.errors import RulesError
from froeschis.core.marks import implements

if TYPE_CHECKING:
    from froeschis.core.rules import Rules

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# --------------------------------------------------------------------------- setup


@implements("deck.composition")
def standard_deck() -> tuple[Card, ...]:
    """The 60 cards: six each of 1-8, four frogs and eight trash."""
    numbers = tuple(number(n) for n in range(1, 9) for _ in range(6))
    return numbers + (FROG,) * 4 + (TRASH,) * 8


@implements("players.count")
def check_players(players: int) -> None:
    """Refuse a player count the published game does not have."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Fröschis is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
            "players.count",
        )


@implements("row.initial-length")
def initial_lengths(rules: Rules, players: int) -> tuple[int, ...]:
    """Every player's row length in round 1 (8 in the published game)."""
    return (rules.row_length,) * players


def check_setup(rules: Rules, players: int) -> None:
    """Refuse rules that cannot be played with this many players.

    Beyond the player count, a custom deck must fill every row and still leave two cards for the
    piles: then the player about to draw always finds a card (draw.reshuffle keeps one on the
    discard pile and needs one more to form a draw pile), so no turn can get stuck. And a row must
    be completable: the spots whose number the deck lacks need a frog each, or no round could end.
    """
    check_players(players)
    if rules.row_length < 1:
        raise RulesError(f"row length must be at least 1, not {rules.row_length}", "row.initial-length")
    needed = rules.row_length * players + 2
    if len(rules.deck) < needed:
        raise RulesError(
            f"a deck of {len(rules.deck)} cards is too small for {players} rows of "
            f"{rules.row_length}: at least {needed} are needed",
            "round.deal",
        )
    counts = Counter(rules.deck)
    missing = [n for n in range(1, rules.row_length + 1) if not counts[number(n)]]
    if len(missing) > counts[FROG]:
        raise RulesError(
            f"no row of {rules.row_length} could ever be completed: the deck has no {missing} "
            f"and only {counts[FROG]} frogs",
            "complete.no-face-down",
        )


@implements("round.deal")
def deal(order: Sequence[Card], lengths: Sequence[int]) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """Deal the shuffled ``order``: seat 0's row first, spot 1 first, then seat 1, ...

    Returns the face-down rows and the draw pile (top card first). The discard pile starts empty.
    """
    hidden = face_down(order)
    rows = []
    start = 0
    for length in lengths:
        rows.append(Row(tuple(hidden[start : start + length])))
        start += length
    return tuple(rows), tuple(order[start:])


@implements("round.start-seat")
def starting_seat(round_number: int, players: int) -> int:
    """Seat 0 starts round 1; each later round starts one seat further on."""
    return (round_number - 1) % players


@implements("turn.order")
def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


# --------------------------------------------------------------------------- taking a card


@implements("turn.draw-source")
def may_take_discard(discard_pile: Sequence[Card]) -> bool:
    """The discard pile's top card may be taken only when there is one."""
    return len(discard_pile) > 0


@implements("variant.discard-if-placeable")
def can_be_placed(card: Card, row: Row) -> bool:
    """Whether ``card`` would be placed rather than discarded if taken into this row."""
    if card.is_frog:
        return True
    if not card.is_number or card.number > len(row):
        return False
    target = row.at(card.number)
    return not target.face_up or target.card.is_frog


@implements("draw.reshuffle")
def must_reshuffle(draw_pile: Sequence[Card]) -> bool:
    """Drawing from an empty draw pile first turns the discard pile into a new one."""
    return len(draw_pile) == 0


@implements("draw.reshuffle")
def reshuffle(
    discard_pile: tuple[Card, ...], order: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The new draw pile (``order``, top first) and the discard pile left: its old top card only."""
    return tuple(order), discard_pile[:1]


def reshuffle_pool(discard_pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that a reshuffle puts in a new order: the discard pile below its top card."""
    return discard_pile[1:]


# --------------------------------------------------------------------------- the card in hand


@implements("dead.trash")
def is_trash(card: Card) -> bool:
    return card.is_trash


@implements("dead.above-row-length")
def has_no_spot(card: Card, row: Row) -> bool:
    """A number above the row length (an 8 in a row of 7) counts as trash.

    (Only numbers have a positive code, so comparing codes leaves frogs and trash alone.)
    """
    return card.code > len(row.spots)


@implements("dead.duplicate")
def is_duplicate(card: Card, row: Row) -> bool:
    """The number already lies face up on its own spot."""
    target = row.at(card.number)
    return target.face_up and target.card == card


def unplaceable_clause(card: Card, row: Row) -> str | None:
    """The clause that makes trash or a number without a spot dead in this row, else None."""
    if is_trash(card):
        return "dead.trash"
    if has_no_spot(card, row):
        return "dead.above-row-length"
    return None


@implements("place.number-spot")
def spot_of(card: Card) -> int:
    """The spot a number card belongs on: its number."""
    return card.number


@implements("place.face-down-only")
def spot_is_open(card: Card, row: Row) -> bool:
    """The number's spot holds a face-down card, which the number may replace."""
    return not row.at(spot_of(card)).face_up


@implements("place.reveal-chain")
def place_number(row: Row, card: Card) -> tuple[Row, Card]:
    """Put the number on its spot; the card it replaces is revealed and goes into the hand."""
    target = spot_of(card)
    return row.replace(target, card), row.at(target).card


@implements("frog.place")
def frog_spots(row: Row) -> tuple[int, ...]:
    """Where a frog in hand may go: any face-down spot."""
    return row.face_down_spots()


@implements("frog.place", "place.reveal-chain")
def place_frog(row: Row, spot_number: int) -> tuple[Row, Card]:
    """Put the frog on a face-down spot; the card there is revealed into the hand."""
    replaced = row.at(spot_number)
    if replaced.face_up:
        raise ValueError(f"spot {spot_number} is face up: a frog goes on a face-down spot")
    return row.replace(spot_number, FROG), replaced.card


@implements("frog.swap")
def can_swap_frog(card: Card, row: Row) -> bool:
    """The number's own spot holds a face-up frog, which the number may replace."""
    target = row.at(card.number)
    return target.face_up and target.card.is_frog


@implements("frog.swap")
def swap_frog(row: Row, card: Card) -> Row:
    """The number replaces the frog on its spot; the frog goes back into the hand."""
    return row.replace(spot_of(card), card)


@implements("frog.swap-mandatory", "variant.optional-frog-swap")
def swap_is_choice(rules: Rules) -> bool:
    """Whether the player decides about a possible frog swap (only under the variant)."""
    return rules.optional_frog_swap


@implements("turn.discard-ends")
def discard(discard_pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The discard pile with ``card`` on top; the turn that discards it is over."""
    return (card, *discard_pile)


# --------------------------------------------------------------------------- completing a row


@implements("complete.frogs-count")
def fits_spot(card: Card, spot_number: int) -> bool:
    """A card fits a spot when it is that spot's number, or a frog (which counts as any number)."""
    return card.is_frog or card.code == spot_number


@implements("complete.no-face-down")
def is_complete(row: Row) -> bool:
    """No card of the row lies face down (and each face-up card fits its spot)."""
    for s in row.spots:
        if not s.face_up:
            return False
    return all(fits_spot(s.card, i) for i, s in enumerate(row.spots, 1))


@implements("complete.ends-turn")
def completion_ends_turn(row: Row) -> bool:
    """A complete row stops the chain: the card in hand is discarded and the turn ends."""
    return is_complete(row)


# --------------------------------------------------------------------------- the end of a round


@implements("round.final-turns")
def starts_final_turns(completed_now: bool, first_completer: int | None) -> bool:
    """A completed row starts the final turns unless someone completed earlier this round."""
    return completed_now and first_completer is None


@implements("round.final-turns")
def round_is_over(following_seat: int, first_completer: int | None) -> bool:
    """After the final turns the turn would come back to the first completer: the round ends."""
    return first_completer is not None and following_seat == first_completer


@implements("round.final-turn-completion")
def completers(rows: Sequence[Row]) -> tuple[int, ...]:
    """Every seat whose row is complete at the round's end, the first completer or a later one."""
    return tuple(seat for seat, row in enumerate(rows) if is_complete(row))


@implements("variant.reveal-at-round-end")
def reveal_if_lucky(row: Row) -> Row:
    """The row turned face up if every face-down card happens to fit its spot (then it counts as
    complete); otherwise the row as it was (its cards were shown, but nothing changes)."""
    revealed = Row(tuple(spot(s.card, True) for s in row.spots))
    return revealed if is_complete(revealed) else row


@implements("round.next-lengths")
def next_lengths(lengths: Sequence[int], completed: Sequence[int]) -> tuple[int, ...]:
    """One spot fewer for every seat that completed its row; the others keep their length."""
    done = set(completed)
    return tuple(length - 1 if seat in done else length for seat, length in enumerate(lengths))


@implements("game.end")
def winners(lengths: Sequence[int], completed: Sequence[int]) -> tuple[int, ...]:
    """The seats that completed a one-spot row this round; the game ends when there is one."""
    return tuple(seat for seat in completed if lengths[seat] == 1)


@implements("game.returns")
def returns(players: int, winning_seats: Sequence[int]) -> tuple[float, ...]:
    """1 for every winner, 0 for everybody else."""
    return tuple(1.0 if seat in winning_seats else 0.0 for seat in range(players))


_code = operator.attrgetter("code")


def is_permutation(order: Sequence[Card], pool: Sequence[Card]) -> bool:
    """Whether ``order`` holds exactly the cards of ``pool`` (a valid shuffle outcome)."""
    return len(order) == len(pool) and sorted(map(_code, order)) == sorted(map(_code, pool))
