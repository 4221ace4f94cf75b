"""Golden playthroughs (``spec/vectors/*.jsonl``), in the style of OpenSpiel's playthrough files.

A file is JSON lines. Line 1, the header, is the source of truth: the setup and the full action
list (chance included), with the clauses the file was picked for::

    {"vector": "froeschis.playthrough/1", "name": ..., "purpose": ..., "clauses": [...],
     "players": 2, "rules": {...}, "seed": 17, "actions": ["...", {"shuffle": [...]}, ...]}

Every further line is regenerated from the header: step 0 is the initial state; step i gives the
i-th action, the events it caused, the state after it and the legal actions there::

    {"step": i, "action": ..., "events": [...], "state": {...}, "legal": [...]}

``tests/test_vectors.py`` regenerates every file and diffs it; ``froeschis vectors --write``
rewrites them on purpose, and ``froeschis vectors --search`` picks new ones (:func:`search`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from froeschis.agents.loop import play_game, random_policy
from froeschis.core.actions import DRAW, Action, AnyAction
from froeschis.core.cards import FROG
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import FormatError
from froeschis.core.events import EventKind
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules, with_variants
from froeschis.io.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    loads,
    rules_from_json,
    rules_to_json,
    state_to_json,
)
from froeschis.spec import load_catalogue, spec_dir

VECTOR_FORMAT = "froeschis.playthrough/1"
FULL_GAMES = ((2, 3), (4, 2))
"""(players, row length) of the whole games kept besides the picked ones."""
MULTI_WINNER = "game.end+several-winners"
"""A search target beyond the clause IDs: a game won by two or more players at once."""
COMPLETION_FIRST = "turn.chain-order+frog-discarded"
"""A search target beyond the clause IDs: a completed row whose last revealed card is a frog, which
the chain's order discards instead of placing."""


@attrs.frozen
class Playthrough:
    """A playthrough's header: what determines the whole file."""

    name: str
    purpose: str
    clauses: tuple[str, ...]
    players: int
    rules: Rules
    seed: int
    actions: tuple[AnyAction, ...]


def vectors_dir() -> Path:
    return spec_dir() / "vectors"


def header_json(play: Playthrough) -> dict[str, Any]:
    return {
        "vector": VECTOR_FORMAT,
        "name": play.name,
        "purpose": play.purpose,
        "clauses": list(play.clauses),
        "players": play.players,
        "rules": rules_to_json(play.rules),
        "seed": play.seed,
        "actions": [action_to_json(a) for a in play.actions],
    }


def read_header(path: Path) -> Playthrough:
    """The header of a playthrough file (its first line)."""
    with path.open(encoding="utf-8") as lines:
        data: Any = loads(lines.readline(), f"{path.name}: line 1")
    if data.get("vector") != VECTOR_FORMAT:
        raise FormatError(f"{path.name}: vector", f"expected {VECTOR_FORMAT!r}")
    return Playthrough(
        name=data["name"],
        purpose=data["purpose"],
        clauses=tuple(data["clauses"]),
        players=data["players"],
        rules=rules_from_json(data["rules"]),
        seed=data["seed"],
        actions=tuple(
            action_from_json(a, f"{path.name}: actions[{i}]") for i, a in enumerate(data["actions"])
        ),
    )


def render(play: Playthrough) -> str:
    """The whole file for this header: every step replayed and written out."""
    state = new_game(play.players, play.rules)
    lines = [header_json(play), {"step": 0, "state": state_to_json(state), "legal": []}]
    for number, action in enumerate(play.actions, 1):
        state, events = state.step(action)
        lines.append(
            {
                "step": number,
                "action": action_to_json(action),
                "events": [event_to_json(e) for e in events],
                "state": state_to_json(state),
                "legal": [str(a) for a in state.legal_actions()],
            }
        )
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


# --------------------------------------------------------------------------- picking playthroughs


def _prefer_draw(state: GameState, rng: random.Random) -> Action:
    """A policy that drains the draw pile (so that reshuffles happen): draws whenever it may."""
    actions = state.legal_actions()
    return DRAW if DRAW in actions else rng.choice(actions)


def _configurations() -> Iterator[tuple[str, int, Rules]]:
    for players in (2, 3, 4):
        for row_length in (8, 3, 2):
            for variant in (None, *VARIANT_OPTIONS):
                label = f"{players}p-row{row_length}" + (f"-{variant.replace('_', '-')}" if variant else "")
                rules = with_variants(Rules(row_length=row_length), *([variant] if variant else []))
                yield label, players, rules
                yield f"{label}-draw", players, rules


def _play(label: str, players: int, seed: int, rules: Rules) -> tuple[GameState, GameRecord]:
    policy = _prefer_draw if label.endswith("draw") else random_policy
    return play_game(players, seed, rules, (policy,) * players)


def _first_steps(actions: Iterable[AnyAction], players: int, rules: Rules) -> dict[str, int]:
    """For each clause (and MULTI_WINNER), the 1-based step at which it first fired."""
    first: dict[str, int] = {}
    state = new_game(players, rules)
    for number, action in enumerate(actions, 1):
        state, events = state.step(action)
        for event in events:
            for clause_id in event.clauses:
                first.setdefault(clause_id, number)
            if event.kind is EventKind.GAME_WON and len(event.seats) > 1:
                first.setdefault(MULTI_WINNER, number)
            completed = event.clause == "complete.ends-turn"
            if event.kind is EventKind.DISCARDED and event.card == FROG and completed:
                first.setdefault(COMPLETION_FIRST, number)
    return first


def search(seeds: int = 40, tail: int = 2) -> list[Playthrough]:
    """For every clause, the seeded random game (over all configurations) that reaches it soonest;
    each playthrough is that game cut ``tail`` steps after the last clause it was picked for."""
    targets = [*load_catalogue().ids(), MULTI_WINNER, COMPLETION_FIRST]
    best: dict[str, tuple[int, str, int, Rules, int]] = {}
    for label, players, rules in _configurations():
        for seed in range(seeds):
            _, record = _play(label, players, seed, rules)
            for target, step in _first_steps(record.actions, players, rules).items():
                if target == MULTI_WINNER and rules != Rules(row_length=rules.row_length):
                    continue  # shared wins by the default rules, not by a variant's lucky rows
                if target in best and best[target][0] <= step:
                    continue
                best[target] = (step, label, players, rules, seed)
    missing = [t for t in targets if t not in best]
    if missing:
        raise RuntimeError(f"no game among the searched seeds exercises {missing}")
    grouped: dict[tuple[str, int], list[str]] = {}
    for target in targets:
        _, label, _, _, seed = best[target]
        grouped.setdefault((label, seed), []).append(target)
    plays = []
    for (label, seed), picked in sorted(grouped.items()):
        _, _, players, rules, _ = best[picked[0]]
        _, record = _play(label, players, seed, rules)
        cut = min(len(record.actions), max(best[t][0] for t in picked) + tail)
        plays.append(
            Playthrough(
                name=f"{label}-seed{seed}",
                purpose=f"the earliest seeded random game found for: {', '.join(picked)}",
                clauses=tuple(picked),
                players=players,
                rules=rules,
                seed=seed,
                actions=record.actions[:cut],
            )
        )
    for players, row_length in FULL_GAMES:
        rules = Rules(row_length=row_length)
        _, record = play_game(players, 0, rules)
        plays.append(
            Playthrough(
                name=f"{players}p-row{row_length}-seed0-full",
                purpose="a whole game from the first deal to the win, by the default rules",
                clauses=(),
                players=players,
                rules=rules,
                seed=0,
                actions=record.actions,
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
    recorded = path.read_text(encoding="utf-8").splitlines()
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
