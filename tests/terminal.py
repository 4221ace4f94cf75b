"""Running the command with standard error on a terminal, to see what it draws there (Unix ptys).

The commands draw a progress display only when standard error is a terminal; a test that wants to see
it gives the command one, a pseudo-terminal, and reads what reached it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _drain(terminal: int, into: list[bytes]) -> None:
    """Read the terminal's other side until the command has closed it (Linux then says EIO)."""
    while True:
        try:
            chunk = os.read(terminal, 65536)
        except OSError:
            return
        if not chunk:
            return
        into.append(chunk)


def run_with_terminal_stderr(
    *args: str, timeout: float = 120
) -> tuple[subprocess.CompletedProcess[str], str]:
    """``froeschis ARGS`` with standard error on a terminal and standard output on a pipe: the
    finished process (its ``stdout``) and what the terminal received, escape sequences and all.

    The terminal is read while the command runs, so that a command that draws much never waits
    for its reader.
    """
    ours, theirs = pty.openpty()
    received: list[bytes] = []
    reader = threading.Thread(target=_drain, args=(ours, received), daemon=True)
    reader.start()
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "froeschis", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=theirs,
            text=True,
            timeout=timeout,
            cwd=ROOT,
            env=env,
            check=False,
        )
    finally:
        os.close(theirs)
        reader.join(timeout=10)
        os.close(ours)
    return done, b"".join(received).decode(errors="replace")


def run_on_terminal(args: list[str], columns: int, **env: str) -> str:
    """What ``froeschis ARGS`` writes to a pseudo-terminal of ``columns`` columns, escape sequences
    and all, with ``env`` added to an environment that sets no width and no colour choice."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
    done = subprocess.Popen(
        [sys.executable, "-m", "froeschis", *args],
        stdout=slave,
        stderr=subprocess.PIPE,
        env={**base, "TERM": "xterm-256color", **env},
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # EIO: the program ended and closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    assert done.wait(timeout=120) == 0, done.stderr.read() if done.stderr else ""
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
