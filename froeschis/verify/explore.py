"""Exhaustive exploration of a game's tiny configurations: every reachable state, and perft-style
path counts, for any game.

With a short deck or a small bag the whole state graph is small enough to walk: chance nodes branch
into every distinct outcome (the game's ``chance_outcomes``: every distinct order of the shuffled
cards), decision nodes into every legal action. The counts are a fingerprint another implementation
can compare against (each game's ``census.toml`` in its folder of ``spec/``), and the walk checks
the game's invariants in every state and on every edge.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game, Tiny
from froeschis.framework.registry import DEFAULT

StepCheck = Callable[[Any, Any, tuple[Any, ...]], None]
StateCheck = Callable[[Any], None]
Report = Callable[[str], None]
"""Told where a census stands, in a few words ("tiny-3p: 120,000 states walked"), now and then: a
walk takes minutes (Frog's), and ``froeschis census`` shows it on a terminal."""

REPORT_EVERY = 5_000
"""How many states a walk visits between two reports."""


class WalkTooLarge(FroeschisError):
    """An exhaustive walk that would hold more states than it was allowed (a configuration too
    large to be tiny): stopped, not left to fill the memory."""


MAX_OUTCOMES = 400_000
"""The most outcomes of one chance node a walk takes (nine different cards have 362,880 orders; a
full deck's orders could not be walked in a lifetime)."""


def successors(game: Game, state: Any) -> Iterator[Any]:
    """Every action from ``state``: each distinct chance outcome at chance nodes, else the legal
    actions. A chance node with more than :data:`MAX_OUTCOMES` outcomes raises :class:`WalkTooLarge`
    (a walk of it would not end)."""
    if not state.is_chance:
        yield from state.legal_actions()
        return
    for count, outcome in enumerate(game.chance_outcomes(state), 1):
        if count > MAX_OUTCOMES:
            raise WalkTooLarge(f"a chance node with more than {MAX_OUTCOMES:,} outcomes: too many to walk")
        yield outcome


@attrs.frozen
class Census:
    """How many states of each kind a game has, and how many edges join them."""

    states: int
    chance: int
    decisions: int
    terminal: int
    edges: int
    max_round: int
    """The latest round (Fröschis) or deal (Frog) any state reaches (the game's ``round_of``)."""


def explore(
    game: Game,
    players: int,
    rules: Any,
    check_state: StateCheck | None = None,
    check_step: StepCheck | None = None,
    max_states: int = 2_000_000,
    report: Callable[[int], None] | None = None,
) -> Census:
    """Walk every state reachable from the start, checking each state and step if asked to;
    ``report`` is told the states visited, every :data:`REPORT_EVERY`."""
    start = game.new_game(players, rules)
    seen = {start}
    queue = deque([start])
    chance = decisions = terminal = edges = max_round = visited = 0
    while queue:
        state = queue.popleft()
        visited += 1
        if report is not None and visited % REPORT_EVERY == 0:
            report(visited)
        if check_state is not None:
            check_state(state)
        max_round = max(max_round, game.round_of(state))
        if state.is_terminal:
            terminal += 1
        elif state.is_chance:
            chance += 1
        else:
            decisions += 1
        for action in successors(game, state):
            after, events = state.step(action)
            edges += 1
            if check_step is not None:
                check_step(state, after, events)
            if after not in seen:
                if len(seen) >= max_states:
                    raise WalkTooLarge(
                        f"more than {max_states:,} states: the configuration is too large to walk"
                    )
                seen.add(after)
                queue.append(after)
    return Census(len(seen), chance, decisions, terminal, edges, max_round)


def perft(game: Game, state: Any, depth: int, memo: dict[tuple[Any, int], int] | None = None) -> int:
    """The number of action paths of length ``depth`` from ``state`` (paths ending early count
    once, at the terminal state), as chess engines count move paths to compare move generators.

    Paths through equal states are counted once per path but computed once (``memo``).
    """
    if depth == 0 or state.is_terminal:
        return 1
    memo = {} if memo is None else memo
    key = (state, depth)
    if key not in memo:
        memo[key] = sum(
            perft(game, state.apply(action), depth - 1, memo) for action in successors(game, state)
        )
    return memo[key]


def divide(game: Game, state: Any, depth: int) -> dict[str, int]:
    """``perft`` split by first action: where two implementations disagree, follow the branch."""
    return {str(action): perft(game, state.apply(action), depth - 1) for action in successors(game, state)}


def _value(value: object) -> str:
    """A TOML value: a string quoted, a boolean in TOML's words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def census_command(game: Game) -> str:
    """The command that counts the game's tables, as their headers name it."""
    return "froeschis census" + ("" if game.name == DEFAULT else f" --game {game.name}")


def census_toml(
    game: Game,
    configs: Sequence[Tiny],
    check_state: StateCheck | None = None,
    check_step: StepCheck | None = None,
    report: Report | None = None,
    done: Callable[[Tiny], None] | None = None,
) -> str:
    """The text of the game's ``census.toml``: each configuration's census and perft(1..depth),
    optionally checking every state and step of the walk; ``report`` is told where the walk and the
    counts stand, ``done`` each configuration counted."""
    lines = [
        f"# State counts of tiny {game.title} games: a fingerprint to compare implementations by.",
        f"# Generated by `{census_command(game)} --write`; the tests regenerate it and diff.",
        "# perft[d-1] counts the action paths of length d from the start (chance outcomes are the",
        "# distinct orders of the shuffled cards or stones; a path that reaches the end early counts once).",
    ]
    for config in configs:
        lines += ["", *config_toml(game, config, check_state, check_step, report)]
        if done is not None:
            done(config)
    return "\n".join(lines) + "\n"


def config_toml(
    game: Game,
    config: Tiny,
    check_state: StateCheck | None = None,
    check_step: StepCheck | None = None,
    report: Report | None = None,
) -> list[str]:
    """One configuration's table of the census file: its census (when it is walked) and perft."""
    tell: Report = report if report is not None else (lambda words: None)
    counts: list[str] = []
    if config.walk:
        tell(f"{config.name}: walking its states")
        try:
            census = explore(
                game,
                config.players,
                config.rules,
                check_state,
                check_step,
                report=lambda states: tell(f"{config.name}: {states:,} states walked"),
            )
        except WalkTooLarge as error:
            raise WalkTooLarge(f"{game.name} {config.name}: {error}") from None
        counts = [f"{field.name} = {getattr(census, field.name)}" for field in attrs.fields(Census)]
    memo: dict[tuple[Any, int], int] = {}
    start = game.new_game(config.players, config.rules)
    paths = []
    for depth in range(1, config.perft_depth + 1):
        tell(f"{config.name}: perft to depth {depth} of {config.perft_depth}")
        paths.append(perft(game, start, depth, memo))
    return [
        "[[config]]",
        f'name = "{config.name}"',
        f"players = {config.players}",
        *(f"{key} = {_value(value)}" for key, value in config.details),
        *counts,
        f"perft = {paths}",
    ]
