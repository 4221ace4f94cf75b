"""The games a candidate is driven through: golden playthroughs, games reaching each side of each
number of the catalogue (:mod:`froeschis.games.froeschis.boundaries`), rigged, biased and random
games.

Every scenario is a whole action list, chance outcomes included, made by the reference engine, so
it is a legal game by construction. Rigged games stack the deal so that a chosen seat (or every
seat) completes its row on its first turn: they reach round ends, start-seat rotation, shorter
rows, one-spot rows and shared wins within a few dozen actions, with the standard deck. Biased
games use short rows and custom decks (frog-heavy, tiny for draw-pile exhaustion, one-spot rows
for simultaneous winners); they need the rules features that the engine declares.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import attrs

from froeschis.framework.boundaries import Plays
from froeschis.framework.boundary_search import boundary_scenarios
from froeschis.framework.checks import Scenario
from froeschis.framework.loop import drive
from froeschis.framework.playthroughs import golden_first, read_header
from froeschis.games.froeschis.actions import DRAW, SWAP, Action, Shuffle
from froeschis.games.froeschis.bots import Policy, greedy_policy, random_policy
from froeschis.games.froeschis.boundaries import BOUNDARIES
from froeschis.games.froeschis.cards import FROG, TRASH, Card, number
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules, standard_deck, with_variants
from froeschis.games.froeschis.state import Phase
from froeschis.games.froeschis.tiny import tiny_deck


def needs(rules: Rules) -> frozenset[str]:
    """The rules features (protocol hello ``rules``) an engine must support to play a game of ``rules``."""
    found = {name for name in VARIANT_OPTIONS if getattr(rules, name)}
    if rules.row_length != 8:
        found.add("row_length")
    if rules.deck != standard_deck():
        found.add("deck")
    return frozenset(found)


# --------------------------------------------------------------------------- policies


def drawing_policy(state: GameState, rng: random.Random) -> Action:
    """Always draws (so the draw pile runs out), frogs on the lowest face-down spot, always swaps."""
    legal = state.legal_actions()
    if DRAW in legal:
        return DRAW
    return SWAP if SWAP in legal else legal[0]


def mostly_drawing_policy(state: GameState, rng: random.Random) -> Action:
    return drawing_policy(state, rng) if rng.random() < 0.8 else random_policy(state, rng)


def _play(
    name: str,
    purpose: str,
    source: str,
    players: int,
    rules: Rules,
    seed: int,
    policy: Policy,
    deal: Callable[[GameState, random.Random], Shuffle] | None = None,
    max_actions: int = 5000,
    rig: Callable[[GameState, random.Random], Shuffle] | None = None,
) -> Scenario:
    """A scenario: the game ``policy`` plays in every seat, chance from ``seed`` (``deal`` rigs the
    deals, ``rig`` every chance node); cut after ``max_actions`` actions."""
    rng = random.Random(seed)

    def chance(state: GameState) -> Shuffle:
        if rig is not None:
            return rig(state, rng)
        if state.phase is Phase.DEAL and deal is not None:
            return deal(state, rng)
        return sample_chance(state, rng)

    def cut(state: GameState, played: int) -> bool:
        return played >= max_actions

    _, actions = drive(new_game(players, rules), (policy,) * players, (rng,) * players, chance, until=cut)
    return Scenario(name, purpose, players, rules, tuple(actions), source, needs(rules))


# --------------------------------------------------------------------------- rigged deals


def rigged_deal(
    quick_seats: Callable[[GameState], list[int]],
) -> Callable[[GameState, random.Random], Shuffle]:
    """A deal in which each quick seat holds 2, 3, ..., L (and any card last) and draws a 1 or a frog.

    Drawing it, the seat places the 1 (or the frog on spot 1), reveals the 2, places it, and so on:
    its row is complete after one turn. The quick seats draw in turn order from the round's start.
    """

    def deal(state: GameState, rng: random.Random) -> Shuffle:
        pool = Counter(state.chance_pool())
        n = state.num_players
        order_of_play = [(state.turn + k) % n for k in range(n)]
        quick = [s for s in order_of_play if s in quick_seats(state)]
        rows: dict[int, list[Card]] = {}

        def take(card: Card) -> Card | None:
            if pool[card] > 0:
                pool[card] -= 1
                return card
            return None

        for seat in quick:
            length = state.players[seat].length
            needed = [number(k) for k in range(2, length + 1)]
            if any(pool[c] < needed.count(c) for c in set(needed)):
                quick = quick[: quick.index(seat)]
                break
            rows[seat] = [c for c in needed if take(c)]
        tops: list[Card] = []
        frog_first = rng.random() < 0.3  # sometimes a frog instead of the 1: frogs count too
        for k in range(len(quick)):
            card = take(FROG if k == 0 and frog_first else number(1)) or take(FROG) or take(number(1))
            if card is None:
                break
            tops.append(card)
        rest = list(pool.elements())
        rng.shuffle(rest)
        order: list[Card] = []
        for seat in range(n):
            length = state.players[seat].length
            row = rows.get(seat, [])
            while len(row) < length:
                row.append(rest.pop())
            order += row
        order += tops + rest
        return Shuffle(tuple(order))

    return deal


def lucky_rows_deal(state: GameState, rng: random.Random) -> Shuffle:
    """A deal in which the round's first player completes on its first turn (as in
    :func:`rigged_deal`) and every other row lies in order, 1, 2, 3, ... face down: lucky rows, which
    the reveal-at-round-end variant counts as complete (falls back to a random shuffle when the pool
    lacks the cards)."""
    pool = Counter(state.chance_pool())
    n, starter = state.num_players, state.turn
    rows: dict[int, list[Card]] = {}
    for seat in range(n):
        length = state.players[seat].length
        first = 2 if seat == starter else 1
        rows[seat] = [number(k) for k in range(first, length + 1)]
    needed = Counter(c for row in rows.values() for c in row) + Counter({number(1): 1})
    if any(pool[c] < k for c, k in needed.items()):
        return sample_chance(state, rng)
    rest = list((pool - needed).elements())
    rng.shuffle(rest)
    rows[starter].append(rest.pop())
    order = [c for seat in range(n) for c in rows[seat]] + [number(1)] + rest
    return Shuffle(tuple(order))


def _starter(state: GameState) -> list[int]:
    return [state.turn]


def _everyone(state: GameState) -> list[int]:
    return list(range(state.num_players))


# --------------------------------------------------------------------------- starved rounds

MISSING_SPOTS = {2: ((7, 8), (5, 6)), 3: ((7, 8), (6,), (5,)), 4: ((8,), (7,), (6,), (5,))}
"""The spots each seat's first turn leaves face down in a starved round: different for every seat,
so a card one seat still needs is dead for the others; a frog lies on each of them, four in all."""


def _dead_for(face_up: Sequence[bool], card: Card) -> bool:
    """Whether ``card`` is dead for a row whose spots are ``face_up`` (and show no frog)."""
    return card.is_trash or (card.is_number and card.number <= len(face_up) and face_up[card.number - 1])


def _starved_order(
    cards: Sequence[Card], drawers: Sequence[Sequence[bool]], rng: random.Random
) -> list[Card]:
    """``cards`` in an order in which each is dead for the row that draws it (the rows draw in turn,
    ``drawers[0]`` first), as long as such a card is left; the others come last."""
    left = list(cards)
    rng.shuffle(left)
    order: list[Card] = []
    while left:
        row = drawers[len(order) % len(drawers)]
        pick = next((c for c in left if _dead_for(row, c)), left[0])
        left.remove(pick)
        order.append(pick)
    return order


@attrs.define
class StarvedChance:
    """Chance that starves a game's first round, so that the draw pile runs out again and again.

    The deal gives every seat a row whose first turn (drawing a 1) turns all its spots face up but
    those of :data:`MISSING_SPOTS`, which hide the four frogs; every card drawn after that is dead for
    the seat that draws it. The first ``reshuffles`` reshuffles are ordered the same way, later ones
    at random, and then someone completes. Standard rules and deck; two to four players.
    """

    reshuffles: int
    done: int = 0

    def __call__(self, state: GameState, rng: random.Random) -> Shuffle:
        n = state.num_players
        if state.round != 1 or n not in MISSING_SPOTS or state.rules.deck != standard_deck():
            return sample_chance(state, rng)
        if state.phase is Phase.DEAL:
            return self._deal(state, rng)
        if self.done >= self.reshuffles:
            return sample_chance(state, rng)
        self.done += 1
        rows = [[s.face_up for s in p.row.spots] for p in state.players]
        drawers = [rows[(state.turn + k) % n] for k in range(n)]
        return Shuffle(tuple(_starved_order(state.chance_pool(), drawers, rng)))

    @staticmethod
    def _deal(state: GameState, rng: random.Random) -> Shuffle:
        pool = Counter(state.chance_pool())
        rows: list[list[Card]] = []
        after_first_turn: list[list[bool]] = []
        for seat, missing in enumerate(MISSING_SPOTS[state.num_players]):
            length = state.players[seat].length
            visited = [k for k in range(1, length + 1) if k not in missing]
            row: dict[int, Card] = {k: FROG for k in missing}
            row |= {k: number(after) for k, after in itertools.pairwise(visited)}
            row[visited[-1]] = TRASH
            rows.append([row[k] for k in range(1, length + 1)])
            after_first_turn.append([k not in missing for k in range(1, length + 1)])
        needed = Counter(c for row in rows for c in row) + Counter({number(1): state.num_players})
        if any(pool[c] < k for c, k in needed.items()):
            return sample_chance(state, rng)
        rest = list((pool - needed).elements())
        n = state.num_players
        drawers = [after_first_turn[(state.turn + k) % n] for k in range(n)]
        order = [c for row in rows for c in row] + [number(1)] * n + _starved_order(rest, drawers, rng)
        return Shuffle(tuple(order))


# --------------------------------------------------------------------------- the scenario sets


def rigged_scenarios(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Short standard-deck games with quick rounds; every engine can play them."""
    for players in (2, 3, 4):
        yield _play(
            f"rigged-all-complete-{players}p",
            "every seat completes on its first turn in every round: final-turn completions, shared wins",
            "rigged",
            players,
            Rules(),
            seed + players,
            drawing_policy,
            rigged_deal(_everyone),
        )
        if quick and players != 3:
            continue
        yield _play(
            f"rigged-starter-completes-{players}p",
            "the round's first player completes at once: many short rounds, start-seat rotation, row lengths",
            "rigged",
            players,
            Rules(),
            seed + 10 + players,
            mostly_drawing_policy,
            rigged_deal(_starter),
        )
    for players, name, deal in (
        (3, "reveal_at_round_end", lucky_rows_deal),
        (2, "optional_frog_swap", rigged_deal(_starter)),
    ):
        yield _play(
            f"rigged-starter-{name.replace('_', '-')}-{players}p",
            f"quick rounds under the {name} option",
            "rigged",
            players,
            with_variants(Rules(), name),
            seed + 20 + players,
            random_policy,
            deal,
        )


FROG_DECK = tiny_deck("1 1 1 2 2 2 3 3 3 4 4 4 F F F F F F T T")
"""Numbers 1-4, many frogs: frog chains and frog swaps in every game."""
TINY_DECK = tiny_deck("1 1 2 2 F T T T")
"""Eight cards for rows of two: lucky rows are likely when the round ends."""
SPARE_DECK = tiny_deck("1 1 2 2 3 3 4 4 F T T T")
"""Twelve cards for two rows of four: the draw pile runs out again and again."""
LEAST_DECK = tiny_deck("1 1 2 2 3 3 4 4 F T")
"""Ten cards for two rows of four: exactly the two cards beyond the rows that round.deal requires,
the least deck a game may have (an engine off by one refuses it)."""
SPARE_DECK_3P = tiny_deck("1 1 1 2 2 2 3 3 3 4 4 4 F T T T T")
"""Seventeen cards for three rows of four."""
ONE_SPOT_DECK = tiny_deck("1 1 1 1 1 2 2 F F F T T")
"""For one-spot rows: several players complete in the same round and share the win."""


def biased_scenarios(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Games biased toward rare situations; most need the row_length and deck rules features."""
    configs: list[tuple[str, str, int, Rules, Policy]] = [
        (
            "short-row-1",
            "rows of one spot from the start: game end, shared wins",
            3,
            Rules(row_length=1),
            random_policy,
        ),
        (
            "short-row-3",
            "rows of three: most numbers are trash (dead.above-row-length)",
            2,
            Rules(row_length=3),
            random_policy,
        ),
        ("short-row-5", "rows of five", 4, Rules(row_length=5), random_policy),
        (
            "frog-chains",
            "a frog-heavy deck: frog chains and swaps",
            3,
            Rules(row_length=4, deck=FROG_DECK),
            random_policy,
        ),
        (
            "frog-chains-optional",
            "frog swaps under the optional-swap variant",
            2,
            Rules(row_length=4, deck=FROG_DECK, optional_frog_swap=True),
            random_policy,
        ),
        (
            "exhaustion",
            "few spare cards: the draw pile runs out, reshuffles",
            2,
            Rules(row_length=4, deck=SPARE_DECK),
            mostly_drawing_policy,
        ),
        (
            "exhaustion-least",
            "the least deck the rules allow: two cards beyond the rows",
            2,
            Rules(row_length=4, deck=LEAST_DECK),
            mostly_drawing_policy,
        ),
        (
            "exhaustion-3p",
            "few spare cards with three players",
            3,
            Rules(row_length=4, deck=SPARE_DECK_3P),
            mostly_drawing_policy,
        ),
        (
            "one-spot-shared-win",
            "one-spot rows and many 1s: simultaneous winners",
            4,
            Rules(row_length=1, deck=ONE_SPOT_DECK),
            drawing_policy,
        ),
        (
            "lucky-rows",
            "short rows under the reveal-at-round-end variant",
            2,
            Rules(row_length=2, deck=TINY_DECK, reveal_at_round_end=True),
            random_policy,
        ),
        (
            "placeable-discard",
            "the discard-if-placeable variant with short rows",
            3,
            Rules(row_length=3, deck=FROG_DECK, discard_only_if_placeable=True),
            random_policy,
        ),
    ]
    repeats = 1 if quick else 2
    for k in range(repeats):
        for index, (name, purpose, players, rules, policy) in enumerate(configs):
            yield _play(
                f"{name}-{k}", purpose, "biased", players, rules, seed * 1000 + 100 * k + index, policy
            )


def starved_scenarios(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Standard games whose first round runs the draw pile out again and again (reshuffles): every
    engine can play them. After the biased games, whose tiny decks give shorter reproductions."""
    for players in (2, 4) if quick else (2, 3, 4):
        yield _play(
            f"rigged-starved-{players}p",
            "a first round in which every draw is dead: the draw pile runs out again and again, reshuffles",
            "rigged",
            players,
            Rules(),
            seed + 30 + players,
            drawing_policy,
            rig=StarvedChance(reshuffles=3),
        )


def random_scenarios(count: int, seed: int) -> Iterator[Scenario]:
    """Seeded games between random bots; every third one plays one of the variants."""
    for i in range(count):
        players = 2 + i % 3
        name = VARIANT_OPTIONS[(i // 3) % len(VARIANT_OPTIONS)] if i % 3 == 2 else None
        rules = with_variants(Rules(), *([name] if name else []))
        label = f"-{name.replace('_', '-')}" if name else ""
        yield _play(
            f"random-{i}{label}-{players}p",
            "random bots",
            "random",
            players,
            rules,
            seed * 100_000 + i,
            random_policy,
        )


def _golden(path: Path) -> Scenario:
    play = read_header(path)
    if not isinstance(play.players, int):
        raise TypeError("players is not a number")
    clauses = ", ".join(play.clauses)
    purpose = play.purpose + (f" [{clauses}]" if clauses else "")
    return Scenario(path.stem, purpose, play.players, play.rules, play.actions, "golden", needs(play.rules))


BOUNDARY_PLAYS = Plays(
    new_game,
    sample_chance,
    ((lambda rules: random_policy,), (lambda rules: greedy_policy,)),
    (2, 3, 4),
    needs,
    Rules(),
    5000,
)
"""How the boundary search plays: random bots and greedy ones, two, three and four players in turn
(a seat that completes its row plays the next round with a shorter one)."""


def boundary_scenarios_of(seed: int) -> Iterator[Scenario]:
    """A game reaching each side of each number of the catalogue (:data:`BOUNDARIES`), searched
    once a process."""
    yield from boundary_scenarios(BOUNDARY_PLAYS, BOUNDARIES, seed)


def all_scenarios(
    vectors: Path | None, random_games: int, seed: int, quick: bool = False
) -> tuple[Iterator[Scenario], list[str]]:
    """Every scenario of a check, in the order they are run (golden, boundaries, rigged, biased,
    starved, random), made one at a time as the check goes on; and notes about golden files that
    could not be read."""
    return golden_first(
        vectors,
        _golden,
        boundary_scenarios_of(seed),
        rigged_scenarios(seed, quick),
        biased_scenarios(seed, quick),
        starved_scenarios(seed, quick),
        random_scenarios(random_games, seed),
    )
