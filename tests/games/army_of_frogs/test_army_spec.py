"""The Army of Frogs specification: its source text is seed 004, verbatim, and its catalogue is sound.

``spec/army-of-frogs/sources/en.toml`` splits the seed ``004_0f7dd194ba23ac57.txt`` (the English
leaflet, which lives outside the repository in ``../shared/seeds``) into anchored sentences, and
``spec/army-of-frogs/clauses.toml`` states the rules, citing them. This module checks both on its
own, with ``tomllib``; what every game's catalogue shares (anchors in order, verbatim quotes,
discrepancies naming clauses, cross-references, the header's files) is tests/contract/test_spec.py.

Paragraph rule: the seed's paragraphs are its blocks separated by a blank line, each
``.strip()``ped. Sentence rule: split at every line break, and after ``.``, ``?`` or ``!`` followed
by a space, except after the abbreviations in ``ABBREVIATIONS``.

Reconstruction rule: a paragraph is its sentences joined with a single space, except that a
sentence beginning with ``BULLET`` follows the one before it after a line break. The seed's layout
is then restored: a paragraph that is a bare item number (``1.``) is followed by a space, and the
paragraphs in ``INDENTED_PARAGRAPHS`` are indented with ``INDENT``. The restored paragraphs joined
with ``"\\n\\n"`` are the seed file, byte for byte.

These tests check the texts and the catalogue's account of them, not how an engine plays a
clause, so they carry no clause marker.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from froeschis.framework.catalogue import Sentence as LoaderSentence
from froeschis.framework.catalogue import SourceText, parse_catalogue
from tests.contract.test_spec import header_files

REPO = Path(__file__).resolve().parents[3]
SPEC = REPO / "spec" / "army-of-frogs"
SOURCE_FILE = SPEC / "sources" / "en.toml"
CATALOGUE_FILE = SPEC / "clauses.toml"
SEEDS = REPO.parent / "shared" / "seeds"
SEED = "004_0f7dd194ba23ac57.txt"

ABBREVIATIONS = ("e.g.",)
BULLET = "•"
INDENT = "   "
INDENTED_PARAGRAPHS = (13, 14, 15, 17, 18, 23, 24, 26)
MISREADING_KEYS = {"id", "description", "mutant", "anchor", "quote", "unplayable"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""How the README spells a small count."""
BARE_ITEM_NUMBER = re.compile(r"[1-9]\.")

SENTENCE_END = re.compile(r"(?<=[.?!]) |\n")
ANCHOR = re.compile(r"en\.(?P<par>[1-9][0-9]*)\.(?P<sent>[1-9][0-9]*)")
CLAUSE_ID = re.compile(r"[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*")
MISREADING_ID = re.compile(r"(?P<clause>[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*)~[a-z]+(?:-[a-z]+)*")
OPTION = re.compile(r"[a-z]+(?:_[a-z]+)*")
KINDS = ("source", "ruling", "variant")
CLAUSE_KEYS = {"id", "title", "kind", "statement", "rationale", "secondary", "option", "en", "misreading"}

# The sentences no clause cites: headings, item numbers, the leaflet in the component list and the web
# page's "Continue Reading". Every other sentence states a rule that some clause rests on.
UNCITED = {
    "en.1.1": "Components",
    "en.2.3": "• an illustrated rules leaflet",
    "en.4.1": "Setup",
    "en.9.1": "Game Play",
    "en.12.1": "1.",
    "en.16.1": "2.",
    "en.19.1": "3.",
    "en.20.1": "Special Rules",
    "en.22.1": "1.",
    "en.25.1": "2.",
    "en.28.1": "Exceptions to the String Rule",
    "en.32.1": "Continue Reading",
}


@dataclass(frozen=True)
class Sentence:
    anchor: str
    text: str
    paragraph: int
    number: int


def load_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def tables(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The array of tables ``data[key]``, checked to be one."""
    value = data.get(key, [])
    assert isinstance(value, list) and all(isinstance(t, dict) for t in value), key
    return value


@pytest.fixture(scope="module")
def sentences() -> tuple[Sentence, ...]:
    data = load_toml(SOURCE_FILE)
    assert set(data) == {"language", "seed", "sentence"}, "en.toml: unexpected keys"
    found: list[Sentence] = []
    for table in tables(data, "sentence"):
        assert set(table) == {"anchor", "text"}, table
        anchor, text = table["anchor"], table["text"]
        assert isinstance(anchor, str) and isinstance(text, str), table
        match = ANCHOR.fullmatch(anchor)
        assert match is not None, f"malformed anchor {anchor!r}"
        found.append(Sentence(anchor, text, int(match["par"]), int(match["sent"])))
    return tuple(found)


@pytest.fixture(scope="module")
def catalogue() -> dict[str, Any]:
    return load_toml(CATALOGUE_FILE)


@pytest.fixture(scope="module")
def clauses(catalogue: dict[str, Any]) -> list[dict[str, Any]]:
    return tables(catalogue, "clause")


def paragraphs_of(sentences: tuple[Sentence, ...]) -> list[list[Sentence]]:
    """The sentences grouped by paragraph, in file order."""
    paragraphs: list[list[Sentence]] = []
    for sentence in sentences:
        if not paragraphs or paragraphs[-1][0].paragraph != sentence.paragraph:
            paragraphs.append([])
        paragraphs[-1].append(sentence)
    return paragraphs


def join_paragraph(paragraph: list[Sentence]) -> str:
    parts: list[str] = []
    for i, sentence in enumerate(paragraph):
        if i:
            parts.append("\n" if sentence.text.startswith(BULLET) else " ")
        parts.append(sentence.text)
    return "".join(parts)


def split_sentences(paragraph: str) -> list[str]:
    """Split a paragraph by the sentence rule (see the module docstring)."""
    found: list[str] = []
    start = 0
    for match in SENTENCE_END.finditer(paragraph):
        head = paragraph[start : match.start()]
        if head.endswith(ABBREVIATIONS):
            continue
        found.append(head)
        start = match.end()
    found.append(paragraph[start:])
    return found


def with_layout(number: int, paragraph: str) -> str:
    """The paragraph as the seed lays it out (see the module docstring)."""
    indent = INDENT if number in INDENTED_PARAGRAPHS else ""
    trail = " " if BARE_ITEM_NUMBER.fullmatch(paragraph) else ""
    return indent + paragraph + trail


def seed_text() -> str:
    """The seed file's text; skips without the seeds."""
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not available: no folder {SEEDS}")
    path = SEEDS / SEED
    assert path.is_file(), f"seed file {path} is missing"
    return path.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the source text


def test_source_header() -> None:
    data = load_toml(SOURCE_FILE)
    assert data["language"] == "en"
    assert data["seed"] == SEED


def test_sentences_follow_the_split_rule(sentences: tuple[Sentence, ...]) -> None:
    for sentence in sentences:
        assert sentence.text and sentence.text == sentence.text.strip(), sentence
    for paragraph in paragraphs_of(sentences):
        assert split_sentences(join_paragraph(paragraph)) == [s.text for s in paragraph]


def test_the_layout_names_real_paragraphs(sentences: tuple[Sentence, ...]) -> None:
    """The indented paragraphs exist, none is an item number, and the header lists the same ones."""
    paragraphs = {p[0].paragraph: join_paragraph(p) for p in paragraphs_of(sentences)}
    for number in INDENTED_PARAGRAPHS:
        assert number in paragraphs and not BARE_ITEM_NUMBER.fullmatch(paragraphs[number]), number
    bare = [n for n, text in paragraphs.items() if BARE_ITEM_NUMBER.fullmatch(text)]
    assert bare == [12, 22, 25]
    header = " ".join(line.lstrip("# ") for line in SOURCE_FILE.read_text(encoding="utf-8").splitlines())
    listed = ", ".join(str(n) for n in INDENTED_PARAGRAPHS[:-1]) + f" and {INDENTED_PARAGRAPHS[-1]}"
    assert f"paragraphs {listed} (the text under an item)" in header
    assert "paragraphs 12, 22 and 25" in header


def test_reconstruction_matches_seed(sentences: tuple[Sentence, ...]) -> None:
    seed = seed_text()
    expected = [p.strip() for p in seed.split("\n\n")]
    rebuilt = [join_paragraph(p) for p in paragraphs_of(sentences)]
    for number, (mine, theirs) in enumerate(zip(rebuilt, expected, strict=True), 1):
        assert mine == theirs, f"paragraph {number} differs from the seed"
    laid_out = "\n\n".join(with_layout(n, p) for n, p in enumerate(rebuilt, 1))
    assert laid_out.encode("utf-8") == (SEEDS / SEED).read_bytes()


# --------------------------------------------------------------------------- the catalogue's form


def test_catalogue_header(catalogue: dict[str, Any]) -> None:
    assert set(catalogue) <= {"format", "game", "languages", "clause", "discrepancy"}
    assert catalogue["format"] == 1
    assert catalogue["game"] == "army-of-frogs"
    assert catalogue["languages"] == ["en"]


def test_the_catalogue_header_names_the_spec_module_its_tests_and_the_readme() -> None:
    """That every file it names exists is tests/contract/test_spec.py."""
    assert {
        "froeschis/games/froeschis/spec.py",
        "tests/games/army_of_frogs/test_army_spec.py",
        "spec/army-of-frogs/README.md",
    } <= header_files("army-of-frogs")


def test_clause_fields(clauses: list[dict[str, Any]]) -> None:
    assert clauses, "the catalogue has no clauses"
    for clause in clauses:
        where = clause.get("id")
        assert set(clause) <= CLAUSE_KEYS, f"{where}: unknown keys {set(clause) - CLAUSE_KEYS}"
        for key in ("id", "title", "kind", "statement"):
            assert isinstance(clause.get(key), str) and clause[key], f"{where}: no {key}"
        assert clause["kind"] in KINDS, where
        secondary = clause.get("secondary", [])
        assert isinstance(secondary, list) and all(isinstance(s, str) and s for s in secondary), where


def test_ids_unique_and_well_formed(clauses: list[dict[str, Any]]) -> None:
    ids = [c["id"] for c in clauses]
    assert len(set(ids)) == len(ids), "duplicate clause IDs"
    for clause_id in ids:
        assert CLAUSE_ID.fullmatch(clause_id), f"clause ID {clause_id!r} is not area.name"
    misreadings = [m["id"] for c in clauses for m in tables(c, "misreading")]
    assert len(set(misreadings)) == len(misreadings), "duplicate misreading IDs"


def test_a_quote_is_an_anchor_and_a_quote(clauses: list[dict[str, Any]]) -> None:
    """That each quote is verbatim in its sentence is tests/contract/test_spec.py."""
    for clause in clauses:
        for ref in tables(clause, "en"):
            assert set(ref) == {"anchor", "quote"}, ref


def test_kinds_have_what_they_need(clauses: list[dict[str, Any]]) -> None:
    """A source quotes the leaflet; a ruling or variant says why; exactly the variants name an option."""
    options = []
    for clause in clauses:
        where, kind = clause["id"], clause["kind"]
        if kind == "source":
            assert tables(clause, "en"), f"{where}: a source clause must quote the leaflet"
        else:
            assert isinstance(clause.get("rationale"), str) and clause["rationale"], f"{where}: no rationale"
        assert (kind == "variant") == ("option" in clause), f"{where}: exactly the variants name an option"
        assert (kind == "variant") == where.startswith("variant."), f"{where}: variants are variant.*"
        if kind == "variant":
            assert OPTION.fullmatch(clause["option"]), f"{where}: option {clause['option']!r}"
            assert clause["statement"].startswith("With this option"), where
            options.append(clause["option"])
    assert len(set(options)) == len(options), "two variants share an option"


def test_every_clause_has_misreadings_and_one_mutant(clauses: list[dict[str, Any]]) -> None:
    for clause in clauses:
        misreadings = tables(clause, "misreading")
        assert misreadings, f"{clause['id']}: no misreadings"
        for misreading in misreadings:
            match = MISREADING_ID.fullmatch(misreading["id"])
            assert match and match["clause"] == clause["id"], f"{misreading['id']} is not {clause['id']}~name"
            assert isinstance(misreading.get("description"), str) and misreading["description"]
            assert isinstance(misreading.get("mutant", False), bool), misreading["id"]
            assert ("anchor" in misreading) == ("quote" in misreading), misreading["id"]
            assert set(misreading) <= MISREADING_KEYS, misreading["id"]
        assert sum(m.get("mutant", False) for m in misreadings) == 1, f"{clause['id']}: not one mutant"


def test_discrepancies_are_the_leaflet_s(catalogue: dict[str, Any]) -> None:
    """That they name existing clauses is tests/contract/test_spec.py."""
    discrepancies = tables(catalogue, "discrepancy")
    for d in discrepancies:
        assert set(d) == {"id", "clauses", "languages", "summary", "resolution"}, d.get("id")
        assert d["id"].startswith("en."), d["id"]
        assert d["languages"] == ["en"], d["id"]
    # The truncation and the missing diagrams are recorded.
    assert {"en.goal-missing", "en.end-missing", "en.diagrams-missing"} <= {d["id"] for d in discrepancies}


# --------------------------------------------------------------------------- the catalogue's account


def test_every_rule_sentence_is_cited(sentences: tuple[Sentence, ...], clauses: list[dict[str, Any]]) -> None:
    cited = {ref["anchor"] for c in clauses for ref in tables(c, "en")}
    uncited = {s.anchor: s.text for s in sentences if s.anchor not in cited}
    assert uncited == UNCITED


def test_the_project_loader_accepts_the_catalogue(
    sentences: tuple[Sentence, ...], catalogue: dict[str, Any]
) -> None:
    """The Fröschis loader's checks (quotes, kinds, rationales, options, mutants, discrepancies) pass."""
    source = SourceText("en", SEED, tuple(LoaderSentence(s.anchor, s.text) for s in sentences))
    loaded = parse_catalogue(catalogue, {"en": source})
    assert [c.id for c in loaded.clauses] == [c["id"] for c in tables(catalogue, "clause")]
    assert len(loaded.discrepancies) == len(tables(catalogue, "discrepancy"))


# --------------------------------------------------------------------------- the folder's README

README_FILE = SPEC / "README.md"


def readme_section(title: str) -> str:
    """The text of the README's ``## title`` section, up to the next heading of that level."""
    text = README_FILE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_the_readme_lists_every_clause_once_and_gives_each_its_decision(
    clauses: list[dict[str, Any]],
) -> None:
    listed = re.findall(
        r"^- `([^`]+)` \((source|ruling|variant)\b", readme_section("The clauses, by area"), re.M
    )
    assert [(c["id"], c["kind"]) for c in clauses] == listed
    rows = re.findall(r"^\| `([^`]+)` \|", readme_section("Engine decisions"), re.M)
    assert rows == [c["id"] for c in clauses]


def test_the_readme_variants_table_is_the_catalogue_s(clauses: list[dict[str, Any]]) -> None:
    rows = re.findall(r"^\| `([a-z_]+)` \| `([^`]+)` \|", readme_section("Variants"), re.M)
    assert rows == [(c["option"], c["id"]) for c in clauses if c["kind"] == "variant"]


def test_the_readme_names_only_what_exists_and_counts_right(
    sentences: tuple[Sentence, ...], catalogue: dict[str, Any], clauses: list[dict[str, Any]]
) -> None:
    known = {c["id"] for c in clauses} | {m["id"] for c in clauses for m in tables(c, "misreading")}
    areas = "|".join(sorted({name.split(".")[0] for name in known}))
    text = README_FILE.read_text(encoding="utf-8")
    names = re.findall(r"`((?:" + areas + r")\.[a-z-]+(?:~[a-z-]+)?)`", text)
    assert len(names) > len(clauses)
    for name in names:
        assert name in known, f"the README names {name}, which the catalogue does not have"
    kinds = [c["kind"] for c in clauses]
    misreadings = [m for c in clauses for m in tables(c, "misreading")]
    unplayable = sum("unplayable" in m for m in misreadings)
    counts = (
        f"{len(clauses)} clauses ({kinds.count('source')} source, {kinds.count('ruling')} rulings, "
        f"{kinds.count('variant')} variants), {len(misreadings)} misreadings (one mutant per clause; "
        f"{NUMBER_WORDS[unplayable]} the reference cannot play, each marked `unplayable` with why), "
        f"{len(tables(catalogue, 'discrepancy'))} discrepancies"
    )
    assert counts in text
    assert f"split into {len(sentences)} anchored sentences" in text
