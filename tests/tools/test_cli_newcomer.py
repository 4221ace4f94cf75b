"""The command line as a newcomer meets it, for every game alike (issue 29): what each command
refuses, says in its help, and prints, with ``--game frog`` and ``--game army-of-frogs`` as with
Fröschis. One test, or one parametrized group, per item of the issue."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.framework.registry import names

GAMES = tuple(names())
NO_BOTS = ("", ",", " , ")
"""``--bots`` values that name no bot at all."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``froeschis args``; ``--help`` (which
    ends argparse with :class:`SystemExit`) included."""
    try:
        status = main(list(args))
    except SystemExit as end:
        status = int(end.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def one_clean_line(err: str) -> str:
    """The one line of a refusal on stderr (no traceback)."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --------------------------------------------------------------------------- item 1


@pytest.mark.parametrize("bots", NO_BOTS)
@pytest.mark.parametrize("game_name", GAMES)
def test_item_1_bots_naming_no_bot_are_refused_in_one_line_for_every_game(
    game_name: str, bots: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, "simulate", "--game", game_name, "--bots", bots, "--games", "2", "--jobs", "1")
    assert status == 2
    assert one_clean_line(err).startswith("froeschis: --bots: name at least one bot (")
    monkeypatch.setattr(sys, "stdin", io.StringIO("first\n" * 50))
    status, _, err = run(capsys, "play", "--game", game_name, "--bots", bots)
    assert status == 2
    assert one_clean_line(err).startswith("froeschis: --bots: name at least one bot (")


# --------------------------------------------------------------------------- item 2

GAME_COMMANDS = (
    ("watch",),
    ("play",),
    ("explain", "--seed", "1"),
    ("simulate", "--games", "1", "--jobs", "1"),
    ("bench", "--runs", "1"),
    ("rules",),
    ("census",),
)


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize(
    "games",
    [
        ("--game", "frog", "--game", "army-of-frogs"),
        ("--game", "army-of-frogs", "--game=frog"),
        ("--game=froeschis", "--game", "frog"),
    ],
    ids=["frog-then-army", "army-then-frog", "froeschis-then-frog"],
)
def test_item_2_two_different_games_are_refused_in_one_line(
    command: tuple[str, ...],
    games: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, err = run(capsys, *command, *games)
    assert status == 2 and out == ""
    line = one_clean_line(err)
    assert line.startswith("froeschis: --game is given 2 different games, ")
    assert line.endswith("a command is about one game; name it once")


def test_item_2_the_same_game_twice_and_an_abbreviated_game_are_the_game_itself(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Naming one game twice is naming it; ``--gam`` is ``--game`` to argparse, so the options are
    that game's (a parser built for Fröschis lacked Frog's variants: AttributeError)."""
    for spelling in (("--game", "frog", "--game=frog"), ("--gam", "frog"), ("--ga=frog",)):
        status, out, err = run(capsys, "watch", *spelling, "--seed", "1", "--no-explain")
        assert status == 0 and err == "", spelling
        assert "last deal: " in out  # Frog's end (a deal), not Fröschis' nor Army of Frogs'


# --------------------------------------------------------------------------- item 13


def help_of(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """A command's ``--help``, each option's text on one line (a wide terminal)."""
    status, out, err = run(capsys, *args, "--help")
    assert status == 0 and err == ""
    return out


@pytest.fixture()
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")


@pytest.mark.usefixtures("wide")
def test_item_13_play_help_says_what_is_true_of_frog(capsys: pytest.CaptureFixture[str]) -> None:
    """Frog is for three players, and its first dealer is drawn by chance: no seat "starts round 1"."""
    out = help_of(capsys, "play", "--game", "frog")
    assert "2 to 4" not in out and "round 1" not in out
    assert "--players PLAYERS     3, you included (default 3)" in out
    assert "starts round 1" in help_of(capsys, "play")  # Fröschis' seat 0 does


@pytest.mark.usefixtures("wide")
def test_item_13_help_of_every_game_names_its_own_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("watch", "play", "simulate", "bench"):
        out = help_of(capsys, command, "--game", "frog")
        assert "(3,)" not in out and "2 to 4" not in out, command
        line = next(line for line in out.splitlines() if line.lstrip().startswith("--players"))
        assert " 3" in line, (command, line)
        army = help_of(capsys, command, "--game", "army-of-frogs")
        assert "(2, 3, 4)" not in army and "2 to 4" in army, command


@pytest.mark.usefixtures("wide")
def test_item_13_simulate_help_of_army_speaks_of_army(capsys: pytest.CaptureFixture[str]) -> None:
    """Army of Frogs has a bag and no draw pile; every option its help lists is one it runs with."""
    out = help_of(capsys, "simulate", "--game", "army-of-frogs")
    assert "draw pile" not in out and "draw-pile" not in out and "rounds" not in out
    assert "draw pile" in help_of(capsys, "simulate")  # Fröschis' statistics do count it
    for option in ("--engine", "--plots"):
        assert option in out


def test_item_13_army_simulate_runs_with_the_options_its_help_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plots = tmp_path / "plots"
    args = ("--game", "army-of-frogs", "--games", "2", "--jobs", "1", "--no-progress")
    status, out, err = run(capsys, "simulate", *args, "--engine", "reference", "--plots", str(plots))
    if "needs matplotlib" in err:
        pytest.skip("matplotlib is not installed")
    assert status == 0, err
    assert (plots / "win_rates.png").is_file()


@pytest.mark.usefixtures("wide")
def test_item_13_the_plain_help_says_where_a_games_options_are(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(capsys)
    assert "--game NAME --help" in out and "variant" in out


def test_item_13_an_unknown_clause_hint_names_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "rules", "--game", "frog", "nosuch")
    assert status == 2
    assert one_clean_line(err).endswith("'froeschis rules --game frog' lists them all")
    status, _, err = run(capsys, "rules", "nosuch")
    assert one_clean_line(err).endswith("'froeschis rules' lists them all")
