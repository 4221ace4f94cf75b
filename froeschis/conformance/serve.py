"""The reference engine as a protocol-speaking process: ``python -m froeschis.conformance.serve``.

Reads requests from stdin and answers on stdout exactly as spec/protocol.md says, using
:class:`~froeschis.conformance.protocol.ReferenceEngine`. Useful to try a driver written in another
language against a known-good engine, and as the base of the checker's own robustness tests; with
``--misread ID`` it plays as an engine built on that misreading of a clause would.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from froeschis.conformance.protocol import JSON, ReferenceEngine
from froeschis.conformance.referee import Referee
from froeschis.framework.errors import FormatError
from froeschis.framework.jsontext import loads
from froeschis.framework.registry import DEFAULT, names


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
        and not isinstance(request.get("players"), bool)
        and isinstance(request.get("rules"), dict)
    ):
        return engine.new_game(request["players"], request["rules"])
    if kind == "step" and "action" in request:
        return engine.step(request["action"])
    if kind == "quit":
        return None
    return {"type": "error", "message": f"not a request of the protocol: {json.dumps(request)[:200]}"}


def serve(stdin: TextIO, stdout: TextIO, misreading: str | None = None, game: str = DEFAULT) -> None:
    engine = ReferenceEngine(misreading, game)
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = loads(line, "request")
        except FormatError as error:  # not JSON, nested too deeply, a number too long to convert
            reply: JSON = {"type": "error", "message": str(error)}
        else:
            try:
                reply = answer(engine, request)
            except Exception as error:  # a misread table may leave a case undecided: say so, go on
                reply = {"type": "error", "message": f"{type(error).__name__}: {error}"[:300]}
            if reply is None:
                return
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m froeschis.conformance.serve",
        description="The reference engine speaking froeschis.protocol/1 on stdin and stdout.",
    )
    parser.add_argument("--game", default=DEFAULT, choices=names(), help=f"the game (default {DEFAULT})")
    parser.add_argument(
        "--misread",
        metavar="ID",
        help="play as an engine built on this misreading of the game's catalogue would (clause~name)",
    )
    args = parser.parse_args(argv)
    implemented = sorted(Referee.of(args.game).kit.misreadings())
    if args.misread is not None and args.misread not in implemented:
        parser.error(
            f"argument --misread: invalid choice: {args.misread!r} (choose from {', '.join(implemented)})"
        )
    serve(sys.stdin, sys.stdout, args.misread, args.game)


if __name__ == "__main__":
    main()
