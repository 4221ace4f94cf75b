"""The published rules as a clause table, and the one list of variants.

:data:`PUBLISHED` puts each clause function of :mod:`froeschis.games.froeschis.clauses` in its slot.
:data:`VARIANTS` is the only list of rules variants: each is a ``Rules`` option with the entries it
replaces. The command line, the JSON forms, the exhaustive walks, the conformance kit and the docs
read it; :data:`TABLES` gives the table of any combination of options.
"""

from __future__ import annotations

from froeschis.framework.table import Tables
from froeschis.games.froeschis import clauses as c
from froeschis.games.froeschis.table import ClauseTable, Reading, Variant

PUBLISHED = ClauseTable(
    standard_deck=c.standard_deck,
    check_players=c.check_players,
    initial_lengths=c.initial_lengths,
    spare_cards=c.spare_cards,
    deal=c.deal,
    starting_seat=c.starting_seat,
    next_seat=c.next_seat,
    may_take_discard=c.may_take_discard,
    discard_fits=c.any_discard_fits,
    take_top=c.take_top,
    take_discard=c.take_top,
    must_reshuffle=c.must_reshuffle,
    reshuffle_pool=c.reshuffle_pool,
    reshuffle=c.reshuffle,
    draws_after_reshuffle=c.draws_after_reshuffle,
    chain_order=c.chain_order,
    is_joker=c.is_joker,
    frog_spots=c.frog_spots,
    place_frog=c.place_frog,
    is_trash=c.is_trash,
    has_no_spot=c.has_no_spot,
    spot_of=c.spot_of,
    spot_is_open=c.spot_is_open,
    place_number=c.place_number,
    reveal=c.reveal,
    can_swap_frog=c.can_swap_frog,
    swap_is_choice=c.swap_is_mandatory,
    swap_frog=c.swap_frog,
    is_duplicate=c.is_duplicate,
    discard=c.discard,
    fits_spot=c.fits_spot,
    is_complete=c.is_complete,
    completion_ends_turn=c.completion_ends_turn,
    starts_final_turns=c.starts_final_turns,
    round_is_over=c.round_is_over,
    row_at_round_end=c.row_as_it_lies,
    completers=c.completers,
    next_lengths=c.next_lengths,
    winners=c.winners,
    returns=c.returns,
)
"""The rules as published (with our rulings where the texts leave a gap), no variant."""

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "discard_only_if_placeable",
        "variant.discard-if-placeable",
        "the discard may be taken only when it can be placed",
        (Reading("discard_fits", c.discard_fits_if_placeable, "only a placeable discard"),),
    ),
    Variant(
        "optional_frog_swap",
        "variant.optional-frog-swap",
        "the player may discard a number instead of swapping it for its frog",
        (Reading("swap_is_choice", c.swap_is_a_choice, "the swap is the player's choice"),),
    ),
    Variant(
        "reveal_at_round_end",
        "variant.reveal-at-round-end",
        "rows that turn out sorted when revealed at the round's end count as complete",
        (Reading("row_at_round_end", c.reveal_if_lucky, "lucky rows count"),),
    ),
)
"""Every rules variant, in catalogue order."""

TABLES = Tables(PUBLISHED, VARIANTS)
"""Fröschis' clause tables, each built once (:class:`~froeschis.framework.table.Tables`)."""

VARIANT_OPTIONS: tuple[str, ...] = TABLES.options
"""The ``Rules`` options that switch variants on."""
