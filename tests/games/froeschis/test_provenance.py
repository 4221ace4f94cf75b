"""Provenance: the engine reports every part of a step, the clauses that decided it and what it wrote.

Checked over whole seeded games under every variant, against the states themselves: every field
that changed between two states was written by some part of the step, and every event is one of
the parts. Attribution in the conformance kit rests on this record (tests/tools/test_conformance.py).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from froeschis.games.froeschis.actions import DRAW, Shuffle
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import (
    GameState,
    Transition,
    allowing_clauses,
    decision_clauses,
    new_game,
)
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.serialize import state_to_json
from froeschis.games.froeschis.spec import load_catalogue

IDS = set(load_catalogue().ids())


def transitions(players: int, rules: Rules, seed: int) -> list[Transition]:
    rng = random.Random(seed)
    state, found = new_game(players, rules), []
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        found.append(state.transition(action))
        state = found[-1].after
    return found


def changed_paths(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The JSON paths of ``froeschis.state/1`` that differ, as finely as the state's shape allows."""
    paths: set[str] = set()
    for key in before:
        if before[key] == after[key]:
            continue
        if key != "players" or len(before[key]) != len(after[key]):
            paths.add(key)
            continue
        for seat, (old, new) in enumerate(zip(before[key], after[key], strict=True)):
            if old["length"] != new["length"]:
                paths.add(f"players[{seat}].length")
            if len(old["row"]) != len(new["row"]):
                paths.add(f"players[{seat}].row")
                continue
            paths |= {
                f"players[{seat}].row[{i}]"
                for i, (a, b) in enumerate(zip(old["row"], new["row"], strict=True))
                if a != b
            }
    return paths


RULES = [Rules(), Rules(row_length=2), *(Rules(row_length=3, **{o: True}) for o in VARIANT_OPTIONS)]  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULES, ids=["published", "rows-of-2", *VARIANT_OPTIONS])
@pytest.mark.parametrize("players", [2, 4])
def test_every_changed_field_was_written_by_a_part_of_the_step(rules: Rules, players: int) -> None:
    for seed in range(3):
        for step in transitions(players, rules, seed):
            changed = changed_paths(state_to_json(step.before), state_to_json(step.after))
            unwritten = {path for path in changed if not any(part.writes_to(path) for part in step.fired)}
            assert unwritten == set(), (step.action, [(p.clauses, p.writes) for p in step.fired])


@pytest.mark.parametrize("rules", RULES, ids=["published", "rows-of-2", *VARIANT_OPTIONS])
def test_every_part_names_known_clauses_and_the_events_are_parts(rules: Rules) -> None:
    for step in transitions(3, rules, seed=7):
        assert step.fired, step.action
        for part in step.fired:
            assert part.clauses and set(part.clauses) <= IDS
            assert all(path.split("[")[0].split(".")[0] in state_to_json(step.after) for path in part.writes)
        assert step.events == tuple(part.event for part in step.fired if part.event is not None)
        assert step.before.step(step.action) == (step.after, step.events)


def test_legal_actions_name_the_clauses_that_decide_and_allow_them() -> None:
    variant = Rules(discard_only_if_placeable=True)
    for step in transitions(2, variant, seed=2):
        state = step.before
        if state.is_terminal or state.is_chance:
            continue
        assert set(decision_clauses(state)) <= IDS
        for action in state.legal_actions():
            allowed = allowing_clauses(state, action)
            assert set(allowed) <= set(decision_clauses(state)) | {"turn.draw-source", "draw.reshuffle"}
            if str(action) == "take-discard":
                assert allowed == ("turn.draw-source", "variant.discard-if-placeable")


@pytest.mark.clause("draw.reshuffle")
def test_drawing_from_an_empty_draw_pile_is_allowed_by_the_reshuffle_too() -> None:
    """Draw is always a choice (turn.draw-source); from an empty pile it means the reshuffle
    (draw.reshuffle), so an engine that does not offer it breaks that clause too."""
    state = new_game(2, Rules()).apply(Shuffle(Rules().deck))
    assert allowing_clauses(state, DRAW) == ("turn.draw-source",)
    empty = attrs.evolve(state, draw_pile=(), discard_pile=state.draw_pile)
    assert allowing_clauses(empty, DRAW) == ("turn.draw-source", "draw.reshuffle")


def test_apply_records_nothing_and_gives_the_same_state() -> None:
    for step in transitions(2, Rules(), seed=1):
        assert isinstance(step.before.apply(step.action), GameState)
        assert step.before.apply(step.action) == step.after
