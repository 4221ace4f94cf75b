"""Words for the terminal about Fröschis: events as sentences, and the rule text behind a clause.

The words about a catalogue are the framework's, for every game (:mod:`froeschis.framework.words`:
the source sentences of a clause in a language, the discrepancies that concern it, a clause the
text does not state); the functions here are those bound to Fröschis' catalogue, under the names the
commands and tests use. :func:`describe` puts a Fröschis event into a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from froeschis.framework import words
from froeschis.framework.catalogue import Discrepancy
from froeschis.games.froeschis.cards import Card
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.observation import Observation, observe
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


def _cell(card: Card | None) -> str:
    return "?" if card is None else str(card)


def table_lines(observation: Observation, names: Sequence[str]) -> list[str]:
    """The rows as a table under a line of spot numbers: the spot numbers first, then the other
    seats' rows, the seat's own last. The labels are padded to one width and every column is as
    wide as the widest entry (a spot number or a card of two digits), so that each card stands under
    its spot's number in rows of any length."""
    me = observation.seat
    rows = observation.rows
    labels = ["spot:", *(f"seat {s} ({names[s]}):" for s in range(len(rows)) if s != me), f"you, seat {me}:"]
    cells = [
        [str(n) for n in range(1, max(map(len, rows), default=0) + 1)],
        *([_cell(c) for c in rows[s]] for s in range(len(rows)) if s != me),
        [_cell(c) for c in rows[me]],
    ]
    width = max((len(text) for line in cells for text in line), default=1)
    label = max(map(len, labels))
    return [
        f"  {name:<{label}} " + " ".join(f"{text:>{width}}" for text in line)
        for name, line in zip(labels, cells, strict=True)
    ]


def view_lines(observation: Observation, names: Sequence[str]) -> list[str]:
    """What a seat sees, as lines: the round and the piles, the spot numbers, the other rows, the
    seat's own row, and the card in hand (if any). ``names`` are the seats' names in the table."""
    pile = observation.discard_pile
    discard = f"{pile[0]} on top ({len(pile)} card{'s' if len(pile) > 1 else ''})" if pile else "empty"
    heading = (
        f"Round {observation.round} - draw pile {observation.draw_pile_size} cards - discard pile {discard}"
    )
    spots, *others, own = table_lines(observation, names)
    hand = [f"  in hand: {observation.hand}"] if observation.hand is not None else []
    return [heading, spots, *others, own, *hand]


def seat_view(state: GameState, seat: int) -> str:
    """What ``seat`` may see of ``state``, as text: :func:`view_lines` of its observation."""
    names = [f"seat {s}" for s in range(state.num_players)]
    return "\n".join(view_lines(observe(state, seat), names))
