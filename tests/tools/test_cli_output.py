"""What every command shows: its help, the version, and output that is whole when piped.

rich wraps at 80 columns when standard output is not a terminal; the commands do not wrap there
(:func:`froeschis.cli.options.make_console`), so the tests here run without ``COLUMNS``, as every
test starts (``tests/conftest.py``; the other command tests set a wide one), and look for lines that
80 columns would have cut.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

import pytest
from rich.table import Table
from rich.text import Text

import froeschis
from froeschis.cli import COMMANDS, build_parser, main
from froeschis.cli.options import make_console


def subcommands() -> dict[str, argparse.ArgumentParser]:
    [subparsers] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(subparsers.choices)


def test_every_command_is_listed_with_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert len(subcommands()) == len(COMMANDS)
    for name in subcommands():
        assert re.search(rf"^    {name} +\S", out, re.MULTILINE), name


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_every_command_has_a_description_and_its_help_renders(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = subcommands()[command]
    assert parser.description and len(parser.description) > 80, "a sentence or more on what it does"
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: froeschis {command}")
    assert "%%" not in out and "%(" not in out


def test_percent_signs_show_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "with 95% confidence intervals" in " ".join(capsys.readouterr().out.split())


def test_the_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"froeschis {froeschis.__version__}\n"


def test_an_argument_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--no-such-option"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == (
        "froeschis: error: unrecognized arguments: --no-such-option (see 'froeschis --help')\n"
    )
    with pytest.raises(SystemExit):
        main(["simulate", "--games"])
    assert capsys.readouterr().err == (
        "froeschis simulate: error: argument --games: expected one argument "
        "(see 'froeschis simulate --help')\n"
    )


def longest_line(text: str) -> int:
    return max(map(len, text.splitlines()))


def test_tables_piped_elsewhere_are_not_cut_at_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "test_one.py").write_text("def test_nothing():\n    pass\n", encoding="utf-8")
    assert main(["trace", "--tests", str(tmp_path)]) == 1  # no clause is tested there
    out = capsys.readouterr().out
    assert "…" not in out and "games.froeschis.clauses.standard_deck" in out
    assert main(["simulate", "--games", "2", "--players", "2", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert (
        "Win rate by bot, per game: a bot wins a game when one of its seats wins (95% Wilson interval" in out
    )
    assert longest_line(out) > 80 and "…" not in out


def test_text_piped_elsewhere_is_not_wrapped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["explain", "--seed", "1", "--players", "2"]) == 0
    sentence = "en.3.5 If you reveal trash or a number you already have face up, discard it to end your turn."
    assert sentence in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--players", "3"]) == 1
    assert (
        "or for a frog the number of the spot it goes on; the action works too (draw, frog@3); q gives up."
        in capsys.readouterr().out
    )
    assert main(["bench", "--runs", "1", "--seconds", "0.01", "--step-games", "1"]) == 0
    assert re.search(
        r"^The engine plays at \d+% of the bare loop's speed \(median of the runs' ratios: ",
        capsys.readouterr().out,
        re.MULTILINE,
    )


def test_a_clause_piped_elsewhere_is_boxed_as_wide_as_its_text(capsys: pytest.CaptureFixture[str]) -> None:
    """On a pipe the console is very wide so that nothing is cut; a box must not fill that width
    (it padded every line of ``froeschis rules frog.swap | less`` to ten thousand columns)."""
    assert main(["rules", "frog.swap"]) == 0
    lines = capsys.readouterr().out.splitlines()
    inside = [line[1:-1] for line in lines if line.startswith("│")]
    assert inside and all(line.endswith("│") for line in lines if line.startswith("│"))
    widest_text = max(len(line.rstrip()) for line in inside)
    assert max(map(len, lines)) <= widest_text + 3  # the text, a space of padding, two borders
    assert widest_text > 80  # and the text is not wrapped either


def test_the_console_wraps_only_a_terminal_or_an_exported_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(title="a table")
    table.add_column("wide")
    table.add_row("x" * 150)
    make_console().print(Text("word " * 40), table)
    out = capsys.readouterr().out
    assert ("word " * 40).rstrip() in out and "x" * 150 in out
    monkeypatch.setenv("COLUMNS", "60")
    make_console().print(Text("word " * 40))
    assert longest_line(capsys.readouterr().out) <= 60
