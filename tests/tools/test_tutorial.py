"""The tutorial (``docs/tutorial.rst``) works as written: every command runs, and prints what it shows.

The commands are those of its ``.. froeschis-output::`` directives (the directive shows a command
and its output, kept in the file its ``:output:`` names, in ``docs/tutorial/``), and the ``$ ``
lines of its ``.. code-block:: console`` blocks, which must be install commands: those are not run
(the page's source says which and why). The others run in the page's order (later ones read what
earlier ones wrote), through ``sh``, in a fresh directory holding a copy of ``examples/``, with two
small scripts first on ``PATH``: ``froeschis`` and ``python`` start the interpreter of this test
run, with the checkout first on ``PYTHONPATH``, so the commands try the code under test whatever
else is installed. Each command must

* exit as the page says,
* show one thing that is checked against an independent account of what it must show (the
  reference engine replaying the saved record, the source text, the files written), and
* print exactly what its output file holds, but for what legitimately varies from run to run
  (:func:`normalised`: timings and rates are masked; trailing spaces, which rich pads lines with,
  are not kept; the commands print no temporary path, conform saves its reproductions in
  ``--repro-dir repro``, and no version of froeschis); the pictures ``simulate --plots`` draws must
  look like the ones the page shows (``docs/tutorial/plots/``, compared by matplotlib's own image
  comparison, :data:`PLOT_TOLERANCE`).

``FROESCHIS_REGENERATE=1 python3 -m pytest tests/tools/test_tutorial.py -n 0`` writes the outputs and
the pictures instead of comparing them, after a deliberate change (of a command's wording, of the
page's commands): review the diff before committing it. A command without a check here, an output
file or picture that the page does not show, fails the test, so the page, the files and this
module keep step.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

import attrs
import pytest

import froeschis
from froeschis.games.froeschis.bots import as_policy, make_bot
from froeschis.games.froeschis.events import Event
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.serialize import record_from_json
from froeschis.games.froeschis.spec import load_catalogue

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "tutorial.rst"
OUTPUTS = PAGE.parent / "tutorial"
"""Where the page keeps what its commands print (the directive's ``:output:`` is relative to the page)."""
PLOTS = OUTPUTS / "plots"
"""The pictures the page shows of ``simulate --plots plots/``."""
INSTALL = ("python3 -m venv ", ". .venv/bin/activate", "python3 -m pip install ")
"""The commands that are not run: they install, and the test runs where froeschis is installed."""
REGENERATE: Final = os.environ.get("FROESCHIS_REGENERATE") == "1"
"""Write the outputs and pictures instead of comparing them."""
PLOT_TOLERANCE = 2.0
"""The root mean square difference of pixel values (0-255) allowed between a picture and the one
the page shows: matplotlib draws with its own font and FreeType, so on every machine the pictures
are the same; the margin takes small changes of anti-aliasing between matplotlib releases."""


@attrs.frozen
class Command:
    """One command of the page, and the file (relative to the page) that holds its output."""

    line: str
    output: str | None = None
    """None for a command of a console block: an install command, which is not run."""


def page_commands(text: str) -> list[Command]:
    """The commands of ``text``'s ``froeschis-output`` directives and console code blocks, in order."""
    commands: list[Command] = []
    blocks = r"^\.\. (froeschis-output|code-block):: (.*)\n((?:[ ]{3}.*\n|\n)*)"
    for kind, argument, body in re.findall(blocks, text + "\n", flags=re.MULTILINE):
        if kind == "froeschis-output":
            found = re.search(r"^   :output: (.+)$", body, flags=re.MULTILINE)
            commands.append(Command(argument.strip(), found[1].strip() if found else ""))
        elif argument.strip() == "console":
            commands += [Command(line[5:]) for line in body.splitlines() if line.startswith("   $ ")]
    return commands


COMMANDS = page_commands(PAGE.read_text(encoding="utf-8"))
RUN = [command for command in COMMANDS if command.output is not None]


def normalised(text: str) -> list[str]:
    """What must be the same on every run: the lines of ``text`` without trailing spaces and with
    every duration and rate (``20.6 s``, ``32.0 games/s``) masked as ``#``."""
    durations = re.compile(r"\d[\d,]*(?:\.\d+)?(?= (?:s|ms|[a-z]+/s)\b)")
    return [durations.sub("#", line.rstrip()) for line in text.splitlines()]


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
        **{name: value for name, value in os.environ.items() if name != "FORCE_COLOR"},
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
    """The game of seed 1 is the API's ``play_game(3, seed=1)`` between greedy bots (``watch``'s
    default, the bot ``play`` seats against a person): as many steps, the same winners."""
    greedy = as_policy(make_bot("greedy", Rules()))
    final, record = froeschis.play_game(players=3, seed=1, policies=(greedy,) * 3)
    exits(ran, 0)
    assert steps(ran.lines) == len(record.actions)
    assert ran.lines[-1].startswith("winners:") and seats(ran.lines[-1]) == set(final.winners)


def rules(ran: Ran) -> None:
    """Every English sentence the clause rests on (spec/froeschis/sources/en.toml) is quoted in full."""
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
    """``--bug final-turns`` gives the completer a final turn too (examples/froeschis/engine.py, BUGS): the
    check fails and names the clause of the final turns; the shrunk game it saved in ``repro/`` is
    a record whose replay on the reference ends its last round as that clause says."""
    exits(ran, 1)
    assert any(line.startswith("FAIL") for line in ran.lines)
    assert re.search(r"^\s*clause round\.final-turns: ", ran.done.stdout, re.MULTILINE)
    (saved,) = (ran.where / "repro").glob("*.record.json")
    assert saved.name in " ".join(ran.done.stdout.split())
    record = record_from_json(json.loads(saved.read_text(encoding="utf-8")))
    state, last = froeschis.new_game(record.players, record.rules), tuple[Event, ...]()
    for action in record.actions:
        state, last = state.step(action)
    assert any("round.final-turns" in event.clauses for event in last)


CHECKS: dict[str, Callable[[Ran], None]] = {
    "froeschis watch --players 3 --seed 1": watch,
    "froeschis rules round.final-turns": rules,
    "yes first | froeschis play --players 2 --seed 4 --save game.json": play,
    "froeschis validate game.json": validate,
    "froeschis explain game.json --brief": explain,
    (
        "froeschis simulate --games 40 --players 3 --bots random,greedy --jobs 1 "
        "--engine reference --plots plots/"
    ): simulate,
    "froeschis conform --quick -- python examples/froeschis/engine.py": conform_passes,
    (
        "froeschis conform --quick --repro-dir repro -- python examples/froeschis/engine.py --bug final-turns"
    ): conform_names_the_broken_rule,
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


def test_every_output_and_picture_kept_is_shown() -> None:
    """The files of ``docs/tutorial/`` are exactly the outputs and pictures the page shows."""
    text = PAGE.read_text(encoding="utf-8")
    shown = {command.output for command in RUN} | set(re.findall(r"^\.\. image:: (tutorial/.+)$", text, re.M))
    kept = {path.relative_to(PAGE.parent).as_posix() for path in OUTPUTS.rglob("*") if path.is_file()}
    assert kept == shown or REGENERATE


def same_output(command: Command, result: Ran) -> None:
    """What the command printed is what its output file holds (:func:`normalised`)."""
    assert command.output
    kept = PAGE.parent / command.output
    printed = "\n".join(line.rstrip() for line in result.done.stdout.splitlines()) + "\n"
    if REGENERATE:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(printed, encoding="utf-8")
    assert kept.is_file(), f"no {kept}: FROESCHIS_REGENERATE=1 writes it"
    expected, got = normalised(kept.read_text(encoding="utf-8")), normalised(printed)
    diff = "\n".join(difflib.unified_diff(expected, got, str(kept), "printed", lineterm=""))
    assert expected == got, (
        f"the output differs from {command.output} (FROESCHIS_REGENERATE=1 rewrites it):\n{diff}"
    )


def same_pictures(result: Ran) -> None:
    """The pictures drawn are the ones the page shows, within :data:`PLOT_TOLERANCE`."""
    compare = pytest.importorskip("matplotlib.testing.compare")
    drawn = sorted((result.where / "plots").iterdir())
    if REGENERATE:
        shutil.rmtree(PLOTS, ignore_errors=True)
        PLOTS.mkdir(parents=True)
        for picture in drawn:
            shutil.copy(picture, PLOTS / picture.name)
    assert [p.name for p in drawn] == sorted(p.name for p in PLOTS.iterdir())
    for picture in drawn:
        difference = compare.compare_images(str(PLOTS / picture.name), str(picture), tol=PLOT_TOLERANCE)
        assert difference is None, difference


@pytest.mark.parametrize("command", RUN, ids=[command.line for command in RUN])
def test_the_command_works_as_the_page_says(command: Command, ran: dict[str, Ran]) -> None:
    result = ran[command.line]
    assert command.line in CHECKS, f"no check for {command.line!r}"
    CHECKS[command.line](result)
    same_output(command, result)
    if CHECKS[command.line] is simulate:
        same_pictures(result)


def test_page_commands_reads_commands_and_their_output_files() -> None:
    """The parser on a made-up page: console blocks, output directives, the end of a block."""
    page = (
        "Text.\n\n.. code-block:: console\n\n   $ one --x\n     out 1\n   $ two\n\n"
        "After.\n\n.. code-block:: sh\n\n   $ not-a-console\n\n"
        ".. froeschis-output:: three | four\n   :output: t/three.txt\n   :head: 3\n\nEnd.\n"
        ".. froeschis-output:: five\n   :output: t/five.txt\n"
    )
    assert page_commands(page) == [
        Command("one --x"),
        Command("two"),
        Command("three | four", "t/three.txt"),
        Command("five", "t/five.txt"),
    ]


def test_normalised_masks_timings_and_trailing_spaces_only() -> None:
    text = "64 games, 11617 steps, 20.6 s   \n40 games in 1.3 s (32.0 games/s).\n(shrunk, 0.1 s)\n3 seats\n"
    assert normalised(text) == [
        "64 games, 11617 steps, # s",
        "40 games in # s (# games/s).",
        "(shrunk, # s)",
        "3 seats",
    ]
