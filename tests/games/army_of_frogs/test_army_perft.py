"""Army of Frogs' perft table (spec/army-of-frogs/perft.toml), recounted and held to its hand counts.

Every row is recounted by the engine; the counts the README derives by hand (``readme``) and those
perft.toml derives (``hand``) must be where the engine's count begins; the README's four named
positions are checked against the README's own words (the shuffle and the actions it names, the
counts it states); and the published rows are recounted to depth 2 with the naive oracle of
tests/army_oracle.py, which shares no code with the engine.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from froeschis.games.army_of_frogs.actions import Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.notation import format_position, parse_position
from froeschis.games.army_of_frogs.perft import divide, perft
from froeschis.games.army_of_frogs.spec import spec_dir
from tests import army_oracle
from tests.army_builders import README, played, stones

SPEC = Path(__file__).resolve().parents[3] / "spec" / "army-of-frogs"
TABLE = tomllib.loads((SPEC / "perft.toml").read_text(encoding="utf-8"))
ROWS: dict[str, dict[str, Any]] = {row["name"]: row for row in TABLE["position"]}
DEEP = 3
"""The depth every row is recounted to (deeper counts of a row are recounted when cheap)."""


def position(name: str) -> ArmyState:
    return parse_position(ROWS[name]["notation"])


@pytest.mark.clause("army-of-frogs:move.identity", "army-of-frogs:turn.pass")
@pytest.mark.parametrize("name", list(ROWS))
def test_every_row_is_recounted(name: str) -> None:
    row = ROWS[name]
    depths = len(row["perft"]) if name.startswith("start") else min(DEEP, len(row["perft"]))
    assert [perft(position(name), d) for d in range(1, depths + 1)] == row["perft"][:depths]


@pytest.mark.parametrize("name", list(ROWS))
def test_the_hand_counts_begin_the_engine_s(name: str) -> None:
    row = ROWS[name]
    for key in ("readme", "hand"):
        counts = row.get(key, [])
        assert row["perft"][: len(counts)] == counts, key
    assert row.get("readme", []) == row["hand"][: len(row.get("readme", []))]
    assert format_position(position(name)) == row["notation"]


def readme_section() -> str:
    text = (SPEC / "README.md").read_text(encoding="utf-8")
    return text[text.index("## Named positions for perft tables") :]


def test_the_readme_s_positions_are_the_rows() -> None:
    """start-2p is the README's shuffle; after-first-placements the README's four actions from it;
    red-frog and only-link the README's islands, hands and bags; and the counts are the README's."""
    shuffled = new_game(2).apply(Shuffle(tuple(int(c) for c in "01101001110010100110")))
    assert format_position(shuffled) == ROWS["start-2p"]["notation"]
    after = played(shuffled, "no-move", "add 1 0,0", "no-move", "add 0 1,0")
    assert format_position(after) == ROWS["after-first-placements-2p"]["notation"]
    for name, turn, bag in (("red-frog", 7, "0100101001"), ("only-link", 9, "00100100")):
        state = position(name)
        assert state.island == stones(README[name]) and state.hands == ((0, 1), (0, 0))
        assert (state.turn, state.seat, "".join(map(str, state.bag))) == (turn, 0, bag)
    section = readme_section()
    stated = {
        "start-2p": re.search(r"perft\(1\.\.5\) = ([\d, ]+):", section),
        "after-first-placements-2p": re.search(r"perft\(1\.\.2\) = ([\d, ]+):", section),
    }
    for name, found in stated.items():
        assert found is not None and [int(n) for n in found[1].split(", ")] == ROWS[name]["readme"]
    assert section.count("perft(1) = 1") == 2 and ROWS["red-frog"]["readme"] == ROWS["only-link"][
        "readme"
    ] == [1]


def oracle_perft(state: ArmyState, depth: int) -> int:
    """perft with the oracle's list of actions at every node (the engine only plays them)."""
    if depth == 0 or state.is_terminal:
        return int(depth == 0)
    listed = army_oracle.legal(
        dict(state.island),
        state.phase.value,
        state.hands[state.seat],
        state.colour,
        state.rules.optional_move,
    )
    assert listed == [str(a) for a in state.legal_actions()]
    return sum(oracle_perft(state.apply(action), depth - 1) for action in state.legal_actions())


@pytest.mark.parametrize("name", [n for n in ROWS if "+" not in ROWS[n]["notation"] or "optional_move" in n])
def test_an_independent_oracle_counts_the_same(name: str) -> None:
    depth = 2
    assert oracle_perft(position(name), depth) == ROWS[name]["perft"][depth - 1]


def test_divide_splits_perft_by_the_first_action() -> None:
    state = position("only-link")
    assert divide(state, 1) == {"move 0,0 0,-1": 1}
    split = divide(state, 3)
    assert list(split) == ["move 0,0 0,-1"] and sum(split.values()) == perft(state, 3)
    after = state.apply(state.legal_actions()[0])
    two = divide(after, 2)
    assert two["add 1 0,0"] == 0 and sum(two.values()) == ROWS["only-link"]["perft"][2]


def test_perft_of_a_finished_game_is_nothing_below_its_root() -> None:
    over = played(position("only-link"), "move 0,0 0,-1", "add 1 0,0")
    assert over.is_terminal and perft(over, 0) == 1 and perft(over, 1) == perft(over, 2) == 0
    with pytest.raises(ValueError, match="depth"):
        perft(over, -1)


def test_the_names_of_the_positions_cost_no_parsing_and_each_lookup_is_fresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A help text lists the names (every ``--game army-of-frogs`` command builds it): no position is
    parsed for that; a lookup parses afresh, so a bench never inherits a state's listed actions."""
    from froeschis.games.army_of_frogs import perft as module

    positions = module.named_positions(spec_dir())
    parsed = parse_position

    def refuse(text: str) -> Any:
        raise AssertionError(f"parsed {text!r} to list the names")

    monkeypatch.setattr(module, "parse_position", refuse)
    names = list(module.named_positions(spec_dir()))
    assert names and "midgame-3p" in names and len(names) == len(set(names))
    monkeypatch.setattr(module, "parse_position", parsed)
    first, second = positions["midgame-3p"], positions["midgame-3p"]
    assert first == second and first is not second
