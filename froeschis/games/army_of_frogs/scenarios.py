"""The games an Army of Frogs engine is driven through by ``froeschis conform --game army-of-frogs``:
the golden playthroughs, then games reaching each side of each number of the catalogue (six and
seven linked, the fiftieth round: :mod:`froeschis.games.army_of_frogs.boundaries`), seeded games
between the bots for two to four players, each variant, short stone counts, rare endings found by
seeded search, and the random games.

Every scenario is a whole action list, the shuffle included, made by the reference engine, so it is
a legal game by construction. Greedy bots win (a goal reached, often by an opponent's add); random
bots make long games that run into the turn limit or a standstill. Small configurations (three
stones of each colour, three linked, twelve rounds) show a game's every rule in a few dozen steps;
the published sizes show the strings and the multiple jumps of a large island. The sizes other than
the published ten, seven and fifty need the rules features ``stones_per_colour``, ``link_at`` and
``rounds`` that the engine declares; a variant needs its own option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from froeschis.framework.boundaries import Plays
from froeschis.framework.boundary_search import boundary_scenarios
from froeschis.framework.checks import Scenario
from froeschis.framework.game import Policy
from froeschis.framework.jsontext import loads
from froeschis.framework.loop import drive
from froeschis.framework.playthroughs import VECTOR_FORMAT, golden_first
from froeschis.games.army_of_frogs.actions import AnyAction, Move
from froeschis.games.army_of_frogs.bots import BOTS
from froeschis.games.army_of_frogs.boundaries import BOUNDARIES
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.goal import LINK_AT, ROUNDS
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.rules import Rules, with_variants
from froeschis.games.army_of_frogs.serialize import action_from_json, rules_from_json
from froeschis.games.army_of_frogs.setup import STONES_PER_COLOUR

PUBLISHED = Rules()
SMALL = Rules(stones_per_colour=3, link_at=3, rounds=12)
"""Three stones of each colour, three linked to win, twelve rounds: the golden playthroughs' size."""
SIZES = ("stones_per_colour", "link_at", "rounds")
PUBLISHED_SIZES = (STONES_PER_COLOUR, LINK_AT, ROUNDS)


def needs(rules: Rules) -> frozenset[str]:
    """The rules features (the hello's ``rules``) an engine must declare to be given a game of
    ``rules``: the variants switched on, and each number that is not the published one."""
    found = {option for option in VARIANT_OPTIONS if getattr(rules, option)}
    found |= {
        size
        for size, published in zip(SIZES, PUBLISHED_SIZES, strict=True)
        if getattr(rules, size) != published
    }
    return frozenset(found)


SEATINGS: dict[str, tuple[str, ...]] = {
    "greedy": ("greedy",),
    "random": ("random",),
    "mixed": ("greedy", "random"),
}
"""Who plays a game, seat by seat in turn: greedy bots (games that are won), random ones (long games
that reach the turn limit), or the two alternating."""


def play(rules: Rules, players: int, seed: int, seating: str) -> tuple[ArmyState, tuple[AnyAction, ...]]:
    """The game ``seating`` plays by ``rules``, shuffle and choices from ``seed``: its last state and
    its actions."""
    rng = random.Random(seed)
    kinds = SEATINGS[seating]
    policies: tuple[Policy, ...] = tuple(BOTS[kinds[seat % len(kinds)]](rules) for seat in range(players))
    last, actions = drive(
        new_game(players, rules), policies, (rng,) * players, lambda s: sample_chance(s, rng)
    )
    return last, tuple(actions)


def _scenario(
    name: str, purpose: str, source: str, rules: Rules, players: int, seed: int, seating: str
) -> Scenario:
    return Scenario(
        name, purpose, players, rules, play(rules, players, seed, seating)[1], source, needs(rules)
    )


def _label(option: str | None) -> str:
    return option.replace("_", "-") if option else "published"


def bot_games(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Two, three and four players: greedy and random bots by the published rules and small; then
    each variant alone, small, for two players (and three, unless quick). Quick: the published rules
    by greedy bots only, small by greedy and random."""
    for players in (2, 3, 4):
        for k, seating in enumerate(("greedy", "random")):
            if not (quick and seating == "random"):
                yield _scenario(
                    f"{players}p-{seating}", f"{players} {seating} bots by the published rules", "bots",
                    PUBLISHED, players, seed * 1000 + 10 * players + k, seating,
                )  # fmt: skip
            yield _scenario(
                f"{players}p-small-{seating}", f"{players} {seating} bots, three stones of each colour",
                "bots", SMALL, players, seed * 1000 + 100 + 10 * players + k, seating,
            )  # fmt: skip
    for index, option in enumerate(VARIANT_OPTIONS):
        rules = with_variants(SMALL, option)
        for players in (2,) if quick else (2, 3):
            for k, seating in enumerate(("mixed",) if quick else ("greedy", "random")):
                yield _scenario(
                    f"{players}p-small-{_label(option)}-{seating}", f"{players} {seating} bots by {option}",
                    "bots", rules, players, seed * 1000 + 200 + 10 * index + players + 5 * k, seating,
                )  # fmt: skip


def sized(stones: int, link: int = LINK_AT, rounds: int = ROUNDS) -> Rules:
    """The published rules with ``stones`` of each colour, a goal of ``link``, ``rounds`` rounds."""
    return Rules(stones_per_colour=stones, link_at=link, rounds=rounds)


SHORT: tuple[tuple[str, str, int, Rules], ...] = (
    ("two-stones", "two stones of each colour: the hands hold them all, no draw", 2, sized(2, 2, 4)),
    ("two-stones-4p", "four players of two stones each", 4, sized(2, 2, 3)),
    ("four-stones", "four stones of each colour, four linked", 3, sized(4, 4, 10)),
    ("five-stones", "five stones of each colour, a goal of two", 2, sized(5, 2, 20)),
    ("no-goal", "a goal no colour reaches: the game ends by the turn limit", 2, sized(3, 4, 6)),
    ("one-round", "a game of one round", 3, sized(3, rounds=1)),
    ("six-stones-4p", "four players, six stones each, a goal of five", 4, sized(6, 5, 15)),
)
"""Short stone counts and other goals and lengths (the features stones_per_colour, link_at, rounds)."""


def short_games(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Each of :data:`SHORT` by random bots and by greedy ones (quick: mixed bots only)."""
    for index, (name, purpose, players, rules) in enumerate(SHORT):
        for k, seating in enumerate(("mixed",) if quick else ("random", "greedy")):
            yield _scenario(
                f"short-{name}-{seating}",
                purpose,
                "biased",
                rules,
                players,
                seed * 1000 + 300 + 10 * index + k,
                seating,
            )


SEARCHED = 300
"""How many seeds a search for a rare game tries."""


def _states(rules: Rules, players: int, actions: Sequence[AnyAction]) -> list[ArmyState]:
    """Every state of the game of ``actions``, the new game first."""
    states = [new_game(players, rules)]
    for action in actions:
        states.append(states[-1].apply(action))
    return states


def _won_by_another(states: Sequence[ArmyState]) -> bool:
    """The winner is not the seat whose turn ended the game: an opponent's stone linked its colour."""
    last = states[-1]
    return bool(last.winners) and last.winners[0] != last.seat


def _two_goals(states: Sequence[ArmyState]) -> bool:
    """The game is won where two colours have reached their goal at once (goal.one-winner: with
    win_at_turn_end, a move may link the seat's colour and its add another's)."""
    last = states[-1]
    table, rules = last.rules.table, last.rules
    colours = {table.colour_of(seat, last.num_players) for seat in range(last.num_players)}
    return bool(last.winners) and sum(table.linked(table, last.island, c, rules.link_at) for c in colours) > 1


def _landing_judged(states: Sequence[ArmyState]) -> bool:
    """A seat to move is refused, by variant.one-island-each-jump, a move whose end alone keeps one
    island (a landing on the way leaves it in parts)."""
    for state in states:
        if state.phase is Phase.MOVE:
            published = with_variants(Rules(**{s: getattr(state.rules, s) for s in SIZES})).table
            moves = tuple(a for a in state.legal_actions() if isinstance(a, Move))
            if published.legal_moves(published, state.island, state.colour) != moves:
                return True
    return False


Wanted = Callable[[Sequence[ArmyState]], bool]

RARE: tuple[tuple[str, str, int, Rules, str, Wanted], ...] = (
    (
        "won-by-another",
        "a seat wins by an opponent's add (goal.any-seat)",
        3,
        SMALL,
        "mixed",
        _won_by_another,
    ),
    (
        "two-goals",
        "two colours reach their goal in one turn, checked at its end (goal.one-winner)",
        2,
        with_variants(SMALL, "win_at_turn_end"),
        "greedy",
        _two_goals,
    ),
    (
        "landing-judged",
        "a move refused for a landing on its way (variant.one-island-each-jump)",
        3,
        with_variants(SMALL, "one_island_each_jump"),
        "random",
        _landing_judged,
    ),
)
"""Situations random play seldom shows, each searched for by seed."""


def rare_games(seed: int) -> Iterator[Scenario]:
    """The first game from a seed on (of :data:`SEARCHED`) that shows each of :data:`RARE` (none
    if no seed shows it)."""
    for index, (name, purpose, players, rules, seating, wanted) in enumerate(RARE):
        first = seed * 1000 + 500 + 50 * index
        for tried in range(first, first + SEARCHED):
            actions = play(rules, players, tried, seating)[1]
            if wanted(_states(rules, players, actions)):
                yield Scenario(f"searched-{name}", purpose, players, rules, actions, "biased", needs(rules))
                break


def random_rules(rng: random.Random) -> Rules:
    """Any rules: each variant on one time in three, a number of stones, a goal and a length."""
    options: dict[str, Any] = {option: rng.random() < 1 / 3 for option in VARIANT_OPTIONS}
    stones = rng.choice((2, 3, 4, 5, 7, 10))
    options.update(stones_per_colour=stones, link_at=rng.randint(2, min(stones, 7)))
    return Rules(**options, rounds=rng.choice((3, 8, 20, 50)))


def random_games(count: int, seed: int) -> Iterator[Scenario]:
    """``count`` seeded games for two to four players by random rules, the seatings in turn."""
    seatings = list(SEATINGS)
    for i in range(count):
        rng = random.Random(seed * 100_000 + i)
        rules, players, seating = random_rules(rng), 2 + i % 3, seatings[i % len(seatings)]
        yield _scenario(
            f"random-{i}-{players}p-{seating}", f"{players} {seating} bots, random rules", "random", rules,
            players, rng.randrange(2**32), seating,
        )  # fmt: skip


def _golden(path: Path) -> Scenario:
    """The scenario of a playthrough's header (its first line), read by the game's own JSON forms."""
    with path.open(encoding="utf-8") as lines:
        header: Any = loads(lines.readline(), f"{path.name}: line 1")
    if not isinstance(header, dict) or header.get("vector") != VECTOR_FORMAT:
        raise ValueError(f"not a playthrough ({VECTOR_FORMAT})")
    if header.get("game") != "army-of-frogs":
        raise ValueError(f"a playthrough of {header.get('game')!r}, not of Army of Frogs")
    players, clauses, purpose = header["players"], header["clauses"], header["purpose"]
    if not isinstance(players, int) or not isinstance(purpose, str) or not isinstance(clauses, list):
        raise ValueError("players, purpose or clauses of the wrong type")
    rules = rules_from_json(header["rules"], f"{path.name}: rules")
    actions = tuple(
        action_from_json(a, f"{path.name}: actions[{i}]") for i, a in enumerate(header["actions"])
    )
    named = ", ".join(map(str, clauses))
    purpose += f" [{named}]" if named and named not in purpose else ""
    return Scenario(path.stem, purpose, players, rules, actions, "golden", needs(rules))


BOUNDARY_PLAYS = Plays(
    new_game,
    sample_chance,
    ((BOTS["random"],), (BOTS["greedy"],), (BOTS["greedy"], BOTS["random"])),
    (2, 3, 4),
    needs,
    PUBLISHED,
)
"""How the boundary search plays: random bots (long games, to the turn limit), greedy ones (goals
reached), the two alternating; two, three and four players in turn."""


def boundary_games(seed: int) -> Iterator[Scenario]:
    """A game reaching each side of each number of the catalogue (:data:`BOUNDARIES`), searched
    once a process."""
    yield from boundary_scenarios(BOUNDARY_PLAYS, BOUNDARIES, seed)


def all_scenarios(
    vectors: Path | None, count: int, seed: int, quick: bool = False
) -> tuple[Iterator[Scenario], list[str]]:
    """Every game of a check in the order it is played (golden, boundaries, bots, short, rare,
    random), each made as the check reaches it; and notes about golden files that could not be read."""
    return golden_first(
        vectors,
        _golden,
        boundary_games(seed),
        bot_games(seed, quick),
        short_games(seed, quick),
        rare_games(seed),
        random_games(count, seed),
    )
