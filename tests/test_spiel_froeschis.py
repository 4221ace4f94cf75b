"""Fröschis through the generic OpenSpiel wrapper (froeschis.interop.spiel, Fröschis' numbers in
froeschis.core.game_encoding): seeded games for every player count and variant give at every step
the ids, chance outcomes and probabilities, texts, observations, information states and returns
of tests/data/python_froeschis.json, written by the wrapper of Fröschis' own before the generic
one replaced it (``python -m tests.test_spiel_froeschis`` rewrites it from ``python_froeschis``;
the test diffs it)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import froeschis.interop.openspiel  # noqa: E402,F401  # registers python_froeschis
from froeschis.core.readings import VARIANT_OPTIONS  # noqa: E402
from froeschis.core.state import Phase  # noqa: E402
from froeschis.interop import spiel  # noqa: E402
from tests.spiel_trace import digests, steps  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / "python_froeschis.json"
GENERIC = "python_froeschis_generic"
spiel.register(attrs.evolve(spiel.FROESCHIS, short_name=GENERIC))

RULE_SETS: list[tuple[str, ...]] = [(), *((option,) for option in VARIANT_OPTIONS), VARIANT_OPTIONS]
"""The published game, each variant on its own, and all of them together."""
RESHUFFLING = {(): 0, ("optional_frog_swap",): 1, ("reveal_at_round_end",): 0, VARIANT_OPTIONS: 1}
"""For these rule sets, the first seed whose 4-player game, drawing whenever it may, reaches a
reshuffle (random play takes the discard so often that the draw pile never runs out otherwise)."""
CONFIGS = [
    *(
        (players, variants, seed, 0.5)
        for seed, (players, variants) in enumerate((p, v) for p in (2, 3, 4) for v in RULE_SETS)
    ),
    *((4, variants, seed, 1.0) for variants, seed in RESHUFFLING.items()),
]
"""Every player count with every rule set, one seed each, drawing half the times it may; and games
that reach reshuffles."""
MORE_SEEDS = range(100, 100 + int(os.environ.get("FROESCHIS_SPIEL_SEEDS", "0")))
"""More seeds for the lock-step (``FROESCHIS_SPIEL_SEEDS=20``: twenty more games per config)."""


def key(players: int, variants: tuple[str, ...], seed: int, draw: float) -> str:
    return f"{players}p {'+'.join(variants) or 'published'} seed {seed} draw {draw}"


def load(name: str, players: int, variants: tuple[str, ...]) -> Any:
    return pyspiel.load_game(name, {"players": players, **dict.fromkeys(variants, True)})


def trace(name: str, players: int, variants: tuple[str, ...], seed: int, draw: float) -> dict[str, Any]:
    count, found = digests(
        seen[0] for seen in steps([load(name, players, variants).new_initial_state()], seed, draw)
    )
    return {"steps": count, "digests": found}


@pytest.mark.clause("round.deal", "draw.reshuffle", "game.returns")
@pytest.mark.parametrize(("players", "variants", "seed", "draw"), CONFIGS, ids=lambda v: str(v))
def test_the_generic_wrapper_gives_the_golden_games(
    players: int, variants: tuple[str, ...], seed: int, draw: float
) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[key(players, variants, seed, draw)]
    assert trace(GENERIC, players, variants, seed, draw) == golden


@pytest.mark.clause("round.deal", "draw.reshuffle", "game.returns")
@pytest.mark.parametrize(("players", "variants", "seed", "draw"), CONFIGS, ids=lambda v: str(v))
def test_the_generic_wrapper_plays_in_lock_step_with_python_froeschis(
    players: int, variants: tuple[str, ...], seed: int, draw: float
) -> None:
    """Both wrappers, the same actions: everything either says is the same at every step."""
    for each in (seed, *MORE_SEEDS):
        states = [load(name, players, variants).new_initial_state() for name in ("python_froeschis", GENERIC)]
        count, reshuffled = 0, False
        for old, new in steps(states, each, draw):
            assert new == old, f"step {count}"
            count += 1
            reshuffled |= states[1].state.phase is Phase.RESHUFFLE
        assert states[0].is_terminal() and states[1].returns() == states[0].returns()
        assert count > 300 and reshuffled >= (draw == 1.0)


def main() -> None:
    """Write the golden file from ``python_froeschis`` (the wrapper named by argv[1], if given)."""
    name = sys.argv[1] if len(sys.argv) > 1 else "python_froeschis"
    golden = {key(*config): trace(name, *config) for config in CONFIGS}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
