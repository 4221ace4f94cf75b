"""``froeschis.games.froeschis.kernel``: many games at compiled speed (numba; install the extra
``froeschis[fast]``).

:func:`simulate` plays ``games`` games between random or greedy bots in one compiled loop and
returns who won each, with how many rounds and turns it took; ``record=K`` also returns the whole
action log of the first ``K`` games, as the reference's actions, so that they can be replayed on
the reference engine (``tests/games/froeschis/test_kernel.py`` does that, and compares the statistics of many
games
with the reference's ``simulate``). The kernel plays the published rules and every variant, row
length and deck the reference accepts; it draws from its own random source, so a seed gives other
games than :func:`froeschis.games.froeschis.bots.play_game` does.
"""

from __future__ import annotations

from froeschis.games.froeschis.kernel.simulate import KernelResult, simulate

__all__ = ["KernelResult", "simulate"]
