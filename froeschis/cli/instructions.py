"""Instruction counts for ``froeschis bench --instructions``: processes of a game's bench loops and
workloads run under valgrind's callgrind, each count with the start-up of a process that plays
nothing taken off.

Times wander with whatever else the machine does; instruction counts do not: the same Python binary
playing the same games executes the same instructions. A counted process finds the game in the
registry (:data:`INSTRUCTIONS_SCRIPT`), never by a module path.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from froeschis.framework.bench import Counter, GameBench
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game

INSTRUCTIONS_SCRIPT = """\
import sys

from froeschis.framework.registry import game

name, which, units, players = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bench = game(name).bench
loops = {"engine": bench.engine, "bare_loop": bench.bare}
loops.update((key, same.play) for key, same in bench.same_games.items())
if which in loops:
    play = loops[which]
    for seed in range(units):
        play(players, seed)
else:
    bench.counted[which](units)
"""
"""What each process counted under callgrind runs (``python -c``), with the arguments: the game
(found in the registry), which loop or workload of its bench, how many games or units, the players.
The game's bench holds every loop, so the import and start-up cost the same whichever runs, and the
count for 0 games takes all of it off."""


_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)\s*$", re.MULTILINE)


class BenchError(FroeschisError):
    """Arguments that ``bench`` cannot run with."""


def collected_instructions(stderr: str) -> int:
    """The instructions callgrind counted, from its ``==PID== Collected : N`` line in ``stderr``."""
    match = _COLLECTED.search(stderr)
    if match is None:
        raise BenchError(f"callgrind reported no instruction count; its output ended:\n{stderr[-2000:]}")
    return int(match.group(1))


def find_valgrind() -> str:
    """The path of valgrind, which ``--instructions`` needs; looked for before any timing starts."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise BenchError("--instructions needs valgrind (its callgrind tool) on PATH; it is not there")
    return valgrind


def callgrind(valgrind: str, script: str, arguments: Sequence[str], what: str) -> int:
    """The instructions of a process running ``script`` (``python -c``) with ``arguments``, counted
    by callgrind; ``what`` names the work in the error of a run that fails.

    ``PYTHONHASHSEED`` is fixed because string hashes steer dict and set probing: with random
    seeds, the count of one and the same run wanders by a few hundred thousand instructions.
    """
    completed = subprocess.run(
        [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            script,
            *arguments,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=False,
    )
    if completed.returncode != 0:
        raise BenchError(
            f"callgrind of {what} failed (status {completed.returncode}):\n{completed.stderr[-2000:]}"
        )
    return collected_instructions(completed.stderr)


def instructions_per_unit(
    valgrind: str,
    game: Game,
    bench: GameBench,
    games: int,
    players: int,
    loops: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Instructions per unit (game, deal) of ``games`` random games (seeds 0 to ``games`` - 1) of the
    engine, the bare loop and every further engine that plays the same games (or of ``loops`` of
    them), and the share of each (bare loop over it, like the share of the speeds: 0.25 means it
    needs four times the bare loop's instructions).

    Each is (the count of a process playing ``games`` games) minus (the count of a process playing
    none), over the units they hold: the cost of a unit with Python's start-up and the imports taken
    off. One process playing none serves every loop: the script imports every loop whichever plays.
    The processes run at once: a count does not depend on what runs beside it.
    """
    if loops is None:
        loops = ("engine", *bench.same_games, "bare_loop")
    jobs = [(which, games) for which in loops] + [(loops[0], 0)]
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [
            pool.submit(
                callgrind,
                valgrind,
                INSTRUCTIONS_SCRIPT,
                (game.name, which, str(played), str(players)),
                f"{played} {which} games of {game.title}",
            )
            for which, played in jobs
        ]
        counts = [future.result() for future in futures]
    units = sum(bench.engine(players, seed).units for seed in range(games))
    per_unit = {which: (counts[i] - counts[-1]) / units for i, which in enumerate(loops)}
    shares = {
        f"{which}_share_of_bare_loop": per_unit["bare_loop"] / per_unit[which]
        for which in loops
        if which != "bare_loop" and "bare_loop" in per_unit
    }
    return {**per_unit, **shares, "games": games, "units": units}


def counter(valgrind: str, game: Game) -> Counter:
    """Instructions per unit of one of the game's counted workloads (callgrind, the count of the
    workload doing none taken off)."""

    def count(name: str, units: int) -> float:
        def one(n: int) -> int:
            arguments = (game.name, name, str(n), "0")
            return callgrind(valgrind, INSTRUCTIONS_SCRIPT, arguments, f"{name} of {game.title}")

        with ThreadPoolExecutor(max_workers=2) as pool:
            full, empty = pool.map(one, (units, 0))
        return (full - empty) / units

    return count
