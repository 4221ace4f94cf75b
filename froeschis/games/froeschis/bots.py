"""Bots: players that decide from what their seat can see.

A bot is anything with a ``name`` and an ``act(observation, rng)`` method that returns one of
``observation.legal_actions``; it is given the seat's
:class:`~froeschis.games.froeschis.observation.Observation`
(never the full state) and a random source. Three are provided:

* :class:`RandomBot` picks uniformly among the legal actions;
* :class:`GreedyBot` takes the discard when it can place it, and puts a frog on the face-down spot
  whose number is least likely to turn up, judged by the cards nobody has seen yet;
* :class:`IsmcBot` (information-set Monte Carlo, determinized rollouts) samples the hidden cards
  consistently with the observation, builds full states from them and scores every legal action
  by greedy rollouts to the end of the round it is played in; ``budget`` is the number of sampled
  worlds. It keeps the greedy choice unless another action is clearly better.

The reference-engine functions here are the definitions: :func:`greedy_policy` (the greedy bot on a
full state), :func:`determinize` (a sampled world) and :func:`rollout_value` (a rollout's value).
The ISMC bot runs its search on :class:`~froeschis.games.froeschis.fast.FastGame` through their fast
counterparts,
:func:`determinized_games` and :mod:`froeschis.games.froeschis.fast_policies`, which draw from the random
source exactly as the definitions do; ``tests/games/froeschis/test_ismc.py`` holds the two to the same worlds,
decisions and values, and the bot to the decisions of an ISMC spelled out on the reference.

Bots know the rules being played (the deck, the variants): these are public, but the observation
does not carry them, so a bot is built for a :class:`~froeschis.games.froeschis.rules.Rules`.
:func:`play_bots` plays a whole game between bots and returns the record and the final state.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, runtime_checkable

import attrs

from froeschis.framework.errors import GameTooLongError
from froeschis.framework.loop import MAX_STEPS, drive, seat_rng
from froeschis.games.froeschis.actions import DRAW, TAKE_DISCARD, Action, ActionKind, AnyAction, Shuffle
from froeschis.games.froeschis.cards import Card, Row, number, spot
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.events import Event
from froeschis.games.froeschis.fast import FACE_DOWN, FastGame
from froeschis.games.froeschis.fast_policies import MAX_ROLLOUT_STEPS, relative_value
from froeschis.games.froeschis.fast_policies import rollout_value as fast_rollout_value
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Player

__all__ = [
    "Chance",
    "Policy",
    "StepHook",
    "Until",
    "chance_from",
    "play_game",
    "random_policy",
]


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``observation.legal_actions``, seeing only its seat's observation."""

    @property
    def name(self) -> str: ...

    def act(self, observation: Observation, rng: random.Random) -> Action: ...


def visible_cards(observation: Observation) -> Counter[Card]:
    """Every card the seat can see: face up in any row, on the discard pile, in hand."""
    seen: Counter[Card] = Counter(observation.discard_pile)
    for cards in observation.rows:
        seen.update(card for card in cards if card is not None)
    if observation.hand is not None:
        seen[observation.hand] += 1
    return seen


def unseen_cards(observation: Observation, rules: Rules) -> Counter[Card]:
    """The cards the seat has not seen (face down in some row or in the draw pile), as a multiset.

    Raises :class:`ValueError` when the observation shows cards the rules' deck does not have.
    """
    deck, seen = rules.deck_counts(), visible_cards(observation)
    extra = seen - deck
    if extra:
        raise ValueError(f"the observation shows cards the deck does not have: {sorted(extra.elements())}")
    return deck - seen


def placeable(card: Card, row: Sequence[Card | None]) -> bool:
    """Whether ``card`` taken into this row (seen as by an observer) would be placed, not discarded."""
    if card.is_frog:
        return True
    if not card.is_number or card.number > len(row):
        return False
    there = row[card.number - 1]
    return there is None or there.is_frog


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def act(self, observation: Observation, rng: random.Random) -> Action:
        return rng.choice(observation.legal_actions)


def greedy_choice(
    legal: Sequence[Action],
    row: Sequence[Card | None],
    discard_top: Card | None,
    unseen: Counter[Card],
    rng: random.Random,
) -> Action:
    """The greedy decision among ``legal`` for a seat whose row looks like ``row``.

    * Taking a card: the discard when it would be placed (a frog, or a number whose spot is face
      down or holds a frog), otherwise the draw pile.
    * Placing a frog: on the face-down spot whose number has the fewest unseen copies left, so the
      frog covers a spot that would otherwise wait long; ties are broken at random.
    * Optional frog swap (variant): always swap, since it turns another face-down card up.
    """
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if ActionKind.TAKE_DISCARD in kinds:
        return TAKE_DISCARD if discard_top is not None and placeable(discard_top, row) else DRAW
    if ActionKind.SWAP in kinds:
        return next(a for a in legal if a.kind is ActionKind.SWAP)
    frogs = [a for a in legal if a.kind is ActionKind.FROG]
    if frogs:
        fewest = min(unseen[number(a.spot)] for a in frogs)
        return rng.choice([a for a in frogs if unseen[number(a.spot)] == fewest])
    return rng.choice(tuple(legal))


@attrs.frozen
class GreedyBot:
    """Takes the discard when it can place it; puts frogs where their number is least likely to come."""

    rules: Rules = attrs.field(factory=Rules)
    name: str = "greedy"

    def act(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        top = observation.discard_pile[0] if observation.discard_pile else None
        row = observation.rows[observation.seat]
        needs_counts = any(a.kind is ActionKind.FROG for a in legal)
        unseen = unseen_cards(observation, self.rules) if needs_counts else Counter[Card]()
        return greedy_choice(legal, row, top, unseen, rng)


def _public_unseen(state: GameState) -> Counter[Card]:
    """The cards nobody can see in ``state`` (its face-down cards and its draw pile)."""
    hidden: Counter[Card] = Counter(state.draw_pile)
    for player in state.players:
        hidden.update(s.card for s in player.row.spots if not s.face_up)
    return hidden


def greedy_policy(state: GameState, rng: random.Random) -> Action:
    """The greedy bot as a :data:`froeschis.games.froeschis.bots.Policy` on a full state, for fast rollouts.

    It reads only what the player to move could see (face-up cards, the piles' public parts), so it
    decides exactly as :class:`GreedyBot` does on that seat's observation.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    row = tuple(s.card if s.face_up else None for s in state.row(seat).spots)
    top = state.discard_pile[0] if state.discard_pile else None
    needs_counts = any(a.kind is ActionKind.FROG for a in legal)
    return greedy_choice(legal, row, top, _public_unseen(state) if needs_counts else Counter[Card](), rng)


def determinize(observation: Observation, rules: Rules, rng: random.Random) -> GameState:
    """A full state consistent with ``observation``: the unseen cards dealt at random.

    The unseen cards (the deck minus every visible card) are shuffled and put face down on the
    face-down spots of every row (seat 0 first, spot 1 first) and then on the draw pile. Seen from
    the observer's seat the result is exactly ``observation``. The observation carries no history,
    so after a reshuffle the draw pile's composition, which the history would tell, is not used.
    """
    hidden = list(unseen_cards(observation, rules).elements())
    face_down = sum(card is None for cards in observation.rows for card in cards)
    if len(hidden) != face_down + observation.draw_pile_size:
        raise ValueError(
            f"{len(hidden)} unseen cards cannot fill {face_down} face-down spots and "
            f"a draw pile of {observation.draw_pile_size}"
        )
    rng.shuffle(hidden)
    deal = iter(hidden)
    players = tuple(
        Player(
            length,
            Row(tuple(spot(card, True) if card is not None else spot(next(deal), False) for card in cards)),
        )
        for length, cards in zip(observation.lengths, observation.rows, strict=True)
    )
    return GameState(
        rules=rules,
        phase=observation.phase,
        round=observation.round,
        turn=observation.turn,
        players=players,
        draw_pile=tuple(deal),
        discard_pile=observation.discard_pile,
        hand=observation.hand,
        first_completer=observation.first_completer,
        winners=observation.winners,
    )


def determinized_games(observation: Observation, rules: Rules, rng: random.Random) -> Iterator[FastGame]:
    """Worlds sampled by :func:`determinize`, one after another, each as a :class:`FastGame`.

    The n-th world is ``FastGame.from_state(determinize(observation, rules, rng))`` with ``rng`` in
    the same state (the same shuffle of the same cards), but only the first is built that way: the
    others copy it and deal their shuffle onto its face-down spots and draw pile. Each world is the
    caller's to change.
    """
    first = FastGame.from_state(determinize(observation, rules, rng))
    unseen = [card.code for card in unseen_cards(observation, rules).elements()]
    seen = observation.rows
    spots = [(seat, i) for seat, cards in enumerate(seen) for i, card in enumerate(cards) if card is None]
    yield first.copy()
    while True:
        hidden = unseen[:]
        rng.shuffle(hidden)
        world = first.copy()
        dealt = world.rows
        for (seat, i), code in zip(spots, hidden, strict=False):
            dealt[seat][i] = code + FACE_DOWN
        draw = hidden[len(spots) :]
        draw.reverse()  # FastGame keeps a pile's top card last
        world.draw = draw
        yield world


def rollout_value(
    state: GameState, action: Action, seat: int, rng: random.Random, policy: Policy = greedy_policy
) -> float:
    """Play ``action`` in ``state``, then ``policy`` for every seat until that round ends; ``seat``'s value.

    A round shortens the rows of those who completed them (and ends the game when a one-spot row
    was completed), so what counts is completing while the others do not: the value is 1 if
    ``seat`` completed its row in the round of ``state`` (or won), minus the share of the other
    seats that did. It lies between -1 and 1. The round is the one the action is played in: the
    last of the final turns ends it with the action itself, and is valued by that round, not by
    the next one.
    """
    start_round = state.round
    lengths = [p.length for p in state.players]

    def round_over(now: GameState, _: int) -> bool:
        return now.round != start_round

    try:
        end, _ = drive(
            state.apply(action),
            (policy,) * len(lengths),
            (rng,) * len(lengths),
            chance_from(rng),
            until=round_over,
            max_steps=MAX_ROLLOUT_STEPS,
        )
    except GameTooLongError:
        return 0.0
    if end.is_terminal:
        return relative_value(seat, set(end.winners), len(lengths))
    done = {s for s, p in enumerate(end.players) if p.length < lengths[s]}
    return relative_value(seat, done, len(lengths))


@attrs.frozen
class IsmcBot:
    """Information-set Monte Carlo: determinized greedy rollouts on :class:`FastGame`, ``budget`` worlds.

    For each of ``budget`` worlds sampled by :func:`determinize` (built as :class:`FastGame` by
    :func:`determinized_games`), every legal action is played and the round played on by the
    greedy policy (:func:`froeschis.games.froeschis.fast_policies.rollout_value`, the reference's
    :func:`rollout_value` on the fast engine), with the same random stream for every action
    (common random numbers, so the actions meet the same luck). The greedy choice stands unless
    another action did better by at least ``confidence`` standard errors of the per-world
    differences. One legal action costs nothing.

    Why these settings: beyond greedy, Fröschis leaves little to decide. Judged by independent
    1,000-world estimates of the rollout value on 346 decisions of 4-player games, greedy's choices
    are worth 0.054 more per decision than random ones, and always picking the best-looking action
    would add at most 0.002 to greedy's (an upper bound: the figure is biased up by its own noise).
    64 worlds at 2 standard errors depart from greedy in 4.4% of the decisions with a choice, and
    the departures, valued again in 2,000 fresh worlds each, are worth nothing measurable (-0.0001
    on average, 95% interval -0.0015 to +0.0013); 1,024 worlds make them worth +0.0018 at about a
    tenth of a second per decision, and lower thresholds (1, 0.5, 0) pick noise and lose value.
    The default stays at 64: what 1,024 worlds add (0.00007 of a round per decision) no number of
    games a session can play would show, and 64 worlds keep a game of bots near a second, for
    simulations; ``ismc:1024`` is there for a player at the table. ``docs/players.rst`` has these
    figures (``examples/froeschis/ismc_departures.py``) and the head-to-head games against greedy.
    """

    rules: Rules = attrs.field(factory=Rules)
    budget: int = attrs.field(default=64)
    name: str = "ismc"
    confidence: float = 2.0
    """How many standard errors better than the greedy choice another action must be to be chosen."""

    @budget.validator
    def _check_budget(self, _: attrs.Attribute[int], value: int) -> None:
        if value < 1:
            raise ValueError(f"the budget is the number of sampled worlds, at least 1, not {value}")

    def act(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        prior = GreedyBot(self.rules).act(observation, rng)
        values = world_values(observation, self.rules, legal, self.budget, rng)
        return _better_than_prior(values, prior, self.confidence)


def world_values(
    observation: Observation, rules: Rules, actions: Sequence[Action], worlds: int, rng: random.Random
) -> dict[Action, list[float]]:
    """Each action's rollout value in each of ``worlds`` worlds sampled from ``observation``.

    Every action is played in the same worlds (:func:`determinized_games`) with the same random
    stream per world (common random numbers), so the n-th values of two actions differ only by what
    the actions do: their per-world differences are what the ISMC bot compares, and what
    ``examples/froeschis/ismc_departures.py`` measures its departures from greedy by.
    """
    values: dict[Action, list[float]] = {action: [] for action in actions}
    dealt = determinized_games(observation, rules, rng)
    for _ in range(worlds):
        world = next(dealt)
        stream = rng.getrandbits(64)
        for action in actions:
            values[action].append(
                fast_rollout_value(world.copy(), action, observation.seat, random.Random(stream))
            )
    return values


def _better_than_prior(values: dict[Action, list[float]], prior: Action, z: float) -> Action:
    """The action whose paired advantage over ``prior`` is largest and at least ``z`` standard errors.

    The values of each action were measured in the same worlds with the same random streams, so the
    per-world differences to the prior are compared (a paired test); when no action is clearly
    better, the prior stands.
    """
    best, best_mean = prior, 0.0
    base = values[prior]
    for action, measured in values.items():
        if action == prior:
            continue
        diffs = [a - b for a, b in zip(measured, base, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if mean <= best_mean:
            continue
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        if mean > z * spread / math.sqrt(n):
            best, best_mean = action, mean
    return best


BOT_NAMES = ("random", "greedy", "ismc")


def make_bot(spec: str, rules: Rules | None = None) -> Bot:
    """A bot from its name: ``random``, ``greedy``, ``ismc`` or ``ismc:BUDGET`` (e.g. ``ismc:8``)."""
    rules = Rules() if rules is None else rules
    name, _, arg = spec.strip().partition(":")
    if name == "ismc":
        if not arg:
            return IsmcBot(rules)
        if not (arg.isascii() and arg.isdigit()) or int(arg) < 1:
            raise ValueError(f"bot {spec!r}: the ismc budget must be a whole number of at least 1")
        return IsmcBot(rules, int(arg), name=f"ismc:{int(arg)}")
    if arg:
        raise ValueError(f"bot {spec!r}: only ismc takes a parameter (ismc:BUDGET)")
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot(rules)
    raise ValueError(f"unknown bot {spec!r}; expected one of {', '.join(BOT_NAMES)} (or ismc:BUDGET)")


def parse_bots(text: str, rules: Rules | None = None) -> tuple[Bot, ...]:
    """Bots from a comma-separated list such as ``random,greedy,ismc:8``."""
    specs = [s for s in text.split(",") if s.strip()]
    if not specs:
        raise ValueError("name at least one bot (random, greedy, ismc or ismc:BUDGET)")
    return tuple(make_bot(s, rules) for s in specs)


def as_policy(bot: Bot) -> Policy:
    """The bot as a :data:`froeschis.games.froeschis.bots.Policy`: it is shown the mover's observation only,
    and an action it returns that is not legal is a :class:`ValueError` naming the bot."""

    def policy(state: GameState, rng: random.Random) -> Action:
        seat = state.current_player
        observation = observe(state, seat)
        action = bot.act(observation, rng)
        if action not in observation.legal_actions:
            raise ValueError(
                f"bot {bot.name!r} at seat {seat} chose {action}, which is not one of "
                f"{[str(a) for a in observation.legal_actions]}"
            )
        return action

    return policy


def play_bots(
    bots: Sequence[Bot],
    seed: int,
    rules: Rules | None = None,
    on_step: StepHook | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[GameState, GameRecord]:
    """Play a game between ``bots`` (seat ``i`` is ``bots[i]``) to the end.

    Chance draws from ``random.Random(seed)`` and each seat's bot from its own stream
    (:func:`seat_rng`), so one bot's use of randomness never changes the deals the others get: the
    same seed gives the same shuffles whichever bots play, as long as they make the same choices.
    Raises :class:`ValueError` when a bot returns an action that is not legal, and
    :class:`~froeschis.framework.errors.GameTooLongError` when the game takes more than ``max_steps`` actions.
    """
    rules = Rules() if rules is None else rules
    policies = [as_policy(bot) for bot in bots]
    rngs = [seat_rng(seed, seat) for seat in range(len(bots))]
    start = new_game(len(bots), rules)
    chance = chance_from(random.Random(seed))
    final, actions = drive(start, policies, rngs, chance, on_step=on_step, max_steps=max_steps)
    return final, GameRecord(len(bots), rules, tuple(actions), seed)


Policy = Callable[[GameState, random.Random], Action]
"""A bot: picks one of ``state.legal_actions()``; may use the random source it is given."""


Chance = Callable[[GameState], Shuffle]
"""Who resolves chance: the outcome of a chance node."""


StepHook = Callable[[GameState, AnyAction, GameState, tuple[Event, ...]], None]
"""Sees every step: the state before, the action, the state after and the events."""


Until = Callable[[GameState, int], bool]
"""Stops the game early: asked before every action with the state and the actions played so far."""


def chance_from(rng: random.Random) -> Chance:
    """Chance nodes resolved by uniform shuffles from ``rng``."""

    def chance(state: GameState) -> Shuffle:
        return sample_chance(state, rng)

    return chance


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Picks uniformly among the legal actions."""
    return rng.choice(state.legal_actions())


def play_game(
    players: int,
    seed: int,
    rules: Rules | None = None,
    policies: tuple[Policy, ...] | None = None,
    max_steps: int = MAX_STEPS,
    on_step: StepHook | None = None,
) -> tuple[GameState, GameRecord]:
    """Play a game to the end; one random source seeded with ``seed`` drives chance and bots.

    The same seed, rules and policies always give the same game. ``on_step`` sees every step with
    its events. A game longer than ``max_steps`` actions raises
    :class:`~froeschis.framework.errors.GameTooLongError`.
    """
    rules = Rules() if rules is None else rules
    bots = policies if policies is not None else (random_policy,) * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(bots)}")
    rng = random.Random(seed)
    start = new_game(players, rules)
    rngs = (rng,) * players
    final, actions = drive(start, bots, rngs, chance_from(rng), on_step=on_step, max_steps=max_steps)
    return final, GameRecord(players, rules, tuple(actions), seed)
