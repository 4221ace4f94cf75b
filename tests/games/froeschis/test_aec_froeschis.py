"""Fröschis through the generic PettingZoo environment (froeschis.interop.pettingzoo, Fröschis' numbers in
froeschis.games.froeschis.encoding), as ``froeschis_v0`` and as ``GameEnv("froeschis")``: seeded games
for every player count and rule set give, at every step of two episodes (seeded, then the stream's
next), the agent to act, every agent's observation and action mask, the rewards, terminations,
truncations and text of tests/data/froeschis_v0.json. The file was written by froeschis_v0 when it
was its own environment (commit 6942ef5's froeschis/interop/pettingzoo.py), after the generic one
had played the same games in lock-step with it; ``python -m tests.games.froeschis.test_aec_froeschis``
rewrites
it, and the test diffs it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from froeschis.framework.loop import MAX_STEPS
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.interop import froeschis_v0
from froeschis.interop.pettingzoo import GameEnv
from tests.golden_digests import digests

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "froeschis_v0.json"

RULE_SETS: list[tuple[str, ...]] = [(), *((option,) for option in VARIANT_OPTIONS), VARIANT_OPTIONS]
CONFIGS = [(players, variants) for players in (2, 3, 4) for variants in RULE_SETS]
DRAW_ID = 0


def said(env: Any) -> dict[str, Any]:
    """Everything the environment says now."""
    return {
        "selected": env.agent_selection,
        "agents": list(env.agents),
        "observations": {
            agent: {key: value.tolist() for key, value in env.observe(agent).items()} for agent in env.agents
        },
        "rewards": dict(env.rewards),
        "cumulative": dict(env._cumulative_rewards),
        "terminations": dict(env.terminations),
        "truncations": dict(env.truncations),
        "text": env.render(),
    }


def spaces_of(env: Any) -> list[Any]:
    return [
        (
            str(env.action_space(agent)),
            env.observation_space(agent)["observation"].low.tolist(),
            env.observation_space(agent)["observation"].high.tolist(),
            str(env.observation_space(agent)),
        )
        for agent in env.possible_agents
    ]


def played(envs: list[Any], players: int, variants: tuple[str, ...]) -> Iterator[list[dict[str, Any]]]:
    """Every environment's :func:`said` at every step of two episodes (seeded, then the stream's
    next), all given the same actions: random legal ones, drawing half the times it may."""
    rng = random.Random(players)
    for seed in (players * 10 + len(variants), None):
        for env in envs:
            env.reset(seed=seed)
        first = envs[0]
        for agent in first.agent_iter():
            yield [said(env) for env in envs]
            _, _, terminated, truncated, _ = first.last()
            action = None
            if not (terminated or truncated):
                legal = [int(i) for i in np.flatnonzero(first.observe(agent)["action_mask"])]
                action = DRAW_ID if DRAW_ID in legal and rng.random() < 0.5 else rng.choice(legal)
            for env in envs:
                env.step(action)
        yield [said(env) for env in envs]


def froeschis_env(players: int, variants: tuple[str, ...]) -> Any:
    return froeschis_v0.raw_env(players, "ansi", **dict.fromkeys(variants, True))


def generic_env(players: int, variants: tuple[str, ...]) -> GameEnv:
    return GameEnv("froeschis", players, "ansi", MAX_STEPS, **dict.fromkeys(variants, True))


def trace(env: Any, players: int, variants: tuple[str, ...]) -> dict[str, Any]:
    count, found = digests(seen[0] for seen in played([env], players, variants))
    action_space, _, _, observation_space = spaces_of(env)[0]
    return {"steps": count, "digests": found, "spaces": [action_space, observation_space]}


def key(players: int, variants: tuple[str, ...]) -> str:
    return f"{players}p {'+'.join(variants) or 'published'}"


@pytest.mark.clause("game.returns", "round.deal")
@pytest.mark.parametrize(
    ("make", "players", "variants"),
    [
        *((froeschis_env, *config) for config in CONFIGS),
        *((generic_env, players, ()) for players in (2, 3, 4)),  # what differs is only the episode's class
    ],
    ids=lambda value: getattr(value, "__name__", str(value)),
)
def test_the_environments_give_the_golden_games(make: Any, players: int, variants: tuple[str, ...]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[key(players, variants)]
    assert trace(make(players, variants), players, variants) == golden


def main() -> None:
    """Write the golden file from froeschis_v0."""
    golden = {key(*config): trace(froeschis_env(*config), *config) for config in CONFIGS}
    GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
