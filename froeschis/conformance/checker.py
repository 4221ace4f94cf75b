"""The checker: drive an engine through many games beside the reference and report what differs."""

from __future__ import annotations

import io
import time
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import attrs
from rich.console import Console

from froeschis.conformance.compare import ERROR, Finding
from froeschis.conformance.process import SubprocessEngine
from froeschis.conformance.protocol import JSON, EngineAdapter, EngineFactory
from froeschis.conformance.report import ClauseRow, Report, Reproduction
from froeschis.conformance.runner import Session, Trial, TrialResult, run_trial, setup_probes, trial_of
from froeschis.conformance.scenarios import Scenario, all_scenarios
from froeschis.conformance.shrink import shrink
from froeschis.core.errors import FormatError
from froeschis.io.serialize import record_from_json
from froeschis.spec import load_catalogue, spec_dir

Candidate = Sequence[str] | EngineFactory
"""A command line (the engine runs as a process) or a factory of in-process adapters."""


@attrs.frozen
class CheckConfig:
    """How thoroughly to check. The defaults take a few seconds to a minute, depending on the engine."""

    random_games: int = 30
    """Seeded games between random bots (besides the golden, rigged and biased games)."""
    seed: int = 0
    timeout: float = 5.0
    """Seconds the engine may take for one reply."""
    startup_timeout: float = 20.0
    """Seconds the engine may take to start and answer hello."""
    vectors: Path | None = attrs.field(factory=lambda: spec_dir() / "vectors")
    """The golden playthroughs (``*.jsonl``); None to skip them."""
    quick: bool = False
    """Fewer rigged and biased games."""
    probe_rate: float = 0.2
    """How often an illegal action is sent (and must be refused) before a step."""
    shrink: bool = True
    shrink_budget: float = 20.0
    """Seconds spent shrinking each reproduction."""
    reproductions: int = 3
    """How many distinct divergences get a shrunk reproduction."""
    fail_fast: bool = False
    """Stop after the first game with an error."""
    strict: bool = False
    """Warnings fail the check too."""


def factory_of(
    candidate: Candidate, timeout: float = 5.0, startup_timeout: float = 20.0
) -> tuple[EngineFactory, tuple[str, ...] | None]:
    if callable(candidate):
        return candidate, None
    command = tuple(candidate)
    if not command:
        raise ValueError("an empty command line")

    def start() -> EngineAdapter:
        return SubprocessEngine(command, timeout=timeout, startup_timeout=startup_timeout)

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
    failing: list[tuple[Scenario, Finding]] = attrs.Factory(list)
    trusted: bool = True
    """Whether the engine's events have matched the reference's in every game without an error."""

    def add(self, scenario: Scenario, result: TrialResult) -> None:
        self.games[scenario.source] += 1
        self.steps += result.steps
        self.probes += len(result.probes_sent)
        self.exercised.update(result.exercised)
        _aggregate(result.warnings, self.warned)
        self.trusted &= result.events_matched or result.error is not None
        if result.error is not None:
            self.errors.append(result.error)
            self.failing.append((scenario, result.error))
            for cid in dict.fromkeys([*result.error.clauses, *result.error.candidate_clauses]):
                self.diverged[cid] += 1


def check(
    candidate: Candidate,
    config: CheckConfig | None = None,
    progress: Callable[[str], None] | None = None,
) -> Report:
    """Check an engine against the reference; never raises for anything the engine does."""
    config = config or CheckConfig()
    started = time.monotonic()
    factory, command = factory_of(candidate, config.timeout, config.startup_timeout)
    session = Session(factory)
    tally = _Tally()
    fatal = session.hello()
    if fatal is not None or session.info is None:
        tally.errors.append(attrs.evolve(fatal or Finding(ERROR, "protocol", "no hello"), scenario="hello"))
        return _finish(session, tally, command, config, started)
    if not session.info.events:
        tally.warned[("events-missing", "")] = Finding(
            "warning",
            "events-missing",
            "the engine reports no events (optional): divergences are attributed from the state alone",
        )
    found, counted = setup_probes(session)
    tally.errors += found
    tally.exercised.update(counted)
    scenarios, notes = all_scenarios(config.vectors, config.random_games, config.seed, config.quick)
    _play_scenarios(session, scenarios, tally, config, progress)
    reproductions = (
        _reproduce(session, tally.failing, config, tally.trusted, progress) if config.shrink else []
    )
    return _finish(session, tally, command, config, started, notes, reproductions)


def _play_scenarios(
    session: Session,
    scenarios: Sequence[Scenario],
    tally: _Tally,
    config: CheckConfig,
    progress: Callable[[str], None] | None,
) -> None:
    """Drive the engine through every scenario it has the rules features for."""
    assert session.info is not None
    for scenario in scenarios:
        missing = scenario.needs() - session.info.features
        if missing:
            tally.skipped.append(f"{scenario.name} (needs {', '.join(sorted(missing))})")
            continue
        if progress is not None:
            progress(scenario.name)
        trial = trial_of(scenario)
        result = run_trial(session, trial, scenario.name, config.probe_rate, scenario.name, tally.trusted)
        tally.add(scenario, result)
        if result.error is not None and config.fail_fast:
            break


def _finish(
    session: Session,
    tally: _Tally,
    command: tuple[str, ...] | None,
    config: CheckConfig,
    started: float,
    notes: Sequence[str] = (),
    reproductions: Sequence[Reproduction] = (),
) -> Report:
    """Stop the engine and write up the check."""
    session.stop()
    rows = tuple(
        ClauseRow(c.id, c.kind, c.title, tally.exercised[c.id], tally.diverged[c.id])
        for c in load_catalogue().clauses
    )
    return Report(
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
        reproductions=tuple(reproductions),
        seconds=time.monotonic() - started,
        strict=config.strict,
    )


def _reproduce(
    session: Session,
    failing: list[tuple[Scenario, Finding]],
    config: CheckConfig,
    trusted: bool,
    progress: Callable[[str], None] | None,
) -> list[Reproduction]:
    """Shrink the shortest failing game of each distinct divergence (the first few of them)."""
    by_signature: dict[tuple[str, str], tuple[Scenario, Finding]] = {}
    for scenario, finding in failing:
        if finding.step is None:
            continue
        best = by_signature.get(finding.signature)
        if best is None or finding.step < (best[1].step or 0):
            by_signature[finding.signature] = (scenario, finding)
    found = []
    for scenario, finding in list(by_signature.values())[: config.reproductions]:
        if progress is not None:
            progress(f"shrinking {scenario.name}")
        shrunk = shrink(session, trial_of(scenario), finding, config.shrink_budget, events_trusted=trusted)
        t = shrunk.trial
        found.append(
            Reproduction(
                shrunk.finding if shrunk.reproduced else finding,
                t.players,
                t.rules,
                t.actions,
                t.final,
                shrunk.original_actions,
                shrunk.tries,
                shrunk.seconds,
                shrunk.reproduced,
                shrunk.complete,
            )
        )
    return found


def compare_record(
    candidate: Candidate, record: Mapping[str, JSON], illegal: JSON = None, timeout: float = 5.0
) -> Finding | None:
    """Replay a game record (froeschis.record/1) on the engine beside the reference; the first error.

    With ``illegal``, that action is sent after the last one and must be refused. Used by the
    reproductions that ``froeschis conform`` prints; handy in an engine's own test suite.
    """
    try:
        game = record_from_json(dict(record))
    except FormatError as error:
        raise ValueError(f"not a valid game record: {error}") from None
    factory, _ = factory_of(candidate, timeout)
    session = Session(factory)
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


def assert_conforms(candidate: Candidate, config: CheckConfig | None = None) -> Report:
    """For an engine's own test suite: raise :class:`ConformanceError` on any error, warn on warnings."""
    result = check(candidate, config)
    for w in result.warnings:
        warnings.warn(f"[{w.kind}] {w.message}", ConformanceWarning, stacklevel=2)
    if not result.ok:
        raise ConformanceError(result)
    return result
