"""The replay viewer driven in headless Chromium as a person would (issue 32, item 4): keys pressed,
a clause link clicked, over the browser's DevTools protocol (:mod:`tests.chromium`, the standard
library alone); and the docs' screenshots of each game's viewer at a phone's and a desktop's width.

The screenshots are ``docs/_static/viewer/GAME-WIDTH.png``, shown on ``docs/viewer.rst``:
``FROESCHIS_REGENERATE=1 python -m pytest tests/tools/test_viewer_chromium.py -n 0`` takes them
again (with Debian's ``fonts-noto-cjk``, for the Korean and Japanese sentences, and Pillow, which
makes them a palette PNG, light enough for the page). Otherwise the test checks each exists with the
window's size and that the page it shows renders, at that size, the step's words as the playthrough
records them (a pixel-exact comparison would fail with every new Chromium). Skipped only where no
Chromium is installed (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
from pathlib import Path
from typing import Any, Final

import pytest

from froeschis.cli import main
from froeschis.framework.registry import game, names
from froeschis.framework.viewer import clause_anchor, rules_page
from tests.chromium import CHROMIUM, Browser
from tests.tools.test_viewer_browser import _a_step_with_events, _check_step, _png_size_and_colours
from tests.viewer_pages import first_playthrough, parse, playthrough_lines, write_page
from tests.viewer_timing import measure

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium; .ci/run does)"
)

REGENERATE: Final = os.environ.get("FROESCHIS_REGENERATE") == "1"
SHOTS: Final = Path(__file__).resolve().parents[2] / "docs" / "_static" / "viewer"
WINDOWS: Final = {390: (390, 844), 1280: (1280, 800)}
"""A phone's window and a desktop's, by width."""

STATE = """(() => {
  const shown = [...document.querySelectorAll('figure.picture')].filter(f => !f.hidden);
  return {
    step: document.getElementById('viewer').dataset.step,
    hash: location.hash,
    shown: shown.map(f => f.dataset.step),
    slider: document.getElementById('slider').value,
    position: document.getElementById('position').textContent,
    heading: document.getElementById('heading').textContent,
    events: [...document.querySelectorAll('#events .what')].map(e => e.textContent),
    clauses: [...document.querySelectorAll('#events a.clause-id')].map(a => a.textContent),
    ending: document.getElementById('ending').hidden ? null : document.getElementById('ending').textContent,
  };
})()"""
"""What the page shows, read from its DOM."""


def _told(capsys: pytest.CaptureFixture[str], record: Path) -> list[list[str]]:
    """Each step's events in words, as ``explain --json`` tells them."""
    assert main(["explain", "--json", str(record)]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    return [[event["text"] for event in step["events"]] for step in steps]


def _rules_stand_in(folder: Path, name: str) -> None:
    """The game's rules page beside the viewer, with a section per clause under the ``id`` the
    docs give it (``test_viewer.py`` checks those are Sphinx's, and the docs' build that every
    link of its viewers lands on one), each a window high, so that landing on one scrolls."""
    of = game(name)
    sections = "\n".join(
        f'<section id="{clause_anchor(of, cid)}" style="min-height: 120vh">'
        f"<h2>{html.escape(cid)}</h2></section>"
        for cid in of.catalogue().ids()
    )
    head = '<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>rules</title>'
    (folder / rules_page(of)).write_text(f"{head}<body>{sections}</body></html>", encoding="utf-8")


@pytest.mark.parametrize("name", names())
def test_keys_move_through_the_steps_and_a_clause_link_lands_on_its_rule(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page opened on step 0; the arrows, End and Home pressed (as a keyboard sends them, to
    the page), each step's words, clause IDs and picture those the playthrough records for it; a
    link to a step whose clauses quote the sources; its first clause link clicked with the mouse
    lands on the clause's section of the game's rules page, scrolled to the top of the window."""
    record, page = first_playthrough(name), tmp_path / "replay.html"
    write_page(capsys, record, page)
    _rules_stand_in(tmp_path, name)
    told, lines = _told(capsys, record), playthrough_lines(record)[2:]
    last = len(lines)
    with Browser(390, 844) as browser:
        browser.open(page.as_uri())
        expected, states = [0], [browser.evaluate(STATE)]
        for key, to in [("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", last)]:
            browser.key(key)
            expected.append(to)
            states.append(browser.evaluate(STATE))
        for key, to in [("ArrowRight", last), ("Home", 0), ("ArrowLeft", 0)]:
            browser.key(key)
            expected.append(to)
            states.append(browser.evaluate(STATE))
        step = _a_step_with_events(name)
        browser.evaluate(f"location.hash = '#step={step}'")
        expected.append(step)
        states.append(browser.evaluate(STATE))
        for at, state in zip(expected, states, strict=True):
            assert state["step"] == str(at) and state["shown"] == [str(at)] and state["slider"] == str(at)
            assert state["hash"] == f"#step={at}" and state["position"] == f"Step {at} of {last}"
            assert state["events"] == ([] if at == 0 else told[at - 1])
            events = [] if at == 0 else lines[at - 1].get("events", [])
            recorded = [clause for event in events for clause in event["clauses"]]
            assert state["clauses"] == recorded
            assert (state["ending"] is not None) == (at == last)
        first = states[-1]["clauses"][0]
        browser.click("#events a.clause-id")
        browser.wait_for("Page.loadEventFired")
        landed: dict[str, Any] = browser.evaluate(
            "({page: location.pathname.split('/').pop(), hash: location.hash,"
            " top: document.querySelector(':target').getBoundingClientRect().top,"
            " title: document.querySelector(':target h2').textContent})"
        )
    of = game(name)
    assert landed["page"] == rules_page(of) and landed["hash"] == f"#{clause_anchor(of, first)}"
    assert landed["title"] == first and abs(landed["top"]) < 2


def _screenshot(browser: Browser) -> bytes:
    """The window as a PNG; with Pillow, as a palette PNG of at most 128 colours (a third of
    the bytes: the page showing six weighs less than a page may)."""
    shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with matplotlib, of the test extra
        return shot
    image = Image.open(io.BytesIO(shot)).convert("RGB").quantize(128, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


@pytest.mark.parametrize("width", sorted(WINDOWS))
@pytest.mark.parametrize("name", names())
def test_the_docs_screenshots_of_the_viewer(
    name: str, width: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page of the game's first playthrough at a step whose clauses quote the sources, in the
    window of that width: it shows that step (its words, clause links and source sentences, as
    the playthrough records them); its screenshot in the docs has the window's size and is not
    blank (taken again with ``FROESCHIS_REGENERATE=1``)."""
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough(name), page)
    step = _a_step_with_events(name)
    shot = SHOTS / f"{name}-{width}.png"
    with Browser(*WINDOWS[width]) as browser:
        browser.open(f"{page.as_uri()}#step={step}")
        browser.evaluate("document.fonts.ready.then(() => true)")
        _check_step(name, step, parse(browser.evaluate("document.documentElement.outerHTML")))
        assert browser.evaluate("document.documentElement.scrollWidth") == width  # nothing wider
        if REGENERATE:
            shot.parent.mkdir(parents=True, exist_ok=True)
            shot.write_bytes(_screenshot(browser))
    assert shot.is_file(), f"no {shot}: FROESCHIS_REGENERATE=1 takes it"
    shot_width, shot_height, colours = _png_size_and_colours(shot)
    assert (shot_width, shot_height) == WINDOWS[width]
    assert colours > 16, f"{shot.name} is blank"


CUT = """(() => {
  document.querySelectorAll('figure.picture').forEach(figure => { figure.hidden = false; });
  return [...document.querySelectorAll('figure.picture svg')].flatMap(svg => {
    const box = svg.viewBox.baseVal;
    return [...svg.querySelectorAll('text')].filter(text => {
      const drawn = text.getBBox();
      return drawn.x < box.x - 0.5 || drawn.x + drawn.width > box.x + box.width + 0.5;
    }).map(text => text.textContent);
  });
})()"""
"""The texts of the pictures (every step's shown) that go beyond their picture's box, cut off."""


@pytest.mark.parametrize("name", names())
def test_no_text_of_a_picture_is_cut_off(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every text of every step's picture of the game's first playthrough lies inside the picture
    (Fröschis' "Game over after round 2: seat 0 won" did not, on a phone nor on a desktop)."""
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough(name), page)
    with Browser(390, 844) as browser:
        browser.open(page.as_uri())
        assert browser.evaluate(CUT) == []


@pytest.mark.parametrize("name", names())
def test_the_first_picture_is_painted_soon(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The browser's first frame (its first contentful paint) has the picture of the step shown,
    and comes well within a second or two of the navigation's start (``python -m
    tests.viewer_timing`` measures it: 70 to 200 ms; the bound leaves room for a busy machine)."""
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough(name), page)
    _, paint, _ = measure(page, loads=1)
    assert paint < 3000
