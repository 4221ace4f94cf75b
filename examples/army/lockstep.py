"""Plays seeded random games on examples/army/engine.mjs and the reference side by side.

``python examples/army/lockstep.py SEED GAMES [--bug NAME]``: 2-4 players, random variants and
numbers; every reply of the engine (state, legal actions, events) is compared with the reference's,
reached through its Game interface (the registry), and each game's first difference printed with
the game's actions. Written before the conformance kit of Army of Frogs existed; the kit
(``froeschis conform --game army-of-frogs``) is the real check.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from froeschis.framework import registry

GAME = registry.game("army-of-frogs")
FLAGS = [
    "optional_move",
    "straight_multi_jump",
    "one_island_each_jump",
    "win_at_turn_end",
    "win_own_turn_only",
    "repetition_draw",
]


def main(seed: int, games: int, engine_args: list[str]) -> int:
    """The number of games in which the engine's replies differ from the reference's."""
    engine = Path(__file__).with_name("engine.mjs")
    me = subprocess.Popen(
        ["node", str(engine), *engine_args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert me.stdin is not None and me.stdout is not None

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        assert me.stdin is not None and me.stdout is not None
        me.stdin.write(json.dumps(request) + "\n")
        me.stdin.flush()
        reply: dict[str, Any] = json.loads(me.stdout.readline())
        return {key: reply.get(key) for key in ("state", "legal", "events")}

    def reference(state: Any, events: Any) -> dict[str, Any]:
        return {
            "state": GAME.state_to_json(state),
            "legal": [GAME.action_to_json(a) for a in state.legal_actions()],
            "events": [GAME.event_to_json(e) for e in events],
        }

    ask({"type": "hello", "protocol": "froeschis.protocol/1", "game": "army-of-frogs"})
    rng = random.Random(seed)
    differing = steps = 0
    for number in range(games):
        players = rng.choice([2, 3, 4])
        rules: dict[str, Any] = {flag: rng.random() < 0.25 for flag in FLAGS}
        rules.update(
            stones_per_colour=rng.choice([2, 3, 4, 6, 10]),
            link_at=rng.choice([2, 3, 4, 7]),
            rounds=rng.choice([3, 10, 50]),
        )
        state = GAME.new_game(players, GAME.rules_from_json(rules))
        want, got = reference(state, ()), ask({"type": "new-game", "players": players, "rules": rules})
        actions: list[str] = []
        while True:
            steps += 1
            if want != got:
                differing += 1
                print(f"game {number}: {players} players, {json.dumps(rules)}, after {actions}")
                for key in want:
                    if want[key] != got[key]:
                        print(f"  {key}\n    reference {json.dumps(want[key])}")
                        print(f"    engine    {json.dumps(got[key])}")
                break
            if state.is_terminal:
                break
            if state.is_chance:
                bag = list(want["state"]["bag"])
                rng.shuffle(bag)
                action: Any = {"shuffle": bag}
                actions.append("shuffle " + "".join(map(str, bag)))
            else:
                action = rng.choice(want["legal"])
                actions.append(action)
            transition = state.transition(GAME.action_from_json(action))
            state = transition.after
            want, got = reference(state, transition.events), ask({"type": "step", "action": action})
    print(f"games {games} steps {steps} differing {differing}")
    return differing


if __name__ == "__main__":
    sys.exit(1 if main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]) else 0)
