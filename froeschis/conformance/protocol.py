"""The engine protocol seen from Python: the adapter interface, transport errors, the reference adapter.

An engine under test is reached through an :class:`EngineAdapter`: four methods that mirror the
requests of ``froeschis.protocol/1`` (spec/protocol.md) and return the engine's reply as a JSON
value. :class:`~froeschis.conformance.process.SubprocessEngine` implements it for an engine in
another process; write your own for an engine you can call in-process; :class:`ReferenceEngine`
implements it with the froeschis engine itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any, Protocol

from froeschis.core.engine import GameState
from froeschis.core.errors import FormatError, IllegalActionError, RulesError
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.io.serialize import action_from_json, event_to_json, rules_from_json, state_to_json

PROTOCOL = "froeschis.protocol/1"
"""The protocol name and version that this checker speaks."""
RULE_FEATURES = ("row_length", "deck", *VARIANT_OPTIONS)
"""Rules options beyond the published game that an engine may declare in its hello reply: custom
rows and decks, and every variant of :data:`froeschis.core.readings.VARIANTS`."""

JSON = Any
"""A JSON value as :func:`json.loads` returns it."""


class EngineAdapter(Protocol):
    """An engine under test. Each method returns the engine's reply object (spec/protocol.md).

    Replies are returned as they are, even when malformed: the checker judges them. A method may
    raise :class:`CandidateError` when the engine cannot answer at all; any other exception is
    reported as a crash of the engine.
    """

    def hello(self) -> object:
        """The hello reply: protocol version, engine name, whether it reports events, rule features."""
        ...

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> object:
        """Start a new game (abandoning any other); the reply holds its state before the first deal."""
        ...

    def step(self, action: JSON) -> object:
        """Apply one action (a player action string or ``{"shuffle": [...]}``) to the current game."""
        ...

    def close(self) -> None:
        """Release the engine (for a process: ask it to quit, then make sure it is gone)."""
        ...


EngineFactory = Callable[[], EngineAdapter]
"""Makes a fresh engine; the checker makes a new one after an engine failed."""


class CandidateError(Exception):
    """The engine could not be talked to: it crashed, hung, or wrote something that is not JSON.

    ``kind`` names what happened (``crash``, ``timeout``, ``garbage``); ``detail`` holds the evidence
    (for a process, the end of what it wrote to stderr).
    """

    kind = "crash"

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class CandidateCrashed(CandidateError):
    kind = "crash"


class CandidateTimeout(CandidateError):
    kind = "timeout"


class CandidateGarbage(CandidateError):
    kind = "garbage"


def _version() -> str:
    try:
        return metadata.version("froeschis")
    except metadata.PackageNotFoundError:
        return "source"


class ReferenceEngine:
    """The froeschis reference engine behind the adapter interface, answering exactly as the protocol says."""

    def __init__(self) -> None:
        self.state: GameState | None = None

    def hello(self) -> dict[str, JSON]:
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "engine": f"froeschis {_version()} (reference)",
            "events": True,
            "rules": list(RULE_FEATURES),
        }

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> dict[str, JSON]:
        from froeschis.core.engine import new_game

        try:
            parsed = rules_from_json(dict(rules))
        except FormatError as error:
            return {"type": "error", "message": f"malformed rules: {error}"}
        try:
            self.state = new_game(players, parsed)
        except RulesError as error:
            reply: dict[str, JSON] = {"type": "illegal", "reason": str(error)}
            if error.clause:
                reply["clause"] = error.clause
            return reply
        return self._reply(self.state, [])

    def step(self, action: JSON) -> dict[str, JSON]:
        if self.state is None:
            return {"type": "error", "message": "no game: send new-game first"}
        try:
            parsed = action_from_json(action)
            after, events = self.state.step(parsed)
        except FormatError as error:
            return {"type": "illegal", "reason": f"not an action: {error}"}
        except IllegalActionError as error:
            return {"type": "illegal", "reason": error.reason, "clause": error.clause}
        self.state = after
        return self._reply(after, [event_to_json(e) for e in events])

    def close(self) -> None:
        self.state = None

    @staticmethod
    def _reply(state: GameState, events: list[dict[str, JSON]]) -> dict[str, JSON]:
        return {
            "type": "state",
            "state": state_to_json(state),
            "legal": [str(a) for a in state.legal_actions()],
            "events": events,
        }
