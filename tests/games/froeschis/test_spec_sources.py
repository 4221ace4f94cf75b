"""The source texts in ``spec/froeschis/sources/*.toml`` are the seed texts, verbatim, split into sentences.

The seed files live outside the repository, in ``../shared/seeds`` beside the repo root. Seed
``000_3256c0159a4495ea.txt`` holds the Korean text (paragraphs 1-4) and then the English text
(paragraphs 5-8); seed ``001_d088866913611594.txt`` holds the German text, title line included.

Reconstruction rule: a seed's paragraphs are its blank-line-separated blocks, each ``.strip()``ped.
A language's paragraph is its sentences joined with a single space, except where
``SENTENCE_SEPARATORS`` names another separator (the one line break inside German paragraph 2,
after de.2.1); its text is its paragraphs joined with ``"\\n\\n"``. Each language's text is exactly
its slice of the seed's paragraphs, and the languages of a seed, in ``SEED_LAYOUT`` order and
joined with ``"\\n\\n"``, are exactly the whole seed (stripped).

Sentence rule: split after ``.``, ``?`` or ``!`` followed by whitespace, except after the
abbreviations in ``ABBREVIATIONS``.

The last tests check what ``spec/froeschis/clauses.toml`` says about the texts where it once said more than
they do (issue 15): which clauses are rulings because the texts do not state them, which sentences
they cite, which discrepancies they record, and that its own header names real files. The loader
(``froeschis.games.froeschis.spec``) already checks that every quote is in the sentence it cites. These tests
check
the sources and the catalogue's account of them, not how the engine plays a clause, so they carry
no clause marker.
"""

from __future__ import annotations

import inspect
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from froeschis.framework import errors
from froeschis.framework.catalogue import Catalogue
from froeschis.framework.loop import drive
from froeschis.games.froeschis.spec import load_catalogue
from tests.contract.test_spec import header_files

REPO = Path(__file__).resolve().parents[3]
SOURCES = REPO / "spec" / "froeschis" / "sources"
SEEDS = REPO.parent / "shared" / "seeds"

LANGUAGES = ("en", "de", "ko")

# The languages each seed file holds, in the order they appear in it.
SEED_LAYOUT: dict[str, tuple[str, ...]] = {
    "000_3256c0159a4495ea.txt": ("ko", "en"),
    "001_d088866913611594.txt": ("de",),
}

# Separators between two sentences of a paragraph that are not a single space, keyed by the anchor
# of the sentence before them.
SENTENCE_SEPARATORS: dict[str, str] = {"de.2.1": "\n"}

# Words ending in "." that end no sentence.
ABBREVIATIONS = ("engl.", "etc.", "usw.")

ANCHOR = re.compile(r"(?P<lang>[a-z]{2})\.(?P<par>[1-9][0-9]*)\.(?P<sent>[1-9][0-9]*)")
SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
BLANK_LINE = re.compile(r"\n[ \t]*\n")


@dataclass(frozen=True)
class Sentence:
    anchor: str
    text: str
    paragraph: int
    number: int


@dataclass(frozen=True)
class Source:
    language: str
    seed: str
    sentences: tuple[Sentence, ...]


def load_source(language: str) -> Source:
    """Load ``spec/froeschis/sources/<language>.toml``, checking its shape as it goes."""
    with (SOURCES / f"{language}.toml").open("rb") as f:
        data = tomllib.load(f)
    assert set(data) == {"language", "seed", "sentence"}, f"{language}.toml: unexpected keys"
    lang, seed, tables = data["language"], data["seed"], data["sentence"]
    assert isinstance(lang, str) and isinstance(seed, str) and isinstance(tables, list)
    sentences: list[Sentence] = []
    for table in tables:
        assert isinstance(table, dict) and set(table) == {"anchor", "text"}, table
        anchor, text = table["anchor"], table["text"]
        assert isinstance(anchor, str) and isinstance(text, str), table
        match = ANCHOR.fullmatch(anchor)
        assert match is not None, f"{language}.toml: malformed anchor {anchor!r}"
        assert match["lang"] == language, f"{language}.toml: anchor {anchor!r} of another language"
        sentences.append(Sentence(anchor, text, int(match["par"]), int(match["sent"])))
    return Source(lang, seed, tuple(sentences))


def paragraphs_of(source: Source) -> list[list[Sentence]]:
    """The sentences grouped by paragraph, in file order."""
    paragraphs: list[list[Sentence]] = []
    for sentence in source.sentences:
        if not paragraphs or paragraphs[-1][0].paragraph != sentence.paragraph:
            paragraphs.append([])
        paragraphs[-1].append(sentence)
    return paragraphs


def join_paragraph(sentences: list[Sentence]) -> str:
    parts: list[str] = []
    for i, sentence in enumerate(sentences):
        if i:
            parts.append(SENTENCE_SEPARATORS.get(sentences[i - 1].anchor, " "))
        parts.append(sentence.text)
    return "".join(parts)


def reconstruct(source: Source) -> list[str]:
    """The language's paragraphs, rebuilt from its sentences."""
    return [join_paragraph(p) for p in paragraphs_of(source)]


def split_sentences(paragraph: str) -> list[str]:
    """Split a paragraph by the sentence rule (see the module docstring)."""
    sentences: list[str] = []
    start = 0
    for match in SENTENCE_END.finditer(paragraph):
        head = paragraph[start : match.start()]
        if head.split()[-1].lstrip("(") in ABBREVIATIONS:
            continue
        sentences.append(head)
        start = match.end()
    sentences.append(paragraph[start:])
    return sentences


def seed_paragraphs(seed: str) -> list[str]:
    """The seed file's blank-line-separated paragraphs, stripped; skips without the seeds."""
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not available: no folder {SEEDS}")
    path = SEEDS / seed
    assert path.is_file(), f"seed file {path} is missing"
    return [p.strip() for p in BLANK_LINE.split(path.read_text(encoding="utf-8").strip())]


def seed_of(language: str) -> str:
    (seed,) = (s for s, langs in SEED_LAYOUT.items() if language in langs)
    return seed


@pytest.mark.parametrize("language", LANGUAGES)
def test_source_header(language: str) -> None:
    source = load_source(language)
    assert source.language == language
    assert source.seed == seed_of(language)
    assert source.sentences, f"{language}.toml has no sentences"


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_follow_the_split_rule(language: str) -> None:
    source = load_source(language)
    for sentence in source.sentences:
        assert sentence.text and sentence.text == sentence.text.strip(), sentence
    for paragraph in paragraphs_of(source):
        texts = [s.text for s in paragraph]
        assert split_sentences(join_paragraph(paragraph)) == texts


def test_sentence_separators_name_real_sentence_pairs() -> None:
    for anchor in SENTENCE_SEPARATORS:
        source = load_source(anchor.split(".")[0])
        paragraph = next(p for p in paragraphs_of(source) if anchor in [s.anchor for s in p])
        assert paragraph[-1].anchor != anchor, f"{anchor} ends its paragraph: no separator follows"


@pytest.mark.parametrize("language", LANGUAGES)
def test_reconstruction_matches_seed(language: str) -> None:
    source = load_source(language)
    seed = seed_paragraphs(source.seed)
    start = 0
    for other in SEED_LAYOUT[source.seed]:
        if other == language:
            break
        start += len(paragraphs_of(load_source(other)))
    rebuilt = reconstruct(source)
    expected = seed[start : start + len(rebuilt)]
    for number, (mine, theirs) in enumerate(zip(rebuilt, expected, strict=True), 1):
        assert mine == theirs, f"{language} paragraph {number} differs from the seed"
    assert "\n\n".join(rebuilt) == "\n\n".join(expected)


@pytest.mark.parametrize("seed", sorted(SEED_LAYOUT))
def test_seed_is_covered_exactly(seed: str) -> None:
    paragraphs = seed_paragraphs(seed)
    rebuilt = [p for lang in SEED_LAYOUT[seed] for p in reconstruct(load_source(lang))]
    assert rebuilt == paragraphs
    text = (SEEDS / seed).read_text(encoding="utf-8")
    assert "\n\n".join(rebuilt) == text.strip()


# --------------------------------------------------------------------------- the catalogue's account

HANGUL_QUOTE = re.compile(r"'([^'a-zA-Z]*[\uac00-\ud7a3][^'a-zA-Z]*)'")


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def sentence(catalogue: Catalogue, anchor: str) -> str:
    return catalogue.sources[anchor.split(".")[0]].sentence(anchor).text


def anchors(catalogue: Catalogue, clause_id: str) -> list[str]:
    return [ref.anchor for ref in catalogue.clause(clause_id).sources]


def test_the_catalogue_header_names_the_spec_module_its_tests_and_the_changelog() -> None:
    """That every file it names exists is tests/contract/test_spec.py."""
    assert {
        "froeschis/games/froeschis/spec.py",
        "tests/games/froeschis/test_spec_sources.py",
        "CHANGELOG.md",
    } <= header_files("froeschis")


def test_taking_any_discard_is_a_ruling_that_names_its_alternative_and_consequence(
    catalogue: Catalogue,
) -> None:
    """The texts set no condition on taking the discard pile; that any card may be taken is a
    reading. The jury's "passend" is the jury's, not the German text's."""
    clause = catalogue.clause("turn.draw-source")
    assert clause.kind == "ruling" and clause.rationale
    assert anchors(catalogue, "turn.draw-source") == ["en.3.1", "de.3.1", "ko.3.1"]
    assert "whatever its top card is" in clause.statement
    assert "variant.discard-if-placeable" in clause.statement
    assert catalogue.clause("variant.discard-if-placeable").kind == "variant"
    # The consequence, and the names it gives are the engine's.
    for words in ("a card they cannot use", "pass", "without end", "max_steps", "GameTooLongError"):
        assert words in clause.rationale
    assert "max_steps" in inspect.signature(drive).parameters
    assert issubclass(errors.GameTooLongError, errors.FroeschisError)
    # "passend" is not in the German source text; the rationale gives it to the jury text.
    assert not any("passend" in s.text for s in catalogue.sources["de"].sentences)
    assert "oder den Ablagestapel" in sentence(catalogue, "de.3.1")
    assert "spiel-des-jahres.de" in clause.rationale and "'passend'" in clause.rationale


def test_a_completing_number_does_not_replace_its_frog_and_the_catalogue_says_where(
    catalogue: Catalogue,
) -> None:
    """The edge is stated where a reader looks: in complete.ends-turn (which decides it, with
    turn.chain-order) and in frog.swap. The engine's behaviour is checked by
    tests/games/froeschis/test_clauses.py::test_completion_comes_before_a_frog_swap."""
    ends = catalogue.clause("complete.ends-turn")
    assert "a number whose spot holds a face-up frog does not replace it" in ends.statement
    assert "turn.chain-order" in ends.rationale
    swap = catalogue.clause("frog.swap")
    assert "discarded without a swap" in swap.rationale
    assert "complete.ends-turn" in swap.rationale and "turn.chain-order" in swap.rationale
    order = catalogue.clause("turn.chain-order").statement
    assert order.index("(1) the row has no face-down card") < order.index("(5)")


def test_the_start_seat_ruling_names_the_alternatives_and_why(catalogue: Catalogue) -> None:
    clause = catalogue.clause("round.start-seat")
    assert clause.kind == "ruling" and not clause.sources
    for alternative in ("completed first in the previous round", "youngest player", "after the previous"):
        assert alternative in clause.rationale
    assert "spreads the first-turn advantage" in clause.rationale
    assert "not found in any source" in clause.rationale


@pytest.mark.parametrize("clause_id", ["dead.trash", "dead.duplicate"])
def test_dead_cards_in_hand_are_a_reading_of_a_sentence_about_revealed_cards(
    catalogue: Catalogue, clause_id: str
) -> None:
    """The texts say "If you reveal trash or a number you already have face up"; that a card drawn
    or taken from the discard pile is dead too is our reading, so the clause is a ruling."""
    clause = catalogue.clause(clause_id)
    assert clause.kind == "ruling"
    assert "revealed, drawn or taken from the discard pile" in clause.statement
    assert "our reading" in clause.rationale
    assert anchors(catalogue, clause_id) == ["en.3.5", "de.3.5", "ko.3.7"]
    for ref in clause.sources:
        assert ref.quote == sentence(catalogue, ref.anchor).rstrip(".")  # the whole sentence
    assert sentence(catalogue, "en.3.5").startswith("If you reveal trash")
    assert "spiele-archiv.de" in " ".join(clause.secondary)


def test_the_korean_duplicate_sentence_drops_face_up_and_a_discrepancy_says_so(catalogue: Catalogue) -> None:
    [found] = [d for d in catalogue.discrepancies if d.id == "ko.duplicate-face-up-dropped"]
    assert found.languages == ("ko",) and found.clauses == ("dead.duplicate",)
    korean = sentence(catalogue, "ko.3.7")
    assert "이미 가지고 있는 번호" in korean and "'이미 가지고 있는 번호'" in found.summary
    assert "페이스업" not in korean and "앞면" not in korean  # ko.4.1 says face-up as "페이스업"
    assert "a number you already have face up" in sentence(catalogue, "en.3.5")
    assert "'a number you already have face up'" in found.summary
    assert "eine Zahl aufdecken, die Sie bereits offen haben" in sentence(catalogue, "de.3.5")
    assert "'eine Zahl aufdecken, die Sie bereits offen haben'" in found.summary


def test_every_korean_fragment_a_discrepancy_quotes_is_in_the_korean_text(catalogue: Catalogue) -> None:
    korean = " ".join(s.text for s in catalogue.sources["ko"].sentences)
    quoted = [q for d in catalogue.discrepancies for q in HANGUL_QUOTE.findall(d.summary)]
    assert len(quoted) >= 10
    for fragment in quoted:
        assert fragment in korean, fragment


def test_the_goal_sentence_is_cited_where_the_goal_is_decided(catalogue: Catalogue) -> None:
    goal = {"en": "en.1.1", "de": "de.2.2", "ko": "ko.1.1"}
    assert sentence(catalogue, "en.1.1").startswith("In Fröschis, you want to line up your cards")
    assert sentence(catalogue, "de.2.2").startswith("In Fröschis müssen Sie Ihre Karten")
    for clause_id in ("game.end", "complete.no-face-down"):
        cited = anchors(catalogue, clause_id)
        assert set(goal.values()) <= set(cited), clause_id
    assert any(
        r.quote == "eventually getting rid of your card row entirely"
        for r in catalogue.clause("game.end").sources
    )
    # Every sentence of the rules is cited by some clause; only the German title and the German
    # sentence on the game's origin state no rule.
    cited_anywhere = {ref.anchor for clause in catalogue.clauses for ref in clause.sources}
    uncited = [
        s.anchor
        for text in catalogue.sources.values()
        for s in text.sentences
        if s.anchor not in cited_anywhere
    ]
    assert uncited == ["de.1.1", "de.2.1"]


def test_the_discard_discrepancy_describes_the_german_sentence_as_it_is(catalogue: Catalogue) -> None:
    """de.3.1 says "oder den Ablagestapel": the whole pile, not its top card."""
    [found] = [d for d in catalogue.discrepancies if d.id == "all.discard-which-card"]
    german = "'entweder die oberste Karte des Stapels oder den Ablagestapel'"
    assert german in found.summary and german.strip("'") in sentence(catalogue, "de.3.1")
    assert "'take either the top card of the deck or the discard pile'" in found.summary
    assert "take either the top card of the deck or the discard pile" in sentence(catalogue, "en.3.1")
    assert "the discard pile itself" in found.summary
