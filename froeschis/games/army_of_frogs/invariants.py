"""Whether a state could arise in a game: the checks a state read from outside must pass.

Used when a state is read from JSON or from the notation, and by the tests' invariants. The rules are
asked through the state's clause table, so a state is judged by the reading it is played by; a refusal
names the field and, where a rule rules the state out, the clause (in brackets).
"""

from __future__ import annotations

from collections import Counter

from froeschis.framework.errors import FormatError, RulesError, shown
from froeschis.framework.invariants import refused
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import EMPTY_ISLAND
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import check_setup
from froeschis.games.army_of_frogs.structure import IslandLinks, has_forbidden_string


def seat_of_turn(state: ArmyState, turn: int) -> int:
    """The seat whose turn ``turn`` is, by the table's turn order from the first seat."""
    table, players = state.rules.table, state.num_players
    seat = table.first_seat()
    for played in range(1, turn):
        seat = table.seat_after(table, played, seat, players)
    return seat


def check_consistent(state: ArmyState) -> None:
    """Raise :class:`FormatError` unless ``state`` could arise in a game under its rules."""
    players = state.num_players
    table = state.rules.table
    try:
        check_setup(state.rules, players)
    except RulesError as error:
        raise FormatError("hands", f"one hand per player: {error}") from None
    contents = table.fill_bag(table.stones(state.rules.stones_per_colour), players)
    if state.phase is Phase.SHUFFLE:
        _check_unshuffled(state, contents)
        return
    limit = state.rules.rounds * players
    if not 1 <= state.turn <= limit:
        raise refused(
            state, "turn", f"turn {shown(state.turn)} is not from 1 to {limit}", "turn_limit_reached"
        )
    if state.seat != seat_of_turn(state, state.turn):
        raise refused(state, "seat", f"turn {state.turn} is not seat {shown(state.seat)}'s", "next_seat")
    held = Counter(state.island.values()) + Counter(state.bag)
    for hand in state.hands:
        held.update(hand)
    if held != Counter(contents):
        raise refused(state, "island", "the stones on the island, in the hands and in the bag are not the "
                       f"game's: {dict(sorted(held.items()))}", "fill_bag")  # fmt: skip
    _check_island(state)
    _check_stones_played(state)
    _check_progress(state)
    _check_winners_linked(state)


def _check_unshuffled(state: ArmyState, contents: tuple[int, ...]) -> None:
    if state.bag != contents:
        raise refused(
            state, "bag", f"before the shuffle the bag holds {list(contents)}, ascending", "fill_bag"
        )
    fresh = (state.turn, state.island, state.hands, state.passes, state.acted, state.winners, state.positions)
    if fresh != (1, EMPTY_ISLAND, ((),) * state.num_players, 0, False, (), ()):
        raise refused(state, "phase", "before the shuffle nothing has been played", "shuffle")
    if state.seat != state.rules.table.first_seat():
        raise refused(state, "seat", f"seat {shown(state.seat)} does not start", "first_seat")


def _check_island(state: ArmyState) -> None:
    """One island, without a forbidden string (island.one and string.checked say such islands are not
    valid: no action reaches them)."""
    table, island = state.rules.table, state.island
    if table.parts(table, IslandLinks(table, island))[1] > 1:
        raise refused(state, "island", "the island is in more than one part", "one_island")
    if has_forbidden_string(table, island):
        raise refused(state, "island", "the island has a forbidden string", "forbidden_string")


def _check_stones_played(state: ArmyState) -> None:
    """The island as the turns played leave it: a turn adds at most one stone, its last act (so
    before the end no more stones than turns over); the first turn always adds one, on a first cell
    (its seat holds two stones and the empty island has its first cells), and a lone stone cannot
    move (a jump needs a stone to jump over), so it stays there."""
    table, count = state.rules.table, len(state.island)
    played = state.turn - (0 if state.phase is Phase.OVER else 1)
    if count > played:
        raise refused(state, "island", f"{count} stones on the island after {played} turns played: a "
                       "turn adds at most one", "turn_parts")  # fmt: skip
    if state.turn > 1 and not count:
        raise refused(state, "island", f"turn {state.turn} with an empty island: the first turn adds a "
                       "stone", "first_cells")  # fmt: skip
    first = table.first_cells(EMPTY_ISLAND)
    if count == 1 and next(iter(state.island)) not in first:
        where = " or ".join(f"{q},{r}" for q, r in first)
        raise refused(state, "island", f"a lone stone must lie where the first stone goes ({where})",
                       "first_cells")  # fmt: skip


def _check_winners_linked(state: ArmyState) -> None:
    """A winner's stones on the island meet the goal (``link_at`` of them, all linked)."""
    table, rules = state.rules.table, state.rules
    for seat in state.winners:
        if not table.linked(table, state.island, table.colour_of(seat, state.num_players), rules.link_at):
            raise refused(state, "winners", f"seat {seat} won without {rules.link_at} of its stones linked "
                           "on the island", "linked")  # fmt: skip


def _check_progress(state: ArmyState) -> None:
    """The counters and the hands as the turn's parts leave them."""
    table, players = state.rules.table, state.num_players
    if state.phase is not Phase.OVER:
        if state.winners:
            raise refused(state, "winners", "a game that goes on has no winner", "winners")
        if state.passes >= players:
            raise refused(state, "passes", f"{state.passes} turns passed: the game is over", "nobody_can_act")
        if state.bag and any(len(hand) != 2 for hand in state.hands):
            raise refused(state, "hands", "while the bag has stones every hand holds two", "draw")
        if state.phase is table.turn_parts()[0] and state.acted:
            raise refused(state, "acted", "nothing has been done in a turn that starts", "turn_parts")
    if not 0 <= state.passes <= players:
        raise refused(state, "passes", f"{shown(state.passes)} is not from 0 to {players}", "nobody_can_act")
    if any(not 0 <= seat < players for seat in state.winners) or len(set(state.winners)) < len(state.winners):
        raise refused(state, "winners", f"{list(state.winners)} are not seats of the game", "winners")
    if state.positions and not state.rules.repetition_draw:
        raise refused(state, "positions", "only variant.repetition-draw remembers positions", "remember")
    stones = {len(state.island)} | ({len(state.island) - 1} if state.phase is Phase.OVER else set())
    for i, position in enumerate(state.positions):  # the turn's add may have ended the game
        if len(position.island) not in stones or not 0 <= position.seat < players:
            raise refused(state, f"positions[{i}]", "a remembered position has the island's stones and a "
                           "seat of the game", "remember")  # fmt: skip
