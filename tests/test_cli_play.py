"""``froeschis play``: the terminal game, driven by scripted input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.core.actions import Action, ActionKind
from froeschis.core.engine import new_game
from froeschis.io.serialize import record_from_json

ALWAYS_FIRST = "1\n" * 3000
"""Choice 1 is always legal: enough answers for any game."""


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def test_a_scripted_game_is_played_to_the_end_and_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    status, out = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "3", "--seed", "4", "--save", str(saved)
    )
    assert status == 0
    record = record_from_json(json.loads(saved.read_text(encoding="utf-8")))
    final = record.replay()
    assert final.is_terminal and record.players == 3 and record.seed == 4
    winners = ", ".join("you" if w == 0 else f"seat {w}" for w in final.winners)
    verdict = "You win!" if 0 in final.winners else "You lose."
    assert f"Game over after {final.round} rounds. Winners: {winners}. {verdict}" in out
    assert out.count("Your choices:") == out.count("> ")


def test_the_human_sees_only_what_the_seat_may_see(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "q\n", "--players", "3", "--seed", "1")
    assert status == 1
    assert "seat 1 (greedy): ? ? ? ? ? ? ? ?" in out
    assert "seat 2 (greedy): ? ? ? ? ? ? ? ?" in out
    assert "you, seat 0: ? ? ? ? ? ? ? ?" in out
    assert "discard pile empty" in out
    assert "1) draw" in out and "take-discard" not in out.split("Your choices:")[1]
    assert "Game abandoned: you gave up." in out


def test_illegal_input_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = "take-discard\nfrog@2\n7\nhello\n\ndraw\nq\n"
    status, out = play(monkeypatch, capsys, answers, "--players", "2", "--seed", "2")
    assert status == 1
    refusals = [line for line in out.splitlines() if line.startswith("> ")][:4]
    accepted = "answer with a choice's number (1), an action (draw (d)), or q to give up"
    assert refusals == [
        "> refused: the discard pile is empty [turn.draw-source]",
        "> refused: a turn starts by taking a card: 'draw' or 'take-discard' [turn.draw-source]",
        f"> there is no choice 7: {accepted}",
        f"> not understood: 'hello'; {accepted}",
    ]
    assert "you drew" in out  # "draw" was accepted


@pytest.mark.parametrize(
    "answer", ["²", "\u0661", "1²", "\uff10"], ids=["superscript", "arabic-indic", "mixed", "fullwidth"]
)
def test_digits_that_are_not_ascii_are_not_choice_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    status, out = play(monkeypatch, capsys, f"{answer}\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    assert f"> not understood: {answer!r}; answer with a choice's number (1)" in out
    assert "Game abandoned: you gave up." in out


def test_an_answer_listing_several_choices_says_them_all(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After the first draw the human holds a card: the refusal lists that question's choices."""
    status, out = play(monkeypatch, capsys, "d\n?\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    offered = out.rsplit("Your choices:", 1)[1].split("> ", 1)[0]
    choices = re.findall(r"\d+\) (\S+) ", offered)
    assert len(choices) > 1
    assert f"> not understood: '?'; answer with a choice's number (1 to {len(choices)}), an action (" in out
    assert ", ".join(choices) in out.replace(" (d)", "").replace(" (t)", "")


def test_an_answer_that_is_not_utf8_is_refused_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"), encoding="utf-8"))
    assert main(["play", "--players", "2", "--seed", "2"]) == 1
    out = capsys.readouterr().out
    assert (
        "> could not read that answer (not UTF-8 text); answer with a choice's number (1), an action" in out
    )
    assert "Game abandoned: the input ended before the game did." in out


@pytest.mark.parametrize(
    ("where", "reason"), [("missing-directory", "there is no folder"), ("a-directory", "it is a folder")]
)
def test_an_unwritable_save_path_is_refused_before_the_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    where: str,
    reason: str,
) -> None:
    target = tmp_path / "no" / "game.json" if where == "missing-directory" else tmp_path
    monkeypatch.setattr(sys, "stdin", io.StringIO(ALWAYS_FIRST))
    assert main(["play", "--players", "2", "--seed", "1", "--save", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no game was played
    assert captured.err.startswith(f"froeschis: --save: cannot write {target}: {reason}")


def test_an_abandoned_game_leaves_no_save_file_and_an_existing_one_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    new = tmp_path / "new.json"
    assert play(monkeypatch, capsys, "q\n", "--players", "2", "--save", str(new))[0] == 1
    assert not new.exists()
    old = tmp_path / "old.json"
    old.write_text("keep me", encoding="utf-8")
    assert play(monkeypatch, capsys, "q\n", "--players", "2", "--save", str(old))[0] == 1
    assert old.read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]


def test_saving_over_an_existing_record_replaces_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("x" * 100_000, encoding="utf-8")  # longer than the record: no tail may remain
    assert (
        play(monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "4", "--save", str(saved))[0] == 0
    )
    assert record_from_json(json.loads(saved.read_text(encoding="utf-8"))).seed == 4
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


class Player:
    """A scripted human who reads the screen: draws always, and puts every frog on the highest spot offered.

    It answers frog questions with the action's text (``frog@N``) and draw questions with ``d``.
    """

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.screen = ""
        self.frog_answers: list[str] = []

    def readline(self) -> str:
        self.screen += self.capsys.readouterr().out
        offered = self.screen.rsplit("Your choices:", 1)[1]
        frogs: list[str] = re.findall(r"\d+\) (frog@\d+) ", offered)
        if frogs:
            self.frog_answers.append(frogs[-1])
            return frogs[-1] + "\n"
        return "d\n"


def test_a_frog_goes_where_the_human_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    human = Player(capsys)
    monkeypatch.setattr(sys, "stdin", human)
    saved = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "5", "--save", str(saved)]) == 0
    human.screen += capsys.readouterr().out
    assert human.frog_answers, "the human was never asked about a frog"
    record = record_from_json(json.loads(saved.read_text(encoding="utf-8")))
    state = new_game(2)
    placed = []
    for action in record.actions:
        if isinstance(action, Action) and action.kind is ActionKind.FROG and state.current_player == 0:
            assert action.spot == max(state.row(0).face_down_spots())
            placed.append(str(action))
        state = state.apply(action)
    assert placed == human.frog_answers
    assert "you put the frog on spot" in human.screen


def test_the_game_ends_cleanly_when_the_input_runs_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "1\n1\n", "--players", "2", "--seed", "3")
    assert status == 1
    assert "Game abandoned: the input ended before the game did." in out


def test_the_same_seed_and_answers_give_the_same_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "9", "--seat", "1", "--bots", "random"
    )
    second = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "9", "--seat", "1", "--bots", "random"
    )
    assert first == second and first[0] == 0
    assert "you are seat 1; seat 0 is random" in first[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "5"],
            "froeschis play: error: argument --players: Fröschis is for 2 to 4 players, not 5",
        ),
        (["--seat", "-1"], "froeschis play: error: argument --seat: expected a whole number of at least 0"),
    ],
)
def test_bad_arguments_are_refused_by_the_parser(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exit_info:
        main(["play", *args])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith(message)


def test_bad_arguments_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for args, message in [
        (["--seat", "3"], "froeschis: --seat must be 0 to 2, not 3"),
        (["--bots", "smart"], "froeschis: --bots: unknown bot 'smart'"),
    ]:
        assert main(["play", *args]) == 2
        assert capsys.readouterr().err.startswith(message)


def test_the_command_reads_a_real_standard_input() -> None:
    """End to end: the installed entry point's module, a pipe for input."""
    done = subprocess.run(
        [sys.executable, "-m", "froeschis", "play", "--players", "2", "--seed", "1", "--bots", "random"],
        input=ALWAYS_FIRST,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over after" in done.stdout and "Winners:" in done.stdout
