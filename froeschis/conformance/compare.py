"""Comparing an engine's reply with the reference engine, and naming the clauses involved.

A reply to a step is compared with the reference's state, legal actions and events. Differences in
the state or the legal actions are errors ("must"); differences in events, which are optional, and
in representation conventions are warnings ("should").

Clause attribution for a differing state uses the reference's events of that step: each event
names its clauses and writes certain state fields (``drew`` the draw pile and the hand, ``placed``
one spot of one row, ``round-ended`` nearly everything). Each differing field is blamed on the last
reference event that wrote it, and the earliest blamed event gives the main clauses. When one side
ended the round or the game and the other did not, only the fields that say so are considered.
When the engine reports events and they have matched the reference so far, the first event where
they part gives the main clauses instead (it localises better), and the clauses the engine itself
cited there are reported too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from froeschis.conformance.attribution import (
    allowing_clauses,
    attribute_state,
    decision_clauses,
    known_clauses,
    refusal_clause,
    unique,
)
from froeschis.conformance.protocol import JSON
from froeschis.conformance.schemas import schema_errors
from froeschis.engine import PHASE_CLAUSE
from froeschis.events import Event
from froeschis.serialize import STATE_KEYS, event_to_json, state_to_json
from froeschis.state import GameState, Phase

ERROR, WARNING = "error", "warning"


@attrs.frozen
class FieldDiff:
    """One state field (a JSON path such as ``players[1].row[3]``) that differs."""

    path: str
    expected: JSON
    actual: JSON


@attrs.frozen
class Finding:
    """One thing the checker reports: an error (a rule or the protocol broken) or a warning."""

    severity: str
    kind: str
    message: str
    scenario: str = ""
    step: int | None = None
    """Index of the action in the game's action list (None: before the first action)."""
    action: JSON = None
    fields: tuple[FieldDiff, ...] = ()
    clauses: tuple[str, ...] = ()
    """The main clauses involved."""
    related: tuple[str, ...] = ()
    """Further clauses involved (other reference events that wrote a differing field)."""
    candidate_clauses: tuple[str, ...] = ()
    """The clauses the engine's own events cited where they parted from the reference's."""
    detail: str = ""
    count: int = 1
    """How often the same warning occurred (warnings are reported once, with a count)."""

    @property
    def signature(self) -> tuple[str, str]:
        """What makes two findings "the same divergence" (for shrinking and grouping): the kind and
        the main clause (the first of the main clauses, as events list their main cause first)."""
        return self.kind, self.clauses[0] if self.clauses else ""


@attrs.frozen
class StepCheck:
    """The outcome of comparing one reply: errors (at most one), warnings, and clauses exercised."""

    errors: tuple[Finding, ...] = ()
    warnings: tuple[Finding, ...] = ()
    exercised: frozenset[str] = frozenset()
    events_matched: bool = True


# --------------------------------------------------------------------------- helpers


def describe_event(event: JSON) -> str:
    if not isinstance(event, dict):
        return repr(event)
    parts = [str(event.get("kind"))]
    parts += [f"{k}={event[k]}" for k in ("seat", "card", "spot") if k in event]
    if event.get("seats"):
        parts.append("seats=" + ",".join(map(str, event["seats"])))
    return " ".join(parts) + f" [{', '.join(map(str, event.get('clauses', [])))}]"


def _event_key(event: JSON) -> tuple[JSON, ...]:
    """What an event says happened, without the clauses it cites."""
    if not isinstance(event, dict):
        return (repr(event),)
    return tuple(event.get(k) for k in ("kind", "seat", "card", "spot")) + (tuple(event.get("seats", [])),)


def _first_difference(a: Sequence[object], b: Sequence[object]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def _at(items: Sequence[JSON], index: int) -> JSON:
    return items[index] if index < len(items) else None


def _describe(event: JSON) -> str:
    return "(no further event)" if event is None else describe_event(event)


def diff_states(expected: dict[str, JSON], actual: dict[str, JSON]) -> list[FieldDiff]:
    """The differing fields of two schema-valid states, finest path first within each key."""
    diffs: list[FieldDiff] = []
    for key in STATE_KEYS:
        want, got = expected[key], actual[key]
        if want == got:
            continue
        if key != "players" or len(want) != len(got):
            diffs.append(FieldDiff(key, want, got))
            continue
        for seat, (wp, gp) in enumerate(zip(want, got, strict=True)):
            if wp["length"] != gp["length"]:
                diffs.append(FieldDiff(f"players[{seat}].length", wp["length"], gp["length"]))
            if len(wp["row"]) != len(gp["row"]):
                diffs.append(FieldDiff(f"players[{seat}].row", wp["row"], gp["row"]))
                continue
            for i, (ws, gs) in enumerate(zip(wp["row"], gp["row"], strict=True)):
                if ws != gs:
                    diffs.append(FieldDiff(f"players[{seat}].row[{i}]", ws, gs))
    return diffs


def split_conventions(ref: GameState, diffs: list[FieldDiff]) -> tuple[list[FieldDiff], list[FieldDiff]]:
    """Separate rule differences from representation conventions (the ones that change no rule):
    the order of the gathered deck between rounds, ``turn`` once the game is over, and the order
    in which the winners are listed."""
    rules, conventions = [], []
    for d in diffs:
        same_cards = isinstance(d.actual, list) and Counter(map(str, d.actual)) == Counter(
            map(str, d.expected)
        )
        if (
            (d.path == "draw_pile" and ref.phase is Phase.DEAL and same_cards)
            or (d.path == "winners" and same_cards)
            or (d.path == "turn" and ref.phase is Phase.OVER)
        ):
            conventions.append(d)
        else:
            rules.append(d)
    return rules, conventions


def _malformed(message: str, detail: str = "") -> StepCheck:
    return StepCheck(errors=(Finding(ERROR, "malformed", message, detail=detail),), events_matched=False)


def compare_reply(
    before: GameState | None,
    action: JSON,
    after: GameState,
    events: Sequence[Event],
    reply: object,
    events_expected: bool,
    events_trusted: bool = True,
) -> StepCheck:
    """Compare ``reply`` (to ``action`` in ``before``; None for a new game) with the reference."""
    want_state = state_to_json(after)
    want_legal = [str(a) for a in after.legal_actions()]
    want_events = [event_to_json(e) for e in events]
    exercised = frozenset(c for e in events for c in e.clauses) | frozenset(decision_clauses(after))
    if (
        isinstance(reply, dict)
        and reply.get("type") == "state"
        and reply.get("state") == want_state
        and reply.get("legal") == want_legal
        and (not events_expected or reply.get("events") == want_events)
        and all(k in ("type", "state", "legal", "events") or k.startswith("x-") for k in reply)
    ):
        return StepCheck(exercised=exercised)
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        return _malformed(f"the reply is not a protocol reply object: {str(reply)[:200]}")
    kind = reply["type"]
    if kind == "illegal" and before is not None:
        reason = str(reply.get("reason", ""))[:300]
        clauses = allowing_clauses(before, action)
        message = f"refused a legal action: {reason!r}" if reason else "refused a legal action"
        return StepCheck(
            errors=(Finding(ERROR, "legal-refused", message, clauses=clauses),), events_matched=False
        )
    if kind == "error":
        message = f"the engine reported an error: {str(reply.get('message', ''))[:300]!r}"
        return StepCheck(errors=(Finding(ERROR, "engine-error", message),), events_matched=False)
    if kind != "state":
        return _malformed(f"expected a 'state' reply, got a {kind!r} reply")
    problems = schema_errors("reply#/$defs/state", reply)
    if problems:
        return _malformed(
            "the state reply does not match spec/schemas/reply.schema.json", "\n".join(problems)
        )
    legal: list[str] = reply["legal"]
    duplicated = sorted(a for a, k in Counter(legal).items() if k > 1)
    if duplicated:
        return _malformed(f"the legal actions list {duplicated} more than once")
    return _compare_state_reply(
        before,
        action,
        after,
        events,
        reply,
        want_state,
        want_legal,
        want_events,
        events_expected,
        events_trusted,
        exercised,
    )


def _compare_state_reply(
    before: GameState | None,
    action: JSON,
    after: GameState,
    events: Sequence[Event],
    reply: dict[str, JSON],
    want_state: dict[str, JSON],
    want_legal: list[str],
    want_events: list[dict[str, JSON]],
    events_expected: bool,
    events_trusted: bool,
    exercised: frozenset[str],
) -> StepCheck:
    warnings: list[Finding] = []
    errors: list[Finding] = []
    got_events = reply.get("events")
    events_matched = True
    parting: tuple[JSON, JSON, int] | None = None
    if events_expected and got_events is None:
        events_matched = False
        warnings.append(
            Finding(WARNING, "events-missing", "a state reply without the events the engine declared")
        )
    elif events_expected and got_events != want_events:
        assert isinstance(got_events, list)
        events_matched = False
        keys_want, keys_got = [_event_key(e) for e in want_events], [_event_key(e) for e in got_events]
        if keys_want != keys_got:
            index = _first_difference(keys_want, keys_got)
            parting = (_at(want_events, index), _at(got_events, index), index)
        first = _first_difference(want_events, got_events)
        exp, got = _at(want_events, first), _at(got_events, first)
        warnings.append(
            Finding(
                WARNING,
                "events",
                f"events differ from the reference at event {first + 1}",
                detail=f"expected: {_describe(exp)}\ngot:      {_describe(got)}",
            )
        )
    diffs, conventions = split_conventions(after, diff_states(want_state, reply["state"]))
    for d in conventions:
        warnings.append(
            Finding(WARNING, "convention", f"state field {d.path!r} differs only by convention", fields=(d,))
        )
    if diffs:
        main, related = attribute_state(after, events, diffs, reply["state"]["phase"])
        cited: tuple[str, ...] = ()
        detail = ""
        if parting is not None and events_trusted:
            want_event, got_event, _ = parting
            if want_event is not None:
                main, related = tuple(want_event["clauses"]), unique([*main, *related])
                related = tuple(c for c in related if c not in main)
            if isinstance(got_event, dict):
                cited = tuple(c for c in known_clauses(got_event.get("clauses")) if c not in main)
        if parting is not None:
            want_event, got_event, index = parting
            expected, got = _describe(want_event), _describe(got_event)
            detail = f"events part at event {index + 1}: expected {expected}, got {got}"
        if not main:  # the engine changed what the reference did not touch
            waiting = decision_clauses(after)
            main = waiting or unique([c for e in events for c in e.clauses])
            if not main and before is not None:
                main = (PHASE_CLAUSE[before.phase],)
        names = ", ".join(d.path for d in diffs[:6]) + (", ..." if len(diffs) > 6 else "")
        errors.append(
            Finding(
                ERROR,
                "state",
                f"the state differs: {names}",
                fields=tuple(diffs),
                clauses=main,
                related=related,
                candidate_clauses=cited,
                detail=detail,
            )
        )
    elif set(reply["legal"]) != set(want_legal):
        extra = [a for a in reply["legal"] if a not in want_legal]
        missing = [a for a in want_legal if a not in reply["legal"]]
        refused = [refusal_clause(after, a) or PHASE_CLAUSE[after.phase] for a in extra]
        clauses = unique(refused + [c for a in missing for c in allowing_clauses(after, a)])
        parts = ([f"also lists {extra}"] if extra else []) + ([f"lacks {missing}"] if missing else [])
        errors.append(
            Finding(
                ERROR,
                "legal",
                "the legal actions differ: " + "; ".join(parts),
                fields=(FieldDiff("legal", want_legal, reply["legal"]),),
                clauses=clauses,
            )
        )
    if errors:  # the error shows where the events part; warnings about the same step would repeat it
        return StepCheck(tuple(errors), (), frozenset(), events_matched)
    return StepCheck((), tuple(warnings), exercised, events_matched)
