"""What the ISMC bot's departures from greedy are worth, decision by decision.

Head-to-head games cannot tell ``ismc`` from ``greedy``: the two agree on almost every decision, so
their win rates differ by less than thousands of games resolve. This measures the difference where
it is made. Four greedy seats play whole games; at every decision with more than one legal action
the ISMC bot (``--budget`` worlds) is asked too, and where it departs from greedy both choices are
valued again from ``--worlds`` fresh worlds of their own (the seat's information set dealt at random,
the same worlds and random streams for both choices, the round played out greedily, valued as the
bot values it: 1 for completing the row, minus the share of the other seats that did). The figures
in docs/players.rst come from::

    python examples/froeschis/ismc_departures.py --games 40 --budget 64
    python examples/froeschis/ismc_departures.py --games 30 --budget 256 --confidence 2
    python examples/froeschis/ismc_departures.py --games 30 --budget 256 --confidence 3
    python examples/froeschis/ismc_departures.py --games 30 --budget 1024 --confidence 3
    python examples/froeschis/ismc_departures.py --games 30 --budget 1024 --confidence 3 --seed 100

Needs nothing beyond froeschis itself.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from froeschis.games.froeschis.bots import GreedyBot, IsmcBot, chance_from, world_values
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.rules import Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--worlds", type=int, default=2000, help="worlds that value each departure")
    parser.add_argument("--budget", type=int, default=64, help="the ISMC bot's worlds per decision")
    parser.add_argument(
        "--confidence", type=float, default=IsmcBot().confidence, help="the ISMC bot's threshold"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = Rules()
    greedy, ismc = GreedyBot(rules), IsmcBot(rules, args.budget, confidence=args.confidence)
    decisions, gains = 0, []
    start = time.perf_counter()
    for game in range(args.seed, args.seed + args.games):
        state, chance = new_game(4, rules), chance_from(random.Random(game))
        bots_rng = random.Random(f"departures:{game}")
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(chance(state))
                continue
            observation = observe(state, state.current_player)
            choice = greedy.act(observation, bots_rng)
            if len(observation.legal_actions) > 1:
                decisions += 1
                departure = ismc.act(observation, random.Random(bots_rng.getrandbits(64)))
                if departure != choice:
                    valuing = random.Random(bots_rng.getrandbits(64))
                    values = world_values(observation, rules, (departure, choice), args.worlds, valuing)
                    gains.append(sum(values[departure]) / args.worlds - sum(values[choice]) / args.worlds)
            state = state.apply(choice)  # the game goes on greedily, whatever ISMC would have done
    n = len(gains)
    mean = sum(gains) / n if n else 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else 0.0
    margin = 1.96 * spread / math.sqrt(n) if n else 0.0
    print(
        f"{args.games} 4-player games, {decisions} decisions with a choice,"
        f" ISMC budget {args.budget}, confidence {args.confidence}"
    )
    print(f"departures from greedy: {n} ({n / max(decisions, 1):.2%}), each valued by {args.worlds} worlds")
    print(f"worth of a departure: {mean:+.4f} (95% interval {mean - margin:+.4f} to {mean + margin:+.4f})")
    print(f"better {sum(g > 0 for g in gains)}, worse {sum(g < 0 for g in gains)}")
    print(f"worth per decision with a choice: {mean * n / max(decisions, 1):+.5f}")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
