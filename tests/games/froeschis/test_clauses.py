"""One or more hand-built situations per rule clause.

Each expectation is worked out from the clause's statement (quoted in the docstring where it
helps), not read off the engine: the situations are small enough to follow by hand.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from froeschis.framework.errors import IllegalActionError, RulesError
from froeschis.games.froeschis.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, Shuffle, frog_at
from froeschis.games.froeschis.cards import FROG, TRASH, number
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase
from froeschis.games.froeschis.table import Resolution
from tests.builders import build, cards, face_up, row

EIGHT = "[1] [2] [3] [4] [5] [6] [7] [8]"


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind.value for e in events]


# --------------------------------------------------------------------------- setup


@pytest.mark.clause("deck.composition")
def test_the_deck_is_sixty_cards() -> None:
    """'cards numbered 1-8 with six of each, along with four frogs and eight trash'."""
    deck = Counter(Rules().table.standard_deck())
    assert sum(deck.values()) == 60
    assert {n: deck[number(n)] for n in range(1, 9)} == dict.fromkeys(range(1, 9), 6)
    assert deck[FROG] == 4
    assert deck[TRASH] == 8


@pytest.mark.clause("players.count")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_can_play(players: int) -> None:
    state = new_game(players)
    assert state.num_players == players
    assert state.is_chance


@pytest.mark.clause("players.count")
@pytest.mark.parametrize("players", [0, 1, 5])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError, match=r"players\.count"):
        new_game(players)


@pytest.mark.clause("row.initial-length", "round.deal")
def test_the_first_deal() -> None:
    """Seat 0 gets the first 8 cards, seat 1 the next 8; the rest is the draw pile, top first."""
    rows = cards("1 2 3 4 5 6 7 8  T T T T T T T T")
    order = rows + tuple(sorted((Counter(Rules().table.standard_deck()) - Counter(rows)).elements()))
    state = new_game(2).apply(Shuffle(order))
    assert face_up(state, 0) == EIGHT
    assert face_up(state, 1) == " ".join(["[T]"] * 8)
    assert state.draw_pile == order[16:]
    assert state.discard_pile == ()
    assert state.phase is Phase.DRAW


@pytest.mark.clause("round.deal")
def test_a_deal_must_be_an_order_of_the_whole_deck() -> None:
    state = new_game(2)
    short = Shuffle(tuple(sorted(Rules().table.standard_deck()))[1:])
    with pytest.raises(IllegalActionError, match=r"round\.deal") as info:
        state.apply(short)
    assert info.value.clause == "round.deal"
    wrong = Shuffle((FROG,) * 60)
    with pytest.raises(IllegalActionError, match=r"round\.deal"):
        state.apply(wrong)


@pytest.mark.clause("round.deal")
def test_a_deck_must_hold_two_cards_beyond_the_rows() -> None:
    """Two rows of four take eight cards: a deck of ten (two to spare) is the least that plays, and
    its deal leaves one card to draw and one more (the statement of round.deal)."""
    least = Rules(row_length=4, deck=cards("1 1 2 2 3 3 4 4 F T"))
    state = new_game(2, least).apply(Shuffle(least.deck))
    assert len(state.draw_pile) == 2
    with pytest.raises(RulesError, match="too small") as refused:
        new_game(2, Rules(row_length=4, deck=cards("1 1 2 2 3 3 4 4 F")))
    assert refused.value.clause == "round.deal"


@pytest.mark.clause("round.deal", "round.next-lengths")
def test_later_rounds_deal_each_seat_its_own_length() -> None:
    """Seat 0 completed round 1: in round 2 it gets 7 cards, seat 1 still 8."""
    state = _end_round_with(completer_row="1 2 3 4 5 6 7 8", other_row=EIGHT)
    assert state.phase is Phase.DEAL
    assert [p.length for p in state.players] == [7, 8]
    dealt = state.apply(Shuffle(tuple(state.chance_pool())))
    assert [len(p.row) for p in dealt.players] == [7, 8]
    assert len(dealt.draw_pile) == 60 - 15


@pytest.mark.clause("round.start-seat")
def test_the_start_seat_moves_on_each_round() -> None:
    assert new_game(3).turn == 0
    assert [Rules().table.starting_seat(r, 3, None) for r in (1, 2, 3, 4)] == [0, 1, 2, 0]
    state = _end_round_with(completer_row="1 2 3 4 5 6 7 8", other_row=EIGHT)
    assert state.round == 2
    assert state.turn == 1


@pytest.mark.clause("turn.order")
def test_turns_pass_to_the_next_seat_and_wrap() -> None:
    for seat, following in [(0, 1), (1, 2), (2, 0)]:
        state = build([EIGHT, EIGHT, EIGHT], turn=seat, draw="T")
        after = state.apply(DRAW)
        assert after.turn == following
        assert after.phase is Phase.DRAW


# --------------------------------------------------------------------------- taking a card


@pytest.mark.clause("turn.draw-source")
def test_the_empty_discard_pile_cannot_be_taken() -> None:
    state = build([EIGHT, EIGHT])
    assert state.discard_pile == ()
    assert state.legal_actions() == (DRAW,)
    with pytest.raises(IllegalActionError) as info:
        state.apply(TAKE_DISCARD)
    assert info.value.clause == "turn.draw-source"


@pytest.mark.clause("turn.draw-source")
def test_taking_the_discard_takes_its_top_card() -> None:
    state = build([EIGHT, EIGHT], discard="3 5")
    assert state.legal_actions() == (DRAW, TAKE_DISCARD)
    after, events = state.step(TAKE_DISCARD)
    assert events[0].kind is EventKind.TOOK_DISCARD and events[0].card == number(3)
    assert face_up(after, 0) == "[1] [2] 3 [4] [5] [6] [7] [8]"
    # the revealed 3 (the card that lay on spot 3) is a duplicate now and goes on the pile
    assert after.discard_pile[:2] == cards("3 5")


@pytest.mark.clause("turn.draw-source")
def test_drawing_takes_the_top_of_the_draw_pile() -> None:
    state = build([EIGHT, EIGHT], draw="2", discard="T")
    after = state.apply(DRAW)
    assert face_up(after, 0) == "[1] 2 [3] [4] [5] [6] [7] [8]"


@pytest.mark.clause("variant.discard-if-placeable")
def test_variant_takes_the_discard_only_when_it_fits() -> None:
    variant = Rules(discard_only_if_placeable=True)
    assert build([EIGHT, EIGHT], discard="T").legal_actions() == (DRAW, TAKE_DISCARD)
    unfit = build([EIGHT, EIGHT], discard="T", rules=variant)
    assert unfit.legal_actions() == (DRAW,)
    with pytest.raises(IllegalActionError) as info:
        unfit.apply(TAKE_DISCARD)
    assert info.value.clause == "variant.discard-if-placeable"
    row = "1 [2] [3] [4] [5] [6] [7] [8]"
    assert build([row, EIGHT], discard="1", rules=variant).legal_actions() == (DRAW,)
    for fits in ("2", "F"):
        assert build([row, EIGHT], discard=fits, rules=variant).legal_actions() == (DRAW, TAKE_DISCARD)
    frog_row = "1 F [3] [4] [5] [6] [7] [8]"
    assert build([frog_row, EIGHT], discard="2", rules=variant).legal_actions() == (DRAW, TAKE_DISCARD)


@pytest.mark.clause("draw.reshuffle")
def test_an_empty_draw_pile_is_refilled_from_the_discard_below_its_top() -> None:
    state = build([EIGHT, EIGHT], discard="5", rest_below="discard")
    assert state.draw_pile == ()
    waiting = state.apply(DRAW)
    assert waiting.phase is Phase.RESHUFFLE and waiting.is_chance
    pool = waiting.chance_pool()
    assert Counter(pool) == Counter(state.discard_pile[1:])
    rest = list(pool)
    rest.remove(number(2))
    order = (number(2), *rest)
    after, events = waiting.step(Shuffle(order))
    assert kinds(events)[:2] == ["reshuffled", "drew"]
    assert events[1].card == number(2)
    assert after.discard_pile[-1] == number(5)  # the old top card is now at the bottom of the pile
    assert face_up(after, 0).startswith("[1] 2 ")


# --------------------------------------------------------------------------- placing


@pytest.mark.clause("place.number-spot", "place.reveal-chain")
def test_a_number_goes_on_its_spot_and_the_chain_follows() -> None:
    """Draw a 4: it goes on spot 4 and reveals a 3, which goes on spot 3 and reveals trash."""
    state = build(["[1] [2] [T] [3] [5] [6] [7] [8]", EIGHT], draw="4")
    after, events = state.step(DRAW)
    assert face_up(after, 0) == "[1] [2] 3 4 [5] [6] [7] [8]"
    assert kinds(events) == ["drew", "placed", "revealed", "placed", "revealed", "discarded", "turn-started"]
    assert [e.spot for e in events if e.kind is EventKind.PLACED] == [4, 3]
    assert after.discard_pile[0] == TRASH
    assert after.turn == 1


@pytest.mark.clause("place.face-down-only", "dead.duplicate")
def test_a_face_up_number_is_never_replaced() -> None:
    state = build(["[1] [2] 3 [4] [5] [6] [7] [8]", EIGHT], draw="3")
    after = state.apply(DRAW)
    assert face_up(after, 0) == "[1] [2] 3 [4] [5] [6] [7] [8]"
    assert after.discard_pile[0] == number(3)


@pytest.mark.clause("frog.place")
def test_a_frog_goes_on_a_face_down_spot_of_the_players_choice() -> None:
    state = build(["1 [2] [3] 4 [5] [6] [7] [8]", EIGHT], draw="F")
    waiting = state.apply(DRAW)
    assert waiting.phase is Phase.FROG and waiting.hand == FROG
    assert waiting.legal_actions() == tuple(frog_at(s) for s in (2, 3, 5, 6, 7, 8))
    for not_face_down in (1, 4, 9):  # face up, face up, no such spot
        with pytest.raises(IllegalActionError) as info:
            waiting.apply(frog_at(not_face_down))
        assert info.value.clause == "frog.place"
    with pytest.raises(IllegalActionError):
        waiting.apply(DRAW)
    after = waiting.apply(frog_at(7))
    # The frog covers spot 7 and reveals the 7 that lay there; the 7's own spot now shows the frog,
    # so the 7 replaces it (frog.swap) and the frog is in hand again, to be placed anew.
    assert face_up(after, 0) == "1 [2] [3] 4 [5] [6] 7 [8]"
    assert after.phase is Phase.FROG


@pytest.mark.clause("frog.place", "place.reveal-chain")
def test_a_frog_reveals_the_card_it_covers() -> None:
    state = build(["[T] [2] [3] [4] [5] [6] [7] [8]", EIGHT], draw="F")
    after, events = state.apply(DRAW).step(frog_at(1))
    assert face_up(after, 0) == "F [2] [3] [4] [5] [6] [7] [8]"
    assert kinds(events) == ["frog-placed", "revealed", "discarded", "turn-started"]
    assert after.discard_pile[0] == TRASH


@pytest.mark.clause("frog.swap", "frog.swap-mandatory")
def test_the_rulebook_frog_example() -> None:
    """'place a frog in the 4 spot, reveal a 6, then place the 6 and reveal a 4, you can place
    the 4, then move the frog to a different face-down spot.'"""
    state = build(["[1] [2] [3] [6] [5] [4] [7] [8]", EIGHT], draw="F")
    after, events = state.apply(DRAW).step(frog_at(4))
    assert face_up(after, 0) == "[1] [2] [3] 4 [5] 6 [7] [8]"
    assert after.phase is Phase.FROG and after.hand == FROG
    assert after.legal_actions() == tuple(frog_at(s) for s in (1, 2, 3, 5, 7, 8))
    assert kinds(events) == ["frog-placed", "revealed", "placed", "revealed", "frog-swapped"]


@pytest.mark.clause("frog.swap-mandatory")
def test_by_default_the_swap_is_not_a_choice() -> None:
    state = build(["[1] F [3] [4] [5] [6] [7] [8]", EIGHT], draw="2")
    after = state.apply(DRAW)
    assert after.phase is Phase.FROG
    assert DECLINE_SWAP not in after.legal_actions()


@pytest.mark.clause("variant.optional-frog-swap")
def test_variant_lets_the_player_keep_the_frog() -> None:
    rules = Rules(optional_frog_swap=True)
    state = build(["[1] F [3] [4] [5] [6] [7] [8]", EIGHT], draw="2", rules=rules)
    waiting = state.apply(DRAW)
    assert waiting.phase is Phase.SWAP and waiting.legal_actions() == (SWAP, DECLINE_SWAP)
    kept = waiting.apply(DECLINE_SWAP)
    assert face_up(kept, 0) == "[1] F [3] [4] [5] [6] [7] [8]"
    assert kept.discard_pile[0] == number(2) and kept.turn == 1
    swapped = waiting.apply(SWAP)
    assert face_up(swapped, 0) == "[1] 2 [3] [4] [5] [6] [7] [8]"
    assert swapped.phase is Phase.FROG


# --------------------------------------------------------------------------- dead cards


@pytest.mark.clause("dead.trash", "turn.discard-ends")
def test_trash_is_discarded_and_ends_the_turn() -> None:
    state = build([EIGHT, EIGHT], draw="T", discard="4")
    after, events = state.step(DRAW)
    assert face_up(after, 0) == EIGHT
    assert after.discard_pile[:2] == cards("T 4")
    assert after.turn == 1 and after.phase is Phase.DRAW
    assert events[1].clauses == ("dead.trash", "turn.discard-ends")


@pytest.mark.clause("dead.duplicate")
def test_a_number_shown_already_is_discarded() -> None:
    state = build(["[1] [2] [3] [4] 5 [6] [7] [8]", EIGHT], draw="5")
    after, events = state.step(DRAW)
    assert events[1].clauses[0] == "dead.duplicate"
    assert face_up(after, 0) == "[1] [2] [3] [4] 5 [6] [7] [8]"


@pytest.mark.clause("dead.above-row-length")
@pytest.mark.parametrize("length", [7, 6, 3, 1])
def test_numbers_above_the_row_length_count_as_trash(length: int) -> None:
    """'all 8s count as trash for you' in a row of 7; the same for every shorter row."""
    row = " ".join(f"[{n}]" for n in range(1, length + 1))
    for dead in range(length + 1, 9):
        after, events = build([row, EIGHT], draw=str(dead)).step(DRAW)
        assert events[1].clauses[0] == "dead.above-row-length"
        assert face_up(after, 0) == row
    alive = build([row, EIGHT], draw=str(length)).apply(DRAW)
    assert face_up(alive, 0).split()[length - 1] == str(length)


@pytest.mark.clause("turn.discard-ends")
def test_discarding_puts_the_card_on_top_and_passes_the_turn() -> None:
    state = build([EIGHT, EIGHT, EIGHT], turn=2, draw="T", discard="1 2")
    after = state.apply(DRAW)
    assert after.discard_pile[:3] == cards("T 1 2")
    assert after.turn == 0 and after.hand is None


# --------------------------------------------------------------------------- completing


@pytest.mark.clause("complete.no-face-down", "complete.ends-turn")
def test_filling_the_last_face_down_spot_completes_the_row() -> None:
    """The last 8 reveals a 3 (nowhere to go: the row is complete): it is discarded."""
    state = build(["1 2 3 4 5 6 7 [3]", EIGHT], draw="8")
    after, events = state.step(DRAW)
    assert face_up(after, 0) == "1 2 3 4 5 6 7 8"
    assert after.first_completer == 0
    assert kinds(events) == [
        "drew",
        "placed",
        "revealed",
        "discarded",
        "completed",
        "final-turns",
        "turn-started",
    ]
    assert events[3].clauses[0] == "complete.ends-turn" and events[3].card == number(3)


@pytest.mark.clause("complete.ends-turn")
def test_a_frog_revealed_by_the_last_placement_is_discarded_too() -> None:
    state = build(["1 2 3 4 5 6 7 [F]", EIGHT], draw="8")
    after = state.apply(DRAW)
    assert after.discard_pile[0] == FROG and after.phase is Phase.DRAW and after.turn == 1


@pytest.mark.clause("turn.chain-order", "complete.ends-turn")
def test_completion_comes_before_a_frog_swap() -> None:
    """'(1) the row has no face-down card: the card is discarded' comes before '(5) ... it replaces
    the frog': the 8 reveals the row's last face-down card, a 2, and spot 2 holds a frog."""
    state = build(["1 F 3 4 5 6 7 [2]", EIGHT], draw="8")
    after, events = state.step(DRAW)
    assert face_up(after, 0) == "1 F 3 4 5 6 7 8"
    assert after.discard_pile[0] == number(2) and after.first_completer == 0
    discarded = [e for e in events if e.kind is EventKind.DISCARDED]
    assert discarded[0].clauses == ("complete.ends-turn", "turn.chain-order", "turn.discard-ends")


@pytest.mark.clause("turn.chain-order")
@pytest.mark.parametrize(
    ("row_text", "hand", "decided"),
    [
        ("1 2 3 4 5 6 7 8", "F", Resolution.COMPLETE),  # (1) before (2): even a frog is discarded
        ("1 F 3 4 5 6 7 8", "2", Resolution.COMPLETE),  # (1) before (5)
        ("[1] 2 [3]", "F", Resolution.FROG),
        ("[1] 2 [3]", "T", Resolution.TRASH),
        ("[1] 2 [3]", "5", Resolution.NO_SPOT),
        ("[1] 2 [3]", "3", Resolution.PLACE),
        ("[1] F [3]", "2", Resolution.SWAP),
        ("[1] 2 [3]", "2", Resolution.DUPLICATE),
    ],
    ids=[
        "complete-then-frog",
        "complete-then-swap",
        "frog",
        "trash",
        "no-spot",
        "place",
        "swap",
        "duplicate",
    ],
)
def test_the_first_case_of_the_chain_order_that_applies_decides(
    row_text: str, hand: str, decided: Resolution
) -> None:
    table = Rules().table
    assert table.chain_order(table, row(row_text), cards(hand)[0]) is decided


@pytest.mark.clause("complete.frogs-count")
def test_frogs_count_in_a_complete_row() -> None:
    """Two frogs stay in the row: it is complete, and next round it is one spot shorter."""
    state = build(["1 F 3 F 5 6 7 [2]", EIGHT], draw="8 T")
    after, events = state.step(DRAW)
    completed = [e for e in events if e.kind is EventKind.COMPLETED]
    assert completed and "complete.frogs-count" in completed[0].clauses
    assert after.first_completer == 0
    next_round = after.apply(DRAW)
    assert [p.length for p in next_round.players] == [7, 8]


@pytest.mark.clause("complete.no-face-down")
def test_a_row_with_a_face_down_card_is_not_complete() -> None:
    state = build(["1 2 3 4 5 6 7 [8]", EIGHT], draw="T")
    table = state.rules.table
    assert not table.is_complete(table, state.row(0))
    after = state.apply(DRAW)
    assert after.first_completer is None and after.turn == 1


# --------------------------------------------------------------------------- end of a round


def _end_round_with(completer_row: str, other_row: str) -> GameState:
    """Seat 0 has completed; seat 1 takes its final turn and draws trash: the round is over."""
    state = build([completer_row, other_row], turn=1, draw="T", first_completer=0)
    return state.apply(DRAW)


@pytest.mark.clause("round.final-turns")
def test_every_other_player_takes_exactly_one_final_turn() -> None:
    """Seat 1 of 3 completes: seat 2 and then seat 0 play once more, then the round ends."""
    state = build([EIGHT, "1 2 3 4 5 6 7 [3]", EIGHT], turn=1, draw="8 T T")
    after_completion, events = state.step(DRAW)
    assert after_completion.first_completer == 1 and after_completion.turn == 2
    assert "final-turns" in kinds(events)
    after_seat_2 = after_completion.apply(DRAW)
    assert after_seat_2.turn == 0 and after_seat_2.phase is Phase.DRAW
    after_seat_0, events = after_seat_2.step(DRAW)
    assert after_seat_0.phase is Phase.DEAL and after_seat_0.round == 2
    assert kinds(events)[-1] == "round-ended"
    assert [p.length for p in after_seat_0.players] == [8, 7, 8]


@pytest.mark.clause("round.final-turn-completion")
def test_completing_in_a_final_turn_counts_and_starts_no_new_final_turns() -> None:
    state = build(["1 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 [3]", EIGHT], turn=1, first_completer=0, draw="8")
    after, events = state.step(DRAW)
    completed = [e for e in events if e.kind is EventKind.COMPLETED]
    assert completed[0].clauses[-1] == "round.final-turn-completion"
    assert "final-turns" not in kinds(events)
    assert after.turn == 2 and after.first_completer == 0
    ended = after.apply(DRAW)
    assert [p.length for p in ended.players] == [7, 7, 8]


@pytest.mark.clause("variant.reveal-at-round-end")
def test_variant_counts_rows_that_turn_out_sorted() -> None:
    """Seat 1's last face-down cards are a 7 on spot 7 and a frog on spot 8: lucky."""
    lucky = "1 2 3 4 5 6 [7] [F]"
    default = _end_round_with("1 2 3 4 5 6 7 8", lucky)
    assert [p.length for p in default.players] == [7, 8]
    rules = Rules(reveal_at_round_end=True)
    state = build(["1 2 3 4 5 6 7 8", lucky], turn=1, draw="T", first_completer=0, rules=rules)
    after, events = state.step(DRAW)
    assert [p.length for p in after.players] == [7, 7]
    assert events[-1].seats == (0, 1)
    unlucky = build(
        ["1 2 3 4 5 6 7 8", "1 2 3 4 5 6 [8] [7]"], turn=1, draw="T", first_completer=0, rules=rules
    )
    assert [p.length for p in unlucky.apply(DRAW).players] == [7, 8]


@pytest.mark.clause("variant.reveal-at-round-end")
def test_at_the_end_only_the_rows_that_count_by_luck_are_shown_face_up() -> None:
    """One-spot rows end the game with the round. Seat 0 completed; seat 1's face-down card is a 1 on
    spot 1 (lucky: shown face up, counts, shares the win); seat 2's is a 2 (unlucky: stays face down,
    as the statement of the variant and spec/protocol.md say)."""
    rules = Rules(reveal_at_round_end=True)
    state = build(["1", "[1]", "[2]"], turn=2, draw="T", first_completer=0, rules=rules, round=8)
    over = state.apply(DRAW)
    assert over.is_terminal and over.winners == (0, 1)
    assert [face_up(over, seat) for seat in range(3)] == ["1", "1", "[2]"]
    published = attrs.evolve(state, rules=Rules()).apply(DRAW)
    assert [face_up(published, seat) for seat in range(3)] == ["1", "[1]", "[2]"]


@pytest.mark.clause("round.next-lengths")
def test_only_completers_get_a_shorter_row() -> None:
    assert Rules().table.next_lengths([8, 7, 5], [1]) == (8, 6, 5)
    state = _end_round_with("1 2 3 4 5 6 7 8", "[1] [2] [3]")
    assert [p.length for p in state.players] == [7, 3]


@pytest.mark.clause("game.end")
def test_the_game_ends_after_the_round_in_which_a_one_spot_row_is_completed() -> None:
    state = build(["[1]", "[2] [1] [3]"], draw="1 T")
    after_win = state.apply(DRAW)
    assert after_win.phase is Phase.DRAW and after_win.turn == 1, "the other player still has a final turn"
    over, events = after_win.step(DRAW)
    assert over.is_terminal and over.winners == (0,)
    assert events[-1].kind is EventKind.GAME_WON
    with pytest.raises(IllegalActionError) as info:
        over.apply(DRAW)
    assert info.value.clause == "game.end"


@pytest.mark.clause("game.end", "round.final-turn-completion")
def test_several_players_win_when_they_complete_one_spot_rows_in_the_same_round() -> None:
    state = build(["[T]", "[1]", "[F]"], turn=1, draw="1 1", discard="", rest_below="draw")
    # Seat 1 draws a 1 and completes. In its final turn seat 2 draws a 1 too: it covers the
    # face-down frog, the row is complete and the revealed frog is discarded. Seat 0 plays last.
    over = state.apply(DRAW).apply(DRAW)
    assert over.turn == 0 and not over.is_terminal
    final = over.apply(DRAW)
    assert final.is_terminal and final.winners == (1, 2)


@pytest.mark.clause("game.returns")
def test_returns_are_one_for_each_winner() -> None:
    assert Rules().table.returns(3, (1, 2)) == (0.0, 1.0, 1.0)
    state = build(["[1]", "[T]"], draw="1 T")
    over = state.apply(DRAW).apply(DRAW)
    assert over.returns() == (1.0, 0.0)
    assert new_game(2).returns() == (0.0, 0.0)
