"""How well OpenSpiel's IS-MCTS plays Fröschis: its win rate against random players.

Needs the ``openspiel`` extra. The figures in docs/interop-openspiel.rst come from::

    python examples/froeschis/openspiel_ismcts.py --players 2 --games 100 --simulations 50
    python examples/froeschis/openspiel_ismcts.py --players 4 --games 120 --simulations 50

One IS-MCTS bot (UCT constant 2, rollouts by
:class:`froeschis.interop.openspiel.ReferenceRolloutEvaluator`, the most visited action, its worlds
drawn by :func:`froeschis.interop.openspiel.seeded_resampler`, so that a seed gives the same games
on every run) takes each seat in turn; the other seats play uniformly random legal moves. A seat
wins when it is among the winners (``game.returns``), so with random play alone every seat would win
about 1/players of the games (a little more: several may win together).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from froeschis.interop import openspiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = pyspiel.load_game(openspiel.short_name("froeschis"), {"players": args.players})
    rng = np.random.RandomState(args.seed)
    evaluator = openspiel.ReferenceRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng)
    bot.set_resampler(openspiel.seeded_resampler(rng))  # the worlds it searches from rng too: repeatable
    bot_wins = random_wins = 0.0
    start = time.perf_counter()
    for number in range(args.games):
        seat = number % args.players
        returns = openspiel.play_against_random(game, bot, seat, rng)
        bot_wins += returns[seat]
        random_wins += (sum(returns) - returns[seat]) / (args.players - 1)
        print(f"game {number + 1}: IS-MCTS at seat {seat}, returns {returns}", flush=True)
    rate = bot_wins / args.games
    margin = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
    print(
        f"{args.players} players, {args.games} games, {args.simulations} simulations a move: "
        f"IS-MCTS won {rate:.0%} (95% interval {max(rate - margin, 0):.0%} to {min(rate + margin, 1):.0%}), "
        f"a random seat {random_wins / args.games:.0%}; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
