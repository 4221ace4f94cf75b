"""``froeschis rules``, and the commands' registration and help."""

from __future__ import annotations

import json

import pytest

from froeschis.cli import main
from froeschis.games.froeschis.render import discrepancy_flag, rule_text, statement_note, unstated_rule
from froeschis.games.froeschis.spec import load_catalogue

COMMANDS = ("watch", "rules", "play", "explain", "simulate", "bench")


def unboxed(out: str) -> str:
    """The text of the boxes ``rules CLAUSE`` draws, their borders taken off and their lines (wrapped
    at the box's width, :data:`froeschis.cli.options.BOX_WIDTH`) joined by single spaces."""
    inside = [line.strip("│ ") for line in out.splitlines() if not line.startswith(("╭", "╰"))]
    return " ".join(" ".join(inside).split())


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
    assert "froeschis.games.froeschis.clauses.swap_frog" in out  # its implementation
    assert "dead.trash" not in out


def test_rules_with_a_prefix_shows_the_clauses_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "frog"]) == 0
    out = capsys.readouterr().out
    for clause_id in ("frog.place", "frog.swap", "frog.swap-mandatory"):
        assert clause_id in out
    assert "dead.trash" not in out


def test_rules_says_when_a_text_does_not_state_a_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "draw.reshuffle", "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert "(the Korean text does not state this clause)" in out
    assert "(statement in English: the catalogue states its clauses in English only)" in out


def test_an_unknown_clause_is_refused_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "frgo.swap"]) == 2
    err = capsys.readouterr().err
    assert "no clause 'frgo.swap'" in err and "frog.swap" in err


def test_rules_json_gives_sources_in_the_language_and_the_implementation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "dead.trash", "--lang", "ko", "--json"]) == 0
    [clause] = json.loads(capsys.readouterr().out)
    assert clause["id"] == "dead.trash" and clause["kind"] == "ruling"
    assert [s["anchor"] for s in clause["sources"]] == ["ko.3.7"]
    assert clause["sources"][0]["quote"] in clause["sources"][0]["sentence"]
    assert "froeschis.games.froeschis.clauses.is_trash" in clause["implemented_by"]
    # No discrepancy concerns dead.trash in Korean (de.trash-two-names is German only).
    assert clause["sources"][0]["discrepancies"] == [] and clause["sources"][0]["flag"] == ""
    assert clause["discrepancy_flag"] == ""
    assert clause["statement_language"] == "en"
    assert (
        clause["statement_note"] == "statement in English: the catalogue states its clauses in English only"
    )


KO_FLAG = (
    "(for this clause the Korean text differs from the English and German: "
    "see discrepancies ko.six-frogs, ko.deck-as-ship-deck)"
)


def test_rules_flags_the_korean_sentence_of_a_clause_a_discrepancy_concerns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The flag stands right under the clause's Korean sentence, in the full and the brief view."""
    assert main(["rules", "deck.composition", "--lang", "ko"]) == 0
    text = unboxed(capsys.readouterr().out)
    sentence = load_catalogue().sources["ko"].sentence("ko.2.1").text
    assert f"ko.2.1 {' '.join(sentence.split())} {KO_FLAG}" in text
    assert main(["rules", "--lang", "ko"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("ko.2.1  “갑판에는"))
    assert KO_FLAG in lines[at + 1]


def test_rules_flags_nothing_where_no_discrepancy_concerns_the_clause_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """place.number-spot has no discrepancy; round.next-lengths has a Korean one only."""
    assert main(["rules", "place.number-spot", "--lang", "ko"]) == 0
    assert "see discrepanc" not in capsys.readouterr().out
    assert main(["rules", "round.next-lengths", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "for this clause" not in out
    assert "ko.all-dealt-seven (ko):" in out  # listed among the discrepancies, not as a flag
    assert main(["rules", "round.next-lengths", "--lang", "ko"]) == 0
    out = unboxed(capsys.readouterr().out)
    assert (
        "(for this clause the Korean text differs from the English and German: "
        "see discrepancy ko.all-dealt-seven)" in out
    )


def test_a_discrepancy_of_every_text_is_flagged_as_a_point_all_leave_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "turn.draw-source", "--lang", "en"]) == 0
    out = unboxed(capsys.readouterr().out)
    assert (
        "(for this clause the English, German and Korean texts leave a point open: "
        "see discrepancy all.discard-which-card)" in out
    )
    assert main(["rules", "turn.draw-source", "--lang", "de"]) == 0
    assert (
        "(for this clause the German text differs from the English and Korean: see discrepancy "
        "de.runde-for-turn; the English, German and Korean texts leave a point open: see discrepancy "
        "all.discard-which-card)" in unboxed(capsys.readouterr().out)
    )


@pytest.mark.parametrize("lang", ["de", "ko"])
def test_rules_says_the_statements_are_english_in_another_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once, at the top: the note concerns every statement alike (issue 29, item 15)."""
    note = "(statement in English: the catalogue states its clauses in English only)"
    assert main(["rules", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(f"The statements are in English {note}.")
    assert out.count(note) == 1
    assert main(["rules", "frog.swap", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == note and out.count(note) == 1
    assert main(["rules", "--lang", "en"]) == 0
    assert "statement in English" not in capsys.readouterr().out


def test_rules_json_carries_the_discrepancy_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "dead.duplicate", "--lang", "ko", "--json"]) == 0
    [clause] = json.loads(capsys.readouterr().out)
    [source] = clause["sources"]
    assert source["anchor"] == "ko.3.7" and source["discrepancies"] == ["ko.duplicate-face-up-dropped"]
    assert (
        source["flag"]
        == clause["discrepancy_flag"]
        == (
            "(for this clause the Korean text differs from the English and German: "
            "see discrepancy ko.duplicate-face-up-dropped)"
        )
    )
    assert main(["rules", "dead.duplicate", "--lang", "en", "--json"]) == 0
    [clause] = json.loads(capsys.readouterr().out)
    assert clause["sources"][0]["discrepancies"] == [] and clause["statement_note"] is None


def test_rules_text_json_gives_each_citing_clause_with_its_discrepancies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--text", "--lang", "ko", "--json"]) == 0
    sentences = {s["anchor"]: s for s in json.loads(capsys.readouterr().out)}
    cited = {c["clause"]: c for c in sentences["ko.2.1"]["cited_by"]}
    assert cited["deck.composition"]["discrepancies"] == ["ko.six-frogs", "ko.deck-as-ship-deck"]
    assert cited["deck.composition"]["flag"] == KO_FLAG
    assert all(c["discrepancies"] == [] for c in sentences["ko.3.2"]["cited_by"])


def test_the_shared_texts_carry_the_flag_and_the_english_note() -> None:
    """watch shows rule_text and explain unstated_rule: both say what the rules command says."""
    assert rule_text("deck.composition", "ko").endswith(f"구성되어 있다. {KO_FLAG}")
    assert rule_text("deck.composition", "ko").count("for this clause") == 1
    assert discrepancy_flag("deck.composition", "de") == (
        "(for this clause the German text differs from the English and Korean: "
        "see discrepancy de.trash-two-names)"
    )
    assert discrepancy_flag("place.number-spot", "ko") == ""
    assert statement_note("en") == ""
    assert unstated_rule("draw.reshuffle", "ko").endswith(f"({statement_note('ko')})")
    assert unstated_rule("draw.reshuffle", "en").endswith(
        "becomes the new draw pile; the top card stays as the discard pile. Then the player draws."
    )


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
