"""Exhaustive exploration of tiny games: every reachable state, and perft-style path counts.

With a custom deck of a few cards (``Rules(deck=..., row_length=...)``) the whole state graph is
small enough to walk: chance nodes branch into every distinct order of their pool
(:func:`froeschis.core.chance.distinct_orders`), decision nodes into every legal action. The counts
are a fingerprint another implementation can compare against (``spec/census.toml``), and the walk
checks the invariants of :mod:`froeschis.verify.invariants` in every state and on every edge.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

import attrs

from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.cards import Card, parse_card
from froeschis.core.chance import distinct_orders
from froeschis.core.engine import GameState, new_game
from froeschis.core.events import Event
from froeschis.core.rules import Rules, with_variants

StepCheck = Callable[[GameState, GameState, tuple[Event, ...]], None]
StateCheck = Callable[[GameState], None]


def successors(state: GameState) -> Iterator[AnyAction]:
    """Every action from ``state``: each distinct shuffle at chance nodes, else the legal actions."""
    if state.is_chance:
        for order in distinct_orders(state.chance_pool()):
            yield Shuffle(order)
    else:
        yield from state.legal_actions()


@attrs.frozen
class Census:
    """How many states of each kind a game has, and how many edges join them."""

    states: int
    chance: int
    decisions: int
    terminal: int
    edges: int
    max_round: int


def explore(
    players: int,
    rules: Rules,
    check_state: StateCheck | None = None,
    check_step: StepCheck | None = None,
    max_states: int = 2_000_000,
) -> Census:
    """Walk every state reachable from the start, checking each state and step if asked to."""
    start = new_game(players, rules)
    seen = {start}
    queue = deque([start])
    chance = decisions = terminal = edges = max_round = 0
    while queue:
        state = queue.popleft()
        if check_state is not None:
            check_state(state)
        max_round = max(max_round, state.round)
        if state.is_terminal:
            terminal += 1
        elif state.is_chance:
            chance += 1
        else:
            decisions += 1
        for action in successors(state):
            after, events = state.step(action)
            edges += 1
            if check_step is not None:
                check_step(state, after, events)
            if after not in seen:
                if len(seen) >= max_states:
                    raise RuntimeError(f"more than {max_states} states: the configuration is too large")
                seen.add(after)
                queue.append(after)
    return Census(len(seen), chance, decisions, terminal, edges, max_round)


def perft(state: GameState, depth: int, memo: dict[tuple[GameState, int], int] | None = None) -> int:
    """The number of action paths of length ``depth`` from ``state`` (paths ending early count
    once, at the terminal state), as chess engines count move paths to compare move generators.

    Paths through equal states are counted once per path but computed once (``memo``).
    """
    if depth == 0 or state.is_terminal:
        return 1
    memo = {} if memo is None else memo
    key = (state, depth)
    if key not in memo:
        memo[key] = sum(perft(state.apply(action), depth - 1, memo) for action in successors(state))
    return memo[key]


def divide(state: GameState, depth: int) -> dict[str, int]:
    """``perft`` split by first action: where two implementations disagree, follow the branch."""
    return {str(action): perft(state.apply(action), depth - 1) for action in successors(state)}


def tiny_deck(text: str) -> tuple[Card, ...]:
    """A deck written as card texts, e.g. ``"1 1 2 F T"``."""
    return tuple(parse_card(token) for token in text.split())


@attrs.frozen
class TinyConfig:
    """A tiny game whose whole state graph is walked (and recorded in ``spec/census.toml``)."""

    name: str
    players: int
    row_length: int
    deck: str
    variant: str | None = None
    """A Rules option switched on (see :data:`froeschis.core.rules.VARIANT_OPTIONS`), or None."""

    def rules(self) -> Rules:
        rules = Rules(deck=tiny_deck(self.deck), row_length=self.row_length)
        return with_variants(rules, self.variant) if self.variant else rules


_BASES = (
    ("duel-one-spot", 2, 1, "1 1 F T T"),
    ("trio-one-spot", 3, 1, "1 1 1 F T T"),
    ("duel-two-spots-lean", 2, 2, "1 2 2 F T T"),
    ("duel-two-spots", 2, 2, "1 1 2 2 F T T"),
)
TINY_CONFIGS = tuple(
    TinyConfig(f"{name}{'+' + variant if variant else ''}", players, row, deck, variant)
    for name, players, row, deck in _BASES
    for variant in (None, "discard_only_if_placeable", "optional_frog_swap", "reveal_at_round_end")
)
PERFT_DEPTH = 4


def census_toml(
    configs: tuple[TinyConfig, ...] = TINY_CONFIGS,
    check_state: StateCheck | None = None,
    check_step: StepCheck | None = None,
) -> str:
    """The text of ``spec/census.toml``: each configuration's census and perft(1..4), optionally
    checking every state and step of the walk."""
    lines = [
        "# State counts of tiny Fröschis games: a fingerprint to compare implementations by.",
        "# Generated by `froeschis census --write`; tests/test_explore.py regenerates it and diffs.",
        "# perft[d-1] counts the action paths of length d from the start (chance outcomes are the",
        "# distinct orders of the shuffled cards; a path that reaches the end early counts once).",
    ]
    for config in configs:
        rules = config.rules()
        census = explore(config.players, rules, check_state, check_step)
        memo: dict[tuple[GameState, int], int] = {}
        paths = [perft(new_game(config.players, rules), d, memo) for d in range(1, PERFT_DEPTH + 1)]
        lines += [
            "",
            "[[config]]",
            f'name = "{config.name}"',
            f"players = {config.players}",
            f"row_length = {config.row_length}",
            f'deck = "{config.deck}"',
            f'variant = "{config.variant or "none"}"',
            *(f"{field.name} = {getattr(census, field.name)}" for field in attrs.fields(Census)),
            f"perft = {paths}",
        ]
    return "\n".join(lines) + "\n"
