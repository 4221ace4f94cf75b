"""Known misreadings of the clauses: how an engine built on a hasty, partial or mistranslated reading
of the rules plays, as clause-table entries the reference can play by.

The catalogue (``spec/froeschis/clauses.toml``) lists every clause's misreadings: an ID (``clause~name``), a
one-line description and, where one exists, the source sentence that invites it; one of them is the
clause's mutant, the mutation check's deliberately wrong reading. This module implements each ID as
:class:`~froeschis.games.froeschis.table.Reading` s: the functions an engine that reads the clause so would
put
in the clause table. :mod:`froeschis.conformance.causes` replays a diverging engine's games on the
reference with each of them in turn (counterfactual blame); ``tests/contract/test_mutation.py`` plays the
test suite by each mutant.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from froeschis.framework.errors import RulesError
from froeschis.games.froeschis.cards import FROG, TRASH, Card, Row, Spot, number, spot
from froeschis.games.froeschis.clauses import chain_order
from froeschis.games.froeschis.rules import Rules, standard_deck
from froeschis.games.froeschis.state import Player
from froeschis.games.froeschis.table import ClauseTable, Reading, Resolution, clause

# --------------------------------------------------------------------------- setting up


@clause("deck.composition")
def six_frogs() -> tuple[Card, ...]:
    """Six frogs and six trash cards (the Korean text gives the frogs 'six each')."""
    return tuple(number(n) for n in range(1, 9) for _ in range(6)) + (FROG,) * 6 + (TRASH,) * 6


@clause("players.count")
def up_to_five(players: int) -> None:
    if not 2 <= players <= 5:
        raise RulesError(f"Fröschis is for 2 to 5 players, not {players}", "players.count")


@clause("row.initial-length")
def rows_of_seven(row_length: int, players: int) -> tuple[int, ...]:
    return (row_length - 1,) * players


@clause("round.deal")
def deal_round_robin(
    order: Sequence[Card], lengths: Sequence[int]
) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """One card to each seat in turn, round and round (skipping full rows), as people deal."""
    rows: list[list[Spot]] = [[] for _ in lengths]
    dealt, seat = 0, 0
    while any(len(row) < length for row, length in zip(rows, lengths, strict=True)):
        if len(rows[seat]) < lengths[seat]:
            rows[seat].append(spot(order[dealt], False))
            dealt += 1
        seat = (seat + 1) % len(lengths)
    return tuple(Row(tuple(row)) for row in rows), tuple(order[dealt:])


@clause("round.deal")
def draw_pile_upside_down(
    order: Sequence[Card], lengths: Sequence[int]
) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """The rows as dealt, but the draw pile's top is the last card of the order, not the first."""
    dealt = sum(lengths)
    rows, start = [], 0
    for length in lengths:
        rows.append(Row(tuple(spot(card, False) for card in order[start : start + length])))
        start += length
    return tuple(rows), tuple(reversed(order[dealt:]))


@clause("round.deal")
def rows_from_the_last_spot(
    order: Sequence[Card], lengths: Sequence[int]
) -> tuple[tuple[Row, ...], tuple[Card, ...]]:
    """Each row is dealt from its last spot to its first (the first card dealt lies on the last spot)."""
    rows, start = [], 0
    for length in lengths:
        rows.append(Row(tuple(spot(card, False) for card in reversed(order[start : start + length]))))
        start += length
    return tuple(rows), tuple(order[sum(lengths) :])


@clause("round.start-seat")
def seat_zero_starts(round_number: int, players: int, first_completer: int | None) -> int:
    return 0


@clause("round.start-seat")
def first_completer_starts(round_number: int, players: int, first_completer: int | None) -> int:
    """The seat that completed first in the round before starts the next (seat 0 the first round)."""
    return 0 if first_completer is None else first_completer


@clause("turn.order")
def backwards(seat: int, players: int) -> int:
    """Counter-clockwise: to the previous seat."""
    return (seat - 1) % players


# --------------------------------------------------------------------------- taking a card


@clause("turn.draw-source")
def empty_discard_allowed(discard_pile: Sequence[Card]) -> bool:
    return True


@clause("turn.draw-source")
def bottom_card(pile: tuple[Card, ...]) -> tuple[Card, tuple[Card, ...]]:
    """The last card of the pile as listed (its bottom): piles read the wrong way round."""
    return pile[-1], pile[:-1]


@clause("variant.discard-if-placeable")
def swap_is_no_fit(discard_pile: Sequence[Card], row: Row) -> bool:
    """A number whose spot holds a frog does not count as fitting."""
    if not discard_pile:
        return False
    card = discard_pile[0]
    if card.is_frog:
        return True
    return card.is_number and card.number <= len(row) and not row.at(card.number).face_up


@clause("variant.discard-if-placeable")
def frog_is_no_fit(discard_pile: Sequence[Card], row: Row) -> bool:
    """A frog on the discard pile does not count as fitting (it is no number)."""
    card = discard_pile[0] if discard_pile else FROG
    if not card.is_number or card.number > len(row):
        return False
    target = row.at(card.number)
    return not target.face_up or target.card.is_frog


@clause("draw.reshuffle")
def whole_pile(discard_pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """The whole discard pile is shuffled, its top card too."""
    return discard_pile


@clause("draw.reshuffle")
def nothing_left_on_the_discard(
    discard_pile: tuple[Card, ...], order: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return order, ()


@clause("draw.reshuffle")
def choose_again() -> bool:
    """After the reshuffle the player chooses again where to take a card from."""
    return False


@clause("draw.reshuffle")
def turned_over_unshuffled(
    discard_pile: tuple[Card, ...], order: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The discard pile below its top is turned over as it lies, not shuffled."""
    return tuple(reversed(discard_pile[1:])), discard_pile[:1]


# --------------------------------------------------------------------------- the card in hand


@clause("place.number-spot")
def one_spot_right(card: Card) -> int:
    return card.number % 8 + 1


@clause("place.face-down-only")
def face_up_replaced(target: Spot) -> bool:
    return True


@clause("place.reveal-chain")
def nothing_revealed(target: Spot) -> Card:
    return TRASH


@clause("frog.place")
def frog_anywhere(row: Row) -> tuple[int, ...]:
    return tuple(range(1, len(row) + 1))


@clause("frog.place")
def lowest_face_down_spot(row: Row) -> tuple[int, ...]:
    """The frog goes on the first face-down spot: no choice."""
    return row.face_down_spots()[:1]


@clause("frog.swap")
def never_swap(target: Spot) -> bool:
    return False


@clause("dead.duplicate")
def frog_counts_as_the_number(target: Spot, card: Card) -> bool:
    """A face-up frog stands for the number already: the number is dead."""
    return target.face_up and (target.card.code == card.code or target.card.is_frog)


@clause("frog.swap-mandatory")
def swap_always_optional() -> bool:
    return True


@clause("variant.optional-frog-swap")
def swap_never_optional() -> bool:
    return False


@clause("dead.trash")
def trash_not_dead(card: Card) -> bool:
    return False


@clause("dead.duplicate")
def duplicate_not_dead(target: Spot, card: Card) -> bool:
    return False


@clause("dead.above-row-length")
def off_by_one(card: Card, row: Row) -> bool:
    return card.number > len(row) + 1


@clause("dead.above-row-length")
def row_length_too(card: Card, row: Row) -> bool:
    """A number equal to the row length is dead too: off by one the other way."""
    return card.number >= len(row)


@clause("turn.discard-ends")
def under_the_pile(discard_pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return (*discard_pile, card)


@clause("complete.no-face-down")
def one_face_down_allowed(table: ClauseTable, row: Row) -> bool:
    return len(row.face_down_spots()) <= 1


@clause("complete.frogs-count")
def frogs_do_not_count(card: Card, spot_number: int) -> bool:
    return card.code == spot_number


@clause("complete.ends-turn")
def chain_goes_on(table: ClauseTable, row: Row) -> bool:
    return False


@clause("turn.chain-order")
def frog_before_completion(table: ClauseTable, row: Row, hand: Card) -> Resolution:
    """A frog in hand is placed before the row is looked at: a frog revealed last is placed."""
    if table.is_joker(hand):
        return Resolution.FROG
    return chain_order(table, row, hand)


@clause("turn.chain-order")
def swap_before_completion(table: ClauseTable, row: Row, hand: Card) -> Resolution:
    """A number whose spot holds a frog replaces it before the row is looked at."""
    card_has_a_spot = not (table.is_joker(hand) or table.is_trash(hand) or table.has_no_spot(hand, row))
    if card_has_a_spot and table.can_swap_frog(row.at(table.spot_of(hand))):
        return Resolution.SWAP
    return chain_order(table, row, hand)


# --------------------------------------------------------------------------- the end of a round


@clause("round.final-turns")
def no_final_turns(
    finished: int, following: int, first_before: int | None, first: int | None, players: Sequence[Player]
) -> bool:
    return first is not None


@clause("round.final-turns")
def completer_plays_too(
    finished: int, following: int, first_before: int | None, first: int | None, players: Sequence[Player]
) -> bool:
    """Every player takes a final turn, the completer too: the round ends after the completer's."""
    return first_before is not None and finished == first_before


@clause("round.final-turn-completion")
def only_the_first_completer(
    table: ClauseTable, rows: Sequence[Row], played: Sequence[Player], first_completer: int | None
) -> tuple[int, ...]:
    """Only the row that started the final turns counts; one completed in them does not."""
    done = first_completer is not None and table.is_complete(table, rows[first_completer])
    return (first_completer,) if done and first_completer is not None else ()


@clause("round.final-turn-completion")
def completion_restarts(completed_now: bool, first_completer: int | None) -> bool:
    """Every completed row starts the final turns, one completed in them too (they start over)."""
    return completed_now


@clause("variant.reveal-at-round-end")
def no_reveal(table: ClauseTable, row: Row) -> Row:
    return row


@clause("variant.reveal-at-round-end")
def shown_not_counted(
    table: ClauseTable, rows: Sequence[Row], played: Sequence[Player], first_completer: int | None
) -> tuple[int, ...]:
    """The rows are revealed, but counted as they were before: a lucky row does not count."""
    return tuple(seat for seat, p in enumerate(played) if table.is_complete(table, p.row))


@clause("round.next-lengths")
def everybody_shorter(lengths: Sequence[int], completed: Sequence[int]) -> tuple[int, ...]:
    return tuple(n - 1 for n in lengths)


@clause("game.end")
def one_winner(
    lengths: Sequence[int], completed: Sequence[int], first_completer: int | None
) -> tuple[int, ...]:
    """'That player wins': one winner, the first to complete a one-spot row."""
    candidates = [seat for seat in completed if lengths[seat] == 1]
    return (first_completer,) if first_completer in candidates else tuple(candidates[:1])


@clause("game.end")
def win_at_once(
    finished: int, following: int, first_before: int | None, first: int | None, players: Sequence[Player]
) -> bool:
    """Completing a one-spot row ends the game at once: no final turns in the last round."""
    return first is not None and (following == first or players[first].length == 1)


@clause("game.end")
def down_to_one_spot(
    lengths: Sequence[int], completed: Sequence[int], first_completer: int | None
) -> tuple[int, ...]:
    """Getting down to a one-spot row wins: completing a row of two."""
    return tuple(seat for seat in completed if lengths[seat] == 2)


@clause("game.returns")
def shared_win_split(players: int, winning_seats: Sequence[int]) -> tuple[float, ...]:
    return tuple(1 / len(winning_seats) if seat in winning_seats else 0.0 for seat in range(players))


IMPLEMENTED: dict[str, tuple[Reading, ...]] = {
    "deck.composition~six-frogs": (Reading("standard_deck", six_frogs, "six frogs"),),
    "players.count~up-to-five": (Reading("check_players", up_to_five, "five players"),),
    "row.initial-length~seven": (Reading("initial_lengths", rows_of_seven, "rows of seven"),),
    "round.deal~round-robin": (Reading("deal", deal_round_robin, "round robin"),),
    "round.deal~draw-pile-upside-down": (Reading("deal", draw_pile_upside_down, "pile upside down"),),
    "round.deal~rows-reversed": (Reading("deal", rows_from_the_last_spot, "rows reversed"),),
    "round.start-seat~seat-zero": (Reading("starting_seat", seat_zero_starts, "seat 0 starts"),),
    "round.start-seat~first-completer": (
        Reading("starting_seat", first_completer_starts, "first completer"),
    ),
    "turn.order~backwards": (Reading("next_seat", backwards, "backwards"),),
    "turn.draw-source~empty-discard": (Reading("may_take_discard", empty_discard_allowed, "empty"),),
    "turn.draw-source~bottom-card": (
        Reading("take_top", bottom_card, "bottom card"),
        Reading("take_discard", bottom_card, "bottom card"),
    ),
    "turn.draw-source~discard-bottom": (Reading("take_discard", bottom_card, "discard bottom"),),
    "variant.discard-if-placeable~swap-no-fit": (Reading("discard_fits", swap_is_no_fit, "swap"),),
    "variant.discard-if-placeable~frog-no-fit": (Reading("discard_fits", frog_is_no_fit, "frog"),),
    "draw.reshuffle~top-lost": (Reading("reshuffle", nothing_left_on_the_discard, "top lost"),),
    "draw.reshuffle~whole-pile": (
        Reading("reshuffle_pool", whole_pile, "whole pile"),
        Reading("reshuffle", nothing_left_on_the_discard, "whole pile"),
    ),
    "draw.reshuffle~unshuffled": (Reading("reshuffle", turned_over_unshuffled, "unshuffled"),),
    "draw.reshuffle~choose-again": (Reading("draws_after_reshuffle", choose_again, "choose again"),),
    "place.number-spot~one-right": (Reading("spot_of", one_spot_right, "one right"),),
    "place.face-down-only~face-up-replaced": (Reading("spot_is_open", face_up_replaced, "face up"),),
    "place.reveal-chain~nothing-revealed": (Reading("reveal", nothing_revealed, "nothing"),),
    "frog.place~anywhere": (Reading("frog_spots", frog_anywhere, "anywhere"),),
    "frog.place~lowest-spot": (Reading("frog_spots", lowest_face_down_spot, "lowest"),),
    "frog.swap~never": (Reading("can_swap_frog", never_swap, "never"),),
    "frog.swap~frog-blocks": (
        Reading("can_swap_frog", never_swap, "frog blocks"),
        Reading("is_duplicate", frog_counts_as_the_number, "frog blocks"),
    ),
    "frog.swap-mandatory~optional": (Reading("swap_is_choice", swap_always_optional, "optional"),),
    "variant.optional-frog-swap~ignored": (Reading("swap_is_choice", swap_never_optional, "ignored"),),
    "dead.trash~not-dead": (Reading("is_trash", trash_not_dead, "not dead"),),
    "dead.duplicate~not-dead": (Reading("is_duplicate", duplicate_not_dead, "not dead"),),
    "dead.above-row-length~off-by-one": (Reading("has_no_spot", off_by_one, "off by one"),),
    "dead.above-row-length~length-too": (Reading("has_no_spot", row_length_too, "length too"),),
    "turn.discard-ends~under-the-pile": (Reading("discard", under_the_pile, "under"),),
    "complete.no-face-down~one-face-down": (Reading("is_complete", one_face_down_allowed, "one"),),
    "complete.frogs-count~frogs-do-not-count": (Reading("fits_spot", frogs_do_not_count, "frogs"),),
    "complete.ends-turn~chain-goes-on": (Reading("completion_ends_turn", chain_goes_on, "goes on"),),
    "turn.chain-order~frog-first": (Reading("chain_order", frog_before_completion, "frog first"),),
    "turn.chain-order~swap-first": (Reading("chain_order", swap_before_completion, "swap first"),),
    "round.final-turns~none": (Reading("round_is_over", no_final_turns, "none"),),
    "round.final-turns~completer-too": (Reading("round_is_over", completer_plays_too, "completer too"),),
    "round.final-turn-completion~later-ignored": (Reading("completers", only_the_first_completer, "later"),),
    "round.final-turn-completion~restarts": (
        Reading("starts_final_turns", completion_restarts, "restarts", replaces="round.final-turns"),
    ),
    "variant.reveal-at-round-end~ignored": (Reading("row_at_round_end", no_reveal, "ignored"),),
    "variant.reveal-at-round-end~shown-not-counted": (
        Reading("completers", shown_not_counted, "not counted", replaces="round.final-turn-completion"),
    ),
    "round.next-lengths~everybody-shorter": (Reading("next_lengths", everybody_shorter, "everybody"),),
    "game.end~one-winner": (Reading("winners", one_winner, "one winner"),),
    "game.end~at-once": (Reading("round_is_over", win_at_once, "at once", replaces="round.final-turns"),),
    "game.end~down-to-one": (Reading("winners", down_to_one_spot, "down to one"),),
    "game.returns~split": (Reading("returns", shared_win_split, "split"),),
}
"""Every misreading of the catalogue, by ID: the clause-table entries an engine that reads so uses."""


def hypothetical_rules(rules: Rules, readings: Sequence[Reading]) -> Rules:
    """``rules`` as an engine with ``readings`` plays them; a misread deck replaces the published one."""
    changed = attrs.evolve(rules, readings=(*rules.readings, *readings))
    for reading in readings:
        if reading.slot == "standard_deck" and rules.deck == standard_deck():
            deck = reading.function()
            assert isinstance(deck, tuple)
            changed = attrs.evolve(changed, deck=deck)
    return changed
