"""Words about a game's rules, from its catalogue: the rule text behind a clause in a language, and
how the texts disagree; and :class:`Block`, which prints a step of a game to a terminal.

Shared by the commands (``rules``, ``play``, ``watch``, ``explain``) of every game, so that they all
say the same thing about a clause. :func:`rule_sources` gives the source sentences a clause rests
on in one language (the whole sentence, the quoted part, and the catalogue's English gloss where
the text is in another script), each with the discrepancies of the catalogue that concern the
clause in that language and a short :attr:`RuleSource.flag` saying so: a reader shown the Korean
sentence of Fröschis' ``deck.composition`` must learn that the spec records it as mistranslated. A
clause the text of that language does not support (a ruling, a variant) has no sentences, and
:func:`unstated_rule` is then shown instead: the clause's statement, saying so. Statements exist
in English only, so wherever one is shown for another language :func:`statement_note` says that it
is English. :func:`rule_text` puts it all together in one line.
"""

from __future__ import annotations

import attrs
from rich.console import Console
from rich.text import Text

from froeschis.framework.catalogue import Catalogue, Discrepancy
from froeschis.framework.errors import listing

LANGUAGE_NAMES = {"en": "English", "de": "German", "ko": "Korean", "ja": "Japanese"}
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
    gloss: str = ""
    """The sentence in English, where the catalogue gives one (a text in another script)."""


def clause_discrepancies(catalogue: Catalogue, clause_id: str, lang: str) -> tuple[Discrepancy, ...]:
    """The discrepancies that name clause ``clause_id`` and list ``lang`` among the texts that
    differ from (or leave open) what the clause says, in catalogue order."""
    catalogue.clause(clause_id)  # an unknown ID fails here, not by matching nothing
    return tuple(d for d in catalogue.discrepancies if clause_id in d.clauses and lang in d.languages)


def discrepancy_flag(catalogue: Catalogue, clause_id: str, lang: str) -> str:
    """A short note for beside the ``lang`` sentences of a clause that discrepancies concern, or "".

    A discrepancy that lists only some languages says that those texts differ from the others:
    "(for this clause the Korean text differs from the English and German: see discrepancy
    ko.six-frogs)". One that lists every language says that all of them leave a point open, which
    the clause decides.
    """
    found = clause_discrepancies(catalogue, clause_id, lang)
    if not found:
        return ""
    languages = catalogue.languages
    phrases: dict[str, list[str]] = {}
    for d in found:
        others = [LANGUAGE_NAMES[other] for other in languages if other not in d.languages]
        if others:
            phrase = f"the {LANGUAGE_NAMES[lang]} text differs from the {listing(others, 'and')}"
        else:
            names = [LANGUAGE_NAMES[x] for x in languages]
            text = "text leaves" if len(names) == 1 else "texts leave"
            phrase = f"the {listing(names, 'and')} {text} a point open"
        phrases.setdefault(phrase, []).append(d.id)
    parts = [
        f"{phrase}: see {'discrepancy' if len(ids) == 1 else 'discrepancies'} {', '.join(ids)}"
        for phrase, ids in phrases.items()
    ]
    return f"(for this clause {'; '.join(parts)})"


def rule_sources(catalogue: Catalogue, clause_id: str, lang: str) -> tuple[RuleSource, ...]:
    """The sentences of the ``lang`` source text that clause ``clause_id`` cites, in citation order,
    each with the discrepancies that concern the clause in ``lang`` (see :class:`RuleSource`).

    A sentence cited twice (with different quotes) is listed once, with its first quote.
    """
    clause = catalogue.clause(clause_id)
    ids = tuple(d.id for d in clause_discrepancies(catalogue, clause_id, lang))
    flag = discrepancy_flag(catalogue, clause_id, lang)
    found: dict[str, RuleSource] = {}
    for ref in clause.sources_in(lang):
        if ref.anchor not in found:
            sentence = catalogue.sources[lang].sentence(ref.anchor)
            found[ref.anchor] = RuleSource(ref.anchor, sentence.text, ref.quote, ids, flag, sentence.gloss)
    return tuple(found.values())


def statement_note(lang: str) -> str:
    """What to say beside a clause statement shown for ``lang``: "" for English, else that the
    statement is English (the catalogue states its clauses in English only)."""
    if lang == "en":
        return ""
    return "statement in English: the catalogue states its clauses in English only"


def unstated_rule(catalogue: Catalogue, clause_id: str, lang: str) -> str:
    """What stands for a clause that the ``lang`` text does not state: its kind and statement, with
    :func:`statement_note` (and :func:`discrepancy_flag`, should a discrepancy concern it)."""
    clause = catalogue.clause(clause_id)
    text = f"({clause.kind}; the {lang} text does not say this) {clause.statement}"
    note = statement_note(lang)
    if note:
        text += f" ({note})"
    flag = discrepancy_flag(catalogue, clause_id, lang)
    if flag:
        text += f" {flag}"
    return text


def rule_text(catalogue: Catalogue, clause_id: str, lang: str) -> str:
    """The source sentences of a clause in ``lang`` on one line, followed by the clause's
    :func:`discrepancy_flag` (once: it speaks of the clause, not of one sentence), or, when the
    clause has no sentences in ``lang``, :func:`unstated_rule`."""
    sources = rule_sources(catalogue, clause_id, lang)
    if not sources:
        return unstated_rule(catalogue, clause_id, lang)
    text = " ".join(f"({s.anchor}) {s.sentence}" + (f" [{s.gloss}]" if s.gloss else "") for s in sources)
    return f"{text} {sources[0].flag}" if sources[0].flag else text


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
