"""Words for the terminal: events as sentences, and the rule text behind a clause in a language.

Shared by the ``play``, ``watch`` and ``explain`` commands. :func:`rule_sources` gives the source
sentences a clause rests on in one language (the whole sentence and the quoted part); a clause the
text of that language does not support (a ruling, a variant) has none, and :func:`unstated_rule`
is then shown instead: the clause's statement, saying so. :func:`rule_text` puts the two together.
"""

from __future__ import annotations

import attrs

from froeschis.core.events import Event, EventKind
from froeschis.spec import load_catalogue


@attrs.frozen
class RuleSource:
    """One source sentence of a clause: its anchor, the whole sentence, and the part quoted."""

    anchor: str
    sentence: str
    quote: str


def rule_sources(clause_id: str, lang: str) -> tuple[RuleSource, ...]:
    """The sentences of the ``lang`` source text that clause ``clause_id`` cites, in citation order.

    A sentence cited twice (with different quotes) is listed once, with its first quote.
    """
    catalogue = load_catalogue()
    clause = catalogue.clause(clause_id)
    found: dict[str, RuleSource] = {}
    for ref in clause.sources_in(lang):
        if ref.anchor not in found:
            text = catalogue.sources[lang].sentence(ref.anchor).text
            found[ref.anchor] = RuleSource(ref.anchor, text, ref.quote)
    return tuple(found.values())


def unstated_rule(clause_id: str, lang: str) -> str:
    """What stands for a clause that the ``lang`` text does not state: its kind and (English) statement."""
    clause = load_catalogue().clause(clause_id)
    return f"({clause.kind}; the {lang} text does not say this) {clause.statement}"


def rule_text(clause_id: str, lang: str) -> str:
    """The source sentences of a clause in ``lang``, or, when it has none, :func:`unstated_rule`."""
    sources = rule_sources(clause_id, lang)
    if sources:
        return " ".join(f"({s.anchor}) {s.sentence}" for s in sources)
    return unstated_rule(clause_id, lang)


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
    EventKind.FINAL_TURNS: "{who} was first to complete: everybody else has one final turn",
    EventKind.ROUND_ENDED: "the round is over; completed: {seats}",
    EventKind.GAME_WON: "the game is over; {winners}: {seats}",
}
"""One sentence per kind of event; the fields are filled from the event."""


def describe(event: Event, you: int | None = None) -> str:
    """The event as a short English sentence; ``you`` names the human player's seat."""
    if event.kind is EventKind.TURN_STARTED and event.seat == you:
        return "you: your turn"
    who = seat_name(event.seat, you) if event.seat is not None else ""
    seats = ", ".join(seat_name(s, you) for s in event.seats) or "nobody"
    winners = "winner" if len(event.seats) == 1 else "winners"
    return SENTENCES[event.kind].format(
        who=who, card=event.card, spot=event.spot, seats=seats, winners=winners
    )
