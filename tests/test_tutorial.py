"""The tutorial (``docs/tutorial.rst``) works as written: every command of its console blocks runs.

The commands are the lines starting with ``$ `` in its ``.. code-block:: console`` blocks. They run
in the page's order (later ones read what earlier ones wrote), through ``sh``, in a fresh directory
holding a copy of ``examples/``, with two small scripts first on ``PATH``: ``froeschis`` and
``python`` start the interpreter of this test run, with the checkout first on ``PYTHONPATH``, so the
commands try the code under test whatever else is installed. Each command must

* exit as the page says,
* show one thing that is checked against an independent account of what it must show (the
  reference engine replaying the saved record, the source text, the files written), and
* print every output line the page shows (lines compared without their indentation; ``...`` stands
  for lines left out).

The install commands are not run (the page's source says which and why). Any other command
without a check here fails the test, so the page and this module keep step.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import froeschis
from froeschis.core.record import GameRecord
from froeschis.io.serialize import record_from_json
from froeschis.spec import load_catalogue

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "docs" / "tutorial.rst"
INSTALL = ("python3 -m venv ", ". .venv/bin/activate", "python3 -m pip install ")
"""The commands that are not run: they install, and the test runs where froeschis is installed."""


@attrs.frozen
class Command:
    """One command of the page, with the output lines it shows (stripped, ``...`` left out)."""

    line: str
    shown: tuple[str, ...]


def page_commands(text: str) -> list[Command]:
    """The commands of the ``console`` code blocks of ``text``, in order."""
    commands: list[Command] = []
    for block in re.split(r"^\.\. code-block:: console\n", text, flags=re.MULTILINE)[1:]:
        body = []
        for line in block.split("\n"):
            if line and not line.startswith("   "):
                break  # the end of the indented block
            body.append(line[3:])
        line, shown = "", list[str]()
        for entry in [*body, "$ "]:
            if entry.startswith("$ "):
                if line:
                    commands.append(Command(line, tuple(shown)))
                line, shown = entry[2:], []
            elif entry.strip() and entry.strip() != "...":
                shown.append(entry.strip())
    return commands


COMMANDS = page_commands(PAGE.read_text(encoding="utf-8"))
RUN = [command for command in COMMANDS if not command.line.startswith(INSTALL)]


@attrs.frozen
class Ran:
    """What running a command gave, and the directory it ran in."""

    done: subprocess.CompletedProcess[str]
    where: Path

    @property
    def lines(self) -> list[str]:
        return self.done.stdout.splitlines()


def _script(path: Path, body: str) -> None:
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" {body} "$@"\n', encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ran]:
    """Every command of the page that is not an install step, run once, in the page's order."""
    root = tmp_path_factory.mktemp("tutorial")
    scripts, where = root / "bin", root / "clone"
    scripts.mkdir()
    where.mkdir()
    _script(scripts / "froeschis", "-m froeschis")
    _script(scripts / "python", "")
    shutil.copytree(REPO / "examples", where / "examples")
    env = {
        **os.environ,
        "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "COLUMNS": "80",  # rich wraps its output to the terminal's width: the page shows 80
    }
    results = {}
    for command in RUN:
        done = subprocess.run(
            ["sh", "-c", command.line], cwd=where, env=env, capture_output=True, text=True, timeout=120
        )
        results[command.line] = Ran(done, where)
    return results


# --------------------------------------------------------------------------- what each must show


def exits(ran: Ran, expected: int) -> None:
    """The command's exit status is ``expected``; if not, the failure shows what it wrote to stderr."""
    assert ran.done.returncode == expected, f"exit status {ran.done.returncode}:\n{ran.done.stderr[-2000:]}"


def saved_record(where: Path) -> GameRecord:
    return record_from_json(json.loads((where / "game.json").read_text(encoding="utf-8")))


def seats(text: str) -> set[int]:
    """The seats a line names: ``seat 2``, and ``you`` for the human's seat 0."""
    return {int(n) for n in re.findall(r"seat (\d+)", text)} | ({0} if re.search(r"\byou\b", text) else set())


def steps(lines: list[str]) -> int:
    """The numbered steps (``   1. round 1, ...``) of a game shown step by step."""
    return sum(1 for line in lines if re.match(r"^\s*\d+\. round \d+, ", line))


def watch(ran: Ran) -> None:
    """The game of seed 1 is the API's ``play_game(3, seed=1)``: as many steps, the same winners."""
    final, record = froeschis.play_game(players=3, seed=1)
    exits(ran, 0)
    assert steps(ran.lines) == len(record.actions)
    assert ran.lines[-1].startswith("winners:") and seats(ran.lines[-1]) == set(final.winners)


def rules(ran: Ran) -> None:
    """Every English sentence the clause rests on (spec/sources/en.toml) is quoted in full."""
    exits(ran, 0)
    text = " ".join(ran.done.stdout.replace("│", " ").split())
    catalogue = load_catalogue()
    english = catalogue.clause("round.final-turns").sources_in("en")
    assert english
    for ref in english:
        assert " ".join(catalogue.sources["en"].sentence(ref.anchor).text.split()) in text


def play(ran: Ran) -> None:
    """The saved record replays, on the reference engine, to the end the game announced."""
    exits(ran, 0)
    final = saved_record(ran.where).replay()
    (verdict,) = [line for line in ran.lines if line.startswith("Game over")]
    assert final.is_terminal and seats(verdict.partition("Winners:")[2]) == set(final.winners)
    assert verdict.endswith("You win!" if 0 in final.winners else "You lose.")


def validate(ran: Ran) -> None:
    """Legal, with the record's number of actions and the winners of its replay."""
    record = saved_record(ran.where)
    exits(ran, 0)
    assert f"legal: {len(record.actions)} actions" in ran.done.stdout
    assert seats(ran.done.stdout.partition("winners:")[2]) == set(record.replay().winners)


def explain(ran: Ran) -> None:
    """One numbered step per action of the record, and the winners of its replay."""
    record = saved_record(ran.where)
    exits(ran, 0)
    assert steps(ran.lines) == len(record.actions)
    assert seats(ran.lines[-1].partition("winners:")[2]) == set(record.replay().winners)


def simulate(ran: Ran) -> None:
    """The three plots are written, and are PNG images."""
    exits(ran, 0)
    plots = sorted((ran.where / "plots").iterdir())
    assert [p.name for p in plots] == ["clauses.png", "game_length.png", "win_rates.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in plots)


def conform_passes(ran: Ran) -> None:
    """The example engine conforms: exit status 0 and the verdict PASS."""
    exits(ran, 0)
    assert any(line.startswith("PASS") for line in ran.lines)
    assert not any(line.startswith("FAIL") for line in ran.lines)


def conform_names_the_broken_rule(ran: Ran) -> None:
    """``--bug final-turns`` gives the completer a final turn too (examples/engine.py, BUGS): the
    check fails and names the clause of the final turns."""
    exits(ran, 1)
    assert any(line.startswith("FAIL") for line in ran.lines)
    assert re.search(r"^\s*clause round\.final-turns: ", ran.done.stdout, re.MULTILINE)


CHECKS: dict[str, Callable[[Ran], None]] = {
    "froeschis watch --players 3 --seed 1": watch,
    "froeschis rules round.final-turns": rules,
    "yes 1 | froeschis play --players 2 --seed 4 --save game.json": play,
    "froeschis validate game.json": validate,
    "froeschis explain game.json --brief": explain,
    (
        "froeschis simulate --games 40 --players 3 --bots random,greedy --jobs 1 "
        "--engine reference --plots plots/"
    ): simulate,
    "froeschis conform --quick -- python examples/engine.py": conform_passes,
    "froeschis conform --quick -- python examples/engine.py --bug final-turns": conform_names_the_broken_rule,
}


def test_the_page_has_a_check_for_every_command_it_runs() -> None:
    assert [command.line for command in RUN] == list(CHECKS)


def test_only_install_commands_are_skipped_and_the_page_says_why() -> None:
    skipped = [command.line for command in COMMANDS if command not in RUN]
    assert skipped and all(line.startswith(INSTALL) for line in skipped)
    comment = PAGE.read_text(encoding="utf-8").split("\n\n")[1]  # the comment below the title
    assert comment.startswith("..") and "Skipped" in comment
    for prefix in INSTALL:
        assert prefix.strip() in comment


@pytest.mark.parametrize("command", RUN, ids=[command.line for command in RUN])
def test_the_command_works_as_the_page_says(command: Command, ran: dict[str, Ran]) -> None:
    result = ran[command.line]
    assert command.line in CHECKS, f"no check for {command.line!r}"
    CHECKS[command.line](result)
    printed = {line.strip() for line in result.lines}
    missing = [line for line in command.shown if line not in printed]
    assert missing == [], f"shown on the page but not printed:\n{result.done.stdout[-3000:]}"


def test_page_commands_reads_commands_and_their_output() -> None:
    """The parser on a made-up page: prompts, output, elisions, the end of a block."""
    page = (
        "Text.\n\n.. code-block:: console\n\n   $ one --x\n     out 1\n   ...\n   out 2\n   $ two\n\n"
        "After.\n\n.. code-block:: sh\n\n   $ not-a-console\n\n.. code-block:: console\n\n   $ three\n"
    )
    assert page_commands(page) == [
        Command("one --x", ("out 1", "out 2")),
        Command("two", ()),
        Command("three", ()),
    ]
