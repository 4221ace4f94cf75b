"""The checker: drive an engine through many games beside the reference and report what differs."""

from __future__ import annotations

import io
import math
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Literal

import attrs
from rich.console import Console

from froeschis.conformance.causes import PROTOCOL, TIMEOUT, Cause, blame
from froeschis.conformance.compare import ERROR, Finding
from froeschis.conformance.divergence import DEPTH, SECONDS, trace
from froeschis.conformance.process import SubprocessEngine
from froeschis.conformance.protocol import DEADLINE, JSON, CandidateTimeout, EngineAdapter, EngineFactory
from froeschis.conformance.referee import Referee
from froeschis.conformance.report import ClauseRow, Report, Reproduction, RootCause
from froeschis.conformance.runner import (
    Evidence,
    Session,
    Trial,
    TrialResult,
    run_trial,
    setup_probes,
    trial_of,
)
from froeschis.conformance.shrink import shrink
from froeschis.framework.checks import Scenario
from froeschis.framework.errors import FormatError
from froeschis.framework.records import Record, record_from_json, record_to_json
from froeschis.framework.registry import DEFAULT

Candidate = Sequence[str] | EngineFactory
"""A command line (the engine runs as a process) or a factory of in-process adapters."""


def _seconds(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ValueError(f"{attribute.name} must be a finite number of seconds above 0, not {value!r}")


def _seconds_or_none(instance: object, attribute: attrs.Attribute[float | None], value: float | None) -> None:
    if value is not None:
        _seconds(instance, attribute, value)  # type: ignore[arg-type]


def _count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a whole number of at least 0, not {value!r}")


def _rate(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{attribute.name} must be a number from 0 to 1, not {value!r}")


@attrs.frozen
class CheckConfig:
    """How thoroughly to check. The defaults take a few seconds to a minute, depending on the engine.

    Every field is checked when the config is made: a timeout that is not a finite positive number,
    a negative count or a rate outside 0..1 raises :class:`ValueError` naming the field.
    """

    random_games: int = attrs.field(default=30, validator=_count)
    """Seeded games between random bots (besides the golden, rigged and biased games)."""
    seed: int = attrs.field(default=0, validator=_count)
    timeout: float = attrs.field(default=5.0, validator=_seconds)
    """Seconds the engine may take for one reply."""
    startup_timeout: float = attrs.field(default=20.0, validator=_seconds)
    """Seconds the engine may take to start and answer hello."""
    vectors: Path | Literal["game"] | None = "game"
    """The golden playthroughs (``*.jsonl``): by default the game's own (``vectors/`` of its folder of
    ``spec/``); None to skip them. A directory that does not exist is an error when the check starts,
    not a silent skip."""
    quick: bool = False
    """Fewer rigged and biased games."""
    probe_rate: float = attrs.field(default=0.2, validator=_rate)
    """How often an illegal action is sent (and must be refused) before a step."""
    shrink: bool = True
    shrink_budget: float = attrs.field(default=20.0, validator=_seconds)
    """Seconds spent shrinking each reproduction."""
    reproductions: int = attrs.field(default=3, validator=_count)
    """How many causes get a shrunk reproduction (the causes with most games first)."""
    fail_fast: bool = False
    """Stop after the first game with an error."""
    strict: bool = False
    """Warnings, and declared clauses that no game exercised, fail the check too."""
    misreadings: bool = True
    """Name causes by the catalogue's misreadings first; False leaves them out, to measure what the
    generic perturbations and fault localisation find alone (an ablation)."""
    perturbations: bool = True
    """Try generic perturbations of the clause table's entries where no known misreading fits."""
    divide_depth: int = attrs.field(default=DEPTH, validator=_count)
    """In a game with a perft divide, the depth of the divide shown where a cause's legal actions
    part from the reference's (:mod:`froeschis.conformance.divergence`); 0: none."""
    deadline: float | None = attrs.field(default=None, validator=_seconds_or_none)
    """Seconds the whole check may take: when they are up, the game in progress is abandoned (no
    wait for a reply outlasts them), no further game starts, the causes are named from the games
    played and nothing more is shrunk (a warning says the check was cut short). A game abandoned so
    is no error of the engine's; a reply that did not come within ``timeout`` before is."""


def factory_of(
    candidate: Candidate,
    timeout: float = 5.0,
    startup_timeout: float = 20.0,
    game: str = DEFAULT,
    until: float | None = None,
    cwd: str | None = None,
) -> tuple[EngineFactory, tuple[str, ...] | None]:
    """The engine factory of ``candidate`` and its command line (None for a factory given); an
    engine in a process runs in ``cwd`` (this process's folder if None) and waits for no reply
    past ``until`` (the check's deadline)."""
    if callable(candidate):
        return candidate, None
    command = tuple(candidate)
    if not command:
        raise ValueError("an empty command line")

    def start() -> EngineAdapter:
        return SubprocessEngine(
            command, timeout=timeout, startup_timeout=startup_timeout, cwd=cwd, game=game, until=until
        )

    return start, command


def _aggregate(found: list[Finding], into: dict[tuple[str, str], Finding]) -> None:
    for w in found:
        key = (w.kind, w.message)
        if key in into:
            into[key] = attrs.evolve(into[key], count=into[key].count + 1)
        else:
            into[key] = w


@attrs.define
class _Tally:
    """What a check has found so far, game by game."""

    errors: list[Finding] = attrs.Factory(list)
    warned: dict[tuple[str, str], Finding] = attrs.Factory(dict)
    exercised: Counter[str] = attrs.Factory(Counter)
    diverged: Counter[str] = attrs.Factory(Counter)
    games: Counter[str] = attrs.Factory(Counter)
    steps: int = 0
    probes: int = 0
    skipped: list[str] = attrs.Factory(list)
    scenario_of: dict[int, Scenario] = attrs.Factory(dict)
    """The scenario of each game, by its index in ``evidence`` (set-up cases have none)."""
    evidence: list[Evidence] = attrs.Factory(list)
    """Every game (and refused set-up) so far, for counterfactual blame."""
    error_of: dict[int, Finding] = attrs.Factory(dict)
    """The error of each diverging game, by its index in ``evidence``."""
    trusted: bool = True
    """Whether the engine's events have matched the reference's in every game without an error."""

    def add_setup(self, evidence: Evidence, error: Finding | None) -> None:
        if error is not None:
            self.error_of[len(self.evidence)] = error
            self.errors.append(error)
        self.evidence.append(evidence)

    def add(self, scenario: Scenario, trial: Trial, result: TrialResult) -> None:
        if result.error is not None:
            self.error_of[len(self.evidence)] = result.error
        self.scenario_of[len(self.evidence)] = scenario
        self.evidence.append(result.evidence(trial, self.trusted))
        self.games[scenario.source] += 1
        self.steps += result.steps
        self.probes += len(result.probes_sent)
        self.exercised.update(result.exercised)
        _aggregate(result.warnings, self.warned)
        self.trusted &= result.events_matched or result.error is not None
        if result.error is not None:
            self.errors.append(result.error)
            for cid in dict.fromkeys([*result.error.clauses, *result.error.candidate_clauses]):
                self.diverged[cid] += 1


def playthroughs(referee: Referee, config: CheckConfig) -> Path | None:
    """The folder of golden playthroughs a check plays (None: none)."""
    if config.vectors == "game":
        return referee.game.spec() / "vectors"
    return config.vectors if config.vectors is None else Path(config.vectors)


def check(
    candidate: Candidate,
    config: CheckConfig | None = None,
    progress: Callable[[str], None] | None = None,
    game: str = DEFAULT,
) -> Report:
    """Check an engine of ``game`` (Fröschis by default) against the reference; never raises for
    anything the engine does.

    Raises :class:`ValueError` for a bad ``config`` or an empty command line. The engine is stopped
    (a process with its whole process group) however the check ends, Ctrl-C included.
    """
    config = config or CheckConfig()
    referee = Referee.of(game)
    vectors = playthroughs(referee, config)
    if vectors is not None and not vectors.is_dir() and config.vectors != "game":
        raise ValueError(f"no directory of golden playthroughs at {vectors}")
    clock = _Clock(time.monotonic(), config.deadline)
    factory, command = factory_of(candidate, config.timeout, config.startup_timeout, game, clock.end)
    session = Session(factory, referee, clock.end)
    try:
        return _check(session, command, config, clock, progress)
    finally:
        session.stop()


@attrs.frozen
class _Clock:
    started: float
    deadline: float | None

    @property
    def end(self) -> float | None:
        """The :func:`time.monotonic` instant of the deadline (None: none)."""
        return None if self.deadline is None else self.started + self.deadline

    def up(self) -> bool:
        return self.deadline is not None and time.monotonic() - self.started >= self.deadline

    def left(self, budget: float) -> float:
        if self.deadline is None:
            return budget
        return max(0.0, min(budget, self.deadline - (time.monotonic() - self.started)))


def _check(
    session: Session,
    command: tuple[str, ...] | None,
    config: CheckConfig,
    clock: _Clock,
    progress: Callable[[str], None] | None,
) -> Report:
    tally = _Tally()
    fatal = session.hello()
    if fatal is not None and fatal.kind == DEADLINE:  # not one game could be played: not a pass
        late = f"no hello reply before the check's deadline ({clock.deadline:g} s)"
        fatal = Finding(ERROR, CandidateTimeout.kind, late)
    if fatal is not None or session.info is None:
        tally.errors.append(attrs.evolve(fatal or Finding(ERROR, "protocol", "no hello"), scenario="hello"))
        return _finish(
            session, tally, command, config, clock, (), _root_causes(session.referee, tally, config)
        )
    if not session.info.events:
        tally.warned[("events-missing", "")] = Finding(
            "warning",
            "events-missing",
            "the engine reports no events (optional): divergences are attributed from the state alone",
        )
    cases, counted = setup_probes(session)  # cut at the deadline, when no game is played either
    for evidence, error in cases:
        tally.add_setup(evidence, error)
    tally.exercised.update(counted)
    vectors = playthroughs(session.referee, config)
    scenarios, notes = session.referee.kit.scenarios(
        vectors if vectors is None or vectors.is_dir() else None,
        config.random_games,
        config.seed,
        config.quick,
    )
    _play_scenarios(session, scenarios, tally, config, clock, progress)
    if progress is not None and tally.error_of:
        progress("naming the causes")
    causes = _root_causes(session.referee, tally, config)
    if config.shrink:
        causes = [
            _reproduce(session, tally, cause, config, clock, progress) if not clock.up() else cause
            for cause in causes[: config.reproductions]
        ] + causes[config.reproductions :]
    causes = [
        _divided(session, tally, cause, config, clock) if number < config.reproductions else cause
        for number, cause in enumerate(causes)
    ]
    return _finish(session, tally, command, config, clock, notes, causes)


def _root_causes(referee: Referee, tally: _Tally, config: CheckConfig) -> list[RootCause]:
    """The independent causes of the errors: counterfactual blame over the games, then the errors
    outside any game (the handshake) as a protocol cause of their own, or, if the engine did not
    answer in time, as part of the cause of the replies that came too late."""

    found = [
        RootCause(cause, tuple(tally.error_of[i] for i in cause.all_games))
        for cause in blame(
            tally.evidence,
            tally.error_of,
            misreadings=None if config.misreadings else (),
            perturbations=config.perturbations,
            referee=referee,
        )
    ]
    in_games = set(map(id, tally.error_of.values()))
    for outside in _outside(tuple(f for f in tally.errors if id(f) not in in_games)):
        slow = outside.cause.confidence == TIMEOUT  # a slow hello joins the games' slow replies
        same = next((n for n, root in enumerate(found) if slow and root.cause.confidence == TIMEOUT), None)
        if same is None:
            found.append(outside)
        else:
            found[same] = attrs.evolve(found[same], findings=(*outside.findings, *found[same].findings))
    return found


def _outside(errors: tuple[Finding, ...]) -> list[RootCause]:
    """The causes of the errors outside any game (the hello): a reply that did not come in time,
    the engine's too slow answers; anything else, a broken protocol."""
    slow = tuple(f for f in errors if f.kind == CandidateTimeout.kind)
    broken = tuple(f for f in errors if f.kind != CandidateTimeout.kind)
    return [
        RootCause(Cause(None, None, (), 0, confidence), findings)
        for confidence, findings in ((PROTOCOL, broken), (TIMEOUT, slow))
        if findings
    ]


def _play_scenarios(
    session: Session,
    scenarios: Iterable[Scenario],
    tally: _Tally,
    config: CheckConfig,
    clock: _Clock,
    progress: Callable[[str], None] | None,
) -> None:
    """Drive the engine through every scenario it has the rules features for, until the deadline."""
    assert session.info is not None
    for scenario in scenarios:
        if clock.up():
            _stopped(tally, clock)
            break
        missing = scenario.needs() - session.info.features
        if missing:
            tally.skipped.append(f"{scenario.name} (needs {', '.join(sorted(missing))})")
            continue
        if progress is not None:
            progress(scenario.name)
        trial = trial_of(scenario)
        result = run_trial(session, trial, scenario.name, config.probe_rate, scenario.name, tally.trusted)
        if result.error is not None and result.error.kind == DEADLINE:  # cut short: no evidence
            _stopped(tally, clock, scenario.name)
            break
        tally.add(scenario, trial, result)
        if result.error is not None and config.fail_fast:
            break


def _stopped(tally: _Tally, clock: _Clock, abandoned: str | None = None) -> None:
    """Warn that the check stopped at its deadline (``abandoned``: in the middle of that game)."""
    played = sum(tally.games.values())
    during = f"; the game {abandoned} was abandoned where it was" if abandoned else ""
    tally.warned[(DEADLINE, "")] = Finding(
        "warning",
        DEADLINE,
        f"the check stopped at its deadline ({clock.deadline:g} s) after {played} games{during}; "
        "the others were not played",
    )


def _finish(
    session: Session,
    tally: _Tally,
    command: tuple[str, ...] | None,
    config: CheckConfig,
    clock: _Clock,
    notes: Sequence[str],
    causes: Sequence[RootCause],
) -> Report:
    """Stop the engine and write up the check."""
    session.stop()
    features = session.info.features if session.info else frozenset()
    unseen = session.referee.kit.unobservable
    rows = tuple(
        ClauseRow(
            c.id,
            c.kind,
            c.title,
            tally.exercised[c.id],
            tally.diverged[c.id],
            declared=session.info is not None and (c.option is None or c.option in features),
        )
        for c in session.referee.catalogue.clauses
        if c.id not in unseen
    )
    if unseen:
        shown = ", ".join(c.id for c in session.referee.catalogue.clauses if c.id in unseen)
        notes = (*notes, f"no reply of the protocol shows {shown}: not checked here")
    return Report(
        game=session.referee.game.name,
        engine=session.info.name if session.info else "",
        command=command,
        errors=tuple(tally.errors),
        warnings=tuple(tally.warned.values()),
        clauses=rows,
        games=dict(tally.games),
        steps=tally.steps,
        probes=tally.probes,
        skipped=tuple(tally.skipped),
        notes=tuple(notes),
        causes=tuple(causes),
        seconds=time.monotonic() - clock.started,
        strict=config.strict,
    )


def _reproduce(
    session: Session,
    tally: _Tally,
    root: RootCause,
    config: CheckConfig,
    clock: _Clock,
    progress: Callable[[str], None] | None,
) -> RootCause:
    """The cause with its shortest failing game shrunk to a reproduction (if it has a game; not
    for replies that came too late, which a shorter game shows no better)."""
    index = _shortest_game(tally, root)
    if index is None or root.cause.confidence == TIMEOUT:
        return root
    scenario, finding = tally.scenario_of[index], tally.error_of[index]
    if progress is not None:
        progress(f"shrinking {scenario.name}")
    budget = clock.left(config.shrink_budget)
    # Replays attribute the divergence as the game did: by the engine's events if they were trusted
    # then, whatever later games showed (else the same divergence looks like another and is "lost").
    trusted = tally.evidence[index].events_trusted
    shrunk = shrink(session, trial_of(scenario), finding, budget, events_trusted=trusted)
    t = shrunk.trial
    record = record_to_json(Record(session.referee.game, t.players, t.rules, t.actions))
    reproduction = Reproduction(
        shrunk.finding if shrunk.reproduced else finding,
        t.players,
        record,
        t.actions,
        t.final,
        shrunk.original_actions,
        shrunk.tries,
        shrunk.seconds,
        shrunk.reproduced,
        shrunk.complete,
    )
    return attrs.evolve(root, reproduction=reproduction)


def _shortest_game(tally: _Tally, root: RootCause) -> int | None:
    """The cause's game that diverged earliest (the one shrunk), by its index; None: no game."""
    games = [i for i in root.cause.all_games if i in tally.scenario_of and tally.error_of[i].step is not None]
    return min(games, key=lambda i: tally.error_of[i].step or 0) if games else None


def _divided(
    session: Session, tally: _Tally, root: RootCause, config: CheckConfig, clock: _Clock
) -> RootCause:
    """The cause with the perft divide of the position where its legal actions part (a game with a
    divide only): in its reproduction when there is one, else in its shortest game."""
    index = _shortest_game(tally, root)
    if session.referee.game.divide is None or index is None or clock.up():
        return root
    scenario, finding = tally.scenario_of[index], tally.error_of[index]
    players, actions, where = scenario.players, scenario.actions, scenario.name
    if root.reproduction is not None and root.reproduction.reproduced:
        finding, players, actions = (
            root.reproduction.finding,
            root.reproduction.players,
            root.reproduction.actions,
        )
        where = "the reproduction"
    if finding.kind != "legal":
        return root
    divergence = trace(
        session.referee.game,
        session.call,
        players,
        scenario.rules,
        actions[: 0 if finding.step is None else finding.step + 1],
        where,
        finding.step,
        config.divide_depth,
        clock.left(SECONDS),
    )
    return root if divergence is None else attrs.evolve(root, divide=divergence)


def compare_record(
    candidate: Candidate,
    record: Mapping[str, JSON],
    illegal: JSON = None,
    timeout: float = 5.0,
    cwd: str | None = None,
) -> Finding | None:
    """Replay a game record (froeschis.record/1, of the game it names) on the engine beside the
    reference; the first error.

    With ``illegal``, that action is sent after the last one and must be refused. An engine given
    as a command runs in ``cwd`` (this process's folder if None). Used by the reproductions that
    ``froeschis conform`` prints; handy in an engine's own test suite.
    """
    name = record.get("game", DEFAULT)
    try:
        referee = Referee.of(name if isinstance(name, str) else DEFAULT)
        game = record_from_json(referee.game, dict(record))
    except (FormatError, LookupError) as error:
        raise ValueError(f"not a valid game record: {error}") from None
    factory, _ = factory_of(candidate, timeout, game=referee.game.name, cwd=cwd)
    session = Session(factory, referee)
    try:
        failure = session.hello()
        if failure is not None:
            return failure
        return run_trial(
            session, Trial(game.players, game.rules, game.actions, final=illegal), "record"
        ).error
    finally:
        session.stop()


class ConformanceError(AssertionError):
    """Raised by :func:`assert_conforms`; the message is the report's text."""

    def __init__(self, report: Report) -> None:
        console = Console(width=110, record=True, file=io.StringIO())
        report.render(console, show_table=False)
        super().__init__(console.export_text())
        self.report = report


class ConformanceWarning(UserWarning):
    """A should-level difference (events, conventions): reported, not failed."""


def assert_conforms(candidate: Candidate, config: CheckConfig | None = None, game: str = DEFAULT) -> Report:
    """For an engine's own test suite (of ``game``, Fröschis by default): raise
    :class:`ConformanceError` on any error, warn on warnings."""
    result = check(candidate, config, game=game)
    for w in result.warnings:
        warnings.warn(f"[{w.kind}] {w.message}", ConformanceWarning, stacklevel=2)
    if not result.ok:
        raise ConformanceError(result)
    return result
