"""Words for the terminal about Fröschis: events as sentences, and the rule text behind a clause.

The words about a catalogue are the framework's, for every game (:mod:`froeschis.framework.words`:
the source sentences of a clause in a language, the discrepancies that concern it, a clause the
text does not state); the functions here are those bound to Fröschis' catalogue, under the names the
commands and tests use. :func:`describe` puts a Fröschis event into a sentence.
"""

from __future__ import annotations

from froeschis.framework import words
from froeschis.framework.catalogue import Discrepancy
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.spec import load_catalogue

LANGUAGE_NAMES = words.LANGUAGE_NAMES
RuleSource = words.RuleSource
Block = words.Block


def clause_discrepancies(clause_id: str, lang: str) -> tuple[Discrepancy, ...]:
    """Fröschis' :func:`froeschis.framework.words.clause_discrepancies`."""
    return words.clause_discrepancies(load_catalogue(), clause_id, lang)


def discrepancy_flag(clause_id: str, lang: str) -> str:
    """Fröschis' :func:`froeschis.framework.words.discrepancy_flag`."""
    return words.discrepancy_flag(load_catalogue(), clause_id, lang)


def rule_sources(clause_id: str, lang: str) -> tuple[RuleSource, ...]:
    """Fröschis' :func:`froeschis.framework.words.rule_sources`."""
    return words.rule_sources(load_catalogue(), clause_id, lang)


def unstated_rule(clause_id: str, lang: str) -> str:
    """Fröschis' :func:`froeschis.framework.words.unstated_rule`."""
    return words.unstated_rule(load_catalogue(), clause_id, lang)


def rule_text(clause_id: str, lang: str) -> str:
    """Fröschis' :func:`froeschis.framework.words.rule_text`."""
    return words.rule_text(load_catalogue(), clause_id, lang)


statement_note = words.statement_note


def seat_name(seat: int, you: int | None = None) -> str:
    return "you" if seat == you else f"seat {seat}"


SENTENCES = {
    EventKind.DEALT: "the cards are shuffled and dealt",
    EventKind.RESHUFFLED: (
        "the draw pile is empty: the discard pile below its top card is shuffled into a new one"
    ),
    EventKind.TURN_STARTED: "{who} to play",
    EventKind.DREW: "{who} drew {card}",
    EventKind.TOOK_DISCARD: "{who} took {card} from the discard pile",
    EventKind.PLACED: "{who} placed {card} on spot {spot}",
    EventKind.REVEALED: "{who} revealed {card} from spot {spot}",
    EventKind.FROG_PLACED: "{who} put the frog on spot {spot}",
    EventKind.FROG_SWAPPED: "{who} put {card} on spot {spot} in place of the frog, which is back in hand",
    EventKind.DISCARDED: "{who} discarded {card}; the turn ends",
    EventKind.COMPLETED: "{who} completed the row",
    EventKind.FINAL_TURNS: "{who} {was} first to complete: everybody else has one final turn",
    EventKind.ROUND_ENDED: "the round is over; completed: {seats}",
    EventKind.GAME_WON: "the game is over; {winners}: {seats}",
}
"""One sentence per kind of event; the fields are filled from the event. ``{who}`` is "you" or
"seat N", so a verb that agrees with it is a field too (``{was}``); the other verbs are past tenses,
which agree with both."""


def describe(event: Event, you: int | None = None) -> str:
    """The event as a short English sentence; ``you`` names the human player's seat."""
    if event.kind is EventKind.TURN_STARTED and event.seat == you:
        return "you: your turn"
    who = seat_name(event.seat, you) if event.seat is not None else ""
    seats = ", ".join(seat_name(s, you) for s in event.seats) or "nobody"
    winners = "winner" if len(event.seats) == 1 else "winners"
    was = "were" if who == "you" else "was"
    return SENTENCES[event.kind].format(
        who=who, was=was, card=event.card, spot=event.spot, seats=seats, winners=winners
    )
