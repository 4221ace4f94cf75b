"""The command line under hostile conditions: nonsense numbers, mistyped names, Ctrl-C, a killed
parent, a closed pipe, standard output on a full disk or a dead terminal, paths that cannot be
written, a disk that fills up.

Every numeric option of every command refuses ``nan``, ``inf``, ``0`` and ``-1`` where they make no
sense, at once, in one line naming the option; a mistyped command or choice is told the ones it
may have meant. ``simulate``'s workers go when the run is interrupted and when its process is killed
outright; a huge run starts at once in little memory. ``play`` loses no finished game and leaves no
file when interrupted. Every command whose reader goes away ends quietly; every command whose output
cannot be written says so in one line. The signal tests run the real command in a process group of
its own and look for its children in ``/proc`` (Linux).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pty
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType, ModuleType

import attrs
import pytest

import froeschis.cli.files as files
from froeschis.cli import build_parser, main
from froeschis.cli.files import OutputError, check_file, check_folder, check_not_installed, write_atomic
from froeschis.cli.options import (
    NUMBER_TYPES,
    non_negative_int,
    player_count,
    positive_int,
    positive_seconds,
)
from froeschis.framework import registry
from froeschis.framework.playthroughs import vectors_dir
from froeschis.games.froeschis.serialize import record_from_json

ROOT = Path(__file__).resolve().parents[2]
LINUX_PROC = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads children from /proc")
ALWAYS_FIRST = "first\n" * 3000
"""``first`` takes the first choice listed, which is always legal: enough answers for any game."""


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


# --------------------------------------------------------------------------- numbers


NUMERIC_OPTIONS: dict[tuple[str, str], Callable[[str], int | float]] = {
    ("watch", "--players"): player_count,
    ("watch", "--seed"): non_negative_int,
    ("play", "--players"): player_count,
    ("play", "--seat"): non_negative_int,
    ("play", "--seed"): non_negative_int,
    ("play", "--port"): non_negative_int,
    ("explain", "--seed"): non_negative_int,
    ("explain", "--players"): player_count,
    ("simulate", "--games"): positive_int,
    ("simulate", "--players"): player_count,
    ("simulate", "--seed"): non_negative_int,
    ("simulate", "--jobs"): positive_int,
    ("bench", "--players"): player_count,
    ("bench", "--runs"): positive_int,
    ("bench", "--seconds"): positive_seconds,
    ("bench", "--step-games"): positive_int,
    ("bench", "--profile"): non_negative_int,
    ("bench", "--scaling"): non_negative_int,
    ("bench", "--instructions"): non_negative_int,
    ("bench", "--seed"): non_negative_int,
    ("vectors", "--seeds"): positive_int,
    ("census", "--divide"): positive_int,
    ("census", "--players"): player_count,
    ("census", "--seed"): non_negative_int,
    ("census", "--jobs"): positive_int,
    ("conform", "--games"): non_negative_int,
    ("conform", "--seed"): non_negative_int,
    ("conform", "--timeout"): positive_seconds,
    ("conform", "--shrink-budget"): positive_seconds,
    ("conform", "--deadline"): positive_seconds,
}
"""Every numeric option of every command, with the type it must have."""

INVALID: dict[Callable[[str], int | float], tuple[str, ...]] = {
    positive_int: ("nan", "inf", "0", "-1"),
    non_negative_int: ("nan", "inf", "-1"),  # 0 is a seed, a seat, or "off"
    player_count: ("nan", "inf", "0", "-1"),
    positive_seconds: ("nan", "inf", "0", "-1"),
}


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    [subparsers] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(subparsers.choices)


def test_every_numeric_option_has_a_checked_type() -> None:
    """No option takes a bare int or float (which read nan, inf and -1), and the table below knows
    every numeric option, so that a new one is tested too."""
    found = {}
    for name, parser in commands().items():
        for action in parser._actions:
            assert action.type not in (int, float), f"{name} {action.option_strings}: a bare {action.type}"
            if action.type in NUMBER_TYPES:
                found[name, action.option_strings[-1]] = action.type
    assert found == NUMERIC_OPTIONS


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (TimeoutError) a block that takes longer than ``seconds``: a hang must not hang the suite."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(
    ("command", "option", "value"),
    [(c, o, v) for (c, o), kind in NUMERIC_OPTIONS.items() for v in INVALID[kind]],
)
def test_a_senseless_number_is_refused_at_once_naming_the_option(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with within(5), pytest.raises(SystemExit) as exit_info:
        main([command, option, value])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith(f"froeschis {command}: error: argument {option}: "), captured.err


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        (positive_int, "1", 1),
        (positive_int, " 12 ", 12),
        (non_negative_int, "0", 0),
        (non_negative_int, "+7", 7),
        (player_count, "4", 4),
        (positive_seconds, "0.5", 0.5),
        (positive_seconds, "1e-3", 0.001),
    ],
)
def test_sensible_numbers_are_read(kind: Callable[[str], int | float], text: str, value: float) -> None:
    assert kind(text) == value


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (positive_int, "1e9", "expected a whole number of at least 1, not '1e9'"),
        (positive_int, "1_000", "expected a whole number of at least 1, not '1_000'"),
        (positive_int, "\uff13", "expected a whole number of at least 1, not '\uff13'"),  # a fullwidth 3
        (positive_int, "9" * 5000, "expected a whole number of at least 1, not a number of 5000 digits"),
        (player_count, "5", "Fröschis is for 2 to 4 players, not 5 [players.count]"),
        (player_count, "two", "expected a number of players, 2 to 4, not 'two'"),
        (positive_seconds, "-inf", "expected a finite number of seconds more than 0, not '-inf'"),
        (positive_seconds, "\u0661", "expected a number of seconds, not '\u0661'"),  # an Arabic-Indic 1
        (positive_seconds, "1e300", "at most 9.22337e+09 seconds, not '1e300'"),
    ],
)
def test_numbers_that_would_be_read_silently_otherwise_are_refused(
    kind: Callable[[str], int | float], text: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        kind(text)
    assert str(refused.value) == message


# --------------------------------------------------------------------------- processes and signals


def _as_a_shell_starts_it() -> None:
    """A shell starts a foreground job with Ctrl-C (SIGINT) neither blocked nor ignored. A pytest-xdist
    worker does not always have it so (in two of four CI rehearsals, four Ctrl-C tests saw the
    command deaf to SIGINT: simulate ran on, play read end of input and ended with status 1), and a
    child inherits both."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    """``froeschis ARGS`` in a process group of its own, as a shell starts a foreground job."""
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    return subprocess.Popen(
        [sys.executable, "-m", "froeschis", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        process_group=0,
        cwd=ROOT,
        env=env,
        preexec_fn=_as_a_shell_starts_it,
    )


def children(pid: int) -> set[tuple[int, str]]:
    """The children of ``pid``, each with its start time (so that a reused pid is not taken for it)."""
    found = set()
    for listing in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in listing.read_text().split():
            started = _start_time(int(child))
            if started is not None:
                found.add((int(child), started))
    return found


def _start_time(pid: int) -> str | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]  # a zombie has ended; field 22 is the start time


def workers(pid: int) -> set[tuple[int, str]]:
    """The worker processes among the children of ``pid`` (multiprocessing's spawned interpreters)."""
    return {c for c in children(pid) if b"spawn_main" in Path(f"/proc/{c[0]}/cmdline").read_bytes()}


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.02)


@contextlib.contextmanager
def cleaned_up(process: subprocess.Popen[bytes]) -> Iterator[None]:
    """Kill what is left of the process's group however the test ends: a failing test must not leave
    processes behind either."""
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


@LINUX_PROC
def test_ctrl_c_stops_simulate_at_once_and_leaves_no_worker() -> None:
    run = start("simulate", "--games", "100000", "--jobs", "2", "--no-progress")
    with cleaned_up(run):
        wait_for(lambda: len(workers(run.pid)) == 2, 30, "two workers")
        spawned = children(run.pid)  # the workers and multiprocessing's resource tracker
        os.killpg(run.pid, signal.SIGINT)  # Ctrl-C signals the whole foreground group
        interrupted = time.monotonic()
        _, err = run.communicate(timeout=10)
        assert time.monotonic() - interrupted < 3
        assert run.returncode == 130
        assert err.decode() == "froeschis: interrupted\n"
        wait_for(lambda: not any(_start_time(pid) == started for pid, started in spawned), 3, "children gone")


@LINUX_PROC
def test_the_workers_end_when_simulate_is_killed() -> None:
    run = start("simulate", "--games", "100000", "--jobs", "2", "--no-progress")
    with cleaned_up(run):
        wait_for(lambda: len(workers(run.pid)) == 2, 30, "two workers")
        spawned = workers(run.pid)
        run.kill()  # SIGKILL to the parent alone: it can end nobody
        run.wait(timeout=10)
        wait_for(lambda: not any(_start_time(pid) == started for pid, started in spawned), 5, "workers gone")


@LINUX_PROC
def test_a_billion_games_start_at_once_in_little_memory() -> None:
    """The work is handed out as it goes: building a billion games' tasks first took gigabytes."""
    run = start("simulate", "--games", "1000000000", "--jobs", "2", "--no-progress")
    with cleaned_up(run):
        wait_for(lambda: len(workers(run.pid)) == 2, 15, "two workers")
        time.sleep(1)  # the workers are playing; the parent hands out and counts
        status = Path(f"/proc/{run.pid}/status").read_text()
        [resident] = [int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")]
        assert resident < 200_000, f"{resident} kB"
        os.killpg(run.pid, signal.SIGINT)
        run.communicate(timeout=10)
        assert run.returncode == 130


def read_until(process: subprocess.Popen[bytes], text: bytes, seconds: float) -> bytes:
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        assert time.monotonic() < deadline, f"no {text!r} in {seen[-300:]!r}"
        more = os.read(process.stdout.fileno(), 4096)
        assert more, f"the output ended before {text!r}: {seen[-300:]!r}, {process.communicate()[1]!r}"
        seen += more
    return seen


@LINUX_PROC
@pytest.mark.parametrize("existing", [False, True], ids=["new-file", "existing-file"])
def test_ctrl_c_during_play_leaves_no_save_file(tmp_path: Path, existing: bool) -> None:
    saved = tmp_path / "game.json"
    if existing:
        saved.write_text("an older game", encoding="utf-8")
    run = start("play", "--players", "2", "--seed", "1", "--save", str(saved), stdin=subprocess.PIPE)
    with cleaned_up(run):
        read_until(run, b"> ", 30)  # the game waits for the human
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.communicate(timeout=10)
        assert run.returncode == 130
        assert err.decode() == "froeschis: interrupted\n"
    assert [p.name for p in tmp_path.iterdir()] == (["game.json"] if existing else [])
    if existing:
        assert saved.read_text(encoding="utf-8") == "an older game"


# --------------------------------------------------------------------------- closed output

CLOSED_OUTPUT = [
    ["watch"],
    ["rules"],
    ["rules", "frog.swap", "--lang", "ko"],
    ["explain", "--seed", "1"],
    ["simulate", "--games", "2", "--players", "2", "--jobs", "1"],
    ["simulate", "--games", "2", "--players", "2", "--jobs", "2", "--json"],
    ["bench", "--runs", "1", "--seconds", "0.01", "--step-games", "1"],
    ["trace", "--tests", str(ROOT / "spec")],  # a folder without tests: the whole matrix, all gaps
    ["vectors"],
    ["validate", *map(str, sorted(vectors_dir().glob("*.jsonl"))[:2])],
    ["conform", "--reference", "--quick", "--games", "0", "--no-vectors", "--no-shrink"],
    ["play", "--players", "2"],
    ["explain", "--game", "frog", "--seed", "1"],
    ["simulate", "--game", "army-of-frogs", "--games", "2", "--players", "2", "--jobs", "1"],
    ["play", "--game", "frog"],
    ["--help"],
    ["simulate", "--help"],
    ["--version"],
]
"""A command of every kind of output: plain writes, rich tables, JSON, argparse's help."""

EVERY_COMMAND = [*CLOSED_OUTPUT, ["census", "--divide", "2", "--position", "2p-row2-seed11@5"]]
"""Every subcommand at least once. ``census`` is its divide report from a named position, printed
line by line in a second: its whole walk (20 s on one core) writes once at its end with the
``sys.stdout.write`` that ``vectors`` exercises here, and its position on stderr only when none is
named; only the test of a full disk runs it."""


def test_the_output_tests_run_every_command() -> None:
    assert set(commands()) == {args[0] for args in EVERY_COMMAND if not args[0].startswith("-")}


def test_a_closed_output_ends_every_command_quietly() -> None:
    """The reader is gone before the first line (``| head -0``): no traceback, no "Exception ignored",
    status 141 like any other program there."""
    runs = []
    for args in CLOSED_OUTPUT:  # side by side: a second, not ten
        runs.append(start(*args))
        assert runs[-1].stdout is not None
        runs[-1].stdout.close()  # before the command can have written anything
    failures = []
    for args, run in zip(CLOSED_OUTPUT, runs, strict=True):
        _, err = run.communicate(timeout=120)
        if run.returncode != 141 or err:
            failures.append(f"{' '.join(args)}: status {run.returncode}, stderr {err.decode()[-500:]!r}")
    assert failures == []


def _run_with_output(output: int, command_lines: list[list[str]]) -> list[str]:
    """Run ``command_lines`` (side by side) with standard output on the file descriptor ``output``;
    a line for each that did not fail with status 2 and one line on stderr saying that standard
    output cannot be written."""
    runs = [(args, start_with_output(output, *args)) for args in command_lines]
    failures = []
    for args, run in runs:
        _, err = run.communicate(timeout=120)
        lines = err.decode(errors="replace").splitlines()
        if (
            run.returncode != 2
            or len(lines) != 1
            or not lines[0].startswith("froeschis: cannot write to standard output: ")
        ):
            failures.append(f"{' '.join(args)}: status {run.returncode}, stderr {err.decode()[-500:]!r}")
    return failures


def start_with_output(output: int, *args: str) -> subprocess.Popen[bytes]:
    """``froeschis ARGS`` with standard output on ``output``, no input, standard error read."""
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    return subprocess.Popen(
        [sys.executable, "-m", "froeschis", *args],
        stdin=subprocess.DEVNULL,
        stdout=output,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_disk_under_the_output_is_one_line_for_every_command() -> None:
    """Standard output on ``/dev/full``, where every write fails with ENOSPC as on a full disk: one
    line naming it, status 2, no traceback (it was a traceback and status 1)."""
    with open("/dev/full", "wb") as full:
        failures = _run_with_output(full.fileno(), EVERY_COMMAND)
        run = start_with_output(full.fileno(), "vectors")
    _, err = run.communicate(timeout=60)
    assert failures == []
    assert err.decode() == "froeschis: cannot write to standard output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/ptmx").exists(), reason="needs pseudo-terminals")
def test_an_io_error_of_the_output_is_one_line() -> None:
    """Standard output on a terminal whose other side has gone (a closed ssh session, a killed
    terminal window): every write fails with EIO. One command of each way of writing (rich, plain
    writes, JSON, argparse); the full disk above runs them all."""
    ours, theirs = pty.openpty()
    os.close(ours)
    try:
        failures = _run_with_output(
            theirs,
            [
                ["rules", "frog.swap"],
                ["vectors"],
                ["simulate", "--games", "2", "--jobs", "1", "--json"],
                ["--help"],
            ],
        )
        run = start_with_output(theirs, "vectors")
        _, err = run.communicate(timeout=60)
    finally:
        os.close(theirs)
    assert failures == []
    assert err.decode() == "froeschis: cannot write to standard output: Input/output error\n"


def test_watch_piped_into_head_ends_quietly() -> None:
    shell = f"{sys.executable} -m froeschis watch --players 4 | head -1; echo status ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.stdout == "   1. round 1, chance: shuffle of 60 cards\nstatus 141\n"
    assert done.stderr == ""


# --------------------------------------------------------------------------- mistyped names


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["simulat"], "did you mean 'simulate'?"),
        (["valdate", "x.json"], "did you mean 'validate' or 'simulate'?"),  # the closest first
        (["bnech"], "did you mean 'bench'?"),
        (["simulate", "--engine", "kernal"], "did you mean 'kernel'?"),
        (["rules", "--lang", "kr"], "did you mean 'ko'?"),
    ],
)
def test_a_mistyped_name_is_refused_with_the_names_it_may_have_meant(
    args: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "invalid choice" in line and line.endswith(f"; {hint} (see '{line.split(':')[0]} --help')")


def test_a_name_like_none_of_the_choices_gets_the_list_alone(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["xyzzy"])
    err = capsys.readouterr().err
    assert "invalid choice: 'xyzzy' (choose from 'watch'," in err and "did you mean" not in err


# --------------------------------------------------------------------------- files


def test_a_save_that_fails_after_the_game_keeps_the_old_file_and_prints_the_record(tmp_path: Path) -> None:
    """The disk "fills up" (a file size limit) while the record is written: the old file stays as it
    was, the temporary directory cannot take the record either, so it goes to standard output."""
    saved = tmp_path / "game.json"
    saved.write_text("keep me", encoding="utf-8")

    def limit_file_size() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    done = subprocess.run(
        [sys.executable, "-m", "froeschis", "play", "--players", "2", "--seed", "1", "--save", str(saved)],
        input=ALWAYS_FIRST,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit_file_size,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"froeschis: --save: cannot write {saved}: File too large; printed it to standard output instead\n"
    )
    assert saved.read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    record = record_from_json(json.loads(done.stdout.splitlines()[-1]))
    assert record.replay().is_terminal and record.seed == 1


class VanishingFolder:
    """Scripted answers (always the first choice) whose first read removes the folder the game is
    to be saved in."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def readline(self) -> str:
        if self.folder.exists():
            self.folder.rmdir()
        return "first\n"


def test_a_save_that_fails_after_the_game_goes_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, rescue = tmp_path / "games", tmp_path / "tmp"
    folder.mkdir()
    rescue.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(rescue))
    monkeypatch.setattr(sys, "stdin", VanishingFolder(folder))
    assert main(["play", "--players", "2", "--seed", "3", "--save", str(folder / "game.json")]) == 2
    captured = capsys.readouterr()
    assert "Game over after" in captured.out and "Saved the game record" not in captured.out
    [rescued] = rescue.iterdir()
    assert rescued.name.startswith("froeschis-game-") and rescued.suffix == ".json"
    assert captured.err == (
        f"froeschis: --save: cannot write {folder / 'game.json'}: No such file or directory; "
        f"wrote it to {rescued} instead\n"
    )
    record = record_from_json(json.loads(rescued.read_text(encoding="utf-8")))
    assert record.replay().is_terminal and record.seed == 3


def test_conform_refuses_an_unwritable_report_path_before_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-folder" / "report.json"
    with within(5):
        assert main(["conform", "--reference", "--json", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"froeschis: --json: cannot write {target}: there is no folder {target.parent}\n")


def test_conform_writes_its_report_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "report.json"
    target.write_text("an older report", encoding="utf-8")
    args = ["conform", "--reference", "--quick", "--games", "0", "--no-vectors", "--no-shrink"]
    assert main([*args, "--json", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["ok"] is True
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def _spec_folder(monkeypatch: pytest.MonkeyPatch, command: ModuleType, folder: Path) -> None:
    """The command sees Fröschis with its ``spec/`` at ``folder``."""
    moved = attrs.evolve(registry.game(), spec=lambda: folder)
    monkeypatch.setattr(command, "game_of", lambda args: moved)


def test_a_check_that_cannot_write_its_folder_fails_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """census --write walks for seconds; a path that cannot be written is refused before the walk."""
    import froeschis.cli.census as census

    def walk(**checks: object) -> str:
        raise AssertionError("the census ran before the path was checked")

    monkeypatch.setattr(census, "census_toml", walk)
    _spec_folder(monkeypatch, census, tmp_path / "gone")
    assert main(["census", "--write"]) == 2
    assert capsys.readouterr().err == (
        f"froeschis: --write: cannot write {tmp_path / 'gone' / 'census.toml'}: "
        f"there is no folder {tmp_path / 'gone'}\n"
    )


def test_census_and_vectors_refuse_to_change_an_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import froeschis.cli.census as census

    site_packages = tmp_path / "site-packages"
    packaged = site_packages / "froeschis" / "_spec"
    (packaged / "vectors").mkdir(parents=True)
    monkeypatch.setattr(files, "installation_folders", lambda: (site_packages,))
    _spec_folder(monkeypatch, census, packaged)
    assert main(["census", "--write"]) == 2
    assert capsys.readouterr().err == (
        f"froeschis: --write: {packaged / 'census.toml'} is inside an installed package ({site_packages}); "
        "--write changes the files of a source checkout: run it there (pip install -e .)\n"
    )
    for option in ("--write", "--search"):
        assert main(["vectors", option, "--dir", str(packaged / "vectors")]) == 2
        assert f"froeschis: {option}: {packaged / 'vectors'} is inside an installed package" in (
            capsys.readouterr().err
        )
    assert [p for p in site_packages.rglob("*") if p.is_file()] == []


def test_the_real_site_packages_count_as_installed() -> None:
    import sysconfig

    with pytest.raises(OutputError, match="inside an installed package"):
        check_not_installed(Path(sysconfig.get_paths()["purelib"]) / "froeschis" / "_spec", "--write")
    check_not_installed(vectors_dir(), "--write")  # this checkout's spec/froeschis/vectors


def test_check_file_refuses_what_cannot_be_written(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match=f"^--save: cannot write {tmp_path}: it is a folder$"):
        check_file(tmp_path, "--save")
    missing = tmp_path / "no" / "game.json"
    with pytest.raises(OutputError, match=f"there is no folder {tmp_path / 'no'}$"):
        check_file(missing, "--save")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(OutputError, match=f"^--plots: cannot write into {blocker / 'a' / 'b'}: "):
        check_folder(blocker / "a" / "b", "--plots")
    check_file(tmp_path / "new.json", "--save")
    check_folder(tmp_path / "not" / "yet", "--plots")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # the checks leave nothing behind


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_check_file_refuses_a_read_only_file_and_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text("x", encoding="utf-8")
    locked.chmod(0o444)
    with pytest.raises(OutputError, match="the file is read-only"):
        check_file(locked, "--save")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="Permission denied"):
            check_file(folder / "game.json", "--save")
    finally:
        folder.chmod(0o755)


def test_an_atomic_write_replaces_the_whole_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old and longer than the new text", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(link, b"through the link")
    assert link.is_symlink() and target.read_bytes() == b"through the link"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "out.txt"]


def test_an_interrupted_atomic_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def interrupted(source: object, destination: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_named_pipe_is_written_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    check_file(fifo, "--save")
    write_atomic(fifo, "through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("name", ["frog", "army-of-frogs"])
def test_an_endless_or_undecodable_record_of_another_game_is_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    undecodable = tmp_path / "bad.json"
    undecodable.write_bytes(b"\xff\xfe{")
    for path, why in (("/dev/zero", "not a valid game record"), (undecodable, "cannot read the game record")):
        assert main(["explain", "--game", name, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"froeschis: {path}: {why}")
