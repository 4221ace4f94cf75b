"""The published rules as a clause table, and the one list of variants.

:data:`PUBLISHED` puts each clause function in its slot. :data:`VARIANTS` is the only list of rules
variants: each a ``Rules`` option with the entries it replaces; the JSON forms, the notation and the
tests read it, and :data:`TABLES` gives the table of any combination of options.
"""

from __future__ import annotations

from froeschis.framework.table import Reading, Tables, Variant
from froeschis.games.army_of_frogs import goal, moves, setup, structure, turns
from froeschis.games.army_of_frogs.observation import public_view
from froeschis.games.army_of_frogs.table import ArmyTable

PUBLISHED = ArmyTable(
    stones=setup.stones,
    kinds=setup.kinds,
    check_players=setup.check_players,
    colour_of=setup.colour_of,
    fill_bag=setup.fill_bag,
    shuffle=setup.shuffle,
    deal=setup.deal,
    directions=setup.directions,
    connections=structure.connections,
    parts=structure.parts,
    first_seat=turns.first_seat,
    next_seat=turns.next_seat,
    first_cells=turns.first_cells,
    seat_after=turns.seat_after,
    draw_follows=turns.draw_follows,
    turn_parts=turns.turn_parts,
    offer=turns.offer,
    pass_ends_turn=turns.pass_ends_turn,
    no_move_beside=moves.no_move_only_as_pass,
    movable=moves.movable,
    jump=moves.jump,
    landings=moves.landings,
    vacated=moves.vacated,
    ends=moves.ends,
    legal_moves=moves.legal_moves,
    addable=turns.addable,
    add_cells=turns.add_cells,
    apart=turns.apart,
    out_of_stones_ends=turns.out_of_stones_ends,
    draw=turns.draw,
    one_island=structure.one_island,
    may_land=structure.only_the_end_is_judged,
    is_single=structure.is_single,
    strings_through=structure.chains_through,
    limit_applies=structure.limit_applies,
    too_long=structure.too_long,
    forbidden_string=structure.forbidden_near,
    linked=goal.linked,
    checked_after=goal.checked_after,
    seats_checked=goal.seats_checked,
    winners=goal.winners,
    nobody_can_act=goal.nobody_can_act,
    turn_limit_reached=goal.turn_limit_reached,
    remember=goal.no_repetition_end,
    returns=goal.returns,
    view=public_view,
)
"""The rules as published (with the catalogue's rulings where the leaflet is silent), no variant."""

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "optional_move",
        "variant.optional-move",
        "no-move is always allowed",
        (Reading("no_move_beside", moves.no_move_always, "no-move always offered"),),
    ),
    Variant(
        "straight_multi_jump",
        "variant.straight-multi-jump",
        "all the jumps of a move go in the first jump's direction",
        (Reading("landings", moves.straight_landings, "straight jumps"),),
    ),
    Variant(
        "one_island_each_jump",
        "variant.one-island-each-jump",
        "every landing of a move must keep one island",
        (Reading("may_land", structure.every_landing_is_judged, "every landing judged"),),
    ),
    Variant(
        "win_at_turn_end",
        "variant.win-at-turn-end",
        "the goal is checked only at the end of the turn",
        (Reading("checked_after", goal.checked_at_turn_end, "checked at the turn's end"),),
    ),
    Variant(
        "win_own_turn_only",
        "variant.win-own-turn-only",
        "only the seat whose turn it is can win (checked also at the start of its turn)",
        (Reading("seats_checked", goal.own_seat_checked, "the mover only"),),
    ),
    Variant(
        "repetition_draw",
        "variant.repetition-draw",
        "a position's third occurrence at the start of a turn ends the game without a winner",
        (Reading("remember", goal.third_repetition, "threefold repetition"),),
    ),
)
"""Every rules variant, in catalogue order."""

TABLES = Tables(PUBLISHED, VARIANTS)
"""Army of Frogs' clause tables, each built once (:class:`~froeschis.framework.table.Tables`)."""

VARIANT_OPTIONS: tuple[str, ...] = TABLES.options
"""The ``Rules`` options that switch variants on."""
