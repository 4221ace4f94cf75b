"""``encoding/1``: the game as numbers, for tools that speak in integers and tensors.

Game-theory and learning libraries (OpenSpiel, PettingZoo, Gymnasium) want an action to be an
integer in a fixed range, a seat's view to be a flat vector of floats of a fixed length, and an
information state to be a string that is equal exactly when the seat cannot tell two histories
apart. This module is that mapping, once, for every wrapper; ``spec/froeschis/encoding.md`` documents it
(the ids, the tensor layout block by block, the strings) so that an implementation in another
language can produce the same numbers.

Everything a seat is shown comes from :func:`froeschis.games.froeschis.observation.observe`, the project's
one definition of what a seat may see: the encoding cannot leak a face-down card or the draw
pile's order, because it never looks at the state past the observation. The one thing a seat knows
that its current observation does not show is history: after a reshuffle the draw pile is made of
cards every seat saw on the discard pile, so its contents (not their order) are known. A
:class:`~froeschis.games.froeschis.engine.GameState` does not record whether a reshuffle happened this round,
so the information-state functions take it as ``draw_pile_known`` from whoever holds the history.

Only decisions have ids. Chance outcomes (:class:`~froeschis.games.froeschis.actions.Shuffle`) are whole
orders of the cards; a wrapper that needs chance as integers splits them as it sees fit (the
OpenSpiel game deals card by card, :mod:`froeschis.interop.openspiel`).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.framework.encoding import Blocks, Encoding, Knowledge
from froeschis.framework.errors import FormatError, IllegalActionError, shown
from froeschis.framework.loop import MAX_STEPS
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
from froeschis.games.froeschis.cards import Card, Row, spot
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase, Player

ENCODING_VERSION = "encoding/1"
"""The name and version of this encoding. A change to any id, tensor entry or string format gets a
new version (``encoding/2``): trained agents and stored data depend on the numbers."""


_FIXED = (DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP)
"""The actions with rules-independent ids 0 to 3; ``frog@k`` is ``3 + k``, so no id depends on the
row length except how many frog ids there are."""


_FIXED_IDS = {action.kind: i for i, action in enumerate(_FIXED)}


_FIRST_FROG = len(_FIXED) - 1  # frog@k has id _FIRST_FROG + k


PHASES: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order of the tensor's phase block (the order :class:`Phase` declares them)."""


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise FormatError("rules", f"expected a Rules value, got {shown(rules)}")
    return rules


def num_distinct_actions(rules: Rules) -> int:
    """How many decision ids there are: draw, take-discard, swap, decline-swap and one ``frog@k``
    for every spot of the longest row (rows only shrink from ``rules.row_length``)."""
    return len(_FIXED) + _check_rules(rules).row_length


def action_to_id(action: Action, rules: Rules) -> int:
    """The id of a decision (see ``spec/froeschis/encoding.md``); FormatError for anything else, and for a
    frog spot beyond the rules' row length (no row of these rules has it)."""
    rules = _check_rules(rules)
    if not isinstance(action, Action):
        raise FormatError("action", f"only decisions have ids, not {shown(action)}")
    if action.kind is ActionKind.FROG:
        if action.spot > rules.row_length:
            raise FormatError(
                "action", f"{action}: rows of these rules have at most {rules.row_length} spots"
            )
        return _FIRST_FROG + action.spot
    return _FIXED_IDS[action.kind]


def id_to_action(action_id: int, rules: Rules) -> Action:
    """The decision with this id; FormatError naming the id when there is none."""
    count = num_distinct_actions(rules)
    if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < count:
        raise FormatError(
            "action_id",
            f"no action has id {shown(action_id)} in {ENCODING_VERSION} with rows of {rules.row_length}: "
            f"the ids are 0 to {count - 1}",
        )
    if action_id < len(_FIXED):
        return _FIXED[action_id]
    return frog_at(action_id - _FIRST_FROG)


def _check_seat(state: object, seat: object) -> GameState:
    if not isinstance(state, GameState):
        raise FormatError("state", f"expected a GameState, got {shown(state)}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.num_players:
        raise FormatError("seat", f"no seat {shown(seat)} in a {state.num_players}-player game")
    return state


def legal_action_mask(state: GameState, seat: int) -> tuple[bool, ...]:
    """For every id, whether ``seat`` may take that action now; all False when ``seat`` is not the
    one deciding (another seat's turn, a chance node, the end)."""
    state = _check_seat(state, seat)
    mask = [False] * num_distinct_actions(state.rules)
    for action in observe(state, seat).legal_actions:
        mask[action_to_id(action, state.rules)] = True
    return tuple(mask)


def card_kinds(rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of the rules' deck, by code (trash, frog, 1, 2, ...): the order of every
    per-card block of the tensor."""
    return _kinds(_check_rules(rules))


@functools.cache
def _kinds(rules: Rules) -> tuple[Card, ...]:
    """Cached: every tensor asks for the kinds, and a program plays few rules (one, mostly)."""
    return tuple(sorted(set(rules.deck), key=lambda card: card.code))


def _blocks(players: int, rules: Rules) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The observation tensor's blocks in order, with their shapes (``spec/froeschis/encoding.md``)."""
    kinds = len(card_kinds(rules))
    return (
        ("phase", (len(PHASES),)),
        ("round", (1,)),
        ("turn", (players,)),
        ("first_completer", (players,)),
        ("winners", (players,)),
        ("lengths", (players,)),
        ("rows", (players, rules.row_length, kinds + 2)),
        ("hand", (kinds,)),
        ("discard_top", (kinds,)),
        ("discard_size", (1,)),
        ("discard_counts", (kinds,)),
        ("draw_pile_size", (1,)),
    )


def _size(shape: tuple[int, ...]) -> int:
    size = 1
    for extent in shape:
        size *= extent
    return size


def _check_players(players: object, rules: Rules) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise FormatError("players", f"expected a whole number of players, got {shown(players)}")
    rules.table.check_players(players)
    return players


def observation_blocks(players: int, rules: Rules) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The named blocks of :func:`observation_tensor`, in order, each with its shape (the flat
    tensor is their entries one after the other, row-major), for tools that view them apart."""
    rules = _check_rules(rules)
    return _blocks(_check_players(players, rules), rules)


def information_state_blocks(players: int, rules: Rules) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The named blocks of :func:`information_state_tensor`: the observation's, then a flag and one
    count per kind of card."""
    kinds = len(card_kinds(rules))
    return (*observation_blocks(players, rules), ("draw_pile_known", (1,)), ("draw_pile_counts", (kinds,)))


def observation_shape(players: int, rules: Rules) -> tuple[int, ...]:
    """The shape of :func:`observation_tensor` (one flat dimension)."""
    return (sum(_size(shape) for _, shape in observation_blocks(players, rules)),)


def information_state_shape(players: int, rules: Rules) -> tuple[int, ...]:
    """The shape of :func:`information_state_tensor` (one flat dimension)."""
    return (sum(_size(shape) for _, shape in information_state_blocks(players, rules)),)


def _one_hot(size: int, index: int | None) -> list[float]:
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def _counts(cards: Counter[Card], kinds: tuple[Card, ...]) -> list[float]:
    return [float(cards[card]) for card in kinds]


def _tensor(view: Observation, rules: Rules) -> list[float]:
    """The observation tensor of ``view``, block by block as :func:`_blocks` lists them.

    Seats are relative to the observer (the observer's own seat first, then the next to play after
    it, ...), so the same situation seen from any seat gives the same numbers.
    """
    players = len(view.lengths)
    kinds = card_kinds(rules)
    kind_index = {card: i for i, card in enumerate(kinds)}
    order = [(view.seat + i) % players for i in range(players)]
    relative = {seat: i for i, seat in enumerate(order)}
    values = _one_hot(len(PHASES), PHASES.index(view.phase))
    values.append(float(view.round))
    values += _one_hot(players, relative[view.turn])
    first = view.first_completer
    values += _one_hot(players, None if first is None else relative[first])
    values += [1.0 if seat in view.winners else 0.0 for seat in order]
    values += [float(view.lengths[seat]) for seat in order]
    for seat in order:
        cards = view.rows[seat]
        for index in range(rules.row_length):
            # no spot (beyond the row, or not dealt yet), face down, or the face-up card's kind
            card = cards[index] if index < len(cards) else None
            which = 0 if index >= len(cards) else 1 if card is None else 2 + kind_index[card]
            values += _one_hot(len(kinds) + 2, which)
    values += _one_hot(len(kinds), None if view.hand is None else kind_index[view.hand])
    pile = view.discard_pile
    values += _one_hot(len(kinds), kind_index[pile[0]] if pile else None)
    values.append(float(len(pile)))
    values += _counts(Counter(pile), kinds)
    values.append(float(view.draw_pile_size))
    return values


def observation_tensor(state: GameState, seat: int) -> tuple[float, ...]:
    """What ``seat`` sees now, as a flat tuple of floats (layout in ``spec/froeschis/encoding.md``)."""
    state = _check_seat(state, seat)
    return tuple(_tensor(observe(state, seat), state.rules))


def _known_draw_pile(state: GameState, draw_pile_known: object) -> Counter[Card] | None:
    if not isinstance(draw_pile_known, bool):
        raise FormatError("draw_pile_known", f"expected True or False, got {shown(draw_pile_known)}")
    return Counter(state.draw_pile) if draw_pile_known else None


def information_state_tensor(
    state: GameState, seat: int, *, draw_pile_known: bool = False
) -> tuple[float, ...]:
    """What ``seat`` knows: its observation tensor, then a flag and the count of each kind of card
    in the draw pile when ``draw_pile_known`` (the pile was made by a reshuffle this round, from
    cards every seat saw on the discard pile), zeros otherwise."""
    state = _check_seat(state, seat)
    known = _known_draw_pile(state, draw_pile_known)
    kinds = card_kinds(state.rules)
    extra = [0.0] * (1 + len(kinds)) if known is None else [1.0, *_counts(known, kinds)]
    return (*_tensor(observe(state, seat), state.rules), *extra)


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards) if cards else "-"


def _string(view: Observation) -> str:
    """The observation as lines of text; seats are absolute here (the text says who is who)."""
    first = "-" if view.first_completer is None else str(view.first_completer)
    won = ", ".join(str(seat) for seat in view.winners) or "-"
    lines = [
        f"{ENCODING_VERSION} seat {view.seat} of {len(view.lengths)}",
        f"round {view.round}, phase {view.phase.value}, turn {view.turn}, first completer {first}, "
        f"winners {won}",
        f"hand {'-' if view.hand is None else view.hand}",
        f"draw pile {view.draw_pile_size}",
        f"discard pile {len(view.discard_pile)}: {_cards(view.discard_pile)}",
    ]
    for seat, (length, cards) in enumerate(zip(view.lengths, view.rows, strict=True)):
        row = " ".join("?" if card is None else str(card) for card in cards) if cards else "-"
        lines.append(f"row {seat} ({length}): {row}")
    return "\n".join(lines)


def observation_string(state: GameState, seat: int) -> str:
    """What ``seat`` sees now, as text (format in ``spec/froeschis/encoding.md``)."""
    state = _check_seat(state, seat)
    return _string(observe(state, seat))


def information_state_string(state: GameState, seat: int, *, draw_pile_known: bool = False) -> str:
    """What ``seat`` knows, as text: its observation string and a last line with the draw pile's
    cards (sorted, as their order is hidden) when ``draw_pile_known``, else ``unknown``.

    It is the same for two states that ``seat`` cannot tell apart. It is not the whole history:
    past moves that no longer change what can happen (which card was drawn two turns ago) are left
    out, as the observation and the draw pile's contents already decide what is possible.
    """
    state = _check_seat(state, seat)
    known = _known_draw_pile(state, draw_pile_known)
    contents = "unknown" if known is None else _cards(sorted(known.elements(), key=lambda c: c.code))
    return f"{_string(observe(state, seat))}\ndraw pile cards: {contents}"


_POOL: list[Any] = [None, ()]
"""The last chance node asked about and its pool's count of each kind: a chance node is asked once
per card of its order (60 at a deal), and counting the pool is most of the cost of a step."""


def _left(state: GameState, partial: Sequence[int]) -> list[int]:
    """How many cards of each kind the chance node still has to place after the steps ``partial``."""
    if _POOL[0] is not state:
        pool = Counter(state.chance_pool())
        _POOL[:] = [state, tuple(pool[card] for card in card_kinds(state.rules))]
    left = list(_POOL[1])
    for kind in partial:
        left[kind] -= 1
    return left


def chance_step(state: GameState, partial: Sequence[int]) -> list[tuple[int, float]]:
    """The kinds the next card of the order may be, each with its share of the cards left."""
    left = _left(state, partial)
    total = sum(left)
    return [(kind, count / total) for kind, count in enumerate(left) if count]


def chance_action(state: GameState, partial: Sequence[int]) -> Shuffle | None:
    """The shuffle once ``partial`` orders the whole pool, else None; a kind of card not left to
    choose (or no kind at all) is refused as the engine refuses an illegal action."""
    kinds = card_kinds(state.rules)
    last = partial[-1]
    left = _left(state, partial[:-1])
    if not (isinstance(last, int) and 0 <= last < len(kinds) and left[last]):
        clause = "round.deal" if state.phase is Phase.DEAL else "draw.reshuffle"
        reason = f"no card of kind {shown(last)} is left to choose"
        raise IllegalActionError(last, state.phase.value, clause, reason)
    if sum(left) > 1:
        return None
    return Shuffle(tuple(kinds[kind] for kind in partial))


def chance_ids(state: GameState, outcome: Shuffle) -> tuple[int, ...]:
    kinds = card_kinds(state.rules)
    return tuple(kinds.index(card) for card in outcome.order)


def complete_chance(state: GameState, partial: Sequence[int], rng: random.Random) -> Shuffle:
    """The shuffle that begins with the kinds ``partial`` chose, the rest of the pool in a random
    order: every order that begins so, equally likely (what a uniform shuffle gives it)."""
    kinds = card_kinds(state.rules)
    chosen = [kinds[kind] for kind in partial]
    rest = list((Counter(state.chance_pool()) - Counter(chosen)).elements())
    rng.shuffle(rest)
    return Shuffle((*chosen, *rest))


def remember(known: bool, before: GameState, action: AnyAction, after: GameState) -> bool:
    """Whether the draw pile's contents are known: made by a reshuffle this round (after a deal
    nothing of the pile is known)."""
    if isinstance(action, Shuffle):
        return before.phase is Phase.RESHUFFLE
    return known and after.round == before.round


def resample_state(
    state: GameState, partial: Sequence[int], known: bool, seat: int, rng: random.Random
) -> tuple[GameState, tuple[int, ...]]:
    """Every card nobody has seen dealt again at random (in Fröschis every seat sees the same
    cards): the face-down cards and the draw pile share the unseen cards, except after a reshuffle
    this round, when the draw pile keeps its (known) cards in a new order and the face-down spots
    share the rest; at a chance node the cards chosen so far (unseen) are drawn again from the
    pool. By symmetry these are equally likely given what the seat saw. The hidden cards are sorted
    first, so the draw depends on what the seat knows and ``rng`` only."""
    kinds = card_kinds(state.rules)
    if partial:
        pool = list(state.chance_pool())
        rng.shuffle(pool)
        partial = tuple(kinds.index(card) for card in pool[: len(partial)])
    if state.phase is Phase.DEAL:  # no row is dealt: the pile is the whole deck, sorted
        return state, tuple(partial)
    face_down = sorted(s.card for p in state.players for s in p.row.spots if not s.face_up)
    pile = sorted(state.draw_pile)
    if known:
        rng.shuffle(face_down)
        rng.shuffle(pile)
    else:
        unseen = face_down + pile
        rng.shuffle(unseen)
        face_down, pile = unseen[: len(face_down)], unseen[len(face_down) :]
    dealt = iter(face_down)
    players = tuple(
        Player(p.length, Row(tuple(s if s.face_up else spot(next(dealt), False) for s in p.row.spots)))
        for p in state.players
    )
    return attrs.evolve(state, players=players, draw_pile=tuple(pile)), tuple(partial)


def _observation_blocks(rules: Rules, players: int) -> Blocks:
    return observation_blocks(players, rules)


def _information_state_blocks(rules: Rules, players: int) -> Blocks:
    return information_state_blocks(players, rules)


def _information_state_tensor(state: GameState, seat: int, known: bool) -> tuple[float, ...]:
    return information_state_tensor(state, seat, draw_pile_known=known)


def _information_state_string(state: GameState, seat: int, known: bool) -> str:
    return information_state_string(state, seat, draw_pile_known=known)


KNOWLEDGE = Knowledge(
    observation_blocks=_observation_blocks,
    observation_tensor=observation_tensor,
    observation_string=observation_string,
    information_state_blocks=_information_state_blocks,
    information_state_tensor=_information_state_tensor,
    information_state_string=_information_state_string,
    memory=lambda start: False,
    remember=remember,
    observation_bounds=lambda rules, players: (0.0, float(len(rules.deck))),
)
"""``encoding/1``'s tensors and strings; the memory is whether the draw pile is known."""


ENCODING = Encoding(
    num_distinct_actions=lambda rules, players: num_distinct_actions(rules),
    action_id=lambda state, action: action_to_id(action, state.rules),
    max_chance_outcomes=lambda rules, players: len(card_kinds(rules)),
    chance_step=chance_step,
    chance_action=chance_action,
    chance_ids=chance_ids,
    knowledge=KNOWLEDGE,
    decision=lambda rules, action_id: id_to_action(action_id, rules),
    chance_text=lambda rules, kind: f"card {card_kinds(rules)[kind]}",
    resample_state=resample_state,
    complete_chance=complete_chance,
    default_players=4,
    max_steps=MAX_STEPS,
    long_name="Fröschis (Make Room), the froeschis reference engine",
)
"""Fröschis' numbers, as the generic wrappers read them: 1 for every winner, and the rules have no
end for a game in which nobody completes a row (random games take 700 to 2 000 actions), so the
wrappers stop a game at the project's drivers' bound."""
