"""The command line as a newcomer meets it, for every game alike (issue 29): what each command
refuses, says in its help, and prints, with ``--game frog`` and ``--game army-of-frogs`` as with
Fröschis. One test, or one parametrized group, per item of the issue."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import attrs
import pytest

from froeschis.cli import main
from froeschis.framework.registry import game, names

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


def unboxed(out: str) -> str:
    """The text of the boxes ``rules CLAUSE`` draws, borders off, wrapped lines joined by spaces."""
    inside = [line.strip("│ ") for line in out.splitlines() if not line.startswith(("╭", "╰"))]
    return " ".join(" ".join(inside).split())


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
    status, _, err = run(
        capsys, "simulate", "--game", game_name, "--bots", bots, "--games", "2", "--jobs", "1"
    )
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
    status, _, err = run(capsys, "simulate", *args, "--engine", "reference", "--plots", str(plots))
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


# --------------------------------------------------------------------------- item 6

LANG_COMMANDS = (("watch", "--seed", "1"), ("rules",), ("rules", "--text"), ("explain", "--seed", "1"))


@pytest.mark.usefixtures("wide")
@pytest.mark.parametrize(
    ("game_name", "choices"), [("froeschis", "{en,de,ko}"), ("frog", "{en,ja}"), ("army-of-frogs", "{en}")]
)
def test_item_6_each_game_offers_its_sources_languages_and_english(
    game_name: str, choices: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("watch", "rules", "explain"):
        out = help_of(capsys, command, "--game", game_name)
        assert f"--lang {choices}" in out, command
        assert "(default en)" in out
    assert "--game NAME --help" in help_of(capsys, "watch").split("--lang", 1)[1]  # the plain help says so


@pytest.mark.parametrize("command", LANG_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("game_name", GAMES)
def test_item_6_english_is_accepted_for_every_game(
    game_name: str, command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *command, "--game", game_name, "--lang", "en")
    assert status == 0 and err == "", err
    catalogue = game(game_name).catalogue()
    for lang, text in catalogue.sources.items():  # no sentence of another language's text
        if lang != "en":
            assert not [s.anchor for s in text.sentences if len(s.text) > 8 and s.text in out]


def test_item_6_a_language_the_game_has_no_text_in_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "watch", "--game", "frog", "--lang", "de")
    assert status == 2
    assert "invalid choice: 'de' (choose from 'en', 'ja')" in one_clean_line(err)


def test_item_6_lang_ja_quotes_frogs_japanese_sentences_where_fröschis_quotes_its_german(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``watch --lang de`` shows Fröschis' German sentences in place of the statements; ``--lang ja``
    does the same for Frog (it showed the English statements: ``ja`` was Frog's first language)."""
    catalogue = game("frog").catalogue()
    _, english, _ = run(capsys, "watch", "--game", "frog", "--seed", "1")
    _, japanese, _ = run(capsys, "watch", "--game", "frog", "--seed", "1", "--lang", "ja")
    raise_text = catalogue.sources["ja"].sentence("ja.13.4").text  # bid.raise's sentence
    assert raise_text in japanese and raise_text not in english
    assert catalogue.clause("bid.raise").statement in english
    _, german, _ = run(capsys, "watch", "--seed", "1", "--lang", "de")
    assert "de.3.5" in german  # Fröschis alike: the German text's sentences, by their anchors


def test_item_6_english_quotes_a_japanese_source_by_its_glosses(capsys: pytest.CaptureFixture[str]) -> None:
    """Frog's catalogue glosses every Japanese sentence in English: ``--lang en`` (the default) quotes
    the glosses, under the Japanese sentences' anchors; ``--lang ja`` the sentences themselves."""
    sentence = game("frog").catalogue().sources["ja"].sentence("ja.13.4")
    _, out, _ = run(capsys, "rules", "--game", "frog", "bid.raise")
    assert f"ja.13.4 {sentence.gloss}" in unboxed(out) and sentence.text not in unboxed(out)
    _, out, _ = run(capsys, "rules", "--game", "frog", "bid.raise", "--lang", "ja")
    unspaced = unboxed(out).replace(" ", "")  # wrapped between the Japanese words, which have none
    assert f"ja.13.4{sentence.text.replace(' ', '')}" in unspaced
    _, out, _ = run(capsys, "rules", "--game", "frog", "--text")
    assert f"ja.13.4  {sentence.gloss}" in out


# --------------------------------------------------------------------------- item 15

BOX_WIDTH = 100
"""The widest a box may be drawn on a pipe: what a person reads without scrolling sideways."""


@pytest.mark.parametrize(("game_name", "clause"), [("froeschis", "frog.swap"), ("frog", "bid.raise")])
def test_item_15_a_piped_box_is_of_a_readable_width_its_text_wrapped(
    game_name: str, clause: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "rules", "--game", game_name, clause)
    assert status == 0
    lines = out.splitlines()
    assert max(map(len, lines)) <= BOX_WIDTH
    inside = " ".join(line[1:-1].strip() for line in lines if line.startswith("│"))
    statement = game(game_name).catalogue().clause(clause).statement
    assert " ".join(statement.split()) in " ".join(inside.split())  # wrapped, not cut


def test_item_15_the_statements_are_said_to_be_english_once(capsys: pytest.CaptureFixture[str]) -> None:
    note = "statement in English: the catalogue states its clauses in English only"
    for args in (
        ("--game", "frog", "--lang", "ja"),
        ("--lang", "de"),
        ("--game", "frog", "--lang", "ja", "bid"),
    ):
        status, out, _ = run(capsys, "rules", *args)
        assert status == 0 and out.count(note) == 1, args
    _, out, _ = run(capsys, "rules", "--game", "frog")  # English glosses: nothing to say
    assert note not in out


# --------------------------------------------------------------------------- item 14


@pytest.mark.skipif(not Path("/proc/self").is_dir() or sys.platform == "win32", reason="needs a pty")
def test_item_14_census_shows_its_progress_on_a_terminal_only() -> None:
    """A census walks for minutes (Frog's): on a terminal standard error says which configuration
    it is at and how many are done; ``--no-progress`` and a pipe show nothing. Army of Frogs' census
    is the quickest to run here; the display is every game's."""
    from tests.terminal import run_with_terminal_stderr

    tiny = game("army-of-frogs").tiny
    done, shown = run_with_terminal_stderr("census", "--game", "army-of-frogs")
    assert done.returncode == 0
    assert done.stdout == (game("army-of-frogs").spec() / "census.toml").read_text(encoding="utf-8")
    assert any(f"{config.name}: walking its states" in shown for config in tiny)
    assert f"{tiny[-1].name}: perft to depth" in shown and f"{len(tiny)}/{len(tiny)}" in shown
    quiet, shown_quietly = run_with_terminal_stderr("census", "--game", "army-of-frogs", "--no-progress")
    assert quiet.returncode == 0 and shown_quietly == ""


def test_item_14_the_frog_page_warns_of_the_census_duration() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "frog.rst").read_text(encoding="utf-8")
    census = page.index("froeschis census --game frog")
    assert "takes minutes" in page[census : census + 1200]


# --------------------------------------------------------------------------- item 17


@pytest.mark.parametrize("game_name", GAMES)
def test_item_17_an_unknown_bot_names_the_games_bots_in_good_english(
    game_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    title = game(game_name).title
    status, _, err = run(capsys, "simulate", "--game", game_name, "--bots", "nosuch", "--jobs", "1")
    line = one_clean_line(err)
    assert status == 2 and line.startswith("froeschis: --bots: unknown bot 'nosuch'; ")
    assert "s's " not in line  # "Army of Frogs's bots"
    if "bots are" in line:  # the framework's words (Fröschis' own bot reader says it otherwise)
        owner = f"{title}'" if title.endswith("s") else f"{title}'s"  # Army of Frogs' bots, Frog's bots
        assert f"; {owner} bots are " in line


def test_item_17_a_playthrough_that_is_not_utf8_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``vectors --dir`` over a file of other bytes: its name and why, not Python's codec message."""
    (tmp_path / "broken.jsonl").write_bytes(b'{"vector": "\xff"}\n')
    status, _, err = run(capsys, "vectors", "--game", "frog", "--dir", str(tmp_path))
    assert status == 2
    line = one_clean_line(err)
    assert "codec" not in line and "0xff" not in line
    assert line == "froeschis: broken.jsonl: not UTF-8 text (byte 12: invalid start byte)"


def test_item_17_a_golden_playthrough_skipped_says_why_in_words(tmp_path: Path) -> None:
    from froeschis.framework.playthroughs import golden_first, read_header

    (tmp_path / "broken.jsonl").write_bytes(b"\xff\n")
    games, notes = golden_first(tmp_path, read_header)
    assert list(games) == []
    assert notes == [
        "golden playthrough broken.jsonl skipped: broken.jsonl: not UTF-8 text (byte 0: invalid start byte)"
    ]


def test_item_17_a_report_of_no_games_says_so_not_0_games_in_empty_brackets() -> None:
    from froeschis.cli.options import make_console
    from froeschis.conformance.report import Report

    empty = Report("x", None, (), (), (), {"golden": 0, "random": 0}, 0, 0, (), (), (), 0.1)
    console = make_console()
    with console.capture() as captured:
        empty.render(console, show_table=False)
    assert "no game played, 0 steps compared" in captured.get() and "()" not in captured.get()
    one = attrs.evolve(empty, games={"golden": 1, "random": 0})
    with console.capture() as captured:
        one.render(console, show_table=False)
    assert "1 game (1 golden)," in captured.get()


@pytest.mark.parametrize("name", names())
def test_item_17_a_reported_shuffle_is_written_as_its_game_writes_it(name: str) -> None:
    """Army of Frogs' bag holds stones, not cards: a report writes a chance outcome by the game's
    own ``action_text``; an action the game cannot read stays its JSON."""
    from froeschis.conformance.report import describe_action
    from froeschis.framework.positions import first_decision

    of = game(name)
    start = of.new_game(min(of.players), None)
    outcome = of.sample_chance(start, random.Random(0))
    written = describe_action(of.action_to_json(outcome), of)
    assert written == of.action_text(outcome)
    assert "cards" not in written or name != "army-of-frogs"
    decision = first_decision(of, min(of.players), 0).legal_actions()[0]
    assert describe_action(of.action_to_json(decision), of) == str(decision)
    assert describe_action({"nonsense": 1}, of) == '{"nonsense": 1}'


@pytest.mark.parametrize("name", names())
def test_item_17_an_impossible_setup_names_its_clause_once(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    of = game(name)
    record = {"format": "froeschis.record/1", "game": name, "players": 5}
    record |= {"rules": of.rules_to_json(of.rules()), "actions": []}
    path = tmp_path / "five.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("[players.count]") == 1, out


def test_validate_without_a_file_asks_for_a_file_not_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Its files were shown as ``GAME [GAME ...]``, beside ``--game``: "the following arguments are
    required: GAME" read as if the game were missing."""
    status, _, err = run(capsys, "validate", "--game", "frog")
    assert status == 2 and "the following arguments are required: FILE" in err
