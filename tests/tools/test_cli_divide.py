"""``froeschis census --divide``: perft split by the first action, from a named position, a position
in the game's notation, or refused with a message naming what is wrong."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework import registry
from froeschis.framework.game import Game
from froeschis.framework.playthroughs import read_header
from froeschis.framework.positions import first_decision, playthrough_names, position, position_text

ARMY = registry.game("army-of-frogs")
POSITIONS = {
    row["name"]: row for row in tomllib.loads((ARMY.spec() / "perft.toml").read_text("utf-8"))["position"]
}


def divided(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, int]:
    assert main(["census", "--game", "army-of-frogs", *words]) == 0
    *lines, total = capsys.readouterr().out.splitlines()
    counts = {action.strip(): int(count) for action, _, count in (line.rpartition("  ") for line in lines)}
    assert total.startswith(f"total {sum(counts.values())} at depth ")
    return counts


@pytest.mark.clause("army-of-frogs:move.jump", "army-of-frogs:add.touch")
@pytest.mark.parametrize(
    ("name", "depth"), [("after-first-placements-2p", 2), ("start-2p", 4), ("start-2p", 5)]
)
def test_a_named_position_divides_into_its_hand_counted_perft(
    capsys: pytest.CaptureFixture[str], name: str, depth: int
) -> None:
    """The totals are the perft table's counts worked out by hand (``hand``), not the engine's."""
    counts = divided(capsys, "--divide", str(depth), "--position", name)
    assert sum(counts.values()) == POSITIONS[name]["hand"][depth - 1]


def test_after_the_first_placements_seat_0_has_one_move() -> None:
    """The README's words: the stone must jump west over (0, 0); then 11 adds."""
    assert ARMY.divide is not None
    state = ARMY.perft_positions()["after-first-placements-2p"]
    assert ARMY.divide(state, 2) == {"move 1,0 -1,0": 11}


def test_a_position_in_notation_divides_as_its_name_does(capsys: pytest.CaptureFixture[str]) -> None:
    notation = POSITIONS["red-frog"]["notation"]
    assert divided(capsys, "--divide", "2", "--position", notation) == divided(
        capsys, "--divide", "2", "--position", "red-frog"
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            [
                "--game",
                "army-of-frogs",
                "--divide",
                "1",
                "--position",
                "AoF2;shuffle t1 s0;-;-/-;" + "0" * 10 + "1" * 10,
            ],
            "the position is a chance node",
        ),
        (
            ["--game", "army-of-frogs", "--divide", "2", "--position", "nowhere"],
            "notation: a position has 5 or 6",
        ),
        (["--game", "frog", "--divide", "1", "--position", "x"], "'x' is no position of Frog; a position is"),
        (["--game", "frog", "--divide", "1", "--position", "3p-seed0@100000"], "K is from 0 to"),
        (["--game", "frog", "--divide", "1", "--position", "3p-seed0@x"], "K of NAME@K is a whole number"),
        (["--game", "frog", "--divide", "1", "--position", "3p-seed0@0"], "the position is a chance node"),
        (["--divide", "1", "--position", "{"], "position: not JSON"),
        (["--game", "army-of-frogs", "--players", "3"], "--position, --players and --seed go with --divide"),
        (["--divide", "1", "--seed", "1", "--position", "2p-row2-seed11@3"], "not both"),
    ],
    ids=[
        "chance",
        "bad-notation",
        "unknown",
        "beyond-playthrough",
        "bad-step",
        "at-the-deal",
        "bad-json",
        "players-alone",
        "seed-and-position",
    ],
)
def test_a_position_that_cannot_be_divided_is_a_message(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["census", *words]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


GAMES = [pytest.param(registry.game(name), id=name) for name in registry.names()]


def _split(out: str) -> dict[str, int]:
    *lines, total = out.splitlines()
    counts = {action.strip(): int(count) for action, _, count in (line.rpartition("  ") for line in lines)}
    assert total.startswith(f"total {sum(counts.values())} at depth ")
    return counts


@pytest.mark.parametrize("of", GAMES)
def test_the_default_position_is_a_seeded_deal_every_game_divides(
    capsys: pytest.CaptureFixture[str], of: Game
) -> None:
    """Issue 29, item 11: the documented default ("the start") was refused as a chance node. It is
    the first decision after a deal by ``--seed``; its legal actions are the split's first actions,
    and the position written on stderr divides alike when given back as ``--position``."""
    assert main(["census", "--game", of.name, "--divide", "1", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    counts = _split(out)
    state = first_decision(of, min(of.players), 3)
    assert sorted(counts) == sorted(str(action) for action in state.legal_actions())
    written = err.splitlines()[-1]
    assert position(of, written) == state
    assert main(["census", "--game", of.name, "--divide", "1", "--position", written]) == 0
    assert _split(capsys.readouterr().out) == counts


@pytest.mark.parametrize("of", GAMES)
def test_every_game_names_positions_by_its_golden_playthroughs(of: Game) -> None:
    """``NAME@K`` is the state after K actions of the playthrough, replayed independently here from
    its header's action list; and every game's position reads back from its one-line text."""
    names = playthrough_names(of)
    assert names, f"{of.title} has golden playthroughs"
    play = read_header(of.spec() / "vectors" / f"{names[0]}.jsonl")
    steps = len(play.actions) // 2
    state: Any = of.new_game(play.players, play.rules)
    for action in play.actions[:steps]:
        state = state.apply(action)
    assert position(of, f"{names[0]}@{steps}") == state
    assert position(of, position_text(of, state)) == state
