"""The replay viewer (``froeschis explain --html FILE``, :mod:`froeschis.framework.viewer`) without
a browser: what the page carries for every game, its links, its escaping, its errors, and its
keyboard and link handling run in Node against a fake DOM (issue 32, items 1, 2 and 4).
``test_viewer_browser.py`` loads the pages in headless Chromium."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import replays
import rulesdoc
from docutils.nodes import make_id  # type: ignore[import-untyped]  # docutils has no type information
from sphinx.errors import SphinxError

from froeschis.cli import main
from froeschis.framework import records
from froeschis.framework.registry import game, names
from froeschis.framework.viewer import (
    Styles,
    clause_anchor,
    clause_link,
    lighter_svg,
    rules_page,
    script_json,
)
from tests.page_sizes import LIMIT, weight
from tests.tools.test_docs import IDS, small_project, sphinx_build, write_tests
from tests.tools.test_docs import PAGE as DOCS_PAGE
from tests.viewer_pages import first_playthrough, page_data, parse, playthrough_lines, write_page

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "froeschis" / "framework" / "viewer.js"


@pytest.mark.parametrize("name", names())
def test_clause_links_are_the_anchors_of_the_docs_rules_pages(name: str) -> None:
    """Each clause links to the ``id`` Sphinx gives its section (the docs' label made an id by
    docutils), on the page of the docs whose ``froeschis-game-rules`` directive shows the game."""
    of = game(name)
    for clause_id in of.catalogue().ids():
        assert clause_anchor(of, clause_id) == make_id(rulesdoc.clause_label(name, clause_id))
    source = ROOT / "docs" / Path(rules_page(of)).with_suffix(".rst").name
    assert f".. froeschis-game-rules:: {name}\n" in source.read_text(encoding="utf-8")
    assert clause_link(of, "x", "https://example.org/docs") == (
        f"https://example.org/docs/{rules_page(of)}#{clause_anchor(of, 'x')}"
    )


@pytest.mark.parametrize("name", names())
def test_the_page_carries_every_step_of_the_playthrough(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One picture per step (step 0 the setup), each with a text alternative; every step's events
    with the clauses the golden playthrough records for it; every clause's sentences in each
    language the catalogue cites it in; a page light enough for a phone."""
    record, page = first_playthrough(name), tmp_path / "replay.html"
    write_page(capsys, record, page)
    text = page.read_text(encoding="utf-8")
    header, *lines = playthrough_lines(record)
    elements, data = parse(text), page_data(text)
    figures = elements.find("figure", class_="picture")
    assert [attrs["data-step"] for attrs, _ in figures] == [str(n) for n in range(len(header["actions"]) + 1)]
    assert all(attrs["role"] == "img" and attrs["aria-label"].startswith("Step ") for attrs, _ in figures)
    recorded = [[event["clauses"] for event in line.get("events", [])] for line in lines]
    assert [[event["clauses"] for event in step["events"]] for step in data["steps"]] == recorded
    catalogue = game(name).catalogue()
    for clause_id, clause in data["clauses"].items():
        cited = {(ref.language, ref.anchor) for ref in catalogue.clause(clause_id).sources}
        assert {(source["lang"], source["anchor"]) for source in clause["sources"]} == cited
    assert len(text.encode("utf-8")) < LIMIT


def test_a_game_with_three_source_languages_shows_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fröschis' rules are quoted in English, German and Korean: a clause of its playthrough shows
    a sentence of each."""
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough("froeschis"), page)
    clauses = page_data(page.read_text(encoding="utf-8"))["clauses"].values()
    assert any({source["lang"] for source in clause["sources"]} == {"en", "de", "ko"} for clause in clauses)


def test_names_and_texts_from_the_users_file_are_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record's file name is the user's text: it is shown, never run as markup; and no text
    of the page's JSON can end its script element."""
    hostile = '<img src=x onerror="alert(1)">&<script>.jsonl'
    record = tmp_path / hostile
    shutil.copy(first_playthrough("frog"), record)
    page = tmp_path / "replay.html"
    write_page(capsys, record, page)
    text = page.read_text(encoding="utf-8")
    assert "<img" not in text and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&lt;script&gt;" in text
    assert text.count("<script>") == 1  # the page's own, nothing of the name
    tricky = {"text": "</script><!-- & <b>"}
    assert "<" not in script_json(tricky) and json.loads(script_json(tricky)) == tricky


@pytest.mark.parametrize("where", ["no-such-folder/replay.html", "."], ids=["missing folder", "a folder"])
def test_an_unwritable_page_is_one_line_and_status_2(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checked before the replay, as every file a command writes: one line on stderr, no output."""
    status = main(["explain", "--seed", "1", "--html", str(tmp_path / where)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith("froeschis: --html: cannot write ") and err.count("\n") == 1


def test_rules_url_goes_with_html_and_prefixes_the_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", "--seed", "1", "--rules-url", "https://example.org/docs"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough("army-of-frogs"), page, "--rules-url", "https://example.org/docs/")
    links = [c["href"] for c in page_data(page.read_text(encoding="utf-8"))["clauses"].values()]
    assert links and all(
        re.fullmatch(r"https://example\.org/docs/rules-army\.html#[a-z0-9-]+", h) for h in links
    )


def test_a_record_with_an_illegal_step_is_shown_up_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The steps before the bad one are on the page, which names the step; the command still ends
    with status 2 and one line, as without --html."""
    header = playthrough_lines(first_playthrough("frog"))[0]
    actions = header["actions"][:3] + [header["actions"][1]]  # a second shuffle where a seat bids
    data = {key: header[key] for key in ("game", "players", "rules", "seed")}
    record = tmp_path / "bad.json"
    record.write_text(json.dumps({"format": records.RECORD_FORMAT, **data, "actions": actions}))
    page = tmp_path / "replay.html"
    assert main(["explain", str(record), "--html", str(page)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    shown = page_data(page.read_text(encoding="utf-8"))
    assert len(shown["steps"]) == 4 and shown["ending"].startswith("Step 4 cannot be replayed: ")


def test_the_viewer_assets_ship_in_the_wheel() -> None:
    """The page's script and style are read from the package (``importlib.resources``): the wheel
    packs the whole ``froeschis`` folder, and nothing ignores them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["froeschis"] and "exclude" not in wheel
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for asset in ("viewer.js", "viewer.css"):
        assert (ROOT / "froeschis" / "framework" / asset).is_file()
        assert not any(Path(asset).match(pattern) for pattern in ignored)


def _run_in_node(data: str, pictures: int, hash_: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the viewer's keyboard handling is tested in Node")
    request = {"script": SCRIPT.read_text(encoding="utf-8"), "data": data, "pictures": pictures}
    done = subprocess.run(
        [node, str(Path(__file__).with_name("viewer_fake_dom.js"))],
        input=json.dumps({**request, "hash": hash_, "actions": actions}),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    states: list[dict[str, Any]] = json.loads(done.stdout)
    return states


def test_keys_links_and_the_slider_move_between_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From a link to step 3: the arrows, Home and End (which stop at the ends), a key with Ctrl
    (left to the browser), a new link, the slider and a link to no step; after each, one picture
    shown, the link, the slider and the words of that step, the end only on the last."""
    record, page = first_playthrough("froeschis"), tmp_path / "replay.html"
    write_page(capsys, record, page)
    text = page.read_text(encoding="utf-8")
    data = page_data(text)
    last = len(data["steps"]) - 1
    assert main(["explain", "--json", str(record)]) == 0
    told = [
        [event["text"] for event in step["events"]] for step in json.loads(capsys.readouterr().out)["steps"]
    ]
    keys = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft"]
    actions: list[dict[str, Any]] = [{"key": key} for key in keys]
    actions += [
        {"key": "ArrowRight", "ctrl": True},
        {"hash": "#step=2"},
        {"slider": "4"},
        {"hash": "#step=x"},
    ]
    expected = [3, 4, 5, 4, last, last, 0, 0, 0, 2, 4, 4]
    script_data = text.split('id="froeschis-replay">', 1)[1].split("</script>", 1)[0]
    states = _run_in_node(script_data, last + 1, "#step=3", actions)
    assert [int(state["step"]) for state in states] == expected
    for step, state in zip(expected, states, strict=True):
        assert (
            state["shown"] == [str(step)]
            and state["hash"] == f"#step={step}"
            and state["slider"] == str(step)
        )
        heading = data["steps"][step]["heading"]
        assert state["heading"] == (heading if step == 0 else f"{step}. {heading}")
        assert state["events"] == ([] if step == 0 else told[step - 1])
        assert (state["ending"] is not None) == (step == last)


def test_a_picture_names_its_font_once_where_its_texts_share_one() -> None:
    """The texts' common ``font-family`` goes to the SVG's root, which they inherit it from (a
    fifth of a Fröschis page's bytes); a picture whose texts name several, or not all of them one,
    stays as it is."""
    font = ' font-family="DejaVu Sans"'
    svg = f'<svg viewBox="0 0 9 9"><text x="1"{font}>a</text><g><text{font} y="2">b</text></g></svg>'
    assert (
        lighter_svg(svg)
        == f'<svg{font} viewBox="0 0 9 9"><text x="1">a</text><g><text y="2">b</text></g></svg>'
    )
    mixed = f'<svg><text{font}>a</text><text font-family="serif">b</text></svg>'
    assert lighter_svg(mixed) == mixed
    partly = f"<svg><text{font}>a</text><text>b</text></svg>"
    assert lighter_svg(partly) == partly
    assert lighter_svg("<pre>no picture</pre>") == "<pre>no picture</pre>"


def test_the_pictures_say_their_repeated_paint_once_as_classes() -> None:
    """Each set of paint attributes of the pictures' elements becomes a class of the page's style
    sheet (the most used first, ``f0``), a length in ``px``; an element's place stays on it, and an
    element with a ``class`` or a ``style``, a value no style sheet could hold and the root keep
    theirs."""
    card = '<rect x="1" y="2" fill="#fff" stroke="#000" stroke-width="1.5"/>'
    label = '<text x="3" font-size="11" text-anchor="middle">a</text>'
    kept = '<g class="card" fill="#fff"><rect/></g><path d="M 0 0" fill="url(&quot;x&quot;)"/>'
    svgs = [f'<svg fill="red">{card}{label}{card}{kept}</svg>', f"<svg>{card}</svg>"]
    styles = Styles()
    for svg in svgs:
        styles.count(svg)
    assert [styles.apply(svg) for svg in svgs] == [
        '<svg fill="red"><rect class="f0" x="1" y="2"/><text class="f1" x="3">a</text>'
        f'<rect class="f0" x="1" y="2"/>{kept}</svg>',
        '<svg><rect class="f0" x="1" y="2"/></svg>',
    ]
    assert styles.css() == (
        ".f0{fill:#fff;stroke:#000;stroke-width:1.5px}\n.f1{font-size:11px;text-anchor:middle}"
    )


def test_a_page_weighs_the_pages_it_frames(tmp_path: Path) -> None:
    """The playthroughs page shows viewers in frames: ``tests.page_sizes`` weighs each framed page
    (with its assets) with the page, once, and a page framing itself does not loop."""
    (tmp_path / "style.css").write_bytes(b"s" * 100)
    (tmp_path / "viewer.html").write_text('<link href="style.css">' + "v" * 1000, "utf-8")
    host = (
        '<iframe class="replay" src="viewer.html#step=2" title="t"></iframe><a href="viewer.html">' + "h" * 50
    )
    (tmp_path / "host.html").write_text(host + '<iframe src="host.html"></iframe>', "utf-8")
    viewer_weight = len((tmp_path / "viewer.html").read_bytes()) + 100
    assert weight(tmp_path / "viewer.html") == viewer_weight
    assert weight(tmp_path / "host.html") == len((tmp_path / "host.html").read_bytes()) + viewer_weight


def test_the_docs_link_each_playthrough_to_its_viewer_and_check_the_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The docs' extension (``docs/_ext/replays.py``): each playthrough's page name, its line on
    the playthroughs page (a link with its weight, or the command for one too heavy), and the check
    that stops the build when a viewer's clause link lands on no section of the built rules page."""
    replays.reset(None)  # an in-process build of a small project, earlier in this worker, set its own folder
    name, play = "frog", first_playthrough("frog").name
    assert replays.page_name(name, play) == f"replay-frog-{Path(play).stem}.html"
    assert replays.viewer_rst(name, play).startswith(
        f"`Step through it in the replay viewer <replay-frog-{Path(play).stem}.html>`__ ("
    )
    assert replays.viewer_page(name, play) == replays.viewer_page(name, play)  # made once
    heavy = "4p-row8-draw-seed23.jsonl"  # the heaviest: 534 KB before issue 32's classes, 329 KB since
    assert replays.shown("froeschis", heavy) and replays.weight("froeschis", heavy) <= 480_000
    monkeypatch.setattr(replays, "LIMIT", replays.weight("froeschis", heavy) - 1)
    assert not replays.shown("froeschis", heavy)
    assert replays.viewer_rst("froeschis", heavy).endswith(
        f"``froeschis explain spec/froeschis/vectors/{heavy} --html replay.html`` writes it."
    )
    of = game(name)
    anchor = clause_anchor(of, "play.follow-suit")
    (tmp_path / rules_page(of)).write_text(f'<section id="{anchor}"></section>', "utf-8")
    replays._check_links(tmp_path, name, {f"{rules_page(of)}#{anchor}"})
    with pytest.raises(SphinxError, match=re.escape("links to rules-frog.html#frog-clause-nothing")):
        replays._check_links(
            tmp_path, name, {f"{rules_page(of)}#{anchor}", "rules-frog.html#frog-clause-nothing"}
        )
    with pytest.raises(SphinxError, match=re.escape("rules.html#x")):
        replays._check_links(tmp_path, "froeschis", {"rules.html#x"})  # no such page built


def test_the_docs_build_writes_the_viewers_of_the_playthroughs_it_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A doc project with Fröschis' rules and playthroughs (one here) on ``rules.html``, as the
    docs have its rules: the build writes the playthrough's viewer beside the pages, the one
    ``explain --html`` writes, and the list links to it and frames it; its clause links land on
    the rules page's sections (the build checks it: ``_check_links`` above fails it otherwise)."""
    record = first_playthrough("froeschis")
    rules = "Rules\n=====\n" + DOCS_PAGE
    pages = {"rules.rst": rules}
    src = small_project(tmp_path, ".. toctree::\n\n   rules\n", write_tests(tmp_path, IDS), pages=pages)
    shutil.copy(record, tmp_path / "vectors" / record.name)
    out = tmp_path / "html"
    assert sphinx_build(src, out) == 0
    viewer = out / replays.page_name("froeschis", record.name)
    expected = tmp_path / "expected.html"
    write_page(capsys, record, expected)
    assert viewer.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8")
    listed = (out / "rules.html").read_text(encoding="utf-8")
    middle = (len(playthrough_lines(record)) - 2 + 1) // 2  # the frame opens halfway
    assert (
        listed.count(f'href="{viewer.name}"') == 2
        and f'<iframe class="replay" src="{viewer.name}#step={middle}"' in listed
    )
