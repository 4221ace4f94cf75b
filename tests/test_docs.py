"""The documentation generator (rulesdoc) and the docs' Sphinx extension.

The generator's gate is checked on made-up test suites and translation files; the rendered
reStructuredText on the real catalogue. When Sphinx is installed (the ``docs`` extra), small doc
projects using the extension are built with warnings as errors; the full docs are built by CI
(``.ci/run``). These tests check the docs tooling, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import importlib
import shutil
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs
import pytest
import rulesdoc
from rulesdoc import DocsGateError, build_model

from froeschis.spec import load_catalogue
from froeschis.verify.trace import ClauseTrace

REPO = Path(__file__).resolve().parents[1]
TRANSLATIONS = REPO / "docs" / "translations"
IDS = load_catalogue().ids()


def write_tests(root: Path, clause_ids: Iterable[str]) -> Path:
    """A made-up ``tests/`` folder with one marked test per clause ID (in a class for the last)."""
    tests = root / "tests"
    tests.mkdir(parents=True)
    lines = ["import pytest", ""]
    ids = list(clause_ids)
    for i, clause_id in enumerate(ids[:-1]):
        lines += [
            f'@pytest.mark.clause("{clause_id}")',
            f"def test_{i}() -> None:",
            f'    """Checks `{clause_id}`: *one* clause.',
            "",
            '    More words that the docs do not show."""',
            "    assert True",
            "",
        ]
    if ids:
        lines += [
            f'@pytest.mark.clause("{ids[-1]}")',
            "class TestLast:",
            "    def test_it(self) -> None:",
            "        assert True",
            "",
        ]
    (tests / "test_made_up.py").write_text("\n".join(lines), encoding="utf-8")
    return tests


@pytest.fixture
def translations(tmp_path: Path) -> Path:
    """A copy of the real translation files, to be spoilt by a test."""
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, target)
    return target


def gate_problems(tmp_path: Path, tests: Path, translations: Path) -> tuple[str, ...]:
    vectors = tmp_path / "vectors"
    vectors.mkdir(exist_ok=True)
    with pytest.raises(DocsGateError) as caught:
        build_model(tests, vectors, translations)
    return caught.value.problems


# --------------------------------------------------------------------------- the gate


def test_a_complete_trace_builds(tmp_path: Path) -> None:
    tests = write_tests(tmp_path, IDS)
    (tmp_path / "vectors").mkdir()
    model = build_model(tests, tmp_path / "vectors", TRANSLATIONS)
    assert [row.clause for row in model.matrix] == list(IDS)
    assert all(row.implementations and len(row.tests) == 1 for row in model.matrix)
    assert set(model.readings) == {"de", "ko"} and not model.playthroughs
    first = model.tests["tests/test_made_up.py::test_0"]
    assert first.clauses == (IDS[0],)
    assert first.summary == f"Checks `{IDS[0]}`: *one* clause."
    assert first.code.startswith(f'@pytest.mark.clause("{IDS[0]}")\ndef test_0() -> None:')
    last = model.tests["tests/test_made_up.py::TestLast::test_it"]
    assert last.code == "def test_it(self) -> None:\n    assert True"


def test_the_gate_refuses_a_clause_without_a_test(tmp_path: Path) -> None:
    untested = "frog.swap-mandatory"
    tests = write_tests(tmp_path, [i for i in IDS if i != untested])
    problems = gate_problems(tmp_path, tests, TRANSLATIONS)
    assert problems == (f"clause {untested!r} has no test (no @pytest.mark.clause names it)",)


def test_the_gate_refuses_a_test_of_an_unknown_clause(tmp_path: Path) -> None:
    tests = write_tests(tmp_path, [*IDS, "frog.jump"])
    problems = gate_problems(tmp_path, tests, TRANSLATIONS)
    assert len(problems) == 1
    assert "'frog.jump', which is not a clause in force in spec/clauses.toml" in problems[0]


def test_the_gate_refuses_a_clause_without_an_implementation() -> None:
    rows = [ClauseTrace("a.b", "source", (), ("t",), ()), ClauseTrace("c.d", "ruling", ("f",), (), ())]
    assert rulesdoc.coverage_problems(rows) == [
        "clause 'a.b' has no implementation (no @implements mark names it)",
        "clause 'c.d' has no test (no @pytest.mark.clause names it)",
    ]


def spoil(path: Path, edit: Callable[[str], str]) -> None:
    text = path.read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text, "the edit must change the file"
    path.write_text(changed, encoding="utf-8")


def test_the_gate_refuses_a_missing_translation(tmp_path: Path, translations: Path) -> None:
    def drop_game_end(text: str) -> str:
        start = text.index('[clause."game.end"]')
        return text[:start] + text[text.index("[clause.", start + 1) :]

    spoil(translations / "ko.toml", drop_game_end)
    problems = gate_problems(tmp_path, write_tests(tmp_path, IDS), translations)
    assert problems == ("ko.toml: no translation of clause 'game.end'",)


def test_the_gate_refuses_a_translation_of_an_older_english(tmp_path: Path, translations: Path) -> None:
    clause = load_catalogue().clause("dead.trash")
    current = rulesdoc.fingerprint(clause)
    spoil(translations / "de.toml", lambda text: text.replace(f'"{current}"', '"000000000000"'))
    problems = gate_problems(tmp_path, write_tests(tmp_path, IDS), translations)
    assert len(problems) == 1
    assert problems[0].startswith("de.toml [clause.'dead.trash']: translates an older English text")
    assert problems[0].endswith(f"set translates = {current!r}")


def test_the_gate_refuses_a_translation_of_an_unknown_clause(tmp_path: Path, translations: Path) -> None:
    spoil(
        translations / "de.toml",
        lambda text: (
            text + '\n[clause."frog.jump"]\ntranslates = "x"\ntitle = "Sprung"\nstatement = "Hopp."\n'
        ),
    )
    problems = gate_problems(tmp_path, write_tests(tmp_path, IDS), translations)
    assert problems == ("de.toml: translates 'frog.jump', which is not in spec/clauses.toml",)


def test_the_gate_refuses_a_missing_translation_file(tmp_path: Path, translations: Path) -> None:
    (translations / "de.toml").unlink()
    problems = gate_problems(tmp_path, write_tests(tmp_path, IDS), translations)
    assert problems == (f"no translation file {translations / 'de.toml'}",)


def test_the_fingerprint_follows_title_and_statement() -> None:
    clause = load_catalogue().clause("dead.trash")
    assert len(rulesdoc.fingerprint(clause)) == 12
    assert rulesdoc.fingerprint(attrs.evolve(clause, title="Trash")) != rulesdoc.fingerprint(clause)
    changed = attrs.evolve(clause, statement=clause.statement + " Really.")
    assert rulesdoc.fingerprint(changed) != rulesdoc.fingerprint(clause)
    assert rulesdoc.fingerprint(attrs.evolve(clause, rationale="Other.")) == rulesdoc.fingerprint(clause)


# --------------------------------------------------------------------------- reStructuredText


def test_esc_escapes_markup() -> None:
    assert (
        rulesdoc.esc("a *b* `c` _d_ |e| <f> [g] h:i \\") == r"a \*b\* \`c\` \_d\_ \|e\| \<f\> \[g\] h\:i \\"
    )
    assert rulesdoc.esc(" two\nlines  and   spaces ") == " two lines and spaces "


def test_quotes_are_marked_inside_the_sentence() -> None:
    marked = rulesdoc.marked_sentence("If you reveal trash, discard it.", ["reveal trash", "discard it"])
    assert marked == r"If you \ :source-quote:`reveal trash`\ , \ :source-quote:`discard it`\ ."
    overlapping = rulesdoc.marked_sentence("abcdef", ["abc", "bcd", "zz"])
    assert overlapping == r"\ :source-quote:`abcd`\ ef"


def test_clause_ids_become_links_but_not_parts_of_longer_ids() -> None:
    catalogue = load_catalogue()
    text = rulesdoc.linked("see frog.swap and frog.swap-mandatory. Then frog.swap.", catalogue)
    assert text.count(":ref:`frog.swap <clause-frog.swap>`") == 2
    assert text.count(":ref:`frog.swap-mandatory <clause-frog.swap-mandatory>`") == 1
    assert rulesdoc.linked("frog.swap", catalogue, skip="frog.swap") == "frog.swap"


def test_headings_count_wide_characters_twice(model: rulesdoc.DocModel) -> None:
    lines = rulesdoc.reading_rst(model, "ko").splitlines()
    title = "카드 구성 (``deck.composition``)"
    underline = lines[lines.index(title) + 1]
    assert underline == "-" * (len(title) + 4)  # four wide characters, each two columns


@pytest.fixture
def model(tmp_path: Path) -> rulesdoc.DocModel:
    (tmp_path / "vectors").mkdir()
    (tmp_path / "vectors" / "game.jsonl").write_text(
        '{"purpose": "for dead.trash"}\n{"events": [{"kind": "discarded", "clauses": ["dead.trash"]}]}\n'
    )
    return build_model(write_tests(tmp_path / "repo", IDS), tmp_path / "vectors", TRANSLATIONS)


def test_every_clause_has_its_section_with_its_sources(model: rulesdoc.DocModel) -> None:
    text = rulesdoc.rules_rst(model)
    catalogue = model.catalogue
    for clause in catalogue.clauses:
        assert f".. _clause-{clause.id}:" in text
        section = text.split(f".. _clause-{clause.id}:")[1].split(".. _clause-tests-")[0]
        for source in clause.sources:
            assert f"**{source.anchor}**" in section
        for name in model.trace(clause.id).implementations:
            assert f":py:func:`{name}`" in section
    deck = text.split(".. _clause-deck.composition:")[1].split(".. _clause-players.count:")[0]
    for header in ("English", "Deutsch", "한국어"):
        assert header in deck
    assert "Discrepancy ko.six-frogs (Korean)" in deck
    assert r":ref:`tests/test\_made\_up.py\:\:test\_0 <test-tests-test-made-up-py-test-0>`" in deck


def test_the_readings_are_marked_as_translations(model: rulesdoc.DocModel) -> None:
    de = rulesdoc.reading_rst(model, "de")
    assert de.startswith(".. admonition:: Übersetzung aus dem Englischen")
    assert de.count(":Übersetzung von:") == len(IDS)
    assert "Das Spiel hat 60 Karten" in de
    assert "**de.2.3**" in de and "**en.2.1**" not in de


def test_the_matrix_and_the_playthroughs(model: rulesdoc.DocModel) -> None:
    matrix = rulesdoc.matrix_rst(model)
    assert matrix.count(":ref:`1 <clause-playthroughs-") == 1
    coverage = rulesdoc.coverage_rst(model)
    assert "**all**" in coverage and f"     - {len(IDS)}" in coverage
    plays = rulesdoc.playthroughs_rst(model)
    assert "``game.jsonl``" in plays and "2 lines" in plays and "clause-dead.trash" in plays


# --------------------------------------------------------------------------- the Sphinx extension


def sphinx_build(src: Path, out: Path, *options: str) -> int:
    build = importlib.import_module("sphinx.cmd.build")
    status: int = build.build_main(["-W", "-q", "-E", "-b", "html", *options, str(src), str(out)])
    return status


def small_project(root: Path, body: str, tests: Path, *, api: bool = True) -> Path:
    """A doc project using the docs' extension, on the real catalogue and a made-up test suite."""
    pytest.importorskip("sphinx")
    src = root / "src"
    src.mkdir()
    (root / "vectors").mkdir()
    (src / "conf.py").write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(REPO / "docs" / "_ext")!r})
            extensions = ["froeschis_sphinx"]
            froeschis_tests_dir = {str(tests)!r}
            froeschis_vectors_dir = {str(root / "vectors")!r}
            froeschis_translations_dir = {str(TRANSLATIONS)!r}
            smartquotes = False
            """
        ),
        encoding="utf-8",
    )
    api_text = ".. automodule:: froeschis.core.clauses\n   :members:\n   :undoc-members:\n" if api else ""
    (src / "index.rst").write_text(f"Test\n====\n\n{body}\n\n{api_text}", encoding="utf-8")
    return src


PAGE = """
See :clause:`frog.swap`, :repo-file:`README.md` and :repo-file:`spec/not-written-yet.md`.

.. froeschis-svg::
   :caption: A frog.

   from froeschis import FROG
   from froeschis.present import svg
   svg.card(FROG)

.. froeschis-rules::

.. froeschis-discrepancies::

.. froeschis-reading:: de

.. froeschis-reading:: ko

.. froeschis-matrix::

.. froeschis-tests::

.. froeschis-playthroughs::
"""


def test_the_extension_builds_the_rule_pages(tmp_path: Path) -> None:
    src = small_project(tmp_path, PAGE, write_tests(tmp_path, IDS))
    assert sphinx_build(src, tmp_path / "html") == 0
    html = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert 'id="clause-frog-swap"' in html and 'href="#clause-frog-swap"' in html
    assert 'href="#froeschis.core.clauses.standard_deck"' in html
    entry = html.split('id="froeschis.core.clauses.standard_deck"')[1].split("</dd>")[0]
    assert 'Implements <a class="reference internal" href="#clause-deck-composition">' in entry
    assert 'href="#test-tests-test-made-up-py-test-0"' in html
    assert '<span class="source-quote">The deck consists of cards numbered 1-8' in html
    assert "Der Stapel besteht aus Karten" in html and "갑판에는" in html
    assert '<div class="froeschis-picture"><svg' in html and "A frog." in html
    assert 'class="reference download internal" download="" href="_downloads/' in html
    assert (tmp_path / "html" / "_downloads").is_dir()
    assert '<span class="pre">spec/not-written-yet.md</span></code>' in html


def test_the_build_stops_when_a_clause_has_no_test(tmp_path: Path) -> None:
    src = small_project(tmp_path, PAGE, write_tests(tmp_path, IDS[1:]))
    assert sphinx_build(src, tmp_path / "html") != 0
    assert not (tmp_path / "html" / "index.html").exists()


def test_an_unknown_clause_reference_fails_the_build(tmp_path: Path) -> None:
    src = small_project(tmp_path, "See :clause:`frog.jump`.", write_tests(tmp_path, IDS))
    assert sphinx_build(src, tmp_path / "html") != 0


def test_an_implementation_without_an_api_entry_fails_the_build(tmp_path: Path) -> None:
    src = small_project(tmp_path, ".. froeschis-matrix::", write_tests(tmp_path, IDS), api=False)
    assert sphinx_build(src, tmp_path / "html") != 0
