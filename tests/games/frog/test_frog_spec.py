"""The Frog specification: ``spec/frog/clauses.toml`` and ``spec/frog/sources/ja.toml``.

Self-contained: it reads the TOML files with :mod:`tomllib`, because the generic loader
(``froeschis.games.froeschis.spec``) does not read per-game catalogues yet; these checks move into the
loader's
tests when it does. The source text of Frog is seed ``003_82e5842edd8c1e2a.txt`` in
``../shared/seeds`` beside the repository root; the tests that compare with it skip when that
folder is missing, as ``tests/games/froeschis/test_spec_sources.py`` does.

Sentence rule (stated again in the header of ``ja.toml``): a paragraph is a blank-line-separated
block of the seed, ``.strip()``ped; it is split after every ``。``, and the one space that follows a
``。`` in two places belongs to neither sentence. Reconstruction: a paragraph's sentences joined with
nothing, except one space before each sentence in ``SPACE_BEFORE``, and the paragraphs joined with
``"\\n\\n"``, give the seed file exactly.

The catalogue checks are those of the loader (kinds, rationales, options, verbatim quotes, one
mutant per clause) and those the Frog catalogue adds: every clause has misreadings, the first of
them cites the inviting sentence whenever any does, every Japanese fragment quoted in prose is in
the text, and every point of ``rules-research-frog.md`` is a discrepancy that quotes the sentence
at fault (anchors in order, verbatim quotes, discrepancies naming clauses, cross-references and the
header's files are every game's: tests/contract/test_spec.py). They check the specification, not an engine, so
they carry no clause marker.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.contract.test_spec import header_files

REPO = Path(__file__).resolve().parents[3]
FROG = REPO / "spec" / "frog"
SOURCE_FILE = FROG / "sources" / "ja.toml"
CATALOGUE_FILE = FROG / "clauses.toml"
SEEDS = REPO.parent / "shared" / "seeds"
SEED = "003_82e5842edd8c1e2a.txt"

# The sentences the seed separates from the sentence before them with a space after the "。".
SPACE_BEFORE = frozenset({"ja.8.2", "ja.11.2"})

KINDS = ("source", "ruling", "variant")
CLAUSE_KEYS = {"id", "title", "kind", "statement", "rationale", "secondary", "option", "ja", "misreading"}
MISREADING_KEYS = {"id", "description", "mutant", "anchor", "quote", "unplayable"}
DISCREPANCY_KEYS = {"id", "clauses", "languages", "summary", "resolution"}

ANCHOR = re.compile(r"ja\.(?P<par>[1-9][0-9]*)\.(?P<sent>[1-9][0-9]*)")
BLANK_LINE = re.compile(r"\n[ \t]*\n")
SENTENCE_END = re.compile(r"(?<=。) ?")
CLAUSE_ID = re.compile(r"[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*")
MISREADING_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
DISCREPANCY_ID = re.compile(r"ja\.[a-z0-9]+(?:-[a-z0-9]+)*")
OPTION = re.compile(r"[a-z]+(?:_[a-z0-9]+)*")
JAPANESE_FRAGMENT = re.compile(r"「([^」]+)」")
ADDRESS = re.compile(r"\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/\S+")

# Sentences that state no rule: the title, headings, and the lines on the game's type, its
# audience and its likeness to Crazy Solo (cited by a misreading only).
NOT_RULES = (
    "ja.1.1",
    "ja.5.1",
    "ja.6.1",
    "ja.7.1",
    "ja.8.2",
    "ja.10.1",
    "ja.18.1",
    "ja.22.1",
    "ja.24.1",
)

# The twelve points of ../shared/rules-research-frog.md ("Where the seed disagrees with the
# sources or with itself"), in its order: the discrepancy that records each, and the sentence
# whose words its summary must quote.
RESEARCH_POINTS = (
    ("ja.ten-cards", "ja.12.3"),
    ("ja.bid-ranking-garbled", "ja.14.1"),
    ("ja.telephone-trumps", "ja.15.2"),
    ("ja.widow-bereaved", "ja.12.6"),
    ("ja.eggs", "ja.16.4"),
    ("ja.grand-triple", "ja.26.3"),
    ("ja.pays-points-earned", "ja.27.1"),
    ("ja.remaining-two-points", "ja.28.1"),
    ("ja.one-bid-only", "ja.13.4"),
    ("ja.frog-two-names", "ja.15.1"),
    ("ja.exchange-if-able", "ja.16.1"),
    ("ja.three-players", "ja.3.1"),
)


@dataclass(frozen=True)
class Sentence:
    anchor: str
    text: str
    gloss: str
    paragraph: int
    number: int


def read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def load_sentences() -> tuple[Sentence, ...]:
    """The sentences of ``ja.toml``, checking the shape of each as it goes."""
    data = read_toml(SOURCE_FILE)
    assert set(data) == {"language", "seed", "sentence"}, "ja.toml: unexpected top-level keys"
    sentences: list[Sentence] = []
    for table in data["sentence"]:
        assert isinstance(table, dict) and set(table) == {"anchor", "text", "gloss"}, table
        anchor, text, gloss = table["anchor"], table["text"], table["gloss"]
        assert isinstance(anchor, str) and isinstance(text, str) and isinstance(gloss, str), table
        match = ANCHOR.fullmatch(anchor)
        assert match is not None, f"malformed anchor {anchor!r}"
        sentences.append(Sentence(anchor, text, gloss, int(match["par"]), int(match["sent"])))
    return tuple(sentences)


def paragraphs_of(sentences: tuple[Sentence, ...]) -> list[list[Sentence]]:
    paragraphs: list[list[Sentence]] = []
    for sentence in sentences:
        if not paragraphs or paragraphs[-1][0].paragraph != sentence.paragraph:
            paragraphs.append([])
        paragraphs[-1].append(sentence)
    return paragraphs


def join_paragraph(paragraph: list[Sentence]) -> str:
    return "".join((" " if s.anchor in SPACE_BEFORE else "") + s.text for s in paragraph)


def split_paragraph(paragraph: str) -> list[str]:
    """Split by the sentence rule: after every "。", dropping the one space that may follow it."""
    return [part for part in SENTENCE_END.split(paragraph) if part]


def seed_text() -> str:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not available: no folder {SEEDS}")
    path = SEEDS / SEED
    assert path.is_file(), f"seed file {path} is missing"
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def sentences() -> tuple[Sentence, ...]:
    return load_sentences()


@pytest.fixture(scope="module")
def texts(sentences: tuple[Sentence, ...]) -> dict[str, str]:
    return {s.anchor: s.text for s in sentences}


@pytest.fixture(scope="module")
def catalogue() -> dict[str, Any]:
    return read_toml(CATALOGUE_FILE)


def clauses(catalogue: dict[str, Any]) -> list[dict[str, Any]]:
    found = catalogue["clause"]
    assert isinstance(found, list) and found
    return found


def misreadings(clause: dict[str, Any]) -> list[dict[str, Any]]:
    found = clause.get("misreading", [])
    assert isinstance(found, list)
    return found


def prose(catalogue: dict[str, Any]) -> list[str]:
    """Every piece of the catalogue's own prose: statements, rationales, misreadings, discrepancies."""
    found: list[str] = []
    for clause in clauses(catalogue):
        found += [clause["statement"], clause.get("rationale", "")]
        found += [m["description"] for m in misreadings(clause)]
    for discrepancy in catalogue["discrepancy"]:
        found += [discrepancy["summary"], discrepancy["resolution"]]
    return found


# --------------------------------------------------------------------------- the source text


def test_source_header(sentences: tuple[Sentence, ...]) -> None:
    data = read_toml(SOURCE_FILE)
    assert data["language"] == "ja"
    assert data["seed"] == SEED
    assert sentences


def test_every_sentence_has_an_english_gloss(sentences: tuple[Sentence, ...]) -> None:
    for sentence in sentences:
        assert sentence.gloss and sentence.gloss == sentence.gloss.strip(), sentence.anchor
        assert re.search(r"[A-Za-z]{2}", sentence.gloss), f"{sentence.anchor}: the gloss is not English"
        assert "。" not in sentence.gloss, f"{sentence.anchor}: the gloss copies the Japanese"


def test_sentences_follow_the_split_rule(sentences: tuple[Sentence, ...]) -> None:
    for sentence in sentences:
        assert sentence.text and sentence.text == sentence.text.strip(), sentence.anchor
        assert "。" not in sentence.text[:-1], f"{sentence.anchor} holds a sentence end inside it"
        assert "\n" not in sentence.text, sentence.anchor
    for paragraph in paragraphs_of(sentences):
        for sentence in paragraph[:-1]:
            assert sentence.text.endswith("。"), f"{sentence.anchor} ends no sentence"
        assert split_paragraph(join_paragraph(paragraph)) == [s.text for s in paragraph]


def test_the_spaced_sentences_are_real_and_the_header_names_them(sentences: tuple[Sentence, ...]) -> None:
    by_anchor = {s.anchor: s for s in sentences}
    for anchor in SPACE_BEFORE:
        assert anchor in by_anchor and by_anchor[anchor].number > 1, f"{anchor} starts no later sentence"
    header = SOURCE_FILE.read_text(encoding="utf-8").split("\nlanguage = ")[0]
    for words in ('"。"', '"\\n\\n"', *sorted(SPACE_BEFORE)):
        assert words in header, f"the header of ja.toml does not state {words}"


def test_reconstruction_matches_the_seed_exactly(sentences: tuple[Sentence, ...]) -> None:
    seed = seed_text()
    expected = [p.strip() for p in BLANK_LINE.split(seed.strip())]
    rebuilt = [join_paragraph(p) for p in paragraphs_of(sentences)]
    for number, (mine, theirs) in enumerate(zip(rebuilt, expected, strict=True), 1):
        assert mine == theirs, f"paragraph {number} differs from the seed"
    assert "\n\n".join(rebuilt) == seed


# --------------------------------------------------------------------------- the catalogue


def test_catalogue_header(catalogue: dict[str, Any]) -> None:
    assert set(catalogue) == {"format", "game", "languages", "clause", "discrepancy"}
    assert catalogue["format"] == 1
    assert catalogue["game"] == "frog"
    assert catalogue["languages"] == ["ja"]


def test_the_catalogue_header_names_the_source_its_tests_and_the_readme() -> None:
    """That every file it names exists is tests/contract/test_spec.py."""
    named = header_files("frog")
    assert {"spec/frog/sources/ja.toml", "tests/games/frog/test_frog_spec.py", "spec/frog/README.md"} <= named


def test_clause_fields(catalogue: dict[str, Any]) -> None:
    options: list[str] = []
    for clause in clauses(catalogue):
        where = clause.get("id")
        assert set(clause) <= CLAUSE_KEYS, f"{where}: unexpected fields {set(clause) - CLAUSE_KEYS}"
        assert isinstance(where, str) and CLAUSE_ID.fullmatch(where), f"malformed clause ID {where!r}"
        assert clause["kind"] in KINDS, where
        for field in ("title", "statement"):
            assert isinstance(clause[field], str) and clause[field].strip(), f"{where}: no {field}"
        if clause["kind"] != "source":
            assert clause.get("rationale", "").strip(), f"{where}: a {clause['kind']} must say why"
        is_variant = clause["kind"] == "variant"
        assert is_variant == ("option" in clause), f"{where}: exactly the variants name an option"
        if "option" in clause:
            assert OPTION.fullmatch(clause["option"]), f"{where}: {clause['option']!r} is not snake_case"
            assert where.startswith("variant."), where
            options.append(clause["option"])
        secondary = clause.get("secondary", [])
        assert isinstance(secondary, list) and all(isinstance(s, str) for s in secondary), where
    assert len(set(options)) == len(options), "two variants share an option"


def test_ids_are_unique(catalogue: dict[str, Any]) -> None:
    clause_ids = [c["id"] for c in clauses(catalogue)]
    misreading_ids = [m["id"] for c in clauses(catalogue) for m in misreadings(c)]
    discrepancy_ids = [d["id"] for d in catalogue["discrepancy"]]
    everything = clause_ids + misreading_ids + discrepancy_ids
    assert len(set(everything)) == len(everything), sorted({i for i in everything if everything.count(i) > 1})


def test_every_clause_quotes_or_its_misreading_does(catalogue: dict[str, Any], texts: dict[str, str]) -> None:
    """A quote is an anchor and a quote, and there are at least as many as clauses (that each is
    verbatim in its sentence is tests/contract/test_spec.py)."""
    quoted = 0
    for clause in clauses(catalogue):
        refs = clause.get("ja", [])
        assert isinstance(refs, list)
        for ref in refs:
            assert set(ref) == {"anchor", "quote"}, f"{clause['id']}: {ref}"
            quoted += 1
        for misreading in misreadings(clause):
            assert ("anchor" in misreading) == ("quote" in misreading), misreading["id"]
            quoted += "anchor" in misreading
    assert quoted >= len(clauses(catalogue))


def test_source_clauses_quote_the_text_and_unquoted_ones_are_rulings(catalogue: dict[str, Any]) -> None:
    for clause in clauses(catalogue):
        if clause["kind"] == "source":
            assert clause.get("ja"), f"{clause['id']}: a source clause must quote the text"
        if not clause.get("ja"):
            assert clause["kind"] == "ruling", f"{clause['id']}: the text is silent, so it is a ruling"


def test_misreadings(catalogue: dict[str, Any]) -> None:
    for clause in clauses(catalogue):
        found = misreadings(clause)
        assert found, f"{clause['id']} lists no misreadings"
        for misreading in found:
            assert set(misreading) <= MISREADING_KEYS, misreading
            prefix, _, name = misreading["id"].partition("~")
            assert prefix == clause["id"] and MISREADING_NAME.fullmatch(name), misreading["id"]
            assert isinstance(misreading.get("mutant", False), bool), misreading["id"]
            assert misreading["description"].strip(), misreading["id"]
        mutants = [m["id"] for m in found if m.get("mutant", False)]
        assert len(mutants) == 1, f"{clause['id']}: exactly one misreading is the mutant, not {mutants}"
        if any("anchor" in m for m in found):
            assert "anchor" in found[0], f"{clause['id']}: the misreading the text invites comes first"


def test_discrepancies(catalogue: dict[str, Any]) -> None:
    """Their form (that they name existing clauses is tests/contract/test_spec.py)."""
    for discrepancy in catalogue["discrepancy"]:
        assert set(discrepancy) == DISCREPANCY_KEYS, discrepancy
        assert DISCREPANCY_ID.fullmatch(discrepancy["id"]), discrepancy["id"]
        assert discrepancy["languages"] == ["ja"], discrepancy["id"]


def test_every_japanese_fragment_in_the_prose_is_in_the_text(
    catalogue: dict[str, Any], texts: dict[str, str]
) -> None:
    text = "\n".join(texts.values())
    fragments = [f for piece in prose(catalogue) for f in JAPANESE_FRAGMENT.findall(piece)]
    assert len(fragments) >= 40
    for fragment in fragments:
        assert fragment in text, fragment


def test_secondary_sources_are_named_with_an_address_and_used(catalogue: dict[str, Any]) -> None:
    for clause in clauses(catalogue):
        for entry in clause.get("secondary", []):
            assert ADDRESS.search(entry), f"{clause['id']}: {entry!r} gives no address"
            name = entry.split()[0].rstrip(",")
            assert name in clause.get("rationale", ""), f"{clause['id']}: the rationale never names {name}"


def test_every_variant_says_which_reading_is_the_default_and_why(catalogue: dict[str, Any]) -> None:
    variants = [c for c in clauses(catalogue) if c["kind"] == "variant"]
    assert len(variants) >= 5
    for variant in variants:
        assert variant["statement"].startswith("With this option"), variant["id"]
        assert "default" in variant["rationale"], f"{variant['id']}: the rationale names no default"


def test_every_rule_sentence_is_cited(catalogue: dict[str, Any], texts: dict[str, str]) -> None:
    cited = {ref["anchor"] for clause in clauses(catalogue) for ref in clause.get("ja", [])}
    assert [a for a in texts if a not in cited] == list(NOT_RULES)


@pytest.mark.parametrize(("discrepancy_id", "anchor"), RESEARCH_POINTS)
def test_each_research_point_is_a_discrepancy_quoting_its_sentence(
    catalogue: dict[str, Any], texts: dict[str, str], discrepancy_id: str, anchor: str
) -> None:
    [found] = [d for d in catalogue["discrepancy"] if d["id"] == discrepancy_id]
    quoted = JAPANESE_FRAGMENT.findall(found["summary"])
    assert any(fragment in texts[anchor] for fragment in quoted), f"{discrepancy_id}: nothing of {anchor}"
