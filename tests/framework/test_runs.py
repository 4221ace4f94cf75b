"""How a run seats its bots (:mod:`froeschis.framework.runs`), for every game's simulate. These
check the run's bookkeeping, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

from collections import Counter

from froeschis.framework.runs import lineup


def test_lineup_rotates_every_bot_over_every_seat_evenly() -> None:
    specs = ["random", "greedy", "ismc:2"]
    seats: Counter[tuple[int, str]] = Counter()
    for game in range(6):
        for seat, bot in enumerate(lineup(specs, 4, game)):
            seats[seat, bot] += 1
    assert set(seats.values()) == {2}
    assert len(seats) == 4 * 3
