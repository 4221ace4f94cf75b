"""The subprocess driver: an engine in another process, spoken to in JSON lines over stdin/stdout.

Every read has a deadline, so an engine that hangs is stopped, not waited for; lines are read by
a thread into a bounded queue (portable; a flood of output cannot block the checker, and when the
queue is full the thread stops reading, so the flood only blocks the engine, never fills the
checker's memory); stderr is drained into a bounded buffer whose end is shown when the engine fails.
A reply that is not JSON (a syntax error, nesting too deep to parse, a number too long to convert)
is reported as garbage. After any failure the
process is killed, with its whole process group on POSIX, and the adapter refuses further use:
the checker starts a fresh engine.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import IO, NoReturn

from froeschis.conformance.protocol import (
    JSON,
    PROTOCOL,
    CandidateCrashed,
    CandidateError,
    CandidateGarbage,
    CandidateTimeout,
    DeadlineReached,
)
from froeschis.framework.errors import FormatError
from froeschis.framework.jsontext import loads
from froeschis.framework.registry import DEFAULT

MAX_LINE = 1 << 20
"""The longest reply line accepted (1 MiB); a state is a few kilobytes."""
MAX_QUEUED = 8
"""How many unread output lines are kept (each at most MAX_LINE + 1 bytes); the protocol needs one."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects accepted in a reply (a state reply has 5 levels): a
deeper one is garbage, so that no later comparison or message can run out of stack on it."""
STDERR_KEEP = 4000
"""How much of the end of the engine's stderr is kept for reports (characters)."""
STDERR_DRAIN = 2.0
"""Seconds to wait, once the engine has ended, for the rest of its stderr (its last words, a
traceback) to be read from the pipe before a report shows it; a grandchild that keeps the pipe
open costs this much once."""


def _pump_lines(stream: IO[bytes], lines: queue.Queue[bytes | None], stop: threading.Event) -> None:
    """Read lines into ``lines`` until end of file, an over-long line, or ``stop``; then put None.

    While the queue is full, reading pauses (the engine blocks on its full pipe), so memory stays
    bounded; ``stop`` (set when the engine is killed) ends a wait for room that nobody would make.
    """

    def put(item: bytes | None) -> bool:
        while not stop.is_set():
            try:
                lines.put(item, timeout=0.1)
            except queue.Full:
                continue
            return True
        return False

    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line or not put(line) or len(line) > MAX_LINE:
                break
    except (OSError, ValueError):
        pass
    put(None)


def _pump_stderr(stream: IO[bytes], tail: bytearray, lock: threading.Lock) -> None:
    try:
        while chunk := os.read(stream.fileno(), 4096):
            with lock:
                tail.extend(chunk)
                del tail[: max(0, len(tail) - STDERR_KEEP)]
    except (OSError, ValueError):
        pass


def _nested_deeper(value: object, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` levels deep in ``value`` (without recursion)."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, (list, dict)):
            if depth == limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending += [(child, depth + 1) for child in children]
    return False


class SubprocessEngine:
    """An engine run as ``command``; each request must be answered within ``timeout`` seconds.

    The first request (hello) may take ``startup_timeout`` seconds, to allow for a slow start.
    ``until`` (a :func:`time.monotonic` instant: the check's deadline) shortens every wait that
    would end after it; a reply that has not come by then is :class:`DeadlineReached`, not a
    timeout, as the engine had less than its time.
    """

    def __init__(
        self,
        command: Sequence[str],
        timeout: float = 5.0,
        startup_timeout: float = 20.0,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        game: str = DEFAULT,
        until: float | None = None,
    ) -> None:
        self.command = list(command)
        self.until = until
        self.game = game
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self._dead: str | None = None
        self._stderr = bytearray()
        self._stderr_lock = threading.Lock()
        self._lines: queue.Queue[bytes | None] = queue.Queue(MAX_QUEUED)
        self._stop_reading = threading.Event()
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=None if env is None else dict(env),
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise CandidateCrashed(f"could not start {' '.join(self.command)!r}: {error}") from None
        assert self._process.stdout is not None and self._process.stderr is not None
        threading.Thread(
            target=_pump_lines, args=(self._process.stdout, self._lines, self._stop_reading), daemon=True
        ).start()
        self._stderr_pump = threading.Thread(
            target=_pump_stderr, args=(self._process.stderr, self._stderr, self._stderr_lock), daemon=True
        )
        self._stderr_pump.start()

    # ------------------------------------------------------------------ the adapter interface

    def hello(self) -> JSON:
        request: dict[str, JSON] = {"type": "hello", "protocol": PROTOCOL}
        if self.game != DEFAULT:  # Fröschis' hello names no game: the protocol's first one
            request["game"] = self.game
        return self.request(request, self.startup_timeout)

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> JSON:
        return self.request({"type": "new-game", "players": players, "rules": dict(rules)})

    def step(self, action: JSON) -> JSON:
        return self.request({"type": "step", "action": action})

    def close(self) -> None:
        """Ask the engine to quit; kill it if it has not gone within a second."""
        if self._dead is None and self._process.poll() is None:
            try:
                self._send({"type": "quit"})
                self._process.wait(1.0)
            except (CandidateError, subprocess.TimeoutExpired):
                pass
        self._dead = self._dead or "the engine was closed"
        self._kill()

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transport

    def stderr_tail(self) -> str:
        with self._stderr_lock:
            return self._stderr.decode("utf-8", errors="replace").strip()

    def request(self, message: Mapping[str, JSON], timeout: float | None = None) -> JSON:
        """Send one request line and return the parsed reply line (any JSON value)."""
        if self._dead is not None:
            raise CandidateCrashed(f"the engine is no longer running ({self._dead})")
        if not self._lines.empty():
            extra = self._lines.get_nowait()
            if extra is None:  # the engine closed its output since the last reply
                self._closed_output()
            self._fail("unsolicited output")
            shown = extra[:200].decode("utf-8", errors="replace").rstrip("\n")
            raise CandidateGarbage(
                f"an extra output line that answers no request: {shown!r} (only replies go to stdout;"
                " write diagnostics to stderr)",
                self._evidence(),
            )
        limit = self.timeout if timeout is None else timeout
        left = None if self.until is None else self.until - time.monotonic()
        if left is not None and left <= 0:
            raise DeadlineReached("the check's deadline came before this request")
        self._send(message)
        try:
            line = self._lines.get(timeout=limit if left is None else min(limit, left))
        except queue.Empty:
            if left is not None and left < limit:
                self._fail("the check's deadline came")
                raise DeadlineReached("the check's deadline came before the reply") from None
            self._fail(f"no reply within {limit:g} s (the engine hangs or waits for something)")
            raise CandidateTimeout(f"no reply within {limit:g} s", self._evidence()) from None
        if line is None:
            self._closed_output()
        if len(line) > MAX_LINE:
            self._fail("reply too long")
            raise CandidateGarbage(f"a reply line longer than {MAX_LINE} bytes", self._evidence())
        try:
            reply = loads(line.decode("utf-8"), "reply")
        except (UnicodeDecodeError, FormatError) as error:  # FormatError: not JSON, nested too deeply, ...
            problem = f"a reply that is not JSON ({error})"
        else:
            if not _nested_deeper(reply, MAX_DEPTH):
                return reply
            problem = f"a reply nested more than {MAX_DEPTH} levels deep"
        self._fail("garbage")
        shown = line[:200].decode("utf-8", errors="replace").rstrip("\n")
        raise CandidateGarbage(f"{problem}: {shown!r}", self._evidence())

    def _closed_output(self) -> NoReturn:
        ended = self._exit_text()
        self._fail("it closed its output")
        raise CandidateCrashed(ended, self._evidence())

    def _send(self, message: Mapping[str, JSON]) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps(message).encode("utf-8") + b"\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            ended = self._exit_text()
            self._fail("its input is closed")
            raise CandidateCrashed(ended, self._evidence()) from None

    def _exit_text(self) -> str:
        try:
            status = self._process.wait(1.0)
        except subprocess.TimeoutExpired:
            self._kill()
            return "it closed its output but did not exit"
        if status < 0:
            try:
                name = signal.Signals(-status).name
            except ValueError:
                name = f"signal {-status}"
            return f"the engine was killed by {name}"
        return f"the engine exited with status {status} without replying"

    def _evidence(self) -> str:
        if self._process.poll() is not None:  # what it wrote before it ended may still be in the pipe
            self._stderr_pump.join(STDERR_DRAIN)
        tail = self.stderr_tail()
        return f"stderr (last lines):\n{tail}" if tail else "stderr: (empty)"

    def _fail(self, why: str) -> None:
        self._dead = why
        self._kill()

    def _kill(self) -> None:
        """Kill the engine and, on POSIX, everything it started (its process group, even when the
        engine itself has exited: a wrapper script's children would otherwise live on)."""
        self._stop_reading.set()
        process = self._process
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGKILL)
            elif process.poll() is None:
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(2.0)
        try:  # only stdin: closing a pipe that a reader thread is blocked on could block the checker
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
