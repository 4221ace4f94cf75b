"""The source texts in ``spec/sources/*.toml`` are the seed texts, verbatim, split into sentences.

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
abbreviations in ``ABBREVIATIONS``. These tests check the sources, not a rule clause, so they carry
no clause marker.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO / "spec" / "sources"
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
    """Load ``spec/sources/<language>.toml``, checking its shape as it goes."""
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
def test_anchors_unique_and_in_order(language: str) -> None:
    source = load_source(language)
    anchors = [s.anchor for s in source.sentences]
    assert len(set(anchors)) == len(anchors), f"{language}.toml: duplicate anchors"
    paragraphs = paragraphs_of(source)
    assert [p[0].paragraph for p in paragraphs] == list(range(1, len(paragraphs) + 1))
    for paragraph in paragraphs:
        assert [s.number for s in paragraph] == list(range(1, len(paragraph) + 1)), paragraph


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
