"""The matches a Frog engine is driven through by ``froeschis conform --game frog``: the golden
playthroughs, then matches reaching each side of each number of the catalogue (a count of 59, 60 and
61: :mod:`froeschis.games.frog.boundaries`), seeded matches between the bots, other match lengths
and short decks, and the random matches.

Every scenario is a whole action list, chance outcomes included, made by the reference engine, so it
is a legal match by construction. The heuristic bots bid on strong hands (so grand and chico are
played and won, and deals are passed out); the random bots bid anything (so frog is played often,
contracts are overcalled); a bot that keeps overcalling makes long auctions. Short decks (3 x h + 3
cards, deal.hand-size) and other match lengths need the rules features ``deck``, ``deals`` and
``target_score`` that the engine declares; the golden playthroughs and the bot matches need only the
variants they play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from froeschis.framework.boundaries import Plays
from froeschis.framework.boundary_search import boundary_scenarios
from froeschis.framework.checks import Scenario
from froeschis.framework.game import Policy
from froeschis.framework.loop import drive
from froeschis.framework.playthroughs import golden_first, read_header
from froeschis.games.frog.actions import Action, Bid, Decision
from froeschis.games.frog.bots import BOTS
from froeschis.games.frog.boundaries import BOUNDARIES
from froeschis.games.frog.cards import cards
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.tiny import ONE_CARD, TWO_CARDS

PUBLISHED = Rules()


def needs(rules: Rules) -> frozenset[str]:
    """The rules features (the hello's ``rules``) an engine must declare to be given a match of ``rules``:
    the variants switched on, a match length or target other than the published one, a short deck."""
    found = {option for option in VARIANT_OPTIONS if getattr(rules, option)}
    found |= {name for name in ("deals", "target_score") if getattr(rules, name) != getattr(PUBLISHED, name)}
    if not rules.is_standard():
        found.add("deck")
    return frozenset(found)


MAX_ACTIONS = 600
"""Where a match is cut: some fifteen deals (a target score may take long to reach)."""


def raising_bot(rules: Rules) -> Policy:
    """Calls the lowest bid that beats the highest three times in four, else passes (long auctions:
    overcalls, a holder asked again, frog then chico then grand); plays at random."""

    def policy(state: FrogState, rng: random.Random) -> Decision:
        legal = state.legal_actions()
        bids = [a for a in legal if isinstance(a, Bid) and a.contract is not None]
        if bids and rng.random() < 0.75:
            return bids[0]
        return rng.choice(legal)

    return policy


POLICIES: dict[str, Callable[[Rules], Policy]] = {**BOTS, "raising": raising_bot}
"""The players of the matches: the game's bots, and one that keeps the auction going."""

SEATINGS: dict[str, tuple[str, str, str]] = {
    "heuristic": ("heuristic",) * 3,
    "random": ("random",) * 3,
    "mixed": ("heuristic", "random", "raising"),
}
"""Who plays a match: three heuristic bots (strong contracts, passed-out deals), three random ones
(any bid, frog often), or a heuristic bot, a random one and one that overcalls."""


def _match(rules: Rules, seed: int, seats: Sequence[str]) -> tuple[FrogState, tuple[Action, ...]]:
    """The match the players ``seats`` play by ``rules``, chance from ``seed``; cut after
    :data:`MAX_ACTIONS` actions. Its last state and its actions."""
    rng = random.Random(seed)
    policies = tuple(POLICIES[player](rules) for player in seats)

    def chance(state: FrogState) -> Action:
        return sample_chance(state, rng)

    def cut(state: FrogState, played: int) -> bool:
        return played >= MAX_ACTIONS

    last, actions = drive(new_game(3, rules), policies, (rng,) * 3, chance, until=cut)
    return last, tuple(actions)


def _play(name: str, purpose: str, source: str, rules: Rules, seed: int, seats: Sequence[str]) -> Scenario:
    """The match of :func:`_match` as a scenario."""
    return Scenario(name, purpose, 3, rules, _match(rules, seed, seats)[1], source, needs(rules))


BOUNDARY_PLAYS = Plays(
    new_game,
    sample_chance,
    ((POLICIES["random"],), (POLICIES["heuristic"], POLICIES["random"], POLICIES["raising"])),
    (3,),
    needs,
    PUBLISHED,
    MAX_ACTIONS,
)
"""How the boundary search plays: random bots (every count, frog often), and a mixed table
(chico and grand, long auctions)."""


def boundary_matches(seed: int) -> Iterator[Scenario]:
    """A match reaching each side of each number of the catalogue (:data:`BOUNDARIES`), searched
    once a process."""
    yield from boundary_scenarios(BOUNDARY_PLAYS, BOUNDARIES, seed)


def _label(option: str | None) -> str:
    return option.replace("_", "-") if option else "published"


def bot_matches(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """A match by the published rules and by each variant alone, for every seating (quick: the
    heuristic and the random bots by the published rules, the heuristic ones by each variant)."""
    for index, option in enumerate((None, *VARIANT_OPTIONS)):
        rules = Rules(**{option: True}) if option else PUBLISHED  # type: ignore[arg-type]
        for k, (seating, seats) in enumerate(SEATINGS.items()):
            if quick and seating != "heuristic" and (option or seating == "mixed"):
                continue
            yield _play(
                f"{seating}-{_label(option)}",
                f"a match of {seating} bots by the {'published rules' if option is None else option}",
                "bots",
                rules,
                seed * 1000 + 10 * index + k,
                seats,
            )


FOUR_CARDS = cards("AS TS KS QS AH TH KH AD TD KD AC TC KC QC 9C")
"""Fifteen cards: hands of four; every suit has an ace, a ten and a king to win points with."""
SEVEN_CARDS = cards("AS TS KS QS JS AH TH KH QH JH 9H AD TD KD QD AC TC KC QC JC 9C 8C 7C 6C")
"""Twenty-four cards: hands of seven; five or six of a suit, so following and trumping are rich."""

SHORT: tuple[tuple[str, str, Rules], ...] = (
    (
        "one-card",
        "hands of one card: a single trick, whose winner takes the widow's count",
        Rules(deck=ONE_CARD),
    ),
    ("two-cards", "hands of two: following suit and trumping when void", Rules(deck=TWO_CARDS)),
    ("four-cards", "hands of four", Rules(deck=FOUR_CARDS)),
    ("seven-cards", "hands of seven", Rules(deck=SEVEN_CARDS)),
    (
        "two-cards-hearts",
        "hands of two, chico may name hearts",
        Rules(deck=TWO_CARDS, chico_may_name_hearts=True),
    ),
    (
        "four-cards-exchange",
        "hands of four, the frog bidder chooses",
        Rules(deck=FOUR_CARDS, optional_frog_exchange=True),
    ),
    ("one-card-one-bid", "hands of one, every seat calls once", Rules(deck=ONE_CARD, one_bid_each=True)),
)
"""Short decks (the feature ``deck``): many deals in few actions, the count and settlement of
small tricks, and the deck sizes at the edge of deal.hand-size."""

LENGTHS: tuple[tuple[str, str, Rules], ...] = (
    ("one-deal", "a match of one deal (the feature deals)", Rules(deals=1)),
    ("six-deals", "a match of six deals (the feature deals)", Rules(deals=6)),
    (
        "low-target",
        "the match ends when a score reaches 180 (the feature target_score)",
        Rules(end_at_target_score=True, target_score=180),
    ),
)
"""Matches of another length than the published three deals."""


def featured_matches(seed: int, quick: bool = False) -> Iterator[Scenario]:
    """Matches that need the rules features: other lengths, then short decks, by random and
    heuristic bots (quick: the random bots only, and fewer short decks)."""
    for index, (name, purpose, rules) in enumerate(LENGTHS):
        yield _play(f"length-{name}", purpose, "biased", rules, seed * 1000 + 100 + index, SEATINGS["random"])
    for index, (name, purpose, rules) in enumerate(SHORT[:4] if quick else SHORT):
        for k, seating in enumerate(("random",) if quick else ("random", "heuristic")):
            yield _play(
                f"deck-{name}-{seating}",
                purpose,
                "biased",
                rules,
                seed * 1000 + 200 + 10 * index + k,
                SEATINGS[seating],
            )


def random_matches(count: int, seed: int) -> Iterator[Scenario]:
    """``count`` seeded matches: the seatings in turn, every other one under one of the variants."""
    seatings = list(SEATINGS)
    for i in range(count):
        seating = seatings[i % len(seatings)]
        option = VARIANT_OPTIONS[(i // 2) % len(VARIANT_OPTIONS)] if i % 2 else None
        rules = Rules(**{option: True}) if option else PUBLISHED  # type: ignore[arg-type]
        yield _play(
            f"random-{i}-{seating}-{_label(option)}",
            f"{seating} bots",
            "random",
            rules,
            seed * 100_000 + i,
            SEATINGS[seating],
        )


def _golden(path: Path) -> Scenario:
    play = read_header(path)
    if play.game != "frog" or not isinstance(play.rules, Rules) or play.players != 3:
        raise ValueError(f"a playthrough of {play.game!r}, not of Frog")
    clauses = ", ".join(play.clauses)
    purpose = play.purpose + (f" [{clauses}]" if clauses else "")
    return Scenario(path.stem, purpose, 3, play.rules, play.actions, "golden", needs(play.rules))


def all_scenarios(
    vectors: Path | None, random_games: int, seed: int, quick: bool = False
) -> tuple[Iterator[Scenario], list[str]]:
    """Every match of a check in the order it is played (golden, boundaries, bots, featured, random),
    each made as the check reaches it; and notes about golden files that could not be read."""
    return golden_first(
        vectors,
        _golden,
        boundary_matches(seed),
        bot_matches(seed, quick),
        featured_matches(seed, quick),
        random_matches(random_games, seed),
    )
