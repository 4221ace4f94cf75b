"""The shape of ``froeschis.protocol/1``'s replies for a game whose state is a JSON object with
fixed keys and whose decisions are strings (spec/protocol.md, and each game's protocol page for its
data): the part of a kit's ``reply_errors`` that is the protocol's, written once, so that every
game's kit reports a malformed reply in the same words."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from froeschis.framework.checks import JSON

REPLY_KEYS = {
    "state": ({"type", "state", "legal"}, {"events"}),
    "illegal": ({"type", "reason"}, {"clause"}),
    "hello": ({"type", "protocol", "engine", "events", "rules"}, {"game"}),
}
"""Each reply's required keys and its optional ones (spec/protocol.md; ``x-`` keys are free)."""


def keys_errors(kind: str, reply: dict[str, JSON]) -> list[str]:
    """The reply's missing keys and those the protocol does not have."""
    required, optional = REPLY_KEYS[kind]
    found = [f"{key}: missing" for key in sorted(required - reply.keys())]
    extra = sorted(k for k in reply.keys() - required - optional if not k.startswith("x-"))
    return found + [f"{key}: not a key of the {kind} reply" for key in extra]


def events_errors(events: JSON) -> list[str]:
    """Why a state reply's events are no list of objects, each with a kind and its clause IDs."""
    if not isinstance(events, list):
        return ["events: not a list"]
    found = []
    for i, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            found.append(f"events[{i}]: not an object with a kind")
        elif not isinstance(event.get("clauses"), list) or not all(
            isinstance(c, str) for c in event["clauses"]
        ):
            found.append(f"events[{i}].clauses: not a list of clause IDs")
    return found


def reply_checker(state_format: str, state_keys: Sequence[str]) -> Callable[[str, JSON], list[str]]:
    """A kit's ``reply_errors`` for a game whose state has exactly ``state_keys`` (its format
    ``state_format``) and whose legal decisions are strings."""

    def state_errors(reply: dict[str, JSON]) -> list[str]:
        state, legal = reply["state"], reply["legal"]
        if not isinstance(state, dict):
            return ["state: not an object"]
        found = [f"state.{key}: missing" for key in state_keys if key not in state]
        found += [f"state.{key}: not a key of {state_format}" for key in state if key not in state_keys]
        if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
            found.append("legal: not a list of decisions (strings)")
        return found + events_errors(reply.get("events", []))

    def reply_errors(kind: str, reply: JSON) -> list[str]:
        """Why a ``hello``, ``state`` or ``illegal`` reply is malformed; empty when well-formed."""
        if not isinstance(reply, dict):
            return ["(top): not an object"]
        found = keys_errors(kind, reply)
        if found:
            return found
        if kind == "state":
            return state_errors(reply)
        if kind == "illegal":
            bad = not isinstance(reply["reason"], str) or not isinstance(reply.get("clause", ""), str)
            return ["reason, clause: a reason is text, a clause an ID"] if bad else []
        return []

    return reply_errors
