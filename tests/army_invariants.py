"""The promises every Army of Frogs state and step keeps, checked independently of the engine.

One island, no forbidden string (by tests/army_oracle.py's naive statement of the rules), every stone
of the game on the island, in a hand or in the bag, legal actions sorted and exactly the accepted
ones, own-colour adds apart from their colour, wins only for linked colours, the old state unchanged,
exact JSON and notation round trips, views that hide the bag's order. A broken promise is an
AssertionError saying which.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from froeschis.framework.errors import IllegalActionError
from froeschis.games.army_of_frogs.actions import NO_ADD, NO_MOVE, Add, AnyAction, Move, Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.events import Event
from froeschis.games.army_of_frogs.notation import format_position, parse_position
from froeschis.games.army_of_frogs.serialize import state_from_json, state_to_json
from froeschis.games.army_of_frogs.spec import load_catalogue as catalogue
from tests import army_oracle

CLAUSES = frozenset(catalogue().ids())


def check_state(state: ArmyState) -> None:
    players, rules = state.num_players, state.rules
    held = Counter(state.island.values()) + Counter(state.bag)
    for hand in state.hands:
        assert len(hand) <= 2 and list(hand) == sorted(hand), f"hand {hand}"
        held.update(hand)
    assert held == Counter({c: rules.stones_per_colour for c in range(players)}), f"stones {held}"
    assert army_oracle.connected(set(state.island)), "the island is in parts"
    assert not army_oracle.forbidden(dict(state.island)), "the island has a forbidden string"
    actions = state.legal_actions()
    assert bool(actions) == (not state.is_chance and not state.is_terminal), f"actions {actions}"
    keys = [_order(a) for a in actions]
    assert keys == sorted(keys) and len(set(actions)) == len(actions), f"actions not sorted: {actions}"
    if state.is_terminal:
        assert sum(state.returns()) == len(state.winners) <= 1
        assert all(state.returns()[seat] == 1 for seat in state.winners)
    else:
        assert state.returns() == (0.0,) * players


def _order(action: AnyAction) -> tuple[int, tuple[object, ...]]:
    """The protocol's order: moves by start and end, then no-move; adds by colour and cell, then no-add."""
    if isinstance(action, Move):
        return (0, (action.start, action.end))
    if isinstance(action, Add):
        return (0, (action.colour, action.cell))
    return (1, ())


def check_round_trips(state: ArmyState) -> None:
    loaded = state_from_json(json.loads(json.dumps(state_to_json(state))))
    assert loaded == state and hash(loaded) == hash(state), "JSON round trip"
    assert parse_position(format_position(state)) == state, "notation round trip"


def check_views(state: ArmyState) -> None:
    """Every seat sees the same (its own seat number and legal actions aside), nothing of the bag's
    order but its counts."""
    table = state.rules.table
    views = [table.view(state, seat) for seat in range(state.num_players)]
    common = [{k: v for k, v in view.items() if k not in ("seat", "colour", "legal")} for view in views]
    assert all(view == common[0] for view in common), "seats see different things"
    assert common[0]["bag"] == [state.bag.count(c) for c in range(4)]
    for seat, view in enumerate(views):
        deciding = state.current_player == seat
        assert view["legal"] == ([str(a) for a in state.legal_actions()] if deciding else [])


def frozen(state: ArmyState) -> str:
    """The state's JSON text, taken before a step to show the step leaves it unchanged."""
    return json.dumps(state_to_json(state))


def check_step(
    before: ArmyState, was: str, action: AnyAction, after: ArmyState, events: tuple[Event, ...]
) -> None:
    """The step from ``before`` (whose JSON text was ``was`` before it) to ``after``."""
    assert frozen(before) == was, "the step changed the state it was applied to"
    for event in events:
        assert event.clauses and set(event.clauses) <= CLAUSES, f"event {event} names unknown clauses"
    if isinstance(action, Add):
        around = army_oracle.touching(before.island, action.cell)
        assert action.cell not in before.island and (around or not before.island), "add touches nothing"
        if action.colour == before.colour:
            assert all(before.island[c] != action.colour for c in around), (
                "own colour added beside its colour"
            )
        assert len(after.island) == len(before.island) + 1
    if isinstance(action, Move):
        assert before.island[action.start] == before.colour, "moved a stone of another colour"
        assert len(after.island) == len(before.island)
    for seat in after.winners:
        colour = after.rules.table.colour_of(seat, after.num_players)
        own = {c for c, k in after.island.items() if k == colour}
        linked = {c: k for c, k in after.island.items() if k == colour}
        assert len(own) >= after.rules.link_at and army_oracle.connected(set(linked)), "a win without a link"
    if not before.is_chance:
        assert after.turn - before.turn in (0, 1), "more than one turn in a step"


def candidates(state: ArmyState, rng: random.Random, count: int = 40) -> list[AnyAction]:
    """Actions a caller might propose here, legal or not: moves and adds near the island, the passes,
    and a shuffle."""
    cells = sorted({(q + dq, r + dr) for q, r in state.island for dq, dr in army_oracle.DIRECTIONS}) or [
        (0, 0)
    ]
    stones = sorted(state.island) or [(0, 0)]
    found: list[AnyAction] = [NO_MOVE, NO_ADD, Shuffle(())]
    for _ in range(count):
        found.append(Move(rng.choice(stones), rng.choice(cells)))
        found.append(Add(rng.randrange(4), rng.choice(cells)))
    return found


def check_legality(state: ArmyState, rng: random.Random) -> None:
    """Every legal action is accepted; every other candidate is refused, naming a clause."""
    legal = set(state.legal_actions())
    for action in legal:
        state.apply(action)
    for proposed in candidates(state, rng):
        if proposed in legal:
            continue
        try:
            state.apply(proposed)
        except IllegalActionError as refused:
            assert refused.clause in CLAUSES, f"{proposed} refused naming {refused.clause}"
            continue
        raise AssertionError(f"{proposed} was accepted but is not among the legal actions")
