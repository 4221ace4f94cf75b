"""The clause table, the published reading, the one list of variants, and readings of clauses.

These tests check the table as a structure (every slot marked, variants that agree with the
catalogue, readings that replace exactly what they say); what each clause function decides is
checked by tests/games/froeschis/test_clauses.py and tests/games/froeschis/test_properties.py.
"""

from __future__ import annotations

import attrs
import pytest

from froeschis.games.froeschis import clauses as c
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.readings import PUBLISHED, TABLES, VARIANT_OPTIONS, VARIANTS
from froeschis.games.froeschis.rules import Rules, with_variants
from froeschis.games.froeschis.serialize import rules_to_json
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.table import SLOTS, ClauseTable, Reading, clause, clause_of


def test_the_variants_list_is_the_catalogues_variants() -> None:
    catalogue = {x.id: x for x in load_catalogue().clauses if x.kind == "variant"}
    assert [v.clause for v in VARIANTS] == list(catalogue)
    for variant in VARIANTS:
        assert catalogue[variant.clause].option == variant.option
        assert variant.summary and variant.readings
        assert {reading.clause for reading in variant.readings} == {variant.clause}


def test_every_variant_option_is_a_rules_switch_and_nothing_else_is() -> None:
    switches = [f.name for f in attrs.fields(Rules) if f.type in (bool, "bool")]
    assert switches == list(VARIANT_OPTIONS)


def test_variants_replace_different_entries_and_only_theirs() -> None:
    slots = [reading.slot for variant in VARIANTS for reading in variant.readings]
    assert len(slots) == len(set(slots))
    for variant in VARIANTS:
        table = TABLES.table_for([variant.option])
        changed = {slot for slot in SLOTS if getattr(table, slot) is not getattr(PUBLISHED, slot)}
        assert changed == {reading.slot for reading in variant.readings}
        assert Rules(**{variant.option: True}).table == table  # type: ignore[arg-type]


def test_every_entry_is_marked_and_an_unmarked_one_is_refused() -> None:
    assert all(clause_of(function) == name for _, name, function in PUBLISHED.entries())
    with pytest.raises(TypeError, match="without a @clause mark"):
        PUBLISHED.replace("is_trash", lambda card: card.is_trash)
    with pytest.raises(ValueError, match="no slot 'is_rubbish'"):
        PUBLISHED.replace("is_rubbish", c.is_trash)


def test_the_published_table_names_the_clause_of_each_slot() -> None:
    assert PUBLISHED.clause_of("discard_fits") == "turn.draw-source"
    assert (
        TABLES.table_for(["discard_only_if_placeable"]).clause_of("discard_fits")
        == "variant.discard-if-placeable"
    )
    assert PUBLISHED.slots_of("frog.swap") == ("can_swap_frog", "swap_frog")
    assert set(PUBLISHED.slots_of("round.final-turns")) == {"starts_final_turns", "round_is_over"}


@clause("dead.trash")
def nothing_is_trash(card: object) -> bool:
    return False


@clause("variant.optional-frog-swap")
def never_a_choice() -> bool:
    return False


def test_a_reading_replaces_its_clause_where_the_table_uses_that_clause() -> None:
    misread = Reading("is_trash", nothing_is_trash, "trash is not dead")
    assert PUBLISHED.read(misread).is_trash is nothing_is_trash
    variant_misread = Reading("swap_is_choice", never_a_choice, "the variant is ignored")
    assert PUBLISHED.read(variant_misread) is PUBLISHED  # the default rules do not use the variant
    optional = TABLES.table_for(["optional_frog_swap"])
    assert optional.read(variant_misread).swap_is_choice is never_a_choice


def test_rules_with_readings_play_by_them_and_have_no_json_form() -> None:
    rules = Rules(readings=(Reading("is_trash", nothing_is_trash, "trash is not dead"),))
    assert rules.table.is_trash is nothing_is_trash and rules != Rules()
    assert new_game(2, rules).rules.table is rules.table
    with pytest.raises(ValueError, match="no JSON form"):
        rules_to_json(rules)


def test_with_variants_switches_options_on() -> None:
    rules = with_variants(Rules(row_length=3), "optional_frog_swap")
    assert rules.optional_frog_swap and rules.row_length == 3
    assert rules.table.swap_is_choice is c.swap_is_a_choice
    with pytest.raises(ValueError, match="unknown variant options"):
        with_variants(Rules(), "free_frogs")


def test_the_table_is_a_frozen_value() -> None:
    assert isinstance(PUBLISHED, ClauseTable)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PUBLISHED.is_trash = nothing_is_trash  # type: ignore[misc]
    assert TABLES.table_for([]) is PUBLISHED and TABLES.table_for(
        ["reveal_at_round_end"]
    ) == TABLES.table_for(["reveal_at_round_end"])
