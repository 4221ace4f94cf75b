"""One small pure function per rule decision: the entries of the clause table.

Each function is marked with the clause it implements (:func:`~froeschis.games.froeschis.table.clause`). The
published rules put them in the clause table (:mod:`froeschis.games.froeschis.readings`), and the engine calls
them only through the table: every decision it takes can be traced to a function here and from there
to the clause catalogue in ``spec/``, and a variant or a misreading is the same table with an entry
replaced. Functions that depend on other clauses take the table first and call them through it.
Spots are numbered from 1, as in the rules ("a 1 goes in the first spot").
"""

from __future__ import annotations

from collections.abc import Sequence

from froeschis.framework.errors import InternalError, RulesError
from froeschis.games.froeschis.cards import FROG, TRASH, Card, Row, Spot, face_down, number, spot
from froeschis.games.froeschis.state import Player
from froeschis.games.froeschis.table import ClauseTable, Resolution, clause

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# --------------------------------------------------------------------------- setting up


@clause("deck.composition")
def standard_deck() -> tuple[Card, ...]:
    """The 60 cards: six each of 1-8, four frogs and eight trash."""
    numbers = tuple(number(n) for n in range(1, 9) for _ in range(6))
    return numbers + (FROG,) * 4 + (TRASH,) * 8


@clause("players.count")
def check_players(players: int) -> None:
    """Refuse a player count the published game does not have."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Fröschis is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
            "players.count",
        )


@clause("row.initial-length")
def initial_lengths(row_length: int, players: int) -> tuple[int, ...]:
    """Every player's row length in round 1: the rules' row length (8 in the published game)."""
    return (row_length,) * players


@clause("round.deal")
def spare_cards() -> int:
    """How many cards a deck must hold beyond the rows: two, so that the player about to draw always
    finds a card (draw.reshuffle keeps one on the discard pile and needs one more for a draw pile).
    The published deck leaves 28 with four rows of eight; only custom decks come near the limit."""
    return 2


# --------------------------------------------------------------------------- a round


@clause("round.deal")
def deal(order: Sequence[Card], lengths: Sequence[int]) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """Deal the shuffled ``order``: seat 0's row first, spot 1 first, then seat 1, ...

    Returns the face-down rows and the draw pile (top card first). The discard pile starts empty.
    """
    dealt = sum(lengths)
    hidden = face_down(order[:dealt])
    rows = []
    start = 0
    for length in lengths:
        rows.append(Row(tuple(hidden[start : start + length])))
        start += length
    return tuple(rows), tuple(order[dealt:])


@clause("round.start-seat")
def starting_seat(round_number: int, players: int, first_completer: int | None) -> int:
    """Seat 0 starts round 1; each later round starts one seat further on (whoever completed first
    in the round before: ``first_completer``, None in round 1, does not matter)."""
    return (round_number - 1) % players


@clause("turn.order")
def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


# --------------------------------------------------------------------------- taking a card


@clause("turn.draw-source")
def may_take_discard(discard_pile: Sequence[Card]) -> bool:
    """The discard pile's top card may be taken only when there is one."""
    return len(discard_pile) > 0


@clause("turn.draw-source")
def any_discard_fits(discard_pile: Sequence[Card], row: Row) -> bool:
    """The discard pile's top card may be taken whatever it is and whatever the row."""
    return True


@clause("variant.discard-if-placeable")
def discard_fits_if_placeable(discard_pile: Sequence[Card], row: Row) -> bool:
    """Only a top card that would be placed may be taken: a frog, or a number whose spot is face
    down or holds a face-up frog."""
    if not discard_pile:
        return False
    card = discard_pile[0]
    if card.is_frog:
        return True
    if not card.is_number or card.number > len(row.spots):
        return False
    target = row.at(card.number)
    return not target.face_up or target.card.is_frog


@clause("turn.draw-source")
def take_top(pile: tuple[Card, ...]) -> tuple[Card, tuple[Card, ...]]:
    """The top card of a pile (piles list their top card first) and the pile without it."""
    return pile[0], pile[1:]


@clause("draw.reshuffle")
def draws_after_reshuffle() -> bool:
    """The player who found the draw pile empty draws from the new one at once (no new choice)."""
    return True


@clause("draw.reshuffle")
def must_reshuffle(draw_pile: Sequence[Card]) -> bool:
    """Drawing from an empty draw pile first turns the discard pile into a new one."""
    return len(draw_pile) == 0


@clause("draw.reshuffle")
def reshuffle_pool(discard_pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards a reshuffle puts in a new order: the discard pile below its top card."""
    return discard_pile[1:]


@clause("draw.reshuffle")
def reshuffle(
    discard_pile: tuple[Card, ...], order: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The new draw pile (``order``, top first) and the discard pile left: its old top card only."""
    return order, discard_pile[:1]


# --------------------------------------------------------------------------- the card in hand


# The chain's outcomes bound to module names once: on Python 3.11 every ``Resolution.PLACE`` runs
# ``EnumType.__getattr__``, about ten times the cost of reading a global.
_COMPLETE, _FROG, _TRASH, _NO_SPOT = (
    Resolution.COMPLETE,
    Resolution.FROG,
    Resolution.TRASH,
    Resolution.NO_SPOT,
)
_PLACE, _SWAP, _DUPLICATE = Resolution.PLACE, Resolution.SWAP, Resolution.DUPLICATE


@clause("turn.chain-order")
def chain_order(table: ClauseTable, row: Row, hand: Card) -> Resolution:
    """What happens next to the card in hand: the first of these that applies.

    A complete row ends the turn before the card is looked at; then a frog is placed; trash and
    numbers without a spot are dead; a number goes on its face-down spot, or replaces the frog on it,
    or is dead because its spot already shows it.
    """
    if table.completion_ends_turn(table, row):
        return _COMPLETE
    if table.is_joker(hand):
        return _FROG
    if table.is_trash(hand):
        return _TRASH
    if table.has_no_spot(hand, row):
        return _NO_SPOT
    target = row.at(table.spot_of(hand))
    if table.spot_is_open(target):
        return _PLACE
    if table.can_swap_frog(target):
        return _SWAP
    if table.is_duplicate(target, hand):
        return _DUPLICATE
    raise InternalError(f"no clause decides what happens to {hand} in the row {row}")


@clause("frog.place")
def is_joker(card: Card) -> bool:
    """A frog in hand is a joker: the player places it (it is never dead)."""
    return card.is_frog


@clause("frog.place")
def frog_spots(row: Row) -> tuple[int, ...]:
    """Where a frog in hand may go: any face-down spot."""
    return row.face_down_spots()


@clause("frog.place")
def place_frog(row: Row, spot_number: int) -> Row:
    """The row with the frog face up on the (face-down) spot."""
    if row.at(spot_number).face_up:
        raise ValueError(f"spot {spot_number} is face up: a frog goes on a face-down spot")
    return row.replace(spot_number, FROG)


@clause("dead.trash")
def is_trash(card: Card) -> bool:
    """A trash card is dead, however it came into the hand (revealed, drawn or taken)."""
    return card.is_trash


@clause("dead.above-row-length")
def has_no_spot(card: Card, row: Row) -> bool:
    """A number above the row length (an 8 in a row of 7) counts as trash.

    (Only numbers have a positive code, so comparing codes leaves frogs and trash alone.)
    """
    return card.code > len(row.spots)


@clause("place.number-spot")
def spot_of(card: Card) -> int:
    """The spot a number card belongs on: its number."""
    return card.number


@clause("place.number-spot")
def place_number(row: Row, spot_number: int, card: Card) -> Row:
    """The row with the number face up on its spot."""
    return row.replace(spot_number, card)


@clause("place.face-down-only")
def spot_is_open(target: Spot) -> bool:
    """The spot holds a face-down card, which a number may replace."""
    return not target.face_up


@clause("place.reveal-chain")
def reveal(target: Spot) -> Card:
    """The face-down card a placed card replaces: it is revealed and becomes the card in hand."""
    return target.card


@clause("frog.swap")
def can_swap_frog(target: Spot) -> bool:
    """The spot holds a face-up frog, which the number belonging there may replace."""
    return target.face_up and target.card.is_frog


@clause("frog.swap")
def swap_frog(row: Row, spot_number: int, card: Card) -> tuple[Row, Card]:
    """The number replaces the frog on its spot; the frog goes back into the hand."""
    return row.replace(spot_number, card), row.at(spot_number).card


@clause("frog.swap-mandatory")
def swap_is_mandatory() -> bool:
    """Whether the player decides about a possible frog swap: no, it always happens."""
    return False


@clause("variant.optional-frog-swap")
def swap_is_a_choice() -> bool:
    """Whether the player decides about a possible frog swap: yes, swap or discard the number."""
    return True


@clause("dead.duplicate")
def is_duplicate(target: Spot, card: Card) -> bool:
    """The number already lies face up on its own spot."""
    return target.face_up and target.card.code == card.code


@clause("turn.discard-ends")
def discard(discard_pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The discard pile with ``card`` on top; the turn that discards it is over."""
    return (card, *discard_pile)


# --------------------------------------------------------------------------- completing a row


@clause("complete.frogs-count")
def fits_spot(card: Card, spot_number: int) -> bool:
    """A card fits a spot when it is that spot's number, or a frog (which counts as any number)."""
    return card.is_frog or card.code == spot_number


@clause("complete.no-face-down")
def is_complete(table: ClauseTable, row: Row) -> bool:
    """No card of the row lies face down (and each face-up card fits its spot)."""
    for s in row.spots:
        if not s.face_up:
            return False
    fits = table.fits_spot
    return all(fits(s.card, i) for i, s in enumerate(row.spots, 1))


@clause("complete.ends-turn")
def completion_ends_turn(table: ClauseTable, row: Row) -> bool:
    """A complete row stops the chain: the card in hand is discarded and the turn ends."""
    return table.is_complete(table, row)


# --------------------------------------------------------------------------- the end of a round


@clause("round.final-turns")
def starts_final_turns(completed_now: bool, first_completer: int | None) -> bool:
    """A completed row starts the final turns unless someone completed earlier this round."""
    return completed_now and first_completer is None


@clause("round.final-turns")
def round_is_over(
    finished_seat: int,
    following_seat: int,
    first_before: int | None,
    first_completer: int | None,
    players: Sequence[Player],
) -> bool:
    """After the final turns the turn would come back to the first completer: the round ends.

    ``finished_seat`` just ended its turn, ``following_seat`` would play next; ``first_before`` was
    the first completer before that turn and ``first_completer`` is it after; ``players`` hold the
    row lengths. The published rule needs only the next seat and the first completer."""
    return first_completer is not None and following_seat == first_completer


@clause("complete.no-face-down")
def row_as_it_lies(table: ClauseTable, row: Row) -> Row:
    """At the round's end a row counts as it lies: a face-down card means it is not complete."""
    return row


@clause("variant.reveal-at-round-end")
def reveal_if_lucky(table: ClauseTable, row: Row) -> Row:
    """The row turned face up if every face-down card happens to fit its spot (then it counts as
    complete); otherwise the row as it was (its cards were shown, but nothing changes)."""
    revealed = Row(tuple(spot(s.card, True) for s in row.spots))
    return revealed if table.is_complete(table, revealed) else row


@clause("round.final-turn-completion")
def completers(
    table: ClauseTable, rows: Sequence[Row], played: Sequence[Player], first_completer: int | None
) -> tuple[int, ...]:
    """Every seat whose row is complete at the round's end, the first completer or a later one.

    ``rows`` are the rows as the round's end shows them (:func:`reveal_if_lucky` may have turned
    some up), ``played`` the players as the last turn left them."""
    return tuple(seat for seat, row in enumerate(rows) if table.is_complete(table, row))


@clause("round.next-lengths")
def next_lengths(lengths: Sequence[int], completed: Sequence[int]) -> tuple[int, ...]:
    """One spot fewer for every seat that completed its row; the others keep their length."""
    done = set(completed)
    return tuple(length - 1 if seat in done else length for seat, length in enumerate(lengths))


@clause("game.end")
def winners(lengths: Sequence[int], completed: Sequence[int], first_completer: int | None) -> tuple[int, ...]:
    """The seats that completed a one-spot row this round; the game ends when there is one."""
    return tuple(seat for seat in completed if lengths[seat] == 1)


@clause("game.returns")
def returns(players: int, winning_seats: Sequence[int]) -> tuple[float, ...]:
    """1 for every winner, 0 for everybody else."""
    return tuple(1.0 if seat in winning_seats else 0.0 for seat in range(players))
