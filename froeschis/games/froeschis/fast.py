"""A mutable, int-coded engine for the hot loops of simulations and tree search.

The reference engine (:mod:`froeschis.games.froeschis.engine`) is the definition of the rules: immutable
states, one clause function per decision, every step able to say which clauses decided it. That
costs a new state per action. :class:`FastGame` plays the same game (the published rules, every
variant, any row length and deck the reference accepts) on lists of small ints changed in place:

* a card is its code (``-1`` trash, ``0`` frog, ``n`` the number ``n``); a face-down card in a row is
  its code plus :data:`FACE_DOWN`, so a row is complete when its largest entry is below
  :data:`LEAST_FACE_DOWN` (face-up cards always fit their spots: numbers are placed on their own,
  and a frog fits any);
* piles keep their top card *last*, so drawing is ``pop()`` and discarding ``append()``.

It follows the reference step for step: the legal actions are the same :class:`Action` values in the
same order, a chance node's pool is the same cards in the same order (so :meth:`sample_chance` with a
random source in a given state gives the reference's :func:`~froeschis.games.froeschis.chance.sample_chance`
outcome), and an action the reference refuses is refused with the very same
:class:`~froeschis.framework.errors.IllegalActionError` (the refusal is handed to the reference, off the
hot path). ``tests/games/froeschis/test_fast.py`` holds it to all of this in lock-step with the reference.

It takes no clause table: rules with readings beyond the variants (misreadings, the mutation
check's mutants) are for the reference engine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from froeschis.framework.errors import FormatError, IllegalActionError, InternalError
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    Action,
    ActionKind,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.cards import EMPTY_ROW, Card, Row, spot
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import CHANCE, TERMINAL, Phase, Player

FACE_DOWN = 1024
"""Added to a card's code while it lies face down in a row (numbers go up to 999)."""
LEAST_FACE_DOWN = FACE_DOWN - 1
"""Face-down trash: every entry of a row this large or larger lies face down."""
_FROG, _NONE = 0, -2
"""The frog's code; the hand when it holds no card."""

DEAL, RESHUFFLE, DRAW_PHASE, FROG_PHASE, SWAP_PHASE, OVER = range(6)
"""The phases, as ints; :data:`PHASES` maps them to the reference's :class:`Phase`."""
PHASES = (Phase.DEAL, Phase.RESHUFFLE, Phase.DRAW, Phase.FROG, Phase.SWAP, Phase.OVER)
_PHASE_CODE = {phase: code for code, phase in enumerate(PHASES)}

_DRAW_ONLY, _DRAW_OR_TAKE, _SWAP_OR_NOT = (DRAW,), (DRAW, TAKE_DISCARD), (SWAP, DECLINE_SWAP)
_PLACE_FROG = ActionKind.FROG
_NOT_SAMPLED: tuple[Shuffle | None, list[int]] = (None, [])


_CARDS = itertools.repeat(Card)
"""``map(isinstance, order, _CARDS)`` checks a whole shuffle's types in C."""


class FastGame:
    """One game, changed in place by :meth:`apply`. Make one with :meth:`new` or :meth:`from_state`."""

    __slots__ = (
        "_cards",
        "_deck",
        "_placeable_only",
        "_reveal_at_end",
        "_sampled",
        "_swap_is_choice",
        "discard",
        "draw",
        "first",
        "hand",
        "lengths",
        "phase",
        "round",
        "rows",
        "rules",
        "turn",
        "winners",
    )

    rules: Rules
    phase: int
    round: int
    turn: int
    lengths: list[int]
    rows: list[list[int]]
    draw: list[int]
    discard: list[int]
    hand: int
    first: int
    winners: tuple[int, ...]
    _deck: tuple[Card, ...]
    _placeable_only: bool
    _swap_is_choice: bool
    _reveal_at_end: bool
    _cards: dict[int, Card]
    _sampled: tuple[Shuffle | None, list[int]]
    """The last outcome :meth:`sample_chance` made, with its codes."""

    # ------------------------------------------------------------------ making one

    @classmethod
    def new(cls, players: int, rules: Rules | None = None) -> FastGame:
        """A new game, waiting for the first deal; refused as the reference refuses it."""
        return cls.from_state(new_game(players, rules))

    @classmethod
    def from_state(cls, state: GameState) -> FastGame:
        """The game at the reference ``state`` (any phase)."""
        rules = state.rules
        if rules.readings:
            raise FormatError(
                "rules.readings",
                "FastGame plays the published rules and their variants; readings beyond them "
                "(misreadings, mutants) are for the reference engine",
            )
        game = cls.__new__(cls)
        game.rules = rules
        game.phase = _PHASE_CODE[state.phase]
        game.round = state.round
        game.turn = state.turn
        game.lengths = [p.length for p in state.players]
        game.rows = [
            [s.card.code + (0 if s.face_up else FACE_DOWN) for s in p.row.spots] for p in state.players
        ]
        game.draw = [c.code for c in reversed(state.draw_pile)]
        game.discard = [c.code for c in reversed(state.discard_pile)]
        game.hand = _NONE if state.hand is None else state.hand.code
        game.first = -1 if state.first_completer is None else state.first_completer
        game.winners = state.winners
        game._deck = tuple(rules.deck)
        game._placeable_only = rules.discard_only_if_placeable
        game._swap_is_choice = rules.optional_frog_swap
        game._reveal_at_end = rules.reveal_at_round_end
        game._cards = {card.code: card for card in rules.deck}
        game._sampled = _NOT_SAMPLED
        return game

    def copy(self) -> FastGame:
        """An independent copy (for search): the lists are copied, the rest is shared."""
        other = FastGame.__new__(FastGame)
        other.rules, other.phase, other.round, other.turn = self.rules, self.phase, self.round, self.turn
        other.lengths = self.lengths[:]
        other.rows = [row[:] for row in self.rows]
        other.draw, other.discard = self.draw[:], self.discard[:]
        other.hand, other.first, other.winners = self.hand, self.first, self.winners
        other._deck, other._cards = self._deck, self._cards
        other._placeable_only, other._swap_is_choice = self._placeable_only, self._swap_is_choice
        other._reveal_at_end = self._reveal_at_end
        other._sampled = _NOT_SAMPLED
        return other

    def to_state(self) -> GameState:
        """The reference :class:`GameState` of this game (equal to the one the reference reaches)."""
        cards = self._cards
        players = []
        for length, codes in zip(self.lengths, self.rows, strict=True):
            spots = tuple(
                spot(cards[v - FACE_DOWN], False) if v >= LEAST_FACE_DOWN else spot(cards[v], True)
                for v in codes
            )
            players.append(Player(length, Row(spots) if spots else EMPTY_ROW))
        return GameState(
            self.rules,
            PHASES[self.phase],
            self.round,
            self.turn,
            tuple(players),
            tuple(cards[c] for c in reversed(self.draw)),
            tuple(cards[c] for c in reversed(self.discard)),
            None if self.hand == _NONE else cards[self.hand],
            None if self.first < 0 else self.first,
            self.winners,
        )

    # ------------------------------------------------------------------ where the game stands

    @property
    def num_players(self) -> int:
        return len(self.lengths)

    @property
    def current_player(self) -> int:
        """The seat to decide, or :data:`~froeschis.games.froeschis.state.CHANCE`, or
        :data:`~froeschis.games.froeschis.state.TERMINAL`, as :attr:`GameState.current_player`."""
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase <= RESHUFFLE:
            return CHANCE
        return self.turn

    @property
    def is_chance(self) -> bool:
        return self.phase <= RESHUFFLE

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        """Each seat's return, as :meth:`GameState.returns` gives it (all 0 before the end)."""
        return self.rules.table.returns(len(self.rows), self.winners)

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the current player, as the reference lists them; empty at chance and
        terminal nodes."""
        phase = self.phase
        if phase == DRAW_PHASE:
            discard = self.discard
            if discard and (not self._placeable_only or self._placeable(discard[-1])):
                return _DRAW_OR_TAKE
            return _DRAW_ONLY
        if phase == FROG_PHASE:
            return tuple([frog_at(i) for i, v in enumerate(self.rows[self.turn], 1) if v >= LEAST_FACE_DOWN])
        if phase == SWAP_PHASE:
            return _SWAP_OR_NOT
        return ()

    def _placeable(self, card: int) -> bool:
        """variant.discard-if-placeable: the card would be placed (a frog, or a number whose spot is
        face down or shows a frog)."""
        if card == _FROG:
            return True
        row = self.rows[self.turn]
        if card < 0 or card > len(row):
            return False
        lying = row[card - 1]
        return lying >= LEAST_FACE_DOWN or lying == _FROG

    def chance_pool(self) -> tuple[Card, ...]:
        """At a chance node, the cards to be shuffled, in the reference's order."""
        phase, cards = self.phase, self._cards
        if phase == DEAL:
            return tuple([cards[c] for c in reversed(self.draw)])
        if phase == RESHUFFLE:
            return tuple([cards[c] for c in reversed(self.discard[:-1])])
        return ()

    def sample_chance(self, rng: random.Random) -> Shuffle:
        """A uniformly random chance outcome, drawn from ``rng`` as the reference draws it.

        The pool's codes are shuffled in the reference's pool order (a shuffle's permutation depends
        only on the random source and the length), and the outcome is remembered: applied next, it
        needs no check that it orders the pool.
        """
        phase = self.phase
        if phase == DEAL:
            codes = self.draw[::-1]
        elif phase == RESHUFFLE:
            codes = self.discard[-2::-1]
        else:
            return Shuffle(())
        rng.shuffle(codes)
        shuffle = Shuffle(tuple(map(self._cards.__getitem__, codes)))
        self._sampled = (shuffle, codes)
        return shuffle

    # ------------------------------------------------------------------ playing

    def apply(self, action: AnyAction) -> None:
        """Play ``action`` in place; an action the reference refuses raises its
        :class:`~froeschis.framework.errors.IllegalActionError` and leaves the game as it was."""
        phase = self.phase
        if phase == DRAW_PHASE:
            # Identity first: the actions legal_actions() hands out are these very objects, and an
            # Action's == runs Python code.
            if action is DRAW or (action is not TAKE_DISCARD and action == DRAW):
                draw = self.draw
                if draw:
                    self._chain(draw.pop())
                else:
                    self.phase = RESHUFFLE
                return
            discard = self.discard
            if (
                (action is TAKE_DISCARD or action == TAKE_DISCARD)
                and discard
                and (not self._placeable_only or self._placeable(discard[-1]))
            ):
                self._chain(discard.pop())
                return
        elif phase == FROG_PHASE:
            if isinstance(action, Action) and action.kind is _PLACE_FROG:
                row, target = self.rows[self.turn], action.spot
                if 0 < target <= len(row) and row[target - 1] >= LEAST_FACE_DOWN:
                    revealed = row[target - 1] - FACE_DOWN
                    row[target - 1] = _FROG
                    self._chain(revealed)
                    return
        elif phase == SWAP_PHASE:
            if action is SWAP or action == SWAP:
                row, hand = self.rows[self.turn], self.hand
                row[hand - 1] = hand
                self._chain(_FROG)
                return
            if action is DECLINE_SWAP or action == DECLINE_SWAP:
                self._chain(self.hand, resolve=False)
                return
        elif phase != OVER and isinstance(action, Shuffle):
            sampled, self._sampled = self._sampled, _NOT_SAMPLED
            codes = sampled[1] if action is sampled[0] else self._pool_order(action.order)
            if codes is not None:
                if phase == DEAL:
                    self._deal(codes)
                else:
                    self._reshuffle(codes)
                return
        self._refuse(action)

    def _refuse(self, action: AnyAction) -> None:
        """Raise the reference's refusal of ``action`` (the game is unchanged)."""
        try:
            self.to_state().apply(action)
        except IllegalActionError:
            raise
        raise InternalError(f"FastGame refused {action!r}, which the reference accepts")

    def _pool_order(self, order: Sequence[Card]) -> list[int] | None:
        """The codes of ``order`` when it is an order of exactly the chance pool's cards (else None)."""
        pool = self.draw if self.phase == DEAL else self.discard[:-1]
        if len(order) != len(pool) or not all(map(isinstance, order, _CARDS)):
            return None
        codes = [card.code for card in order]
        return codes if sorted(codes) == sorted(pool) else None

    def _deal(self, codes: list[int]) -> None:
        """The rows, seat 0 first, spot 1 first, face down; the rest is the draw pile."""
        rows, start = [], 0
        for length in self.lengths:
            rows.append([code + FACE_DOWN for code in codes[start : start + length]])
            start += length
        self.rows = rows
        draw = codes[start:]
        draw.reverse()
        self.draw, self.discard = draw, []
        self.phase = DRAW_PHASE

    def _reshuffle(self, codes: list[int]) -> None:
        """The discard pile below its top card becomes the draw pile, in ``codes``' order; then the
        player who found the draw pile empty draws."""
        codes.reverse()
        self.draw = codes
        del self.discard[:-1]
        self.phase = DRAW_PHASE
        self._chain(codes.pop())

    def _chain(self, hand: int, resolve: bool = True) -> None:
        """What happens to the card in hand, pass after pass, as turn.chain-order says: a complete
        row ends the turn, a frog waits for its spot, trash and numbers without a spot are dead, a
        number goes on its face-down spot (and the card there comes into the hand), or replaces
        the frog on it (or waits for the player's choice), or is a duplicate. Then the card in hand
        is discarded and the turn ends: the final turns start with the round's first completed row
        and end when the turn would come back to its seat. ``resolve=False``: the player declined
        a swap, the number is discarded at once."""
        row = self.rows[self.turn]
        size = len(row)
        completed = False
        while resolve:
            if max(row) < LEAST_FACE_DOWN:
                completed = True
                break
            if hand == _FROG:
                self.phase, self.hand = FROG_PHASE, hand
                return
            if hand < 0 or hand > size:
                break
            lying = row[hand - 1]
            if lying >= LEAST_FACE_DOWN:
                row[hand - 1] = hand
                hand = lying - FACE_DOWN
            elif lying == _FROG:
                if self._swap_is_choice:
                    self.phase, self.hand = SWAP_PHASE, hand
                    return
                row[hand - 1] = hand
                hand = _FROG
            else:
                break
        self.discard.append(hand)
        seat = self.turn
        if completed and self.first < 0:
            self.first = seat
        following = seat + 1
        if following == len(self.lengths):
            following = 0
        if following == self.first:
            self._end_round()
        else:
            self.turn, self.phase, self.hand = following, DRAW_PHASE, _NONE

    def _end_round(self) -> None:
        rows, lengths = self.rows, self.lengths
        if self._reveal_at_end:
            for row in rows:
                if max(row) >= LEAST_FACE_DOWN:
                    shown = [v - FACE_DOWN if v >= LEAST_FACE_DOWN else v for v in row]
                    if all(v in (_FROG, i) for i, v in enumerate(shown, 1)):
                        row[:] = shown
        done = [s for s, row in enumerate(rows) if max(row) < LEAST_FACE_DOWN]
        winners = tuple([s for s in done if lengths[s] == 1])
        self.hand = _NONE
        if winners:
            self.phase, self.winners = OVER, winners
            return
        for s in done:
            lengths[s] -= 1
        self.round += 1
        self.turn = (self.round - 1) % len(lengths)
        self.rows = [[] for _ in lengths]
        self.draw = [c.code for c in reversed(self._deck)]
        self.discard = []
        self.first = -1
        self.phase = DEAL


def play_fast(players: int, seed: int, rules: Rules | None = None) -> tuple[FastGame, int]:
    """Play the random game :func:`froeschis.games.froeschis.bots.play_game` plays with the same arguments:
    one random source seeded with ``seed`` shuffles at the chance nodes and picks among the legal
    actions. The finished game and its number of actions."""
    rng = random.Random(seed)
    choice = rng.choice
    game = FastGame.new(players, rules)
    apply, legal, sample = game.apply, game.legal_actions, game.sample_chance
    actions = 0
    while (phase := game.phase) != OVER:
        apply(sample(rng) if phase <= RESHUFFLE else choice(legal()))
        actions += 1
    return game, actions
