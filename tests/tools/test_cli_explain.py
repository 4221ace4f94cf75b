"""``froeschis explain``: replays good records step by step with their rules, refuses bad ones."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework.playthroughs import vectors_dir
from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.render import unstated_rule
from froeschis.games.froeschis.serialize import record_to_json


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def write_record(path: Path, players: int = 2, seed: int = 3) -> dict[str, Any]:
    _, record = play_game(players, seed)
    data = record_to_json(record)
    path.write_text(json.dumps(data), encoding="utf-8")
    return data


def test_explain_replays_every_step_of_a_record_with_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game)
    final, _ = play_game(2, 3)
    assert main(["explain", str(game)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    steps = [line for line in lines if line[:5].strip().rstrip(".").isdigit() and "round " in line]
    assert len(steps) == len(data["actions"])
    assert steps[0].strip().startswith("1. round 1, chance: deal: shuffle of 60 cards")
    assert steps[1].strip() == "2. round 1, seat 0: draw"
    winners = ", ".join(f"seat {w}" for w in final.winners)
    assert lines[-1] == f"Game over after {final.round} rounds; winners: {winners}"
    # Every event names its clause, and the rule text is there.
    assert "dead.trash (Trash is dead); also turn.discard-ends" in out
    assert (
        "en.3.5 If you reveal trash or a number you already have face up, discard it to end your turn." in out
    )


def test_explain_quotes_the_chosen_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    write_record(game)
    assert main(["explain", str(game), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "de.3.5 Wenn Sie Müll oder eine Zahl aufdecken" in out
    assert "en.3.5" not in out
    assert "(ruling; the de text does not say this) Seat 0 takes the first turn of round 1" in out
    assert main(["explain", str(game), "--lang", "de", "--brief"]) == 0
    brief = capsys.readouterr().out
    # --brief quotes each clause's sentences once: de.3.5 is cited by dead.trash and dead.duplicate.
    assert out.count("de.3.5 ") > 10 and brief.count("de.3.5 ") == 2


def test_explain_seed_shows_the_same_game_as_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    write_record(game, players=3, seed=8)
    assert main(["explain", str(game), "--brief"]) == 0
    from_file = capsys.readouterr().out
    assert main(["explain", "--seed", "8", "--players", "3", "--brief"]) == 0
    assert capsys.readouterr().out == from_file


def test_explain_json_names_every_events_clause_and_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game, players=2, seed=5)
    final, _ = play_game(2, 5)
    assert main(["explain", str(game), "--json", "--lang", "ko"]) == 0
    explained = json.loads(capsys.readouterr().out)
    assert explained["format"] == "froeschis.explain/1"
    assert [step["action"] for step in explained["steps"]] == data["actions"]
    assert explained["over"] is True and explained["winners"] == list(final.winners)
    assert explained["error"] is None
    for step in explained["steps"]:
        for event in step["events"]:
            assert event["rule"]["clause"] == event["clauses"][0]
            assert all(s["anchor"].startswith("ko.") for s in event["rule"]["sources"])
        parts = step["provenance"]
        events = [part for part in parts if part["event"] is not None]
        assert [part["event"] for part in events] == list(range(len(step["events"])))
        assert [part["clauses"] for part in events] == [event["clauses"] for event in step["events"]]
    silent = [part for step in explained["steps"] for part in step["provenance"] if part["event"] is None]
    assert {"round.next-lengths", "round.start-seat"} <= {c for part in silent for c in part["clauses"]}
    assert all(part["writes"] for part in silent if part["clauses"] == ["round.next-lengths"])


def test_an_unfinished_record_is_replayed_as_far_as_it_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game)
    data["actions"] = data["actions"][:10]
    game.write_text(json.dumps(data), encoding="utf-8")
    assert main(["explain", str(game)]) == 0
    assert "The record ends before the game is over (round 1" in capsys.readouterr().out


def _corrupt(data: dict[str, Any], how: str) -> str:
    if how == "not json":
        return '{"format": "froeschis.record/1", '
    if how == "wrong format":
        data["format"] = "froeschis.state/1"
    elif how == "missing actions":
        del data["actions"]
    elif how == "bad card":
        data["actions"][0] = {"shuffle": ["X", *data["actions"][0]["shuffle"][1:]]}
    elif how == "illegal action":
        data["actions"][1] = "take-discard"
    elif how == "too many players":
        data["players"] = 7
    elif how == "deeply nested":
        return "[" * 100_000
    elif how == "huge number":
        data["players"] = "<players>"
        return json.dumps(data).replace('"<players>"', "9" * 5000)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("not json", "not valid JSON"),
        ("wrong format", "format: expected 'froeschis.record/1'"),
        ("missing actions", "missing keys ['actions']"),
        ("too many players", "the game cannot be set up: Fröschis is for 2 to 4 players, not 7"),
        ("deeply nested", "nested too deeply"),
        ("huge number", "not valid JSON"),
    ],
)
def test_a_malformed_record_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, message: str
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game)
    game.write_text(_corrupt(data, how), encoding="utf-8")
    assert main(["explain", str(game)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"froeschis: {game}: ")
    assert message in captured.err


@pytest.mark.parametrize(
    ("how", "bad", "message"),
    [
        ("bad card", 1, "step 1 (actions[0]): actions[0].shuffle[0]: not a card: 'X'"),
        ("illegal action", 2, "step 2 (actions[1]): illegal action take-discard in phase 'draw'"),
    ],
)
def test_a_bad_first_step_is_refused_after_the_steps_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, bad: int, message: str
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game)
    game.write_text(_corrupt(data, how), encoding="utf-8")
    assert main(["explain", str(game)]) == 2
    captured = capsys.readouterr()
    assert numbered_steps(captured.out) == list(range(1, bad))
    assert captured.out.endswith(f"\nStep {bad} cannot be replayed: the record is not valid from there on.\n")
    assert captured.err.startswith(f"froeschis: {game}: {message}")


def numbered_steps(out: str) -> list[int]:
    """The numbers of the steps shown (``   7. round 1, seat 0: draw``)."""
    return [int(m) for m in re.findall(r"^ *(\d+)\. round \d+, ", out, re.MULTILINE)]


BAD_STEPS: dict[str, tuple[int, Callable[[list[Any]], Any]]] = {
    "a shuffle at a decision": (5, lambda actions: actions[0]),
    "a malformed action": (6, lambda actions: "jump"),
}
"""A bad action put at ``actions[index]``: early in round 1 of a 2-player game the draw pile is far
from empty, so every step there is a seat's decision, and a shuffle is illegal at one."""


@pytest.mark.parametrize("bad", list(BAD_STEPS))
def test_explain_and_validate_name_a_bad_step_alike_and_explain_shows_the_steps_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    """Step N is ``actions[N - 1]`` for both: explain shows steps 1 to N - 1, then names step N as
    validate does."""
    game = tmp_path / "game.json"
    data = write_record(game)
    index, replacement = BAD_STEPS[bad]
    data["actions"][index] = replacement(data["actions"])
    game.write_text(json.dumps(data), encoding="utf-8")
    step = f"step {index + 1} (actions[{index}])"
    assert main(["validate", str(game)]) == 1
    assert capsys.readouterr().out.startswith(f"{game}: not valid at {step}: ")
    assert main(["explain", str(game)]) == 2
    captured = capsys.readouterr()
    assert numbered_steps(captured.out) == list(range(1, index + 1))
    assert f"\nStep {index + 1} cannot be replayed" in captured.out
    assert captured.err.startswith(f"froeschis: {game}: {step}: ")
    assert main(["explain", str(game), "--json"]) == 2
    explained = json.loads(capsys.readouterr().out)
    assert [s["step"] for s in explained["steps"]] == list(range(1, index + 1))
    assert explained["error"]["step"] == index + 1 and step in explained["error"]["message"]
    assert explained["over"] is False


def test_a_file_that_is_not_utf8_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    game.write_bytes(b'{"format": "froeschis.record/1\xff"}')
    assert main(["explain", str(game)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"froeschis: {game}: cannot read the game record: not UTF-8 text (byte 30: invalid start byte)"
    )


def test_a_missing_file_and_wrong_arguments_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.json"
    assert main(["explain", str(missing)]) == 2
    assert f"{missing}: cannot read the game record" in capsys.readouterr().err
    assert main(["explain"]) == 2
    assert "either a GAME.json file or --seed" in capsys.readouterr().err
    game = tmp_path / "game.json"
    write_record(game)
    assert main(["explain", str(game), "--seed", "1"]) == 2
    assert main(["explain", str(game), "--optional-frog-swap"]) == 2
    assert "carries its own rules" in capsys.readouterr().err


def test_watch_and_explain_show_the_same_text_for_a_rule_the_language_does_not_state(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    unstated = unstated_rule("round.start-seat", "ko")
    assert unstated.startswith("(ruling; the ko text does not say this) Seat 0 takes the first turn")
    assert main(["watch", "--seed", "1", "--lang", "ko"]) == 0
    assert f"- round.start-seat: {unstated}" in capsys.readouterr().out
    assert main(["explain", "--seed", "1", "--lang", "ko"]) == 0
    assert unstated in capsys.readouterr().out


def test_explain_replays_a_golden_playthrough(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A playthrough is JSON lines; its first line holds the game (players, rules, seed, actions)."""
    for path in sorted(vectors_dir().glob("*.jsonl")):
        header = json.loads(path.read_text(encoding="utf-8").partition("\n")[0])
        assert main(["explain", str(path), "--json"]) == 0
        explained = json.loads(capsys.readouterr().out)
        assert [step["action"] for step in explained["steps"]] == header["actions"], path.name
        assert (explained["players"], explained["rules"], explained["seed"]) == (
            header["players"],
            header["rules"],
            header["seed"],
        )
    assert main(["explain", str(path), "--brief"]) == 0
    assert " 1. round 1, chance: deal: shuffle of " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda h: h.update(vector="froeschis.playthrough/9"),
            "line 1: vector: expected 'froeschis.playthrough/1'",
        ),
        (
            lambda h: h.pop("actions"),
            "not a valid golden playthrough: line 1: record: missing keys ['actions']",
        ),
        (lambda h: h.update(players=9), "the game cannot be set up: Fröschis is for 2 to 4 players, not 9"),
    ],
)
def test_a_broken_playthrough_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, message: str
) -> None:
    source = sorted(vectors_dir().glob("*.jsonl"))[0]
    first, _, rest = source.read_text(encoding="utf-8").partition("\n")
    header = json.loads(first)
    change(header)
    broken = tmp_path / source.name
    broken.write_text(json.dumps(header) + "\n" + rest, encoding="utf-8")
    assert main(["explain", str(broken)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"froeschis: {broken}: ") and message in captured.err, captured.err


def test_a_record_written_over_several_lines_is_still_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    data = write_record(game)
    game.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert main(["explain", str(game), "--json"]) == 0
    assert [step["action"] for step in json.loads(capsys.readouterr().out)["steps"]] == data["actions"]
