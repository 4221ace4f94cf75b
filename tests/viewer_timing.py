"""The replay viewer's weight and its time to the first picture, per game (issue 32, "must show").

``python -m tests.viewer_timing`` writes each game's viewer of its first, lightest and heaviest
golden playthrough (``froeschis explain PLAYTHROUGH --html``: the viewer and the record in one page,
no other file) and loads each in headless Chromium (:mod:`tests.chromium`) a few times, at a phone's
width: it prints the page's bytes and the median of the browser's own timings, from the start of
the navigation: the first contentful paint (the first frame, which has the picture: the page's
pictures are in its HTML and its script runs before the first frame) and the end of the load event.
``docs/viewer.rst`` shows what it printed.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from froeschis.framework.registry import game, names
from tests.chromium import Browser

TIMINGS = """new Promise(resolve => new PerformanceObserver((entries, observer) => {
  const paint = entries.getEntriesByName('first-contentful-paint')[0];
  if (!paint) return;
  observer.disconnect();
  const navigation = performance.getEntriesByType('navigation')[0];
  resolve({paint: paint.startTime, load: navigation.loadEventEnd,
           shown: [...document.querySelectorAll('figure.picture')].filter(f => !f.hidden).length});
}).observe({type: 'paint', buffered: true}))"""


def _page(record: Path, folder: Path) -> Path:
    from froeschis.cli import main

    page = folder / f"{record.parent.parent.name}-{record.stem}.html"
    status = main(["explain", str(record), "--brief", "--html", str(page)])
    assert status == 0, record
    return page


def measure(page: Path, loads: int = 5) -> tuple[int, float, float]:
    """The page's bytes, and the medians of its first contentful paint and its load's end (ms)."""
    paints, ends = [], []
    with Browser(390, 844) as browser:
        for _ in range(loads):
            browser.open(page.as_uri())
            timing = browser.evaluate(TIMINGS)
            assert timing["shown"] == 1
            paints.append(float(timing["paint"]))
            ends.append(float(timing["load"]))
    return page.stat().st_size, statistics.median(paints), statistics.median(ends)


def main() -> int:
    import contextlib
    import io

    print("| game | playthrough | steps | bytes | first picture (ms) | loaded (ms) |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        for name in names():
            records = sorted((game(name).spec() / "vectors").glob("*.jsonl"))
            with contextlib.redirect_stdout(io.StringIO()):
                pages = {record: _page(record, Path(folder)) for record in records}
            by_weight = sorted(records, key=lambda record: pages[record].stat().st_size)
            for record in dict.fromkeys([records[0], by_weight[0], by_weight[-1]]):
                size, paint, end = measure(pages[record])
                steps = len(record.read_text(encoding="utf-8").splitlines()) - 2
                print(f"| {name} | {record.name} | {steps} | {size:,} | {paint:.0f} | {end:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
