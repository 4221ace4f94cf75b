"""One bug, one cause (issue 30, "Split causes"): a cause whose hypothesis also explains every game
of another cause absorbs it, named by the hypothesis that explains them all.

The merge is checked on constructed causes (the replays faked: which hypothesis answers which game's
diverging step as the engine did is given), then on two real engines that came as two causes: a
Frog engine whose dealer leads the first trick (a generic perturbation for most games, "the bidder
leads" for those where the bidder dealt) and Army of Frogs' Node engine ``--bug seven-means-eight``
(the goal's misreading for most games, "only the mover's goal is checked" for a few).
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from froeschis.conformance import CheckConfig, causes, check
from froeschis.conformance.causes import EXPLAINED, NEAREST, PERTURBATION, Cause, Explanation
from froeschis.conformance.hypotheses import Hypothesis
from froeschis.conformance.perturb import Perturbation
from froeschis.framework.catalogue import Misreading

REPO = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def _misreading(id_: str) -> Hypothesis:
    clause = id_.split("~")[0]
    return Hypothesis(
        id_,
        id_,
        lambda rules: rules,
        misreading=Misreading(id_, clause, id_, False, None),
        touches=frozenset({clause}),
    )


def _perturbation(slot: str, clause: str) -> Hypothesis:
    perturbation = Perturbation(slot, "shifted", "is shifted", lambda entry: entry)
    return Hypothesis(
        f"{slot}:shifted", slot, lambda rules: rules, perturbation=perturbation, touches=frozenset({clause})
    )


RULES = SimpleNamespace(table=SimpleNamespace(clause_of=lambda slot: "play.first-lead"))


def _failing(games: Sequence[int]) -> dict[int, Any]:
    return {
        i: SimpleNamespace(index=i, evidence=SimpleNamespace(trial=SimpleNamespace(rules=RULES)))
        for i in games
    }


def _fake_replays(monkeypatch: pytest.MonkeyPatch, explains: Mapping[str, set[int]]) -> None:
    """Each hypothesis answers as the engine did the diverging step of the games ``explains``
    gives it, and replays those games whole (one action each)."""

    def step_fits(referee: Any, hypothesis: Hypothesis, failing: Sequence[Any]) -> list[Any]:
        return [g for g in failing if g.index in explains[hypothesis.id]]

    monkeypatch.setattr(causes, "_step_fits", step_fits)
    monkeypatch.setattr(causes, "reproduces", lambda referee, play, evidence: 1)


def _cause(hypothesis: Hypothesis, games: tuple[int, ...], confidence: str, refuted_by: int = 0) -> Cause:
    clause = next(iter(hypothesis.touches))
    if hypothesis.perturbation is not None:
        x = Explanation(hypothesis, games, games, len(games), clause=clause)
        return Cause(clause, None, games, len(games), confidence, (), 0, len(games), perturbation=x,
                     touches=hypothesis.touches)  # fmt: skip
    return Cause(clause, hypothesis.misreading, games, len(games), confidence, (), refuted_by, len(games),
                 touches=hypothesis.touches)  # fmt: skip


def test_a_perturbation_explaining_every_game_absorbs_a_misreading_explaining_a_subset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bidder = _misreading("play.first-lead~bidder-leads")
    dealer = _perturbation("first_leader", "play.first-lead")
    _fake_replays(monkeypatch, {bidder.id: {0, 1, 2}, dealer.id: set(range(8))})
    found = [_cause(bidder, (0, 1, 2), EXPLAINED), _cause(dealer, (3, 4, 5, 6, 7), PERTURBATION)]
    (merged,) = causes.absorb(None, found, _failing(range(8)), {bidder.id: bidder})  # type: ignore[arg-type]
    assert merged.confidence == PERTURBATION and merged.misreading is None
    assert merged.perturbation is not None and merged.perturbation.hypothesis.id == dealer.id
    assert merged.games == tuple(range(8)) == merged.perturbation.games
    assert merged.whole == 8 and merged.steps == 8 and merged.clause == "play.first-lead"
    assert [x.hypothesis.id for x in merged.runners_up] == [bidder.id]  # it explains a part: said so
    assert len(merged.runners_up[0].games) == 3


def test_a_nearest_reading_explaining_every_game_absorbs_a_consistent_one_explaining_a_subset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    linked = _misreading("goal.linked~all-ten")
    mover = _misreading("goal.any-seat~mover-only")
    _fake_replays(monkeypatch, {linked.id: set(range(10)), mover.id: {7, 8, 9}})
    found = [_cause(mover, (7, 8, 9), EXPLAINED), _cause(linked, tuple(range(7)), NEAREST, refuted_by=2)]
    hypotheses = {linked.id: linked, mover.id: mover}
    (merged,) = causes.absorb(None, found, _failing(range(10)), hypotheses)  # type: ignore[arg-type]
    assert merged.misreading is not None and merged.misreading.id == linked.id
    assert merged.confidence == NEAREST and merged.refuted_by == 2 and merged.games == tuple(range(10))
    assert merged.touches == {"goal.linked", "goal.any-seat"}


def test_causes_explaining_different_games_stay_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two bugs: neither hypothesis explains all the other's games (one game each way is enough)."""
    first = _misreading("play.first-lead~bidder-leads")
    second = _perturbation("first_leader", "play.first-lead")
    _fake_replays(monkeypatch, {first.id: {0, 1, 2, 3}, second.id: {3, 4, 5}})
    found = [_cause(first, (0, 1, 2), EXPLAINED), _cause(second, (4, 5), PERTURBATION)]
    assert causes.absorb(None, found, _failing(range(6)), {first.id: first}) == found  # type: ignore[arg-type]


@pytest.mark.skipif(NODE is None, reason="needs node")
@pytest.mark.clause("frog:play.first-lead")
def test_a_frog_engine_whose_dealer_leads_is_one_cause(tmp_path: Path) -> None:
    """The issue's engine: the dealer leads the first trick (the Node engine's ``bidder-leads`` line
    changed so); the bidder-leads misreading explains the games where the bidder dealt."""
    for name in ("engine.mjs", "json.mjs"):
        shutil.copy(REPO / "examples" / "frog" / name, tmp_path / name)
    engine = tmp_path / "engine.mjs"
    text = engine.read_text(encoding="utf-8")
    line = "s.leader = this.bug === 'bidder-leads' ? s.bidder : left(s.dealer);"
    assert line in text
    engine.write_text(
        text.replace(line, "s.leader = this.bug === 'bidder-leads' ? s.dealer : left(s.dealer);")
    )
    report = check(
        [str(NODE), str(engine), "--bug", "bidder-leads"],
        CheckConfig(random_games=0, quick=True, shrink=False),
        game="frog",
    )
    assert not report.ok
    (cause,) = report.causes
    assert cause.clause == "play.first-lead" and cause.cause.confidence == PERTURBATION, cause.headline()
    assert "play.first-lead~bidder-leads" in [x.hypothesis.id for x in cause.cause.runners_up]


@pytest.mark.skipif(NODE is None, reason="needs node")
@pytest.mark.clause("army-of-frogs:goal.linked")
def test_army_seven_means_eight_is_one_cause() -> None:
    engine = REPO / "examples" / "army" / "engine.mjs"
    report = check(
        [str(NODE), str(engine), "--bug", "seven-means-eight"],
        CheckConfig(quick=True, shrink=False),
        game="army-of-frogs",
    )
    assert not report.ok
    (cause,) = report.causes
    assert cause.clause == "goal.linked", cause.headline()
