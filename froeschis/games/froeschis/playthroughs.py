"""How Fröschis' golden playthroughs (``spec/froeschis/vectors``) are picked: the plan the seed search of
:func:`froeschis.verify.vectors.search` follows.

Every player count and row length, by the published rules and with each variant, once with random
bots and once with bots that draw whenever they may (so the draw pile runs out and is reshuffled);
two search targets no single clause names (a shared win, a chain ending in a frog); two whole games.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from froeschis.framework.game import PlaythroughPlan, Policy, Sample
from froeschis.games.froeschis.actions import DRAW, Action
from froeschis.games.froeschis.cards import FROG
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules, with_variants

MULTI_WINNER = "game.end+several-winners"
"""A search target beyond the clause IDs: a game won by two or more players at once."""
COMPLETION_FIRST = "turn.chain-order+frog-discarded"
"""A search target beyond the clause IDs: a completed row whose last revealed card is a frog, which
the chain's order discards instead of placing."""


def prefer_draw(state: GameState, rng: random.Random) -> Action:
    """A policy that drains the draw pile (so that reshuffles happen): draws whenever it may."""
    actions = state.legal_actions()
    return DRAW if DRAW in actions else rng.choice(actions)


def _drawing(rules: Any) -> Policy:
    return prefer_draw


def _samples() -> Iterator[Sample]:
    for players in (2, 3, 4):
        for row_length in (8, 3, 2):
            for variant in (None, *VARIANT_OPTIONS):
                label = f"{players}p-row{row_length}" + (f"-{variant.replace('_', '-')}" if variant else "")
                rules = with_variants(Rules(row_length=row_length), *([variant] if variant else []))
                yield Sample(label, players, rules)
                yield Sample(f"{label}-draw", players, rules, _drawing)


def targets(sample: Sample, after: GameState, events: tuple[Event, ...]) -> Iterable[str]:
    """The extra targets a step reaches: a shared win by the published rules (not by a variant's
    lucky rows), and a frog discarded by the chain of a completed row."""
    published = sample.rules == Rules(row_length=sample.rules.row_length)
    for event in events:
        if event.kind is EventKind.GAME_WON and len(event.seats) > 1 and published:
            yield MULTI_WINNER
        if event.kind is EventKind.DISCARDED and event.card == FROG and event.clause == "complete.ends-turn":
            yield COMPLETION_FIRST


PLAN = PlaythroughPlan(
    samples=tuple(_samples()),
    whole_games=(Sample("2p-row3", 2, Rules(row_length=3)), Sample("4p-row2", 4, Rules(row_length=2))),
    whole_game_purpose="a whole game from the first deal to the win, by the default rules",
    extra_targets=(MULTI_WINNER, COMPLETION_FIRST),
    targets=targets,
)
"""Fröschis' plan (``froeschis vectors --search``)."""
