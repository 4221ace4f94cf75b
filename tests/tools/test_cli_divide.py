"""``froeschis census --divide``: perft split by the first action, from a named position, a position
in the game's notation, or refused with a message naming what is wrong."""

from __future__ import annotations

import tomllib

import pytest

from froeschis.cli import main
from froeschis.framework import registry

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
        (["--game", "army-of-frogs", "--divide", "1"], "the position is a chance node"),
        (["--divide", "1"], "Fröschis has no positions to divide from yet"),
        (
            ["--game", "army-of-frogs", "--divide", "2", "--position", "nowhere"],
            "notation: a position has 5 or 6",
        ),
        (
            ["--game", "frog", "--divide", "1", "--position", "x"],
            "'x' is no named position of Frog (known: none)",
        ),
        (["--game", "army-of-frogs", "--players", "3"], "--position and --players go with --divide"),
    ],
    ids=["army-start", "froeschis-start", "bad-notation", "no-notation", "players-alone"],
)
def test_a_position_that_cannot_be_divided_is_a_message(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["census", *words]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
