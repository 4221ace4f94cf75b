"""``froeschis play --web`` in a real browser (issue 32 item 4): headless Chromium, driven by
Playwright for Python, plays one game of each game to its end by clicking the choices' buttons
(the first by pressing its key).

The page's text is checked against the server's own account of the game: every event it told the
seat, in order, each with its clause IDs; the end as the game words it; the record the page offers
to save, which replays on the reference (``validate``). A typed answer the rules refuse shows the
refusal with its clause and the clause's source sentences, each with its ``lang``. The page's link
to the replay viewer opens it with its script running (End, a clause link to the server's rules
page); another browser finds the seat taken; "Play again" deals the next seed. The page is played
at a phone's width (390 px) and nothing of it is wider than the window.

Playwright is the extra ``browser`` (``pip install -e '.[browser]'``) and drives the system's
Chromium (Debian's ``chromium``, which ``.ci/run`` installs), never a browser of its own download.
Skipped, saying why, where either is missing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from froeschis.cli import main
from froeschis.framework import viewer
from froeschis.framework.registry import game, names
from froeschis.framework.terminal import person
from tests.web_tables import serving, table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium; .ci/run does)"
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="Playwright for Python is not installed (pip install -e '.[browser]'; .ci/run does)",
    ),
]

REFUSED = {"froeschis": ("t", "turn.draw-source"), "frog": ("99", None), "army-of-frogs": ("99", None)}
"""A typed answer each game refuses at the seat's first decision, and the clause it names (None:
an answer that names no choice, which no clause refuses)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    assert CHROMIUM is not None
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _settled(page: Page, steps: str | None) -> str:
    """Wait until the page shows the table after ``steps`` actions changed (None: after loading);
    the page's count of actions then."""
    page.wait_for_function(
        "(before) => { const main = document.getElementById('play');"
        " return ['deciding', 'over'].includes(main.dataset.state) && main.dataset.steps !== before; }",
        arg=steps,
    )
    now = page.get_attribute("#play", "data-steps")
    assert now is not None
    return now


def _refusal(page: Page, name: str) -> None:
    """Type the game's refused answer: the refusal is shown, with its clause where one refuses it,
    and the table stays as it was."""
    answer, clause = REFUSED[name]
    page.fill("#answer", answer)
    page.click("#typed button")
    page.wait_for_selector("#refusal:not([hidden])")
    shown = page.inner_text("#refusal")
    if clause is None:
        assert f"there is no choice {answer}" in shown and "give up" not in shown
        return
    rule = game(name).catalogue().clause(clause)
    assert page.get_attribute("#refusal .clause", "data-clause") == clause and rule.title in shown
    langs = page.eval_on_selector_all("#refusal .source", "blocks => blocks.map(b => b.lang)")
    assert set(langs) == set(game(name).languages)


@pytest.mark.parametrize("name", names())
def test_one_game_of_each_game_played_to_its_end_by_clicking(
    name: str, browser: Browser, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served = table(name)
    with serving(served) as server:
        page = browser.new_page(viewport={"width": 390, "height": 844}, accept_downloads=True)
        page.goto(server.url)
        steps = _settled(page, None)
        _refusal(page, name)
        key = page.get_attribute("#choices button >> nth=0", "data-key")
        assert key is not None and len(key) == 1
        page.keyboard.press(key)  # a choice's key, pressed outside the answer box, is that choice
        steps = _settled(page, steps)
        while page.get_attribute("#play", "data-state") == "deciding":
            page.click("#choices button >> nth=0")
            steps = _settled(page, steps)
        assert int(steps) == len(served.actions) and served.over
        _check_the_story(page, name, served.log, served.state)
        with page.expect_download() as saving:
            page.click("#save")
        saved = tmp_path / saving.value.suggested_filename
        saving.value.save_as(saved)
        assert json.loads(saved.read_text(encoding="utf-8")) == served.record()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        _replay(page, name, len(served.actions))
        _a_second_person_is_refused(browser, server.url)
        page.click("#again")
        _settled(page, steps)
        assert served.seed == 1 and page.text_content("#log > li .what") == served.log[0]["text"]
        page.close()
    assert main(["validate", str(saved)]) == 0
    capsys.readouterr()


def _check_the_story(page: Page, name: str, told: list[dict[str, Any]], final: Any) -> None:
    """The page shows every event the server told the seat, in order, with their clauses, and the
    end as the game says it."""
    shown = page.eval_on_selector_all(
        "#log > li",
        "items => items.map(item => [item.querySelector('.what').textContent,"
        " Array.from(item.querySelectorAll('.clause')).map(c => c.dataset.clause)])",
    )
    assert shown == [[entry["text"], entry["clauses"]] for entry in told]
    assert page.text_content("#over") == person(game(name)).over(final, 0)
    assert page.get_attribute("#save", "download") == f"{name}-seed0.json"


def _replay(page: Page, name: str, steps: int) -> None:
    """The page's link to the replay viewer of the game: its script runs (the server lets it), End
    goes to the last step, and a clause link there finds its section of the server's rules page."""
    with page.context.expect_page() as opening:
        page.click("#replay")
    replay = opening.value
    replay.wait_for_load_state()  # the new tab opens on about:blank, then loads the viewer
    replay.wait_for_function(
        "() => { const heading = document.getElementById('heading');"
        " return heading !== null && heading.textContent === 'The game is set up'; }"
    )
    replay.keyboard.press("End")
    assert replay.text_content("#position") == f"Step {steps} of {steps}"
    link = replay.locator("a.clause-id").first
    href = link.get_attribute("href")
    assert href is not None and href.startswith(f"{viewer.rules_page(game(name))}#")
    link.click()
    replay.wait_for_url(f"**/{href}")
    anchor = href.split("#", 1)[1]
    assert replay.evaluate("(id) => document.getElementById(id) !== null", anchor)
    replay.close()


def _a_second_person_is_refused(browser: Browser, url: str) -> None:
    """Another browser (its own session) finds the seat taken, and says so."""
    other = browser.new_page()
    other.goto(url)
    other.wait_for_selector("#play[data-state=refused]")
    assert "seat 0 is taken" in (other.text_content("#status") or "")
    other.close()
