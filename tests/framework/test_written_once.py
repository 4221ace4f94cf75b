"""Framework pieces that games (or the framework itself) once each had a copy of: a strict whole
number read with what it must be (``fields.whole``, also the playthrough header's reader), and a
card game's published deck kept in the game's order, once per way its clause reads
(``rules.published_deck``). The expectations are written here by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pytest

from froeschis.framework import registry
from froeschis.framework.errors import FormatError
from froeschis.framework.fields import whole
from froeschis.framework.playthroughs import header_from_json
from froeschis.framework.rules import published_deck
from froeschis.framework.table import ClauseTable, Reading, Tables, clause


@pytest.mark.parametrize(
    ("value", "low", "what", "message"),
    [
        (True, None, "a whole number", "n: expected a whole number, got True"),
        ("2", 0, "a whole number of players", "n: expected a whole number of players, got '2'"),
        (2.0, 0, "a whole number of players", "n: expected a whole number of players, got 2.0"),
        (-1, 0, "a whole number of players", "n: must be at least 0, got -1"),
    ],
)
def test_whole_refuses_what_is_not_one_naming_what_it_expected(
    value: object, low: int | None, what: str, message: str
) -> None:
    with pytest.raises(FormatError) as raised:
        whole(value, "n", low, what=what)
    assert str(raised.value) == message


def test_whole_reads_a_whole_number_from_its_low_bound() -> None:
    assert whole(0, "n", 0, what="a whole number of players") == 0
    assert whole(7, "n") == 7


FROG = registry.game("frog")


def _header(**changes: Any) -> dict[str, Any]:
    header = {
        "vector": "froeschis.playthrough/1",
        "game": "frog",
        "name": "t",
        "purpose": "t",
        "clauses": [],
        "players": 3,
        "rules": FROG.rules_to_json(FROG.rules()),
        "seed": 0,
        "actions": [],
    }
    return header | changes


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": True}, "header: players: expected a whole number of players, got True"),
        ({"players": -1}, "header: players: must be at least 0, got -1"),
        ({"seed": "0"}, "header: seed: expected a whole number, got '0'"),
        ({"seed": -3}, "header: seed: must be at least 0, got -3"),
    ],
)
def test_a_playthrough_header_reads_its_numbers_as_every_json_form_does(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(FormatError) as raised:
        header_from_json(_header(**changes))
    assert str(raised.value) == message


@clause("deck.composition")
def _three() -> tuple[int, ...]:
    return (3, 1, 2)


@clause("deck.composition")
def _five() -> tuple[int, ...]:
    return (5, 4)


@attrs.frozen
class _Table(ClauseTable):
    standard_deck: Callable[[], tuple[int, ...]] = _three


def test_the_published_deck_is_ordered_once_for_each_reading_of_its_clause() -> None:
    tables = Tables(_Table(), ())
    ordered: list[tuple[int, ...]] = []

    def order(cards: Iterable[int]) -> tuple[int, ...]:
        ordered.append(found := tuple(sorted(cards)))
        return found

    deck = published_deck(tables, order)
    assert deck() == (1, 2, 3) and deck() is deck() and ordered == [(1, 2, 3)]
    tables.misread_everywhere(Reading("standard_deck", _five, "a deck of two"))
    assert deck() == (4, 5) and ordered == [(1, 2, 3), (4, 5)]
    tables.misread_everywhere()
    assert deck() == (1, 2, 3) and len(ordered) == 2  # the published reading's deck, kept
