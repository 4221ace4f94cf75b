"""The JavaScript example engine, examples/froeschis/js/engine.mjs, checked by the conformance checker.

The engine is a second implementation of the rules in plain Node.js, speaking froeschis.protocol/1.
Clean, it must conform without a single error or warning; with each ``--bug NAME`` it must fail the
check. The clause each bug breaks is stated here from the bug's description (and, above its entry
in the engine's BUGS table, in a comment), independently of the checker; where the checker does
not name that clause, the case is an expected failure that says what the checker names instead.
"""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path

import pytest

from froeschis.conformance import CheckConfig, check
from froeschis.conformance.report import Report
from tests.games.froeschis.test_causes import WITHOUT_MISREADINGS, check_with_ablation

REPO = Path(__file__).resolve().parents[3]
ENGINE = REPO / "examples" / "froeschis" / "js" / "engine.mjs"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH")

CLEAN = CheckConfig(random_games=10, quick=True)
BROKEN_CONFIG = CheckConfig(random_games=6, quick=True, shrink=False)

# (bug, the clause it breaks); checked by the checker's first cause (tests/games/froeschis/test_causes.py
# does the
# same for the Python example engine). At the first measurement, before the misreading catalogue
# had the readings these bugs showed, the checker named 7 of them first (docs/guide-validating.rst).
BROKEN: list[tuple[str, str]] = [
    ("discard-pop", "turn.draw-source"),
    ("reshuffle-no-draw", "draw.reshuffle"),
    ("row-length-is-dead", "dead.above-row-length"),
    ("frogs-do-not-complete", "complete.frogs-count"),
    ("frog-before-complete", "turn.chain-order"),
    ("start-seat-first-completer", "round.start-seat"),
    ("final-turns-one-short", "round.final-turns"),
    ("win-at-two-spots", "game.end"),
    ("placeable-ignores-frog", "variant.discard-if-placeable"),
    ("later-completers-ignored", "round.final-turn-completion"),
]


def engine(*flags: str) -> list[str]:
    assert NODE is not None
    return [NODE, str(ENGINE), *flags]


@functools.cache
def broken_check(bug: str) -> tuple[Report, str | None]:
    """One check per bug, shared by the tests that look at it: the report, and the clause that the
    reference's provenance alone would name first."""
    return check_with_ablation(engine("--bug", bug), BROKEN_CONFIG)


def broken_report(bug: str) -> Report:
    return broken_check(bug)[0]


def bugs_table() -> dict[str, str]:
    """The engine's BUGS table: bug name -> the clause named in the comment above its entry."""
    source = ENGINE.read_text(encoding="utf-8")
    table = source[source.index("const BUGS = {") : source.index("};", source.index("const BUGS = {"))]
    return dict((name, clause) for clause, name in re.findall(r"// breaks (\S+)\n\s*\"([a-z-]+)\":", table))


def test_the_engine_uses_no_npm_packages() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    imported = re.findall(r"^import .* from \"([^\"]+)\";", source, flags=re.MULTILINE)
    assert imported and all(module.startswith("node:") for module in imported)


def test_the_bugs_table_matches_the_bugs_tested_here() -> None:
    assert bugs_table() == dict(BROKEN)


def test_the_clean_engine_conforms_with_no_error_and_no_warning() -> None:
    report = check(engine(), CLEAN)
    assert report.errors == (), [(e.kind, e.clauses, e.message) for e in report.errors[:3]]
    assert report.warnings == (), [(w.kind, w.message) for w in report.warnings[:3]]
    assert report.ok and report.unexercised == ()
    assert [row.id for row in report.clauses if row.status != "passed"] == []


def test_without_events_the_engine_gets_one_warning_and_no_error() -> None:
    report = check(engine("--no-events"), CheckConfig(vectors=None, random_games=3, quick=True))
    assert report.errors == ()
    assert [w.kind for w in report.warnings] == ["events-missing"]


@pytest.mark.parametrize(
    ("bug", "clause"), [pytest.param(b, c, marks=pytest.mark.clause(c), id=b) for b, c in BROKEN]
)
def test_each_bug_fails_the_check(bug: str, clause: str) -> None:
    report = broken_report(bug)
    assert not report.ok and report.errors, f"--bug {bug} (breaks {clause}) passed the check"


@pytest.mark.parametrize(
    ("bug", "clause"), [pytest.param(b, c, marks=pytest.mark.clause(c), id=b) for b, c in BROKEN]
)
def test_each_bug_is_named_first_by_its_clause(bug: str, clause: str) -> None:
    report = broken_report(bug)
    named = [(c.clause, c.misreading.id if c.misreading else None, c.cause.confidence) for c in report.causes]
    assert report.causes[0].clause == clause, named


def test_without_the_misreadings_the_fallback_alone_names_fewer_bugs_right() -> None:
    """The ablation figure of docs/guide-validating.rst."""
    right = sum(broken_check(bug)[1] == clause for bug, clause in BROKEN)
    assert right == WITHOUT_MISREADINGS["examples/froeschis/js/engine.mjs"]
    guide = (REPO / "docs" / "guide-validating.rst").read_text(encoding="utf-8")
    assert f"     - {len(BROKEN)} of {len(BROKEN)}\n     - {right} of {len(BROKEN)}\n" in guide
