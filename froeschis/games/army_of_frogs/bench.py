"""How fast the engine is: the time of a legal-move listing by island size, and perft's rate.

``python -m froeschis.games.army_of_frogs.bench`` prints both. The islands are those of seeded
four-player games whose seats add whenever they can, taken when a seat is to move on an island of 5,
10, 20, 30 and 40 stones; times are CPU seconds (the best of a few repeats), so other processes on
the machine count little.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from froeschis.games.army_of_frogs.actions import Add
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game, play
from froeschis.games.army_of_frogs.perft import perft
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules

SIZES = (5, 10, 20, 30, 40)


def islands(seed: int, sizes: tuple[int, ...] = SIZES, rules: Rules | None = None) -> Iterator[ArmyState]:
    """States of a seeded four-player game, a seat to move, the island of each size in turn."""
    rng = random.Random(seed)
    state = new_game(4, rules)
    state = play(state, sample_chance(state, rng))
    wanted = list(sizes)
    while wanted and not state.is_terminal:
        if state.phase is Phase.MOVE and len(state.island) == wanted[0]:
            wanted.pop(0)
            yield state
        actions = state.legal_actions()
        adds = [action for action in actions if isinstance(action, Add)]
        state = play(state, rng.choice(adds or actions))


def listing_time(state: ArmyState, repeats: int = 5) -> float:
    """The CPU seconds one listing of ``state``'s legal actions takes (the best of ``repeats``)."""
    best = float("inf")
    for _ in range(repeats):
        fresh = ArmyState(
            state.rules, state.phase, state.turn, state.seat, state.island, state.hands, state.bag,
            state.passes, state.acted,
        )  # fmt: skip
        start = time.process_time()
        fresh.legal_actions()
        best = min(best, time.process_time() - start)
    return best


def perft_rate(state: ArmyState, depth: int) -> tuple[int, float, float]:
    """perft(``state``, ``depth``), how many of its leaves a CPU second counts, and how many states
    it makes a second (perft counts the last level's leaves by listing, without making them)."""
    made = sum(perft(state, d) for d in range(1, depth))
    start = time.process_time()
    leaves = perft(state, depth)
    seconds = max(time.process_time() - start, 1e-9)
    return leaves, leaves / seconds, made / seconds


def main() -> None:
    print("stones  ms per move listing  moves  us per move")
    for size in SIZES:
        states = [state for seed in range(6) for state in islands(seed, (size,))]
        seconds = sum(map(listing_time, states)) / len(states)
        moves = sum(len(s.legal_actions()) for s in states) / len(states)
        print(f"{size:6d}  {seconds * 1e3:19.2f}  {moves:5.0f}  {seconds / moves * 1e6:11.1f}")
    for size, depth in ((10, 3), (20, 2)):
        state = next(islands(1, (size,)))
        leaves, rate, made = perft_rate(state, depth)
        print(f"perft({size} stones, {depth}) = {leaves}: {rate:,.0f} leaves, {made:,.0f} states a second")


if __name__ == "__main__":
    main()
