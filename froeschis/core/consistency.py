"""Whether a state could arise in a game: the checks a state read from outside must pass.

Used when a state is loaded from JSON (:func:`froeschis.io.serialize.state_from_json`) and by the
invariants checked in every state of the exhaustive walks. The rules decided through the state's
clause table, so a state is judged by the reading of the rules it is played by.
"""

from __future__ import annotations

from collections import Counter

from froeschis.core.cards import EMPTY_ROW, Row
from froeschis.core.engine import GameState
from froeschis.core.errors import FormatError, RulesError
from froeschis.core.rules import check_setup
from froeschis.core.state import Phase


def check_consistent(state: GameState) -> None:
    """Raise :class:`FormatError` unless ``state`` could arise in a game under its rules."""
    n = state.num_players
    table = state.rules.table
    try:
        check_setup(state.rules, n)
    except RulesError as error:
        raise FormatError("players", str(error)) from None
    if state.turn >= n:
        raise FormatError("turn", f"seat {state.turn} does not exist with {n} players")
    held = list(state.draw_pile) + list(state.discard_pile) + ([state.hand] if state.hand else [])
    for p in state.players:
        held += [s.card for s in p.row.spots]
    if Counter(held) != state.rules.deck_counts():
        extra = Counter(held) - state.rules.deck_counts()
        lost = state.rules.deck_counts() - Counter(held)
        raise FormatError(
            "cards",
            f"the cards do not match the deck: extra {sorted(map(str, extra.elements()))}, "
            f"missing {sorted(map(str, lost.elements()))}",
        )
    _check_lengths(state)
    if state.phase is Phase.DEAL and state.draw_pile != state.rules.deck:
        raise FormatError("draw_pile", "before a deal all cards lie gathered and sorted in the draw pile")
    for seat, p in enumerate(state.players):
        if state.phase is Phase.DEAL:
            if p.row != EMPTY_ROW:
                raise FormatError(f"players[{seat}].row", "rows are empty until the deal")
            continue
        if len(p.row) != p.length:
            raise FormatError(f"players[{seat}].row", f"has {len(p.row)} spots, but the length is {p.length}")
        for i, s in enumerate(p.row.spots, 1):
            if s.face_up and not table.fits_spot(s.card, i):
                raise FormatError(f"players[{seat}].row[{i - 1}]", f"{s.card} lies face up on spot {i}")
    _check_phase(state)


def _check_lengths(state: GameState) -> None:
    """Every finished round shortened at least one row, and no row by more than one a round."""
    rounds_done = state.round - 1
    shrinks = [state.rules.row_length - p.length for p in state.players]
    for seat, shrink in enumerate(shrinks):
        if not 0 <= shrink <= rounds_done:
            raise FormatError(
                f"players[{seat}].length",
                f"{state.players[seat].length} cannot be reached from {state.rules.row_length} "
                f"in {rounds_done} finished rounds",
            )
    if sum(shrinks) < rounds_done:
        raise FormatError("round", f"round {state.round}, but only {sum(shrinks)} rows were ever completed")


def _check_phase(state: GameState) -> None:
    phase, hand = state.phase, state.hand
    table = state.rules.table

    def complete(row: Row) -> bool:
        return table.is_complete(table, row)

    if phase is Phase.DEAL and (state.discard_pile or state.first_completer is not None):
        raise FormatError("phase", "before a deal the discard pile is empty and nobody has completed")
    if (phase in (Phase.FROG, Phase.SWAP)) != (hand is not None):
        raise FormatError(
            "hand", f"a card is in hand exactly in the frog and swap phases, not in {phase.value!r}"
        )
    if phase is Phase.FROG and hand is not None and not hand.is_frog:
        raise FormatError("hand", "the frog phase needs a frog in hand")
    if phase is Phase.SWAP:
        if not table.swap_is_choice():
            raise FormatError("phase", "the swap phase exists only under the optional-frog-swap variant")
        row = state.row(state.turn)
        if (
            hand is None
            or not hand.is_number
            or hand.number > len(row)
            or not table.can_swap_frog(row.at(table.spot_of(hand)))
        ):
            raise FormatError("hand", "the swap phase needs a number in hand whose spot holds a face-up frog")
    if phase is Phase.RESHUFFLE and state.draw_pile:
        raise FormatError("draw_pile", "a reshuffle happens only when the draw pile is empty")
    if (phase is Phase.OVER) != bool(state.winners):
        raise FormatError("winners", "there are winners exactly when the phase is 'over'")
    for i, w in enumerate(state.winners):
        if w >= state.num_players or state.players[w].length != 1 or not complete(state.row(w)):
            raise FormatError(f"winners[{i}]", f"seat {w} has not completed a one-spot row")
    if state.winners:
        one_spot = tuple(s for s, p in enumerate(state.players) if p.length == 1 and complete(p.row))
        if state.winners != one_spot:
            raise FormatError(
                "winners", f"must be every seat with a completed one-spot row, {list(one_spot)}"
            )
    first = state.first_completer
    if first is not None and (first >= state.num_players or not complete(state.row(first))):
        raise FormatError("first_completer", f"seat {first} has no completed row")
    if phase in (Phase.DRAW, Phase.FROG, Phase.SWAP, Phase.RESHUFFLE) and complete(state.row(state.turn)):
        raise FormatError("turn", f"seat {state.turn} is to play but its row is already complete")
