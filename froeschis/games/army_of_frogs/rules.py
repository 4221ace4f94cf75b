"""The rules options: which variants, and the sizes of tiny configurations (fewer stones of each
colour, a smaller goal, fewer rounds) that exhaustive walks can cover.

A :class:`Rules` value carries its clause table (:attr:`Rules.table`): the published table with the
entries of the chosen variants replaced, then read by any further :class:`Reading` s.
"""

from __future__ import annotations

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.rules import is_bool, readings_tuple, whole_number
from froeschis.framework.table import Reading
from froeschis.games.army_of_frogs.goal import LINK_AT, ROUNDS
from froeschis.games.army_of_frogs.readings import TABLES
from froeschis.games.army_of_frogs.setup import STONES_PER_COLOUR
from froeschis.games.army_of_frogs.table import ArmyTable

MAX_ROUNDS = 10_000
"""The most rounds a configuration may play (a bound against absurd input, far above the 50)."""


@attrs.frozen(cache_hash=True)
class Rules:
    """Which reading of the rules to play, and with how many stones.

    The defaults are the published game; each flag selects a ``variant`` clause of the catalogue
    (:data:`~froeschis.games.army_of_frogs.readings.VARIANTS`). ``stones_per_colour``, ``link_at``
    and ``rounds`` exist for tiny configurations (:mod:`froeschis.games.army_of_frogs.tiny`); they
    are the numbers of components.stones (ten), goal.linked (seven) and end.turn-limit (fifty).
    """

    optional_move: bool = attrs.field(default=False, validator=is_bool)
    """variant.optional-move: no-move is always allowed."""
    straight_multi_jump: bool = attrs.field(default=False, validator=is_bool)
    """variant.straight-multi-jump: every jump of a move keeps the first jump's direction."""
    one_island_each_jump: bool = attrs.field(default=False, validator=is_bool)
    """variant.one-island-each-jump: every landing of a move must keep one island."""
    win_at_turn_end: bool = attrs.field(default=False, validator=is_bool)
    """variant.win-at-turn-end: the goal is checked only at the end of each turn."""
    win_own_turn_only: bool = attrs.field(default=False, validator=is_bool)
    """variant.win-own-turn-only: only the seat whose turn it is can win."""
    repetition_draw: bool = attrs.field(default=False, validator=is_bool)
    """variant.repetition-draw: a third occurrence of a position ends the game without a winner."""
    stones_per_colour: int = attrs.field(
        default=STONES_PER_COLOUR, validator=whole_number(2, STONES_PER_COLOUR)
    )
    """The stones of each colour (at least two: every hand starts with two, setup.hands)."""
    link_at: int = attrs.field(default=LINK_AT, validator=whole_number(1, STONES_PER_COLOUR))
    """The stones of its colour a seat must have on the island, all linked, to win."""
    rounds: int = attrs.field(default=ROUNDS, validator=whole_number(1, MAX_ROUNDS))
    """The rounds after which a game nobody has won ends."""
    readings: tuple[Reading, ...] = attrs.field(default=(), converter=readings_tuple)
    """Readings of clauses beyond the variants: how an engine that reads a clause differently would
    play. Empty for the published game and its variants; rules with readings have no JSON form."""
    table: ArmyTable = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(TABLES.table_of, takes_self=True)
    )
    """The clause table these rules are played by (derived from the options)."""

    def is_published(self) -> bool:
        """The published numbers of stones, goal and rounds (the variants may differ)."""
        return (self.stones_per_colour, self.link_at, self.rounds) == (STONES_PER_COLOUR, LINK_AT, ROUNDS)


with_variants = TABLES.with_variants
"""``rules`` with the named variant options switched on."""


def check_setup(rules: Rules, players: int) -> None:
    """Refuse a number of players the rules do not allow (players.count)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise FormatError("players", f"expected a whole number of players, got {shown(players)}")
    rules.table.check_players(players)
