"""The command line as a newcomer meets it, for every game alike (issue 29): what each command
refuses, says in its help, and prints, with ``--game frog`` and ``--game army-of-frogs`` as with
Fröschis. One test, or one parametrized group, per item of the issue."""

from __future__ import annotations

import io
import sys

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
