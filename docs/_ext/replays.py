"""The replay viewer in the docs (issue 32, item 2): each golden playthrough as a page of the built
site, and the playthroughs page linking to each and showing one per game in a frame.

The pages are what ``froeschis explain PLAYTHROUGH --html FILE`` writes
(:func:`froeschis.framework.viewer.page`), made when the build finishes and written beside the docs'
pages as ``replay-GAME-NAME.html``: their clause links (``rules.html#clause-...``) go to the
annotated rules pages of the same build, by relative URLs, so the site read from disk works too.
A playthrough whose page would weigh more than a page of the docs may (:data:`LIMIT`, with its
assets: it has none) gets no page, and its section says how to write it; :func:`viewer_rst` is the
text under each playthrough's heading, :func:`frame_rst` the frame at the top of a game's list.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError

from froeschis.cli.explain import load_record, replay
from froeschis.framework import registry, viewer
from froeschis.games.froeschis.spec import spec_dir
from tests.page_sizes import LIMIT

_PAGES: dict[tuple[str, Path], str] = {}
"""(game, playthrough file) -> its viewer page, made once a build."""

_STEPS: dict[tuple[str, Path], int] = {}
"""(game, playthrough file) -> how many steps its viewer has."""

_VECTORS: dict[str, Path] = {}
"""The default game's playthroughs folder where a build replaces it (``froeschis_vectors_dir``)."""


def page_name(game: str, playthrough: str) -> str:
    """The file of a playthrough's viewer in the built docs: ``replay-frog-3p-seed0.html``."""
    return f"replay-{game}-{Path(playthrough).stem}.html"


def vectors(game: str) -> Path:
    """The folder of the game's golden playthroughs that the docs show."""
    if game in _VECTORS:
        return _VECTORS[game]
    return spec_dir() / "vectors" if game == registry.DEFAULT else registry.game(game).spec() / "vectors"


def viewer_page(game: str, playthrough: str) -> str:
    """The viewer of the playthrough (a file name in :func:`vectors`), as ``explain --html`` writes
    it, its clause links to the rules pages beside it."""
    path = vectors(game) / playthrough
    key = (game, path)
    if key not in _PAGES:
        (record, malformed), origin = load_record(game, path), str(path)
        steps, illegal = replay(record, origin)
        error = illegal or malformed
        broken = f"Step {error.step} cannot be replayed: {error}" if error is not None else ""
        start = record.game.new_game(record.players, record.rules)
        _PAGES[key] = viewer.page(record.game, start, steps, playthrough, "", broken)
        _STEPS[key] = len(steps)
    return _PAGES[key]


def middle_step(game: str, playthrough: str) -> int:
    """The step halfway through the playthrough, the one its frame opens on (step 0, the game
    set up, has no words, and Frog's no cards)."""
    viewer_page(game, playthrough)
    return (_STEPS[(game, vectors(game) / playthrough)] + 1) // 2


def weight(game: str, playthrough: str) -> int:
    return len(viewer_page(game, playthrough).encode("utf-8"))


def shown(game: str, playthrough: str) -> bool:
    """Whether the docs have the playthrough's viewer: its page is light enough."""
    return weight(game, playthrough) <= LIMIT


def viewer_rst(game: str, playthrough: str) -> str:
    """The line under the playthrough's heading: the link to its viewer, with the page's weight, or
    the command that writes it where it is too heavy for the docs."""
    kb = round(weight(game, playthrough) / 1000)
    if shown(game, playthrough):
        return f"`Step through it in the replay viewer <{page_name(game, playthrough)}>`__ ({kb} KB)."
    folder = vectors(game).relative_to(spec_dir().parents[1]).as_posix()
    return (
        f"Its replay viewer would weigh {kb} KB, more than a page of these docs may, and is not among"
        f" them: ``froeschis explain {folder}/{playthrough} --html replay.html`` writes it."
    )


FRAME_STYLE = "display: block; width: 100%; height: 42rem; border: 1px solid var(--color-background-border)"
"""The frame's look, on the frame itself (not in ``froeschis.css``, which every page loads): the
column's width (the viewer lays itself out for it, one column on a phone), high enough for a
picture and a step's words."""


def frame_rst(game: str, playthrough: str) -> str:
    """The viewer of one playthrough in a frame (a phone's width or the column's) at its middle
    step, and its link."""
    title = html.escape(f"The replay viewer: {registry.game(game).title}, {playthrough}", quote=True)
    name = page_name(game, playthrough)
    return "\n".join(
        [
            f"The replay viewer on ``{playthrough}`` (`open it on its own <{name}>`__; the arrow keys"
            " work once it has the focus):",
            "",
            ".. raw:: html",
            "",
            f'   <iframe class="replay" src="{name}#step={middle_step(game, playthrough)}" title="{title}" loading="lazy"'
            f' style="{FRAME_STYLE}"></iframe>',
            "",
        ]
    )


def reset(default_vectors: Path | None) -> None:
    """Forget the pages of the last build; ``default_vectors`` replaces the default game's
    playthroughs folder (the extension's ``froeschis_vectors_dir``), if given."""
    _PAGES.clear()
    _STEPS.clear()
    _VECTORS.clear()
    if default_vectors is not None:
        _VECTORS[registry.DEFAULT] = default_vectors


META = "froeschis-replays"
"""The key of a page's metadata that names the games whose viewers the page links to."""


def note_game(env: BuildEnvironment, game: str) -> None:
    """The current page links to the game's viewers: the build writes them."""
    noted = env.metadata[env.docname].get(META, "").split()
    env.metadata[env.docname][META] = " ".join(dict.fromkeys([*noted, game]))


def write_pages(app: Sphinx, exception: Exception | None) -> None:
    """The viewer pages of every game a page links to, into the HTML output (each build: the
    pages that link to them may not have been read again)."""
    if exception is not None or app.builder.format != "html":
        return
    games = dict.fromkeys(game for meta in app.env.metadata.values() for game in meta.get(META, "").split())
    out = Path(app.outdir)
    for game in games:
        folder = vectors(game)
        links: set[str] = set()
        for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else []:
            if shown(game, path.name):
                target = out / page_name(game, path.name)
                text = viewer_page(game, path.name)
                links |= set(_HREF.findall(text))
                if not target.is_file() or target.read_text(encoding="utf-8") != text:
                    target.write_text(text, encoding="utf-8")
        _check_links(out, game, links)


_HREF = re.compile(r'"href":"([^"#]+#[^"]+)"')
"""A clause link in a viewer page's data."""


def _check_links(out: Path, game: str, links: set[str]) -> None:
    """Every clause link of the game's viewers lands on a section of a rules page of the build."""
    ids: dict[str, set[str]] = {}
    for link in sorted(links):
        page, anchor = link.split("#", 1)
        if page not in ids:
            built = out / page
            ids[page] = (
                set(re.findall(r'\sid="([^"]+)"', built.read_text(encoding="utf-8")))
                if built.is_file()
                else set()
            )
        if anchor not in ids[page]:
            raise SphinxError(f"the replay viewer of {game} links to {link}: no page of the build has it")


def setup(app: Sphinx) -> None:
    app.connect("build-finished", write_pages)
