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
import traceback
from collections import Counter
from collections.abc import Callable

import attrs

from froeschis.conformance.attribution import refusal_clause
from froeschis.conformance.compare import ERROR, Finding, compare_reply
from froeschis.conformance.protocol import (
    JSON,
    PROTOCOL,
    RULE_FEATURES,
    CandidateError,
    EngineAdapter,
    EngineFactory,
)
from froeschis.conformance.scenarios import Scenario
from froeschis.core.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, Action, AnyAction, frog_at
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import RulesError
from froeschis.core.rules import Rules
from froeschis.io.schemas import schema_errors
from froeschis.io.serialize import action_to_json, rules_to_json


@attrs.frozen
class EngineInfo:
    """What the engine said about itself in its hello reply."""

    name: str
    protocol: str
    events: bool
    features: frozenset[str]


class Session:
    """The engine under test, restarted after every failure."""

    def __init__(self, factory: EngineFactory) -> None:
        self.factory = factory
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
        problems = schema_errors("reply#/$defs/hello", reply)
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
        if self.info is None:
            features = frozenset(f for f in reply["rules"] if f in RULE_FEATURES)
            self.info = EngineInfo(reply["engine"], reply["protocol"], reply["events"], features)
        return None

    def call(self, request: Callable[[EngineAdapter], object], start: bool = True) -> object:
        """The engine's reply to ``request``, or a :class:`Finding` when it failed to give one."""
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
    rules: Rules
    actions: tuple[AnyAction, ...]
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


def illegal_action(state: GameState, rng: random.Random) -> JSON | None:
    """An action the reference refuses in ``state`` (or None at the end of a game)."""
    if state.is_terminal:
        return None
    if state.is_chance:
        pool = [str(c) for c in state.chance_pool()]
        choices: list[JSON] = ["draw", {"shuffle": pool[:-1]}, {"shuffle": [*pool, pool[0]]}]
        return rng.choice(choices)
    row = state.row(state.turn)
    universe: list[Action] = [DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP]
    universe += [frog_at(s) for s in range(1, len(row) + 2)]
    refused: list[JSON] = [str(a) for a in universe if a not in state.legal_actions()]
    refused.append({"shuffle": [str(c) for c in state.rules.deck]})
    return rng.choice(refused)


def _probe(
    session: Session, state: GameState, bad: JSON, index: int
) -> tuple[Finding | None, str | None, object]:
    """Send ``bad``; expect a refusal. Returns (error, clause exercised, the engine's reply or None
    when it gave none); nothing if ``bad`` is legal."""
    clause = refusal_clause(state, bad)
    if clause is None:
        return None, None, None
    reply = session.call(lambda e: e.step(bad))
    if isinstance(reply, Finding):
        return attrs.evolve(reply, step=index, action=bad, clauses=(clause,)), None, None
    if isinstance(reply, dict) and reply.get("type") == "illegal":
        if schema_errors("reply#/$defs/illegal", reply):
            malformed = Finding(ERROR, "malformed", "a malformed 'illegal' reply", step=index, action=bad)
            return malformed, None, reply
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

    def start(self, trial: Trial, state: GameState) -> Finding | None:
        """Start the game on the engine and compare its first state."""
        rules = rules_to_json(trial.rules)
        reply = self.session.call(lambda e: e.new_game(trial.players, rules))
        self.reply = None if isinstance(reply, Finding) else reply
        if isinstance(reply, Finding):
            return reply
        check = compare_reply(None, None, state, (), reply, self.events_expected, self.events_trusted)
        self.result.warnings += [attrs.evolve(w, scenario=self.scenario) for w in check.warnings]
        return check.errors[0] if check.errors else None

    def probe(self, state: GameState, bad: JSON, index: int) -> Finding | None:
        """Send the illegal action ``bad``, which must be refused."""
        self.result.probes_sent.append((index, bad))
        error, clause, self.reply = _probe(self.session, state, bad, index)
        if clause:
            self.result.exercised[clause] += 1
        return error

    def step(
        self, state: GameState, action: AnyAction, index: int, probed: JSON
    ) -> tuple[GameState, Finding | None]:
        """Play ``action`` on both engines and compare; the reference's new state, and the error."""
        reference = state.transition(action)
        after = reference.after
        sent = action_to_json(action)
        reply = self.session.call(lambda e: e.step(sent))
        self.reply = None if isinstance(reply, Finding) else reply
        if isinstance(reply, Finding):
            return after, attrs.evolve(reply, clauses=reference.clauses)
        check = compare_reply(
            state, sent, after, reference.fired, reply, self.events_expected, self.events_trusted
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
    state = new_game(trial.players, trial.rules)
    error = play.start(trial, state)
    if error is not None:
        return play.fail(error, None, None)
    probes = dict(trial.probes)
    for index, action in enumerate(trial.actions):
        bad = probes.get(index)
        if bad is None and probe_rate > 0 and rng.random() < probe_rate:
            bad = illegal_action(state, rng)
        if bad is not None and (error := play.probe(state, bad, index)) is not None:
            return play.fail(error, index, bad, probe=bad)
        state, error = play.step(state, action, index, bad)
        if error is not None:
            return play.fail(error, index, action_to_json(action))
    if trial.final is not None:  # a reproduction's last, illegal action (not a probe: not counted)
        error, _, play.reply = _probe(session, state, trial.final, len(trial.actions))
        if error is not None:
            return play.fail(error, len(trial.actions), trial.final, probe=trial.final)
    return play.result


def setup_probes(session: Session) -> tuple[list[tuple[Evidence, Finding | None]], Counter[str]]:
    """New games the rules forbid (player counts, a deck too small) must be refused.

    Returns each case as evidence (a game of no actions) with the error it showed, if any.
    """
    assert session.info is not None
    cases: list[tuple[Evidence, Finding | None]] = []
    exercised: Counter[str] = Counter()
    games: list[tuple[int, Rules]] = [(1, Rules()), (5, Rules())]
    if "deck" in session.info.features:
        games.append((2, Rules(deck=Rules().deck[:17])))
    for players, rules in games:
        try:
            new_game(players, rules)
        except RulesError as refusal:
            clause = refusal.clause or "players.count"
        else:  # pragma: no cover - the cases are chosen to be refused
            continue
        data = rules_to_json(rules)
        reply = session.call(lambda e, p=players, r=data: e.new_game(p, r))  # type: ignore[misc]
        what = f"a new game for {players} players" + (" with a 17-card deck" if len(rules.deck) < 60 else "")
        trial = Trial(players, rules, ())
        if isinstance(reply, dict) and reply.get("type") == "illegal":
            exercised[clause] += 1
            cases.append((Evidence(trial, None), None))
            continue
        if isinstance(reply, Finding):
            error = attrs.evolve(
                reply, scenario="setup", message=f"{what}: {reply.message}", clauses=(clause,)
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
