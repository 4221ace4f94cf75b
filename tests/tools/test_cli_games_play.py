"""``froeschis play --game frog|army-of-frogs``: a person against the game's bots, from piped input."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.framework import records
from froeschis.framework.registry import game

SUITS = "♠♥♦♣"


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(["play", *args])
    return status, capsys.readouterr().out


@pytest.mark.clause("frog:view.own-hand")
def test_a_frog_match_by_piped_answers_reaches_its_end_showing_only_its_own_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "first\n" * 200, "--game", "frog", "--seed", "1")
    assert status == 0 and "Game over." in out and "Returns: [" in out
    hands = [line for line in out.splitlines() if line.startswith("your hand: ")]
    assert hands
    for line in hands:  # by suit, spades, hearts, diamonds, clubs, each once
        assert [c for c in line if c in SUITS] == list(SUITS)
    before_end = out.split("Game over.")[0]
    assert not re.search(r"^\s*>?\s*seat \d: ♠", before_end, re.M)  # no other seat's hand as render shows it


def test_bad_answers_are_asked_again_and_the_end_of_input_abandons(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "0\nbogus\n\n", "--game", "frog", "--seed", "1")
    assert status == 1
    assert "there is no choice 0; answer with a number from 1 to " in out
    assert "not understood: 'bogus'" in out
    assert out.rstrip().endswith("Game abandoned: the input ended before the game did.")


def test_an_army_game_by_numbers_is_saved_and_replays_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "army.json"
    args = (
        "--game",
        "army-of-frogs",
        "--players",
        "2",
        "--bots",
        "random",
        "--seed",
        "4",
        "--save",
        str(saved),
    )
    status, out = play(monkeypatch, capsys, "1\n" * 400, *args)
    assert status == 0 and "Game over." in out
    assert "Your choices (answer with the number):\n  1) " in out
    final = out.partition("Game over.")[2]  # the island at the end, drawn with its coordinates
    assert re.search(r"^ *r=[+-]\d+( +[.01][+-]\d+)+ *$", final, re.M)
    record = records.record_from_json(game("army-of-frogs"), json.loads(saved.read_text(encoding="utf-8")))
    assert record.replay().is_terminal


def test_a_bot_the_game_has_not_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--game", "frog", "--bots", "ismc"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "random, heuristic" in err
