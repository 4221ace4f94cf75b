"""Shrinking a diverging game to a short one that still diverges the same way, for any game.

A game is split into two streams, the chance outcomes (deals, reshuffles, draws from a bag) and the
players' decisions, and rebuilt by the reference engine from any edited pair of streams: a decision
that is no longer legal is repaired (the game says how: in Fröschis a frog goes to the nearest open
spot; anything else becomes the first legal action) and a chance outcome is repaired to the pool it
meets (a shuffle keeps the cards actually in it). So every game the shrinker tries is a legal game.
A try is kept when the engine under test still shows the same divergence (the same kind, the same
main clauses) in fewer actions, or as many actions with fewer players or simpler decisions. The
passes (fewer players; deleting chunks of decisions, then single ones; deleting later chance
outcomes; replacing decisions by the simplest of their kind) repeat until none helps or the budget
is spent. Deterministic: no randomness.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.conformance.compare import Finding
from froeschis.conformance.referee import Referee
from froeschis.conformance.runner import Session, Trial, run_trial
from froeschis.framework.errors import FroeschisError
from froeschis.framework.loop import drive


@attrs.frozen
class Shrunk:
    """The result: the smallest trial found, its divergence, and how the search went."""

    trial: Trial
    finding: Finding
    original_actions: int
    tries: int
    seconds: float
    reproduced: bool
    """False when even the truncated original game did not diverge again (a flaky engine)."""
    complete: bool
    """False when the budget ran out before no pass could shrink further."""


def build(
    referee: Referee, players: int, rules: Any, chances: Sequence[Any], decisions: Sequence[Any]
) -> tuple[Any, ...] | None:
    """The legal game the reference plays from the two streams (it stops when either runs out), a
    decision no longer legal repaired to the nearest legal one and a chance outcome to the pool it
    meets (the game's :class:`~froeschis.framework.checks.Conformance`); None when the game cannot
    be repaired (a chance outcome of a game that cannot repair them, no longer legal)."""
    kit = referee.kit
    taken = {"chance": 0, "decision": 0}

    def chance(state: Any) -> Any:
        wanted = chances[taken["chance"]]
        taken["chance"] += 1
        return wanted if kit.repair_chance is None else kit.repair_chance(wanted, state)

    def decide(state: Any, rng: random.Random) -> Any:
        wanted = decisions[taken["decision"]]
        taken["decision"] += 1
        return kit.repair_decision(wanted, state.legal_actions())

    def run_out(state: Any, played: int) -> bool:
        if state.is_chance:
            return taken["chance"] == len(chances)
        return taken["decision"] == len(decisions)

    unused = (random.Random(0),) * players  # the streams decide; nothing is drawn at random
    start = referee.game.new_game(players, rules)
    try:
        _, actions = drive(start, (decide,) * players, unused, chance, until=run_out)
    except FroeschisError:
        return None
    return tuple(actions)


def split(referee: Referee, trial: Trial) -> tuple[list[Any], list[Any]]:
    """A game's two streams: its chance outcomes and its decisions, each in order (the game is
    replayed to tell them apart)."""
    chances: list[Any] = []
    decisions: list[Any] = []
    state = referee.game.new_game(trial.players, trial.rules)
    for action in trial.actions:
        (chances if state.is_chance else decisions).append(action)
        state = state.apply(action)
    return chances, decisions


def _key(referee: Referee, trial: Trial) -> tuple[int, int, int]:
    """How big a game is: its actions, its players, and its actions that are not the simplest (a
    chance outcome, a decision that is not the simplest of its kind)."""
    chances, decisions = split(referee, trial)
    simplest = referee.kit.simpler_decision
    return len(trial.actions), trial.players, len(chances) + sum(1 for d in decisions if simplest(d) != d)


class _Search:
    def __init__(
        self, session: Session, target: Finding, deadline: float, max_tries: int, trusted: bool
    ) -> None:
        self.session, self.target, self.deadline, self.max_tries = session, target, deadline, max_tries
        self.trusted = trusted
        self.tries = 0

    def out_of_budget(self) -> bool:
        return self.tries >= self.max_tries or time.monotonic() > self.deadline

    def test(self, trial: Trial) -> tuple[Trial, Finding] | None:
        """The trial cut at its divergence, if it shows the target divergence."""
        self.tries += 1
        found = run_trial(self.session, trial, events_trusted=self.trusted).error
        if found is None or found.signature != self.target.signature or found.step is None:
            return None
        if found.kind == "illegal-accepted" and trial.final is None:
            cut = Trial(trial.players, trial.rules, trial.actions[: found.step], final=found.action)
        else:
            cut = Trial(trial.players, trial.rules, trial.actions[: found.step + 1], final=trial.final)
        return cut, found


class _Shrinker:
    """The smallest diverging trial found so far, and the passes that try to make it smaller."""

    def __init__(self, search: _Search, best: Trial, finding: Finding) -> None:
        self.search, self.best, self.finding = search, best, finding

    @property
    def referee(self) -> Referee:
        return self.search.session.referee

    def streams(self) -> tuple[list[Any], list[Any]]:
        return split(self.referee, self.best)

    def attempt(self, players: int, chances: Sequence[Any], decisions: Sequence[Any]) -> bool:
        """Try the game built from these streams; keep it if it diverges the same way and is smaller."""
        if self.search.out_of_budget():
            return False
        actions = build(self.referee, players, self.best.rules, chances, decisions)
        if actions is None or actions == self.best.actions:
            return False
        result = self.search.test(Trial(players, self.best.rules, actions, final=self.best.final))
        if result is None or _key(self.referee, result[0]) >= _key(self.referee, self.best):
            return False
        self.best, self.finding = result
        return True

    def fewer_players(self) -> bool:
        chances, decisions = self.streams()
        fewer = [n for n in self.referee.game.players if n < self.best.players]
        return any(self.attempt(players, chances, decisions) for players in fewer)

    def drop_decisions(self) -> bool:
        """Delete chunks of decisions, halving the chunk size down to single decisions."""
        progress = False
        size = max(1, len(self.streams()[1]) // 2)
        while size >= 1 and not self.search.out_of_budget():
            chances, decisions = self.streams()
            i = 0
            while i < len(decisions) and not self.search.out_of_budget():
                if self.attempt(self.best.players, chances, decisions[:i] + decisions[i + size :]):
                    progress = True
                    chances, decisions = self.streams()
                else:
                    i += size
            size //= 2
        return progress

    def drop_chances(self) -> bool:
        """Delete reshuffles and later deals, the last first (the first deal stays)."""
        progress = False
        chances, decisions = self.streams()
        for i in range(len(chances) - 1, 0, -1):
            if i < len(chances) and self.attempt(
                self.best.players, chances[:i] + chances[i + 1 :], decisions
            ):
                progress = True
                chances, decisions = self.streams()
        return progress

    def simplify_decisions(self) -> bool:
        """Replace each decision by the simplest of its kind (Fröschis: ``draw``, or a frog
        placement by the lowest spot)."""
        progress = False
        for i in range(len(self.streams()[1])):
            chances, decisions = self.streams()
            if i >= len(decisions):
                continue
            simpler = self.referee.kit.simpler_decision(decisions[i])
            if simpler != decisions[i] and self.attempt(
                self.best.players, chances, [*decisions[:i], simpler, *decisions[i + 1 :]]
            ):
                progress = True
        return progress


def shrink(
    session: Session,
    trial: Trial,
    finding: Finding,
    budget: float = 20.0,
    max_tries: int = 400,
    events_trusted: bool = True,
) -> Shrunk:
    """Shrink ``trial``, whose first error is ``finding``, within ``budget`` seconds."""
    start = time.monotonic()
    search = _Search(session, finding, start + budget, max_tries, events_trusted)
    assert finding.step is not None
    if finding.kind == "illegal-accepted":
        first = Trial(trial.players, trial.rules, trial.actions[: finding.step], final=finding.action)
    else:
        first = Trial(trial.players, trial.rules, trial.actions[: finding.step + 1])
    found = search.test(first)
    if found is None:
        return Shrunk(first, finding, len(trial.actions), search.tries, time.monotonic() - start, False, True)
    shrinker = _Shrinker(search, *found)
    progress = True
    while progress and not search.out_of_budget():
        progress = shrinker.fewer_players()
        progress = shrinker.drop_decisions() or progress
        progress = shrinker.drop_chances() or progress
        progress = shrinker.simplify_decisions() or progress
    return Shrunk(
        shrinker.best,
        shrinker.finding,
        len(trial.actions),
        search.tries,
        time.monotonic() - start,
        True,
        not search.out_of_budget(),
    )
