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
from froeschis.conformance.runner import Session, Trial, run_trial, setup_probes, trial_of
from froeschis.conformance.scenarios import Scenario, all_scenarios
from froeschis.conformance.shrink import shrink
from froeschis.errors import FormatError
from froeschis.serialize import record_from_json
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
    errors: list[Finding] = []
    warned: dict[tuple[str, str], Finding] = {}
    exercised: Counter[str] = Counter()
    diverged: Counter[str] = Counter()
    games: Counter[str] = Counter()
    steps = probes = 0
    skipped: list[str] = []
    failing: list[tuple[Scenario, Finding]] = []
    trusted = True

    def report(notes: Sequence[str] = (), reproductions: Sequence[Reproduction] = ()) -> Report:
        session.stop()
        catalogue = load_catalogue()
        rows = tuple(
            ClauseRow(c.id, c.kind, c.title, exercised[c.id], diverged[c.id]) for c in catalogue.clauses
        )
        return Report(
            engine=session.info.name if session.info else "",
            command=command,
            errors=tuple(errors),
            warnings=tuple(warned.values()),
            clauses=rows,
            games=dict(games),
            steps=steps,
            probes=probes,
            skipped=tuple(skipped),
            notes=tuple(notes),
            reproductions=tuple(reproductions),
            seconds=time.monotonic() - started,
            strict=config.strict,
        )

    fatal = session.hello()
    if fatal is not None or session.info is None:
        errors.append(attrs.evolve(fatal or Finding(ERROR, "protocol", "no hello"), scenario="hello"))
        return report()
    if not session.info.events:
        warned[("events-missing", "")] = Finding(
            "warning",
            "events-missing",
            "the engine reports no events (optional): divergences are attributed from the state alone",
        )
    found, counted = setup_probes(session)
    errors += found
    exercised.update(counted)
    scenarios, notes = all_scenarios(config.vectors, config.random_games, config.seed, config.quick)
    for scenario in scenarios:
        missing = scenario.needs() - session.info.features
        if missing:
            skipped.append(f"{scenario.name} (needs {', '.join(sorted(missing))})")
            continue
        if progress is not None:
            progress(scenario.name)
        result = run_trial(
            session, trial_of(scenario), scenario.name, config.probe_rate, scenario.name, trusted
        )
        games[scenario.source] += 1
        steps += result.steps
        probes += len(result.probes_sent)
        exercised.update(result.exercised)
        _aggregate(result.warnings, warned)
        trusted &= result.events_matched or result.error is not None
        if result.error is not None:
            errors.append(result.error)
            failing.append((scenario, result.error))
            for cid in dict.fromkeys([*result.error.clauses, *result.error.candidate_clauses]):
                diverged[cid] += 1
            if config.fail_fast:
                break
    reproductions = _reproduce(session, failing, config, trusted, progress) if config.shrink else []
    return report(notes, reproductions)


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
