"""Every game's rule pages, its readings in other languages and its traceability, as reStructuredText.

The documentation in ``docs/`` (a Sphinx project) renders every page about a game's rules through
this module, for every registered game alike (:class:`froeschis.framework.game.Game`, found by
the registry): from the game's clause catalogue (:class:`froeschis.framework.catalogue.Catalogue`)
and its traceability data (:mod:`froeschis.verify.trace`). The docs hold no second copy of the
rules. The only rule text kept beside a catalogue is the translations of its English statements
into its other source languages (``docs/translations/*.toml`` for the default game), each tied to
the English it translates by a fingerprint.

:func:`build_game_doc` gathers everything about one game and refuses, with a
:class:`DocsGateError` listing every problem, a catalogue in which a clause has no implementation,
no test or (where the game has translations) no translation, a translation of an English
statement that has since changed, or a test that names an unknown clause. The functions ending in
``_rst`` return reStructuredText for the docs' Sphinx extension (``docs/_ext/froeschis_sphinx.py``),
which also defines the ``source-quote`` role they use. What a page shows follows the catalogue (a
game with several source texts shows them side by side) and the directive's options (:class:`Show`).
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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

from froeschis.framework import registry
from froeschis.framework.catalogue import Catalogue, Clause, Discrepancy, Misreading
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.words import LANGUAGE_NAMES
from froeschis.verify.trace import ClauseTrace, trace_matrix, unknown_ids

if TYPE_CHECKING:
    from froeschis.games.froeschis.cards import Row

NATIVE_NAMES = {"en": "English", "de": "Deutsch", "ko": "한국어", "ja": "日本語"}
"""How each language is named in its own words (the columns of side-by-side source texts, the
links to the readings)."""
ENGLISH_NAMES = LANGUAGE_NAMES
"""How each language is named in English (the column of a single source text, a discrepancy's texts)."""
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
KIND_NOTES = {
    "source": "stated by the source texts",
    "ruling": "the texts are silent or ambiguous; this is our decision",
    "variant": "an alternative reading, off by default",
}
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
        problems.append(f"{where}: translates {clause_id!r}, which is not in {catalogue.path}")
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
    """A golden playthrough file (``vectors/*.jsonl``): how many entries, which clauses its events name."""

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
class GameDoc:
    """Everything a game's pages show: its catalogue, its trace (by
    :func:`froeschis.verify.trace.trace_matrix`, as the coverage gate reads it), the tests and
    golden playthroughs that name its clauses, and its readings in other languages."""

    name: str
    title: str
    catalogue: Catalogue
    matrix: tuple[ClauseTrace, ...]
    options: Mapping[str, str]
    """Variant clause -> the rules option that switches it on (the game's list of variants)."""
    tests: Mapping[str, TracedTest]
    playthroughs: Mapping[str, Playthrough]
    readings: Mapping[str, Reading]

    @property
    def multilingual(self) -> bool:
        """Whether the rules rest on several source texts (shown side by side, their
        discrepancies resolved) rather than on one (its discrepancies ruled on)."""
        return len(self.catalogue.languages) > 1

    def trace(self, clause_id: str) -> ClauseTrace:
        return next(row for row in self.matrix if row.clause == clause_id)

    def discrepancies_of(self, clause_id: str) -> tuple[Discrepancy, ...]:
        return tuple(d for d in self.catalogue.discrepancies if clause_id in d.clauses)

    def linked(self, text: str, skip: str = "") -> str:
        """``text`` escaped, each of the game's clause IDs in it (but ``skip``) a link to its section."""
        return linked(text, self.catalogue, skip)

    def clause_ref(self, clause_id: str) -> str:
        return ref(clause_label(self.name, clause_id), clause_id)


def coverage_problems(matrix: Iterable[ClauseTrace]) -> list[str]:
    """A message for every clause without an implementation or without a test."""
    problems = []
    for row in matrix:
        if not row.implementations:
            problems.append(f"clause {row.clause!r} has no implementation (no @implements mark names it)")
        if not row.tests:
            problems.append(f"clause {row.clause!r} has no test (no @pytest.mark.clause names it)")
    return problems


def load_readings(translations_dir: Path, catalogue: Catalogue, problems: list[str]) -> dict[str, Reading]:
    """The translations of the statements into every source language but English, one file each
    (``de.toml``), adding to ``problems`` what :func:`load_reading` finds and every file missing."""
    readings = {}
    for language in (lang for lang in catalogue.languages if lang != "en"):
        path = translations_dir / f"{language}.toml"
        if not path.is_file():
            problems.append(f"no translation file {path}")
            continue
        reading = load_reading(path, catalogue, problems)
        if reading.language != language:
            problems.append(f"{path.name}: says language = {reading.language!r}")
        readings[language] = reading
    return readings


def build_game_doc(
    tests_dir: Path,
    game: Game,
    vectors_dir: Path | None = None,
    translations_dir: Path | None = None,
) -> GameDoc:
    """Gather and check one game: a clause in force without an implementation or a test, a test
    naming an unknown clause, or (when ``translations_dir`` is a folder) a missing or stale
    translation is a :class:`DocsGateError` listing them all. ``vectors_dir`` replaces the game's
    ``vectors/`` folder of golden playthroughs."""
    catalogue = game.catalogue()
    matrix = trace_matrix(tests_dir, vectors_dir, of=game)
    in_force = set(catalogue.in_force_ids())
    prefix = "" if game.name == registry.DEFAULT else f"{game.name}: "
    problems = [prefix + p for p in coverage_problems(r for r in matrix if r.clause in in_force)]
    for clause_id, where in unknown_ids(tests_dir, vectors_dir, of=game).items():
        problems.append(
            f"{prefix}{', '.join(where)} name(s) clause {clause_id!r}, "
            f"which is not a clause in force in {catalogue.path}"
        )
    readings = {}
    if translations_dir is not None and translations_dir.is_dir():
        readings = load_readings(translations_dir, catalogue, problems)
    if problems:
        raise DocsGateError(problems)
    by_clause = {row.clause: list(row.tests) for row in matrix}
    return GameDoc(
        name=game.name,
        title=game.title,
        catalogue=catalogue,
        matrix=matrix,
        options={variant.clause: variant.option for variant in game.variants},
        tests=collect_tests(tests_dir, by_clause),
        playthroughs=playthroughs(vectors_dir if vectors_dir is not None else game.spec() / "vectors"),
        readings=readings,
    )


# --------------------------------------------------------------------------- reStructuredText helpers

_SPECIAL = re.compile(r"([\\`*_|<>\[\]:])")


def esc(text: str) -> str:
    """``text`` as reStructuredText that shows exactly ``text`` (markup characters escaped)."""
    return _SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", text))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def label(game: str, kind: str, key: str) -> str:
    """A ``:ref:`` target on a game's pages (``frog-clause-bid.ranking``). The default game's have
    no prefix (``clause-frog.swap``), as its clause IDs need none (:func:`registry.split_reference`)."""
    return f"{kind}-{key}" if game == registry.DEFAULT else f"{game}-{kind}-{key}"


def clause_label(game: str, clause_id: str) -> str:
    """The label of a clause's section in the game's annotated rules."""
    return label(game, "clause", clause_id)


def reading_label(game: str, language: str, clause_id: str) -> str:
    return label(game, f"reading-{language}", clause_id)


def tests_label(game: str, clause_id: str) -> str:
    """The label of the list of a clause's tests in its section."""
    return label(game, "clause-tests", clause_id)


def test_label(game: str, nodeid: str) -> str:
    return label(game, "test", _slug(nodeid))


def _playthroughs_cell(doc: GameDoc, row: ClauseTrace, *, short: bool = False) -> str:
    """A clause's golden playthroughs: how many, linked to the shortest (the one to read to see the
    clause at work; the playthroughs page lists each one's clauses). Every one of them linked by
    name, up to thirteen a clause, made Frog's page heavier than a page should be (issue 29, item
    18). A clause no step can fire (what a seat sees) needs none, and says so without a link."""
    if not row.playthrough_needed:
        return "none needed" if short else "none needed (no step fires this clause)"
    if not row.playthroughs:
        return "0" if short else "none yet"
    shortest = min(row.playthroughs, key=lambda name: (doc.playthroughs[name].entries, name))
    target = playthrough_label(doc.name, shortest)
    if short:
        return ref(target, str(len(row.playthroughs)))
    return f"{_count(len(row.playthroughs), 'playthrough')}; the shortest: {ref(target, shortest)}"


def playthrough_label(game: str, name: str) -> str:
    return label(game, "playthrough", _slug(name))


def discrepancy_label(game: str, discrepancy_id: str) -> str:
    return label(game, "discrepancy", discrepancy_id)


def sentence_label(game: str, anchor: str) -> str:
    return label(game, "sentence", _slug(anchor))


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def ref(target: str, text: str) -> str:
    """A ``:ref:`` link to the label ``target`` showing ``text``."""
    return f":ref:`{esc(text)} <{target}>`"


def _width(text: str) -> int:
    """The columns ``text`` takes, as docutils counts them (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def linked(
    text: str, catalogue: Catalogue, skip: str = "", target: Callable[[str], str] | None = None
) -> str:
    """``text`` escaped, with every clause ID in it (other than ``skip``) a link to ``target(id)``:
    by default the clause's section of its game's annotated rules."""
    ids = sorted((i for i in catalogue.ids() if i != skip), key=len, reverse=True)
    if not ids:
        return esc(text)
    to = target or (lambda clause_id: clause_label(catalogue.game, clause_id))
    pattern = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\w)")
    return pattern.sub(lambda m: rf"\ {ref(to(m[1]), m[1])}\ ", esc(text))


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


# --------------------------------------------------------------------------- pictures


class Example(Protocol):
    """A picture of what a clause says, shown in its section (:data:`PICTURES`) above its caption."""

    figure: ClassVar[str]
    """The class of the figure (``row-example``): the docs' CSS sizes each kind of picture."""

    @property
    def caption(self) -> str:
        """What the picture shows (reStructuredText; clause IDs in it become links)."""

    def picture(self) -> str:
        """The picture, an SVG."""


@attrs.frozen
class RowExample:
    """A hand-built row that shows what a clause says, pictured in the clause's section
    (:func:`froeschis.games.froeschis.svg.row`)."""

    figure: ClassVar[str] = "row-example"
    row: str
    """The spots in their text form, spot 1 first: ``3`` face up, ``[3]`` face down."""
    caption: str
    hand: str | None = None
    discard: str | None = None
    highlight: tuple[int, ...] = ()
    """The spots the caption speaks of, marked."""
    reveal: bool = False
    """Whether the face-down cards show, small, what lies under them (a view nobody at the table has)."""

    def spots(self) -> Row:
        from froeschis.games.froeschis.cards import Row, parse_spot

        return Row(tuple(parse_spot(text) for text in self.row.split()))

    def picture(self) -> str:
        from froeschis.games.froeschis import svg
        from froeschis.games.froeschis.cards import parse_card

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


@attrs.frozen
class IslandExample:
    """A hand-built Army of Frogs island that shows what a clause says (the leaflet's lost diagrams,
    redrawn in ``spec/army-of-frogs/README.md``), pictured by
    :func:`froeschis.games.army_of_frogs.svg.island_svg`; ``tests/tools/test_docs_games.py`` asks the
    engine that each shows what its caption says."""

    figure: ClassVar[str] = "island-example"
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


PICTURES: Mapping[tuple[str, str], Example] = {
    **{("froeschis", clause_id): example for clause_id, example in ROW_EXAMPLES.items()},
    **ISLAND_EXAMPLES,
}
"""Every pictured clause, by (game, clause)."""


def picture_rst(doc: GameDoc, clause_id: str, *, caption: bool = True) -> list[str]:
    """reStructuredText of the clause's picture (nothing for a clause without one) and under it
    the caption when ``caption`` (the readings in other languages show the picture alone: the
    captions are English)."""
    example = PICTURES.get((doc.name, clause_id))
    if example is None:
        return []
    picture = f'<div class="froeschis-picture" lang="en">{example.picture()}</div>'
    out = [".. raw:: html", "", f'   <div class="froeschis-figure {example.figure}">{picture}</div>', ""]
    if caption:
        out += [".. rst-class:: froeschis-caption", "", doc.linked(example.caption, clause_id), ""]
    return out


# --------------------------------------------------------------------------- what a page shows


@attrs.frozen
class Show:
    """What a game's pages show beyond what every game's show: the options of its directives."""

    tests_page: bool = False
    """The game's tests have a page (``froeschis-game-tests``): each test and count links there."""
    playthroughs: bool = False
    """Each clause's golden playthroughs are shown, linked to their page (``froeschis-game-playthroughs``)."""
    misreadings: bool = True
    """Each clause's section lists its known misreadings (off where a page lists them all)."""
    statements: bool = False
    """The summary gives each clause's statement too."""


_NO_SOURCE = "the clause rests on the reasoning below."


def _lang(language: str, text: str) -> str:
    """``text`` in a container marked with its language (the HTML gets ``lang="ja"``: for the
    fonts, hyphenation and screen readers), or as it is for English."""
    return text if language == "en" else f".. container:: language-{language}\n\n{_indent(text)}"


def _sources_side_by_side(doc: GameDoc, clause: Clause) -> list[str]:
    """The sentences cited in each source text, the texts side by side (a line if there are none)."""
    languages = doc.catalogue.languages
    if not clause.sources:
        number = NUMBER_WORDS[len(languages)] if len(languages) < len(NUMBER_WORDS) else len(languages)
        return [f"None of the {number} texts says anything about this; {_NO_SOURCE}", ""]
    cells = []
    for language in languages:
        cited = "\n\n".join(_cited(doc.catalogue, clause, language))
        cells.append(_lang(language, cited) if cited else "*(not in this text)*")
    headers = [NATIVE_NAMES.get(lang, lang) for lang in languages]
    return _list_table(headers, [cells], " ".join("1" for _ in languages), "source-sentences")


def _sources_rows(doc: GameDoc, clause: Clause) -> list[str]:
    """One row per cited sentence of the one source text: its anchor, the sentence (quotes marked,
    in its language) and, when that is not English, its English gloss."""
    language = doc.catalogue.languages[0]
    quotes: dict[tuple[str, str], list[str]] = {}
    for source in clause.sources:
        quotes.setdefault((source.language, source.anchor), []).append(source.quote)
    rows = []
    for (lang, anchor), qs in quotes.items():
        sentence = doc.catalogue.sources[lang].sentence(anchor)
        gloss = esc(sentence.gloss) if sentence.gloss else ""
        rows.append([f"**{anchor}**", _lang(lang, marked_sentence(sentence.text, qs)), gloss])
    if not rows:
        return [f"The text says nothing about this; {_NO_SOURCE}", ""]
    headers = ["Anchor", ENGLISH_NAMES.get(language, language), "In English"]
    if language == "en":
        return _list_table(headers[:2], [r[:2] for r in rows], "1 6", "source-sentences")
    return _list_table(headers, rows, "1 4 4", "source-sentences")


def _implementation_links(row: ClauseTrace) -> str:
    return ", ".join(f":py:func:`{name}`" for name in row.implementations)


def _texts(d: Discrepancy) -> str:
    return ", ".join(ENGLISH_NAMES.get(lang, lang) for lang in d.languages)


def _unplayable(misreading: Misreading) -> str:
    """What a misreading's line adds where the reference cannot play it: the checker never names it."""
    if not misreading.unplayable:
        return ""
    return f" (not played, so never named: {esc(misreading.unplayable)})"


def _resolution(doc: GameDoc) -> str:
    """What a discrepancy's answer is called: between several texts a resolution, in one a ruling."""
    return "Resolution" if doc.multilingual else "Ruling"


def _watch_flag(doc: GameDoc, flag: str) -> str:
    """How ``froeschis watch`` switches a variant on (the default game needs no ``--game``)."""
    game = "" if doc.name == registry.DEFAULT else f"--game {doc.name} "
    return f"``froeschis watch {game}--{flag}``"


# --------------------------------------------------------------------------- the annotated rules


def clause_rst(doc: GameDoc, clause: Clause, show: Show = Show()) -> str:
    """One clause's section of a game's annotated rules: the statement and its picture, the
    sentences it rests on, the discrepancies and their resolutions, the variant's option, the
    misreadings, the functions and the tests (and, as ``show`` says, the golden playthroughs)."""
    name, row = doc.name, doc.trace(clause.id)
    out = [f".. _{clause_label(name, clause.id)}:", ""]
    out += _heading(f"{esc(clause.title)} (``{clause.id}``)", "-")
    out += [".. container:: clause-statement", "", _indent(doc.linked(clause.statement, clause.id)), ""]
    out += picture_rst(doc, clause.id)
    out.append(f":Kind: **{clause.kind}**: {KIND_NOTES[clause.kind]}")
    if clause.deprecated is not None:
        replaced = ", ".join(doc.clause_ref(cid) for cid in clause.deprecated.replaced_by) or "nothing"
        out.append(
            f":Deprecated: since {clause.deprecated.since}: {esc(clause.deprecated.reason)} "
            f"Replaced by {replaced}. Its ID stays, never reused."
        )
    option = doc.options.get(clause.id) or clause.option
    if option is not None:
        flag = option.replace("_", "-")
        where = "for ``froeschis watch``" if name == registry.DEFAULT else f"with ``--game {name}``"
        out.append(f":Switched on by: ``Rules({option}=True)``, or ``--{flag}`` {where}")
    out.append(f":Implemented by: {_implementation_links(row)}")
    tests = _count(len(row.tests), "test")
    out.append(f":Tested by: {ref(tests_label(name, clause.id), tests) if show.tests_page else tests}")
    if show.playthroughs:
        out.append(f":Golden playthroughs: {_playthroughs_cell(doc, row)}")
    if doc.readings:
        readings = " · ".join(
            ref(reading_label(name, lang, clause.id), NATIVE_NAMES.get(lang, lang))
            for lang in sorted(doc.readings)
        )
        out.append(f":Translations: {readings}")
    out += ["", ".. rubric:: Source sentences", ""]
    out += _sources_side_by_side(doc, clause) if doc.multilingual else _sources_rows(doc, clause)
    if clause.rationale:
        texts = "texts" if doc.multilingual else "text"
        heading = {"source": f"How we read the {texts}", "ruling": "Why", "variant": "Why"}[clause.kind]
        out += [f".. rubric:: {heading}", "", doc.linked(clause.rationale, clause.id), ""]
    if clause.secondary:
        out += [".. rubric:: Secondary sources", ""] + [f"- {esc(s)}" for s in clause.secondary] + [""]
    for d in doc.discrepancies_of(clause.id):
        texts = f" ({_texts(d)})" if doc.multilingual else ""
        out += [
            f".. admonition:: Discrepancy {d.id}{texts}",
            "   :class: discrepancy",
            "",
            _indent(esc(d.summary)),
            "",
            _indent(f"**{_resolution(doc)}:** {doc.linked(d.resolution, clause.id)}"),
            "",
        ]
    if show.misreadings and clause.misreadings:
        out += [".. rubric:: Misreadings the conformance checker can name", ""]
        out += [
            f"- ``{m.id.partition('~')[2]}``: {esc(m.description)}{_unplayable(m)}"
            for m in clause.misreadings
        ]
        out.append("")
    if show.tests_page:
        out += [f".. _{tests_label(name, clause.id)}:", "", ".. rubric:: Tests", ""]
        out += [f"- {ref(test_label(name, nodeid), nodeid)}" for nodeid in row.tests] + [""]
    else:
        out += [".. rubric:: Tests", ""] + [f"- ``{nodeid}``" for nodeid in row.tests] + [""]
    return "\n".join(out)


def rules_rst(doc: GameDoc, show: Show = Show()) -> str:
    """A game's annotated rules: one section per clause, in the catalogue's order."""
    return "\n".join(clause_rst(doc, clause, show) for clause in doc.catalogue.clauses)


def summary_rst(doc: GameDoc, show: Show = Show()) -> str:
    """The rules at a glance: one line per clause, in rule order, linking to its section."""
    clauses = doc.catalogue.clauses
    if show.statements:
        rows = [[doc.clause_ref(c.id), esc(c.title), c.kind, doc.linked(c.statement, c.id)] for c in clauses]
        table = _list_table(["Clause", "Title", "Kind", "Statement"], rows, "2 2 1 6", "rules-summary")
    else:
        rows = [[doc.clause_ref(c.id), esc(c.title), c.kind] for c in clauses]
        table = _list_table(["Clause", "Title", "Kind"], rows, "2 4 1", "rules-summary")
    return "\n".join(table)


def discrepancies_rst(doc: GameDoc) -> str:
    """Every discrepancy of the game's texts, its resolution and the clauses it concerns."""
    out: list[str] = []
    for d in doc.catalogue.discrepancies:
        out += [f".. _{discrepancy_label(doc.name, d.id)}:", ""]
        out += _heading(f"``{d.id}``", "-")
        if doc.multilingual:
            out.append(f":Texts: {_texts(d)}")
        out += [f":Clauses: {', '.join(doc.clause_ref(c) for c in d.clauses)}", "", esc(d.summary), ""]
        out += [f"**{_resolution(doc)}:** {doc.linked(d.resolution)}", ""]
    return "\n".join(out)


def rulings_rst(doc: GameDoc) -> str:
    """The rulings and the variants, for players: what we decided, why, and how to switch variants on."""
    out: list[str] = []
    for kind, heading in (("ruling", "Rulings"), ("variant", "Variants")):
        out += _heading(heading, "-")
        for clause in doc.catalogue.clauses:
            if clause.kind != kind:
                continue
            out += [f"**{esc(clause.title)}** ({doc.clause_ref(clause.id)})", ""]
            out += [_indent(doc.linked(clause.statement, clause.id)), ""]
            out += [_indent(f"*Why:* {doc.linked(clause.rationale, clause.id)}"), ""]
            option = doc.options.get(clause.id) or clause.option
            if option is not None:
                play = (
                    f"*Play it:* ``Rules({option}=True)``, or {_watch_flag(doc, option.replace('_', '-'))}."
                )
                out += [_indent(play), ""]
    return "\n".join(out)


def text_rst(doc: GameDoc) -> str:
    """The whole (first) source text, sentence by sentence, each with its gloss and the clauses citing it."""
    citing: dict[str, list[str]] = {}
    for clause in doc.catalogue.clauses:
        for source in clause.sources:
            citing.setdefault(source.anchor, [])
            if clause.id not in citing[source.anchor]:
                citing[source.anchor].append(clause.id)
    rows = []
    language = doc.catalogue.languages[0]
    for sentence in doc.catalogue.sources[language].sentences:
        anchor = f".. _{sentence_label(doc.name, sentence.anchor)}:\n\n**{sentence.anchor}**"
        cited = ", ".join(doc.clause_ref(c) for c in citing.get(sentence.anchor, []))
        cells = [anchor, _lang(language, esc(sentence.text))]
        if language != "en":
            cells.append(esc(sentence.gloss))
        rows.append([*cells, cited or "*(no clause)*"])
    name = ENGLISH_NAMES.get(language, language)
    headers = ["Anchor", name, "In English", "Cited by"] if language != "en" else ["Anchor", name, "Cited by"]
    widths = "1 4 4 2" if language != "en" else "1 6 2"
    return "\n".join(_list_table(headers, rows, widths, "source-text"))


# --------------------------------------------------------------------------- readings in other languages


def reading_rst(doc: GameDoc, language: str) -> str:
    """The rules in ``language``: each translated statement, marked as a translation of the English,
    with the sentences of that language's own source text that the clause rests on."""
    name, reading = doc.name, doc.readings[language]
    labels = reading.labels
    out = [".. admonition:: " + esc(labels["note_title"]), "   :class: translation-note", ""]
    out += [_indent(esc(labels["note"])), ""]
    for clause in doc.catalogue.clauses:
        translation = reading.clauses[clause.id]
        out += [f".. _{reading_label(name, language, clause.id)}:", ""]
        out += _heading(f"{esc(translation.title)} (``{clause.id}``)", "-")
        statement = linked(
            translation.statement, doc.catalogue, clause.id, lambda i: reading_label(name, language, i)
        )
        out += [".. container:: clause-statement", "", _indent(statement), ""]
        out += picture_rst(doc, clause.id, caption=False)
        out.append(f":{esc(labels['kind'])}: {esc(labels[clause.kind])}")
        option = doc.options.get(clause.id) or clause.option
        if option is not None:
            out.append(f":{esc(labels['option'])}: ``Rules({option}=True)``")
        out.append(f":{esc(labels['translation_of'])}: {ref(clause_label(name, clause.id), clause.title)}")
        noted = [d for d in doc.discrepancies_of(clause.id) if language in d.languages]
        if noted:
            links = ", ".join(ref(discrepancy_label(name, d.id), d.id) for d in noted)
            out.append(f":{esc(labels['discrepancies'])}: {links}")
        out.append("")
        cited = _cited(doc.catalogue, clause, language)
        out += [f".. rubric:: {esc(labels['sources'])}", ""]
        if cited:
            out += [line for sentence in cited for line in (f"- {sentence}", "")]
        else:
            out += [esc(labels["no_sources"]), ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- traceability


def coverage_rst(doc: GameDoc, show: Show = Show()) -> str:
    """How many clauses are implemented and tested (and played, as ``show`` says), per kind and in total."""
    rows = []
    for kind in (*sorted({c.kind for c in doc.catalogue.clauses}), None):
        traces = [row for row in doc.matrix if kind is None or row.kind == kind]
        played = [str(sum(1 for row in traces if row.playthroughs))] if show.playthroughs else []
        rows.append(
            [
                "**all**" if kind is None else kind,
                str(len(traces)),
                str(sum(1 for row in traces if row.implementations)),
                str(sum(1 for row in traces if row.tests)),
                *played,
                str(sum(len(row.tests) for row in traces)),
            ]
        )
    played_header = ["In playthroughs"] if show.playthroughs else []
    headers = ["Kind", "Clauses", "Implemented", "Tested", *played_header, "Test marks"]
    return "\n".join(_list_table(headers, rows, " ".join(["2"] + ["1"] * (len(headers) - 1)), "coverage"))


def matrix_rst(doc: GameDoc, show: Show = Show()) -> str:
    """The traceability matrix: clause x its functions x its tests (x its golden playthroughs)."""
    rows = []
    for row in doc.matrix:
        implementations = ", ".join(f":py:func:`~{name}`" for name in row.implementations)
        if show.tests_page:
            tests = ref(tests_label(doc.name, row.clause), str(len(row.tests)))
        else:
            tests = "\n\n".join(f"``{nodeid.partition('::')[2]}``" for nodeid in row.tests)
        cells = [doc.clause_ref(row.clause), row.kind, implementations, tests]
        if show.playthroughs:
            cells.append(_playthroughs_cell(doc, row, short=True))
        rows.append(cells)
    headers = ["Clause", "Kind", "Implementation", "Tests"]
    widths = "3 1 5 1" if show.tests_page else "3 1 4 4"
    if show.playthroughs:
        headers, widths = [*headers, "Golden playthroughs"], f"{widths} 1"
    return "\n".join(_list_table(headers, rows, widths, "trace-matrix"))


def tests_rst(doc: GameDoc) -> str:
    """Every test that names a clause of the game, by module: the clauses it checks, its summary, its code."""
    out: list[str] = []
    module = None
    for test in doc.tests.values():
        path, _, name = test.nodeid.partition("::")
        if path != module:
            module = path
            out += _heading(f"``{path}``", "-")
        out += [f".. _{test_label(doc.name, test.nodeid)}:", "", f".. rubric:: ``{name}``", ""]
        out += [f":Checks: {', '.join(doc.clause_ref(c) for c in test.clauses)}", ""]
        if test.summary:
            out += [doc.linked(test.summary), ""]
        out += [".. code-block:: python", "", _indent(test.code), ""]
    return "\n".join(out)


def playthroughs_rst(doc: GameDoc, viewers: Mapping[str, str] | None = None) -> str:
    """The golden playthroughs and the clauses each exercises (a line saying so while there are none),
    each with the text ``viewers`` has for it (its link to the replay viewer) under its heading."""
    if not doc.playthroughs:
        folder = doc.catalogue.path.rpartition("/")[0]
        return f"There are no golden playthroughs in ``{folder}/vectors/`` yet.\n"
    out: list[str] = []
    for play in doc.playthroughs.values():
        out += [f".. _{playthrough_label(doc.name, play.name)}:", ""]
        out += _heading(f"``{play.name}``", "-")
        if viewers and play.name in viewers:
            out += [viewers[play.name], ""]
        if play.purpose:
            out += [doc.linked(play.purpose.strip()), ""]
        out += [f"{play.entries} lines. Its events name {len(play.clauses)} clauses:", ""]
        out += [", ".join(doc.clause_ref(c) for c in play.clauses), ""]
    return "\n".join(out)
