"""The transcript of docs/guide-validating.rst is what ``froeschis conform`` prints today.

The page shows one command and its whole output; this test runs the command (from the repository
root, as the page does, with the reproductions written into a temporary folder shown as
``repros``) and compares every line. Seconds are the only thing allowed to differ.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.doc_transcripts import transcript, without_seconds

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "guide-validating.rst"


@pytest.mark.clause("round.final-turns")
def test_the_guide_shows_what_the_conform_command_prints(tmp_path: Path) -> None:
    words, expected = transcript(GUIDE, "conform-transcript")
    assert words[:2] == ["froeschis", "conform"] and "--repro-dir" in words
    words[words.index("--repro-dir") + 1] = str(tmp_path / "repros")
    command = [sys.executable, "-m", "froeschis", *words[1:]]
    command[command.index("python")] = sys.executable  # the engine's interpreter
    done = subprocess.run(
        command,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
    )
    assert done.returncode == 1, done.stderr
    shown = done.stdout.replace(str(tmp_path / "repros"), "repros").replace(sys.executable, "python")
    assert without_seconds(shown.splitlines()) == without_seconds(expected)
    assert sorted(p.name for p in (tmp_path / "repros").iterdir()) == [
        "cause-1-round-final-turns.record.json",
        "test_cause_1_round_final_turns.py",
    ]
