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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich.console import Console

from froeschis.conformance import CheckConfig, ReferenceEngine, check, compare_record, process
from froeschis.conformance.process import MAX_QUEUED, SubprocessEngine
from froeschis.conformance.protocol import CandidateCrashed, CandidateGarbage, CandidateTimeout
from froeschis.conformance.serve import serve
from froeschis.games.froeschis.bots import play_game
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.scenarios import all_scenarios
from froeschis.games.froeschis.serialize import record_to_json, rules_to_json

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
if mode == "traceback-at-start":
    sys.stderr.write("".join(f"  frame {n}\\n" for n in range(200)) + "ValueError: the last words\\n")
    sys.exit(1)
if mode == "hang-at-start":
    time.sleep(60)
if mode == "flood-stderr":
    sys.stderr.write("x" * 5_000_000)
if mode == "grandchild":  # a wrapper's child: it must die with the engine
    import subprocess
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    with open(sys.argv[3], "a") as pids:
        pids.write(f"{child.pid}\\n")
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
    if hit and mode == "true-for-one":
        reply["state"]["round"] = True
    if hit and mode == "float-for-int":
        reply["state"]["round"] = float(reply["state"]["round"])
    if mode == "surrogate" and request["type"] == "hello":
        reply["engine"] = "half a pair: \\ud800"
    if hit and mode == "surrogate":
        reply = {"type": "error", "message": "lone \\udfff surrogate"}
    if mode == "hostile-name" and request["type"] == "hello":
        reply["engine"] = "evil\\x1b[2J\\x1b]0;owned\\x07 [bold red]engine[/]\\r"
    if hit and mode == "hostile-error":
        reply = {"type": "error", "message": "bad\\x1b[31m [link=file:///etc]x[/link]\\x07"}
    if mode == "grandchild" and hit:
        time.sleep(60)
    if mode == "orphan" and hit:  # exits, leaving a child behind in its process group
        import subprocess
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        with open(sys.argv[3], "a") as pids:
            pids.write(f"{child.pid}\\n")
        sys.exit(1)
    if mode == "slow":
        time.sleep(0.05)
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
    """Every fake engine process that was started (and every process it started) has ended: it no
    longer exists, or it is a zombie (dead, waiting for a parent that may never reap it: in a
    container, process 1 often does not). Tests wait a few seconds for it (:func:`_wait_for`): a
    killed process ends soon, not at the instant of the signal, on a busy machine."""
    for text in pids.read_text(encoding="utf-8").split():
        try:
            os.kill(int(text), 0)
        except ProcessLookupError:
            continue
        except PermissionError:  # pragma: no cover - not our process
            continue
        stat = Path(f"/proc/{text}/stat")
        if stat.exists() and stat.read_text().rpartition(")")[2].split()[0] == "Z":
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
    ("true-for-one", "malformed", "does not match", "state.round: True is not of type 'integer'"),
    ("float-for-int", "malformed", "a boolean or a fraction", "where the protocol has"),
    ("grandchild", "timeout", "no reply within 0.5 s", ""),
    ("orphan", "timeout", "no reply within 0.5 s", ""),
]


def test_the_last_words_of_an_engine_that_ended_are_in_the_report(
    fake: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that exits at once leaves its traceback in the pipe: the report must wait for the
    reader to drain it, not show what it had read so far (on a busy machine the reader thread had
    not run yet, and the report said "stderr: (empty)"). The reader is slowed here to make that
    moment certain."""
    pump = process._pump_stderr

    def slow_pump(*args: Any) -> None:
        time.sleep(1.0)  # the engine has ended by then: it exits as it starts
        pump(*args)

    monkeypatch.setattr(process, "_pump_stderr", slow_pump)
    engine = SubprocessEngine(fake("traceback-at-start"), timeout=3.0)
    with pytest.raises(CandidateCrashed) as crashed:
        engine.hello()
    engine.close()
    assert "ValueError: the last words" in crashed.value.detail


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
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


def test_an_extra_output_line_is_reported(fake: Any) -> None:
    """A stray line is caught before the next request, or (when it comes late) taken for the reply,
    which then is not a protocol reply: an error naming the stray output either way."""
    report = check(fake("extra-line"), CONFIG)
    first = report.errors[0]
    caught_early = first.kind == "garbage" and "extra output line" in first.message
    taken_for_reply = first.kind == "malformed" and "not a protocol reply" in first.message
    assert caught_early or taken_for_reply, first
    assert "debug" in first.message
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


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
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


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
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


def test_a_flood_on_stdout_is_bounded_and_reported(fake: Any) -> None:
    with SubprocessEngine(fake("flood-stdout"), timeout=5) as engine:
        assert engine.hello()["type"] == "hello"
        _wait_for(lambda: engine._lines.full())
        time.sleep(0.3)  # the engine keeps writing; the reader waits instead of queueing more
        assert engine._lines.qsize() == MAX_QUEUED
        with pytest.raises(CandidateGarbage, match="extra output line"):
            engine.new_game(2, record_to_json(play_game(2, 0)[1])["rules"])
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


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


# --------------------------------------------------------------------------- the checker cannot be taken down


def test_the_report_prints_no_control_character_or_markup_an_engine_sends(fake: Any) -> None:
    """An engine's name, messages and stderr reach the terminal without escape sequences, control
    characters or rich markup taking effect (they are stripped or shown as text)."""
    for mode in ("hostile-name", "hostile-error"):
        report = check(fake(mode), CONFIG)
        console = Console(width=200, record=True, file=io.StringIO(), force_terminal=True)
        report.render(console)
        text = console.export_text(styles=False)
        assert "\x1b" not in text and "\x07" not in text and "\r" not in text
        if mode == "hostile-name":
            assert "[bold red]engine[/]" in text  # shown as written, not as markup
        else:
            assert "[link=file:///etc]x[/link]" in text and "[engine-error]" in text


class _Exiting(ReferenceEngine):
    """An in-process adapter whose engine calls sys.exit in the middle of a game."""

    def step(self, action: Any) -> dict[str, Any]:
        raise SystemExit(3)


def test_an_in_process_adapter_that_exits_is_reported_as_a_crash_not_an_exit() -> None:
    report = check(_Exiting, CONFIG)
    first = report.errors[0]
    assert first.kind == "crash" and "SystemExit" in first.message


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("timeout", float("nan")),
        ("timeout", float("inf")),
        ("timeout", 0),
        ("timeout", -1.0),
        ("startup_timeout", True),
        ("deadline", float("inf")),
        ("shrink_budget", float("nan")),
        ("random_games", -1),
        ("random_games", 2.5),
        ("probe_rate", 1.5),
        ("reproductions", True),
    ],
)
def test_a_config_with_a_nonsense_number_is_refused_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        CheckConfig(**{field: value})  # type: ignore[arg-type]


def test_a_missing_vectors_directory_is_an_error_not_a_silent_skip(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no directory of golden playthroughs"):
        check(ReferenceEngine, attrs.evolve(CONFIG, vectors=tmp_path / "missing"))


def test_the_deadline_stops_the_check_and_says_so(fake: Any) -> None:
    config = attrs.evolve(CONFIG, random_games=50, fail_fast=False, timeout=5.0, deadline=2.0)
    started = time.monotonic()
    report = check(fake("slow"), config)
    assert time.monotonic() - started < 10
    assert [w.kind for w in report.warnings] == ["deadline"]
    assert "stopped at its deadline (2 s)" in report.warnings[0].message
    assert report.ok and not attrs.evolve(report, strict=True).ok
    _wait_for(lambda: _gone(fake.pids), 5.0)  # SIGKILL is delivered at once, the end may lag


def test_scenarios_are_made_one_at_a_time() -> None:
    """A check that stops early (fail-fast, a deadline) does not pay for games it never plays: the
    first (the boundary games, searched once a process) comes without the ten thousand random ones."""
    scenarios, _ = all_scenarios(None, 10_000, 0)
    assert isinstance(scenarios, Iterator)
    first = next(scenarios)
    assert first.source == "boundary"


def test_ctrl_c_stops_the_engine_and_everything_it_started(fake: Any) -> None:
    """Interrupted in the middle of a check, the checker still kills the engine's process group."""
    games: list[str] = []

    def interrupt_on_the_second_game(name: str) -> None:
        games.append(name)
        if len(games) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check(fake("grandchild", 10_000), attrs.evolve(CONFIG, fail_fast=False), interrupt_on_the_second_game)
    _wait_for(lambda: _gone(fake.pids))


@pytest.mark.parametrize("players", [True, 2.0, "2"])
def test_the_reference_process_answers_a_non_integer_player_count_with_an_error(players: object) -> None:
    """``true`` is not 1 and ``2.0`` is not 2: the request is not one of the protocol's."""
    request = {"type": "new-game", "players": players, "rules": {}}
    out = io.StringIO()
    serve(io.StringIO(json.dumps(request) + "\n"), out)
    (reply,) = (json.loads(line) for line in out.getvalue().splitlines())
    assert reply["type"] == "error" and "not a request of the protocol" in reply["message"]
    reply = ReferenceEngine().new_game(players, rules_to_json(Rules()))  # type: ignore[arg-type]
    assert reply["type"] == "error" and "players" in reply["message"]


def test_a_lone_surrogate_from_the_engine_reaches_neither_the_terminal_nor_the_report_file(
    fake: Any, tmp_path: Path
) -> None:
    """JSON can carry half a UTF-16 pair; a UTF-8 terminal or file cannot. The report replaces it on
    the terminal and escapes it in the JSON (which stays valid and says what the engine sent)."""
    report = check(fake("surrogate"), CONFIG)
    assert not report.ok and report.engine == "half a pair: \ud800"
    terminal = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    report.render(Console(file=terminal, width=120))
    terminal.flush()
    out = tmp_path / "report.json"
    out.write_text(report.dumps(), encoding="utf-8")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["engine"] == "half a pair: \ud800" and "\\ud800" in out.read_text(encoding="utf-8")
