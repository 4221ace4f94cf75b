"""The annotated rules, their German and Korean readings and the traceability matrix, as reStructuredText.

The documentation in ``docs/`` (a Sphinx project) renders every page about the rules through this
module, from the clause catalogue as :mod:`froeschis.spec` loads it and the traceability data of
:mod:`froeschis.verify.trace`: the docs hold no second copy of the rules. The only rule text kept
beside the catalogue is the translations of its English statements (``docs/translations/*.toml``),
each tied to the English it translates by a fingerprint.

:func:`build_model` gathers everything and refuses, with a :class:`DocsGateError` listing every
problem, a catalogue in which a clause has no implementation, no test or no translation, a
translation of an English statement that has since changed, or a test that names an unknown
clause. The functions ending in ``_rst`` return reStructuredText for the docs' Sphinx extension
(``docs/_ext/froeschis_sphinx.py``), which also defines the ``source-quote`` role they use.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import textwrap
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from froeschis.core.cards import Row, parse_card, parse_spot
from froeschis.core.errors import FroeschisError
from froeschis.present import svg
from froeschis.spec import LANGUAGES, Catalogue, Clause, Discrepancy, load_catalogue
from froeschis.verify.trace import ClauseTrace, trace_matrix, unknown_ids

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ko": "한국어"}
"""How each language is named in its own words (column headings of the source tables)."""
LANGUAGE_NAMES_EN = {"en": "English", "de": "German", "ko": "Korean"}
KIND_NOTES = {
    "source": "stated by the source texts",
    "ruling": "the texts are silent or ambiguous; this is our decision",
    "variant": "an alternative reading, off by default",
}
TRANSLATED = ("de", "ko")
"""The languages the normative statements are translated into."""
READING_LABELS = (
    "note_title",
    "note",
    "translation_of",
    "kind",
    "source",
    "ruling",
    "variant",
    "sources",
    "no_sources",
    "option",
    "discrepancies",
)
"""The page texts every translation file gives in its ``[labels]`` table."""


class DocsGateError(FroeschisError):
    """The docs refuse to build: a clause lacks an implementation, a test or a translation, or
    the trace names something the catalogue does not have. ``problems`` lists each one."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(
            "the documentation cannot be built:\n" + "\n".join(f"  - {problem}" for problem in problems)
        )
        self.problems = tuple(problems)


# --------------------------------------------------------------------------- translations


def fingerprint(clause: Clause) -> str:
    """A short hash of a clause's English title and statement: what a translation translates."""
    return hashlib.sha256(f"{clause.title}\n{clause.statement}".encode()).hexdigest()[:12]


@attrs.frozen
class Translation:
    """One clause's title and normative statement in another language."""

    clause: str
    title: str
    statement: str


@attrs.frozen
class Reading:
    """The rules in one language: a translation of every clause, and the page's own words."""

    language: str
    labels: Mapping[str, str]
    clauses: Mapping[str, Translation]


def _string(table: Mapping[str, Any], key: str, where: str, problems: list[str]) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}: {key!r} must be a non-empty string")
        return ""
    return value


def load_reading(path: Path, catalogue: Catalogue, problems: list[str]) -> Reading:
    """Read one translation file, adding to ``problems`` every clause it lacks, every ID it has
    that the catalogue does not, and every translation whose English has changed since."""
    where = path.name
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    language = _string(data, "language", where, problems)
    labels_table = data.get("labels", {})
    labels = {key: _string(labels_table, key, f"{where} [labels]", problems) for key in READING_LABELS}
    table = data.get("clause", {})
    known = set(catalogue.ids())
    for clause_id in sorted(set(table) - known):
        problems.append(f"{where}: translates {clause_id!r}, which is not in spec/clauses.toml")
    clauses: dict[str, Translation] = {}
    for clause in catalogue.clauses:
        entry = table.get(clause.id)
        if entry is None:
            problems.append(f"{where}: no translation of clause {clause.id!r}")
            continue
        at = f"{where} [clause.{clause.id!r}]"
        expected = fingerprint(clause)
        if entry.get("translates") != expected:
            problems.append(
                f"{at}: translates an older English text (fingerprint {entry.get('translates')!r}); "
                f"check the translation against the current statement, then set translates = {expected!r}"
            )
        clauses[clause.id] = Translation(
            clause.id, _string(entry, "title", at, problems), _string(entry, "statement", at, problems)
        )
    return Reading(language, labels, clauses)


# --------------------------------------------------------------------------- tests and playthroughs


@attrs.frozen
class TracedTest:
    """A test that names clauses: its node ID, the first paragraph of its docstring, its code."""

    nodeid: str
    summary: str
    code: str
    clauses: tuple[str, ...]


@attrs.frozen
class Playthrough:
    """A golden playthrough file of ``spec/vectors/``: how many entries, which clauses its events name."""

    name: str
    entries: int
    clauses: tuple[str, ...]
    purpose: str = ""
    """What the playthrough is for, if its first line says so (a ``purpose`` string)."""


def _test_nodes(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Qualified name (``TestX::test_y``) -> the test function node, for every test in a module."""
    found: dict[str, ast.FunctionDef] = {}

    def visit(nodes: list[ast.stmt], prefix: str) -> None:
        for node in nodes:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}::")
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                found[f"{prefix}{node.name}"] = node

    visit(tree.body, "")
    return found


def collect_tests(tests_dir: Path, by_clause: Mapping[str, Sequence[str]]) -> dict[str, TracedTest]:
    """Every test that ``by_clause`` lists, with its code, in node ID order."""
    clauses_of: dict[str, list[str]] = {}
    for clause_id, nodeids in by_clause.items():
        for nodeid in nodeids:
            clauses_of.setdefault(nodeid, []).append(clause_id)
    found: dict[str, TracedTest] = {}
    trees: dict[str, tuple[list[str], dict[str, ast.FunctionDef]]] = {}
    for nodeid in sorted(clauses_of):
        path, _, qualname = nodeid.partition("::")
        if path not in trees:
            text = (tests_dir.parent / path).read_text(encoding="utf-8")
            trees[path] = (text.splitlines(), _test_nodes(ast.parse(text)))
        lines, nodes = trees[path]
        node = nodes[qualname]
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        end = node.end_lineno if node.end_lineno is not None else node.lineno
        doc = ast.get_docstring(node) or ""
        found[nodeid] = TracedTest(
            nodeid=nodeid,
            summary=" ".join(doc.split("\n\n")[0].split()),
            code=textwrap.dedent("\n".join(lines[start - 1 : end])),
            clauses=tuple(sorted(set(clauses_of[nodeid]))),
        )
    return found


def playthroughs(vectors_dir: Path) -> dict[str, Playthrough]:
    """The golden playthroughs (``*.jsonl``) in ``vectors_dir``; none while it does not exist."""
    found: dict[str, Playthrough] = {}
    for path in sorted(vectors_dir.glob("*.jsonl")):
        named: set[str] = set()
        entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for entry in entries:
            for event in entry.get("events", []):
                named.update(event["clauses"])
        purpose = entries[0].get("purpose", "") if entries else ""
        found[path.name] = Playthrough(
            path.name, len(entries), tuple(sorted(named)), purpose if isinstance(purpose, str) else ""
        )
    return found


# --------------------------------------------------------------------------- the model


@attrs.frozen
class DocModel:
    """Everything the rule pages show: the catalogue, the matrix, the tests, the playthroughs
    and the readings in other languages."""

    catalogue: Catalogue
    matrix: tuple[ClauseTrace, ...]
    tests: Mapping[str, TracedTest]
    playthroughs: Mapping[str, Playthrough]
    readings: Mapping[str, Reading]

    def trace(self, clause_id: str) -> ClauseTrace:
        return next(row for row in self.matrix if row.clause == clause_id)

    def discrepancies_of(self, clause_id: str) -> tuple[Discrepancy, ...]:
        return tuple(d for d in self.catalogue.discrepancies if clause_id in d.clauses)


def coverage_problems(matrix: Iterable[ClauseTrace]) -> list[str]:
    """A message for every clause without an implementation or without a test."""
    problems = []
    for row in matrix:
        if not row.implementations:
            problems.append(f"clause {row.clause!r} has no implementation (no @implements mark names it)")
        if not row.tests:
            problems.append(f"clause {row.clause!r} has no test (no @pytest.mark.clause names it)")
    return problems


def build_model(tests_dir: Path, vectors_dir: Path, translations_dir: Path) -> DocModel:
    """Gather and check everything; :class:`DocsGateError` lists every reason not to build."""
    catalogue = load_catalogue()
    matrix = trace_matrix(tests_dir, vectors_dir)
    in_force = set(catalogue.in_force_ids())
    problems = coverage_problems(row for row in matrix if row.clause in in_force)  # deprecated: none needed
    for clause_id, where in unknown_ids(tests_dir, vectors_dir).items():
        named = f"{', '.join(where)} name(s) clause {clause_id!r}"
        problems.append(f"{named}, which is not a clause in force in spec/clauses.toml")
    readings = {}
    for language in TRANSLATED:
        path = translations_dir / f"{language}.toml"
        if not path.is_file():
            problems.append(f"no translation file {path}")
            continue
        reading = load_reading(path, catalogue, problems)
        if reading.language != language:
            problems.append(f"{path.name}: says language = {reading.language!r}")
        readings[language] = reading
    if problems:
        raise DocsGateError(problems)
    by_clause = {row.clause: list(row.tests) for row in matrix}
    return DocModel(
        catalogue=catalogue,
        matrix=matrix,
        tests=collect_tests(tests_dir, by_clause),
        playthroughs=playthroughs(vectors_dir),
        readings=readings,
    )


# --------------------------------------------------------------------------- reStructuredText helpers

_SPECIAL = re.compile(r"([\\`*_|<>\[\]:])")


def esc(text: str) -> str:
    """``text`` as reStructuredText that shows exactly ``text`` (markup characters escaped)."""
    return _SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", text))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def clause_label(clause_id: str) -> str:
    """The label of a clause's section in the annotated rules (``:ref:`` target)."""
    return f"clause-{clause_id}"


def reading_label(language: str, clause_id: str) -> str:
    return f"reading-{language}-{clause_id}"


def tests_label(clause_id: str) -> str:
    """The label of the list of a clause's tests in its section."""
    return f"clause-tests-{clause_id}"


def plays_label(clause_id: str) -> str:
    """The label of the list of a clause's golden playthroughs in its section."""
    return f"clause-playthroughs-{clause_id}"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def test_label(nodeid: str) -> str:
    return f"test-{_slug(nodeid)}"


def playthrough_label(name: str) -> str:
    return f"playthrough-{_slug(name)}"


def discrepancy_label(discrepancy_id: str) -> str:
    return f"discrepancy-{discrepancy_id}"


def ref(label: str, text: str) -> str:
    """A ``:ref:`` link to ``label`` showing ``text``."""
    return f":ref:`{esc(text)} <{label}>`"


def clause_ref(clause_id: str) -> str:
    """A link to a clause's section, showing its ID."""
    return ref(clause_label(clause_id), clause_id)


def _width(text: str) -> int:
    """The columns ``text`` takes, as docutils counts them (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def linked(
    text: str, catalogue: Catalogue, skip: str = "", label: Callable[[str], str] = clause_label
) -> str:
    """``text`` escaped, with every clause ID in it (other than ``skip``) a link to ``label(id)``:
    by default the clause's section of the annotated rules."""
    ids = sorted((i for i in catalogue.ids() if i != skip), key=len, reverse=True)
    if not ids:
        return esc(text)
    pattern = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\w)")
    return pattern.sub(lambda m: rf"\ {ref(label(m[1]), m[1])}\ ", esc(text))


def _heading(text: str, underline: str) -> list[str]:
    return [text, underline * max(_width(text), 4), ""]


def _indent(text: str, by: str = "   ") -> str:
    return "\n".join(by + line if line else "" for line in text.splitlines())


def marked_sentence(text: str, quotes: Iterable[str]) -> str:
    """``text`` with every quoted part marked by the ``source-quote`` role."""
    spans: list[tuple[int, int]] = []
    for quote in quotes:
        start = text.find(quote)
        if start >= 0 and quote.strip():
            spans.append((start, start + len(quote)))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    parts, at = [], 0
    for start, end in merged:
        parts.append(esc(text[at:start]))
        parts.append(rf"\ :source-quote:`{esc(text[start:end])}`\ ")
        at = end
    parts.append(esc(text[at:]))
    return "".join(parts)


def _cited(catalogue: Catalogue, clause: Clause, language: str) -> list[str]:
    """The sentences a clause cites in one language, each as one rST line with its quotes marked."""
    quotes: dict[str, list[str]] = {}
    for source in clause.sources_in(language):
        quotes.setdefault(source.anchor, []).append(source.quote)
    text = catalogue.sources[language]
    return [
        f"**{anchor}** {marked_sentence(text.sentence(anchor).text, qs)}" for anchor, qs in quotes.items()
    ]


def _list_table(headers: Sequence[str], rows: Sequence[Sequence[str]], widths: str, cls: str) -> list[str]:
    """A ``list-table``; each cell's text may span several lines (blank-line separated paragraphs)."""
    out = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", f"   :class: {cls}", ""]
    for cells in [headers, *rows]:
        for j, cell in enumerate(cells):
            lead = "   * - " if j == 0 else "     - "
            lines = cell.splitlines() or [""]
            out.append(lead + lines[0])
            out += ["       " + line if line else "" for line in lines[1:]]
    out.append("")
    return out


# --------------------------------------------------------------------------- pictures of rows


@attrs.frozen
class RowExample:
    """A hand-built row that shows what a clause says, pictured in the clause's section
    (:func:`froeschis.present.svg.row`)."""

    row: str
    """The spots in their text form, spot 1 first: ``3`` face up, ``[3]`` face down."""
    caption: str
    """What the picture shows (reStructuredText; clause IDs in it become links)."""
    hand: str | None = None
    discard: str | None = None
    highlight: tuple[int, ...] = ()
    """The spots the caption speaks of, marked."""
    reveal: bool = False
    """Whether the face-down cards show, small, what lies under them (a view nobody at the table has)."""

    def spots(self) -> Row:
        return Row(tuple(parse_spot(text) for text in self.row.split()))

    def picture(self) -> str:
        hand = None if self.hand is None else parse_card(self.hand)
        discard = None if self.discard is None else parse_card(self.discard)
        row = self.spots()
        return svg.row(row, hand=hand, discard=discard, highlight=self.highlight, reveal_hidden=self.reveal)


_COMPLETE_SEVEN = "1 2 3 4 5 6 7"

ROW_EXAMPLES: Mapping[str, RowExample] = {
    "row.initial-length": RowExample(
        "[3] [6] [6] [7] [2] [5] [6] [8]", "A row of the first round: eight spots, dealt face down."
    ),
    "round.deal": RowExample(
        "[3] [6] [6] [7] [2] [5] [6] [8]",
        "A row as dealt: the next cards of the shuffled deck, face down (what lies under each back is "
        "shown small, a view nobody at the table has).",
        reveal=True,
    ),
    "variant.discard-if-placeable": RowExample(
        "[5] 2 [T] [7] 5 [4] [8] [1]",
        "With the variant, the discard pile's 4 may be taken: spot 4 is face down. A 2 or a 5 could "
        "not be: their spots show them already.",
        discard="4",
        highlight=(4,),
    ),
    "place.number-spot": RowExample(
        "[3] 2 [6] [7] [T] [5] [1] [8]", "A 6 in hand goes on spot 6.", hand="6", highlight=(6,)
    ),
    "place.face-down-only": RowExample(
        "[8] 2 [T] [1] 5 [4] [6] [3]",
        "The 4 in hand goes on spot 4, which is face down. Nothing is placed on spots 2 and 5: they "
        "show their cards.",
        hand="4",
        highlight=(4,),
    ),
    "frog.place": RowExample(
        "[3] 2 [6] 4 [T] [5] [1] [8]",
        "A frog in hand goes on a face-down spot of the player's choice: any of the marked ones.",
        hand="F",
        highlight=(1, 3, 5, 6, 7, 8),
    ),
    "frog.swap": RowExample(
        "[8] 2 F 4 [1] [5] [6] [T]",
        "A 3 in hand, and spot 3 holds a face-up frog: the 3 replaces the frog, which goes into hand.",
        hand="3",
        highlight=(3,),
    ),
    "dead.duplicate": RowExample(
        "[8] 2 [T] 4 [1] [5] [6] [3]",
        "A 2 in hand, and spot 2 shows a 2 already: the 2 is discarded and the turn ends.",
        hand="2",
        highlight=(2,),
    ),
    "dead.above-row-length": RowExample(
        "[3] 2 [T] [1] [5] [4]", "A row of six spots has no spot for the 7 in hand: it is trash.", hand="7"
    ),
    "complete.no-face-down": RowExample(
        _COMPLETE_SEVEN, "A complete row of seven: none of its cards is face down."
    ),
    "complete.frogs-count": RowExample(
        "1 2 F 4 5 6", "A complete row: the frog on spot 3 counts as a 3.", highlight=(3,)
    ),
    "complete.ends-turn": RowExample(
        "1 2 3 F 5 6",
        "The last card revealed completed the row: the 4 in hand is discarded and the turn ends; it "
        "does not replace the frog on spot 4.",
        hand="4",
        highlight=(4,),
    ),
    "variant.reveal-at-round-end": RowExample(
        "1 [2] 3 [F] 5",
        "At the round's end the face-down cards are revealed (shown small): a 2 on spot 2 and a frog "
        "on spot 4. Every one fits, so with the variant the row counts as completed.",
        highlight=(2, 4),
        reveal=True,
    ),
    "round.next-lengths": RowExample(
        _COMPLETE_SEVEN, "This row of seven is complete at the round's end: next round it has six spots."
    ),
    "game.end": RowExample("1", "A completed row of one spot: at the round's end its player wins."),
}
"""The clauses pictured with a row: every clause whose statement speaks of a row or a spot
(:func:`speaks_of_a_row`) is here or in :data:`NO_ROW_EXAMPLE`."""

NO_ROW_EXAMPLE: Mapping[str, str] = {
    "turn.chain-order": "an order of six cases, each a clause with its own picture",
    "round.final-turns": "it is about the turns after a completed row (complete.no-face-down shows one)",
    "round.final-turn-completion": "it is about whose turns follow, not about what a row shows",
}
"""The clauses that speak of rows but are not pictured with one, and why."""


def speaks_of_a_row(clause: Clause) -> bool:
    """Whether a clause's statement speaks of a row or a spot: those are pictured with a row."""
    return re.search(r"\b(rows?|spots?)\b", clause.statement, flags=re.IGNORECASE) is not None


def row_picture(catalogue: Catalogue, clause_id: str, *, caption: bool = True) -> list[str]:
    """reStructuredText of the clause's example row (nothing for a clause without one): the
    picture, and under it the caption when ``caption`` (the readings in other languages show the
    picture alone: the captions are English)."""
    example = ROW_EXAMPLES.get(clause_id)
    if example is None:
        return []
    picture = f'<div class="froeschis-picture" lang="en">{example.picture()}</div>'
    out = [".. raw:: html", "", f'   <div class="froeschis-figure row-example">{picture}</div>', ""]
    if caption:
        out += [
            ".. rst-class:: froeschis-caption",
            "",
            linked(example.caption, catalogue, clause_id),
            "",
        ]
    return out


# --------------------------------------------------------------------------- the annotated rules


def sources_table(catalogue: Catalogue, clause: Clause) -> list[str]:
    """The cited sentences of the three languages side by side (or a line saying there are none)."""
    if not clause.sources:
        return [
            "None of the three texts says anything about this; the clause rests on the reasoning below.",
            "",
        ]
    cells = []
    for language in LANGUAGES:
        cited = "\n\n".join(_cited(catalogue, clause, language))
        if not cited:
            cells.append("*(not in this text)*")
        else:  # marked with its language (lang="de"): for the fonts, hyphenation and screen readers
            cells.append(
                cited if language == "en" else f".. container:: language-{language}\n\n{_indent(cited)}"
            )
    headers = [LANGUAGE_NAMES[lang] for lang in LANGUAGES]
    return _list_table(headers, [cells], "1 1 1", "source-sentences")


def _implementation_links(row: ClauseTrace) -> str:
    return ", ".join(f":py:func:`{name}`" for name in row.implementations)


def clause_rst(model: DocModel, clause: Clause) -> str:
    """One clause's section of the annotated rules."""
    row = model.trace(clause.id)
    out = [f".. _{clause_label(clause.id)}:", ""]
    out += _heading(f"{esc(clause.title)} (``{clause.id}``)", "-")
    out += [
        ".. container:: clause-statement",
        "",
        _indent(linked(clause.statement, model.catalogue, clause.id)),
        "",
        *row_picture(model.catalogue, clause.id),
    ]
    out.append(f":Kind: **{clause.kind}**: {KIND_NOTES[clause.kind]}")
    if clause.deprecated is not None:
        replaced = ", ".join(clause_ref(cid) for cid in clause.deprecated.replaced_by) or "nothing"
        out.append(
            f":Deprecated: since {clause.deprecated.since}: {esc(clause.deprecated.reason)} "
            f"Replaced by {replaced}. Its ID stays, never reused."
        )
    if clause.option is not None:
        out.append(
            f":Switched on by: ``Rules({clause.option}=True)``, or ``--{clause.option.replace('_', '-')}`` "
            "for ``froeschis watch``"
        )
    out.append(f":Implemented by: {_implementation_links(row)}")
    out.append(f":Tested by: {ref(tests_label(clause.id), _count(len(row.tests), 'test'))}")
    out.append(
        f":Golden playthroughs: {ref(plays_label(clause.id), _count(len(row.playthroughs), 'playthrough'))}"
    )
    readings = " · ".join(
        ref(reading_label(lang, clause.id), LANGUAGE_NAMES[lang]) for lang in sorted(model.readings)
    )
    out += [f":Translations: {readings}", ""]
    out += [".. rubric:: Source sentences", ""]
    out += sources_table(model.catalogue, clause)
    if clause.rationale:
        heading = {"source": "How we read the texts", "ruling": "Why", "variant": "Why"}[clause.kind]
        out += [f".. rubric:: {heading}", "", linked(clause.rationale, model.catalogue, clause.id), ""]
    if clause.secondary:
        out += [".. rubric:: Secondary sources", ""]
        out += [f"- {esc(s)}" for s in clause.secondary] + [""]
    for d in model.discrepancies_of(clause.id):
        languages = ", ".join(LANGUAGE_NAMES_EN[lang] for lang in d.languages)
        out += [
            f".. admonition:: Discrepancy {d.id} ({languages})",
            "   :class: discrepancy",
            "",
            _indent(esc(d.summary)),
            "",
            _indent(f"**Resolution:** {linked(d.resolution, model.catalogue, clause.id)}"),
            "",
        ]
    out += [f".. _{tests_label(clause.id)}:", "", ".. rubric:: Tests", ""]
    out += [f"- {ref(test_label(nodeid), nodeid)}" for nodeid in row.tests] + [""]
    out += [f".. _{plays_label(clause.id)}:", "", ".. rubric:: Golden playthroughs", ""]
    if row.playthroughs:
        out += [", ".join(ref(playthrough_label(name), name) for name in row.playthroughs), ""]
    else:
        out += ["No golden playthrough exercises this clause yet.", ""]
    return "\n".join(out)


def rules_rst(model: DocModel) -> str:
    """The annotated rules: one section per clause, in rule order."""
    return "\n".join(clause_rst(model, clause) for clause in model.catalogue.clauses)


def summary_rst(model: DocModel) -> str:
    """The rules at a glance: one line per clause, in rule order, linking to its section."""
    catalogue = model.catalogue
    rows = [
        [clause_ref(c.id), esc(c.title), c.kind, linked(c.statement, catalogue, c.id)]
        for c in catalogue.clauses
    ]
    return "\n".join(_list_table(["Clause", "Title", "Kind", "Statement"], rows, "2 2 1 6", "rules-summary"))


def discrepancies_rst(model: DocModel) -> str:
    """Every discrepancy between the source texts, with the clauses it concerns."""
    out: list[str] = []
    for d in model.catalogue.discrepancies:
        languages = ", ".join(LANGUAGE_NAMES_EN[lang] for lang in d.languages)
        out += [f".. _{discrepancy_label(d.id)}:", ""]
        out += _heading(f"``{d.id}``", "-")
        out += [
            f":Texts: {languages}",
            f":Clauses: {', '.join(clause_ref(c) for c in d.clauses)}",
            "",
            esc(d.summary),
            "",
            f"**Resolution:** {linked(d.resolution, model.catalogue)}",
            "",
        ]
    return "\n".join(out)


def rulings_rst(model: DocModel) -> str:
    """The rulings and the variants, for players: what we decided, why, and how to switch variants on."""
    out: list[str] = []
    for kind, heading in (("ruling", "Rulings"), ("variant", "Variants")):
        out += _heading(heading, "-")
        for clause in model.catalogue.clauses:
            if clause.kind != kind:
                continue
            out += [f"**{esc(clause.title)}** ({clause_ref(clause.id)})", ""]
            out += [_indent(linked(clause.statement, model.catalogue, clause.id)), ""]
            out += [_indent(f"*Why:* {linked(clause.rationale, model.catalogue, clause.id)}"), ""]
            if clause.option is not None:
                flag = clause.option.replace("_", "-")
                out += [
                    _indent(f"*Play it:* ``Rules({clause.option}=True)``, or ``froeschis watch --{flag}``."),
                    "",
                ]
    return "\n".join(out)


# --------------------------------------------------------------------------- readings in other languages


def reading_rst(model: DocModel, language: str) -> str:
    """The rules in ``language``: each translated statement, marked as a translation of the English,
    with the sentences of that language's own source text that the clause rests on."""
    reading = model.readings[language]
    labels = reading.labels
    out = [".. admonition:: " + esc(labels["note_title"]), "   :class: translation-note", ""]
    out += [_indent(esc(labels["note"])), ""]
    for clause in model.catalogue.clauses:
        translation = reading.clauses[clause.id]
        out += [f".. _{reading_label(language, clause.id)}:", ""]
        out += _heading(f"{esc(translation.title)} (``{clause.id}``)", "-")
        statement = linked(
            translation.statement, model.catalogue, clause.id, lambda i: reading_label(language, i)
        )
        out += [".. container:: clause-statement", "", _indent(statement), ""]
        out += row_picture(model.catalogue, clause.id, caption=False)
        out.append(f":{esc(labels['kind'])}: {esc(labels[clause.kind])}")
        if clause.option is not None:
            out.append(f":{esc(labels['option'])}: ``Rules({clause.option}=True)``")
        out.append(f":{esc(labels['translation_of'])}: {ref(clause_label(clause.id), clause.title)}")
        noted = [d for d in model.discrepancies_of(clause.id) if language in d.languages]
        if noted:
            links = ", ".join(ref(discrepancy_label(d.id), d.id) for d in noted)
            out.append(f":{esc(labels['discrepancies'])}: {links}")
        out.append("")
        cited = _cited(model.catalogue, clause, language)
        out += [f".. rubric:: {esc(labels['sources'])}", ""]
        if cited:
            out += [line for sentence in cited for line in (f"- {sentence}", "")]
        else:
            out += [esc(labels["no_sources"]), ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- traceability


def coverage_rst(model: DocModel) -> str:
    """The coverage counts: per kind and in total, how many clauses are implemented, tested, played."""
    rows = []
    for kind in (*sorted({c.kind for c in model.catalogue.clauses}), None):
        traces = [row for row in model.matrix if kind is None or row.kind == kind]
        rows.append(
            [
                "**all**" if kind is None else kind,
                str(len(traces)),
                str(sum(1 for row in traces if row.implementations)),
                str(sum(1 for row in traces if row.tests)),
                str(sum(1 for row in traces if row.playthroughs)),
                str(sum(len(row.tests) for row in traces)),
            ]
        )
    headers = ["Kind", "Clauses", "Implemented", "Tested", "In playthroughs", "Test marks"]
    return "\n".join(_list_table(headers, rows, "2 1 1 1 1 1", "coverage"))


def matrix_rst(model: DocModel) -> str:
    """The traceability matrix: clause x implementations x tests x golden playthroughs."""
    rows = []
    for row in model.matrix:
        implementations = ", ".join(f":py:func:`~{name}`" for name in row.implementations)
        tests = ref(tests_label(row.clause), str(len(row.tests)))
        plays = ref(plays_label(row.clause), str(len(row.playthroughs)))
        rows.append([clause_ref(row.clause), row.kind, implementations, tests, plays])
    headers = ["Clause", "Kind", "Implementation", "Tests", "Golden playthroughs"]
    return "\n".join(_list_table(headers, rows, "3 1 5 1 1", "trace-matrix"))


def tests_rst(model: DocModel) -> str:
    """Every test that names a clause, by module: the clauses it checks, its summary, its code."""
    out: list[str] = []
    module = None
    for test in model.tests.values():
        path, _, name = test.nodeid.partition("::")
        if path != module:
            module = path
            out += _heading(f"``{path}``", "-")
        out += [f".. _{test_label(test.nodeid)}:", "", f".. rubric:: ``{name}``", ""]
        out += [f":Checks: {', '.join(clause_ref(c) for c in test.clauses)}", ""]
        if test.summary:
            out += [linked(test.summary, model.catalogue), ""]
        out += [".. code-block:: python", "", _indent(test.code), ""]
    return "\n".join(out)


def playthroughs_rst(model: DocModel) -> str:
    """The golden playthroughs and the clauses each exercises (a line saying so while there are none)."""
    if not model.playthroughs:
        return "There are no golden playthroughs in ``spec/vectors/`` yet.\n"
    out: list[str] = []
    for play in model.playthroughs.values():
        out += [f".. _{playthrough_label(play.name)}:", ""]
        out += _heading(f"``{play.name}``", "-")
        if play.purpose:
            out += [linked(play.purpose.strip(), model.catalogue), ""]
        out += [f"{play.entries} lines. Its events name {len(play.clauses)} clauses:", ""]
        out += [", ".join(clause_ref(c) for c in play.clauses), ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- the other games

GAME_LANGUAGE_NAMES = {"ja": "Japanese", "en": "English", "de": "German", "ko": "Korean"}


@attrs.frozen
class GameDoc:
    """What the rule page and the matrix of a game other than Fröschis show: its catalogue and its
    trace (by :func:`froeschis.verify.trace.trace_matrix` for that game, as the coverage gate reads it)."""

    name: str
    title: str
    catalogue: Catalogue
    matrix: tuple[ClauseTrace, ...]
    options: Mapping[str, str]
    """Variant clause -> the rules option that switches it on (the game's list of variants)."""

    def trace(self, clause_id: str) -> ClauseTrace:
        return next(row for row in self.matrix if row.clause == clause_id)


def build_game_doc(tests_dir: Path, game: Any) -> GameDoc:
    """Gather and check one game (a :class:`froeschis.framework.game.Game`): a clause in force
    without an implementation or a test, or a test naming an unknown clause, is a :class:`DocsGateError`."""
    catalogue = game.catalogue()
    matrix = trace_matrix(tests_dir, of=game)
    in_force = set(catalogue.in_force_ids())
    problems = [f"{game.name}: {p}" for p in coverage_problems(r for r in matrix if r.clause in in_force)]
    for clause_id, where in unknown_ids(tests_dir, of=game).items():
        problems.append(
            f"{game.name}: {', '.join(where)} name(s) clause {clause_id!r}, not in {catalogue.path}"
        )
    if problems:
        raise DocsGateError(problems)
    options = {variant.clause: variant.option for variant in game.variants}
    return GameDoc(game.name, game.title, catalogue, matrix, options)


def game_clause_label(game: str, clause_id: str) -> str:
    """The label of a clause's section on a game's rule page (``frog-clause-bid.ranking``)."""
    return f"{game}-clause-{clause_id}"


def game_discrepancy_label(game: str, discrepancy_id: str) -> str:
    return f"{game}-discrepancy-{discrepancy_id}"


def game_sentence_label(game: str, anchor: str) -> str:
    return f"{game}-sentence-{_slug(anchor)}"


def _game_linked(doc: GameDoc, text: str, skip: str = "") -> str:
    return linked(text, doc.catalogue, skip, lambda i: game_clause_label(doc.name, i))


def _lang(language: str, text: str) -> str:
    """``text`` in a container marked with its language (the HTML gets ``lang="ja"``), or as it is
    for English."""
    return text if language == "en" else f".. container:: language-{language}\n\n{_indent(text)}"


def _game_sources_rows(doc: GameDoc, clause: Clause) -> list[list[str]]:
    """One row per cited sentence: its anchor, the sentence (quotes marked, in its language), its gloss."""
    quotes: dict[tuple[str, str], list[str]] = {}
    for source in clause.sources:
        quotes.setdefault((source.language, source.anchor), []).append(source.quote)
    rows = []
    for (language, anchor), qs in quotes.items():
        sentence = doc.catalogue.sources[language].sentence(anchor)
        rows.append(
            [
                f"**{anchor}**",
                _lang(language, marked_sentence(sentence.text, qs)),
                esc(sentence.gloss) if sentence.gloss else "",
            ]
        )
    return rows


def game_clause_rst(doc: GameDoc, clause: Clause) -> str:
    """One clause's section of a game's annotated rules: the statement, the sentences it rests on
    (with their English glosses where the text is not English), the discrepancies and their rulings,
    the variant's option, the misreadings, the functions and the tests."""
    row = doc.trace(clause.id)
    language = doc.catalogue.languages[0]
    out = [f".. _{game_clause_label(doc.name, clause.id)}:", ""]
    out += _heading(f"{esc(clause.title)} (``{clause.id}``)", "-")
    out += [
        ".. container:: clause-statement",
        "",
        _indent(_game_linked(doc, clause.statement, clause.id)),
        "",
    ]
    out += island_pictures(doc, clause.id)
    out.append(f":Kind: **{clause.kind}**: {KIND_NOTES[clause.kind]}")
    option = doc.options.get(clause.id) or clause.option
    if option is not None:
        flag = option.replace("_", "-")
        out.append(f":Switched on by: ``Rules({option}=True)``, or ``--{flag}`` with ``--game {doc.name}``")
    out.append(f":Implemented by: {_implementation_links(row)}")
    out += [f":Tested by: {_count(len(row.tests), 'test')}", ""]
    out += [".. rubric:: Source sentences", ""]
    rows = _game_sources_rows(doc, clause)
    if rows:
        headers = ["Anchor", GAME_LANGUAGE_NAMES.get(language, language), "In English"]
        if language == "en":
            out += _list_table(headers[:2], [r[:2] for r in rows], "1 6", "source-sentences")
        else:
            out += _list_table(headers, rows, "1 4 4", "source-sentences")
    else:
        out += ["The text says nothing about this; the clause rests on the reasoning below.", ""]
    if clause.rationale:
        heading = {"source": "How we read the text", "ruling": "Why", "variant": "Why"}[clause.kind]
        out += [f".. rubric:: {heading}", "", _game_linked(doc, clause.rationale, clause.id), ""]
    if clause.secondary:
        out += [".. rubric:: Secondary sources", ""] + [f"- {esc(s)}" for s in clause.secondary] + [""]
    for d in doc.catalogue.discrepancies:
        if clause.id in d.clauses:
            out += [
                f".. admonition:: Discrepancy {d.id}",
                "   :class: discrepancy",
                "",
                _indent(esc(d.summary)),
                "",
                _indent(f"**Ruling:** {_game_linked(doc, d.resolution, clause.id)}"),
                "",
            ]
    if clause.misreadings:
        out += [".. rubric:: Misreadings the conformance checker can name", ""]
        out += [f"- ``{m.id.partition('~')[2]}``: {esc(m.description)}" for m in clause.misreadings] + [""]
    out += [".. rubric:: Tests", ""] + [f"- ``{nodeid}``" for nodeid in row.tests] + [""]
    return "\n".join(out)


def game_rules_rst(doc: GameDoc) -> str:
    """A game's annotated rules: one section per clause, in the catalogue's order."""
    return "\n".join(game_clause_rst(doc, clause) for clause in doc.catalogue.clauses)


def game_summary_rst(doc: GameDoc) -> str:
    rows = [
        [ref(game_clause_label(doc.name, c.id), c.id), esc(c.title), c.kind] for c in doc.catalogue.clauses
    ]
    return "\n".join(_list_table(["Clause", "Title", "Kind"], rows, "2 4 1", "rules-summary"))


def game_discrepancies_rst(doc: GameDoc) -> str:
    """Every discrepancy of a game's text, its ruling and the clauses it concerns."""
    out: list[str] = []
    for d in doc.catalogue.discrepancies:
        out += [f".. _{game_discrepancy_label(doc.name, d.id)}:", ""]
        out += _heading(f"``{d.id}``", "-")
        clauses = ", ".join(ref(game_clause_label(doc.name, c), c) for c in d.clauses)
        out += [f":Clauses: {clauses}", "", esc(d.summary), ""]
        out += [f"**Ruling:** {_game_linked(doc, d.resolution)}", ""]
    return "\n".join(out)


def game_text_rst(doc: GameDoc) -> str:
    """The whole source text, sentence by sentence, each with its gloss and the clauses citing it."""
    citing: dict[str, list[str]] = {}
    for clause in doc.catalogue.clauses:
        for source in clause.sources:
            citing.setdefault(source.anchor, [])
            if clause.id not in citing[source.anchor]:
                citing[source.anchor].append(clause.id)
    rows = []
    language = doc.catalogue.languages[0]
    for sentence in doc.catalogue.sources[language].sentences:
        anchor = f".. _{game_sentence_label(doc.name, sentence.anchor)}:\n\n**{sentence.anchor}**"
        cited = ", ".join(ref(game_clause_label(doc.name, c), c) for c in citing.get(sentence.anchor, []))
        cells = [anchor, _lang(language, esc(sentence.text))]
        if language != "en":
            cells.append(esc(sentence.gloss))
        rows.append([*cells, cited or "*(no clause)*"])
    name = GAME_LANGUAGE_NAMES.get(language, language)
    headers = ["Anchor", name, "In English", "Cited by"] if language != "en" else ["Anchor", name, "Cited by"]
    widths = "1 4 4 2" if language != "en" else "1 6 2"
    return "\n".join(_list_table(headers, rows, widths, "source-text"))


def game_coverage_rst(doc: GameDoc) -> str:
    """How many clauses of a game are implemented and tested, per kind and in total."""
    rows = []
    for kind in (*sorted({c.kind for c in doc.catalogue.clauses}), None):
        traces = [row for row in doc.matrix if kind is None or row.kind == kind]
        rows.append(
            [
                "**all**" if kind is None else kind,
                str(len(traces)),
                str(sum(1 for row in traces if row.implementations)),
                str(sum(1 for row in traces if row.tests)),
                str(sum(len(row.tests) for row in traces)),
            ]
        )
    headers = ["Kind", "Clauses", "Implemented", "Tested", "Test marks"]
    return "\n".join(_list_table(headers, rows, "2 1 1 1 1", "coverage"))


def game_matrix_rst(doc: GameDoc) -> str:
    """A game's traceability matrix: clause x its functions x its tests."""
    rows = []
    for row in doc.matrix:
        implementations = ", ".join(f":py:func:`~{name}`" for name in row.implementations)
        tests = "\n\n".join(f"``{nodeid.partition('::')[2]}``" for nodeid in row.tests)
        label = game_clause_label(doc.name, row.clause)
        rows.append([f":ref:`{esc(row.clause)} <{label}>`", row.kind, implementations, tests])
    headers = ["Clause", "Kind", "Implementation", "Tests"]
    return "\n".join(_list_table(headers, rows, "3 1 4 4", "trace-matrix"))


# --------------------------------------------------------------------------- pictures of islands


@attrs.frozen
class IslandExample:
    """A hand-built Army of Frogs island that shows what a clause says (the leaflet's lost diagrams,
    redrawn in ``spec/army-of-frogs/README.md``), pictured by
    :func:`froeschis.games.army_of_frogs.svg.island_svg`; ``tests/test_docs_games.py`` asks the
    engine that each shows what its caption says."""

    stones: str
    """The stones as ``q,r:colour`` words (colour 0 red, 1 blue)."""
    caption: str
    marks: str = ""
    """Cells outlined in the picture, as ``q,r`` words."""

    def cells(self) -> dict[tuple[int, int], int]:
        found = {}
        for word in self.stones.split():
            cell, colour = word.split(":")
            q, r = cell.split(",")
            found[(int(q), int(r))] = int(colour)
        return found

    def marked(self) -> tuple[tuple[int, int], ...]:
        return tuple((int(q), int(r)) for q, r in (word.split(",") for word in self.marks.split()))

    def picture(self) -> str:
        from froeschis.games.army_of_frogs.hexes import Island
        from froeschis.games.army_of_frogs.svg import island_svg

        return island_svg(Island(self.cells()), coordinates=True, marks=self.marked())


ISLAND_EXAMPLES: Mapping[tuple[str, str], IslandExample] = {
    ("army-of-frogs", "string.checked"): IslandExample(
        "-1,1:0 0,-2:1 0,-1:1 0,0:1 0,1:1 0,2:1",
        "The red frog with one place to go (the leaflet's second diagram): the red stone on (-1, 1) "
        "can reach five cells that keep one island, but wherever it lands except (1, -1), outlined, "
        "it leaves a string of three single connections ending in a single frog, some of them far "
        "from where it lands. Its only legal move is to (1, -1).",
        marks="-1,1 1,-1",
    ),
    ("army-of-frogs", "string.single-connection"): IslandExample(
        "0,-1:1 1,-1:1 -1,0:1 1,0:1 -1,1:1 0,1:1",
        "A legal loop: six stones around the empty (0, 0), each with two connections, all on one "
        "loop. No connection is single, so there is no string at all. Take away (0, 1), outlined, "
        "and the other five are a path of four single connections: forbidden.",
        marks="0,1",
    ),
    ("army-of-frogs", "string.length"): IslandExample(
        "0,0:1 1,0:1 0,1:1 2,0:1 3,0:1 4,0:1 5,0:1 4,1:1",
        "A legal string with multiple connections at both ends: (1, 0) and (4, 0), outlined, have "
        "three connections each, so the string (1, 0)-(2, 0)-(3, 0)-(4, 0) of three single "
        "connections may be as long as it likes.",
        marks="1,0 4,0",
    ),
    ("army-of-frogs", "string.single-frog-end"): IslandExample(
        "0,0:1 1,0:1 0,1:1 2,0:1 3,0:1 4,0:1",
        "A forbidden string: (1, 0)-(2, 0)-(3, 0)-(4, 0) has three single connections and ends in "
        "a single frog, (4, 0), outlined. No island in play looks like this.",
        marks="4,0",
    ),
}
"""The pictured clauses of the games other than Fröschis, by (game, clause)."""


def island_pictures(doc: GameDoc, clause_id: str) -> list[str]:
    """reStructuredText of the clause's picture and caption (nothing for a clause without one)."""
    example = ISLAND_EXAMPLES.get((doc.name, clause_id))
    if example is None:
        return []
    picture = f'<div class="froeschis-picture" lang="en">{example.picture()}</div>'
    return [
        ".. raw:: html",
        "",
        f'   <div class="froeschis-figure island-example">{picture}</div>',
        "",
        ".. rst-class:: froeschis-caption",
        "",
        _game_linked(doc, example.caption, clause_id),
        "",
    ]
