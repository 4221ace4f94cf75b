"""Comparing an engine's reply with the reference engine, and naming the clauses involved.

A reply to a step is compared with the reference's state, legal actions and events. Differences in
the state or the legal actions are errors ("must"); differences in events, which are optional, and
in representation conventions are warnings ("should").

Clause attribution for a differing state uses the reference's provenance of that step: every part
of the step names the clauses that decided it and the state fields it wrote
(:mod:`froeschis.conformance.attribution`). When the engine reports events and they have matched the
reference so far, the first event where they part gives the main clauses instead (it localises
better), and the clauses the engine itself cited there are reported too.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.conformance.attribution import attribute_state, unique
from froeschis.conformance.referee import Referee
from froeschis.framework.checks import JSON, FieldDiff
from froeschis.framework.provenance import Fired

__all__ = [
    "ERROR",
    "UNKNOWN_CLAUSE",
    "WARNING",
    "FieldDiff",
    "Finding",
    "StepCheck",
    "compare_reply",
    "describe_event",
    "event_key",
]

ERROR, WARNING = "error", "warning"
UNKNOWN_CLAUSE = "unknown-clause"
"""The kind of the finding of a refusal that names a clause its game's catalogue lacks: the protocol
broken, whatever the rules say (a cause blamed on no clause)."""


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
    """Further clauses involved (other parts of the reference's step that wrote a differing field)."""
    candidate_clauses: tuple[str, ...] = ()
    """The clauses the engine's own events cited where they parted from the reference's."""
    parted: int | None = None
    """Where the main clauses came from the engine's events: the index, among the reference's events
    of the step, of the first event where the engine's part from them (None: the main clauses came
    from the provenance of the fields that differ). Fault localisation starts from the same event."""
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


def _said(event: dict[str, JSON]) -> list[tuple[str, JSON]]:
    """An event's fields that say what happened: neither its kind nor its clauses, nor an engine's
    own ``x-`` keys, nor a field left empty."""
    return [
        (k, v)
        for k, v in event.items()
        if k not in ("kind", "clauses") and not k.startswith("x-") and v is not None and v != []
    ]


def describe_event(event: JSON) -> str:
    if not isinstance(event, dict):
        return repr(event)
    parts = [str(event.get("kind"))]
    parts += [f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in _said(event)]
    return " ".join(parts) + f" [{', '.join(map(str, event.get('clauses', [])))}]"


def event_key(event: JSON) -> tuple[JSON, ...]:
    """What an event says happened, without the clauses it cites."""
    if not isinstance(event, dict):
        return (repr(event),)
    return (event.get("kind"), *sorted((k, json.dumps(v, sort_keys=True)) for k, v in _said(event)))


def _canonical(action: JSON) -> str:
    """An action's JSON form as one string, equal for equal actions (objects' keys sorted)."""
    return json.dumps(action, sort_keys=True)


def _first_difference(a: Sequence[object], b: Sequence[object]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def _at(items: Sequence[JSON], index: int) -> JSON:
    return items[index] if index < len(items) else None


def _describe(event: JSON) -> str:
    return "(no further event)" if event is None else describe_event(event)


def _malformed(message: str, detail: str = "") -> StepCheck:
    return StepCheck(errors=(Finding(ERROR, "malformed", message, detail=detail),), events_matched=False)


@attrs.frozen
class _Reference:
    """What the reference engine did at one step (``action`` in ``before``; None for a new game)."""

    referee: Referee
    before: Any
    action: JSON
    after: Any
    fired: Sequence[Fired]
    state: dict[str, JSON]
    legal: list[JSON]
    event_json: list[dict[str, JSON]]
    exercised: frozenset[str]

    @classmethod
    def of(
        cls, referee: Referee, before: Any, action: JSON, after: Any, fired: Sequence[Fired]
    ) -> _Reference:
        decided = frozenset(referee.kit.decision_clauses(after))
        exercised = frozenset(c for part in fired for c in part.clauses) | decided
        return cls(
            referee,
            before,
            action,
            after,
            fired,
            referee.state_json(after),
            referee.legal_json(after),
            [referee.game.event_to_json(part.event) for part in fired if part.event is not None],
            exercised,
        )


@attrs.frozen
class _Parting:
    """Where the engine's events first say something else than the reference's (None: no event)."""

    expected: JSON
    got: JSON
    index: int

    def detail(self) -> str:
        expected, got = _describe(self.expected), _describe(self.got)
        return f"events part at event {self.index + 1}: expected {expected}, got {got}"


def same_json(a: JSON, b: JSON) -> bool:
    """Equality of JSON values that tells ``true`` from ``1`` and ``1.0`` from ``1`` (Python's ``==``
    does not: an engine that writes ``true`` for a seat number would pass unnoticed)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return bool(a == b)


def type_slips(expected: JSON, actual: JSON, path: str = "") -> list[str]:
    """Where ``actual`` equals ``expected`` by Python's ``==`` but not as JSON: a boolean or a float
    where the protocol has an integer (the paths, with what was written)."""
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            s
            for i, (x, y) in enumerate(zip(expected, actual, strict=True))
            for s in type_slips(x, y, f"{path}[{i}]")
        ]
    if isinstance(expected, dict) and isinstance(actual, dict):
        return [
            s
            for k in expected
            if k in actual
            for s in type_slips(expected[k], actual[k], f"{path}.{k}" if path else k)
        ]
    if expected == actual and type(expected) is not type(actual):
        return [f"{path}: {json.dumps(actual)} where the protocol has {json.dumps(expected)}"]
    return []


def compare_reply(
    referee: Referee,
    before: Any,
    action: JSON,
    after: Any,
    fired: Sequence[Fired],
    reply: object,
    events_expected: bool,
    events_trusted: bool = True,
) -> StepCheck:
    """Compare ``reply`` (to ``action`` in ``before``; None for a new game) with the reference,
    which reached ``after`` through the parts ``fired`` (its provenance, ``state.transition``)."""
    ref = _Reference.of(referee, before, action, after, fired)
    if (
        isinstance(reply, dict)
        and reply.get("type") == "state"
        and same_json(reply.get("state"), ref.state)
        and same_json(reply.get("legal"), ref.legal)
        and (not events_expected or same_json(reply.get("events"), ref.event_json))
        and all(k in ("type", "state", "legal", "events") or k.startswith("x-") for k in reply)
    ):
        return StepCheck(exercised=ref.exercised)
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        return _malformed(f"the reply is not a protocol reply object: {str(reply)[:200]}")
    kind = reply["type"]
    if kind == "illegal" and before is None:
        reason = str(reply.get("reason", ""))[:300]
        message = (
            f"refused a setup the rules allow: {reason!r}" if reason else "refused a setup the rules allow"
        )
        return StepCheck(
            errors=(Finding(ERROR, "legal-refused", message, clauses=referee.kit.setup_clauses(after)),),
            events_matched=False,
        )
    if kind == "illegal" and before is not None:
        reason = str(reply.get("reason", ""))[:300]
        clauses = referee.allowing(before, action)
        message = f"refused a legal action: {reason!r}" if reason else "refused a legal action"
        return StepCheck(
            errors=(Finding(ERROR, "legal-refused", message, clauses=clauses),), events_matched=False
        )
    if kind == "error":
        message = f"the engine reported an error: {str(reply.get('message', ''))[:300]!r}"
        return StepCheck(errors=(Finding(ERROR, "engine-error", message),), events_matched=False)
    if kind != "state":
        return _malformed(f"expected a 'state' reply, got a {kind!r} reply")
    problems = referee.kit.reply_errors("state", reply)
    if problems:
        return _malformed(f"the state reply does not match {referee.kit.reply_schema}", "\n".join(problems))
    slips = type_slips(
        {"state": ref.state, "events": ref.event_json}, {k: reply.get(k) for k in ("state", "events")}
    )
    if slips:
        return _malformed("a boolean or a fraction where the protocol has an integer", "\n".join(slips[:5]))
    legal: list[JSON] = reply["legal"]
    duplicated = sorted(json.loads(a) for a, k in Counter(map(_canonical, legal)).items() if k > 1)
    if duplicated:
        return _malformed(f"the legal actions list {duplicated} more than once")
    return _compare_state_reply(ref, reply, events_expected, events_trusted)


def _compare_state_reply(
    ref: _Reference, reply: dict[str, JSON], events_expected: bool, events_trusted: bool
) -> StepCheck:
    """Compare a schema-valid state reply: the events (warnings), the state, then the legal actions."""
    warnings, events_matched, parting = _compare_events(ref, reply.get("events"), events_expected)
    kit = ref.referee.kit
    diffs, conventions = kit.conventions(ref.after, kit.diff_states(ref.state, reply["state"]))
    for d in conventions:
        warnings.append(
            Finding(WARNING, "convention", f"state field {d.path!r} differs only by convention", fields=(d,))
        )
    error: Finding | None = None
    if diffs:
        error = _state_error(ref, diffs, reply["state"]["phase"], parting, events_trusted)
    elif set(map(_canonical, reply["legal"])) != set(map(_canonical, ref.legal)):
        error = _legal_error(ref, reply["legal"])
    if error is not None:  # it shows where the events part; warnings about the same step would repeat it
        return StepCheck((error,), (), frozenset(), events_matched)
    return StepCheck((), tuple(warnings), ref.exercised, events_matched)


def _compare_events(
    ref: _Reference, got_events: JSON, events_expected: bool
) -> tuple[list[Finding], bool, _Parting | None]:
    """Warnings about the reply's events, whether they matched, and where they part from the
    reference's in what they say happened (None when only the cited clauses differ)."""
    if not events_expected:
        return [], True, None
    if got_events is None:
        missing = Finding(WARNING, "events-missing", "a state reply without the events the engine declared")
        return [missing], False, None
    if got_events == ref.event_json:
        return [], True, None
    assert isinstance(got_events, list)
    want_events = ref.event_json
    keys_want, keys_got = [event_key(e) for e in want_events], [event_key(e) for e in got_events]
    parting = None
    if keys_want != keys_got:
        index = _first_difference(keys_want, keys_got)
        parting = _Parting(_at(want_events, index), _at(got_events, index), index)
    first = _first_difference(want_events, got_events)
    exp, got = _at(want_events, first), _at(got_events, first)
    warning = Finding(
        WARNING,
        "events",
        f"events differ from the reference at event {first + 1}",
        detail=f"expected: {_describe(exp)}\ngot:      {_describe(got)}",
    )
    return [warning], False, parting


def _state_error(
    ref: _Reference,
    diffs: Sequence[FieldDiff],
    actual_phase: JSON,
    parting: _Parting | None,
    events_trusted: bool,
) -> Finding:
    """The error for a differing state, with the clauses involved.

    The parts of the reference's step that wrote the differing fields give the clauses; when the
    engine's events are trusted, the first event where they part gives the main clauses instead, and
    the clauses the engine cited there are reported too.
    """
    main, related = attribute_state(ref.referee, ref.after, ref.fired, diffs, actual_phase)
    cited: tuple[str, ...] = ()
    parted: int | None = None
    if parting is not None and events_trusted:
        if parting.expected is not None:
            main, related = tuple(parting.expected["clauses"]), unique([*main, *related])
            related = tuple(c for c in related if c not in main)
            parted = parting.index
        if isinstance(parting.got, dict):
            cited = tuple(c for c in ref.referee.known_clauses(parting.got.get("clauses")) if c not in main)
    if not main:  # the engine changed what the reference did not touch
        kit = ref.referee.kit
        main = kit.decision_clauses(ref.after) or unique([c for part in ref.fired for c in part.clauses])
        if not main and ref.before is not None:
            main = (kit.phase_clause(ref.before),)
    names = ", ".join(d.path for d in diffs[:6]) + (", ..." if len(diffs) > 6 else "")
    return Finding(
        ERROR,
        "state",
        f"the state differs: {names}",
        fields=tuple(diffs),
        clauses=main,
        related=related,
        candidate_clauses=cited,
        detail=_parting_detail(parting, parted is not None, events_trusted),
        parted=parted,
    )


def _parting_detail(parting: _Parting | None, used: bool, events_trusted: bool) -> str:
    """Where the events part, and, when the main clauses are not that event's, why not (the report's
    "reference's clause" lines would otherwise contradict its "events part at" line)."""
    if parting is None:
        return ""
    if used:
        return parting.detail()
    why = (
        "the reference has no event there (the engine reported more)"
        if events_trusted
        else "the engine's events had differed from the reference's earlier in the check, in a step "
        "whose state was right, so they are not trusted"
    )
    return (
        f"{parting.detail()}\nthe clauses named come from the fields that differ, not from that event: {why}"
    )


def _legal_error(ref: _Reference, got_legal: list[JSON]) -> Finding:
    """The error for differing legal actions: the clauses that refuse the extra ones and allow the
    missing ones."""
    referee = ref.referee
    listed, expected = set(map(_canonical, got_legal)), set(map(_canonical, ref.legal))
    extra = [a for a in got_legal if _canonical(a) not in expected]
    missing = [a for a in ref.legal if _canonical(a) not in listed]
    refused = [referee.refusal_clause(ref.after, a) or referee.kit.phase_clause(ref.after) for a in extra]
    clauses = unique(refused + [c for a in missing for c in referee.allowing(ref.after, a)])
    parts = ([f"also lists {extra}"] if extra else []) + ([f"lacks {missing}"] if missing else [])
    return Finding(
        ERROR,
        "legal",
        "the legal actions differ: " + "; ".join(parts),
        fields=(FieldDiff("legal", ref.legal, got_legal),),
        clauses=clauses,
    )
