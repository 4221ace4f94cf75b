"""``python_froeschis`` through the generic OpenSpiel wrapper (froeschis.interop.openspiel, Fröschis'
numbers in froeschis.games.froeschis.encoding): seeded games for every player count and variant give at
every step the ids, chance outcomes and probabilities, texts, observations, information states and
returns of tests/data/python_froeschis.json. The file was written by the wrapper of Fröschis' own
(commit 24029a1's froeschis/interop/openspiel.py), after the generic one had played the same games
in lock-step with it; ``python -m tests.games.froeschis.test_spiel_froeschis`` rewrites it, and the test
diffs it."""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from froeschis.games.froeschis.readings import VARIANT_OPTIONS  # noqa: E402
from froeschis.interop.openspiel import short_name  # noqa: E402  # registers python_froeschis
from tests.golden_digests import digests  # noqa: E402
from tests.spiel_trace import steps  # noqa: E402

SHORT_NAME = short_name("froeschis")
GOLDEN = Path(__file__).resolve().parents[2] / "data" / "python_froeschis.json"

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
def test_python_froeschis_gives_the_golden_games(
    players: int, variants: tuple[str, ...], seed: int, draw: float
) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[key(players, variants, seed, draw)]
    assert trace(SHORT_NAME, players, variants, seed, draw) == golden


def main() -> None:
    """Write the golden file from ``python_froeschis``."""
    golden = {key(*config): trace(SHORT_NAME, *config) for config in CONFIGS}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()


def test_a_resampled_state_saves_as_itself() -> None:
    """A resampled state has no history to replay from the start (the real one would tell the
    hidden cards): pickled and serialised, it comes back as the table it is, not the game's start."""
    game = pyspiel.load_game(SHORT_NAME, {"players": 2})
    state = next(s.clone() for s in _decisions(game.new_initial_state(), seed=3) if len(s.history()) >= 200)
    other = state.resample_from_infostate(0, lambda: 0.3)
    assert other.game_state != state.game_state
    serialised = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))[1]
    for back in (pickle.loads(pickle.dumps(other)), serialised):
        assert type(back) is type(other) and back.game_state == other.game_state
        assert back.information_state_string(0) == other.information_state_string(0)
        assert back.legal_actions() == other.legal_actions()


def _decisions(state: Any, seed: int) -> Iterator[Any]:
    """The decision states of a random game from ``state`` (the same object, played on)."""
    for _ in steps([state], seed, 0.5):
        if not state.is_chance_node() and not state.is_terminal():
            yield state
