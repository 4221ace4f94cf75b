"""The checker toward misbehaving engines: every failure gets a clear report, nothing hangs or crashes.

Each fake engine is the reference engine behind the protocol (``froeschis.conformance.serve``)
with one fault injected at a given request: it crashes, hangs, writes garbage, answers in another
protocol version, sends a malformed state, and so on. The checker must name what happened, stop the
process, and (without --fail-fast) go on with a fresh engine for the next game.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

from froeschis.agents.loop import play_game
from froeschis.conformance import CheckConfig, ReferenceEngine, check, compare_record
from froeschis.conformance.process import MAX_QUEUED, SubprocessEngine
from froeschis.conformance.protocol import CandidateCrashed, CandidateGarbage, CandidateTimeout
from froeschis.conformance.serve import serve
from froeschis.io.serialize import record_to_json

FAKE = """
import json, os, sys, time
from froeschis.conformance.serve import answer
from froeschis.conformance.protocol import ReferenceEngine

mode, at = sys.argv[1], int(sys.argv[2])
with open(sys.argv[3], "a") as pids:
    pids.write(f"{os.getpid()}\\n")
engine, steps = ReferenceEngine(), 0
if mode == "exit-at-start":
    sys.stderr.write("boom: the engine cannot load its tables\\n")
    sys.exit(3)
if mode == "hang-at-start":
    time.sleep(60)
if mode == "flood-stderr":
    sys.stderr.write("x" * 5_000_000)
for line in sys.stdin:
    request = json.loads(line)
    reply = answer(engine, request)
    if reply is None:
        break
    if request["type"] == "step":
        steps += 1
    hit = steps == at and request["type"] == "step"
    if mode == "garbage-hello" and request["type"] == "hello":
        print("Hello! I am an engine and I like to chat.", flush=True)
        continue
    if mode == "wrong-version" and request["type"] == "hello":
        reply["protocol"] = "froeschis.protocol/2"
    if mode == "close-stdout" and request["type"] == "hello":
        os.close(1)
        time.sleep(60)
    if mode == "close-after-hello" and request["type"] == "hello":
        print(json.dumps(reply), flush=True)
        os.close(1)
        time.sleep(60)
    if mode == "flood-stdout" and request["type"] == "hello":
        print(json.dumps(reply), flush=True)
        while True:
            print("x" * 1000, flush=True)
    if hit and mode == "hang":
        time.sleep(60)
    if hit and mode == "crash":
        raise RuntimeError("index out of range in place_card")
    if hit and mode == "bad-json":
        print('{"type": "state", "state": {', flush=True)
        continue
    if hit and mode == "deep-json":
        print("[" * 100_000, flush=True)
        continue
    if hit and mode == "deep-reply":
        print("[" * 900 + "]" * 900, flush=True)
        continue
    if hit and mode == "huge-number":
        print("1" * 5000, flush=True)
        continue
    if hit and mode == "huge-line":
        print("[" + "1," * 700_000 + "1]", flush=True)
        continue
    if hit and mode == "malformed-state":
        del reply["state"]["hand"]
    if hit and mode == "refuse":
        reply = {"type": "illegal", "reason": "not your turn"}
    if hit and mode == "error":
        reply = {"type": "error", "message": "internal error 42"}
    if mode == "accept-illegal" and reply.get("type") == "illegal" and request["type"] == "step":
        reply = {"type": "state", "state": {}, "legal": []}
    print(json.dumps(reply), flush=True)
    if hit and mode == "extra-line":
        print(json.dumps({"debug": "placed a card"}), flush=True)
"""

CONFIG = CheckConfig(
    vectors=None, quick=True, random_games=0, fail_fast=True, timeout=0.5, startup_timeout=3.0, shrink=False
)


@pytest.fixture
def fake(tmp_path: Path) -> Any:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE, encoding="utf-8")
    pids = tmp_path / "pids.txt"

    def command(mode: str, at: int = 3) -> list[str]:
        return [sys.executable, str(script), mode, str(at), str(pids)]

    command.pids = pids  # type: ignore[attr-defined]
    return command


def _gone(pids: Path) -> bool:
    """Every fake engine process that was started has ended (the checker killed or reaped it)."""
    for text in pids.read_text(encoding="utf-8").split():
        try:
            os.kill(int(text), 0)
        except ProcessLookupError:
            continue
        except PermissionError:  # pragma: no cover - not our process
            continue
        return False
    return True


CASES = [
    ("exit-at-start", "crash", "exited with status 3", "cannot load its tables"),
    ("hang-at-start", "timeout", "no reply within 3 s", ""),
    ("garbage-hello", "garbage", "not JSON", ""),
    ("wrong-version", "protocol", "froeschis.protocol/2", ""),
    ("close-stdout", "crash", "closed its output", ""),
    ("hang", "timeout", "no reply within 0.5 s", ""),
    ("crash", "crash", "without replying", "index out of range in place_card"),
    ("bad-json", "garbage", "not JSON", ""),
    ("huge-line", "garbage", "longer than", ""),
    ("deep-json", "garbage", "nested too deeply", ""),
    ("deep-reply", "garbage", "nested more than 64 levels", ""),
    ("huge-number", "garbage", "not JSON", ""),
    ("malformed-state", "malformed", "does not match", "state: 'hand' is a required property"),
    ("refuse", "legal-refused", "not your turn", ""),
    ("error", "engine-error", "internal error 42", ""),
    ("accept-illegal", "illegal-accepted", "accepted", ""),
]


@pytest.mark.parametrize(("mode", "kind", "message", "detail"), CASES, ids=[c[0] for c in CASES])
def test_a_misbehaving_engine_gets_a_clear_report(
    fake: Any, mode: str, kind: str, message: str, detail: str
) -> None:
    config = attrs.evolve(CONFIG, probe_rate=1.0) if mode == "accept-illegal" else CONFIG
    started = time.monotonic()
    report = check(fake(mode), config)
    assert time.monotonic() - started < 20
    assert not report.ok
    first = report.errors[0]
    assert first.kind == kind, (first.kind, first.message)
    assert message in first.message, first.message
    assert detail in first.detail
    assert _gone(fake.pids)


def test_an_extra_output_line_is_reported(fake: Any) -> None:
    """A stray line is caught before the next request, or (when it comes late) taken for the reply,
    which then is not a protocol reply: an error naming the stray output either way."""
    report = check(fake("extra-line"), CONFIG)
    first = report.errors[0]
    caught_early = first.kind == "garbage" and "extra output line" in first.message
    taken_for_reply = first.kind == "malformed" and "not a protocol reply" in first.message
    assert caught_early or taken_for_reply, first
    assert "debug" in first.message
    assert _gone(fake.pids)


class _CrashingEngine(ReferenceEngine):
    """An in-process engine that raises at its second step of every game; counts its instances."""

    started = 0

    def __init__(self) -> None:
        super().__init__()
        _CrashingEngine.started += 1
        self.steps = 0

    def step(self, action: Any) -> dict[str, Any]:
        self.steps += 1
        if self.steps == 2:
            raise IndexError("list index out of range")
        return super().step(action)


def test_after_a_failure_the_checker_goes_on_with_a_fresh_engine() -> None:
    _CrashingEngine.started = 0
    report = check(_CrashingEngine, attrs.evolve(CONFIG, fail_fast=False, shrink=False))
    played = sum(report.games.values())
    assert played > 3
    assert len(report.errors) == played and {e.kind for e in report.errors} == {"crash"}
    assert _CrashingEngine.started == played  # the first engine plays the first game, then one per game


def test_a_crash_is_shrunk_to_the_step_where_it_happens(fake: Any) -> None:
    report = check(fake("crash", 2), attrs.evolve(CONFIG, shrink=True, shrink_budget=5))
    (repro,) = report.reproductions
    assert repro.reproduced and len(repro.actions) == 2
    assert report.errors[0].clauses  # the clauses of the reference's events at the crashing step


def test_a_flood_on_stderr_does_not_block_the_engine(fake: Any) -> None:
    report = check(fake("flood-stderr"), attrs.evolve(CONFIG, timeout=5.0))
    assert report.ok and report.errors == ()


def test_the_reference_engine_as_a_process_conforms() -> None:
    report = check([sys.executable, "-m", "froeschis.conformance.serve"], attrs.evolve(CONFIG, timeout=5.0))
    assert report.ok and report.errors == () and report.warnings == ()


def test_an_engine_that_cannot_be_started() -> None:
    report = check(["/nonexistent/engine-binary"], CONFIG)
    assert [e.kind for e in report.errors] == ["crash"]
    assert "could not start" in report.errors[0].message


class _Raising(ReferenceEngine):
    """An in-process adapter whose engine raises in the middle of a game."""

    calls = 0

    def step(self, action: Any) -> dict[str, Any]:
        _Raising.calls += 1
        if _Raising.calls == 4:
            raise KeyError("spot")
        return super().step(action)


def test_an_in_process_adapter_that_raises_is_reported_as_a_crash() -> None:
    report = check(_Raising, CONFIG)
    first = report.errors[0]
    assert first.kind == "crash" and "KeyError" in first.message and "spot" in first.message


def test_the_subprocess_driver_reports_timeouts_and_garbage_as_exceptions(fake: Any) -> None:
    with SubprocessEngine(fake("hang", 1), timeout=0.3) as engine:
        assert engine.hello()["type"] == "hello"
        _, record = play_game(2, 0)
        engine.new_game(2, record_to_json(record)["rules"])
        with pytest.raises(CandidateTimeout):
            engine.step(record_to_json(record)["actions"][0])
    with SubprocessEngine(fake("garbage-hello")) as engine, pytest.raises(CandidateGarbage):
        engine.hello()
    assert _gone(fake.pids)


def test_compare_record_names_the_first_error(fake: Any) -> None:
    _, record = play_game(2, 0)
    data = record_to_json(record)
    assert compare_record([sys.executable, "-m", "froeschis.conformance.serve"], data) is None
    finding = compare_record(fake("refuse", 2), data)
    assert finding is not None and finding.kind == "legal-refused" and finding.step == 1


def _wait_for(condition: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)


def test_output_closed_after_a_reply_is_reported_at_once_not_as_a_timeout(fake: Any) -> None:
    with SubprocessEngine(fake("close-after-hello"), timeout=30) as engine:
        assert engine.hello()["type"] == "hello"
        _wait_for(lambda: not engine._lines.empty())  # the end of its output is noticed
        started = time.monotonic()
        with pytest.raises(CandidateCrashed, match="closed its output"):
            engine.new_game(2, record_to_json(play_game(2, 0)[1])["rules"])
        assert time.monotonic() - started < 10
    assert _gone(fake.pids)


def test_a_flood_on_stdout_is_bounded_and_reported(fake: Any) -> None:
    with SubprocessEngine(fake("flood-stdout"), timeout=5) as engine:
        assert engine.hello()["type"] == "hello"
        _wait_for(lambda: engine._lines.full())
        time.sleep(0.3)  # the engine keeps writing; the reader waits instead of queueing more
        assert engine._lines.qsize() == MAX_QUEUED
        with pytest.raises(CandidateGarbage, match="extra output line"):
            engine.new_game(2, record_to_json(play_game(2, 0)[1])["rules"])
    assert _gone(fake.pids)


@pytest.mark.parametrize(
    ("line", "message"),
    [("[" * 100_000, "nested too deeply"), ("1" * 5000, "not valid JSON"), ("{nope", "not valid JSON")],
    ids=["deep", "huge-number", "syntax"],
)
def test_the_reference_process_answers_unparseable_requests_with_an_error(line: str, message: str) -> None:
    out = io.StringIO()
    serve(io.StringIO(line + '\n{"type": "hello", "protocol": "froeschis.protocol/1"}\n'), out)
    error, hello = (json.loads(reply) for reply in out.getvalue().splitlines())
    assert error["type"] == "error" and message in error["message"]
    assert hello["type"] == "hello"
