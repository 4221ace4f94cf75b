"""The catalogue's misreadings as clause-table entries: how an engine built on each plays.

``spec/army-of-frogs/clauses.toml`` lists every clause's misreadings (``clause~name``), one of them the
clause's mutant, which the mutation check plays the tests by. :data:`IMPLEMENTED` gives each one that
can be played its :class:`~froeschis.framework.table.Reading` s. A reading whose clause shows in a
decision another clause takes replaces that clause's entry (``replaces``); a reading under which the
string rule's local check (string.checked) loses its reason also replaces that check with a judgement
of the whole island, so that it plays as an engine reading so would.

Six misreadings have no entries: they change what a turn holds or need what no decision is given
(the catalogue says why of each, in its ``unplayable``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from froeschis.framework.errors import RulesError
from froeschis.framework.table import Reading, clause
from froeschis.games.army_of_frogs import goal, moves, structure, turns
from froeschis.games.army_of_frogs.actions import Move
from froeschis.games.army_of_frogs.forms import bag_counts
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.observation import public_view
from froeschis.games.army_of_frogs.phases import Moment, Phase, Position
from froeschis.games.army_of_frogs.setup import STONES_PER_COLOUR
from froeschis.games.army_of_frogs.table import ArmyTable, Chain, Directions, Hand, Labels, Links, Stones

# --------------------------------------------------------------------------- components and setup


@clause("components.stones")
def every_stone_its_own(held: Iterable[Colour]) -> tuple[Colour, ...]:
    """Each stone a choice of its own: two stones of one colour offer it twice."""
    return tuple(sorted(held))


@clause("players.count")
def one_to_four(players: int) -> None:
    if not 1 <= players <= 4:
        raise RulesError(f"Army of Frogs is for 1 to 4 players, not {players}", "players.count")


@clause("players.colours")
def shifted_colour(seat: int, players: int) -> Colour:
    return (seat + 1) % players


@clause("setup.bag")
def all_forty(all_stones: Sequence[Colour], players: int) -> tuple[Colour, ...]:
    return tuple(sorted(all_stones))


@clause("setup.shuffle")
def colour_uniform(pool: Sequence[Colour], rng: random.Random) -> tuple[Colour, ...]:
    """Each stone by a colour picked with equal chance among the colours left, whatever their counts."""
    left = {colour: list(pool).count(colour) for colour in set(pool)}
    order = []
    while left:
        colour = rng.choice(sorted(left))
        order.append(colour)
        left[colour] -= 1
        if not left[colour]:
            del left[colour]
    return tuple(order)


@clause("setup.hands")
def round_robin(order: Sequence[Colour], players: int) -> tuple[tuple[Hand, ...], tuple[Colour, ...]]:
    hands = tuple(tuple(sorted((order[seat], order[players + seat]))) for seat in range(players))
    return hands, tuple(order[2 * players :])


@clause("board.hex-grid")
def mirrored_diagonals() -> Directions:
    return ((1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1), (0, 1))


@clause("board.hex-grid")
def square_cells() -> Directions:
    """A square's four edge neighbours, in the grid's coordinates: two of a hexagon's six lost."""
    return ((1, 0), (0, -1), (-1, 0), (0, 1))


@clause("board.hex-grid")
def square_cells_and_corners() -> Directions:
    """A square's eight neighbours, corners included: a hexagon's six and two more."""
    return ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (-1, -1))


@clause("island.graph")
def same_colour_only(stones: Stones, cell: Cell, colour: Colour, directions: Directions) -> tuple[Cell, ...]:
    q, r = cell
    return tuple(n for dq, dr in directions if stones.get(n := (q + dq, r + dr), -1) == colour)


# --------------------------------------------------------------------------- the turn


@clause("turn.first-seat")
def dealer_left() -> int:
    return 1


@clause("turn.order")
def backwards(seat: int, players: int) -> int:
    return (seat - 1) % players


@clause("turn.first-placement")
def placement_as_setup(table: ArmyTable, turn: int, seat: int, players: int) -> int:
    """The first placement was setup: the starting seat then plays a turn of its own."""
    return seat if turn == 1 else table.next_seat(seat, players)


@clause("turn.first-placement")
def first_stone_not_own(
    stones: Stones, cell: Cell, colour: Colour, seat_colour: Colour, directions: Directions
) -> bool:
    """The first stone may not be the starting seat's colour (the own-colour rule otherwise as published)."""
    if not stones:
        return colour != seat_colour
    return turns.apart(stones, cell, colour, seat_colour, directions)


@clause("turn.first-placement")
def no_first_replacement(stones: Stones) -> bool:
    """No draw after the first placement (the add on the empty island): seat 0 goes on with one stone."""
    return bool(stones)


@clause("turn.parts")
def add_first() -> tuple[Phase, ...]:
    return (Phase.ADD, Phase.MOVE)


@clause("turn.pass")
def every_pass_ends_turn(part: Phase) -> bool:
    return True


# --------------------------------------------------------------------------- the move


@clause("move.compulsory")
def move_declinable(found: Sequence[Move]) -> bool:
    return True


@clause("variant.optional-move")
def move_still_compulsory(found: Sequence[Move]) -> bool:
    return moves.no_move_only_as_pass(found)


@clause("move.own-colour")
def any_stone(stones: Stones, colour: Colour) -> tuple[Cell, ...]:
    return tuple(sorted(stones))


@clause("move.jump")
def over_one_only(occupied: Collection[Cell], cell: Cell, direction: Cell) -> Cell | None:
    dq, dr = direction
    over, beyond = (cell[0] + dq, cell[1] + dr), (cell[0] + 2 * dq, cell[1] + 2 * dr)
    return beyond if over in occupied and beyond not in occupied else None


@clause("move.jump")
def jump_or_step(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    """The cells jumps reach, and the empty cells beside the start, which a stone steps to."""
    q, r = start
    steps = {(q + dq, r + dr) for dq, dr in table.directions()} - set(occupied)
    return moves.landings(table, occupied, start, may_land) | {cell for cell in steps if may_land(cell)}


@clause("move.multi-jump")
def single_jump(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    ends = (table.jump(occupied, start, direction) for direction in table.directions())
    return {cell for cell in ends if cell is not None and may_land(cell)}


@clause("move.multi-jump")
def straight_jumps(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    return moves.straight_landings(table, occupied, start, may_land)


@clause("variant.straight-multi-jump")
def turning_jumps(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    return moves.landings(table, occupied, start, may_land)


@clause("move.start-vacated")
def ghost_start(stones: Stones, start: Cell) -> Collection[Cell]:
    return set(stones)


@clause("move.not-start")
def return_counts(reached: Iterable[Cell], start: Cell) -> tuple[Cell, ...]:
    return tuple(sorted(reached))


WAYS_LIMIT = 64
"""The most ways of one move counted by the ``paths`` reading (a bound: ways grow exponentially)."""


def _ways(table: ArmyTable, occupied: Collection[Cell], start: Cell, end: Cell) -> int:
    """The sequences of landings, none repeated, that take a stone from ``start`` to ``end``."""

    def count(cell: Cell, seen: frozenset[Cell]) -> int:
        found = 0
        for direction in table.directions():
            landing = table.jump(occupied, cell, direction)
            if landing is None or landing in seen:
                continue
            found += 1 if landing == end else 0
            found += count(landing, seen | {landing})
            if found >= WAYS_LIMIT:
                return WAYS_LIMIT
        return found

    return count(start, frozenset([start]))


@clause("move.identity")
def every_way_a_move(table: ArmyTable, stones: Stones, colour: Colour) -> tuple[Move, ...]:
    """Each way of jumping a move's way is an action of its own (the same move repeated)."""
    found: list[Move] = []
    for move in moves.legal_moves(table, stones, colour):
        ways = _ways(table, table.vacated(stones, move.start), move.start, move.end)
        found += [move] * max(ways, 1)
    return tuple(found)


# --------------------------------------------------------------------------- the add and the draw


@clause("add.from-hand")
def own_colour_only(hand: Hand, colour: Colour) -> Hand:
    return tuple(c for c in hand if c == colour)


@clause("add.touch")
def others_anywhere(
    table: ArmyTable, stones: Stones, colour: Colour, seat_colour: Colour
) -> tuple[Cell, ...]:
    """Another player's stone anywhere: here, also on the cells two steps from the island."""
    touching = turns.add_cells(table, stones, colour, seat_colour)
    if colour == seat_colour:
        return touching
    directions = table.directions()
    apart = {(q + dq, r + dr) for q, r in touching for dq, dr in directions} - set(stones)
    return tuple(sorted(apart | set(touching)))


@clause("add.own-colour-apart")
def every_colour_apart(
    stones: Stones, cell: Cell, colour: Colour, seat_colour: Colour, directions: Directions
) -> bool:
    return turns.touches_none(stones, cell, colour, directions)


@clause("add.own-colour-apart")
def nothing_touches_own(
    stones: Stones, cell: Cell, colour: Colour, seat_colour: Colour, directions: Directions
) -> bool:
    return turns.touches_none(stones, cell, seat_colour, directions)


@clause("add.own-colour-apart")
def moves_apart_too(table: ArmyTable, stones: Stones, colour: Colour) -> tuple[Move, ...]:
    """The legal moves, less those that end beside a stone of the moving stone's colour."""
    found = []
    for move in moves.legal_moves(table, stones, colour):
        q, r = move.end
        stone = stones[move.start]
        beside = ((q + dq, r + dr) for dq, dr in table.directions())
        if all(cell == move.start or stones.get(cell) != stone for cell in beside):
            found.append(move)
    return tuple(found)


@clause("add.none-left")
def ends_with_the_bag(bag: Sequence[Colour], hands: Sequence[Hand]) -> bool:
    return not bag


@clause("draw.replace")
def from_the_end(hand: Hand, bag: tuple[Colour, ...]) -> tuple[Hand, tuple[Colour, ...]]:
    if not bag:
        return hand, bag
    return tuple(sorted((*hand, bag[-1]))), bag[:-1]


# --------------------------------------------------------------------------- the one island rule


@clause("island.one")
def hive(labels: Labels, count: int, links: Iterable[Cell]) -> bool:
    return count <= 1 and structure.one_island(labels, count, links)


@clause("island.one")
def relink_two(labels: Labels, count: int, links: Iterable[Cell]) -> bool:
    return len({labels[cell] for cell in links}) >= min(count, 2)


@clause("island.one")
def unchecked(labels: Labels, count: int, links: Iterable[Cell]) -> bool:
    return True


@clause("variant.one-island-each-jump")
def landings_unjudged(
    table: ArmyTable, without: Stones, labels: Labels, count: int, colour: Colour, cell: Cell
) -> bool:
    return True


# --------------------------------------------------------------------------- the string rule


@clause("string.single-connection")
def every_connection_single(links: Links, a: Cell, b: Cell) -> bool:
    return True


@clause("string.definition")
def through_branches(table: ArmyTable, links: Links, cells: Iterable[Cell]) -> tuple[Chain, ...]:
    """From each single frog among ``cells``, every longest path of single connections, through
    stones of any number of connections; from other stones, the published strings."""
    found: set[Chain] = set()
    rest = []
    for cell in cells:
        if cell in links.stones and len(links[cell]) == 1:
            stack: list[Chain] = [(cell,)]
            while stack:
                path = stack.pop()
                onward = [n for n in links[path[-1]] if n not in path and table.is_single(links, path[-1], n)]
                if onward:
                    stack += [(*path, n) for n in onward]
                elif len(path) > 1:
                    found.add(min(path, path[::-1]))
        else:
            rest.append(cell)
    return tuple(sorted(found | set(structure.chains_through(table, links, rest))))


def _direction(a: Cell, b: Cell) -> Cell:
    return (b[0] - a[0], b[1] - a[1])


@clause("string.definition")
def straight_only(table: ArmyTable, links: Links, cells: Iterable[Cell]) -> tuple[Chain, ...]:
    """The published strings, cut where they bend."""
    found: set[Chain] = set()
    for chain in structure.chains_through(table, links, cells):
        piece = [chain[0], chain[1]]
        for cell in chain[2:]:
            if _direction(piece[-2], piece[-1]) != _direction(piece[-1], cell):
                found.add(tuple(piece))
                piece = [piece[-1]]
            piece.append(cell)
        found.add(tuple(piece))
    return tuple(sorted(found))


@clause("string.single-frog-end")
def every_string_limited(first_degree: int, last_degree: int) -> bool:
    return True


@clause("string.single-frog-end")
def both_ends_single(first_degree: int, last_degree: int) -> bool:
    return first_degree == 1 and last_degree == 1


@clause("string.length")
def three_frogs(chain: Chain) -> bool:
    return len(chain) - 1 >= 2


@clause("string.length")
def more_than_three(chain: Chain) -> bool:
    return len(chain) - 1 > 3


@clause("string.checked")
def destination_only(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
    return structure.judged(table, links, [placed])


@clause("string.checked")
def adds_only(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
    return vacated is None and structure.forbidden_near(table, links, vacated, placed)


def whole_island(clause_id: str) -> Callable[[ArmyTable, Links, Cell | None, Cell], bool]:
    """string.checked's entry for a reading of ``clause_id`` under which only a judgement of the whole
    island finds every forbidden string (a string may change far from the stone that moved)."""

    @clause(clause_id)
    def judged_everywhere(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
        return structure.forbidden_anywhere(table, links, vacated, placed)

    return judged_everywhere


# --------------------------------------------------------------------------- the goal and the end


@clause("goal.linked")
def group_of_seven(table: ArmyTable, stones: Stones, colour: Colour, link_at: int) -> bool:
    """Some group of the colour holds ``link_at`` stones or more."""
    own = set(Island(stones).of_colour(colour))
    directions = table.directions()
    while own:
        group, frontier = set(), [own.pop()]
        while frontier:
            cell = frontier.pop()
            group.add(cell)
            for other in table.connections(stones, cell, colour, directions):
                if other in own:
                    own.remove(other)
                    frontier.append(other)
        if len(group) >= link_at:
            return True
    return False


@clause("goal.linked")
def through_others(table: ArmyTable, stones: Stones, colour: Colour, link_at: int) -> bool:
    return sum(c == colour for c in stones.values()) >= link_at


@clause("goal.linked")
def all_ten(table: ArmyTable, stones: Stones, colour: Colour, link_at: int) -> bool:
    return goal.linked(table, stones, colour, max(link_at, STONES_PER_COLOUR))


@clause("goal.when-checked")
def only_at_turn_end(moment: Moment) -> bool:
    return moment is Moment.TURN_END


@clause("goal.when-checked")
def after_move_only(moment: Moment) -> bool:
    return moment is Moment.MOVE


@clause("variant.win-at-turn-end")
def after_every_action(moment: Moment) -> bool:
    return goal.checked_after(moment)


@clause("goal.any-seat")
def mover_only(seat: int, players: int, moment: Moment) -> tuple[int, ...]:
    return () if moment is Moment.TURN_START else (seat,)


@clause("variant.win-own-turn-only")
def every_seat_still(seat: int, players: int, moment: Moment) -> tuple[int, ...]:
    return goal.seats_checked(seat, players, moment)


@clause("goal.one-winner")
def shared(reached: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(reached))


@clause("end.no-action")
def one_pass(passes: int, players: int) -> bool:
    return passes >= 1


@clause("end.turn-limit")
def fifty_turns(turn: int, players: int, rounds: int) -> bool:
    return turn >= rounds


@clause("variant.repetition-draw")
def repetition_ignored(
    positions: tuple[Position, ...], seat: int, island: Island
) -> tuple[tuple[Position, ...], bool]:
    return goal.no_repetition_end(positions, seat, island)


@clause("variant.repetition-draw")
def absolute_cells(
    positions: tuple[Position, ...], seat: int, island: Island
) -> tuple[tuple[Position, ...], bool]:
    position = Position(seat, island)
    kept = (*(p for p in positions if len(p.island) == len(island)), position)
    return kept, kept.count(position) >= 3


@clause("game.returns")
def zero_sum(players: int, winning: Sequence[int]) -> tuple[float, ...]:
    if not winning:
        return (0.0,) * players
    return tuple(1.0 if seat in winning else -1.0 / (players - 1) for seat in range(players))


@clause("game.returns")
def no_winner_shared(players: int, winning: Sequence[int]) -> tuple[float, ...]:
    return goal.returns(players, winning) if winning else (1.0 / players,) * players


@clause("observe.public")
def hands_hidden(state: Any, seat: int) -> dict[str, Any]:
    view = public_view(state, seat)
    view["hands"] = [hand if other == seat else None for other, hand in enumerate(view["hands"])]
    return view


@clause("observe.public")
def bag_order_seen(state: Any, seat: int) -> dict[str, Any]:
    return {**public_view(state, seat), "bag_order": list(state.bag), "bag": bag_counts(state.bag)}


def _readings(slot: str, function: Callable[..., object], replaces: str | None = None) -> tuple[Reading, ...]:
    return (Reading(slot, function, function.__doc__ or function.__name__.replace("_", " "), replaces),)


IMPLEMENTED: dict[str, tuple[Reading, ...]] = {
    "components.stones~stones-told-apart": _readings("kinds", every_stone_its_own),
    "players.count~solo": _readings("check_players", one_to_four),
    "players.colours~shifted": _readings("colour_of", shifted_colour),
    "setup.bag~all-forty": _readings("fill_bag", all_forty),
    "setup.shuffle~colour-uniform": _readings("shuffle", colour_uniform),
    "setup.hands~round-robin": _readings("deal", round_robin),
    "board.hex-grid~mirrored-diagonals": _readings("directions", mirrored_diagonals),
    "board.hex-grid~square-cells": _readings("directions", square_cells),
    "board.hex-grid~square-cells-and-corners": _readings("directions", square_cells_and_corners),
    "island.graph~same-colour-only": _readings("connections", same_colour_only),
    "turn.first-seat~dealer-left": _readings("first_seat", dealer_left),
    "turn.order~backwards": _readings("next_seat", backwards),
    "turn.first-placement~setup-step": _readings("seat_after", placement_as_setup),
    "turn.first-placement~no-replacement": _readings("draw_follows", no_first_replacement),
    "turn.first-placement~not-own-colour": _readings("apart", first_stone_not_own, "add.own-colour-apart"),
    "turn.parts~add-first": _readings("turn_parts", add_first),
    "turn.pass~no-move-ends-turn": _readings("pass_ends_turn", every_pass_ends_turn),
    "move.compulsory~optional": _readings("no_move_beside", move_declinable),
    "variant.optional-move~ignored": _readings("no_move_beside", move_still_compulsory),
    "move.own-colour~any-colour": _readings("movable", any_stone),
    "move.jump~over-one-only": _readings("jump", over_one_only),
    "move.jump~step": _readings("landings", jump_or_step, "move.multi-jump"),
    "move.multi-jump~single": _readings("landings", single_jump),
    "move.multi-jump~straight": _readings("landings", straight_jumps),
    "variant.straight-multi-jump~ignored": _readings("landings", turning_jumps),
    "move.start-vacated~ghost": _readings("vacated", ghost_start),
    "move.not-start~return-counts": _readings("ends", return_counts),
    "move.identity~paths": _readings("legal_moves", every_way_a_move),
    "add.from-hand~own-only": _readings("addable", own_colour_only),
    "add.touch~anywhere": _readings("add_cells", others_anywhere),
    "add.own-colour-apart~every-colour": _readings("apart", every_colour_apart),
    "add.own-colour-apart~moves-too": _readings("legal_moves", moves_apart_too, "move.identity"),
    "add.own-colour-apart~nothing-touches-own": _readings("apart", nothing_touches_own),
    "add.none-left~game-ends": _readings("out_of_stones_ends", ends_with_the_bag),
    "draw.replace~from-the-end": _readings("draw", from_the_end),
    "island.one~hive": _readings("one_island", hive),
    "island.one~relink-two": _readings("one_island", relink_two),
    "island.one~unchecked": _readings("one_island", unchecked),
    "variant.one-island-each-jump~ignored": _readings("may_land", landings_unjudged),
    "string.single-connection~every-connection": _readings("is_single", every_connection_single),
    "string.definition~through-branches": (
        *_readings("strings_through", through_branches),
        *_readings("forbidden_string", whole_island("string.definition"), "string.checked"),
    ),
    "string.definition~straight-only": _readings("strings_through", straight_only),
    "string.single-frog-end~every-string": (
        *_readings("limit_applies", every_string_limited),
        *_readings("forbidden_string", whole_island("string.single-frog-end"), "string.checked"),
    ),
    "string.single-frog-end~either-end-exempts": _readings("limit_applies", both_ends_single),
    "string.length~three-frogs": _readings("too_long", three_frogs),
    "string.length~more-than-three": _readings("too_long", more_than_three),
    "string.checked~destination-only": _readings("forbidden_string", destination_only),
    "string.checked~adds-only": _readings("forbidden_string", adds_only),
    "goal.linked~group-of-seven": _readings("linked", group_of_seven),
    "goal.linked~through-others": _readings("linked", through_others),
    "goal.linked~all-ten": _readings("linked", all_ten),
    "goal.when-checked~turn-end": _readings("checked_after", only_at_turn_end),
    "goal.when-checked~after-move-only": _readings("checked_after", after_move_only),
    "variant.win-at-turn-end~ignored": _readings("checked_after", after_every_action),
    "goal.any-seat~mover-only": _readings("seats_checked", mover_only),
    "variant.win-own-turn-only~ignored": _readings("seats_checked", every_seat_still),
    "goal.one-winner~shared": _readings("winners", shared),
    "end.no-action~one-pass": _readings("nobody_can_act", one_pass),
    "end.turn-limit~fifty-turns": _readings("turn_limit_reached", fifty_turns),
    "variant.repetition-draw~ignored": _readings("remember", repetition_ignored),
    "variant.repetition-draw~absolute-cells": _readings("remember", absolute_cells),
    "game.returns~zero-sum": _readings("returns", zero_sum),
    "game.returns~no-winner-shared": _readings("returns", no_winner_shared),
    "observe.public~hands-hidden": _readings("view", hands_hidden),
    "observe.public~bag-order-seen": _readings("view", bag_order_seen),
}
"""Every misreading of the catalogue that can be played, by ID: the entries an engine reading so uses."""
