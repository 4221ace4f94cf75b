"""Hand-built game situations for clause tests, written the way the rules describe a row.

A row is written spot by spot: ``"1 [5] F [T]"`` is a face-up 1 on spot 1, a face-down 5 on spot 2,
a face-up frog on spot 3 and a face-down trash card on spot 4. Cards not placed anywhere are put
below the given draw pile (or discard pile), so every built state holds exactly the deck.

The builder checks what it builds without the engine's clause functions (a mutated clause must
make a test's assertion fail, not the set-up): every card of the deck once, and face-up cards only
on their own spot or as frogs.
"""

from __future__ import annotations

from collections import Counter

from froeschis.games.froeschis.cards import Card, Row, parse_card, parse_spot
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase, Player


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


def row(text: str) -> Row:
    return Row(tuple(parse_spot(token) for token in text.split()))


def build(
    rows: list[str],
    *,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    draw: str = "",
    discard: str = "",
    hand: str | None = None,
    rules: Rules | None = None,
    round: int | None = None,
    first_completer: int | None = None,
    rest_below: str = "draw",
) -> GameState:
    """A state with these rows (each seat's length is its row's length) and piles (top first).

    ``round`` defaults to the first round in which rows of these lengths can occur.
    """
    rules = Rules() if rules is None else rules
    built_rows = [row(text) for text in rows]
    draw_pile, discard_pile = cards(draw), cards(discard)
    in_hand = parse_card(hand) if hand is not None else None
    used = Counter(draw_pile + discard_pile + ((in_hand,) if in_hand else ()))
    for r in built_rows:
        used.update(s.card for s in r.spots)
    rest = rules.deck_counts() - used
    if used - rules.deck_counts():
        raise ValueError(f"more cards than the deck has: {used - rules.deck_counts()}")
    below = tuple(sorted(rest.elements()))
    if rest_below == "draw":
        draw_pile += below
    else:
        discard_pile += below
    for r in built_rows:
        for number, s in enumerate(r.spots, 1):
            if s.face_up and s.card.code not in (number, 0):
                raise ValueError(f"{s.card} cannot lie face up on spot {number}")
    shrinks = [rules.row_length - len(r) for r in built_rows]
    state = GameState(
        rules=rules,
        phase=phase,
        round=max(shrinks) + 1 if round is None else round,
        turn=turn,
        players=tuple(Player(len(r), r) for r in built_rows),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        hand=in_hand,
        first_completer=first_completer,
    )
    return state


def face_up(state: GameState, seat: int) -> str:
    """The row of ``seat`` written as in :func:`row`."""
    return " ".join(map(str, state.row(seat).spots))
