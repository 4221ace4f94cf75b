"""Hand-built Frog situations for the clause tests, written as the rules describe them.

Hands are written as card texts (``"AS TH 7C"``). Cards the situation does not place go, three by
three, into completed tricks won by ``rest_to`` (a trick's plays start with its winner), so every
built state holds exactly the deck. The builder checks what it builds without the engine's
clause functions (a mutated clause must make a test's assertion fail, not its set-up): every card
of the deck exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from froeschis.games.frog.cards import Card, Suit, cards, sort_cards
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import NOBODY, Call, Contract, Phase, Trick

FROG, CHICO, GRAND = Contract.FROG, Contract.CHICO, Contract.GRAND
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def hand(text: str) -> tuple[Card, ...]:
    return sort_cards(cards(text))


def calls(text: str, first: int) -> tuple[Call, ...]:
    """Calls written in order (``"frog pass chico"``), the first by seat ``first``, then clockwise
    (only for auctions in which nobody is skipped)."""
    named = {"pass": None, "frog": FROG, "chico": CHICO, "grand": GRAND}
    return tuple(((first + i) % 3, named[word]) for i, word in enumerate(text.split()))


def tricks_of(won: Mapping[int, str]) -> tuple[Trick, ...]:
    """Completed tricks: the cards each seat won, three to a trick, each trick led by its winner."""
    tricks = []
    for winner, text in won.items():
        held = cards(text)
        if len(held) % 3:
            raise ValueError(f"seat {winner} won {len(held)} cards: not whole tricks")
        for i in range(0, len(held), 3):
            plays = tuple(((winner + j) % 3, c) for j, c in enumerate(held[i : i + 3]))
            tricks.append(Trick(plays, winner))
    return tuple(tricks)


def build(
    hands: Sequence[str],
    *,
    widow: str = "",
    phase: Phase = Phase.PLAY,
    dealer: int = 0,
    turn: int | None = None,
    auction: tuple[Call, ...] = (),
    bidder: int = NOBODY,
    contract: Contract | None = None,
    trump: Suit | None = None,
    widow_taken: bool = False,
    discards: str = "",
    leader: int | None = None,
    trick: Sequence[tuple[int, str]] = (),
    won: Mapping[int, str] | None = None,
    rest_to: int | None = None,
    scores: tuple[int, int, int] = (150, 150, 150),
    deals: int = 0,
    rules: Rules | None = None,
) -> FrogState:
    """A state of a deal with these hands (seat 0 first) and fields; see the module docstring.

    ``turn`` defaults to the seat after the trick's last card, or the leader; ``leader`` to the
    trick's first seat (in phase play).
    """
    rules = Rules() if rules is None else rules
    dealt = tuple(hand(text) for text in hands)
    plays = tuple((seat, cards(text)[0]) for seat, text in trick)
    completed = tricks_of(won or {})
    used: Counter[Card] = Counter()
    for held in dealt:
        used.update(held)
    if not widow_taken:
        used.update(cards(widow))
    used.update(cards(discards))
    used.update(c for _, c in plays)
    for t in completed:
        used.update(t.cards)
    deck = Counter(rules.deck)
    if used - deck:
        raise ValueError(f"cards not in the deck, or twice: {sorted(map(str, (used - deck).elements()))}")
    rest = sort_cards((deck - used).elements())
    if rest:
        if rest_to is None:
            raise ValueError(f"cards placed nowhere: {' '.join(map(str, rest))}")
        completed += tricks_of({rest_to: " ".join(map(str, rest))})
    if phase is Phase.PLAY:
        leader = plays[0][0] if plays and leader is None else leader
        if turn is None:
            turn = (plays[-1][0] + 1) % 3 if plays else leader
    return FrogState(
        rules, phase, dealer, deals, scores, NOBODY if turn is None else turn, (dealt[0], dealt[1], dealt[2]),
        hand(widow), auction, bidder, contract, trump, widow_taken, hand(discards),
        NOBODY if leader is None else leader, plays, completed,
    )  # fmt: skip
