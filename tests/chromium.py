"""Headless Chromium for the tests, driven over its DevTools protocol through a pipe
(``--remote-debugging-pipe``: the browser reads commands on its file descriptor 3 and writes answers
and events on 4, each a JSON object ended by a NUL byte), with the standard library alone: no
driver library, no WebSocket, no port.

:class:`Browser` opens one page; :meth:`Browser.call` sends a command to it and returns its result,
:meth:`Browser.wait_for` waits for an event; :meth:`Browser.key`, :meth:`Browser.click` and
:meth:`Browser.evaluate` are what a test of a page needs. Used by the replay viewer's browser tests
(issue 32, item 4).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from types import TracebackType
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""The browser, or None where none is installed (Debian: ``apt-get install chromium``)."""

FLAGS = ("--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run")

KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35, "Tab": 9}
"""The keys the tests press, with their Windows virtual key codes (the protocol wants both)."""


def _high(fd: int) -> int:
    """``fd`` moved to a number from 10 on (closed on exec, as ``os.pipe`` makes it)."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class BrowserError(Exception):
    """The browser answered a command with an error, closed its pipe, or kept a test waiting."""


class Browser:
    """A headless Chromium with one page ``width`` x ``height`` px, driven over the protocol."""

    def __init__(self, width: int, height: int, timeout: float = 30.0) -> None:
        if CHROMIUM is None:
            raise BrowserError("no Chromium installed")
        self.timeout = timeout
        # every end numbered from 10 on, so that putting two of them at 3 and 4 closes no other
        to_browser, self._commands = (_high(fd) for fd in os.pipe())
        self._answers, from_browser = (_high(fd) for fd in os.pipe())

        def descriptors() -> None:  # in the child: the pipe's ends as 3 and 4
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        self._process = subprocess.Popen(
            [CHROMIUM, *FLAGS, "--remote-debugging-pipe", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=descriptors,  # the only way to choose the child's numbers for them
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self._events: list[dict[str, Any]] = []
        self.session = ""
        target = self.call("Target.createTarget", url="about:blank", _browser=True)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True, _browser=True)[
            "sessionId"
        ]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        self.call("Page.enable")
        self.call("Runtime.enable")

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._answers], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        found: dict[str, Any] = json.loads(message)
        return found

    def call(self, method: str, _browser: bool = False, **params: Any) -> dict[str, Any]:
        """Send ``method`` with ``params`` (to the page, or to the browser itself) and return its
        result, keeping the events that come before it for :meth:`wait_for`."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if self.session and not _browser:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            if "method" in answer:
                self._events.append(answer)

    def wait_for(self, event: str) -> dict[str, Any]:
        """The params of the first ``event`` the page sent since the last wait (waiting for it)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for index, seen in enumerate(self._events):
                if seen["method"] == event:
                    del self._events[: index + 1]
                    params: dict[str, Any] = seen.get("params", {})
                    return params
            self._events.append(self._read(deadline))

    def open(self, url: str) -> None:
        """Load ``url`` and wait until it has loaded."""
        self._events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-like values only)."""
        answer = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def key(self, name: str) -> None:
        """Press and release a key (one of :data:`KEYS`), as a keyboard would."""
        code = KEYS[name]
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)

    def click(self, selector: str) -> None:
        """Click the middle of the first element ``selector`` finds, scrolled into view, with the mouse."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def close(self) -> None:
        with contextlib.suppress(BrowserError):
            self.call("Browser.close", _browser=True)
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._answers)

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
