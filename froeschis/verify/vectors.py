"""Golden playthroughs of every game, in the style of OpenSpiel's playthrough files.

A game's playthroughs are the ``*.jsonl`` files of its ``vectors`` folder (Fröschis:
``spec/froeschis/vectors``; another game: ``spec/<game>/vectors``). A file is JSON lines. Line 1, the
header, is the source of truth: the game, the setup and the full action list (chance included),
with the clauses the file was picked for::

    {"vector": "froeschis.playthrough/1", "game": "frog", "name": ..., "purpose": ..., "clauses": [...],
     "players": 3, "rules": {...}, "seed": 17, "actions": [...]}

(``game`` is left out for Fröschis, the default game.) Every further line is regenerated from the
header: step 0 is the initial state; step i gives the i-th action, the events it caused, the state
after it and the legal actions there::

    {"step": i, "action": ..., "events": [...], "state": {...}, "legal": [...]}

``tests/tools/test_vectors.py`` regenerates every game's files and diffs them; ``froeschis vectors
--write`` rewrites them on purpose, and ``froeschis vectors --search`` picks new ones (:func:`search`,
by the game's :class:`~froeschis.framework.game.PlaythroughPlan`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from froeschis.framework.game import Game, PlaythroughPlan, Sample
from froeschis.framework.jsontext import loads, read_utf8
from froeschis.framework.loop import play_game
from froeschis.framework.playthroughs import Playthrough, header_json, read_header
from froeschis.framework.registry import game


def render(play: Playthrough) -> str:
    """The whole file for this header: every step replayed and written out."""
    of = game(play.game)
    state = of.new_game(play.players, play.rules)
    lines = [header_json(play), {"step": 0, "state": of.state_to_json(state), "legal": []}]
    for number, action in enumerate(play.actions, 1):
        state, events = state.step(action)
        lines.append(
            {
                "step": number,
                "action": of.action_to_json(action),
                "events": [of.event_to_json(e) for e in events],
                "state": of.state_to_json(state),
                "legal": [str(a) for a in state.legal_actions()],
            }
        )
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


# --------------------------------------------------------------------------- picking playthroughs


def plan_of(of: Game) -> PlaythroughPlan:
    """The game's plan for picking playthroughs, or a :class:`LookupError` saying it has none."""
    if of.playthroughs is None:
        raise LookupError(f"{of.title} has no plan for picking golden playthroughs")
    return of.playthroughs


def _play(of: Game, sample: Sample, seed: int) -> tuple[Any, ...]:
    policies = None if sample.policy is None else (sample.policy(sample.rules),) * sample.players
    return play_game(of, sample.players, seed, sample.rules, policies)[1]


def first_steps(of: Game, sample: Sample, actions: Iterable[Any]) -> dict[str, int]:
    """For each clause (and each extra target of the plan), the 1-based step at which it first fired."""
    plan = plan_of(of)
    first: dict[str, int] = {}
    state = of.new_game(sample.players, sample.rules)
    for number, action in enumerate(actions, 1):
        state, events = state.step(action)
        for event in events:
            for clause_id in event.clauses:
                first.setdefault(clause_id, number)
        for target in plan.targets(sample, state, events):
            first.setdefault(target, number)
    return first


def search(of: Game | None = None, seeds: int = 40, tail: int = 2) -> list[Playthrough]:
    """For every clause of the game (and every extra target of its plan), the seeded game over the
    plan's samples that reaches it soonest; each playthrough is that game cut ``tail`` steps after
    the last target it was picked for. Then the plan's whole games, from seed 0."""
    of = of or game()
    plan = plan_of(of)
    targets = [*(c for c in of.catalogue().ids() if c not in plan.not_events), *plan.extra_targets]
    best: dict[str, tuple[int, int, int]] = {}  # target -> (step, sample's index, seed)
    for index, sample in enumerate(plan.samples):
        for seed in range(seeds):
            for target, step in first_steps(of, sample, _play(of, sample, seed)).items():
                if target not in best or step < best[target][0]:
                    best[target] = (step, index, seed)
    missing = [t for t in targets if t not in best]
    if missing:
        raise RuntimeError(f"no game among the searched seeds exercises {missing}")
    grouped: dict[tuple[str, int], list[str]] = {}
    for target in targets:
        _, index, seed = best[target]
        grouped.setdefault((plan.samples[index].label, seed), []).append(target)
    by_label = {sample.label: sample for sample in plan.samples}
    plays = []
    for (label, seed), picked in sorted(grouped.items()):
        sample = by_label[label]
        actions = _play(of, sample, seed)
        cut = min(len(actions), max(best[t][0] for t in picked) + tail)
        plays.append(
            Playthrough(
                name=f"{label}-seed{seed}",
                purpose=f"the earliest seeded random game found for: {', '.join(picked)}",
                clauses=tuple(picked),
                players=sample.players,
                rules=sample.rules,
                seed=seed,
                actions=actions[:cut],
                game=of.name,
            )
        )
    for sample in plan.whole_games:
        plays.append(
            Playthrough(
                name=f"{sample.label}-seed0-full",
                purpose=plan.whole_game_purpose,
                clauses=(),
                players=sample.players,
                rules=sample.rules,
                seed=0,
                actions=_play(of, sample, 0),
                game=of.name,
            )
        )
    return plays


def write(plays: Iterable[Playthrough], directory: Path) -> list[Path]:
    """Write each playthrough to ``directory/<name>.jsonl``."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for play in plays:
        path = directory / f"{play.name}.jsonl"
        path.write_text(render(play), encoding="utf-8")
        paths.append(path)
    return paths


def first_difference(path: Path) -> str | None:
    """Where the file differs from its regeneration (line, step, fields), or None if it does not."""
    recorded = read_utf8(path).splitlines()
    regenerated = render(read_header(path)).splitlines()
    for number, (old, new) in enumerate(zip(recorded, regenerated, strict=False), 1):
        if old != new:
            old_step: Any = loads(old, f"{path.name}: line {number}")
            new_step: Any = loads(new, f"the regenerated {path.name}: line {number}")
            fields = sorted(
                k for k in old_step.keys() | new_step.keys() if old_step.get(k) != new_step.get(k)
            )
            return f"{path.name}: line {number} (step {old_step.get('step')}) differs in {fields}"
    if len(recorded) != len(regenerated):
        return f"{path.name}: {len(recorded)} lines recorded, {len(regenerated)} regenerated"
    return None
