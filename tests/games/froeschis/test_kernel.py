"""The compiled kernel plays the reference's game with the reference's bots.

The kernel draws from its own random source, so it plays other games than the reference would with
the same seed. It is held to the rules by its recorded games: every log, replayed action by action
on the reference engine, must be legal and end with the winners, rounds and turns the kernel
reported (over a thousand games for each player count and for each variant); to the greedy bot's
policy by asking, at every decision of a greedy seat in those logs, whether the reference's greedy
policy could have taken it; and to the random games as a whole by comparing the seat win rates and
the rounds per game of 20,000 kernel games with the reference's ``simulate`` (tests that can fail).
Skipped, with the reason, when numba is not installed (``froeschis[fast]``); CI installs it.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter

import pytest

pytest.importorskip("numba", reason="the kernel needs numba: pip install 'froeschis[fast]'")

from froeschis.agents.simulation import run_games
from froeschis.framework.registry import game as game_named
from froeschis.games.froeschis import kernel
from froeschis.games.froeschis.actions import DRAW, SWAP, TAKE_DISCARD, Action, ActionKind, AnyAction
from froeschis.games.froeschis.bots import _public_unseen, placeable
from froeschis.games.froeschis.cards import number
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.kernel.simulate import KernelError
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules, with_variants
from froeschis.games.froeschis.state import Phase
from froeschis.games.froeschis.tiny import tiny_deck


def replay(players: int, rules: Rules, log: tuple[AnyAction, ...]) -> tuple[GameState, int, list[GameState]]:
    """The reference's end of ``log`` (every action checked), its number of turns and the states
    in which a decision was taken."""
    state, turns, decided = new_game(players, rules), 0, []
    for action in log:
        if state.phase is Phase.DRAW:
            turns += 1
        if not state.is_chance:
            decided.append(state)
        state = state.apply(action)
    return state, turns, decided


def reshuffles(players: int, rules: Rules, log: tuple[AnyAction, ...]) -> tuple[int, int]:
    """How often the reference reshuffles along ``log`` (chance nodes of the reshuffle phase), and
    in how many rounds."""
    state, shuffles, rounds = new_game(players, rules), 0, set()
    for action in log:
        if state.phase is Phase.RESHUFFLE:
            shuffles += 1
            rounds.add(state.round)
        state = state.apply(action)
    return shuffles, len(rounds)


def check_logs(players: int, rules: Rules, bots: tuple[str, ...], games: int, seed: int) -> None:
    result = kernel.simulate(players, games, seed, rules, bots, record=games)
    assert len(result.logs) == games
    for game, log in enumerate(result.logs):
        final, turns, decided = replay(players, rules, log)
        assert final.is_terminal, f"game {game}: the log ends before the game does"
        assert tuple(int(s) for s in result.winners[game].nonzero()[0]) == final.winners
        assert (int(result.rounds[game]), int(result.turns[game])) == (final.round, turns)
        assert int(result.decisions[game]) == len(decided)
        counted = (int(result.reshuffles[game]), int(result.reshuffled_rounds[game]))
        assert counted == reshuffles(players, rules, log)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_replay_on_the_reference(players: int) -> None:
    check_logs(players, Rules(), ("random",) * players, 1000, seed=players)


@pytest.mark.parametrize("variant", VARIANT_OPTIONS)
def test_a_thousand_games_of_each_variant_replay_on_the_reference(variant: str) -> None:
    rules = with_variants(Rules(), variant)
    for players in (2, 3, 4):
        check_logs(players, rules, ("random",) * players, 334, seed=100 + players)


@pytest.mark.parametrize(
    ("row_length", "deck"),
    [
        (4, "1 1 2 2 3 3 4 4 F T T T"),
        (1, "1 1 1 1 1 2 2 F F F T T"),
        (3, "1 1 1 2 2 2 3 3 3 4 4 4 F F F F F F T T"),
    ],
    ids=["draw-pile-runs-out", "one-spot-rows", "frog-heavy"],
)
def test_games_with_short_rows_and_custom_decks_replay_on_the_reference(row_length: int, deck: str) -> None:
    rules = Rules(row_length=row_length, deck=tiny_deck(deck))
    for variants in ((), VARIANT_OPTIONS):
        check_logs(2, with_variants(rules, *variants), ("random", "greedy"), 200, seed=row_length)


def greedy_choices(state: GameState) -> set[Action]:
    """Every action the reference's greedy policy may take in ``state`` (it breaks ties at random)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return set(legal)
    kinds = {a.kind for a in legal}
    if ActionKind.TAKE_DISCARD in kinds:
        row = tuple(s.card if s.face_up else None for s in state.row(state.turn).spots)
        return {TAKE_DISCARD if placeable(state.discard_pile[0], row) else DRAW}
    if ActionKind.SWAP in kinds:
        return {SWAP}
    unseen = _public_unseen(state)
    fewest = min(unseen[number(a.spot)] for a in legal)
    return {a for a in legal if unseen[number(a.spot)] == fewest}


@pytest.mark.parametrize("variants", [(), VARIANT_OPTIONS], ids=["published", "every-variant"])
def test_every_decision_of_a_greedy_seat_is_one_the_reference_greedy_bot_may_take(
    variants: tuple[str, ...],
) -> None:
    rules = with_variants(Rules(), *variants)
    bots = ("greedy", "random", "greedy")
    result = kernel.simulate(3, 200, 11, rules, bots, record=200)
    decisions = 0
    for log in result.logs:
        state = new_game(3, rules)
        for action in log:
            if not state.is_chance and bots[state.turn] == "greedy":
                assert action in greedy_choices(state), (action, state)
                decisions += 1
            state = state.apply(action)
    assert decisions > 10_000


def _z(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float:
    """The two-proportion z statistic (pooled)."""
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    return (wins_a / games_a - wins_b / games_b) / spread


def test_twenty_thousand_kernel_games_agree_with_the_reference_simulate() -> None:
    """Seat win rates and rounds per game of random 4-player games: the kernel's 20,000 games and the
    reference's 2,000 do not differ beyond chance (two-proportion z-tests per seat and a Welch test
    of the rounds, each at the 0.1% level after a Bonferroni correction for the five tests). The
    reference's games are played on FastGame, which plays the reference's very games (the lock-step
    verifier holds it to the reference at every step: tests/contract/test_lockstep.py), in half the
    time."""
    games, reference_games = 20_000, 2_000
    result = kernel.simulate(4, games, seed=2026)
    tally = run_games(
        game_named("froeschis"), ("random",), 4, reference_games, seed=2026, jobs=1, engine="fast"
    )
    critical = 3.72  # two-sided, 0.001 / 5
    for seat in range(4):
        z = _z(int(result.winners[:, seat].sum()), games, tally.seat_wins[seat], reference_games)
        assert abs(z) < critical, (seat, z)
    mean_k, var_k = _moments(Counter(result.rounds.tolist()))
    mean_r, var_r = _moments(tally.lengths["rounds"])
    welch = (mean_k - mean_r) / math.sqrt(var_k / games + var_r / reference_games)
    assert abs(welch) < critical, (mean_k, mean_r, welch)


def _moments(histogram: Counter[int]) -> tuple[float, float]:
    n = sum(histogram.values())
    mean = sum(k * v for k, v in histogram.items()) / n
    return mean, sum(v * (k - mean) ** 2 for k, v in histogram.items()) / (n - 1)


def test_the_same_seed_gives_the_same_games() -> None:
    one, two = kernel.simulate(3, 300, 5, record=3), kernel.simulate(3, 300, 5, record=3)
    assert (one.winners == two.winners).all() and (one.rounds == two.rounds).all()
    assert one.logs == two.logs


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 5}, "2 to 4 players"),
        ({"bots": ("random", "smart")}, "bots: one of"),
        ({"games": -1}, "games: a whole number"),
        ({"rules": Rules(deck=tiny_deck("1 1 F T"))}, "too small"),
    ],
)
def test_arguments_the_kernel_cannot_run_with_are_refused(arguments: dict[str, object], message: str) -> None:
    call = {"players": 2, "games": 1, "seed": 0, **arguments}
    with pytest.raises((KernelError, ValueError), match=message):
        kernel.simulate(**call)  # type: ignore[arg-type]


def test_without_numba_the_kernel_names_the_extra_to_install() -> None:
    code = "import sys; sys.modules['numba'] = None; import froeschis.games.froeschis.kernel"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "pip install 'froeschis[fast]'" in done.stderr and "Traceback" in done.stderr
    plain = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.modules['numba'] = None; import froeschis, froeschis.games.froeschis.fast",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert plain.returncode == 0, plain.stderr
