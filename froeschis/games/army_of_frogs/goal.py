"""The goal and the ends of a game: when a seat wins, when a game ends without a winner, the returns.
One small pure function per decision, each marked with its clause."""

from __future__ import annotations

from collections.abc import Sequence

from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.hexes import Colour, Island
from froeschis.games.army_of_frogs.phases import Moment, Position
from froeschis.games.army_of_frogs.table import ArmyTable, Stones

LINK_AT = 7
"""How many stones of its colour a seat must have on the island for its goal (goal.linked);
tiny configurations ask fewer."""
ROUNDS = 50
"""The rounds after which a game nobody won ends (end.turn-limit); tiny configurations play fewer."""

# --------------------------------------------------------------------------- the goal


@clause("goal.linked")
def linked(table: ArmyTable, stones: Stones, colour: Colour, link_at: int) -> bool:
    """Whether ``colour``'s goal is reached: at least ``link_at`` of its stones on the island, all in
    one group of the island's graph on the stones of that colour (other colours link nothing)."""
    own = [cell for cell, c in stones.items() if c == colour]
    if len(own) < link_at or not own:
        return False
    directions, connected = table.directions(), table.connections
    seen = {own[0]}
    frontier = [own[0]]
    while frontier:
        cell = frontier.pop()
        for other in connected(stones, cell, colour, directions):
            if other not in seen and stones[other] == colour:
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(own)


@clause("goal.when-checked")
def checked_after(moment: Moment) -> bool:
    """Whether the goal is checked at ``moment``: after every move and every add (the winner wins at
    once), not at the end of the turn."""
    return moment is Moment.MOVE or moment is Moment.ADD


@clause("variant.win-at-turn-end")
def checked_at_turn_end(moment: Moment) -> bool:
    """Whether the goal is checked at ``moment``: only at the end of each turn."""
    return moment is Moment.TURN_END


@clause("goal.any-seat")
def seats_checked(seat: int, players: int, moment: Moment) -> tuple[int, ...]:
    """The seats whose goal is checked, in turn order from the seat whose turn it is: every seat
    (nobody's at the start of a turn: nothing has changed since the last check)."""
    if moment is Moment.TURN_START:
        return ()
    return tuple((seat + i) % players for i in range(players))


@clause("variant.win-own-turn-only")
def own_seat_checked(seat: int, players: int, moment: Moment) -> tuple[int, ...]:
    """The seats whose goal is checked: only the seat whose turn it is, also at its turn's start."""
    return (seat,)


@clause("goal.one-winner")
def winners(reached: Sequence[int]) -> tuple[int, ...]:
    """Who wins among the seats whose goal one check found reached (in turn order from the seat
    whose turn it is): the first of them, alone."""
    return tuple(reached[:1])


# --------------------------------------------------------------------------- the end


@clause("end.no-action")
def nobody_can_act(passes: int, players: int) -> bool:
    """Whether ``passes`` consecutive turns with both parts passed end the game: when every seat,
    one after the other, found nothing to do."""
    return passes >= players


@clause("end.turn-limit")
def turn_limit_reached(turn: int, players: int, rounds: int) -> bool:
    """Whether the game ends after turn ``turn``: at the end of the last round (turn 50n)."""
    return turn >= rounds * players


@clause("end.turn-limit")
def no_repetition_end(
    positions: tuple[Position, ...], seat: int, island: Island
) -> tuple[tuple[Position, ...], bool]:
    """What the game remembers of the positions at the start of each turn, and whether a repetition
    ends it: nothing, and never (a game that goes round in circles ends at the turn limit)."""
    return (), False


@clause("variant.repetition-draw")
def third_repetition(
    positions: tuple[Position, ...], seat: int, island: Island
) -> tuple[tuple[Position, ...], bool]:
    """The positions remembered with the start of ``seat``'s turn on ``island`` added, and whether
    that position (the island up to translation) has now occurred for the third time. Positions
    with fewer stones on the island are forgotten: an add cannot be undone, so they never come back
    (and the positions remembered all share the hands and the bag, which only an add changes)."""
    position = Position(seat, island.translated())
    kept = (*(p for p in positions if len(p.island) == len(position.island)), position)
    return kept, kept.count(position) >= 3


@clause("game.returns")
def returns(players: int, winning: Sequence[int]) -> tuple[float, ...]:
    """1 to the winner, 0 to every other seat; all 0 when nobody won."""
    return tuple(1.0 if seat in winning else 0.0 for seat in range(players))
