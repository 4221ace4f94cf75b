"""The weight of each page of the built docs: its HTML and the local files it loads (style sheets,
scripts, pictures, fonts). A page a reader opens on a phone should stay under :data:`LIMIT`
(issue 29, item 18: ``rules-frog.html`` weighed 532 KB with its assets).

``python -m tests.page_sizes docs/_build/html`` prints the pages over the limit and exits with
status 1 when there is one (``.ci/run`` runs it after the docs' build).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

LIMIT = 500_000
"""Bytes of a page with its assets."""

EXEMPT = {"search.html": "loads the index of the whole site (searchindex.js), only to search it"}
"""Pages that are tools rather than reading, with the reason."""

_LOADED = re.compile(r'(?:src|href)="([^"#?:]+)[^"]*"')
_ASSETS = {".css", ".js", ".svg", ".png", ".jpg", ".woff", ".woff2"}


_FRAMED = re.compile(r'<iframe\b[^>]*?\ssrc="([^"#?:]+)[^"]*"')


def weight(page: Path, _framing: frozenset[Path] = frozenset()) -> int:
    """The bytes of ``page`` and of each local asset it loads (each once), and the weight of each
    local page it shows in a frame (the replay viewer on the playthroughs page), but of a page
    that frames it."""
    text = page.read_text(encoding="utf-8")
    loaded = {(page.parent / ref).resolve() for ref in _LOADED.findall(text)}
    assets: int = sum(path.stat().st_size for path in loaded if path.suffix in _ASSETS and path.is_file())
    framing = _framing | {page.resolve()}
    framed = {(page.parent / ref).resolve() for ref in _FRAMED.findall(text)} - framing
    return page.stat().st_size + assets + sum(weight(path, framing) for path in framed if path.is_file())


def oversized(site: Path, limit: int = LIMIT) -> dict[str, int]:
    """The pages of the built ``site`` heavier than ``limit``, by name, with their weight."""
    weights = {page.name: weight(page) for page in sorted(site.glob("*.html")) if page.name not in EXEMPT}
    return {name: size for name, size in weights.items() if size > limit}


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else Path("docs/_build/html")
    heavy = oversized(site)
    for name, size in heavy.items():
        print(f"{name}: {size:,} bytes with its assets, over {LIMIT:,}")
    print(f"{len(list(site.glob('*.html')))} pages, {len(heavy)} over {LIMIT:,} bytes")
    return 1 if heavy else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
