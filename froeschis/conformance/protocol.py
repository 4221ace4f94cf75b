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

import attrs

from froeschis.core.engine import GameState
from froeschis.core.errors import FormatError, IllegalActionError, RulesError
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.core.rules import Rules
from froeschis.core.table import Reading
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
    """The froeschis reference engine behind the adapter interface, answering exactly as the protocol says.

    With ``misreading`` (an ID of the catalogue, ``clause~name``) it plays as an engine built on that
    misreading would: a broken engine the project did not have to write, for measuring how well the
    checker names causes (``python -m froeschis.conformance.serve --misread ID``).
    """

    def __init__(self, misreading: str | None = None) -> None:
        self.state: GameState | None = None
        self.published: Rules | None = None
        """The rules as the new-game request gave them (a misread engine plays others)."""
        self.misreading = misreading
        self.readings: tuple[Reading, ...] = ()
        if misreading is not None:
            from froeschis.conformance.misreadings import IMPLEMENTED

            if misreading not in IMPLEMENTED:
                raise ValueError(f"unknown misreading {misreading!r}: see spec/clauses.toml")
            self.readings = IMPLEMENTED[misreading]

    def hello(self) -> dict[str, JSON]:
        name = f"froeschis {_version()} (reference" + (
            f", misreading {self.misreading})" if self.misreading else ")"
        )
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "engine": name,
            "events": True,
            "rules": list(RULE_FEATURES),
        }

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> dict[str, JSON]:
        from froeschis.conformance.misreadings import hypothetical_rules
        from froeschis.core.engine import new_game

        try:
            parsed = rules_from_json(dict(rules))
        except FormatError as error:
            return {"type": "error", "message": f"malformed rules: {error}"}
        try:
            self.state = new_game(players, hypothetical_rules(parsed, self.readings))
        except FormatError as error:  # players that are not a whole number
            return {"type": "error", "message": f"malformed new-game request: {error}"}
        except RulesError as error:
            reply: dict[str, JSON] = {"type": "illegal", "reason": str(error)}
            if error.clause:
                reply["clause"] = error.clause
            return reply
        self.published = parsed
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
        self.published = None

    def _reply(self, state: GameState, events: list[dict[str, JSON]]) -> dict[str, JSON]:
        shown = state if self.published is None else attrs.evolve(state, rules=self.published)
        return {
            "type": "state",
            "state": state_to_json(shown),
            "legal": [str(a) for a in state.legal_actions()],
            "events": events,
        }
