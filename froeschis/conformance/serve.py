"""The reference engine as a protocol-speaking process: ``python -m froeschis.conformance.serve``.

Reads requests from stdin and answers on stdout exactly as spec/protocol.md says, using
:class:`~froeschis.conformance.protocol.ReferenceEngine`. Useful to try a driver written in another
language against a known-good engine, and as the base of the checker's own robustness tests.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from froeschis.conformance.protocol import JSON, ReferenceEngine
from froeschis.core.errors import FormatError
from froeschis.io.serialize import loads


def answer(engine: ReferenceEngine, request: JSON) -> JSON | None:
    """The reply to one request (None for ``quit``)."""
    if not isinstance(request, dict):
        return {"type": "error", "message": "a request is a JSON object"}
    kind = request.get("type")
    if kind == "hello":
        return engine.hello()
    if (
        kind == "new-game"
        and isinstance(request.get("players"), int)
        and isinstance(request.get("rules"), dict)
    ):
        return engine.new_game(request["players"], request["rules"])
    if kind == "step" and "action" in request:
        return engine.step(request["action"])
    if kind == "quit":
        return None
    return {"type": "error", "message": f"not a request of the protocol: {json.dumps(request)[:200]}"}


def serve(stdin: TextIO, stdout: TextIO) -> None:
    engine = ReferenceEngine()
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = loads(line, "request")
        except FormatError as error:  # not JSON, nested too deeply, a number too long to convert
            reply: JSON = {"type": "error", "message": str(error)}
        else:
            reply = answer(engine, request)
            if reply is None:
                return
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
