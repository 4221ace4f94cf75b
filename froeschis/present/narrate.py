"""Words for the terminal: events as sentences, and the rule text behind a clause in a language.

Shared by the ``rules``, ``play``, ``watch`` and ``explain`` commands, so that they all say the same
thing about a clause. :func:`rule_sources` gives the source sentences a clause rests on in one
language (the whole sentence and the quoted part), each with the discrepancies of the catalogue
that concern the clause in that language and a short :attr:`RuleSource.flag` saying so: a reader
shown the Korean sentence of ``deck.composition`` must learn that the spec records it as
mistranslated. A clause the text of that language does not support (a ruling, a variant) has no
sentences, and :func:`unstated_rule` is then shown instead: the clause's statement, saying so.
Statements exist in English only, so wherever one is shown for another language
:func:`statement_note` says that it is English. :func:`rule_text` puts it all together in one line.
:class:`Block` prints a step of a game, its lines wrapped to the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Console
from rich.text import Text

from froeschis.core.events import Event, EventKind
from froeschis.spec import LANGUAGES, Discrepancy, load_catalogue

LANGUAGE_NAMES = {"en": "English", "de": "German", "ko": "Korean"}
"""The source texts' languages, named in English (the language of every note shown beside them)."""


@attrs.frozen
class RuleSource:
    """One source sentence of a clause: its anchor, the whole sentence, and the part quoted.

    ``discrepancies`` are the IDs of the catalogue's discrepancies that name the clause and list the
    sentence's language; ``flag`` says so in a few words (see :func:`discrepancy_flag`), or is empty.
    A discrepancy names clauses and languages, not sentences, so every sentence a clause cites in a
    listed language carries the flag, and the flag speaks of the clause.
    """

    anchor: str
    sentence: str
    quote: str
    discrepancies: tuple[str, ...] = ()
    flag: str = ""


def _listing(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def clause_discrepancies(clause_id: str, lang: str) -> tuple[Discrepancy, ...]:
    """The discrepancies that name clause ``clause_id`` and list ``lang`` among the texts that
    differ from (or leave open) what the clause says, in catalogue order."""
    catalogue = load_catalogue()
    catalogue.clause(clause_id)  # an unknown ID fails here, not by matching nothing
    return tuple(d for d in catalogue.discrepancies if clause_id in d.clauses and lang in d.languages)


def discrepancy_flag(clause_id: str, lang: str) -> str:
    """A short note for beside the ``lang`` sentences of a clause that discrepancies concern, or "".

    A discrepancy that lists only some languages says that those texts differ from the others:
    "(for this clause the Korean text differs from the English and German: see discrepancy
    ko.six-frogs)". One that lists every language says that all of them leave a point open, which
    the clause decides.
    """
    found = clause_discrepancies(clause_id, lang)
    if not found:
        return ""
    phrases: dict[str, list[str]] = {}
    for d in found:
        others = [LANGUAGE_NAMES[other] for other in LANGUAGES if other not in d.languages]
        if others:
            phrase = f"the {LANGUAGE_NAMES[lang]} text differs from the {_listing(others)}"
        else:
            phrase = f"the {_listing([LANGUAGE_NAMES[x] for x in LANGUAGES])} texts leave a point open"
        phrases.setdefault(phrase, []).append(d.id)
    parts = [
        f"{phrase}: see {'discrepancy' if len(ids) == 1 else 'discrepancies'} {', '.join(ids)}"
        for phrase, ids in phrases.items()
    ]
    return f"(for this clause {'; '.join(parts)})"


def rule_sources(clause_id: str, lang: str) -> tuple[RuleSource, ...]:
    """The sentences of the ``lang`` source text that clause ``clause_id`` cites, in citation order,
    each with the discrepancies that concern the clause in ``lang`` (see :class:`RuleSource`).

    A sentence cited twice (with different quotes) is listed once, with its first quote.
    """
    catalogue = load_catalogue()
    clause = catalogue.clause(clause_id)
    ids = tuple(d.id for d in clause_discrepancies(clause_id, lang))
    flag = discrepancy_flag(clause_id, lang)
    found: dict[str, RuleSource] = {}
    for ref in clause.sources_in(lang):
        if ref.anchor not in found:
            text = catalogue.sources[lang].sentence(ref.anchor).text
            found[ref.anchor] = RuleSource(ref.anchor, text, ref.quote, ids, flag)
    return tuple(found.values())


def statement_note(lang: str) -> str:
    """What to say beside a clause statement shown for ``lang``: "" for English, else that the
    statement is English (the catalogue states its clauses in English only)."""
    if lang == "en":
        return ""
    return "statement in English: the catalogue states its clauses in English only"


def unstated_rule(clause_id: str, lang: str) -> str:
    """What stands for a clause that the ``lang`` text does not state: its kind and statement, with
    :func:`statement_note` (and :func:`discrepancy_flag`, should a discrepancy concern it)."""
    clause = load_catalogue().clause(clause_id)
    text = f"({clause.kind}; the {lang} text does not say this) {clause.statement}"
    note = statement_note(lang)
    if note:
        text += f" ({note})"
    flag = discrepancy_flag(clause_id, lang)
    if flag:
        text += f" {flag}"
    return text


def rule_text(clause_id: str, lang: str) -> str:
    """The source sentences of a clause in ``lang`` on one line, followed by the clause's
    :func:`discrepancy_flag` (once: it speaks of the clause, not of one sentence), or, when the
    clause has no sentences in ``lang``, :func:`unstated_rule`."""
    sources = rule_sources(clause_id, lang)
    if not sources:
        return unstated_rule(clause_id, lang)
    text = " ".join(f"({s.anchor}) {s.sentence}" for s in sources)
    return f"{text} {sources[0].flag}" if sources[0].flag else text


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


class Block:
    """Lines for one step of a game, each wrapped to the console's width with its indent (the
    wrapped parts indented as the line), printed at once by :meth:`flush`.

    ``watch`` and ``explain`` print a game step by step, some thousand lines, and rich takes about
    a millisecond for each thing it prints: so a step is printed at once, a line that fits is not
    wrapped, and the width is asked once a step. Where there is no colour to print (a pipe, a
    file), the text is written as it is, without rich.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.lines: list[Text] = []
        self.width = 0

    def add(self, text: Text, indent: int = 0) -> None:
        if not self.lines:
            self.width = self.console.width  # once a step: a resized terminal is followed
        width = max(self.width - indent, 20)
        fits = text.cell_len <= width and "\n" not in text.plain
        for line in [text] if fits else text.wrap(self.console, width):
            line.rstrip()
            self.lines.append(Text(" " * indent) + line)

    def flush(self) -> None:
        if not self.lines:
            return
        if self.console.color_system is None:
            self.console.file.write("".join(f"{line.plain}\n" for line in self.lines))
        else:
            self.console.print(Text("\n").join(self.lines), soft_wrap=True)
        self.lines = []
