"""Running the command line inside a test and reading what it prints."""

from __future__ import annotations

import json
from typing import Any

import pytest

from froeschis.cli import main


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str, timing: bool = True) -> dict[str, Any]:
    """The statistics ``froeschis simulate --json`` prints for ``args``; with ``timing=False``
    without its ``timing`` (which differs from run to run), for comparing runs whole."""
    assert main(["simulate", "--json", "--no-progress", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    if not timing:
        del data["timing"]
    return data
