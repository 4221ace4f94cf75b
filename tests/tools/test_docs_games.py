"""Every game's rule pages and traceability by the one generic path (docs/_ext/rulesdoc.py), and
the directives the docs' pages use; the rest of Fröschis' pages are checked in test_docs.py.

The gate is checked on made-up test suites; the pictures of Army of Frogs' rule page against the
engine (each shows what its caption and spec/army-of-frogs/README.md say, worked out there from
the leaflet, not read off the engine); the generated text on the real catalogues; the directives
of docs/*.rst against what the extension registers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import rulesdoc
from rulesdoc import ISLAND_EXAMPLES, DocsGateError, Show, build_game_doc

from froeschis.framework import registry
from froeschis.games.army_of_frogs.actions import Move
from froeschis.games.army_of_frogs.hexes import Island
from froeschis.games.army_of_frogs.notation import parse_position
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.structure import has_forbidden_string
from froeschis.games.froeschis.spec import load_catalogue
from tests.tools.test_docs import TRANSLATIONS, small_project, sphinx_build
from tests.tools.test_docs import write_tests as write_default_tests

REPO = Path(__file__).resolve().parents[2]
OTHERS = [name for name in registry.names() if name != registry.DEFAULT]
TABLE = Rules().table
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def write_tests(root: Path, game: str, clause_ids: list[str]) -> Path:
    """A made-up ``tests/`` folder (made if need be) with a module of one test marked for each of
    ``clause_ids`` of ``game``."""
    tests = root / "tests"
    tests.mkdir(exist_ok=True)
    lines = ["import pytest", ""]
    for i, clause_id in enumerate(clause_ids):
        lines += [f'@pytest.mark.clause("{game}:{clause_id}")', f"def test_{i}() -> None:", "    pass", ""]
    (tests / f"test_made_up_{game.replace('-', '_')}.py").write_text("\n".join(lines), encoding="utf-8")
    return tests


PAGE = """
.. froeschis-game-rules:: frog

.. froeschis-game-matrix:: frog

.. froeschis-game-rules:: army-of-frogs
"""


def suite(root: Path, leave_out: str = "") -> Path:
    """A made-up suite testing every clause of every game (but ``leave_out``, a Frog clause)."""
    tests = write_default_tests(root, load_catalogue().ids())
    for name in OTHERS:
        ids = [i for i in registry.game(name).catalogue().in_force_ids() if (name, i) != ("frog", leave_out)]
        write_tests(root, name, ids)
    return tests


def test_the_extension_builds_the_pages_of_the_other_games(tmp_path: Path) -> None:
    src = small_project(tmp_path, PAGE, suite(tmp_path))
    assert sphinx_build(src, tmp_path / "html") == 0
    html = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert 'id="frog-clause-bid-ranking"' in html and 'href="#frog-clause-bid-ranking"' in html
    assert '<div class="docutils container" lang="ja">' in html
    assert html.count('<div class="froeschis-figure island-example">') == len(ISLAND_EXAMPLES)


def test_the_build_stops_when_a_clause_of_another_game_has_no_test(tmp_path: Path) -> None:
    src = small_project(tmp_path, PAGE, suite(tmp_path, leave_out="bid.ranking"))
    assert sphinx_build(src, tmp_path / "html") != 0
    assert not (tmp_path / "html" / "index.html").exists()


@pytest.mark.parametrize("name", OTHERS)
def test_a_complete_trace_builds(tmp_path: Path, name: str) -> None:
    game = registry.game(name)
    ids = list(game.catalogue().in_force_ids())
    doc = build_game_doc(write_tests(tmp_path, name, ids), game)
    assert [row.clause for row in doc.matrix] == list(game.catalogue().ids())
    assert all(row.implementations and len(row.tests) == 1 for row in doc.matrix)


@pytest.mark.parametrize("name", OTHERS)
def test_the_gate_refuses_a_clause_without_a_test(tmp_path: Path, name: str) -> None:
    game = registry.game(name)
    ids = list(game.catalogue().in_force_ids())
    with pytest.raises(DocsGateError) as caught:
        build_game_doc(write_tests(tmp_path, name, ids[1:]), game)
    assert caught.value.problems == (
        f"{name}: clause {ids[0]!r} has no test (no @pytest.mark.clause names it)",
    )


def test_the_gate_refuses_a_test_of_an_unknown_clause(tmp_path: Path) -> None:
    game = registry.game("frog")
    ids = [*game.catalogue().in_force_ids(), "bid.jump"]
    with pytest.raises(DocsGateError) as caught:
        build_game_doc(write_tests(tmp_path, "frog", ids), game)
    assert len(caught.value.problems) == 1 and "'bid.jump'" in caught.value.problems[0]


@pytest.fixture(scope="module")
def frog_doc() -> rulesdoc.GameDoc:
    return build_game_doc(REPO / "tests", registry.game("frog"))


def test_every_japanese_sentence_is_on_the_page_marked_japanese(frog_doc: rulesdoc.GameDoc) -> None:
    """Each sentence of seed 003 stands in a ``language-ja`` container (the HTML's ``lang="ja"``)
    beside its English gloss."""
    text = rulesdoc.text_rst(frog_doc)
    sentences = frog_doc.catalogue.sources["ja"].sentences
    for sentence in sentences:
        marked = r"\.\. container:: language-ja\n\n +" + re.escape(rulesdoc.esc(sentence.text)) + "\n"
        assert re.search(marked, text), sentence.anchor
        assert rulesdoc.esc(sentence.gloss) in text, sentence.anchor
    assert text.count(".. container:: language-ja") == len(sentences)


def test_every_discrepancy_is_flagged_with_its_ruling_under_its_clauses(frog_doc: rulesdoc.GameDoc) -> None:
    for d in frog_doc.catalogue.discrepancies:
        for clause_id in d.clauses:
            section = rulesdoc.clause_rst(frog_doc, frog_doc.catalogue.clause(clause_id))
            assert f".. admonition:: Discrepancy {d.id}" in section
            assert "**Ruling:**" in section


def test_every_clause_section_lists_its_functions_and_tests(frog_doc: rulesdoc.GameDoc) -> None:
    for row in frog_doc.matrix:
        section = rulesdoc.clause_rst(frog_doc, frog_doc.catalogue.clause(row.clause))
        assert all(f":py:func:`{name}`" in section for name in row.implementations)
        assert all(f"- ``{nodeid}``" in section for nodeid in row.tests)


# --------------------------------------------------------------------------- Army of Frogs' pictures


def example(clause_id: str) -> rulesdoc.IslandExample:
    return ISLAND_EXAMPLES[("army-of-frogs", clause_id)]


def degree(stones: dict[tuple[int, int], int], cell: tuple[int, int]) -> int:
    return sum((cell[0] + dq, cell[1] + dr) in stones for dq, dr in DIRECTIONS)


@pytest.mark.clause("army-of-frogs:string.checked")
def test_the_red_frog_pictured_has_exactly_one_move() -> None:
    """README's red frog: of the five cells the red stone reaches, only (1, -1) leaves no forbidden
    string; the picture outlines the stone and that cell."""
    pictured = example("string.checked")
    stones = " ".join(f"{q},{r}:{c}" for (q, r), c in sorted(pictured.cells().items()))
    state = parse_position(f"AoF2;move t7 s0;{stones};01/00;0100101001")
    assert state.legal_actions() == (Move((-1, 1), (1, -1)),)
    assert set(pictured.marked()) == {(-1, 1), (1, -1)} and pictured.cells()[(-1, 1)] == 0


@pytest.mark.clause("army-of-frogs:string.single-connection")
def test_the_loop_pictured_is_legal_and_forbidden_without_its_marked_stone() -> None:
    """Six stones on one loop have no single connection; without (0, 1) they are a path of five."""
    pictured = example("string.single-connection")
    stones = pictured.cells()
    assert len(stones) == 6 and all(degree(stones, cell) == 2 for cell in stones)
    assert not has_forbidden_string(TABLE, Island(stones))
    (marked,) = pictured.marked()
    assert has_forbidden_string(TABLE, Island({c: k for c, k in stones.items() if c != marked}))


@pytest.mark.clause("army-of-frogs:string.length", "army-of-frogs:string.definition")
def test_the_string_pictured_with_multiple_connections_at_both_ends_is_legal() -> None:
    """The string (1, 0)-(2, 0)-(3, 0)-(4, 0) has three single connections, and its ends three
    connections each: allowed at any length."""
    pictured = example("string.length")
    stones = pictured.cells()
    assert [degree(stones, cell) for cell in ((1, 0), (2, 0), (3, 0), (4, 0))] == [3, 2, 2, 3]
    assert set(pictured.marked()) == {(1, 0), (4, 0)}
    assert not has_forbidden_string(TABLE, Island(stones))


@pytest.mark.clause("army-of-frogs:string.single-frog-end", "army-of-frogs:string.length")
def test_the_string_pictured_ending_in_a_single_frog_is_forbidden() -> None:
    """(1, 0)-(2, 0)-(3, 0)-(4, 0): three single connections ending in (4, 0), one connection."""
    pictured = example("string.single-frog-end")
    stones = pictured.cells()
    assert [degree(stones, cell) for cell in ((1, 0), (2, 0), (3, 0), (4, 0))] == [3, 2, 2, 1]
    assert pictured.marked() == ((4, 0),)
    assert has_forbidden_string(TABLE, Island(stones))


@pytest.mark.parametrize("key", sorted(ISLAND_EXAMPLES))
def test_every_picture_draws_its_stones_and_marks(key: tuple[str, str]) -> None:
    """One filled hexagon per stone (the others are the grey empty cells around) and one circle per
    outlined cell; the pictured clause exists."""
    pictured = ISLAND_EXAMPLES[key]
    assert key[1] in registry.game(key[0]).catalogue().ids()
    svg = pictured.picture()
    assert len(re.findall(r'stroke="#212121"', svg)) == len(pictured.cells())
    assert svg.count("<circle") == len(pictured.marked())


# --------------------------------------------------------------------------- every game, every page


@pytest.mark.parametrize("name", registry.names())
def test_every_page_of_every_game_has_every_clause(tmp_path: Path, name: str) -> None:
    """The annotated rules (a section each), the summary and the matrix (a link each) and every
    reading (a section each) of each game, the default one included, leave no clause out."""
    game = registry.game(name)
    ids = game.catalogue().ids()
    if name == registry.DEFAULT:
        doc = build_game_doc(
            write_default_tests(tmp_path, game.catalogue().in_force_ids()), game, tmp_path, TRANSLATIONS
        )
        assert set(doc.readings) == {"de", "ko"}
    else:
        doc = build_game_doc(write_tests(tmp_path, name, list(game.catalogue().in_force_ids())), game)
    show = Show(tests_page=True, playthroughs=True, statements=True)
    rules = rulesdoc.rules_rst(doc, show)
    tables = {"summary": rulesdoc.summary_rst(doc, show), "matrix": rulesdoc.matrix_rst(doc, show)}
    readings = {language: rulesdoc.reading_rst(doc, language) for language in doc.readings}
    for clause_id in ids:
        target = rulesdoc.clause_label(name, clause_id)
        assert rules.count(f".. _{target}:\n") == 1, clause_id
        for page, text in tables.items():
            assert f"<{target}>`" in text, (page, clause_id)
        for language, reading in readings.items():
            assert f".. _{rulesdoc.reading_label(name, language, clause_id)}:\n" in reading, clause_id
    assert rules.count(".. rubric:: Source sentences") == len(ids)


def test_the_default_game_needs_no_prefix_and_the_others_have_their_name() -> None:
    assert rulesdoc.clause_label("froeschis", "frog.swap") == "clause-frog.swap"
    assert rulesdoc.clause_label("frog", "bid.ranking") == "frog-clause-bid.ranking"
    assert rulesdoc.reading_label("froeschis", "de", "frog.swap") == "reading-de-frog.swap"


class Recorder:
    """Stands in for the Sphinx application: notes the directives the extension registers."""

    def __init__(self) -> None:
        self.directives: dict[str, type] = {}

    def add_directive(self, name: str, directive: type, override: bool = False) -> None:
        self.directives[name] = directive

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


DIRECTIVE = re.compile(r"^\.\. (froeschis-[\w-]+)::(.*)\n((?:   :[\w-]+:.*\n)*)", re.MULTILINE)


def test_every_directive_of_the_pages_is_registered_with_its_options_and_game() -> None:
    """Each ``froeschis-*`` directive that docs/*.rst uses is one the extension registers (a
    retired name such as ``froeschis-rules`` fails), each of its flags one the directive takes,
    and a ``froeschis-game-*`` directive names a registered game."""
    froeschis_sphinx = pytest.importorskip("froeschis_sphinx")
    app = Recorder()
    froeschis_sphinx.setup(app)
    used = 0
    for page in sorted((REPO / "docs").glob("*.rst")):
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            name, arguments, options = match[1], match[2].split(), re.findall(r":([\w-]+):", match[3])
            where = f"{page.name}: {name}"
            assert name in app.directives, f"{where} is not a directive of the extension"
            spec = getattr(app.directives[name], "option_spec", None) or {}
            assert set(options) <= set(spec), f"{where} takes no {sorted(set(options) - set(spec))}"
            if name.startswith("froeschis-game-"):
                assert arguments and arguments[0] in registry.names(), where
            used += 1
    assert used > 20 and "froeschis-rules" not in app.directives


@pytest.mark.parametrize("name", registry.names())
def test_a_clause_no_step_fires_shows_no_playthrough_count(name: str) -> None:
    """Issue 29, item 18: Army of Frogs' page showed "Golden playthroughs: 0 playthroughs", as a
    link to an empty list, for the ten clauses its playthrough plan names as fired by no step. Those
    say none is needed; every other clause shows its count and links the shortest of them, whose
    events name it (the full list, up to thirteen links a clause, made Frog's page too heavy)."""
    game = registry.game(name)
    doc = build_game_doc(REPO / "tests", game)
    plan = game.playthroughs
    silent = set(plan.not_events) if plan is not None else set()
    show = Show(tests_page=True, playthroughs=True, statements=True)
    for row in doc.matrix:
        section = rulesdoc.clause_rst(doc, doc.catalogue.clause(row.clause), show)
        if row.clause in silent:
            assert ":Golden playthroughs: none needed" in section, row.clause
            assert "playthrough-" not in section, row.clause
            continue
        field = section.split(":Golden playthroughs: ", 1)[1].split("\n", 1)[0]
        count, _, shortest = field.partition("; the shortest: ")
        assert count == f"{len(row.playthroughs)} playthrough" + ("s" if len(row.playthroughs) > 1 else "")
        name_shown = shortest.removeprefix(":ref:`").partition(" <")[0].replace("\\", "")
        assert name_shown in row.playthroughs, row.clause
        assert doc.playthroughs[name_shown].entries == min(
            doc.playthroughs[p].entries for p in row.playthroughs
        )
        assert row.clause in doc.playthroughs[name_shown].clauses
