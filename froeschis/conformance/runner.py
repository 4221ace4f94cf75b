"""Driving an engine and the reference through the same games, step by step.

A :class:`Session` owns the engine under test: it starts it (through the factory), checks its
hello, turns every transport failure and every exception of an in-process adapter into a finding,
and starts a fresh engine after a failure. :func:`run_trial` plays one game on both engines and
stops at the first error; on the way it sends illegal actions now and then (probes) and expects
them refused, with the game unchanged.
"""

from __future__ import annotations

import contextlib
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from froeschis.conformance.compare import ERROR, UNKNOWN_CLAUSE, Finding, compare_reply
from froeschis.conformance.protocol import (
    DEADLINE,
    JSON,
    PROTOCOL,
    CandidateError,
    EngineAdapter,
    EngineFactory,
)
from froeschis.conformance.referee import Referee
from froeschis.framework.checks import Scenario
from froeschis.framework.errors import RulesError
from froeschis.framework.registry import DEFAULT


def _hello_errors(reply: object) -> list[str]:
    """What every game's hello reply must have (spec/protocol.md): its type, the protocol, the
    engine's name, whether it reports events, the rules features it plays, and which game."""
    if not isinstance(reply, dict):
        return ["(top): a hello reply is a JSON object"]
    expected = {"type": str, "protocol": str, "engine": str, "events": bool, "rules": list}
    found = [f"{key}: missing or not a {kind.__name__}" for key, kind in expected.items()
             if not isinstance(reply.get(key), kind)]  # fmt: skip
    if reply.get("type") != "hello":
        found.append("type: must be 'hello'")
    if not all(isinstance(f, str) for f in reply.get("rules") or []):
        found.append("rules: must list feature names")
    if "game" in reply and not isinstance(reply["game"], str):
        found.append("game: must be the game's name")
    return found


def _hello_refusal(reply: object, title: str) -> Finding | None:
    """The engine's ``error`` reply to the hello, with its own message: how an engine asked for a
    game it does not play says so (spec/protocol.md), which is no malformed hello; None for any
    other reply."""
    if not (isinstance(reply, dict) and reply.get("type") == "error"):
        return None
    said = reply.get("message")
    words = repr(said[:300]) if isinstance(said, str) and said else "no message"
    return Finding(ERROR, "engine-error", f"the engine refused the hello (a check of {title}): {words}")


@attrs.frozen
class EngineInfo:
    """What the engine said about itself in its hello reply."""

    name: str
    protocol: str
    events: bool
    features: frozenset[str]


class Session:
    """The engine under test of one game (the referee's), restarted after every failure.

    ``until`` is the check's deadline (a :func:`time.monotonic` instant): once it has passed, every
    request gets a finding of kind :data:`~froeschis.conformance.protocol.DEADLINE` without being
    sent, so that no game, probe or replay outlasts it (an engine in a process also has its waits
    shortened to it: :class:`~froeschis.conformance.process.SubprocessEngine`).
    """

    def __init__(
        self, factory: EngineFactory, referee: Referee | None = None, until: float | None = None
    ) -> None:
        self.factory = factory
        self.referee = referee if referee is not None else Referee.of()
        self.until = until
        self.engine: EngineAdapter | None = None
        self.info: EngineInfo | None = None
        self.starts = 0

    def _start(self) -> Finding | None:
        self.starts += 1
        try:
            engine = self.factory()
        except CandidateError as error:
            return Finding(
                ERROR, error.kind, f"the engine did not start: {error.message}", detail=error.detail
            )
        except (Exception, SystemExit) as error:  # a user's factory may raise anything, exit too
            return Finding(ERROR, "crash", f"the engine factory raised {type(error).__name__}: {error}")
        self.engine = engine
        reply = self.call(lambda e: e.hello(), start=False)
        if isinstance(reply, Finding):
            return attrs.evolve(reply, message=f"no hello reply: {reply.message}")
        refusal = _hello_refusal(reply, self.referee.game.title)
        if refusal is not None:
            self.stop()
            return refusal
        problems = _hello_errors(reply) or self.referee.kit.reply_errors("hello", reply)
        if problems:
            self.stop()
            return Finding(ERROR, "protocol", "the hello reply is malformed", detail="\n".join(problems))
        assert isinstance(reply, dict)
        if reply["protocol"] != PROTOCOL:
            self.stop()
            return Finding(
                ERROR,
                "protocol",
                f"the engine speaks protocol {reply['protocol']!r}; this checker speaks {PROTOCOL!r}",
            )
        played = reply.get("game", DEFAULT)
        if played != self.referee.game.name:
            self.stop()
            return Finding(
                ERROR,
                "protocol",
                f"the engine plays {played!r}; this check is of {self.referee.game.name!r}",
            )
        if self.info is None:
            features = frozenset(f for f in reply["rules"] if f in self.referee.kit.features)
            self.info = EngineInfo(reply["engine"], reply["protocol"], reply["events"], features)
        return None

    def call(self, request: Callable[[EngineAdapter], object], start: bool = True) -> object:
        """The engine's reply to ``request``, or a :class:`Finding` when it failed to give one (or
        the deadline has passed)."""
        if self.until is not None and time.monotonic() >= self.until:
            return Finding(ERROR, DEADLINE, "the check's deadline came before this request")
        if self.engine is None:
            failure = self._start() if start else Finding(ERROR, "crash", "the engine is not running")
            if failure is not None:
                return failure
        assert self.engine is not None
        try:
            return request(self.engine)
        except CandidateError as error:
            self.stop()
            return Finding(ERROR, error.kind, error.message, detail=error.detail)
        except (Exception, SystemExit) as error:  # an in-process adapter may raise (or exit): a crash
            self.stop()
            trace = "".join(traceback.format_exception(error)[-6:])
            return Finding(ERROR, "crash", f"the engine raised {type(error).__name__}: {error}", detail=trace)

    def hello(self) -> Finding | None:
        """Start the engine and check its hello (once, at the start of a check)."""
        return self._start() if self.engine is None else None

    def stop(self) -> None:
        engine, self.engine = self.engine, None
        if engine is not None:
            with contextlib.suppress(Exception):  # closing a broken engine must not break the checker
                engine.close()


@attrs.frozen
class Trial:
    """One game to play on both engines: the setup, the actions, and explicit illegal probes.

    ``probes`` maps an action index to an illegal action sent just before that action; ``final``
    is an illegal action sent after the last one (a reproduction of an accepted illegal action).
    """

    players: int
    rules: Any
    actions: tuple[Any, ...]
    probes: tuple[tuple[int, JSON], ...] = ()
    final: JSON = None


@attrs.frozen
class Divergence:
    """What the engine did where it first parted from the reference: for counterfactual blame."""

    index: int | None
    """The action's index in the trial (None: the new game itself; the number of actions: a final probe)."""
    probe: JSON
    """The illegal action it was sent there, when the divergence is its answer to that (else None)."""
    reply: object
    """Its reply; None when it gave none (it crashed, hung or wrote garbage)."""


@attrs.frozen
class Evidence:
    """One game of a check, for counterfactual blame: what the engine was given, where it parted."""

    trial: Trial
    divergence: Divergence | None
    """None: the engine played the whole game as the reference did (or refused it, as it should)."""
    probes: tuple[tuple[int, JSON], ...] = ()
    """The illegal actions it was sent, by action index (all refused, but perhaps the divergence)."""
    exercised: frozenset[str] = frozenset()
    """The clauses the reference's steps decided by in the steps the engine played right."""
    events_trusted: bool = True
    """Whether the engine's events were trusted when the game was played: its finding's main
    clauses came from the first event where the engine's and the reference's part
    (:mod:`froeschis.conformance.compare`); a replay of the game must attribute it the same way."""


@attrs.define
class TrialResult:
    steps: int = 0
    error: Finding | None = None
    divergence: Divergence | None = None
    warnings: list[Finding] = attrs.Factory(list)
    exercised: Counter[str] = attrs.Factory(Counter)
    probes_sent: list[tuple[int, JSON]] = attrs.Factory(list)
    events_matched: bool = True

    def evidence(self, trial: Trial, events_trusted: bool = True) -> Evidence:
        return Evidence(
            trial, self.divergence, tuple(self.probes_sent), frozenset(self.exercised), events_trusted
        )


def unknown_clause(referee: Referee, reply: Mapping[str, Any], what: str) -> Finding | None:
    """An error when an ``illegal`` reply names, as the clause that forbids it, an ID the game's
    catalogue does not have: the protocol lets a refusal name its clause (MAY) and then requires
    the ID to be one of the catalogue's (MUST). A clause other than the reference's is no error:
    an action may break several clauses, and which one an engine names is its own choice."""
    named = reply.get("clause")
    if named is None or named in referee.catalogue.ids():
        return None
    message = f"{what} names the clause {named!r}, which {referee.game.name}'s catalogue does not have"
    return Finding(ERROR, UNKNOWN_CLAUSE, message)


def _probe(session: Session, state: Any, bad: JSON, index: int) -> tuple[Finding | None, str | None, object]:
    """Send ``bad``; expect a refusal. Returns (error, clause exercised, the engine's reply or None
    when it gave none); nothing if ``bad`` is legal."""
    clause = session.referee.refusal_clause(state, bad)
    if clause is None:
        return None, None, None
    reply = session.call(lambda e: e.step(bad))
    if isinstance(reply, Finding):
        return attrs.evolve(reply, step=index, action=bad, clauses=(clause,)), None, None
    if isinstance(reply, dict) and reply.get("type") == "illegal":
        if session.referee.kit.reply_errors("illegal", reply):
            malformed = Finding(ERROR, "malformed", "a malformed 'illegal' reply", step=index, action=bad)
            return malformed, None, reply
        unknown = unknown_clause(session.referee, reply, f"the refusal of {bad}")
        if unknown is not None:
            return attrs.evolve(unknown, step=index, action=bad, clauses=(clause,)), None, reply
        return None, clause, reply
    if isinstance(reply, dict) and reply.get("type") == "state":
        accepted = Finding(
            ERROR,
            "illegal-accepted",
            f"accepted the illegal action {bad}",
            step=index,
            action=bad,
            clauses=(clause,),
        )
        return accepted, None, reply
    unexpected = Finding(
        ERROR,
        "malformed",
        f"expected an 'illegal' reply to {bad}, got: {str(reply)[:200]}",
        step=index,
        action=bad,
    )
    return unexpected, None, reply


@attrs.define
class _Play:
    """One trial in progress: the engine, what is known about its events, and the result so far."""

    session: Session
    scenario: str
    events_expected: bool
    events_trusted: bool
    result: TrialResult = attrs.Factory(TrialResult)
    reply: object = None
    """The engine's last reply (None when it gave none)."""

    def start(self, trial: Trial, state: Any) -> Finding | None:
        """Start the game on the engine and compare its first state."""
        rules = self.session.referee.game.rules_to_json(trial.rules)
        reply = self.session.call(lambda e: e.new_game(trial.players, rules))
        self.reply = None if isinstance(reply, Finding) else reply
        if isinstance(reply, Finding):
            return reply
        referee = self.session.referee
        check = compare_reply(
            referee, None, None, state, (), reply, self.events_expected, self.events_trusted
        )
        self.result.warnings += [attrs.evolve(w, scenario=self.scenario) for w in check.warnings]
        return check.errors[0] if check.errors else None

    def probe(self, state: Any, bad: JSON, index: int) -> Finding | None:
        """Send the illegal action ``bad``, which must be refused."""
        self.result.probes_sent.append((index, bad))
        error, clause, self.reply = _probe(self.session, state, bad, index)
        if clause:
            self.result.exercised[clause] += 1
        return error

    def step(self, state: Any, action: Any, index: int, probed: JSON) -> tuple[Any, Finding | None]:
        """Play ``action`` on both engines and compare; the reference's new state, and the error."""
        reference = state.transition(action)
        after = reference.after
        referee = self.session.referee
        sent = referee.game.action_to_json(action)
        reply = self.session.call(lambda e: e.step(sent))
        self.reply = None if isinstance(reply, Finding) else reply
        if isinstance(reply, Finding):
            return after, attrs.evolve(reply, clauses=reference.clauses)
        check = compare_reply(
            referee, state, sent, after, reference.fired, reply, self.events_expected, self.events_trusted
        )
        self.result.warnings += [
            attrs.evolve(w, scenario=self.scenario, step=index, action=sent) for w in check.warnings
        ]
        self.result.events_matched &= check.events_matched
        if check.errors:
            error = check.errors[0]
            if probed is not None:  # the refusal may have changed the engine's game after all
                note = f"just before this step the illegal action {probed} was sent and refused"
                error = attrs.evolve(error, detail="\n".join(filter(None, [error.detail, note])))
            return after, error
        self.result.exercised.update(check.exercised)
        self.result.steps += 1
        return after, None

    def fail(self, finding: Finding, index: int | None, action: JSON, probe: JSON = None) -> TrialResult:
        self.result.error = attrs.evolve(
            finding,
            scenario=self.scenario,
            step=index if finding.step is None else finding.step,
            action=action if finding.action is None else finding.action,
        )
        self.result.divergence = Divergence(index, probe, self.reply)
        return self.result


def run_trial(
    session: Session,
    trial: Trial,
    scenario: str = "",
    probe_rate: float = 0.0,
    probe_seed: str = "",
    events_trusted: bool = True,
) -> TrialResult:
    """Play ``trial`` on both engines, comparing after every step; stop at the first error.

    With ``probe_rate`` > 0, before each action an illegal action is sent with that probability
    (chosen from ``probe_seed``); the probes sent are recorded in the result.
    """
    assert session.info is not None, "call Session.hello() first"
    play = _Play(session, scenario, session.info.events, events_trusted)
    rng = random.Random(f"probes:{probe_seed}")
    referee = session.referee
    state = referee.game.new_game(trial.players, trial.rules)
    error = play.start(trial, state)
    if error is not None:
        return play.fail(error, None, None)
    probes = dict(trial.probes)
    for index, action in enumerate(trial.actions):
        bad = probes.get(index)
        if bad is None and probe_rate > 0 and rng.random() < probe_rate:
            bad = referee.kit.illegal_action(state, rng)
        if bad is not None and (error := play.probe(state, bad, index)) is not None:
            return play.fail(error, index, bad, probe=bad)
        state, error = play.step(state, action, index, bad)
        if error is not None:
            return play.fail(error, index, referee.game.action_to_json(action))
    if trial.final is not None:  # a reproduction's last, illegal action (not a probe: not counted)
        error, _, play.reply = _probe(session, state, trial.final, len(trial.actions))
        if error is not None:
            return play.fail(error, len(trial.actions), trial.final, probe=trial.final)
    return play.result


def setup_probes(session: Session) -> tuple[list[tuple[Evidence, Finding | None]], Counter[str]]:
    """New games the rules forbid (the game's :attr:`~froeschis.framework.checks.Conformance.refused_setups`:
    player counts, a deck too small) must be refused.

    Returns each case as evidence (a game of no actions) with the error it showed, if any; none
    after the check's deadline.
    """
    assert session.info is not None
    referee = session.referee
    cases: list[tuple[Evidence, Finding | None]] = []
    exercised: Counter[str] = Counter()
    for players, rules, also in referee.kit.refused_setups(session.info.features):
        try:
            referee.game.new_game(players, rules)
        except RulesError as refusal:
            clause = refusal.clause or referee.catalogue.clauses[0].id
        else:  # pragma: no cover - the cases are chosen to be refused
            continue
        data = referee.game.rules_to_json(rules)
        reply = session.call(lambda e, p=players, r=data: e.new_game(p, r))  # type: ignore[misc]
        if isinstance(reply, Finding) and reply.kind == DEADLINE:  # the check stops: no case left
            break
        what = f"a new game for {players} {'player' if players == 1 else 'players'}{also}"
        trial = Trial(players, rules, ())
        unknown = None
        if isinstance(reply, dict) and reply.get("type") == "illegal":
            unknown = unknown_clause(referee, reply, "its refusal")
            if unknown is None:
                exercised[clause] += 1
                cases.append((Evidence(trial, None), None))
                continue
        if isinstance(reply, Finding) or unknown is not None:
            wrong = reply if isinstance(reply, Finding) else unknown
            assert wrong is not None
            error = attrs.evolve(
                wrong, scenario="setup", message=f"{what}: {wrong.message}", clauses=(clause,)
            )
        else:
            error = Finding(
                ERROR,
                "illegal-accepted",
                f"accepted {what}, which the rules forbid",
                scenario="setup",
                action={"players": players, "rules": data},
                clauses=(clause,),
            )
        answer = None if isinstance(reply, Finding) else reply
        cases.append((Evidence(trial, Divergence(None, None, answer)), error))
    return cases, exercised


def trial_of(scenario: Scenario) -> Trial:
    return Trial(scenario.players, scenario.rules, scenario.actions)
