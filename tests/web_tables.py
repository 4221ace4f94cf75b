"""``froeschis play --web``'s server for the tests: a table served on a free port in a thread of
the test's process, and its JSON API called with urllib."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from froeschis.framework.registry import game
from froeschis.framework.terminal import person
from froeschis.framework.webplay import TOKEN_HEADER, Server, Table

PLAYERS = {"froeschis": 2, "frog": 3, "army-of-frogs": 2}
"""The players of each game's table in the tests: the fewest its rules allow (a short game)."""


def table(name: str, seed: int = 0, bots: str = "") -> Table:
    """A table of the game ``name``: the person at seat 0, the game's default bot (or ``bots``) in
    the others."""
    of = game(name)
    players = PLAYERS[name]
    return Table(of, players, 0, [bots or person(of).opponent] * (players - 1), seed)


@contextmanager
def serving(served: Table, timeout: float = 30) -> Iterator[Server]:
    """The table served on 127.0.0.1 on a free port until the block ends."""
    server = Server(served, "127.0.0.1", 0, timeout)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


Answer = tuple[int, Any, Mapping[str, str]]
"""A response: its status, its body (JSON read, or text where it is no JSON) and its headers."""


def call(
    server: Server,
    method: str,
    path: str,
    body: object = None,
    token: str | None = None,
    raw: bytes | None = None,
    headers: Mapping[str, str] | None = None,
) -> Answer:
    """One request: ``body`` sent as JSON (``raw``: these bytes as they are), the token in its header."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(server.url.rstrip("/") + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header(TOKEN_HEADER, token)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, _read(answer.read(), answer.headers), dict(answer.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, _read(refused.read(), refused.headers), dict(refused.headers)


def _read(data: bytes, headers: Any) -> Any:
    text = data.decode("utf-8")
    return json.loads(text) if headers.get("Content-Type", "").startswith("application/json") else text


def claim(server: Server) -> str:
    status, answer, _ = call(server, "POST", "/api/seat", {})
    assert status == 201, answer
    token: str = answer["token"]
    return token
