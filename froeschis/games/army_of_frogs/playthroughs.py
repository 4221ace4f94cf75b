"""How Army of Frogs' golden playthroughs (``spec/army-of-frogs/vectors``) are picked: the plan the
seed search of :func:`froeschis.verify.vectors.search` follows.

Two, three and four players by the published rules, and two players with each variant alone, each
with random and with greedy bots, on small configurations (three stones of each colour, three
linked to win, twelve rounds): games of a few dozen steps that still reach the rarer ends (a seat
with nothing to do, a repeated position, the turn limit). Whole games besides, greedy bots: two
players at the published sizes, three and four players small.
"""

from __future__ import annotations

from collections.abc import Iterator

from froeschis.framework.game import PlaythroughPlan, Sample
from froeschis.games.army_of_frogs.bots import greedy_bot
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.rules import Rules

_SMALL = {"stones_per_colour": 3, "link_at": 3, "rounds": 12}

NOT_EVENTS = {
    "players.count": (
        "checked when a game is made, before any step (tests/games/army_of_frogs/test_army_clauses.py)"
    ),
    "players.colours": (
        "the colour of each seat, used by goal.linked's check"
        " (tests/games/army_of_frogs/test_army_clauses.py)"
    ),
    "board.hex-grid": "a definition (the six directions) used by the moves, adds and links",
    "island.graph": "a definition (connections, parts) used by island.one and the string rule",
    "string.single-connection": "a definition used by string.checked, which the events name",
    "string.definition": "a definition used by string.checked, which the events name",
    "string.single-frog-end": "a definition used by string.checked, which the events name",
    "string.length": "a definition used by string.checked, which the events name",
    "game.returns": "the returns of an ended game, read from its state, not a step",
    "observe.public": "what a seat sees, a view of every state, not a step",
}
"""The clauses no event of a step names, each with why (every one has its tests, named by the
coverage gate)."""


def _samples() -> Iterator[Sample]:
    for players in (2, 3, 4):
        yield Sample(f"{players}p-small", players, Rules(**_SMALL))  # type: ignore[arg-type]
        yield Sample(f"{players}p-small-greedy", players, Rules(**_SMALL), greedy_bot)  # type: ignore[arg-type]
    for option in VARIANT_OPTIONS:
        label = f"2p-small-{option.replace('_', '-')}"
        rules = Rules(**{option: True}, **_SMALL)  # type: ignore[arg-type]
        yield Sample(label, 2, rules)
        yield Sample(f"{label}-greedy", 2, rules, greedy_bot)


PLAN = PlaythroughPlan(
    samples=tuple(_samples()),
    whole_games=(
        Sample("2p-greedy", 2, Rules(), greedy_bot),
        *(Sample(f"{n}p-small-greedy", n, Rules(**_SMALL), greedy_bot) for n in (3, 4)),  # type: ignore[arg-type]
    ),
    whole_game_purpose="a whole game, greedy bots: two players by the published rules, three and four small",
    not_events=tuple(NOT_EVENTS),
)
"""Army of Frogs' plan (``froeschis vectors --game army-of-frogs --search``)."""
