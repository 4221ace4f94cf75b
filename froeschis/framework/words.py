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

The languages are those of a game's source texts, and English for every game
(:func:`language_choices`): where a game has no English text (Frog's only text is Japanese),
English means the catalogue's English glosses of the first text's sentences
(:func:`cited_language`), under those sentences' anchors and with their discrepancies (a gloss
translates its sentence, errors included).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Console
from rich.text import Text

from froeschis.framework.catalogue import Catalogue, Discrepancy
from froeschis.framework.errors import listing

LANGUAGE_NAMES = {"en": "English", "de": "German", "ko": "Korean", "ja": "Japanese"}
"""The source texts' languages, named in English (the language of every note shown beside them)."""

ENGLISH = "en"
"""The language of the statements, the notes and the glosses: every game's, whatever its texts'."""


def language_choices(languages: Sequence[str]) -> tuple[str, ...]:
    """The languages a command may quote a game's rules in: English first, then the other
    languages of its source texts (``languages``, the game's)."""
    return (ENGLISH, *(lang for lang in languages if lang != ENGLISH))


def cited_language(catalogue: Catalogue, lang: str) -> str:
    """The source text whose sentences stand for ``lang``: ``lang``'s own, or for English in a
    catalogue without an English text, the first text (its sentences shown by their glosses)."""
    return catalogue.languages[0] if glossed(catalogue, lang) else lang


def glossed(catalogue: Catalogue, lang: str) -> bool:
    """Whether ``lang`` is shown by the English glosses of another text (English, where the
    catalogue has no English text)."""
    return lang == ENGLISH and ENGLISH not in catalogue.sources


def text_name(catalogue: Catalogue, lang: str) -> str:
    """What the quotes of ``lang`` are, for a heading: "English", "German", or "English glosses of
    the Japanese"."""
    if glossed(catalogue, lang):
        return f"English glosses of the {LANGUAGE_NAMES[catalogue.languages[0]]}"
    return LANGUAGE_NAMES[lang]


@attrs.frozen
class Line:
    """One sentence of a source text as ``lang`` shows it: its anchor, and its text (a gloss,
    for English glosses)."""

    anchor: str
    text: str


def source_lines(catalogue: Catalogue, lang: str) -> tuple[Line, ...]:
    """The sentences of the text ``lang`` quotes, in order (``rules --text``)."""
    source = catalogue.sources[cited_language(catalogue, lang)]
    gloss = glossed(catalogue, lang)
    return tuple(Line(s.anchor, (s.gloss or s.text) if gloss else s.text) for s in source.sentences)


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
    source = cited_language(catalogue, lang)
    return tuple(d for d in catalogue.discrepancies if clause_id in d.clauses and source in d.languages)


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
            name = LANGUAGE_NAMES[cited_language(catalogue, lang)]
            phrase = f"the {name} text differs from the {listing(others, 'and')}"
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

    A sentence cited twice (with different quotes) is listed once, with its first quote. For English
    glosses (:func:`glossed`) the sentence and the quote are the gloss (a gloss translates a whole
    sentence, not the words quoted).
    """
    clause = catalogue.clause(clause_id)
    ids = tuple(d.id for d in clause_discrepancies(catalogue, clause_id, lang))
    flag = discrepancy_flag(catalogue, clause_id, lang)
    source = cited_language(catalogue, lang)
    gloss = glossed(catalogue, lang)
    found: dict[str, RuleSource] = {}
    for ref in clause.sources_in(source):
        if ref.anchor not in found:
            sentence = catalogue.sources[source].sentence(ref.anchor)
            if gloss and sentence.gloss:
                shown = RuleSource(ref.anchor, sentence.gloss, sentence.gloss, ids, flag)
            else:
                shown = RuleSource(ref.anchor, sentence.text, ref.quote, ids, flag, sentence.gloss)
            found[ref.anchor] = shown
    return tuple(found.values())


def statement_note(lang: str) -> str:
    """What to say beside a clause statement shown for ``lang``: "" for English, else that the
    statement is English (the catalogue states its clauses in English only)."""
    if lang == ENGLISH:
        return ""
    return "statement in English: the catalogue states its clauses in English only"


def unstated_rule(catalogue: Catalogue, clause_id: str, lang: str) -> str:
    """What stands for a clause that the ``lang`` text does not state: its kind and statement, with
    :func:`statement_note` (and :func:`discrepancy_flag`, should a discrepancy concern it)."""
    clause = catalogue.clause(clause_id)
    text = f"({clause.kind}; the {cited_language(catalogue, lang)} text does not say this) {clause.statement}"
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


def event_rule(catalogue: Catalogue, clause_id: str, lang: str) -> str:
    """What a command shows of the clause behind an event, for ``--lang``: in English its statement
    (the catalogue's words), in any other language the sentences of that text it rests on
    (:func:`rule_text`): one rule for every game, Fröschis' ``--lang de`` and Frog's ``--lang ja``."""
    if lang == ENGLISH:
        return catalogue.clause(clause_id).statement
    return rule_text(catalogue, clause_id, lang)


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
