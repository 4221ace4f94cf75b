"""Naming the cause: which misreading of which clause an engine's games show, measured on engines
the checker was not written for.

Three kinds of broken engine are checked over the protocol: every mutation-check mutant of the
reference (``python -m froeschis.conformance.serve --misread ID``, one wrong reading per clause),
every ``--bug`` of the Python example engine (``examples/froeschis/engine.py``, an independent implementation;
thirteen of its bugs were written without sight of the misreading catalogue) and, in
tests/games/froeschis/test_js_engine.py, every ``--bug`` of the JavaScript engine. The clause each example
bug breaks
is stated in tests/example_bugs.py from the bug's description, not from what the checker says.
"""

from __future__ import annotations

import functools
import io
import json
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich.console import Console

from froeschis.conformance import CheckConfig, ReferenceEngine, causes, check, checker
from froeschis.conformance.causes import EXPLAINED, PROVENANCE
from froeschis.conformance.report import Report
from froeschis.framework.errors import InternalError
from froeschis.framework.registry import game
from froeschis.framework.specs import shared_schema_errors
from tests.example_bugs import EXAMPLE_BUGS, bug_params
from tests.mutation import Mutant, mutants

REPO = Path(__file__).resolve().parents[3]
QUICK = CheckConfig(random_games=6, quick=True, shrink=False)

UNOBSERVABLE = {"game.returns": "the protocol's state has the winners but not their returns"}
"""Clauses whose mutant no protocol engine can show: the checker cannot catch them, by design."""

WITHOUT_MISREADINGS = {"examples/froeschis/engine.py": 21, "examples/froeschis/js/engine.mjs": 8}
"""How many bugs of each example engine the first cause names right when the checker knows no
misreading: generic perturbations and fault localisation alone (the figures of
docs/guide-validating.rst; with the reference's provenance of the diverging step alone, before
issue 21, 14 and 2)."""


def check_with_ablation(command: list[str], config: CheckConfig) -> tuple[Report, str | None]:
    """The check's report, and the clause its first cause would name with no misreading known:
    the same evidence, blamed by the generic perturbations and fault localisation alone."""
    alone: list[str | None] = []

    def blame_both(
        games: Any, findings: Any, misreadings: Any = None, perturbations: bool = True, referee: Any = None
    ) -> Any:
        without = causes.blame(games, findings, (), perturbations, referee)
        alone.append(without[0].clause if without else None)
        return causes.blame(games, findings, misreadings, perturbations, referee)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checker, "blame", blame_both)
        report = check(command, config)
    return report, alone[0] if alone else None


@functools.cache
def example_check(bug: str) -> tuple[Report, str | None]:
    return check_with_ablation(
        [sys.executable, str(REPO / "examples" / "froeschis" / "engine.py"), "--bug", bug], QUICK
    )


def example_report(bug: str) -> Report:
    return example_check(bug)[0]


def text_of(report: Report) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    report.render(console, show_table=False)
    return console.export_text()


def _param(mutant: Mutant) -> Any:
    return pytest.param(mutant, marks=pytest.mark.clause(mutant.clause), id=mutant.misreading)


MUTANTS = mutants("froeschis")


@pytest.mark.parametrize("mutant", [_param(m) for m in MUTANTS])
def test_every_mutant_served_over_the_protocol_is_named_first_by_its_misreading(mutant: Mutant) -> None:
    command = [sys.executable, "-m", "froeschis.conformance.serve", "--misread", mutant.misreading]
    report = check(command, QUICK)
    if mutant.clause in UNOBSERVABLE:
        assert report.ok, "a mutant thought unobservable over the protocol was caught: update UNOBSERVABLE"
        return
    assert not report.ok
    first = report.causes[0]
    assert first.misreading is not None, first
    assert (first.clause, first.misreading.id, first.cause.confidence) == (
        mutant.clause,
        mutant.misreading,
        EXPLAINED,
    )
    assert len(report.causes) == 1, [c.headline() for c in report.causes]
    assert text_of(report).splitlines()[0].startswith("FAIL: 1 independent cause of ")


def test_the_mutants_cover_every_clause_and_all_but_the_unobservable_are_named() -> None:
    """The figure of docs/guide-validating.rst: of the mutants, all but the unobservable ones (one,
    game.returns) are named first; the per-mutant test above checks each."""
    assert sorted(m.clause for m in MUTANTS) == sorted(game("froeschis").catalogue().in_force_ids())
    observable = [m for m in MUTANTS if m.clause not in UNOBSERVABLE]
    assert len(observable) == len(MUTANTS) - 1


@pytest.mark.parametrize(("bug", "clause"), bug_params())
def test_every_example_bug_is_named_first_by_its_clause(bug: str, clause: str) -> None:
    report = example_report(bug)
    assert not report.ok
    first = report.causes[0]
    assert first.clause == clause, [(c.clause, c.cause.confidence, len(c.findings)) for c in report.causes]
    text = text_of(report)
    assert first.headline() in text.replace("\n", " ") or first.headline()[:60] in text
    if first.misreading is not None:
        assert first.misreading.description[:50] in " ".join(text.split())


def test_without_the_misreadings_the_fallback_alone_names_fewer_bugs_right() -> None:
    """The ablation figure of docs/guide-validating.rst, on the same checks as the test above."""
    right = sum(example_check(bug)[1] == clause for bug, clause in EXAMPLE_BUGS)
    assert right == WITHOUT_MISREADINGS["examples/froeschis/engine.py"]
    guide = (REPO / "docs" / "guide-validating.rst").read_text(encoding="utf-8")
    assert (
        f"     - {len(EXAMPLE_BUGS)} of {len(EXAMPLE_BUGS)}\n     - {right} of {len(EXAMPLE_BUGS)}\n" in guide
    )


def test_the_table_lists_every_bug_of_the_example_engine() -> None:
    sys.path.insert(0, str(REPO / "examples" / "froeschis"))
    try:
        import engine  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    assert set(engine.BUGS) == {bug for bug, _ in EXAMPLE_BUGS}


@pytest.mark.clause("round.final-turns")
def test_every_error_belongs_to_exactly_one_cause_and_the_first_line_counts_them() -> None:
    report = example_report("win-at-once")
    owned = [f for c in report.causes for f in c.findings]
    assert sorted(map(id, owned)) == sorted(map(id, report.errors))
    first_line = text_of(report).splitlines()[0]
    causes = len(report.causes)
    assert first_line.startswith(f"FAIL: {causes} independent cause{'s' if causes > 1 else ''} of ")
    assert [len(c.findings) for c in report.causes] == sorted(
        (len(c.findings) for c in report.causes), reverse=True
    )


@pytest.mark.clause("round.final-turns")
def test_a_korean_misreading_is_reported_with_the_sentence_that_invites_it() -> None:
    report = example_report("final-turns")
    first = report.causes[0]
    assert first.misreading is not None and first.misreading.id == "round.final-turns~completer-too"
    text = text_of(report)
    assert "invited by ko.4.1:" in text and "각 플레이어가 마지막 차례를 한 후" in text
    assert "[state]" in text or "[legal" in text or "[" + report.errors[0].kind + "]" in text


@pytest.mark.clause("dead.above-row-length")
def test_an_unknown_misreading_falls_back_to_provenance_and_says_the_confidence_is_lower() -> None:
    """Deals nothing past the row length anywhere: no catalogued misreading plays so."""
    report = example_report("short-row-trash")
    first = report.causes[0]
    assert first.misreading is None and first.cause.confidence == PROVENANCE
    assert "lower confidence" in text_of(report)


@pytest.mark.clause("turn.discard-ends")
def test_the_json_report_carries_the_cause_its_evidence_and_the_runners_up() -> None:
    report = example_report("dead-card-discard")
    data = json.loads(report.dumps())
    assert shared_schema_errors("report", data) == []
    (cause,) = data["causes"]
    assert cause["clause"] == "turn.discard-ends"
    assert cause["misreading"]["id"] == "turn.discard-ends~under-the-pile"
    assert cause["confidence"] == "nearest" and cause["contradicted_by"] > 0
    assert cause["games"] == len(data["errors"]) == len(cause["errors"])
    assert cause["steps_explained"] > 0 and cause["games_reproduced_whole"] <= cause["games_explained"]
    assert data["summary"] == report.summary()


def test_a_report_that_breaks_its_schema_is_refused_not_written() -> None:
    report = example_report("frog-swap")
    broken = attrs.evolve(report, engine=7)  # type: ignore[arg-type]
    with pytest.raises(InternalError, match="published schema"):
        broken.dumps()
    data = json.loads(report.dumps())
    del data["causes"]
    assert shared_schema_errors("report", data)


class _PlainEngine(ReferenceEngine):
    """A reference engine built on one misreading that declares no optional rules feature."""

    declared: tuple[str, ...] = ()

    def hello(self) -> dict[str, Any]:
        return {**super().hello(), "rules": list(self.declared)}


@pytest.mark.clause("draw.reshuffle")
@pytest.mark.parametrize("misreading", ["draw.reshuffle~unshuffled", "draw.reshuffle~top-lost"])
def test_a_reshuffle_bug_is_caught_with_no_optional_feature_declared(misreading: str) -> None:
    """Standard rules alone must reach reshuffles: the starved games run the draw pile out, with no
    golden playthrough and no random game to help."""
    report = check(lambda: _PlainEngine(misreading), attrs.evolve(QUICK, vectors=None, random_games=0))
    assert report.skipped  # the biased games need features this engine lacks
    assert not report.ok and report.causes[0].clause == "draw.reshuffle"
    assert {e.scenario for e in report.errors} <= {"rigged-starved-2p", "rigged-starved-4p"}


class _VariantOnly(_PlainEngine):
    declared = ("discard_only_if_placeable",)


@pytest.mark.clause("variant.discard-if-placeable")
def test_strict_fails_when_a_declared_clause_was_never_exercised() -> None:
    config = CheckConfig(vectors=None, random_games=0, quick=True)
    report = check(lambda: _VariantOnly(None), config)
    assert report.errors == () and report.unexercised == ("variant.discard-if-placeable",)
    assert report.ok and not check(lambda: _VariantOnly(None), attrs.evolve(config, strict=True)).ok
    assert "declared clauses never exercised" in report.summary()
    rows = {row.id: row for row in report.clauses}
    assert rows["variant.optional-frog-swap"].status == "not declared"
    assert rows["draw.reshuffle"].steps > 0
