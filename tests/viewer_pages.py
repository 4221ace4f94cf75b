"""The replay viewer's pages for the tests: each game's first golden playthrough, written by
``froeschis explain --html``, and what the playthrough itself says of its steps."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework.registry import game
from froeschis.framework.viewer import DATA_ID


def first_playthrough(name: str) -> Path:
    """The game's first golden playthrough (``spec/<game>/vectors/``, by name)."""
    return sorted((game(name).spec() / "vectors").glob("*.jsonl"))[0]


def playthrough_lines(path: Path) -> list[dict[str, Any]]:
    """The playthrough's lines: its header, then step 0 (the setup), then each step, as recorded."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_page(capsys: pytest.CaptureFixture[str], record: Path, page: Path, *options: str) -> None:
    """``froeschis explain RECORD --html PAGE``, its text output discarded."""
    assert main(["explain", str(record), "--brief", "--html", str(page), *options]) == 0
    capsys.readouterr()


class Elements(HTMLParser):
    """Every start tag of a page with its attributes, and the text inside each element that has an
    ``id``, a ``class`` or a ``lang`` (by its position among the tags)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.texts: list[str] = []
        self._open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {key: value or "" for key, value in attrs}))
        self.texts.append("")
        if tag not in {"meta", "input", "br", "hr", "img", "link", "source", "wbr"}:
            self._open.append(len(self.tags) - 1)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {key: value or "" for key, value in attrs}))
        self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._open) - 1, -1, -1):
            if self.tags[self._open[depth]][0] == tag:
                del self._open[depth:]
                return

    def handle_data(self, data: str) -> None:
        for index in self._open:
            self.texts[index] += data

    def find(self, tag: str = "", **attributes: str) -> list[tuple[dict[str, str], str]]:
        """The elements of ``tag`` (any: "") with these attributes (``class_`` for ``class``; a
        class matches one of the element's), each with its text."""
        wanted = {key.rstrip("_"): value for key, value in attributes.items()}
        found = []
        for (name, attrs), text in zip(self.tags, self.texts, strict=True):
            if tag and name != tag:
                continue
            if all(
                value in attrs.get(key, "").split() if key == "class" else attrs.get(key) == value
                for key, value in wanted.items()
            ):
                found.append((attrs, text))
        return found


def parse(html: str) -> Elements:
    elements = Elements()
    elements.feed(html)
    return elements


def page_data(html: str) -> dict[str, Any]:
    """The JSON the page carries for its script."""
    start = html.index(f'<script type="application/json" id="{DATA_ID}">')
    body = html[html.index(">", start) + 1 : html.index("</script>", start)]
    data: dict[str, Any] = json.loads(body)
    return data
