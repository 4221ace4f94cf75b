"""Events in words (``froeschis.games.froeschis.render.describe``): each sentence agrees with whoever it
is about, the human player ("you") or another seat ("seat 2")."""

from __future__ import annotations

import re

import pytest

from froeschis.games.froeschis.cards import number
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.render import describe


def event(kind: EventKind, seat: int = 1, seats: tuple[int, ...] = (1,)) -> Event:
    return Event(kind, ("x.y",), seat=seat, card=number(3), spot=3, seats=seats)


@pytest.mark.parametrize(
    ("you", "sentence"),
    [
        (1, "you were first to complete: everybody else has one final turn"),
        (0, "seat 1 was first to complete: everybody else has one final turn"),
        (None, "seat 1 was first to complete: everybody else has one final turn"),
    ],
    ids=["you", "another-seat", "no-human"],
)
def test_the_first_completer_is_told_in_the_right_person(you: int | None, sentence: str) -> None:
    assert describe(event(EventKind.FINAL_TURNS), you) == sentence


SECOND_PERSON = re.compile(r"\byou (was|is|has)\b")
THIRD_PERSON = re.compile(r"\bseat \d+ (were|are|have)\b")


@pytest.mark.parametrize("kind", list(EventKind))
@pytest.mark.parametrize("seats", [(1,), (0, 1)], ids=["one", "two"])
def test_no_sentence_pairs_a_person_with_the_wrong_verb(kind: EventKind, seats: tuple[int, ...]) -> None:
    """Every kind of event, about the human (seat 1 is "you") and about another seat, one seat or
    two: "you" never takes "was", "is" or "has", and "seat N" never "were", "are" or "have"."""
    for you in (1, 0, None):
        sentence = describe(event(kind, seats=seats), you)
        assert not SECOND_PERSON.search(sentence) and not THIRD_PERSON.search(sentence), sentence
        if you == 1 and kind is not EventKind.DEALT and kind is not EventKind.RESHUFFLED:
            assert "you" in sentence and "seat 1" not in sentence, sentence
