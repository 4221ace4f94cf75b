"""Every registered game's rule specification in the one shape, through its catalogue
(:mod:`froeschis.framework.catalogue`, ``Game.catalogue``) and its ``spec/`` folder: sentence anchors
unique and in order, quotes verbatim in the sentences they cite, discrepancies naming clauses and
languages of the catalogue, every clause, misreading, discrepancy and sentence the prose names
existing, and the catalogue's header naming only files that exist.

What a game's texts alone have (how its sentences are split, its seed, its research points, the
files its header must name) is tests/games/<name>/test_*spec*.py. These check the specification's
form, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from froeschis.framework.catalogue import Catalogue
from froeschis.framework.registry import game, names


def sources() -> list[Any]:
    return [
        pytest.param(name, language, id=f"{name}-{language}")
        for name in names()
        for language in game(name).languages
    ]


@pytest.mark.parametrize(("name", "language"), sources())
def test_anchors_unique_and_in_order(name: str, language: str) -> None:
    """``lang.paragraph.sentence``, the paragraphs numbered from 1 in order, and the sentences of
    each from 1 in order: an anchor is where its sentence stands."""
    sentences = game(name).catalogue().sources[language].sentences
    assert sentences, f"{language}.toml has no sentences"
    anchors = [s.anchor for s in sentences]
    assert len(set(anchors)) == len(anchors), "duplicate anchors"
    places = []
    for anchor in anchors:
        match = re.fullmatch(rf"{language}\.([1-9][0-9]*)\.([1-9][0-9]*)", anchor)
        assert match, f"{anchor} is not {language}.PARAGRAPH.SENTENCE"
        places.append((int(match[1]), int(match[2])))
    assert out_of_place(places) == []


def out_of_place(places: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (paragraph, sentence) places that are not the next sentence of their paragraph or the
    first of the next paragraph."""
    found, paragraph, sentence = [], 0, 0
    for here in places:
        expected = (paragraph, sentence + 1) if here[0] == paragraph else (paragraph + 1, 1)
        if here != expected:
            found.append(here)
        paragraph, sentence = here
    return found


def test_anchors_out_of_order_are_found() -> None:
    """A sentence skipped, a paragraph skipped, a paragraph that starts again."""
    assert out_of_place([(1, 1), (1, 2), (2, 1)]) == []
    assert out_of_place([(1, 1), (2, 1), (2, 3), (4, 1), (2, 4)]) == [(2, 3), (4, 1), (2, 4)]


def quoted(catalogue: Catalogue) -> list[tuple[str, str, str, str]]:
    """Every quote of the catalogue: who quotes, the language, the anchor and the quote."""
    found = [(c.id, ref.language, ref.anchor, ref.quote) for c in catalogue.clauses for ref in c.sources]
    for misreading in catalogue.misreadings():
        ref = misreading.invited_by
        if ref is not None:
            found.append((misreading.id, ref.language, ref.anchor, ref.quote))
    return found


@pytest.mark.parametrize("name", names())
def test_every_quote_is_verbatim_in_its_sentence(name: str) -> None:
    catalogue = game(name).catalogue()
    found = quoted(catalogue)
    assert len(found) >= len(catalogue.in_force()) // 2, "the catalogue quotes its texts hardly at all"
    for who, language, anchor, quote in found:
        text = catalogue.sources[language].sentence(anchor).text
        assert quote and quote in text, f"{who}: {quote!r} is not in {anchor}: {text!r}"
    primary = catalogue.languages[0]
    for clause in catalogue.clauses:
        if clause.kind == "source":
            assert clause.sources_in(primary), f"{clause.id}: a source clause must quote the {primary} text"


@pytest.mark.parametrize("name", names())
def test_discrepancies_name_existing_clauses_and_languages(name: str) -> None:
    catalogue = game(name).catalogue()
    ids = set(catalogue.ids())
    discrepancies = catalogue.discrepancies
    assert len({d.id for d in discrepancies}) == len(discrepancies), "duplicate discrepancy IDs"
    for d in discrepancies:
        assert d.clauses and set(d.clauses) <= ids, f"{d.id}: unknown clauses {sorted(set(d.clauses) - ids)}"
        assert d.languages and set(d.languages) <= set(catalogue.languages), f"{d.id}: {d.languages}"
        assert d.summary.strip() and d.resolution.strip(), d.id
        assert not ids & {d.id}, f"{d.id} is a clause's ID too"


def prose(catalogue: Catalogue) -> list[str]:
    """The catalogue's own words: titles, statements, rationales, misreadings, discrepancies."""
    found: list[str] = []
    for clause in catalogue.clauses:
        found += [clause.title, clause.statement, clause.rationale]
        found += [misreading.description for misreading in clause.misreadings]
    for discrepancy in catalogue.discrepancies:
        found += [discrepancy.summary, discrepancy.resolution]
    return found


def references(catalogue: Catalogue) -> tuple[list[str], list[str]]:
    """What the prose names: clause, misreading and discrepancy IDs (by their areas), and sentence
    anchors."""
    known = [
        *catalogue.ids(),
        *(m.id for m in catalogue.misreadings()),
        *(d.id for d in catalogue.discrepancies),
    ]
    areas = "|".join(sorted({name.split(".")[0] for name in known}))
    named = re.compile(rf"\b(?:{areas})\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:~[a-z0-9]+(?:-[a-z0-9]+)*)?")
    languages = "|".join(catalogue.sources)
    anchor = re.compile(rf"\b(?:{languages})\.[0-9]+\.[0-9]+\b")
    texts = prose(catalogue)
    return [r for t in texts for r in named.findall(t)], [a for t in texts for a in anchor.findall(t)]


@pytest.mark.parametrize("name", names())
def test_cross_references_name_what_exists(name: str) -> None:
    """A misspelt reference in the prose fails here instead of pointing nowhere."""
    catalogue = game(name).catalogue()
    known = {
        *catalogue.ids(),
        *(m.id for m in catalogue.misreadings()),
        *(d.id for d in catalogue.discrepancies),
    }
    anchors = {s.anchor for source in catalogue.sources.values() for s in source.sentences}
    named, cited = references(catalogue)
    assert len(named) >= 20 and cited, "the prose names hardly anything: is the pattern right?"
    assert sorted({r for r in named if r not in known}) == []
    assert sorted({a for a in cited if a not in anchors}) == []


def header_files(name: str) -> set[str]:
    """The files the comment block at the top of the game's ``clauses.toml`` names."""
    header = []
    for line in (game(name).spec() / "clauses.toml").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        header.append(line)
    return {
        word.strip(".,;:()`")
        for word in " ".join(header).split()
        if re.search(r"\.(py|toml|md)\b", word) and "<" not in word and "*" not in word
    }


@pytest.mark.parametrize("name", names())
def test_the_catalogue_header_names_only_files_that_exist(name: str) -> None:
    """A header once sent readers to ``tests/test_spec.py``, which never existed."""
    repo = game(name).spec().resolve().parents[1]
    named = header_files(name)
    assert named, "the header names no file"
    for file in sorted(named):
        assert (repo / file).is_file(), (
            f"the header of spec/{game(name).spec().name}/clauses.toml names {file}"
        )
