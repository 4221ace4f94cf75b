"""The replay viewer: one self-contained HTML page that steps through a game record, for any game.

A person opens the page (no server, no network: ``file://`` will do) and sees, at each step, the
picture of the table after it (:attr:`Game.picture`, the referee's view), what happened in words
(:attr:`Game.describe_event`), each clause ID of the step's events linked to its section of the
game's annotated rules, and the source sentences the clause rests on in every language of the
game's sources, each marked with its ``lang``. The arrow keys, Home and End, a slider and links to
a step (``#step=17``) move through it.

Everything is made here, in Python, when the page is written: the pictures of every step (hidden
but one, so that the page's script only switches between them) and the steps' words and clauses
as JSON inside the page, which the script (``viewer.js``, beside this module and shipped in the
package) puts into the page as text, never as markup. Every text of the page is escaped here, since
the record comes from a file a user gives; the JSON is written so that no ``<`` can end its
``<script>`` element. The page's look is ``viewer.css``: one column at 390 px, the picture beside
the words from 800 px on; after it, the classes of the pictures' paint (:class:`Styles`), which
every step's picture repeats.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

from froeschis.framework.catalogue import Catalogue, Clause
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT
from froeschis.framework.terminal import telling

DATA_ID = "froeschis-replay"
"""The ``id`` of the ``<script type="application/json">`` that carries the steps."""


def rules_page(game: Game) -> str:
    """The file name of the game's annotated rules page in the built docs."""
    return game.rules_page or f"rules-{game.name}.html"


def clause_anchor(game: Game, clause_id: str) -> str:
    """The HTML ``id`` of a clause's section in the game's annotated rules: the docs' label of it
    (``clause-<id>`` for the default game, ``<game>-clause-<id>`` for another, as
    ``docs/_ext/rulesdoc.py`` names them) made an identifier as docutils makes one (lower case,
    every run of other characters than letters and digits one hyphen)."""
    label = f"clause-{clause_id}" if game.name == DEFAULT else f"{game.name}-clause-{clause_id}"
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def clause_link(game: Game, clause_id: str, rules_url: str = "") -> str:
    """Where a clause ID links to: its section of the game's rules page, the page in the folder
    ``rules_url`` (a URL or a relative path; "": beside the viewer, as in the built docs)."""
    folder = rules_url if not rules_url or rules_url.endswith("/") else rules_url + "/"
    return f"{folder}{rules_page(game)}#{clause_anchor(game, clause_id)}"


def sources_json(catalogue: Catalogue, clause: Clause) -> list[dict[str, str]]:
    """Every sentence the clause cites, in every language of the sources, each once (its first
    quote marked), with its English gloss where it has one."""
    cited: dict[tuple[str, str], dict[str, str]] = {}
    for ref in clause.sources:
        if (ref.language, ref.anchor) not in cited:
            sentence = catalogue.sources[ref.language].sentence(ref.anchor)
            cited[(ref.language, ref.anchor)] = {
                "lang": ref.language,
                "anchor": ref.anchor,
                "sentence": sentence.text,
                "quote": ref.quote,
                "gloss": sentence.gloss,
            }
    return list(cited.values())


def _clause_json(game: Game, catalogue: Catalogue, clause_id: str, rules_url: str) -> dict[str, Any]:
    clause = catalogue.clause(clause_id)
    return {
        "title": clause.title,
        "kind": clause.kind,
        "statement": clause.statement,
        "href": clause_link(game, clause_id, rules_url),
        "sources": sources_json(catalogue, clause),
    }


def _heading(game: Game, step: Any) -> str:
    """The step's heading as ``explain`` writes it: where the game is, who acts, the action."""
    before = step.before
    who = "chance" if before.is_chance else f"seat {before.current_player}"
    where = game.progress(before)
    action = telling(game).action(before, step.action)
    return f"{where}, {who}: {action}" if where else f"{who}: {action}"


def _step_json(game: Game, number: int, step: Any) -> dict[str, Any]:
    return {
        "step": number,
        "heading": _heading(game, step),
        "events": [
            {"text": game.describe_event(event), "clauses": list(event.clauses)} for event in step.events
        ],
        "notes": list(telling(game).notes(step)),
    }


def _ending(game: Game, final: Any, broken: str) -> str:
    """How the record ends: the game over, the record over before it, or ``broken`` (why the
    next step cannot be replayed)."""
    if broken:
        return broken
    told = telling(game)
    if final.is_terminal:
        return told.over(final)
    where = told.standing(final)
    return f"The record ends before the game is over{f' ({where})' if where else ''}."


def replay_json(
    game: Game, start: Any, steps: Sequence[Any], rules_url: str = "", broken: str = ""
) -> dict[str, Any]:
    """What the page's script shows: step 0 (the game set up) and every step (each a
    :class:`~froeschis.framework.provenance.Transition`), the clauses they name, and the end."""
    catalogue = game.catalogue()
    numbered = [_step_json(game, number, step) for number, step in enumerate(steps, 1)]
    ids = dict.fromkeys(cid for step in numbered for event in step["events"] for cid in event["clauses"])
    setup = {"step": 0, "heading": "The game is set up", "events": [], "notes": []}
    return {
        "game": game.name,
        "title": game.title,
        "languages": list(catalogue.languages),
        "steps": [setup, *numbered],
        "clauses": {cid: _clause_json(game, catalogue, cid, rules_url) for cid in ids},
        "ending": _ending(game, steps[-1].after if steps else start, broken),
    }


def script_json(value: Any) -> str:
    """``value`` as JSON that may stand inside a ``<script>`` element: ``<``, ``>`` and ``&``
    written as escapes, so that no text of it (``</script>``, ``<!--``) ends or changes the
    element; ``JSON.parse`` reads it back unchanged."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_FONT = re.compile(r' font-family="([^"]*)"')
_TEXT = re.compile(r"<text\b[^>]*>")
_ROOT = re.compile(r"\s*<svg\b")


def lighter_svg(svg: str) -> str:
    """``svg`` with the ``font-family`` of its texts said once, on its root, where every text
    names the same one (the games' pictures repeat it on each: a fifth of a Fröschis page), and
    as it was otherwise. The texts inherit it from the root: the picture is drawn the same."""
    families = set(_FONT.findall(svg))
    texts = _TEXT.findall(svg)
    root = _ROOT.match(svg)
    if root is None or len(families) != 1 or not all(_FONT.search(text) for text in texts):
        return svg
    hoisted = _FONT.sub("", svg)
    return f'{hoisted[: root.end()]} font-family="{families.pop()}"{hoisted[root.end() :]}'


_LENGTHS = ("font-size", "stroke-width", "stroke-dasharray", "stroke-dashoffset")
"""The presentation attributes whose numbers are lengths: in a style sheet they take a unit
(``px``, the picture's user unit), which an attribute may leave out."""

STYLED = frozenset(
    {
        "fill",
        "fill-opacity",
        "stroke",
        "stroke-opacity",
        "stroke-linecap",
        "stroke-linejoin",
        "opacity",
        "font-weight",
        "font-style",
        "text-anchor",
        *_LENGTHS,
    }
)
"""The presentation attributes :class:`Styles` moves into a class: those that only say how an
element is painted, never where it is."""

_ELEMENT = re.compile(r"<(?!svg\b)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+=\"[^\"]*\")*)(\s*/?>)")
_ATTRIBUTE = re.compile(r'\s+([\w:-]+)="([^"]*)"')
_VALUE = re.compile(r"[#\w.,%() -]*")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


class Styles:
    """The classes of a page's pictures: each set of presentation attributes (:data:`STYLED`)
    that an element of a picture has, said once in the page's style sheet as a class (``.f0``,
    the most used the shortest) and on the element by its name (a Fröschis table repeats a card's
    fill, stroke and font on each of its cards: two fifths of a page). A style sheet's rule
    outranks no presentation attribute it replaces, since the element keeps none of them, and a
    property said by a class is inherited as one said by an attribute: the pictures are drawn the
    same. An element that has a ``class`` or a ``style`` already keeps its attributes, as does one
    whose value a style sheet could not hold as it is."""

    def __init__(self) -> None:
        self._used: dict[tuple[tuple[str, str], ...], int] = {}
        self._named: dict[tuple[tuple[str, str], ...], str] | None = None

    @staticmethod
    def _styled(attributes: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        names = {name for name, _ in attributes}
        if "class" in names or "style" in names:
            return ()
        return tuple(
            (name, value) for name, value in attributes if name in STYLED and _VALUE.fullmatch(value)
        )

    def count(self, svg: str) -> None:
        """Note the attribute sets of ``svg``'s elements (every picture's, before :meth:`apply`)."""
        for element in _ELEMENT.finditer(svg):
            styled = self._styled(_ATTRIBUTE.findall(element.group(2)))
            if styled:
                self._used[styled] = self._used.get(styled, 0) + 1
        self._named = None

    def _names(self) -> dict[tuple[tuple[str, str], ...], str]:
        if self._named is None:
            ranked = sorted(self._used, key=lambda styled: -self._used[styled])
            self._named = {styled: f"f{_base36(rank)}" for rank, styled in enumerate(ranked)}
        return self._named

    def apply(self, svg: str) -> str:
        """``svg`` with each counted set of attributes replaced by its class."""
        names = self._names()

        def lighter(element: re.Match[str]) -> str:
            attributes = _ATTRIBUTE.findall(element.group(2))
            styled = self._styled(attributes)
            if styled not in names:
                return element.group(0)
            kept = "".join(f' {name}="{value}"' for name, value in attributes if (name, value) not in styled)
            return f'<{element.group(1)} class="{names[styled]}"{kept}{element.group(3)}'

        return _ELEMENT.sub(lighter, svg)

    def css(self) -> str:
        """The style sheet of the classes, one rule each."""
        return "\n".join(
            f".{name}{{{';'.join(f'{key}:{_css_value(key, value)}' for key, value in styled)}}}"
            for styled, name in self._names().items()
        )


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = digits[number % 36]
    while number >= 36:
        number //= 36
        text = digits[number % 36] + text
    return text


def _css_value(name: str, value: str) -> str:
    """An attribute's value as the style sheet says it: a length's plain numbers in ``px``."""
    if name not in _LENGTHS:
        return value
    return _NUMBER.sub(lambda number: f"{number.group(0)}px", value) if value.strip() != "none" else value


def _drawn(game: Game, state: Any) -> str:
    """One step's picture: the game's SVG, or its text rendering where it draws none."""
    if game.picture is None:
        return f"<pre>{html.escape(game.render(state))}</pre>"
    return lighter_svg(game.picture(state, None))


def _picture(drawn: str, number: int, heading: str) -> str:
    """One step's picture, its text alternative the step's heading. All but step 0's are hidden
    (the script shows the current one)."""
    label = html.escape(f"Step {number}: {heading}")
    hidden = " hidden" if number else ""
    attributes = f'class="picture" data-step="{number}" role="img" aria-label="{label}"{hidden}'
    return f"<figure {attributes}>{drawn}</figure>"


def _asset(name: str) -> str:
    return resources.files("froeschis.framework").joinpath(name).read_text(encoding="utf-8")


def page(
    game: Game, start: Any, steps: Sequence[Any], name: str = "", rules_url: str = "", broken: str = ""
) -> str:
    """The viewer of a replayed record: ``start`` the state the game was set up in, ``steps`` its
    transitions (those that could be replayed), ``name`` what the record is called (its file),
    ``rules_url`` where the rules pages are (see :func:`clause_link`), ``broken`` why the record
    stops early, if it does. One HTML page, its style, script and pictures inside it."""
    data = replay_json(game, start, steps, rules_url, broken)
    title = f"{game.title}: {name}" if name else f"{game.title}: a replay"
    states = [start, *(step.after for step in steps)]
    drawn = [_drawn(game, state) for state in states]
    styles = Styles()
    for svg in drawn:
        styles.count(svg)
    pictures = "\n".join(
        _picture(styles.apply(svg), number, data["steps"][number]["heading"])
        for number, svg in enumerate(drawn)
    )
    last = len(steps)
    return _TEMPLATE.format(
        title=html.escape(title),
        css=_asset("viewer.css") + styles.css(),
        last=last,
        pictures=pictures,
        data_id=DATA_ID,
        data=script_json(data),
        js=_asset("viewer.js"),
    )


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{css}
</style>
</head>
<body>
<main id="viewer" data-step="0">
<h1>{title}</h1>
<nav class="controls" aria-label="steps">
<button type="button" id="first" aria-label="first step">|&#x25C0;</button>
<button type="button" id="previous" aria-label="previous step">&#x25C0;</button>
<input type="range" id="slider" min="0" max="{last}" value="0" aria-label="step">
<button type="button" id="next" aria-label="next step">&#x25B6;</button>
<button type="button" id="last" aria-label="last step">&#x25B6;|</button>
<output id="position" for="slider">Step 0 of {last}</output>
</nav>
<div class="stage">
<div class="pictures">
{pictures}
</div>
<section class="story" aria-live="polite">
<h2 id="heading"></h2>
<ol id="events"></ol>
<ul id="notes"></ul>
<p id="ending" hidden></p>
</section>
</div>
<noscript><p>The steps need JavaScript; the picture above is the game as it was set up.</p></noscript>
<p class="keys">Keys: &#x2190; &#x2192; a step back or on, Home and End the first and the last; a link to a
step ends in <code>#step=N</code>.</p>
</main>
<script type="application/json" id="{data_id}">{data}</script>
<script>
{js}
</script>
</body>
</html>
"""
