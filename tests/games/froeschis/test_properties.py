"""Clause-specific properties: hypothesis generates the situations each clause governs.

Situations are generated as rows written like the rule book describes them (see tests/builders.py)
and completed into whole, consistent states; the expected outcome is computed here from the
clause's statement, independently of the engine.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from froeschis.games.froeschis.actions import DRAW, SWAP, TAKE_DISCARD, Shuffle, frog_at
from froeschis.games.froeschis.cards import FROG, Card, number
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.events import EventKind
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase
from froeschis.games.froeschis.table import Resolution
from tests import builders
from tests.builders import build

CARD_TEXTS = [str(n) for n in range(1, 9)] + ["F", "T"]


@st.composite
def row_texts(draw: st.DrawFn, min_length: int = 1, max_length: int = 8, min_hidden: int = 1) -> str:
    """A row: each spot face up (its number or a frog) or face down (any card)."""
    length = draw(st.integers(min_length, max_length))
    hidden = draw(st.sets(st.integers(1, length), min_size=min(min_hidden, length)))
    tokens = []
    for spot in range(1, length + 1):
        if spot in hidden:
            tokens.append(f"[{draw(st.sampled_from(CARD_TEXTS))}]")
        else:
            tokens.append(draw(st.sampled_from([str(spot), str(spot), "F"])))
    return " ".join(tokens)


def built(rows: list[str], **kwargs: object) -> GameState:
    try:
        return build(rows, **kwargs)  # type: ignore[arg-type]
    except ValueError:
        assume(False)  # more copies of a card than the deck has
        raise


def spots(state: GameState, seat: int) -> list[tuple[Card, bool]]:
    return [(s.card, s.face_up) for s in state.row(seat).spots]


# --------------------------------------------------------------------------- setup


@pytest.mark.clause("round.deal", "deck.composition", "players.count", "row.initial-length")
@given(players=st.integers(2, 4), data=st.data())
def test_any_deal_gives_rows_from_the_front_and_the_rest_as_draw_pile(
    players: int, data: st.DataObject
) -> None:
    start = new_game(players)
    order = tuple(data.draw(st.permutations(start.chance_pool())))
    assert Counter(order) == Counter(Rules().table.standard_deck())
    dealt = start.apply(Shuffle(order))
    for seat in range(players):
        assert spots(dealt, seat) == [(card, False) for card in order[8 * seat : 8 * seat + 8]]
    assert dealt.draw_pile == order[8 * players :] and dealt.discard_pile == ()


@pytest.mark.clause("round.start-seat", "round.next-lengths", "round.final-turns")
@given(players=st.integers(2, 4), round_number=st.integers(6, 11), completer=st.integers(0, 3))
def test_a_round_ends_after_every_other_seat_played_once_and_the_next_starts_one_seat_on(
    players: int, round_number: int, completer: int
) -> None:
    assume(completer < players)
    rows = ["[1] [2] [3]"] * players
    rows[completer] = "1 2 [3]"
    state = built(rows, turn=completer, draw="3" + " T" * (players - 1), round=round_number)
    turns = 0
    state = state.apply(DRAW)
    assert state.first_completer == completer
    while state.phase is Phase.DRAW:
        assert state.turn == (completer + 1 + turns) % players != completer
        state = state.apply(DRAW)
        turns += 1
    assert turns == players - 1
    assert state.phase is Phase.DEAL and state.round == round_number + 1
    assert state.turn == round_number % players
    assert [p.length for p in state.players] == [2 if s == completer else 3 for s in range(players)]


# --------------------------------------------------------------------------- taking a card


@pytest.mark.clause("turn.draw-source", "variant.discard-if-placeable")
@given(row=row_texts(), top=st.sampled_from(CARD_TEXTS), variant=st.booleans())
def test_the_discard_may_be_taken_exactly_when_the_rules_allow(row: str, top: str, variant: bool) -> None:
    state = built([row, "[1] [2]"], discard=top, rules=Rules(discard_only_if_placeable=variant))
    card = state.discard_pile[0]
    if card.is_frog:
        fits = True
    elif card.is_number and card.number <= len(state.row(0)):
        spot_card, up = spots(state, 0)[card.number - 1]
        fits = not up or spot_card.is_frog
    else:
        fits = False
    assert (TAKE_DISCARD in state.legal_actions()) == (fits or not variant)
    assert DRAW in state.legal_actions()


@pytest.mark.clause("draw.reshuffle")
@given(data=st.data(), players=st.integers(2, 4))
def test_a_reshuffle_keeps_the_discard_top_and_draws_from_the_new_pile(
    data: st.DataObject, players: int
) -> None:
    state = built(
        ["[1] [2] [3]"] * players, discard=data.draw(st.sampled_from(CARD_TEXTS)), rest_below="discard"
    )
    top = state.discard_pile[0]
    waiting = state.apply(DRAW)
    assert waiting.phase is Phase.RESHUFFLE
    order = tuple(data.draw(st.permutations(waiting.chance_pool())))
    after, events = waiting.step(Shuffle(order))
    assert events[0].kind is EventKind.RESHUFFLED and events[1].card == order[0]
    assert after.discard_pile[-1] == top
    assert after.draw_pile == order[1:], "the drawn card came off the top of the new pile"
    assert len(after.discard_pile) in (1, 2)  # the old top, and the card that ended the turn if any


# --------------------------------------------------------------------------- the forced chain


@pytest.mark.clause("place.number-spot", "place.face-down-only", "place.reveal-chain", "frog.swap")
@given(row=row_texts(), top=st.sampled_from(CARD_TEXTS))
def test_every_placement_lands_on_its_own_face_down_spot_and_reveals_what_lay_there(
    row: str, top: str
) -> None:
    state = built([row, "[1] [2]"], draw=top)
    after, events = state.step(DRAW)
    before_spots = spots(state, 0)
    for event in events:
        if event.kind is EventKind.PLACED:
            assert event.card is not None and event.spot == event.card.number
            assert not before_spots[event.spot - 1][1], "only face-down cards are replaced"
        if event.kind is EventKind.REVEALED:
            assert event.spot is not None and before_spots[event.spot - 1][0] == event.card
        if event.kind is EventKind.FROG_SWAPPED:
            assert event.spot is not None and before_spots[event.spot - 1] == (FROG, True)
            assert spots(after, 0)[event.spot - 1] == (event.card, True)
    for (_, old_up), (_, new_up) in zip(before_spots, spots(after, 0), strict=True):
        assert not old_up or new_up, "a face-up card never turns face down"


@pytest.mark.clause(
    "dead.trash", "dead.duplicate", "dead.above-row-length", "turn.discard-ends", "turn.order"
)
@given(row=row_texts(), card=st.sampled_from(CARD_TEXTS), players=st.integers(2, 4))
def test_a_dead_card_leaves_the_row_alone_goes_on_the_pile_and_passes_the_turn(
    row: str, card: str, players: int
) -> None:
    state = built([row] + ["[1] [2]"] * (players - 1), draw=card)
    drawn = state.draw_pile[0]
    length = len(state.row(0))
    dead = (
        drawn.is_trash
        or (drawn.is_number and drawn.number > length)
        or (drawn.is_number and spots(state, 0)[drawn.number - 1] == (drawn, True))
    )
    assume(dead)
    after, events = state.step(DRAW)
    assert spots(after, 0) == spots(state, 0)
    assert after.discard_pile[0] == drawn and after.turn == 1 % players
    assert events[1].kind is EventKind.DISCARDED and events[1].clauses[-1] == "turn.discard-ends"


@pytest.mark.clause("frog.place", "frog.swap", "frog.swap-mandatory")
@given(row=row_texts(min_length=2, min_hidden=1), data=st.data())
def test_a_frog_swap_leaves_the_number_on_its_spot_and_the_frog_on_a_formerly_face_down_spot(
    row: str, data: st.DataObject
) -> None:
    frog_spots = [i for i, token in enumerate(row.split(), 1) if token == "F"]
    assume(frog_spots)
    n = data.draw(st.sampled_from(frog_spots))
    waiting = built([row, "[1] [2]"], draw=str(n)).apply(DRAW)
    assert spots(waiting, 0)[n - 1] == (number(n), True)
    assert waiting.phase is Phase.FROG and waiting.hand == FROG
    hidden_before = waiting.row(0).face_down_spots()
    assert waiting.legal_actions() == tuple(frog_at(s) for s in hidden_before)
    target = data.draw(st.sampled_from(hidden_before))
    frogs_before = {i for i, (card, up) in enumerate(spots(waiting, 0), 1) if up and card.is_frog}
    after, events = waiting.step(frog_at(target))
    assert spots(after, 0)[n - 1] == (number(n), True)
    frogs_after = {i for i, (card, up) in enumerate(spots(after, 0), 1) if up and card.is_frog}
    assert frogs_after <= frogs_before | set(hidden_before), "frogs only go on face-down spots"
    if after.phase is Phase.FROG:  # the frog wandered on (a number took its spot) or one was revealed
        swapped = any(e.kind is EventKind.FROG_SWAPPED for e in events)
        assert swapped or (events[-1].kind is EventKind.REVEALED and events[-1].card == FROG)
    elif not any(e.kind is EventKind.FROG_SWAPPED for e in events):
        assert spots(after, 0)[target - 1] == (FROG, True)


@pytest.mark.clause("variant.optional-frog-swap")
@given(row=row_texts(min_length=2))
def test_under_the_variant_every_possible_swap_is_offered(row: str) -> None:
    frogs = [i for i, token in enumerate(row.split(), 1) if token == "F"]
    assume(frogs)
    state = built([row, "[1] [2]"], draw=str(frogs[0]), rules=Rules(optional_frog_swap=True))
    waiting = state.apply(DRAW)
    assert waiting.phase is Phase.SWAP and waiting.hand == number(frogs[0])
    assert spots(waiting.apply(SWAP), 0)[frogs[0] - 1] == (number(frogs[0]), True)


@pytest.mark.clause("complete.no-face-down", "complete.frogs-count", "complete.ends-turn")
@given(row=row_texts(min_hidden=1), last=st.sampled_from(CARD_TEXTS))
def test_the_row_completes_exactly_when_its_last_face_down_card_is_replaced(row: str, last: str) -> None:
    tokens = row.split()
    hidden = [i for i, t in enumerate(tokens, 1) if t.startswith("[")]
    assume(len(hidden) == 1)
    spot = hidden[0]
    tokens[spot - 1] = f"[{last}]"
    state = built([" ".join(tokens), "[1] [2]"], draw=str(spot))
    after, events = state.step(DRAW)
    assert all(s.face_up for s in after.row(0).spots) and after.first_completer == 0
    kinds = [e.kind for e in events]
    assert EventKind.COMPLETED in kinds
    discarded = events[kinds.index(EventKind.DISCARDED)]
    assert discarded.clauses[0] == "complete.ends-turn" and discarded.card == state.row(0).at(spot).card
    with_frog = any(s.card.is_frog for s in after.row(0).spots)
    completed = events[kinds.index(EventKind.COMPLETED)]
    assert ("complete.frogs-count" in completed.clauses) == with_frog


# --------------------------------------------------------------------------- end of a round and game


@pytest.mark.clause("round.final-turn-completion", "game.end", "game.returns")
@given(players=st.integers(2, 4), data=st.data())
def test_everyone_who_completes_a_one_spot_row_in_the_round_wins(players: int, data: st.DataObject) -> None:
    winners = data.draw(st.sets(st.integers(1, players - 1))) | {0}
    draws = " ".join("1" if seat in winners else "T" for seat in range(players))
    state = built(["[T]"] * players, draw=draws)
    for _ in range(players):
        state = state.apply(DRAW)
    assert state.is_terminal
    assert state.winners == tuple(sorted(winners))
    assert state.returns() == tuple(1.0 if seat in winners else 0.0 for seat in range(players))


@pytest.mark.clause("variant.reveal-at-round-end")
@given(lucky_row=row_texts(min_length=2, max_length=5), variant=st.booleans())
def test_under_the_variant_a_row_whose_hidden_cards_fit_counts_as_complete(
    lucky_row: str, variant: bool
) -> None:
    row = [t for t in lucky_row.split()]
    fits = all(not t.startswith("[") or t[1:-1] in ("F", str(spot)) for spot, t in enumerate(row, 1))
    state = built(
        ["1 2 3 4 5 6 7 8", lucky_row],
        turn=1,
        draw="T",
        first_completer=0,
        rules=Rules(reveal_at_round_end=variant),
    )
    ended = state.apply(DRAW)
    assert ended.players[1].length == len(row) - (1 if (variant and fits) else 0)


@pytest.mark.clause("turn.chain-order")
@given(row_text=row_texts(min_hidden=0), hand=st.sampled_from(CARD_TEXTS))
def test_the_chain_order_picks_the_first_case_of_its_statement(row_text: str, hand: str) -> None:
    """The six cases of turn.chain-order, checked in the statement's order."""
    row, card = builders.row(row_text), builders.cards(hand)[0]
    if all(s.face_up for s in row.spots):
        expected = Resolution.COMPLETE
    elif card.is_frog:
        expected = Resolution.FROG
    elif card.is_trash:
        expected = Resolution.TRASH
    elif card.number > len(row.spots):
        expected = Resolution.NO_SPOT
    elif not row.spots[card.number - 1].face_up:
        expected = Resolution.PLACE
    elif row.spots[card.number - 1].card.is_frog:
        expected = Resolution.SWAP
    else:
        expected = Resolution.DUPLICATE
    table = Rules().table
    assert table.chain_order(table, row, card) is expected
