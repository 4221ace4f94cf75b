"""The documentation generator (rulesdoc) and the docs' Sphinx extension.

The generator's gate is checked on made-up test suites and translation files; the rendered
reStructuredText on the real catalogue. When Sphinx is installed (the ``docs`` extra), small doc
projects using the extension are built with warnings as errors; the full docs are built by CI
(``.ci/run``). These tests check the docs tooling, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import functools
import html
import importlib
import json
import re
import runpy
import shutil
import subprocess
import textwrap
from collections.abc import Callable, Iterable, Mapping
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import api_pages
import attrs
import pytest
import rulesdoc
from rulesdoc import DocsGateError, Show

from froeschis.framework import registry
from froeschis.games.froeschis.cards import parse_card
from froeschis.games.froeschis.readings import PUBLISHED, TABLES
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.table import Resolution
from froeschis.verify.trace import ClauseTrace
from tests import page_sizes

REPO = Path(__file__).resolve().parents[2]
TRANSLATIONS = REPO / "docs" / "translations"
IDS = load_catalogue().ids()
RULES_PAGE = Show(tests_page=True, playthroughs=True, misreadings=False)
"""What ``docs/rules.rst`` and ``docs/traceability.rst`` show of Fröschis (their directives' flags)."""


def build_model(tests: Path, vectors: Path, translations: Path) -> rulesdoc.GameDoc:
    """The default game's pages on a made-up suite, playthroughs and translations."""
    return rulesdoc.build_game_doc(tests, registry.game(), vectors, translations)


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
    assert "'frog.jump', which is not a clause in force in spec/froeschis/clauses.toml" in problems[0]


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
    assert problems == ("de.toml: translates 'frog.jump', which is not in spec/froeschis/clauses.toml",)


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


def test_headings_count_wide_characters_twice(model: rulesdoc.GameDoc) -> None:
    lines = rulesdoc.reading_rst(model, "ko").splitlines()
    title = "카드 구성 (``deck.composition``)"
    underline = lines[lines.index(title) + 1]
    assert underline == "-" * (len(title) + 4)  # four wide characters, each two columns


@pytest.fixture
def model(tmp_path: Path) -> rulesdoc.GameDoc:
    (tmp_path / "vectors").mkdir()
    (tmp_path / "vectors" / "game.jsonl").write_text(
        '{"purpose": "for dead.trash"}\n{"events": [{"kind": "discarded", "clauses": ["dead.trash"]}]}\n'
    )
    return build_model(write_tests(tmp_path / "repo", IDS), tmp_path / "vectors", TRANSLATIONS)


def test_every_clause_has_its_section_with_its_sources(model: rulesdoc.GameDoc) -> None:
    text = rulesdoc.rules_rst(model, RULES_PAGE)
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


def test_the_readings_are_marked_as_translations(model: rulesdoc.GameDoc) -> None:
    de = rulesdoc.reading_rst(model, "de")
    assert de.startswith(".. admonition:: Übersetzung aus dem Englischen")
    assert de.count(":Übersetzung von:") == len(IDS)
    assert "Das Spiel hat 60 Karten" in de
    assert "**de.2.3**" in de and "**en.2.1**" not in de


def test_the_matrix_and_the_playthroughs(model: rulesdoc.GameDoc) -> None:
    matrix = rulesdoc.matrix_rst(model, RULES_PAGE)
    assert matrix.count(":ref:`1 <playthrough-game-jsonl>`") == 1
    coverage = rulesdoc.coverage_rst(model, RULES_PAGE)
    assert "**all**" in coverage and f"     - {len(IDS)}" in coverage
    plays = rulesdoc.playthroughs_rst(model)
    assert "``game.jsonl``" in plays and "2 lines" in plays and "clause-dead.trash" in plays


# --------------------------------------------------------------------------- the Sphinx extension


def sphinx_build(src: Path, out: Path, *options: str) -> int:
    build = importlib.import_module("sphinx.cmd.build")
    status: int = build.build_main(["-W", "-q", "-E", "-b", "html", *options, str(src), str(out)])
    return status


THEME_SETTINGS = ("html_theme", "html_css_files", "toc_object_entries_show_parents")
"""What a small project takes from ``docs/conf.py`` to look like the docs (with ``docs/_static``)."""


@functools.cache
def theme_conf() -> str:
    """The lines of ``docs/conf.py`` that choose the theme and the docs' own CSS."""
    settings = runpy.run_path(str(REPO / "docs" / "conf.py"))
    lines = [f"{name} = {settings[name]!r}" for name in THEME_SETTINGS]
    return "\n".join([*lines, f"html_static_path = [{str(REPO / 'docs' / '_static')!r}]"])


def small_project(
    root: Path,
    body: str,
    tests: Path,
    *,
    api: bool = True,
    themed: bool = False,
    pages: Mapping[str, str] | None = None,
) -> Path:
    """A doc project using the docs' extension, on the real catalogue and a made-up test suite;
    ``themed``: with the docs' theme and CSS; ``pages``: more files (name -> text)."""
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
        )
        + (theme_conf() if themed else ""),
        encoding="utf-8",
    )
    api_text = (
        ".. automodule:: froeschis.games.froeschis.clauses\n   :members:\n   :undoc-members:\n" if api else ""
    )
    (src / "index.rst").write_text(f"Test\n====\n\n{body}\n\n{api_text}", encoding="utf-8")
    for name, text in (pages or {}).items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    return src


PAGE = """
See :clause:`frog.swap`, :repo-file:`README.md` and :repo-file:`spec/not-written-yet.md`.

.. froeschis-svg::
   :caption: A frog.

   from froeschis import FROG
   from froeschis.games.froeschis import svg
   svg.card(FROG)

.. froeschis-game-rules:: froeschis
   :link-tests:
   :playthroughs:

.. froeschis-game-discrepancies:: froeschis

.. froeschis-game-reading:: froeschis de

.. froeschis-game-reading:: froeschis ko

.. froeschis-game-matrix:: froeschis
   :link-tests:
   :playthroughs:

.. froeschis-game-tests:: froeschis

.. froeschis-game-playthroughs:: froeschis
"""


def test_the_extension_builds_the_rule_pages(tmp_path: Path) -> None:
    src = small_project(tmp_path, PAGE, write_tests(tmp_path, IDS))
    assert sphinx_build(src, tmp_path / "html") == 0
    html = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert 'id="clause-frog-swap"' in html and 'href="#clause-frog-swap"' in html
    assert 'href="#froeschis.games.froeschis.clauses.standard_deck"' in html
    entry = html.split('id="froeschis.games.froeschis.clauses.standard_deck"')[1].split("</dd>")[0]
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
    src = small_project(
        tmp_path, ".. froeschis-game-matrix:: froeschis", write_tests(tmp_path, IDS), api=False
    )
    assert sphinx_build(src, tmp_path / "html") != 0


# --------------------------------------------------------------------------- the docs in a browser

WIDE_CODE = "x = " + " + ".join(f"value_{i}" for i in range(40))
"""A line of code far wider than a phone and than the content column of a wide window."""

THEMED_PAGE = f"""
See :clause:`round.final-turn-completion` and ``variant.discard-if-placeable``.

A heading with ``frog.swap``
----------------------------

A heading with ``froeschis.conformance.attribution.refusal_clause`` and ``variant.discard-if-placeable``
--------------------------------------------------------------------------------------------------------

A long word: ``froeschis.conformance.attribution.refusal_clause(state, action)``, and
tests/tools/test_conformance.py::TestValidate::test_a_setup_the_rules_forbid.

.. froeschis-game-summary:: froeschis
   :statements:

.. froeschis-game-matrix:: froeschis
   :link-tests:
   :playthroughs:

.. code-block:: python

   {WIDE_CODE}

.. froeschis-output:: froeschis conform --quick -- python examples/froeschis/engine.py --bug final-turns
   :output: conform-fail.txt
   :head: 30
   :tail: 5

.. froeschis-game-rules:: froeschis
   :link-tests:
   :playthroughs:
   :no-misreadings:

.. froeschis-game-discrepancies:: froeschis

.. froeschis-game-tests:: froeschis

.. toctree::

   rules-de
   rules-ko
   rules
"""


@pytest.fixture(scope="module")
def themed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small project built with the docs' theme and CSS: wide code, the generated tables, a
    command's output, the annotated rules with their pictures, and the German and Korean pages as
    they stand (``docs/rules-de.rst``, ``docs/rules-ko.rst``)."""
    root = tmp_path_factory.mktemp("themed")
    pages = {
        name: (REPO / "docs" / name).read_text(encoding="utf-8") for name in ("rules-de.rst", "rules-ko.rst")
    }
    pages["rules.rst"] = "Rules\n=====\n"
    pages["conform-fail.txt"] = "\n".join(f"line {i}: " + "report " * i for i in range(60)) + "\n"
    src = small_project(root, THEMED_PAGE, write_tests(root, IDS), themed=True, pages=pages)
    assert sphinx_build(src, root / "html") == 0
    return root / "html"


class _Text(HTMLParser):
    """Every piece of text of a page outside code blocks, with the classes of its elements."""

    VOID = frozenset({"br", "img", "hr", "meta", "link", "input", "col", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, set[str], str | None]] = []
        self.texts: list[tuple[str, set[str], str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            found = dict(attrs)
            self.open.append((tag, set((found.get("class") or "").split()), found.get("lang")))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        tags = {tag for tag, _, _ in self.open}
        if data.strip() and not tags & {"pre", "script", "style", "title", "svg"}:
            classes = set().union(*(c for _, c, _ in self.open)) if self.open else set()
            lang = next((lang for _, _, lang in reversed(self.open) if lang), None)
            self.texts.append((data.strip(), classes, lang))


def page_texts(html: Path) -> list[tuple[str, set[str], str | None]]:
    """The texts of a built page: (text, the classes of the elements around it, its language)."""
    parser = _Text()
    parser.feed(html.read_text(encoding="utf-8"))
    return parser.texts


def test_clause_ids_carry_the_class_that_keeps_them_on_one_line(themed_site: Path) -> None:
    """Every clause ID shown as text (links of the generated tables, the role, inline code, the
    headings and the page's table of contents) is inside an element of class clause-id, and the
    docs' CSS keeps that class on one line."""
    ids = set(IDS)
    shown = [(text, classes) for text, classes, _ in page_texts(themed_site / "index.html") if text in ids]
    assert len(shown) > 3 * len(ids)  # the summary, the matrix, the sections, their headings
    assert [text for text, classes in shown if "clause-id" not in classes] == []
    css = (REPO / "docs" / "_static" / "froeschis.css").read_text(encoding="utf-8")
    rule = re.search(r"\.clause-id\s*\{([^}]*)\}", css)
    assert rule and "white-space: nowrap" in rule[1] and "hyphens: none" in rule[1]


def test_the_german_and_korean_pages_declare_their_language(themed_site: Path) -> None:
    """The section holding each page's whole content says its language, the Korean page names the
    font package (in English, lang="en", for those whose browser shows boxes), and the docs' CSS
    asks for that font wherever the text is Korean."""
    for page, language in (("rules-de.html", "de"), ("rules-ko.html", "ko")):
        html = (themed_site / page).read_text(encoding="utf-8")
        section = re.search(r"<section [^>]*>\s*<h1>", html)
        assert section and f'lang="{language}"' in section[0], page
        assert html.count("<h1>") == 1
    korean = page_texts(themed_site / "rules-ko.html")
    note = [lang for text, _, lang in korean if "fonts-noto-cjk" in text]
    assert note == ["en"]
    assert any(lang == "ko" and "카드" in text for text, _, lang in korean)
    css = (REPO / "docs" / "_static" / "froeschis.css").read_text(encoding="utf-8")
    rule = re.search(r'\[lang\|="ko"\]\s*\{([^}]*)\}', css)
    assert rule and '"Noto Sans CJK KR"' in rule[1]
    # The source sentences of the annotated rules say their language too.
    sources = page_texts(themed_site / "index.html")
    assert any(lang == "ko" and text.startswith("ko.") for text, _, lang in sources)
    assert any(lang == "de" and text.startswith("de.") for text, _, lang in sources)


def test_a_command_output_shows_its_head_and_tail_and_links_the_rest(themed_site: Path) -> None:
    html = (themed_site / "index.html").read_text(encoding="utf-8")
    block = html.split("highlight-console")[1].split("</pre>")[0]
    text = re.sub(r"<[^>]+>", "", block)
    assert "$ froeschis conform --quick" in text
    assert "line 29:" in text and "line 30:" not in text and "line 55:" in text
    assert "\n...\n" in text
    assert "The whole output (60 lines)" in html and "conform-fail.txt" in html


def test_a_missing_command_output_fails_the_build(tmp_path: Path) -> None:
    body = ".. froeschis-output:: froeschis watch\n   :output: not-there.txt\n"
    src = small_project(tmp_path, body, write_tests(tmp_path, IDS), api=False)
    assert sphinx_build(src, tmp_path / "html") != 0


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

MEASURE = """(win) => {
  const doc = win.document;
  const article = doc.querySelector("article") || doc.body;
  const edge = article.getBoundingClientRect();
  const width = doc.documentElement.clientWidth;
  const overflow = (el) => win.getComputedStyle(el).overflowX;
  const name = (el) => el.tagName.toLowerCase() + " " + (el.textContent || "").trim().slice(0, 40);
  const cut = [];
  let measured = 0;
  for (const el of article.querySelectorAll("pre, table, img, svg")) {
    if (el.parentElement.closest("svg")) continue;
    let box = el;
    while (box !== article && !["auto", "scroll"].includes(overflow(box))) box = box.parentElement;
    const shown = box === article ? el : box;
    const r = shown.getBoundingClientRect();
    if (r.width === 0) continue;
    measured += 1;
    if (r.right > Math.min(edge.right, width) + 1 || r.left < Math.max(edge.left, 0) - 1) {
      cut.push("sticks out of the page: " + name(el));
    } else if (box === article && el.scrollWidth > el.clientWidth + 1) {
      cut.push("spills out of its box: " + name(el));
    }
    for (let up = shown.parentElement; up && up !== article; up = up.parentElement) {
      if (["hidden", "clip"].includes(overflow(up)) && r.right > up.getBoundingClientRect().right + 1) {
        cut.push("clipped by " + up.tagName.toLowerCase() + ": " + name(el));
      }
    }
  }
  const scrolls = (el) => {
    for (let up = el; up && up !== article; up = up.parentElement) {
      if (["auto", "scroll"].includes(overflow(up))) return true;
    }
    return false;
  };
  const texts = doc.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const parent = text.parentElement;
    if (!text.textContent.trim() || parent.closest("svg") || scrolls(parent)) continue;
    if (win.getComputedStyle(parent).visibility !== "visible") continue;
    const range = doc.createRange();
    range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    if (r.width > 0 && r.right > Math.min(edge.right, width) + 1) {
      cut.push("text sticks out of the page: " + text.textContent.trim().slice(0, 40));
    }
  }
  const ids = [...doc.querySelectorAll(".clause-id")];
  const broken = ids.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent);
  const pres = [...article.querySelectorAll("pre")];
  const scrolled = pres.filter((el) => el.scrollWidth > el.clientWidth + 1).length;
  const pageWidth = doc.documentElement.scrollWidth;
  return {width, pageWidth, cut, broken, ids: ids.length, measured, scrolled};
}"""
"""Measures a page in its window: every code block, table and picture of the content must fit in
it or scroll in a box of its own that fits (never stick out, spill or be clipped), no text outside
such a box may stick out of the page (furo's html clips it: a long word, a heading's module name),
and no clause ID may be broken over two lines."""

HOST = """<!doctype html><html><body style="margin:0"><iframe id="page" src="{src}"
style="width:{width}px;height:1500px;border:0"></iframe><pre id="measured"></pre><script>
const frame = document.getElementById("page");
frame.addEventListener("load", () => {{
  document.getElementById("measured").textContent = JSON.stringify(({measure})(frame.contentWindow));
}});
</script></body></html>"""
"""The page is measured in an iframe of the width asked for: headless Chromium's windows are at
least 500 pixels wide, wider than a phone."""


def measure(page: Path, width: int, tmp: Path) -> dict[str, Any]:
    """What :data:`MEASURE` finds on ``page`` laid out ``width`` pixels wide, in headless Chromium."""
    assert CHROMIUM
    host = tmp / f"host-{width}.html"
    host.write_text(HOST.format(src=page.resolve().as_uri(), width=width, measure=MEASURE), encoding="utf-8")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
    flags += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
    flags += [f"--user-data-dir={tmp / f'profile-{width}'}", "--allow-file-access-from-files"]
    flags += [f"--window-size={max(width, 500) + 20},1600", "--dump-dom", host.as_uri()]
    done = subprocess.run([CHROMIUM, *flags], capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="measured">(.+?)</pre>', done.stdout, re.DOTALL)
    assert found, f"chromium measured nothing:\n{done.stderr[-2000:]}"
    result: dict[str, Any] = json.loads(html.unescape(found[1]))
    return result


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian: apt-get install chromium)")
@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "desktop"])
@pytest.mark.parametrize("page", ["index.html", "rules-ko.html"])
def test_nothing_is_cut_in_a_browser(themed_site: Path, tmp_path: Path, page: str, width: int) -> None:
    """At a phone's width and a desktop's, in headless Chromium: what does not fit scrolls in its own
    box, nothing sticks out of the page (furo's html clips it), no clause ID is broken in two."""
    result = measure(themed_site / page, width, tmp_path)
    assert result["width"] <= width and result["measured"] > 10
    assert result["cut"] == [] and result["broken"] == []
    assert result["pageWidth"] <= result["width"]
    if page == "index.html":
        assert result["ids"] > 3 * len(IDS)
        assert result["scrolled"] >= 1  # the wide line of code: it scrolls, it is not cut


# --------------------------------------------------------------------------- the API pages


def test_every_module_has_an_api_page_and_the_index_links_each() -> None:
    modules = api_pages.api_modules()
    assert {"froeschis", "froeschis.games.froeschis.engine", "froeschis.cli"} <= set(modules)
    assert not [m for m in modules if m.startswith("froeschis.cli.") or "._" in m]
    index = api_pages.index_rst("api")
    for module in modules:
        assert f":doc:`{module} <api/{module}>`" in index
        assert f"   api/{module}\n" in index  # in a toctree: the page is in the navigation


def test_a_module_page_lists_its_contents_then_documents_them() -> None:
    page = api_pages.module_rst("froeschis.games.froeschis.engine")
    assert page.startswith("``froeschis.games.froeschis.engine``\n====================================\n")
    assert page.index(".. froeschis-module-contents::") < page.index(
        ".. automodule:: froeschis.games.froeschis.engine"
    )
    assert "   :members:" in page
    package = api_pages.module_rst("froeschis.games.froeschis")
    assert "   :no-members:" in package and "* :doc:`froeschis.games.froeschis.engine`: " in package
    top = api_pages.module_rst("froeschis")
    assert ":py:obj:`~froeschis.games.froeschis.engine.GameState`" in top and "``FROG``" in top


def test_first_sentence_stops_at_a_sentence_end_only() -> None:
    assert api_pages.first_sentence("The state. More words.\n\nOther.") == "The state."
    assert api_pages.first_sentence("Plays, e.g. bots, a game.  Then") == "Plays, e.g. bots, a game."
    assert api_pages.first_sentence("A :class:`x. Y` role. Two.") == "A :class:`x. Y` role."
    assert api_pages.first_sentence("See ``a. B`` here") == "See ``a. B`` here"


def test_the_pages_are_written_and_kept(tmp_path: Path) -> None:
    """Written into the folder configured, only when changed (an incremental build reads again
    only what changed); the page of a module that is gone is removed."""
    app: Any = SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(froeschis_api_dir="api"))
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "froeschis.gone.rst").write_text("old", encoding="utf-8")
    api_pages.write_pages(app)
    written = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "api").glob("*.rst")}
    assert set(written) == {f"{m}.rst" for m in api_pages.api_modules()}
    engine = tmp_path / "api" / "froeschis.games.froeschis.engine.rst"
    assert engine.read_text(encoding="utf-8") == api_pages.module_rst("froeschis.games.froeschis.engine")
    api_pages.write_pages(app)
    assert {p.name: p.stat().st_mtime_ns for p in (tmp_path / "api").glob("*.rst")} == written
    off: Any = SimpleNamespace(srcdir=str(tmp_path / "none"), config=SimpleNamespace(froeschis_api_dir=""))
    api_pages.write_pages(off)
    assert not (tmp_path / "none").exists()


GAME_STATE_MEMBERS = ("phase", "round", "turn", "players", "winners", "is_terminal", "is_chance")
"""What issue 21 asked the API reference to show of GameState, at least: fields and properties."""


def test_the_engine_page_documents_game_states_fields_and_properties(tmp_path: Path) -> None:
    """Built as the docs build it (the page's text from :func:`api_pages.module_rst`): GameState's
    attrs fields and properties have entries, and the page's contents list links each of them."""
    pages = {"engine.rst": api_pages.module_rst("froeschis.games.froeschis.engine")}
    body = ".. toctree::\n\n   engine\n"
    src = small_project(tmp_path, body, write_tests(tmp_path, IDS), themed=True, pages=pages)
    assert sphinx_build(src, tmp_path / "html") == 0
    html = (tmp_path / "html" / "engine.html").read_text(encoding="utf-8")
    contents = html.partition("module-contents")[2].partition("</ul>")[0]
    for member in GAME_STATE_MEMBERS:
        anchor = f"froeschis.games.froeschis.engine.GameState.{member}"
        assert f'id="{anchor}"' in html, member
        assert f'href="#{anchor}"' in contents, member
    assert contents.index('href="#froeschis.games.froeschis.engine.GameState"') < contents.index(
        'href="#froeschis.games.froeschis.engine.new_game"'
    )
    docstring = html.index("The game state, and how an action changes it")
    assert (
        docstring
        < html.index('class="module-contents')
        < html.index('id="froeschis.games.froeschis.engine.GameState"')
    )


# --------------------------------------------------------------------------- pictures of rows


def test_every_clause_about_a_row_has_a_picture_or_a_reason() -> None:
    """The rule: a clause whose statement speaks of a row or a spot shows an example row, unless
    NO_ROW_EXAMPLE says why not; no other clause has one."""
    about_rows = {c.id for c in load_catalogue().clauses if rulesdoc.speaks_of_a_row(c)}
    assert set(rulesdoc.ROW_EXAMPLES) | set(rulesdoc.NO_ROW_EXAMPLE) == about_rows
    assert not set(rulesdoc.ROW_EXAMPLES) & set(rulesdoc.NO_ROW_EXAMPLE)
    assert rulesdoc.speaks_of_a_row(load_catalogue().clause("frog.swap"))
    assert not rulesdoc.speaks_of_a_row(load_catalogue().clause("dead.trash"))


EXPECTED_NEXT = {
    "place.number-spot": Resolution.PLACE,
    "place.face-down-only": Resolution.PLACE,
    "frog.place": Resolution.FROG,
    "frog.swap": Resolution.SWAP,
    "dead.duplicate": Resolution.DUPLICATE,
    "dead.above-row-length": Resolution.NO_SPOT,
    "complete.ends-turn": Resolution.COMPLETE,
}
"""What each example with a card in hand says happens to it (read off its caption)."""
COMPLETE = (
    "complete.no-face-down",
    "complete.frogs-count",
    "complete.ends-turn",
    "round.next-lengths",
    "game.end",
)
"""The examples whose captions call the row complete."""


def test_the_example_rows_show_what_their_captions_say() -> None:
    """Each picture is a possible row, and the rules (the published clause table, and the variant
    tables for the variants' pictures) decide its case as the caption says."""
    table = PUBLISHED
    for clause_id, example in rulesdoc.ROW_EXAMPLES.items():
        row = example.spots()
        assert all(table.fits_spot(s.card, i) for i, s in enumerate(row.spots, 1) if s.face_up), clause_id
        assert all(0 < spot <= len(row) for spot in example.highlight), clause_id
        if clause_id in EXPECTED_NEXT:
            assert example.hand is not None
            assert table.chain_order(table, row, parse_card(example.hand)) is EXPECTED_NEXT[clause_id], (
                clause_id
            )
        assert table.is_complete(table, row) == (clause_id in COMPLETE), clause_id
    examples = rulesdoc.ROW_EXAMPLES
    assert examples["frog.place"].highlight == table.frog_spots(examples["frog.place"].spots())
    assert examples["game.end"].spots().spots[0].face_up and len(examples["game.end"].spots()) == 1
    first = examples["row.initial-length"].spots()
    assert (len(first),) == table.initial_lengths(8, 1) and not any(s.face_up for s in first.spots)
    placeable = TABLES.table_for(["discard_only_if_placeable"])
    shown = examples["variant.discard-if-placeable"]
    assert shown.discard == "4" and placeable.discard_fits([parse_card("4")], shown.spots())
    assert not placeable.discard_fits([parse_card("2")], shown.spots())
    assert not placeable.discard_fits([parse_card("5")], shown.spots())
    lucky = examples["variant.reveal-at-round-end"].spots()
    revealing = TABLES.table_for(["reveal_at_round_end"])
    assert revealing.is_complete(revealing, revealing.row_at_round_end(revealing, lucky))
    assert not table.is_complete(table, table.row_at_round_end(table, lucky))


def test_the_pictures_are_in_the_clauses_sections(model: rulesdoc.GameDoc) -> None:
    text = rulesdoc.rules_rst(model, RULES_PAGE)
    swap = text.split(".. _clause-frog.swap:")[1].split(".. _clause-frog.swap-mandatory:")[0]
    assert swap.index(".. container:: clause-statement") < swap.index(".. raw:: html") < swap.index(":Kind:")
    assert '<div class="froeschis-picture" lang="en"><svg' in swap and "A 3 in hand" in swap
    trash = text.split(".. _clause-dead.trash:")[1].split(".. _clause-dead.duplicate:")[0]
    assert ".. raw:: html" not in trash
    reading = rulesdoc.reading_rst(model, "de")
    assert reading.count(".. raw:: html") == len(rulesdoc.ROW_EXAMPLES) and "A 3 in hand" not in reading


OUTSIDE = re.compile(
    r"\.\./shared|\bshared/(?:seeds|rules-research)|\bseeds/00\d|(?<![\w.])/(?:work|home|Users|tmp)/\S"
)
"""A path that leaves the repository: the project's working files beside the checkout, or one
machine's absolute paths (``cd /work/...``)."""


def _reader_pages() -> list[Path]:
    root = REPO
    pages = [root / "README.md", root / "CONTRIBUTING.md", *sorted((root / "docs").glob("*.rst"))]
    for folder in ("spec", "examples"):
        pages += sorted((root / folder).rglob("*.md"))
    return pages


def test_no_page_a_reader_gets_points_outside_the_repository() -> None:
    """Issue 29, item 18: ``frog.rst`` sent readers to ``shared/seeds/003``, the Army of Frogs spec
    to ``../shared/seeds``, Frog's example README into one machine's checkout. A clone has none of
    them: the pages name the copies in ``spec/`` (``sources/*.toml`` hold the seed texts verbatim)."""
    found = [
        f"{page.relative_to(REPO)}:{number}: {match[0]}"
        for page in _reader_pages()
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for match in OUTSIDE.finditer(line)
    ]
    assert found == []


def test_a_page_is_weighed_with_the_assets_it_loads_and_a_heavy_one_is_named(tmp_path: Path) -> None:
    """The check ``.ci/run`` makes of the built docs (``python -m tests.page_sizes``): a page's
    weight counts its own bytes and each local style sheet, script or picture it loads, once."""
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "theme.css").write_bytes(b"x" * 300)
    (tmp_path / "light.html").write_text(
        '<link href="_static/theme.css?v=1"><a href="heavy.html#x">', "utf-8"
    )
    (tmp_path / "heavy.html").write_text(
        '<link href="_static/theme.css"><script src="_static/theme.css"></script>' + "y" * 700, "utf-8"
    )
    (tmp_path / "search.html").write_text("z" * 5000, "utf-8")
    light = len((tmp_path / "light.html").read_bytes())
    assert page_sizes.weight(tmp_path / "light.html") == light + 300
    assert page_sizes.oversized(tmp_path, limit=light + 300) == {
        "heavy.html": len((tmp_path / "heavy.html").read_bytes()) + 300
    }
    assert page_sizes.main([str(tmp_path)]) == 0  # the real limit
