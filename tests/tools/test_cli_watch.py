"""``froeschis watch``: on a terminal wrapped to its width and in colour, to a pipe in whole lines;
the final state says the game is over."""

from __future__ import annotations

import re
import sys

import pytest

from froeschis.cli import main
from froeschis.games.froeschis.bots import play_game
from tests.terminal import run_on_terminal

WATCH = ["watch", "--players", "2", "--seed", "3", "--bots", "random"]
"""Random bots: the game ``play_game(2, 3)`` plays."""
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal with a window size")
def test_on_a_terminal_watch_wraps_to_its_width_keeps_indents_and_colours_the_clauses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = run_on_terminal(WATCH, 60)
    plain = ANSI.sub("", shown)
    assert main(WATCH) == 0
    piped = capsys.readouterr().out
    assert plain.split() == piped.split()  # the same words, only the line breaks differ
    lines = plain.splitlines()
    assert max(map(len, lines)) <= 60 < max(map(len, piped.splitlines()))
    assert len(lines) > len(piped.splitlines())
    # A wrapped event or rule keeps to its indent: every line of a step but its first is indented.
    for line in lines[: lines.index("")]:
        assert re.match(r"^ +\d+\. round \d+, ", line) or line.startswith(" " * 8), line
    assert "\x1b[36mround.deal\x1b[0m" in shown  # a clause ID in colour (cyan)
    assert "\x1b[1mwinners: seat " in shown  # the winners in bold
    assert ANSI.search(piped) is None  # a pipe gets no colour


def test_the_final_state_says_the_game_is_over_and_nobody_is_to_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    final, _ = play_game(2, 3)
    assert main(WATCH) == 0
    out = capsys.readouterr().out
    ending = out.rsplit("\n\n", 1)[1].splitlines()
    assert ending[0] == f"round {final.round}, game over"
    assert ending[-1] == "winners: " + ", ".join(f"seat {w}" for w in final.winners)
    assert "to play" not in "\n".join(ending) and not any(line.startswith(">") for line in ending)
    assert len(ending) == 3 + final.num_players  # headline, piles, a row per seat, winners
