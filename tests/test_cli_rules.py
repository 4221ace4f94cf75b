"""``froeschis rules``, and the commands' registration and help."""

from __future__ import annotations

import json

import pytest

from froeschis.cli import main
from froeschis.spec import load_catalogue

COMMANDS = ("watch", "rules", "play", "explain", "simulate", "bench")


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich wraps at the terminal width; a wide one keeps every sentence on one line."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: froeschis {command}")


def test_the_commands_are_listed_in_the_top_level_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert f"    {command} " in out


def test_rules_lists_every_clause_with_its_statement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for clause in load_catalogue().clauses:
        assert clause.id in out
        assert clause.statement in out
    assert "“If you reveal trash or a number you already have face up, discard it to end your turn”" in out


def test_rules_shows_one_clause_in_full_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "frog.swap", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "de.3.4" in out and "Wenn Sie beispielsweise einen Frosch auf die 4 legen" in out
    assert "en.3.4" not in out
    assert "ko.frog-flipped" in out  # a discrepancy that concerns the clause
    assert "froeschis.core.clauses.swap_frog" in out  # its implementation
    assert "dead.trash" not in out


def test_rules_with_a_prefix_shows_the_clauses_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "frog"]) == 0
    out = capsys.readouterr().out
    for clause_id in ("frog.place", "frog.swap", "frog.swap-mandatory"):
        assert clause_id in out
    assert "dead.trash" not in out


def test_rules_says_when_a_text_does_not_state_a_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "draw.reshuffle", "--lang", "ko"]) == 0
    assert "the ko text does not say this" in capsys.readouterr().out


def test_an_unknown_clause_is_refused_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "frgo.swap"]) == 2
    err = capsys.readouterr().err
    assert "no clause 'frgo.swap'" in err and "frog.swap" in err


def test_rules_json_gives_sources_in_the_language_and_the_implementation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "dead.trash", "--lang", "ko", "--json"]) == 0
    [clause] = json.loads(capsys.readouterr().out)
    assert clause["id"] == "dead.trash" and clause["kind"] == "source"
    assert [s["anchor"] for s in clause["sources"]] == ["ko.3.7"]
    assert clause["sources"][0]["quote"] in clause["sources"][0]["sentence"]
    assert "froeschis.core.clauses.is_trash" in clause["implemented_by"]


def test_rules_text_annotates_every_sentence_with_the_clauses_citing_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--text", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    sentences = load_catalogue().sources["en"].sentences
    for sentence in sentences:
        assert any(sentence.text in line for line in lines)
    at = next(i for i, line in enumerate(lines) if line.startswith("en.3.5 "))
    assert "dead.trash" in lines[at + 1] and "dead.duplicate" in lines[at + 1]
