"""Lossless JSON for rules, actions, states and events, read strictly.

The forms are documented in ``spec/army-of-frogs/protocol.md``. A decision is its text form
(``"move -1,1 1,-1"``, ``"add 0 2,-1"``, ``"no-move"``, ``"no-add"``); the chance outcome is
``{"shuffle": [colours]}``. Reading refuses anything malformed or inconsistent with a
:class:`~froeschis.framework.errors.FormatError` naming the field: unknown, missing or duplicate keys,
wrong types, stones that are not the game's, an island in parts, a state that no game reaches.
Nothing is coerced.
"""

from __future__ import annotations

from typing import Any

from froeschis.framework.errors import FormatError
from froeschis.framework.fields import boolean, check_format, json_object, listed, named
from froeschis.games.army_of_frogs.actions import AnyAction, Shuffle, parse_action
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.events import Event
from froeschis.games.army_of_frogs.forms import (
    colours_from_json,
    hands_from_json,
    hands_to_json,
    island_from_json,
    island_to_json,
    position_from_json,
    position_to_json,
    whole,
)
from froeschis.games.army_of_frogs.invariants import check_consistent
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.rules import MAX_ROUNDS, Rules

STATE_FORMAT = "froeschis.army-of-frogs-state/1"
STATE_KEYS = (
    "format", "rules", "phase", "turn", "seat", "passes", "acted", "island", "hands", "bag", "winners",
    "positions",
)  # fmt: skip
"""The fields of a state's JSON form, in the order they are written."""
SIZES = ("stones_per_colour", "link_at", "rounds")
"""The rules' numbers (the published game's ten, seven and fifty, or a tiny configuration's)."""
_PHASES = {phase.value: phase for phase in Phase}


# --------------------------------------------------------------------------- rules


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as JSON: one key per variant option, then the numbers of stones, goal and rounds.
    Rules with readings beyond the variants have no JSON form."""
    if rules.readings:
        raise ValueError("rules with clause readings beyond the variants (Rules.readings) have no JSON form")
    return {
        **{option: getattr(rules, option) for option in VARIANT_OPTIONS},
        **{s: getattr(rules, s) for s in SIZES},
    }


def rules_from_json(value: object, field: str = "rules") -> Rules:
    data = json_object(value, field, {*VARIANT_OPTIONS, *SIZES})
    options: dict[str, Any] = {
        option: boolean(data[option], f"{field}.{option}") for option in VARIANT_OPTIONS
    }
    options["stones_per_colour"] = whole(data["stones_per_colour"], f"{field}.stones_per_colour", 2, 10)
    options["link_at"] = whole(data["link_at"], f"{field}.link_at", 1, 10)
    options["rounds"] = whole(data["rounds"], f"{field}.rounds", 1, MAX_ROUNDS)
    return Rules(**options)


# --------------------------------------------------------------------------- actions


def action_to_json(action: AnyAction) -> Any:
    """A decision as its text form; the shuffle as ``{"shuffle": [colours]}``."""
    if isinstance(action, Shuffle):
        return {"shuffle": list(action.order)}
    return str(action)


def action_from_json(value: object, field: str = "action") -> AnyAction:
    if isinstance(value, dict):
        data = json_object(value, field, {"shuffle"})
        return Shuffle(colours_from_json(data["shuffle"], f"{field}.shuffle"))
    action = parse_action(value, field)
    if isinstance(action, Shuffle):
        raise FormatError(field, 'a shuffle\'s JSON form is {"shuffle": [colours]}, not a string')
    return action


# --------------------------------------------------------------------------- states


def state_to_json(state: ArmyState) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "turn": state.turn,
        "seat": state.seat,
        "passes": state.passes,
        "acted": state.acted,
        "island": island_to_json(state.island),
        "hands": hands_to_json(state.hands),
        "bag": list(state.bag),
        "winners": list(state.winners),
        "positions": [position_to_json(p) for p in state.positions],
    }


def state_from_json(value: object, field: str = "state") -> ArmyState:
    """The state written as ``value``; refused unless some game under its rules could reach it
    (:func:`~froeschis.games.army_of_frogs.invariants.check_consistent`)."""
    data = json_object(value, field, STATE_KEYS)
    check_format(data, STATE_FORMAT, f"{field}.format")
    phase = named(data["phase"], _PHASES, f"{field}.phase", "phase")
    hands = hands_from_json(data["hands"], f"{field}.hands")
    state = ArmyState(
        rules_from_json(data["rules"], f"{field}.rules"),
        phase,
        whole(data["turn"], f"{field}.turn", 1),
        whole(data["seat"], f"{field}.seat", 0, max(len(hands) - 1, 0)),
        island_from_json(data["island"], f"{field}.island"),
        hands,
        colours_from_json(data["bag"], f"{field}.bag"),
        whole(data["passes"], f"{field}.passes", 0),
        boolean(data["acted"], f"{field}.acted"),
        tuple(
            whole(s, f"{field}.winners[{i}]", 0)
            for i, s in enumerate(listed(data["winners"], f"{field}.winners"))
        ),
        tuple(
            position_from_json(p, f"{field}.positions[{i}]")
            for i, p in enumerate(listed(data["positions"], f"{field}.positions"))
        ),
    )
    check_consistent(state)
    return state


# --------------------------------------------------------------------------- events


def event_to_json(event: Event) -> dict[str, Any]:
    """An event: its kind and clauses, then the fields it has (cells as ``[q, r]``)."""
    found: dict[str, Any] = {"kind": event.kind.value, "clauses": list(event.clauses)}
    for name in ("seat", "colour", "start", "end"):
        value = getattr(event, name)
        if value is not None:
            found[name] = list(value) if isinstance(value, tuple) else value
    if event.seats:
        found["seats"] = list(event.seats)
    return found
