"""Issue 29, items 7, 8, 9 and 12: the commands that read recorded games (``validate``, ``explain``,
``vectors``) and ``conform`` toward slow and refusing engines, as a newcomer meets them."""

from __future__ import annotations

import io
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework import records
from froeschis.framework.jsontext import MAX_TEXT
from froeschis.framework.loop import play_game
from froeschis.framework.playthroughs import vectors_dir
from froeschis.framework.registry import game

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


# --------------------------------------------------------------------------- items 7 and 12: the files


def _record(name: str, seed: int = 1) -> dict[str, Any]:
    """A whole game of random bots of the game ``name``, as ``play --save`` writes it."""
    of = game(name)
    players = 3 if 3 in of.players else of.players[0]
    _, actions = play_game(of, players, seed, of.rules())
    return records.record_to_json(records.Record(of, players, of.rules(), tuple(actions), seed))


def _written(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _playthrough(name: str) -> Path:
    return sorted(vectors_dir(game(name)).glob("*.jsonl"))[0]


@pytest.mark.parametrize("name", ["frog", "army-of-frogs"])
def test_item_7_a_record_is_read_as_a_record_of_the_game_it_names(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --game, the record's own ``"game"`` says whose it is (today: "unknown keys ['game']"
    from Fröschis' reader, status 1; explain: "a record of 'frog', not of 'froeschis'")."""
    path = _written(tmp_path / "game.json", _record(name))
    assert main(["validate", str(path)]) == 0
    assert "legal:" in capsys.readouterr().out
    assert main(["explain", "--json", str(path)]) == 0
    explained = json.loads(capsys.readouterr().out)
    assert explained["game"] == name and explained["over"]
    assert main(["explain", "--brief", str(path)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", ["frog", "army-of-frogs"])
def test_item_7_a_playthrough_is_read_as_one_of_the_game_it_names(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _playthrough(name)
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: legal")
    assert main(["explain", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == name


def test_item_7_a_froeschis_record_may_name_its_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``"game": "froeschis"`` is what the file says without it: no unknown key."""
    path = _written(tmp_path / "game.json", {"game": "froeschis", **_record("froeschis")})
    assert main(["validate", str(path)]) == 0
    assert main(["explain", str(path)]) == 0


@pytest.mark.parametrize(
    ("command", "named", "asked"),
    [
        ("validate", "froeschis", "frog"),
        ("validate", "frog", "army-of-frogs"),
        ("explain", "froeschis", "frog"),
        ("explain", "army-of-frogs", "froeschis"),
    ],
)
def test_item_7_a_game_that_contradicts_the_file_is_one_clean_line(
    command: str, named: str, asked: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Today validate says "a playthrough of None, not of 'frog'" on stdout, status 1."""
    for path in (_playthrough(named), _written(tmp_path / "game.json", _record(named))):
        assert main([command, "--game", asked, str(path)]) == 2
        captured = capsys.readouterr()
        form = "playthrough" if path.suffix == ".jsonl" else "record"
        said = (
            f"froeschis: {path}: a {form} of {game(named).title}, not of {game(asked).title} (--game {asked})"
        )
        assert captured.err.startswith(said) and captured.err.count("\n") == 1
        assert "None" not in captured.err and said not in captured.out


def test_item_7_vectors_says_when_the_folder_is_of_another_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Today ``vectors --game army-of-frogs --dir spec/frog/vectors`` checks Frog's, status 0, silently."""
    folder = vectors_dir(game("frog"))
    assert main(["vectors", "--dir", str(folder)]) == 0
    capsys.readouterr()
    assert main(["vectors", "--game", "army-of-frogs", "--dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1 and "a playthrough of Frog, not of Army of Frogs (--game army-of-frogs)" in err
    )


@pytest.mark.parametrize(
    "content",
    [b"", b"  \n\n", b'{"format": "froeschis.record/1", "players": 3, "ru', b"{" * 10 + b"x", b"\x00" * 100],
    ids=["empty", "blank", "truncated", "not-json", "zeros"],
)
def test_item_12_an_unreadable_file_is_status_2_in_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"froeschis: {path}: cannot read: ") and captured.err.count("\n") == 1


def test_item_12_a_file_too_large_or_endless_is_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_TEXT + 1)  # a sparse file: no 16 MiB written
    for path in (huge, Path("/dev/zero")):
        assert main(["validate", str(path)]) == 2
        assert "too large" in capsys.readouterr().err


def test_item_12_a_record_of_a_game_not_over_is_incomplete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record cut in half (valid JSON, half its actions) or with no actions is status 1, saying
    the record is incomplete; ``--unfinished`` accepts records of games in progress."""
    whole = _record("frog")
    half: list[Any] = whole["actions"][: len(whole["actions"]) // 2]
    for actions in (half, []):
        path = _written(tmp_path / "part.json", {**whole, "actions": actions})
        assert main(["validate", str(path)]) == 1
        assert (
            f"incomplete: legal so far ({len(actions)} actions), but the game is not over"
            in capsys.readouterr().out
        )
        assert main(["validate", "--unfinished", str(path)]) == 0


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["froeschis", "frog"])
def test_item_12_a_playthrough_with_unknown_keys_or_clauses_is_refused(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a record with an unknown key is: malformed, status 1 (today: status 0)."""
    lines = _lines(_playthrough(name))
    step = next(n for n, line in enumerate(lines) if line.get("events"))
    cases = {
        "header key": [{**lines[0], "stranger": 1}, *lines[1:]],
        "step key": [*lines[:2], {**lines[2], "stranger": 1}, *lines[3:]],
        "header clause": [{**lines[0], "clauses": [*lines[0]["clauses"], "no.such-clause"]}, *lines[1:]],
        "event clause": [
            *lines[:step],
            {**lines[step], "events": [{**lines[step]["events"][0], "clauses": ["no.such-clause"]}]},
            *lines[step + 1 :],
        ],
        "lines cut": lines[: len(lines) // 2],
    }
    expected = {
        "header key": "unknown keys ['stranger']",
        "step key": "line 3: unknown keys ['stranger']",
        "header clause": "no clause 'no.such-clause'",
        "event clause": f"line {step + 1}: events[0]: no clause 'no.such-clause'",
        "lines cut": f"{len(lines) // 2 - 2} step lines after step 0",
    }
    for case, content in cases.items():
        path = _write_lines(tmp_path / f"{name}.jsonl", content)
        assert main(["validate", str(path)]) == 1, case
        out = capsys.readouterr().out
        assert "not valid" in out and expected[case] in out, (case, out)


def test_item_12_validate_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(_record("army-of-frogs"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out.startswith("-: legal:")
