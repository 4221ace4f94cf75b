"""The independent Node engine of Army of Frogs (examples/army) against the reference's kit.

examples/army/engine.mjs was written from the specification alone (the seed, spec/army-of-frogs,
spec/protocol.md), without the reference engine; a second implementation that conforms is
evidence that the specification, not the reference's code, fixes the game. Its bugs
(examples/army/bugs.md, committed before the engine) each break one clause: the checker must catch
each and should name that clause first. The expected clause is read from bugs.md, which was written
before anything was run. The clean engine's check runs by default (quick); the thirteen bugs run
with FROESCHIS_ARMY_NODE_BUGS=1, since each is a conformance run of its own (20-80 s; run them with
``-n 2``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.doc_transcripts import transcript, without_seconds

ROOT = Path(__file__).resolve().parents[3]
ARMY = ROOT / "examples" / "army"
ENGINE = ARMY / "engine.mjs"

BUGS = (
    ("three-frogs", "string.length"),
    ("destination-only", "string.checked"),
    ("through-branches", "string.definition"),
    ("island-every-landing", "island.one"),
    ("start-occupied", "move.start-vacated"),
    ("own-colour-free", "add.own-colour-apart"),
    ("seven-means-eight", "goal.linked"),
    ("draw-from-end", "draw.replace"),
    ("first-no-draw", "turn.first-placement"),
    ("no-move-ends-turn", "turn.pass"),
    ("all-forty", "setup.bag"),
    ("fifty-turns", "end.turn-limit"),
    ("mover-only-wins", "goal.any-seat"),
)
"""Each bug and the clause it breaks, as bugs.md's table has them (a test holds the two equal)."""

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def _bugs() -> list[tuple[str, str]]:
    """The bugs.md table's rows: each bug's name and the clause it breaks."""
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| `([a-z0-9.-]+)` \|", (ARMY / "bugs.md").read_text(), re.M)
    return [(name, clause) for name, clause in rows]


def _conform(tmp_path: Path, *engine_args: str) -> dict[str, Any]:
    """The JSON report of a quick check of the engine (with the given flags)."""
    report = tmp_path / "report.json"
    options = ["--quick", "--no-shrink", "--json", str(report)]
    command = ["node", str(ENGINE), *engine_args]
    subprocess.run(
        [sys.executable, "-m", "froeschis", "conform", "--game", "army-of-frogs", *options, "--", *command],
        cwd=ROOT,
        capture_output=True,
        timeout=600,
        check=False,
    )
    result: dict[str, Any] = json.loads(report.read_text())
    return result


def test_bugs_md_lists_at_least_ten_bugs_each_with_a_clause() -> None:
    """The table the bug checks below are driven by is there and names real clauses."""
    import tomllib

    catalogue = tomllib.loads((ROOT / "spec" / "army-of-frogs" / "clauses.toml").read_text())
    ids = {clause["id"] for clause in catalogue["clause"]}
    bugs = _bugs()
    assert len(bugs) >= 10
    assert tuple(bugs) == BUGS
    assert {clause for _, clause in bugs} <= ids


def test_the_engine_recounts_the_perft_table() -> None:
    """Every row of spec/army-of-frogs/perft.toml, recounted by the Node engine."""
    perft = ["node", str(ARMY / "perft.mjs")]
    done = subprocess.run(perft, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("\nok") + done.stdout.startswith("ok") == 14


DOCS = ROOT / "docs" / "army.rst"


def test_the_clean_engine_conforms_strictly_as_the_docs_show(tmp_path: Path) -> None:
    """No error and no warning, every clause the protocol shows exercised; what the command prints
    is docs/army.rst's transcript (seconds aside), and CI runs the same command."""
    words, expected = transcript(DOCS, "army-conform-transcript")
    assert words[:4] == ["froeschis", "conform", "--game", "army-of-frogs"] and "--strict" in words
    assert " ".join(words) in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    report = tmp_path / "report.json"
    split = words.index("--")
    command = [sys.executable, "-m", "froeschis", *words[1:split], "--json", str(report), *words[split:]]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    result = json.loads(report.read_text())
    assert done.returncode == 0 and result["ok"] and result["errors"] == [], result["summary"]
    assert without_seconds(done.stdout.splitlines()) == without_seconds(expected)


@pytest.mark.skipif(not os.environ.get("FROESCHIS_ARMY_NODE_BUGS"), reason="set FROESCHIS_ARMY_NODE_BUGS=1")
@pytest.mark.clause(
    "army-of-frogs:string.length",
    "army-of-frogs:string.checked",
    "army-of-frogs:string.definition",
    "army-of-frogs:island.one",
    "army-of-frogs:move.start-vacated",
    "army-of-frogs:add.own-colour-apart",
    "army-of-frogs:goal.linked",
    "army-of-frogs:draw.replace",
    "army-of-frogs:turn.first-placement",
    "army-of-frogs:turn.pass",
    "army-of-frogs:setup.bag",
    "army-of-frogs:end.turn-limit",
    "army-of-frogs:goal.any-seat",
)
@pytest.mark.parametrize(("bug", "clause"), BUGS)
def test_each_bug_is_caught_and_its_clause_named_first(tmp_path: Path, bug: str, clause: str) -> None:
    """The checker fails the buggy engine and names, first, the clause bugs.md says it breaks."""
    report = _conform(tmp_path, "--bug", bug)
    assert not report["ok"]
    assert report["errors"]
    first = report["causes"][0]
    assert first["clause"] == clause, first["headline"]
