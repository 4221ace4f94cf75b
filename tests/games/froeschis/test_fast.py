"""FastGame plays the same game as the reference: lock-step, census, golden playthroughs, checker.

The proofs do not read FastGame's code: they compare it, step by step, with the reference engine.
Hypothesis walks random games (players, variants, row lengths, decks, decisions and chance) on both
engines at once and, after every step, requires equal states (``to_state()``), equal legal actions
and the same refusal of a sample of illegal actions; the exhaustive census of the tiny games is
recomputed on FastGame alone and must give the counts of ``spec/froeschis/census.toml``; every golden
playthrough is replayed on it; the conformance checker drives it in-process. And the lock-step test
is shown to catch FastGames with one rule broken.
"""

from __future__ import annotations

import random
import tomllib
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from froeschis import Rules, play_game
from froeschis.conformance import CheckConfig, check
from froeschis.conformance.protocol import JSON, PROTOCOL
from froeschis.framework.chance import distinct_orders
from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.framework.lockstep import first_difference
from froeschis.framework.playthroughs import read_header
from froeschis.framework.registry import game as registered
from froeschis.framework.runs import engines_of
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.cards import FROG, TRASH, number
from froeschis.games.froeschis.conformance import RULE_FEATURES
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.fast import OVER, FastGame, play_fast
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import with_variants
from froeschis.games.froeschis.serialize import rules_from_json, state_to_json
from froeschis.games.froeschis.spec import spec_dir
from froeschis.games.froeschis.tiny import TINY_CONFIGS, tiny_deck

# --------------------------------------------------------------------------- lock-step


def probes(state: GameState) -> list[AnyAction]:
    """Actions to try in ``state`` besides the legal ones: every decision kind, frogs on every spot
    and one past the row, a shuffle one card short and one with a card too many."""
    row = state.players[state.turn].row if state.players else None
    tries: list[AnyAction] = [DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP]
    tries += [frog_at(s) for s in range(1, (len(row) if row is not None else 0) + 2)]
    pool = list(state.chance_pool()) or [TRASH]
    tries += [Shuffle(tuple(pool[:-1])), Shuffle((*pool, pool[0]))]
    return tries


def refusal(state: GameState | FastGame, action: AnyAction) -> tuple[str, str] | None:
    """The refusal of ``action`` (its clause and reason), or None when it is accepted; applied to a
    copy, so the game goes on unchanged."""
    try:
        if isinstance(state, FastGame):
            state.copy().apply(action)
        else:
            state.apply(action)
    except IllegalActionError as error:
        return error.clause, error.reason
    return None


def lock_step(game: FastGame, rules: Rules, players: int, rng: random.Random, steps: int) -> None:
    """Play up to ``steps`` actions on ``game`` and the reference side by side; fail on any
    difference of state, legal actions or refusals."""
    state = new_game(players, rules)
    assert game.to_state() == state
    for _ in range(steps):
        assert game.legal_actions() == state.legal_actions(), state
        assert game.is_chance == state.is_chance and game.is_terminal == state.is_terminal
        assert game.current_player == state.current_player
        if state.is_terminal:
            return
        for bad in probes(state):
            expected = refusal(state, bad)
            assert refusal(game, bad) == expected, (bad, state)
        action = game.sample_chance(rng) if game.is_chance else rng.choice(game.legal_actions())
        game.apply(action)
        state = state.apply(action)
        assert game.to_state() == state, (action, state)


RULES = st.builds(
    lambda variants, length, deck: with_variants(
        Rules(row_length=length, deck=deck) if deck else Rules(row_length=length), *variants
    ),
    st.sets(st.sampled_from(VARIANT_OPTIONS)),
    st.integers(1, 8),
    st.one_of(
        st.none(),
        st.lists(
            st.sampled_from([number(n) for n in range(1, 9)] + [FROG, TRASH]), min_size=12, max_size=40
        ).map(tuple),
    ),
)


def _setup(rules: Rules, players: int) -> bool:
    try:
        new_game(players, rules)
    except RulesError:
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(rules=RULES, players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_fast_game_plays_in_lock_step_with_the_reference(rules: Rules, players: int, seed: int) -> None:
    if not _setup(rules, players):
        with pytest.raises(RulesError):
            FastGame.new(players, rules)
        return
    lock_step(FastGame.new(players, rules), rules, players, random.Random(seed), steps=400)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_random_games_are_the_reference_random_games(players: int) -> None:
    """``play_fast`` draws from its random source as ``play_game`` does: the same games, to the end."""
    for seed in range(25):
        game, actions = play_fast(players, seed)
        final, record = play_game(players, seed)
        assert game.to_state() == final and actions == len(record.actions)


def test_a_copy_and_a_game_made_from_a_state_go_on_alone() -> None:
    rng = random.Random(3)
    game = FastGame.new(3)
    for _ in range(60):
        game.apply(game.sample_chance(rng) if game.is_chance else rng.choice(game.legal_actions()))
    state = game.to_state()
    twin, again = game.copy(), FastGame.from_state(state)
    assert twin.to_state() == again.to_state() == state
    while not twin.is_terminal:
        twin.apply(twin.sample_chance(rng) if twin.is_chance else rng.choice(twin.legal_actions()))
    assert game.to_state() == state  # the copy shares nothing that changes


def test_rules_with_readings_beyond_the_variants_are_for_the_reference() -> None:
    from froeschis.games.froeschis.misreadings import IMPLEMENTED

    rules = Rules(readings=IMPLEMENTED["turn.order~backwards"])
    with pytest.raises(FormatError, match=r"rules\.readings"):
        FastGame.new(2, rules)


# --------------------------------------------------------------------------- broken FastGames


class _NoSwap(FastGame):
    """Mutant: a number never replaces the frog on its spot (frog.swap)."""

    def _chain(self, hand: int, resolve: bool = True) -> None:
        row = self.rows[self.turn]
        if resolve and 0 < hand <= len(row) and row[hand - 1] == 0 and max(row) >= 1023:
            resolve = False
        super()._chain(hand, resolve)


class _EmptyDiscard(FastGame):
    """Mutant: the empty discard pile may be taken (turn.draw-source)."""

    def legal_actions(self) -> tuple[Any, ...]:
        found = super().legal_actions()
        return (DRAW, TAKE_DISCARD) if found == (DRAW,) else found


class _EverybodyShorter(FastGame):
    """Mutant: every row gets shorter after a round (round.next-lengths, the Korean text)."""

    def _end_round(self) -> None:
        before = self.lengths[:]
        super()._end_round()
        if self.phase != OVER:
            self.lengths[:] = [max(1, n - 1) for n in before]


class _LostTop(FastGame):
    """Mutant: a reshuffle loses the discard pile's top card (draw.reshuffle)."""

    def _reshuffle(self, codes: list[int]) -> None:
        top = self.discard[-1]
        super()._reshuffle(codes)
        if self.discard and self.discard[0] == top:
            del self.discard[0]


SHORT_DECK = Rules(row_length=4, deck=tiny_deck("1 1 2 2 3 3 4 4 F T T T"))
"""Two rows of four leave four cards to draw: the draw pile runs out again and again."""


@pytest.mark.parametrize(
    ("mutant", "rules"),
    [(_NoSwap, Rules()), (_EmptyDiscard, Rules()), (_EverybodyShorter, Rules()), (_LostTop, SHORT_DECK)],
    ids=["no-swap", "empty-discard", "everybody-shorter", "lost-top"],
)
def test_the_lock_step_test_catches_a_fast_game_with_one_rule_broken(
    mutant: type[FastGame], rules: Rules
) -> None:
    caught = 0
    for seed in range(40):
        players = 2 if rules.deck != Rules().deck else 2 + seed % 3
        game = mutant.from_state(new_game(players, rules))
        try:
            lock_step(game, rules, players, random.Random(seed), steps=3000)
        except (AssertionError, IllegalActionError, IndexError, ValueError):
            caught += 1
    assert caught > 0, f"{mutant.__doc__} passed the lock-step test in 40 games"


# --------------------------------------------------------------------------- census and playthroughs


def fast_census(players: int, rules: Rules) -> dict[str, int]:
    """The census of ``spec/froeschis/census.toml`` computed by walking the whole game on FastGame alone."""
    start = FastGame.new(players, rules)

    def key(game: FastGame) -> tuple[Any, ...]:
        rows = tuple(map(tuple, game.rows))
        hand, first = game.hand, game.first
        piles = (tuple(game.draw), tuple(game.discard))
        return (
            game.phase,
            game.round,
            game.turn,
            tuple(game.lengths),
            rows,
            piles,
            hand,
            first,
            game.winners,
        )

    seen = {key(start)}
    queue = deque([start])
    counts = dict.fromkeys(("states", "chance", "decisions", "terminal", "edges", "max_round"), 0)
    while queue:
        game = queue.popleft()
        counts["max_round"] = max(counts["max_round"], game.round)
        kind = "terminal" if game.is_terminal else "chance" if game.is_chance else "decisions"
        counts[kind] += 1
        actions: list[AnyAction] = (
            [Shuffle(order) for order in distinct_orders(game.chance_pool())]
            if game.is_chance
            else list(game.legal_actions())
        )
        for action in actions:
            after = game.copy()
            after.apply(action)
            counts["edges"] += 1
            if key(after) not in seen:
                seen.add(key(after))
                queue.append(after)
    counts["states"] = len(seen)
    return counts


CENSUS = {entry["name"]: entry for entry in tomllib.loads((spec_dir() / "census.toml").read_text())["config"]}


@pytest.mark.parametrize("config", TINY_CONFIGS, ids=lambda c: c.name)
def test_the_census_of_the_tiny_games_recomputed_on_fast_game_is_the_spec(config: Any) -> None:
    recorded = CENSUS[config.name]
    counted = fast_census(config.players, config.rules())
    assert counted == {k: recorded[k] for k in counted}


@pytest.mark.parametrize("path", sorted((spec_dir() / "vectors").glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_golden_playthrough_replays_on_fast_game(path: Path) -> None:
    play = read_header(path)
    game = FastGame.new(play.players, play.rules)
    state = new_game(play.players, play.rules)
    for action in play.actions:
        game.apply(action)
        state = state.apply(action)
        assert game.to_state() == state
    assert game.is_terminal == state.is_terminal


# --------------------------------------------------------------------------- the conformance checker


class FastAdapter:
    """FastGame behind the engine protocol, in-process (it reports no events)."""

    def __init__(self) -> None:
        self.game: FastGame | None = None

    def hello(self) -> JSON:
        return {"type": "hello", "protocol": PROTOCOL, "engine": "FastGame", "events": False,
                "rules": list(RULE_FEATURES)}  # fmt: skip

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> JSON:
        try:
            self.game = FastGame.new(players, rules_from_json(dict(rules)))
        except RulesError as error:
            return {"type": "illegal", "reason": str(error)}
        return self._reply()

    def step(self, action: JSON) -> JSON:
        from froeschis.games.froeschis.serialize import action_from_json

        assert self.game is not None
        try:
            self.game.apply(action_from_json(action))
        except IllegalActionError as error:
            return {"type": "illegal", "reason": error.reason}
        return self._reply()

    def close(self) -> None:
        self.game = None

    def _reply(self) -> JSON:
        assert self.game is not None
        legal = [str(a) for a in self.game.legal_actions()]
        return {"type": "state", "state": state_to_json(self.game.to_state()), "legal": legal}


def test_the_conformance_checker_finds_nothing_wrong_with_fast_game() -> None:
    factory: Callable[[], Any] = FastAdapter
    report = check(factory, CheckConfig(random_games=10))
    assert report.errors == () and report.unexercised == ()
    assert [w.kind for w in report.warnings] == ["events-missing"]  # FastGame reports no events


class _SpoiltReshuffle(FastGame):
    """FastGame with one rule wrong: a reshuffle takes the whole discard pile, its top card too
    (draw.reshuffle leaves the top card where it is)."""

    __slots__ = ()

    def _reshuffle(self, codes: list[int]) -> None:
        super()._reshuffle(codes)
        del self.discard[:]


class _Breaking(FastGame):
    """FastGame that raises at its first action."""

    __slots__ = ()

    def apply(self, action: Any) -> None:
        raise RuntimeError("broken")


@pytest.mark.clause("draw.reshuffle")
def test_the_lock_step_verifier_finds_a_fastgame_with_one_rule_wrong() -> None:
    of = registered("froeschis")
    fast = engines_of(of).engine("fast")
    rules = SHORT_DECK
    assert first_difference(of, fast, 2, rules, range(30)) is None
    found = first_difference(of, attrs.evolve(fast, lock_step=_SpoiltReshuffle.new), 2, rules, range(30))
    assert found is not None and found.what == "state"
    assert found.reference["discard_pile"] != found.engine_said["discard_pile"]
    assert found.reference["players"] == found.engine_said["players"]  # only the piles are wrong
    assert found.step == len(found.actions) > 0 and "seed" in str(found)


def test_the_lock_step_verifier_reports_an_engine_that_raises_and_refuses_one_without_lock_step() -> None:
    of = registered("froeschis")
    fast = engines_of(of).engine("fast")
    found = first_difference(of, attrs.evolve(fast, lock_step=_Breaking.new), 3, of.rules(), range(1))
    assert found is not None and (found.what, found.step, found.engine_said) == (
        "error",
        0,
        "RuntimeError('broken')",
    )
    with pytest.raises(ValueError, match="games of its own"):
        first_difference(of, engines_of(of).engine("kernel"), 3, of.rules(), range(1))
