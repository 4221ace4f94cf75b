"""The verification commands: trace (the coverage report), vectors, census."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.framework.playthroughs import vectors_dir
from froeschis.framework.registry import game, names
from froeschis.games.froeschis.spec import load_catalogue

TESTS = Path(__file__).resolve().parents[1]


def test_trace_reports_full_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "--tests", str(TESTS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["gaps"] == [] and report["unknown_ids"] == {}
    assert len(report["clauses"]) == len(load_catalogue().ids())


def test_trace_fails_when_a_clause_has_no_test(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "test_one.py").write_text(
        "import pytest\n\n@pytest.mark.clause('dead.trash')\ndef test_x():\n    pass\n"
    )
    assert main(["trace", "--tests", str(tmp_path)]) == 1
    total = len(load_catalogue().ids())
    assert f"1/{total} clauses implemented, tested and exercised" in capsys.readouterr().out  # dead.trash


def test_vectors_check_passes_and_catches_a_tampered_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vectors"]) == 0
    assert "regenerate identically" in capsys.readouterr().out
    source = sorted(vectors_dir().glob("*.jsonl"))[0]
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    lines = copy.read_text().splitlines()
    assert '"round": 1,' in lines[2]
    lines[2] = lines[2].replace('"round": 1,', '"round": 2,', 1)
    copy.write_text("\n".join(lines) + "\n")
    assert main(["vectors", "--dir", str(tmp_path)]) == 1
    assert f"{source.name}: line 3 (step 1) differs in ['state']" in capsys.readouterr().out


def test_trace_without_a_test_folder_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "--tests", str(tmp_path / "none")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"froeschis: --tests: no test folder {tmp_path / 'none'} (run from a ")


def test_vectors_write_rewrites_a_folder_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for source in sorted(vectors_dir().glob("*.jsonl"))[:3]:
        shutil.copy(source, tmp_path / source.name)
    tampered = sorted(tmp_path.iterdir())[0]
    tampered.write_text(tampered.read_text().replace('"round": 1,', '"round": 2,', 1))
    assert main(["vectors", "--dir", str(tmp_path)]) == 1
    capsys.readouterr()
    assert main(["vectors", "--write", "--dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"regenerated 3 playthroughs in {tmp_path}\n"
    assert main(["vectors", "--dir", str(tmp_path)]) == 0
    assert tampered.read_bytes() == (vectors_dir() / tampered.name).read_bytes()
    assert len(list(tmp_path.iterdir())) == 3  # no temporary files left


def test_vectors_without_playthroughs_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for folder in (tmp_path, tmp_path / "missing"):
        assert main(["vectors", "--dir", str(folder)]) == 2
        assert capsys.readouterr().err == f"froeschis: no playthroughs (*.jsonl files) in {folder}\n"


@pytest.mark.parametrize("name", names())
def test_validate_replays_every_games_records_and_playthroughs(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``froeschis validate --game NAME``: one code path for every game, its record read by the
    game's record reader through the registry (Fröschis' own, the framework's for the others)."""
    playthrough = sorted(vectors_dir(game(name)).glob("*.jsonl"))[0]
    header = json.loads(playthrough.read_text(encoding="utf-8").splitlines()[0])
    record = {"format": "froeschis.record/1", "players": header["players"], "rules": header["rules"]}
    record |= {"game": name} if name != "froeschis" else {}
    legal, broken, stranger = tmp_path / "legal.json", tmp_path / "broken.json", tmp_path / "stranger.json"
    legal.write_text(json.dumps({**record, "actions": header["actions"]}), encoding="utf-8")
    broken.write_text(json.dumps({**record, "actions": [*header["actions"][:1], "no such action"]}), "utf-8")
    stranger.write_text(json.dumps({**record, "actions": [], "stranger": 1}), encoding="utf-8")
    assert main(["validate", "--unfinished", "--game", name, str(playthrough), str(legal)]) == 0
    assert main(["validate", "--game", name, str(broken)]) == 1
    assert "not valid at step 2 (actions[1]): malformed action" in capsys.readouterr().out
    assert main(["validate", "--game", name, str(stranger)]) == 1
    assert "malformed record: record: unknown keys" in capsys.readouterr().out
