"""Bots: each decides from its seat's view (observe.public) only, never from the bag's order.

* ``random``: one of the legal actions, uniformly.
* ``greedy``: looks one action ahead on the island its view shows. It takes a win, never hands an
  opponent one, and otherwise plays for the largest group of its colour, then for the smallest
  largest group of the leading opponent (it blocks the leader), then for the most stones of its
  colour within a jump of its largest group (stones it may link later); ties are broken at random.

Measured against ``random`` opponents in seeded games of the published rules (greedy's seat taking
turns; ``tests/games/army_of_frogs/test_army_bots.py`` plays 30 of the two-player ones):

=========  =====  ===========  =====================  ======  ==========
players    games  greedy wins  95% interval (Wilson)  random  turn limit
=========  =====  ===========  =====================  ======  ==========
2          400    400 (100%)   99.0-100%              0       0
3          200    199 (99.5%)  97.2-99.9%             1       0
4          200    198 (99.0%)  96.4-99.7%             0       2
=========  =====  ===========  =====================  ======  ==========

A random player almost never links seven stones: random games nearly always reach the turn limit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from froeschis.framework.errors import InternalError
from froeschis.framework.game import Policy
from froeschis.games.army_of_frogs.actions import Action, Shuffle, parse_action
from froeschis.games.army_of_frogs.engine import ArmyState, play
from froeschis.games.army_of_frogs.forms import hands_from_json, island_from_json, position_from_json
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.table import ArmyTable

_PHASES = {phase.value: phase for phase in Phase}


def view_of(state: ArmyState) -> dict[str, Any]:
    """The view of the seat to decide (what a bot may know)."""
    return state.rules.table.view(state, state.current_player)


def seen_state(view: dict[str, Any], rules: Rules) -> ArmyState:
    """The state a view shows, with the bag's stones in an order of the bot's own (ascending): what
    an action does to the island and the hands does not depend on the draws to come."""
    bag = tuple(colour for colour, count in enumerate(view["bag"]) for _ in range(count))
    island = island_from_json(view["island"], "island")
    hands = hands_from_json(view["hands"], "hands")
    positions = tuple(position_from_json(p, "positions") for p in view["positions"])
    return ArmyState(
        rules, _PHASES[view["phase"]], view["turn"], view["to_play"], island, hands, bag, view["passes"],
        view["acted"], tuple(view["winners"]), positions,
    )  # fmt: skip


def random_bot(rules: Rules) -> Policy:
    """Any legal action, uniformly."""

    def policy(state: ArmyState, rng: random.Random) -> Action:
        return _parsed(rng.choice(view_of(state)["legal"]))

    return policy


def _parsed(text: str) -> Action:
    action = parse_action(text)
    if isinstance(action, Shuffle):
        raise InternalError(f"a view's legal actions are decisions, not {text!r}")
    return action


def groups(table: ArmyTable, island: Island, colour: Colour) -> list[set[Cell]]:
    """The groups of ``colour``: its stones, linked through stones of that colour."""
    directions, connected = table.directions(), table.connections
    left = set(island.of_colour(colour))
    found = []
    while left:
        group = {left.pop()}
        frontier = list(group)
        while frontier:
            cell = frontier.pop()
            for other in connected(island, cell, colour, directions):
                if other in left:
                    left.remove(other)
                    group.add(other)
                    frontier.append(other)
        found.append(group)
    return found


def _within_a_jump(group: set[Cell], cells: list[Cell]) -> int:
    """How many of ``cells`` lie two steps or less from a stone of ``group``."""
    return sum(any(max(abs(q - a), abs(r - b), abs(q + r - a - b)) <= 2 for a, b in group) for q, r in cells)


def _score(table: ArmyTable, after: ArmyState, seat: int, colour: Colour) -> tuple[float, ...]:
    if after.winners:
        return (float("inf"),) if seat in after.winners else (float("-inf"),)
    players = after.num_players
    mine = groups(table, after.island, colour)
    largest = max(mine, key=len, default=set())
    leader = max(
        (
            len(g)
            for s in range(players)
            if s != seat
            for g in groups(table, after.island, table.colour_of(s, players))
        ),
        default=0,
    )
    return (len(largest), -leader, _within_a_jump(largest, after.island.of_colour(colour)))


def greedy_bot(rules: Rules) -> Policy:
    """One action ahead: win, never hand a win, grow its largest group, block the leader."""

    def policy(state: ArmyState, rng: random.Random) -> Action:
        view = view_of(state)
        seen = seen_state(view, rules)
        table, seat, colour = rules.table, view["seat"], view["colour"]
        scored = [
            (_score(table, play(seen, action), seat, colour), action)
            for action in map(_parsed, view["legal"])
        ]
        best = max(score for score, _ in scored)
        return rng.choice([action for score, action in scored if score == best])

    return policy


BOTS: dict[str, Callable[[Rules], Policy]] = {"random": random_bot, "greedy": greedy_bot}
"""The bots by name, each made for a rules value."""
