"""Issue 29, items 7, 8, 9 and 12: the commands that read recorded games (``validate``, ``explain``,
``vectors``) and ``conform`` toward slow and refusing engines, as a newcomer meets them."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from froeschis.cli import main

REPO = Path(__file__).resolve().parents[2]

SLOW_ENGINE = """
import json, sys, time
from froeschis.conformance.protocol import ReferenceEngine
from froeschis.conformance.serve import answer

delay, game = float(sys.argv[1]), sys.argv[2]
engine = ReferenceEngine(None, game)
for line in sys.stdin:
    reply = answer(engine, json.loads(line))
    if reply is None:
        break
    if json.loads(line)["type"] != "hello":
        time.sleep(delay)
    print(json.dumps(reply), flush=True)
"""
"""The reference engine over the protocol, every reply but the hello after ``delay`` seconds: an
engine that plays right, only slowly."""


def _slow_engine(tmp_path: Path, delay: float, game: str = "frog") -> list[str]:
    script = tmp_path / "slow_engine.py"
    script.write_text(SLOW_ENGINE, encoding="utf-8")
    return [sys.executable, str(script), str(delay), game]


def _conform_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    """``froeschis conform --json - ARGS``: its status, its report and what it printed for people."""
    status = main(["conform", "--json", "-", "--no-table", *args])
    captured = capsys.readouterr()
    report: dict[str, Any] = json.loads(captured.out)
    return status, report, captured.err


# --------------------------------------------------------------------------- item 8


def test_item_8_a_timeout_is_its_own_cause_not_a_rule_clause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An engine that plays right but answers after 0.6 s, checked with --timeout 0.3: every game
    stops at a timeout. That is one cause, too slow, naming no clause (today: deal.hand-size)."""
    engine = _slow_engine(tmp_path, 0.6)
    status, report, text = _conform_json(
        capsys, "--game", "frog", "--timeout", "0.3", "--deadline", "3", "--games", "0", "--", *engine
    )
    assert status == 1
    assert report["errors"] and {e["kind"] for e in report["errors"]} == {"timeout"}
    (cause,) = report["causes"]
    assert cause["confidence"] == "timeout" and cause["clause"] is None
    assert "too slow" in cause["headline"] and "--timeout" in cause["headline"]
    assert "deal.hand-size" not in text and "most suspicious" not in text


def test_item_8_the_deadline_holds_for_an_engine_slower_than_its_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each timed-out game restarts the engine; all of it stays within --deadline (today 3 s ran 10)."""
    engine = _slow_engine(tmp_path, 0.6)
    started = time.monotonic()
    _conform_json(capsys, "--game", "frog", "--timeout", "0.3", "--deadline", "2", "--", *engine)
    assert time.monotonic() - started < 2 + 1


def test_item_8_the_deadline_cuts_a_long_game_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An engine well within its timeout (0.15 s a reply, --timeout 2) whose games take long: the
    game in progress at the deadline is abandoned, not played to its end (a Frog game of some hundred
    replies: 15 s and more), and the check says it stopped there; no error, as nothing was wrong."""
    engine = _slow_engine(tmp_path, 0.15)
    started = time.monotonic()
    status, report, _ = _conform_json(
        capsys, "--game", "frog", "--timeout", "2", "--deadline", "2", "--no-shrink", "--", *engine
    )
    assert time.monotonic() - started < 2 + 1
    assert report["errors"] == [] and status == 0
    (warning,) = report["warnings"]
    assert warning["kind"] == "deadline" and "stopped at its deadline (2 s)" in warning["message"]


# --------------------------------------------------------------------------- item 9


def test_item_9_an_engine_refusing_the_game_is_shown_with_its_own_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Frog's example engine asked for Army of Frogs answers with an error reply: the report shows
    its message (today: "the hello reply is malformed", five missing keys)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    engine = ["node", str(REPO / "examples" / "frog" / "engine.mjs")]
    status, report, text = _conform_json(capsys, "--game", "army-of-frogs", "--", *engine)
    assert status == 1
    (error,) = report["errors"]
    assert "this engine plays frog, not army-of-frogs" in error["message"]
    assert error["kind"] == "engine-error" and "malformed" not in error["message"]
    assert "this engine plays frog, not army-of-frogs" in text and "missing or not a str" not in text
