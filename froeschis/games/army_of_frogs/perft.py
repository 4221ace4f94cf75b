"""Perft: the number of action sequences of a given length from a state, and its division by the
first action, for comparing engines as Hive and chess engines do.

A state holds the bag's order (the draws still to come), so after the shuffle a game tree has no
chance node: a position's perft counts decisions only, every draw fixed by the position. A forced
pass (``no-move``, ``no-add``) counts as one action; moves leading to mirror images are distinct
(board.hex-grid); a state where the game is over has no actions, so it adds nothing to perft at any
depth above 0 (perft(state, 0) is 1 for every state, over or not). At the shuffle, each distinct
order of the bag is one branch.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path

from froeschis.games.army_of_frogs.actions import AnyAction
from froeschis.games.army_of_frogs.chance import chance_outcomes
from froeschis.games.army_of_frogs.engine import ArmyState, play
from froeschis.games.army_of_frogs.notation import parse_position


def _branches(state: ArmyState) -> tuple[AnyAction, ...]:
    if state.is_chance:
        return tuple(chance_outcomes(state))
    return state.legal_actions()


def perft(state: ArmyState, depth: int) -> int:
    """How many sequences of ``depth`` actions lead from ``state`` (the leaves at that depth)."""
    if depth < 0:
        raise ValueError(f"a perft depth is 0 or more, not {depth}")
    if depth == 0:
        return 1
    branches = _branches(state)
    if depth == 1:
        return len(branches)
    return sum(perft(play(state, action), depth - 1) for action in branches)


def divide(state: ArmyState, depth: int) -> dict[str, int]:
    """perft(``depth``) split by the first action: each action's text and the perft(depth - 1) of the
    state it leads to, in the order of the actions (the first place two engines differ is found by
    walking down the first action whose counts differ)."""
    if depth < 1:
        raise ValueError(f"divide needs a depth of 1 or more, not {depth}")
    return {str(action): perft(play(state, action), depth - 1) for action in _branches(state)}


class NamedPositions(Mapping[str, ArmyState]):
    """The positions of the perft table by name, each parsed when it is looked up, afresh each time
    (a state remembers its legal actions once listed, which a bench must not inherit); the names
    alone, which a help text lists, cost no parsing (some 5 ms for the fourteen)."""

    def __init__(self, notations: Mapping[str, str]) -> None:
        self._notations = dict(notations)

    def __getitem__(self, name: str) -> ArmyState:
        return parse_position(self._notations[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._notations)

    def __len__(self) -> int:
        return len(self._notations)


def named_positions(spec: Path) -> NamedPositions:
    """The positions of ``spec/army-of-frogs/perft.toml`` (``spec`` is the game's folder), by name."""
    table = tomllib.loads((spec / "perft.toml").read_text(encoding="utf-8"))
    return NamedPositions({row["name"]: row["notation"] for row in table["position"]})
