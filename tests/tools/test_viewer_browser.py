"""The replay viewer in a real browser: headless Chromium, driven by its own command line (no
driver library), loads each game's page of its first golden playthrough (issue 32, item 4).

``--dump-dom`` prints the page after its script ran: the step a ``#step=N`` link names is the one
shown, with the events and clause IDs the playthrough records for it, the clause links and the
source sentences with their ``lang``. ``--screenshot`` at 390 and 1280 px wide: a PNG of that
size that is not blank. The keys are tested in Node (``test_viewer.py``) and pressed in Chromium
(``test_viewer_chromium.py``). Skipped only where no
Chromium is installed (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from froeschis.framework.registry import game, names
from froeschis.framework.viewer import clause_link
from tests.viewer_pages import Elements, first_playthrough, parse, playthrough_lines, write_page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium; .ci/run does)"
)

FLAGS = ("--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run")


def _chromium(*arguments: str) -> str:
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *FLAGS, *arguments], capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout


def _load(page: Path, step: int, width: int, shot: Path) -> str:
    """The page at ``#step=step`` in a window ``width`` px wide: its DOM after the script ran, and
    its screenshot in ``shot`` (one browser run does both)."""
    url = f"{page.as_uri()}#step={step}"
    return _chromium("--dump-dom", f"--screenshot={shot}", f"--window-size={width},900", url)


def _a_step_with_events(name: str) -> int:
    """The middle step of the playthrough among those with events whose clauses quote a source."""
    catalogue = game(name).catalogue()
    lines = playthrough_lines(first_playthrough(name))[2:]
    quoting = [
        line["step"]
        for line in lines
        if line.get("events")
        and any(catalogue.clause(c).sources for e in line["events"] for c in e["clauses"])
    ]
    return int(quoting[len(quoting) // 2])


def _check_step(name: str, step: int, dom: Elements) -> None:
    """The DOM shows ``step`` of the game's first playthrough: its picture alone, its position,
    the events and clause IDs the playthrough records for it, each clause linked to its rules
    section, and the clauses' source sentences, each with the ``lang`` of its anchor."""
    assert dom.find("main", id="viewer")[0][0]["data-step"] == str(step)
    shown = [attrs["data-step"] for attrs, _ in dom.find("figure", class_="picture") if "hidden" not in attrs]
    assert shown == [str(step)]
    assert dom.find("output", id="position")[0][1] == f"Step {step} of {len(dom.find('figure')) - 1}"
    recorded = playthrough_lines(first_playthrough(name))[step + 1]["events"]
    assert len(dom.find("li", class_="event")) == len(recorded)
    of, catalogue = game(name), game(name).catalogue()
    links = [(attrs["href"], text) for attrs, text in dom.find("a", class_="clause-id")]
    ids = [clause for event in recorded for clause in event["clauses"]]
    assert links == [(clause_link(of, clause), clause) for clause in ids]
    sources = dom.find("blockquote", class_="source")
    assert sources, "a step whose clauses quote the sources shows their sentences"
    for attrs, text in sources:
        anchor = text.split(" ", 1)[0]
        assert attrs["lang"] == anchor.split(".")[0] and attrs["lang"] in of.languages
        assert catalogue.sources[attrs["lang"]].sentence(anchor).text in text


def _png_size_and_colours(path: Path) -> tuple[int, int, int]:
    """The PNG's width and height (from its header) and how many byte values its decoded image
    data has (a blank page: one colour, after the row filters a handful)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    return width, height, len(set(zlib.decompress(b"".join(chunks))))


WIDTHS = (390, 1280)
"""A phone's and a desktop's window, 900 px high."""


@pytest.mark.parametrize("name", names())
def test_the_viewer_in_chromium_at_a_phone_and_a_desktop_width(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to a step shows that step, at both widths (the browser runs at once, one each);
    each screenshot is a PNG of the window's size, and no blank one."""
    page = tmp_path / "replay.html"
    write_page(capsys, first_playthrough(name), page)
    step = _a_step_with_events(name)
    shots = {width: tmp_path / f"{width}.png" for width in WIDTHS}
    with ThreadPoolExecutor(len(WIDTHS)) as pool:
        doms = dict(
            zip(WIDTHS, pool.map(lambda width: _load(page, step, width, shots[width]), WIDTHS), strict=True)
        )
    for width in WIDTHS:
        _check_step(name, step, parse(doms[width]))
        shot_width, shot_height, colours = _png_size_and_colours(shots[width])
        assert (shot_width, shot_height) == (width, 900)
        assert colours > 16, f"the screenshot at {width} px is blank"
