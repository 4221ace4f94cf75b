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

from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.framework.registry import DEFAULT
from froeschis.framework.table import Reading

PROTOCOL = "froeschis.protocol/1"
"""The protocol name and version that this checker speaks, for every game: a hello names the game
(``"game": "frog"``; Fröschis' engines, the first, may leave it out)."""

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


DEADLINE = "deadline"
"""The kind of a request cut short by the check's deadline (``CheckConfig.deadline``): not the
engine's failure, so never one of its errors; the game in progress is abandoned."""


class DeadlineReached(CandidateError):
    """The check's deadline came before the engine's reply (which might still have come in time):
    the checker stops there, blaming nothing on the engine."""

    kind = DEADLINE


def _version() -> str:
    try:
        return metadata.version("froeschis")
    except metadata.PackageNotFoundError:
        return "source"


class ReferenceEngine:
    """A game's reference engine behind the adapter interface, answering exactly as the protocol says.

    With ``misreading`` (an ID of the game's catalogue, ``clause~name``) it plays as an engine built
    on that misreading would: a broken engine the project did not have to write, for measuring how
    well the checker names causes (``python -m froeschis.conformance.serve --misread ID``).
    """

    def __init__(self, misreading: str | None = None, game: str = DEFAULT) -> None:
        from froeschis.conformance.referee import Referee

        self.referee = Referee.of(game)
        self.state: Any = None
        self.published: Any = None
        """The rules as the new-game request gave them (a misread engine plays others)."""
        self.misreading = misreading
        self.readings: tuple[Reading, ...] = ()
        if misreading is not None:
            implemented = self.referee.kit.misreadings()
            if misreading not in implemented:
                raise ValueError(f"unknown misreading {misreading!r}: see {self.referee.catalogue.path}")
            self.readings = implemented[misreading]

    def hello(self) -> dict[str, JSON]:
        name = f"froeschis {_version()} (reference" + (
            f", misreading {self.misreading})" if self.misreading else ")"
        )
        game = self.referee.game.name
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            **({} if game == DEFAULT else {"game": game}),
            "engine": name,
            "events": True,
            "rules": list(self.referee.kit.features),
        }

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> dict[str, JSON]:
        game = self.referee.game
        try:
            parsed = game.rules_from_json(dict(rules))
        except FormatError as error:
            return {"type": "error", "message": f"malformed rules: {error}"}
        try:
            self.state = game.new_game(players, self.referee.kit.hypothetical_rules(parsed, self.readings))
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
        game = self.referee.game
        try:
            parsed = game.action_from_json(action)
            after, events = self.state.step(parsed)
        except FormatError as error:
            return {"type": "illegal", "reason": f"not an action: {error}"}
        except IllegalActionError as error:
            return {"type": "illegal", "reason": error.reason, "clause": error.clause}
        self.state = after
        return self._reply(after, [game.event_to_json(e) for e in events])

    def close(self) -> None:
        self.state = None
        self.published = None

    def _reply(self, state: Any, events: list[dict[str, JSON]]) -> dict[str, JSON]:
        shown = state if self.published is None else attrs.evolve(state, rules=self.published)
        return {
            "type": "state",
            "state": self.referee.state_json(shown),
            "legal": self.referee.legal_json(state),
            "events": events,
        }
