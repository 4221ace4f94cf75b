"""Properties every state and every step must have, checked by the tests and the exhaustive walk.

These are the engine's promises stated independently of how it keeps them: all cards accounted
for, face-up cards on fitting spots, legal actions well formed and exactly the accepted ones,
bounded forced chains, rows that shrink only for completers, winners exactly the one-spot
completers, observations that hide what is face down. A violation raises :class:`InvariantError`.
"""

from __future__ import annotations

from collections import Counter

from froeschis.framework import invariants
from froeschis.framework.errors import FormatError, RulesError, shown
from froeschis.framework.invariants import InvariantError, refused
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.cards import EMPTY_ROW, FROG, Card, Row
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.rules import check_setup
from froeschis.games.froeschis.state import Phase


def _all_face_up(row: Row) -> bool:
    return all(s.face_up for s in row.spots)


def _fits(card: Card, spot: int) -> bool:
    return card.code == spot or card == FROG


def check_state(state: GameState) -> None:
    """Cards conserved, rows and phase consistent, legal actions well formed.

    The card count and the face-up rule are checked here directly from the rule text, not through
    the clause functions the engine uses; ``check_consistent`` adds the phase-specific checks.
    """
    held = Counter(state.draw_pile) + Counter(state.discard_pile)
    if state.hand is not None:
        held[state.hand] += 1
    for player in state.players:
        held.update(s.card for s in player.row.spots)
        for number, spot in enumerate(player.row.spots, 1):
            if spot.face_up and not _fits(spot.card, number):
                raise InvariantError(f"{spot.card} lies face up on spot {number}")
    if held != Counter(state.rules.deck):
        raise InvariantError(f"cards lost or added: {held} is not the deck")
    try:
        check_consistent(state)
    except FormatError as error:
        raise InvariantError(f"inconsistent state: {error}") from None
    actions = state.legal_actions()
    deciding = not state.is_chance and not state.is_terminal
    if bool(actions) != deciding:
        raise InvariantError(f"legal actions {actions} at a {state.phase.value} node")
    if list(actions) != sorted(set(actions)):
        raise InvariantError(f"legal actions not sorted and unique: {actions}")


def candidate_actions(state: GameState) -> tuple[AnyAction, ...]:
    """Every player action that could be proposed here, legal or not (for rejection checks)."""
    longest = max((len(p.row) for p in state.players), default=0)
    frogs = tuple(frog_at(spot) for spot in range(1, longest + 2))
    return (DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP, *frogs, Shuffle(()))


def check_legality(state: GameState) -> None:
    """Each legal action applies; each other candidate is refused with IllegalActionError."""
    invariants.check_legality(state, candidate_actions(state))


def check_step(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """The step from ``before`` to ``after`` (with its events) keeps the transition invariants."""
    if not before.is_chance and before.phase is not Phase.OVER:
        hidden = len(before.row(before.turn).face_down_spots())
        placed = sum(e.kind is EventKind.PLACED for e in events)
        if placed > hidden:
            raise InvariantError(f"{placed} placements in one step with only {hidden} face-down spots")
    ended = [e for e in events if e.kind is EventKind.ROUND_ENDED]
    old = [p.length for p in before.players]
    new = [p.length for p in after.players]
    if not ended:
        if new != old:
            raise InvariantError(f"row lengths changed from {old} to {new} within a round")
        return
    if after.is_terminal:
        # The rows stay on the table at the end: the winners are read off them directly.
        one_spot = tuple(
            seat for seat, p in enumerate(after.players) if p.length == 1 and _all_face_up(p.row)
        )
        if not one_spot or after.winners != one_spot:
            raise InvariantError(f"winners {after.winners}, but one-spot completers {one_spot}")
        return
    # Only the acting seat's row changed in this step; every other seat's completion is known from
    # ``before`` (with the variant, a row whose face-down cards all fit counts too).
    lucky = before.rules.reveal_at_round_end
    for seat, player in enumerate(before.players):
        if seat == before.turn:
            allowed = {old[seat], old[seat] - 1}
        else:
            row = player.row
            done = _all_face_up(row) or (lucky and all(_fits(s.card, i) for i, s in enumerate(row.spots, 1)))
            allowed = {old[seat] - 1 if done else old[seat]}
        if new[seat] not in allowed or new[seat] < 1:
            raise InvariantError(
                f"seat {seat}: length {old[seat]} became {new[seat]}, expected {sorted(allowed)}"
            )
    if new == old:
        raise InvariantError("a round ended in which nobody completed a row")


def check_observations(state: GameState) -> None:
    """No seat's observation shows a face-down card or the draw pile's order."""
    for seat in range(state.num_players):
        seen = observe(state, seat)
        for shown_row, player in zip(seen.rows, state.players, strict=True):
            for seen_card, spot in zip(shown_row, player.row.spots, strict=True):
                if (seen_card is None) == spot.face_up or (seen_card is not None and seen_card != spot.card):
                    raise InvariantError(f"seat {seat} sees {seen_card} for {spot}")
        if seen.draw_pile_size != len(state.draw_pile):
            raise InvariantError("observation miscounts the draw pile")


_PLAYING = (Phase.DRAW, Phase.FROG, Phase.SWAP, Phase.RESHUFFLE)


def check_consistent(state: GameState) -> None:
    """Raise :class:`FormatError` unless ``state`` could arise in a game under its rules."""
    n = state.num_players
    table = state.rules.table
    try:
        check_setup(state.rules, n)
    except RulesError as error:
        raise FormatError("players", str(error)) from None
    if not 0 <= state.turn < n:
        raise refused(
            state, "turn", f"seat {shown(state.turn)} does not exist with {n} players", "check_players"
        )
    held = list(state.draw_pile) + list(state.discard_pile) + ([state.hand] if state.hand else [])
    for p in state.players:
        held += [s.card for s in p.row.spots]
    if Counter(held) != state.rules.deck_counts():
        extra = Counter(held) - state.rules.deck_counts()
        lost = state.rules.deck_counts() - Counter(held)
        raise FormatError(
            "cards",
            f"the cards do not match the deck: extra {shown(sorted(map(str, extra.elements())))}, "
            f"missing {shown(sorted(map(str, lost.elements())))}",
        )
    _check_lengths(state)
    if state.phase is Phase.DEAL and state.draw_pile != state.rules.deck:
        raise FormatError("draw_pile", "before a deal all cards lie gathered and sorted in the draw pile")
    for seat, p in enumerate(state.players):
        if state.phase is Phase.DEAL:
            if p.row != EMPTY_ROW:
                raise refused(state, f"players[{seat}].row", "rows are empty until the deal", "deal")
            continue
        if len(p.row) != p.length:
            reason = f"has {len(p.row)} spots, but the length is {shown(p.length)}"
            raise refused(state, f"players[{seat}].row", reason, "deal")
        for i, s in enumerate(p.row.spots, 1):
            if s.face_up and not table.fits_spot(s.card, i):
                raise refused(
                    state, f"players[{seat}].row[{i - 1}]", f"{s.card} lies face up on spot {i}", "spot_of"
                )
    _check_phase(state)
    _check_round(state)


def _check_lengths(state: GameState) -> None:
    """Every finished round shortened at least one row, and no row by more than one a round."""
    rounds_done = state.round - 1
    shrinks = [state.rules.row_length - p.length for p in state.players]
    for seat, shrink in enumerate(shrinks):
        if not 0 <= shrink <= rounds_done:
            raise refused(
                state,
                f"players[{seat}].length",
                f"{shown(state.players[seat].length)} cannot be reached from {state.rules.row_length} "
                f"in {shown(rounds_done)} finished rounds",
                "next_lengths",
            )
    if sum(shrinks) < rounds_done:
        reason = f"round {shown(state.round)}, but only {sum(shrinks)} rows were ever completed"
        raise refused(state, "round", reason, "next_lengths")


def _check_phase(state: GameState) -> None:
    """The phase fits the hand, the piles, the winners and whose row is complete."""
    phase, hand = state.phase, state.hand
    table = state.rules.table

    def complete(row: Row) -> bool:
        return table.is_complete(table, row)

    if phase is Phase.DEAL and (state.discard_pile or state.first_completer is not None):
        reason = "before a deal the discard pile is empty and nobody has completed"
        raise refused(state, "phase", reason, "deal")
    if (phase in (Phase.FROG, Phase.SWAP)) != (hand is not None):
        raise FormatError(
            "hand", f"a card is in hand exactly in the frog and swap phases, not in {phase.value!r}"
        )
    if phase is Phase.FROG and hand is not None and not hand.is_frog:
        raise refused(state, "hand", "the frog phase needs a frog in hand", "is_joker")
    if phase is Phase.SWAP:
        if not table.swap_is_choice():
            reason = "the swap phase exists only under the optional-frog-swap variant"
            raise refused(state, "phase", reason, "swap_is_choice")
        row = state.row(state.turn)
        if (
            hand is None
            or not hand.is_number
            or hand.number > len(row)
            or not table.can_swap_frog(row.at(table.spot_of(hand)))
        ):
            reason = "the swap phase needs a number in hand whose spot holds a face-up frog"
            raise refused(state, "hand", reason, "can_swap_frog")
    if phase is Phase.RESHUFFLE and state.draw_pile:
        raise refused(
            state, "draw_pile", "a reshuffle happens only when the draw pile is empty", "must_reshuffle"
        )
    if (phase is Phase.OVER) != bool(state.winners):
        raise refused(state, "winners", "there are winners exactly when the phase is 'over'", "winners")
    for i, w in enumerate(state.winners):
        if not 0 <= w < state.num_players or state.players[w].length != 1 or not complete(state.row(w)):
            raise refused(
                state, f"winners[{i}]", f"seat {shown(w)} has not completed a one-spot row", "winners"
            )
    if state.winners:
        one_spot = tuple(s for s, p in enumerate(state.players) if p.length == 1 and complete(p.row))
        if state.winners != one_spot:
            reason = f"must be every seat with a completed one-spot row, {list(one_spot)}"
            raise refused(state, "winners", reason, "winners")
    first = state.first_completer
    if first is not None and (not 0 <= first < state.num_players or not complete(state.row(first))):
        raise refused(state, "first_completer", f"seat {shown(first)} has no completed row", "is_complete")
    if phase in _PLAYING and complete(state.row(state.turn)):
        reason = f"seat {state.turn} is to play but its row is already complete"
        raise refused(state, "turn", reason, "completion_ends_turn")


def _check_round(state: GameState) -> None:
    """Where the round stands fits whose turn it is: the seat that starts it, the discard pile that
    every turn ends on, and the final turns that the first completed row starts."""
    phase, n = state.phase, state.num_players
    table = state.rules.table
    starting = table.starting_seat(state.round, n, None)  # a state does not keep the last round's completer
    if phase is Phase.DEAL and state.turn != starting:
        reason = f"round {shown(state.round)} is started by seat {starting}, not seat {state.turn}"
        raise refused(state, "turn", reason, "starting_seat")
    if phase is Phase.DRAW and not state.discard_pile:
        played = any(s.face_up for p in state.players for s in p.row.spots)
        if state.turn != starting or played:
            reason = (
                "empty at the start of a turn after the round's first one: every turn ends with a discard"
            )
            raise refused(state, "discard_pile", reason, "discard")
    first = state.first_completer
    if phase is Phase.OVER and first is None:
        reason = "a round, and so the game, ends only when the turn comes back to the first completer"
        raise refused(state, "first_completer", reason, "round_is_over")
    if phase not in _PLAYING:
        return
    if first is None:
        for seat, p in enumerate(state.players):
            if table.is_complete(table, p.row):
                reason = f"is null, but seat {seat} has completed its row: the final turns have begun"
                raise refused(state, "first_completer", reason, "starts_final_turns")
        return
    seat = state.turn  # the seats after it up to the first completer have not had their final turns
    for _ in range(n):
        seat = table.next_seat(seat, n)
        if seat == first:
            break
        if table.is_complete(table, state.row(seat)):
            reason = f"complete, but seat {seat} has not played since seat {first} completed first"
            raise refused(state, f"players[{seat}].row", reason, "starts_final_turns")
