"""Command transcripts in the docs' pages (a ``code-block`` with a ``:name:``, its first line
``$ COMMAND``, then the output): read by the tests that run the command and compare what it prints
today, seconds aside."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

SECONDS = re.compile(r"\b\d+\.\d s\b")
"""Timings, the one thing a transcript's output may differ in."""


def transcript(page: Path, name: str) -> tuple[list[str], list[str]]:
    """The command (its words) and the output lines of the block named ``name`` on ``page``."""
    text = page.read_text(encoding="utf-8")
    block = text[text.index(f":name: {name}") :].split("\n\n", 1)[1]
    lines: list[str] = []
    for line in block.splitlines():
        if line and not line.startswith("   "):
            break
        lines.append(line[3:])
    while lines and not lines[-1]:
        lines.pop()
    assert lines and lines[0].startswith("$ "), f"{page.name}: {name} does not start with a command"
    return shlex.split(lines[0][2:]), lines[1:]


def without_seconds(lines: list[str]) -> list[str]:
    """The lines, every timing written ``N s`` and trailing blanks dropped."""
    return [SECONDS.sub("N s", line.rstrip()) for line in lines]
