"""``froeschis explain --game frog|army-of-frogs``: a golden playthrough or a seeded game, every
event with its clauses, read through the game's own forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.framework.registry import game

FROG_VECTORS = game("frog").spec() / "vectors"


@pytest.mark.parametrize("path", sorted(FROG_VECTORS.glob("*.jsonl"))[:4], ids=lambda p: p.stem)
def test_a_frog_playthrough_names_the_clauses_it_was_picked_for(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A golden playthrough's header lists the clauses it was picked to fire (the seed search's
    targets): its explanation must name each of them at some step."""
    header = json.loads(path.read_text(encoding="utf-8").partition("\n")[0])
    assert main(["explain", "--game", "frog", "--brief", str(path)]) == 0
    out = capsys.readouterr().out
    named = {word.strip(";,()") for line in out.splitlines() for word in line.split()}
    assert set(header["clauses"]) - {"view.own-hand"} <= named | set(header.get("not_events", []))
    assert "Game over." in out or "record ends before the game is over" in out


def test_json_steps_are_the_playthroughs_actions(capsys: pytest.CaptureFixture[str]) -> None:
    path = FROG_VECTORS / "3p-seed0.jsonl"
    header = json.loads(path.read_text(encoding="utf-8").partition("\n")[0])
    assert main(["explain", "--game", "frog", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [step["action"] for step in data["steps"]] == header["actions"]
    assert all(event["clauses"] for step in data["steps"] for event in step["events"])


@pytest.mark.clause("army-of-frogs:end.turn-limit")
def test_an_army_seed_game_ends_by_a_named_clause(capsys: pytest.CaptureFixture[str]) -> None:
    """Two random bots on seed 1 play to the turn limit (no army of 10 is ever built at random):
    the last event is the end of the game, named by the clause that ends it."""
    assert main(["explain", "--game", "army-of-frogs", "--players", "2", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over"]
    last = data["steps"][-1]["events"][-1]
    assert last["clauses"][0].startswith("end.")
    assert data["steps"][0]["actor"] == "chance"


def test_a_record_of_another_game_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    fröschis = sorted((game().spec() / "vectors").glob("*.jsonl"))[0]
    assert main(["explain", "--game", "frog", str(fröschis)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not of Frog" in err


def test_an_illegal_step_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frog = game("frog")
    rules = frog.rules_to_json(frog.rules())
    record = {"format": "froeschis.record/1", "game": "frog", "players": 3, "rules": rules}
    record["actions"] = ["pass"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = main(["explain", "--game", "frog", str(path)])
    err = capsys.readouterr().err
    assert status == 2 and "step 1" in err.lower() and err.count("\n") == 1
