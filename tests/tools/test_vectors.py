"""Golden playthroughs: each file is regenerated from its action list and must match exactly.

On a mismatch the test names the file and the first step that differs. If the change is intended
(a clause's meaning changed: record it in CHANGELOG.md), rewrite the files with
``froeschis vectors --write`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from froeschis.framework import registry
from froeschis.framework.playthroughs import read_header, vectors_dir
from froeschis.games.froeschis.playthroughs import COMPLETION_FIRST, MULTI_WINNER
from froeschis.verify.vectors import first_difference

FILES = sorted(vectors_dir().glob("*.jsonl"))
"""Fröschis' playthroughs."""
OTHER_FILES = sorted(
    path
    for name in registry.names()
    if name != registry.DEFAULT
    for path in vectors_dir(registry.game(name)).glob("*.jsonl")
)
"""The other games' playthroughs (``spec/<game>/vectors``)."""


def test_there_are_playthroughs() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize(
    "path", FILES + OTHER_FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES + OTHER_FILES]
)
def test_playthrough_regenerates_identically(path: Path) -> None:
    difference = first_difference(path)
    assert difference is None, difference


def test_a_tampered_playthrough_is_caught(tmp_path: Path) -> None:
    lines = FILES[0].read_text(encoding="utf-8").splitlines()
    step = json.loads(lines[2])
    step["state"]["turn"] = 1 - step["state"]["turn"]
    tampered = tmp_path / FILES[0].name
    tampered.write_text("\n".join([*lines[:2], json.dumps(step), *lines[3:]]) + "\n", encoding="utf-8")
    assert first_difference(tampered) == f"{FILES[0].name}: line 3 (step 1) differs in ['state']"
    truncated = tmp_path / "short.jsonl"
    truncated.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    assert "lines recorded" in (first_difference(truncated) or "")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_exercises_the_clauses_it_was_picked_for(path: Path) -> None:
    header = read_header(path)
    fired: set[str] = set()
    several_winners = frog_discarded = False
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        for event in json.loads(line).get("events", []):
            fired.update(event["clauses"])
            several_winners |= event["kind"] == "game-won" and len(event["seats"]) > 1
            completion_first = event["clauses"][:2] == ["complete.ends-turn", "turn.chain-order"]
            frog_discarded |= event["kind"] == "discarded" and event["card"] == "F" and completion_first
    for target in header.clauses:
        if target == MULTI_WINNER:
            assert several_winners, f"{path.name} has no shared win"
        elif target == COMPLETION_FIRST:
            assert frog_discarded, f"{path.name} has no frog discarded by a completed row"
        else:
            assert target in fired, f"{path.name} was picked for {target}, which never fires in it"


def test_the_other_games_playthroughs_name_their_game_and_fire_what_they_were_picked_for() -> None:
    """Frog's files say ``"game": "frog"`` (Fröschis' say nothing: the default game, unchanged)."""
    assert len(OTHER_FILES) >= 10
    for path in OTHER_FILES:
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert header["game"] == path.parent.parent.name
        fired = {
            clause_id
            for line in path.read_text(encoding="utf-8").splitlines()[1:]
            for event in json.loads(line).get("events", [])
            for clause_id in event["clauses"]
        }
        assert set(read_header(path).clauses) <= fired, path.name
    assert all("game" not in json.loads(p.read_text(encoding="utf-8").splitlines()[0]) for p in FILES)
