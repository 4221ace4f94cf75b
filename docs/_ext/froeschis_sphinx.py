"""The froeschis docs' own Sphinx extension: rule pages from the clause catalogue, pictures, gates.

Every page about a game's rules is rendered at build time by :mod:`rulesdoc`, the same way for
every registered game: from its clause catalogue (``Game.catalogue``), its traceability data
(:mod:`froeschis.verify.trace`) and its translations (``docs/translations/`` for the default game,
``docs/translations/GAME/`` for another). At the start of a build :func:`rulesdoc.build_game_doc`
checks the default game (and each other game when a page first shows it): a clause without an
implementation, a test or a translation stops the build with a :class:`TraceabilityGateError`
(whatever ``-W`` says).

Directives (each documented in ``docs/design.rst``):

* ``froeschis-game-rules GAME``, ``froeschis-game-summary GAME``, ``froeschis-game-discrepancies
  GAME``, ``froeschis-game-rulings GAME``, ``froeschis-game-reading GAME LANG``,
  ``froeschis-game-text GAME``, ``froeschis-game-coverage GAME``, ``froeschis-game-matrix GAME``,
  ``froeschis-game-tests GAME``, ``froeschis-game-playthroughs GAME``: a registered game's pages,
  with the options of :data:`GAME_OPTIONS` (:class:`rulesdoc.Show`); the playthroughs' each
  linked to its replay viewer, a page the build writes (:mod:`replays`);
* ``froeschis-api`` (the API index; the pages themselves are written by :mod:`api_pages` when
  the build starts), ``froeschis-layers``, ``froeschis-skeleton``, ``froeschis-clause-table``,
  ``froeschis-schemas``, ``froeschis-misreadings``: generated content;
* ``froeschis-output``: a command and its output, kept in a file (:mod:`command_output`);
* ``froeschis-svg``: evaluates Python (the last line is the picture) in the page's namespace and
  shows the SVG it gives (:mod:`froeschis.games.froeschis.svg`);
* ``doctest``, ``testcode`` and ``testsetup`` of ``sphinx.ext.doctest``, extended to also run their
  code into that namespace at read time, so a picture shows exactly the states the doctests build.

Roles: ``:clause:`frog.swap``` links to a clause (an unknown ID is an error), ``:repo-file:`spec/x```
links to a file of the repository (a download link while it exists, plain text before), and
``source-quote`` marks the quoted part of a source sentence.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import hashlib
import io
import json
import os
import tomllib
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import api_pages
import command_output
import replays
import rulesdoc
from docutils import nodes, utils
from pygments.formatters import HtmlFormatter
from pygments.token import Name, Punctuation, Text, _TokenType
from docutils.nodes import Node, system_message
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError
from sphinx.ext.doctest import DoctestDirective, TestcodeDirective, TestsetupDirective
from sphinx.highlighting import PygmentsBridge
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata, OptionSpec

import froeschis
from froeschis.framework import registry
from froeschis.framework.specs import spec_root
from froeschis.games.froeschis.spec import spec_dir
from froeschis.games.froeschis.table import clause_of

logger = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parents[2]


class TraceabilityGateError(SphinxError):
    category = "Traceability gate (froeschis)"


# --------------------------------------------------------------------------- the model

_GAMES: dict[str, rulesdoc.GameDoc] = {}
"""The games by name: each one's catalogue, trace and translations (``froeschis-game-*``), the
default game's built and checked when the build starts, another's when a page first shows it."""
_DIRS: dict[str, Path] = {}


def _path(app: Sphinx, name: str, default: Path) -> Path:
    value = getattr(app.config, name)
    return Path(value).resolve() if value else default


_STAMPS: dict[str, Path] = {}


def _files(*roots: Path, pattern: str) -> list[Path]:
    return [path for root in roots if root.is_dir() for path in sorted(root.rglob(pattern))]


def _stamp(app: Sphinx, kind: str, inputs: Sequence[Path]) -> None:
    """Write a file that changes exactly when one of ``inputs`` changes, appears or goes away.

    Pages note it as their dependency (:func:`note_inputs`), so that an incremental build reads
    them again then: Sphinx itself only watches single files, and misses a new test module.
    """
    digest = hashlib.sha256()
    for path in inputs:
        status = path.stat()
        digest.update(f"{path}\0{status.st_mtime_ns}\0{status.st_size}\n".encode())
    stamp = Path(app.doctreedir) / f"froeschis-{kind}.stamp"
    stamp.parent.mkdir(parents=True, exist_ok=True)
    if not stamp.is_file() or stamp.read_text() != digest.hexdigest():
        stamp.write_text(digest.hexdigest())
    _STAMPS[kind] = stamp


def load_model(app: Sphinx) -> None:
    """Find the inputs, and build and check the default game once per build; a gap stops the build.

    ``froeschis_tests_dir``, ``froeschis_vectors_dir`` (the default game's golden playthroughs)
    and ``froeschis_translations_dir`` replace the real ones (the extension's tests use made-up ones)."""
    _GAMES.clear()
    _DIRS["tests"] = tests_dir = _path(app, "froeschis_tests_dir", REPO / "tests")
    _DIRS["translations"] = translations_dir = _path(
        app, "froeschis_translations_dir", Path(app.srcdir) / "translations"
    )
    if app.config.froeschis_vectors_dir:
        _DIRS["vectors"] = _path(app, "froeschis_vectors_dir", spec_dir() / "vectors")
    else:
        _DIRS.pop("vectors", None)
    replays.reset(_DIRS.get("vectors"))
    game_doc(registry.DEFAULT)
    code = _files(Path(froeschis.__file__).parent, pattern="*.py")
    specs = [registry.game(name).spec() for name in registry.names()]
    _stamp(app, "code", code)
    vectors = [_DIRS["vectors"]] if "vectors" in _DIRS else []
    inputs = {
        *code,
        *_files(*specs, pattern="*.toml"),
        *_files(*specs, *vectors, pattern="*.jsonl"),
        *_files(translations_dir, pattern="*.toml"),
        *_files(tests_dir, pattern="*.py"),
    }
    _stamp(app, "rules", sorted(inputs))


def game_doc(name: str) -> rulesdoc.GameDoc:
    """The catalogue, trace and translations of the registered game ``name``, checked by the gate:
    a clause without an implementation, a test or a translation stops the build."""
    if name not in _GAMES:
        default = name == registry.DEFAULT
        translations = _DIRS["translations"] if default else _DIRS["translations"] / name
        try:
            _GAMES[name] = rulesdoc.build_game_doc(
                _DIRS["tests"], registry.game(name), _DIRS.get("vectors") if default else None, translations
            )
        except rulesdoc.DocsGateError as error:
            raise TraceabilityGateError(str(error)) from None
    return _GAMES[name]


def note_inputs(env: BuildEnvironment, kind: str) -> None:
    """Make Sphinx read the current page again when one of its inputs changes (or appears):
    ``code`` (the package) for pages that run code, ``rules`` (that, the catalogue, the tests,
    the playthroughs and the translations) for generated pages."""
    env.note_dependency(str(_STAMPS[kind]))


# --------------------------------------------------------------------------- generated content


class GeneratedDirective(SphinxDirective):
    """Parses the reStructuredText that :attr:`render` returns in place of the directive."""

    render: ClassVar[Callable[[], str]]
    sections: ClassVar[bool] = True

    def text(self) -> str:
        return type(self).render()

    def run(self) -> list[Node]:
        note_inputs(self.env, "rules")
        return self.parse_text_to_nodes(self.text(), allow_section_headings=self.sections)


def generated(name: str, render: Callable[[], str], sections: bool = True) -> type[GeneratedDirective]:
    return type(name, (GeneratedDirective,), {"render": staticmethod(render), "sections": sections})


class ApiDirective(GeneratedDirective):
    """``.. froeschis-api::``: the API index, every module's page (:mod:`api_pages`) by layer."""

    def text(self) -> str:
        return api_pages.index_rst(self.config.froeschis_api_dir)


GAME_OPTIONS = {
    "link-tests": "tests_page",
    "playthroughs": "playthroughs",
    "no-misreadings": "misreadings",
    "statements": "statements",
}
"""The flags of the ``froeschis-game-*`` directives -> the :class:`rulesdoc.Show` field each sets
(``no-misreadings`` clears it). A directive takes those its page can show."""


class GameDirective(GeneratedDirective):
    """``.. froeschis-game-rules:: frog`` and the like: a registered game's generated content, from
    its own catalogue, trace and translations, shown as the directive's flags say."""

    required_arguments = 1
    game_render: ClassVar[Callable[[rulesdoc.GameDoc, rulesdoc.Show], str]]

    def game(self) -> rulesdoc.GameDoc:
        name = self.arguments[0]
        if name not in registry.names():
            raise self.error(f"no game {name!r}; there are {list(registry.names())}")
        return game_doc(name)

    def show(self) -> rulesdoc.Show:
        flags = {GAME_OPTIONS[option]: option != "no-misreadings" for option in self.options}
        return rulesdoc.Show(**flags)

    def text(self) -> str:
        return type(self).game_render(self.game(), self.show())


class ReadingDirective(GameDirective):
    """``.. froeschis-game-reading:: froeschis de``: a game's rules as translated into one language."""

    required_arguments = 2

    def text(self) -> str:
        doc, language = self.game(), self.arguments[1]
        if language not in doc.readings:
            raise self.error(f"{doc.name} has no reading in {language!r}; there are {sorted(doc.readings)}")
        return rulesdoc.reading_rst(doc, language)


def game_generated(
    name: str,
    render: Callable[[rulesdoc.GameDoc, rulesdoc.Show], str],
    sections: bool = True,
    options: Sequence[str] = (),
) -> type[GameDirective]:
    spec = {option: directives.flag for option in options}
    attributes = {"game_render": staticmethod(render), "sections": sections, "option_spec": spec}
    return type(name, (GameDirective,), attributes)


def _no_show(render: Callable[[rulesdoc.GameDoc], str]) -> Callable[[rulesdoc.GameDoc, rulesdoc.Show], str]:
    return lambda doc, show: render(doc)


class PlaythroughsDirective(GameDirective):
    """``.. froeschis-game-playthroughs:: frog``: the golden playthroughs, each linked to its
    replay viewer (:mod:`replays`, which the build writes), the lightest viewer shown in a frame
    above them (the page weighs its frame too)."""

    def text(self) -> str:
        doc = self.game()
        replays.note_game(self.env, doc.name)
        viewers = {name: replays.viewer_rst(doc.name, name) for name in doc.playthroughs}
        shown = [name for name in doc.playthroughs if replays.shown(doc.name, name)]
        framed = min(shown, key=lambda name: replays.weight(doc.name, name), default=None)
        frame = replays.frame_rst(doc.name, framed) + "\n" if framed is not None else ""
        return frame + rulesdoc.playthroughs_rst(doc, viewers)


# --------------------------------------------------------------------------- the architecture


def layer_contracts() -> list[dict[str, Any]]:
    """The import-linter contracts of ``pyproject.toml``: what CI enforces with ``lint-imports``."""
    with (REPO / "pyproject.toml").open("rb") as file:
        contracts: list[dict[str, Any]] = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    return contracts


def layers_rst() -> str:
    """The layers, top to bottom, each with its modules and what it may import, read from the
    ``layers`` contract; then the other contracts. Generated, so it cannot drift from what CI checks."""
    contracts = layer_contracts()
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    modules = api_pages.api_modules()
    rows = []
    for depth, group in enumerate(layers):
        names = [name.strip() for name in group.split("|")]
        below = [n.strip().strip("()") for g in layers[depth + 1 :] for n in g.split("|")]
        for name in names:
            optional, tail = name.startswith("("), name.strip("()")
            inside = [m for m in modules if m == f"froeschis.{tail}" or m.startswith(f"froeschis.{tail}.")]
            listed = ", ".join(f"``{m.removeprefix('froeschis.')}``" for m in inside) or "(to come)"
            siblings = [n.strip("()") for n in names if n != name]
            may = ", ".join(f"``{b}``" for b in below) or "nothing of froeschis"
            note = f"; not {', '.join(f'``{s}``' for s in siblings)}" if siblings else ""
            rows.append(
                f"   * - ``{tail}``{' (optional)' if optional else ''}\n     - {listed}\n     - {may}{note}"
            )
    others = [f"* **{c['name']}** (``{c['id']}``, {c['type']})" for c in contracts if c["type"] != "layers"]
    return "\n".join(
        [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 12 50 38",
            "",
            "   * - layer\n     - modules\n     - may import",
            *rows,
            "",
            "The other contracts:",
            "",
            *others,
            "",
        ]
    )


def clause_table_rst() -> str:
    """Every slot of the clause table: the clause the published rules put there, its function, and
    the variant that replaces it."""
    from froeschis.games.froeschis.readings import PUBLISHED, VARIANTS

    replaced = {r.slot: v for v in VARIANTS for r in v.readings}
    rows = []
    for slot, clause_id, function in PUBLISHED.entries():
        variant = replaced.get(slot)
        by = f":clause:`{variant.clause}` (``{variant.option}``)" if variant else ""
        target = f"{function.__module__}.{function.__qualname__}"
        rows.append(
            f"   * - ``{slot}``\n     - :clause:`{clause_id}`\n     - :py:func:`~{target}`\n     - {by}"
        )
    header = "   * - slot\n     - clause (published rules)\n     - function\n     - replaced by the variant"
    return "\n".join([".. list-table::", "   :header-rows: 1", "", header, *rows, ""])


SCHEMA_ORDER = ("request", "reply", "state", "common", "record", "report")
"""The schemas of ``spec/schemas/`` in the order a reader meets them."""


def _schema_type(node: dict[str, Any]) -> str:
    """A short description of what a schema node allows."""
    if "$ref" in node:
        target = node["$ref"].rpartition("/")[2].removesuffix(".schema.json")
        return f"``{target}``"
    if "const" in node:
        return f"``{json.dumps(node['const'], ensure_ascii=False)}``"
    if "enum" in node:
        return " | ".join(f"``{json.dumps(v, ensure_ascii=False)}``" for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(_schema_type(option) for option in node["oneOf"])
    kind = node.get("type")
    if kind == "array" and isinstance(node.get("items"), dict):
        return f"array of {_schema_type(node['items'])}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return f"object of {_schema_type(node['additionalProperties'])}"
    return f"{kind}" if kind else "any JSON value"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _properties_table(node: dict[str, Any]) -> list[str]:
    properties = node.get("properties", {})
    if not properties:
        return []
    required = set(node.get("required", []))
    rows = [
        f"   * - ``{name}``\n     - {_schema_type(child)}\n     - {'yes' if name in required else ''}\n"
        f"     - {_one_line(child.get('description', ''))}"
        for name, child in properties.items()
    ]
    header = "   * - key\n     - value\n     - required\n     - meaning"
    return [".. list-table::", "   :header-rows: 1", "   :widths: 18 30 8 44", "", header, *rows, ""]


def schemas_rst() -> str:
    """Every JSON Schema of ``spec/froeschis/schemas/`` and ``spec/schemas/`` (the report's): its title and
    description, the keys of its top-level
    object and of each definition, and the schema itself."""
    out: list[str] = []
    for name in SCHEMA_ORDER:
        folder = "schemas" if name == "report" else "froeschis/schemas"
        path = spec_root() / folder / f"{name}.schema.json"
        schema = json.loads(path.read_text(encoding="utf-8"))
        title = f"``{name}.schema.json``: {schema.get('title', name)}"
        out += [title, "-" * len(title), "", _one_line(schema.get("description", "")), ""]
        out += _properties_table(schema)
        for definition, node in schema.get("$defs", {}).items():
            heading = f"``{name}#/$defs/{definition}``"
            out += [heading, "~" * len(heading), ""]
            if node.get("description"):
                out += [_one_line(node["description"]), ""]
            table = _properties_table(node)
            out += table or [f"A {_schema_type(node)}.", ""]
        out += [
            "The schema as published:",
            "",
            f".. literalinclude:: /../spec/{folder}/{name}.schema.json",
            "   :language: json",
            "",
        ]
    return "\n".join(out)


def misreadings_rst() -> str:
    """The known misreadings of the catalogue: what the conformance checker can name as a cause."""
    rows = []
    for m in game_doc(registry.DEFAULT).catalogue.misreadings():
        source = m.invited_by
        invited = f"{source.anchor}: :source-quote:`{source.quote}`" if source else ""
        name = m.id.partition("~")[2] + (" (mutant)" if m.mutant else "")
        cells = (f":clause:`{m.clause}`", f"``{name}``", m.description, invited)
        rows.append("   * - " + "\n     - ".join(cells))
    header = "   * - clause\n     - misreading\n     - an engine built on it ...\n     - invited by"
    table = [".. list-table::", "   :header-rows: 1", "   :widths: 20 18 40 22", ""]
    return "\n".join([*table, header, *rows, ""])


# --------------------------------------------------------------------------- code run at read time

_NAMESPACES: dict[str, dict[str, Any]] = {}


def namespace(docname: str) -> dict[str, Any]:
    """The namespace in which a page's code examples and pictures run, fresh for every read."""
    return _NAMESPACES.setdefault(docname, {"__name__": f"docs.{docname}"})


def _reset_namespace(app: Sphinx, docname: str, source: list[str]) -> None:
    _NAMESPACES.pop(docname, None)


class _RunsCode:
    """Mixin: run the directive's code in the page namespace before the usual doctest node."""

    def run_code(self: Any) -> None:
        note_inputs(self.env, "code")
        code = "\n".join(self.content)
        if self.name == "doctest":
            examples = doctest.DocTestParser().get_examples(code)
            sources = [(e.source, e.exc_msg is not None) for e in examples]
        else:
            sources = [(code, False)]
        for source, may_raise in sources:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(source, f"<{self.env.docname}>", "exec"), namespace(self.env.docname))
            except Exception:
                if not may_raise:
                    logger.warning(
                        "code example failed:\n%s",
                        traceback.format_exc(),
                        location=(self.env.docname, self.lineno),
                    )
                    return


class RunningDoctest(_RunsCode, DoctestDirective):
    def run(self) -> list[Node]:
        self.run_code()
        return super().run()


class RunningTestcode(_RunsCode, TestcodeDirective):
    def run(self) -> list[Node]:
        self.run_code()
        return super().run()


class RunningTestsetup(_RunsCode, TestsetupDirective):
    def run(self) -> list[Node]:
        self.run_code()
        return super().run()


class SvgDirective(SphinxDirective):
    """``.. froeschis-svg::`` with Python code whose last line gives a picture or a list of them.

    A picture is an :class:`froeschis.games.froeschis.svg.Svg` or anything with ``_repr_svg_`` (a state, an
    observation); a ``(caption, picture)`` pair puts the caption (reStructuredText) under it.
    ``:caption:`` is a caption for the whole figure.
    """

    has_content = True
    option_spec: ClassVar[OptionSpec] = {"caption": directives.unchanged, "class": directives.class_option}

    def _svg(self, picture: object) -> str:
        text = picture._repr_svg_() if hasattr(picture, "_repr_svg_") else picture
        if not isinstance(text, str) or not text.startswith("<svg"):
            raise self.error(
                f"froeschis-svg: the last line must give SVG pictures, got {type(picture).__name__}"
            )
        return text

    def _caption(self, text: str) -> nodes.paragraph:
        caption = nodes.paragraph(classes=["froeschis-caption"])
        caption += self.parse_inline(text, lineno=self.lineno)[0]
        return caption

    def run(self) -> list[Node]:
        note_inputs(self.env, "code")
        tree = ast.parse("\n".join(self.content))
        final = tree.body.pop() if tree.body else None
        if not isinstance(final, ast.Expr):
            raise self.error("froeschis-svg: the last statement must be an expression giving the pictures")
        last = ast.Expression(final.value)
        scope = namespace(self.env.docname)
        try:
            exec(compile(tree, f"<{self.env.docname}>", "exec"), scope)
            result = eval(compile(last, f"<{self.env.docname}>", "eval"), scope)
        except Exception:
            raise self.error(f"froeschis-svg: the code failed:\n{traceback.format_exc()}") from None
        figure = nodes.container(classes=["froeschis-figure", *self.options.get("class", [])])
        for item in list(result) if isinstance(result, list) else [result]:
            caption, picture = item if isinstance(item, tuple) else (None, item)
            html = f'<div class="froeschis-picture">{self._svg(picture)}</div>'
            figure += nodes.raw("", html, format="html")
            if caption is not None:
                figure += self._caption(caption)
        if "caption" in self.options:
            figure += self._caption(self.options["caption"])
        return [figure]


# --------------------------------------------------------------------------- roles


def source_quote_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: Any = None,
    content: Any = None,
) -> tuple[list[Node], list[system_message]]:
    return [nodes.inline(rawtext, utils.unescape(text), classes=["source-quote"])], []


def clause_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: Any = None,
    content: Any = None,
) -> tuple[list[Node], list[system_message]]:
    """``:clause:`frog.swap``` links to the clause's section of the annotated rules.

    In the API pages of another game's package (``froeschis.games.frog``) the ID is one of that
    game's, checked against its catalogue and linked to its section of that game's annotated rules."""
    clause_id = utils.unescape(text)
    env = inliner.document.settings.env
    game = registry.game(_game_of(env.ref_context.get("py:module") or env.docname.removeprefix("api/")))
    catalogue = game.catalogue()
    if clause_id not in catalogue.ids():
        message = inliner.reporter.error(
            f"unknown clause ID {clause_id!r} (see {catalogue.path})", line=lineno
        )
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    label = rulesdoc.clause_label(game.name, clause_id)
    reference = addnodes.pending_xref(
        rawtext, refdomain="std", reftype="ref", reftarget=label, refexplicit=True
    )
    reference += nodes.literal(clause_id, clause_id, classes=["xref", "clause", CLAUSE_ID_CLASS])
    return [reference], []


def _game_of(module: str) -> str:
    """The registered game whose package holds ``module``; the default game for any other module."""
    for name in registry.names():
        package = f"froeschis.games.{name.replace('-', '_')}"
        if module == package or module.startswith(package + "."):
            return name
    return registry.DEFAULT


CLAUSE_ID_CLASS = "clause-id"
"""The class of every piece of text that is a clause ID: ``froeschis.css`` keeps it on one line,
never broken at its hyphens (``round.final-turn-completion``)."""


def mark_clause_ids(doctree: nodes.Node) -> None:
    """Give :data:`CLAUSE_ID_CLASS` to every inline text or literal that is exactly a clause ID:
    the ``:clause:`` role's, the clause links of the generated pages (``:ref:`` with the ID as
    text), a clause ID as inline code in prose and headings."""
    ids = set().union(*(registry.game(n).catalogue().ids() for n in registry.names()))
    for node in doctree.findall(nodes.Element):
        marked = node["classes"]
        if (
            isinstance(node, nodes.literal | nodes.inline)
            and node.astext() in ids
            and CLAUSE_ID_CLASS not in marked
        ):
            marked.append(CLAUSE_ID_CLASS)


def _mark_read(app: Sphinx, doctree: nodes.document) -> None:
    """At read time, before the page's table of contents is taken from its headings."""
    mark_clause_ids(doctree)


def _mark_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """After the references are resolved: a resolved ``:ref:`` is a new node, its text a new inline."""
    mark_clause_ids(doctree)


def repo_file_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: Any = None,
    content: Any = None,
) -> tuple[list[Node], list[system_message]]:
    """``:repo-file:`spec/protocol.md``` downloads a repository file, or names it if it is not there yet."""
    path = utils.unescape(text)
    if not (REPO / path).is_file():
        return [nodes.literal(path, path)], []
    env = inliner.document.settings.env
    source_dir = Path(env.doc2path(env.docname)).parent
    relative = Path(os.path.relpath(REPO / path, source_dir)).as_posix()
    role = XRefRole(nodeclass=addnodes.download_reference)
    return role("download", rawtext, f"{path} <{relative}>", lineno, inliner, options or {}, content or [])


# --------------------------------------------------------------------------- the navigation

NAVIGATION_DEPTH = 3
"""How deep the pages' titles sit in the tree of contents: index, its pages (``api``), their
sections (the API index's groups), the pages those list (``api/froeschis.games.froeschis.engine``)."""


def _shallow_navigation(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Node | None
) -> None:
    """furo draws every page's navigation from the whole tree of contents (``maxdepth=-1``), which
    Sphinx copies with every section and every API entry of every page before keeping only the
    pages' titles (``titles_only``), for each of the hundred pages: seconds of every build. The
    titles sit no deeper than :data:`NAVIGATION_DEPTH`: cut the copy there, for the same
    navigation (checked page by page when this was written)."""
    toctree = context.get("toctree")
    if toctree is None:
        return

    def shallow(**options: Any) -> str:
        if options.get("titles_only") and options.get("maxdepth") == -1:
            options["maxdepth"] = NAVIGATION_DEPTH
        result: str = toctree(**options)
        return result

    context["toctree"] = shallow


# --------------------------------------------------------------------------- environment bookkeeping


def _check_implementations(app: Sphinx, env: BuildEnvironment) -> None:
    """Every implementation the default game's clause pages link to has an API entry (else the
    link would be dead)."""
    documented = env.domains["py"].objects
    for row in game_doc(registry.DEFAULT).matrix:
        for name in row.implementations:
            if name not in documented:
                logger.warning("clause %s: its implementation %s has no API entry", row.clause, name)


def skeleton_rst() -> str:
    """Every game folder's modules side by side, read from the tree: the files all games share by
    role and name, and those a game has of its own. Generated, so it shows the tree as it is."""
    games = sorted(
        (path for path in (REPO / "froeschis" / "games").iterdir() if (path / "game.py").is_file()),
        key=lambda path: path.name != "froeschis",
    )
    held = {
        game.name: {p.stem for p in game.glob("*.py") if p.stem != "__init__"}
        | {p.name for p in game.iterdir() if (p / "__init__.py").is_file()}
        for game in games
    }
    every = sorted(set.intersection(*held.values()))
    some = sorted(set.union(*held.values()) - set(every))
    head = "   * - module\n" + "".join(f"     - ``{game.name}``\n" for game in games)
    rows = [
        f"   * - ``{name}``\n"
        + "".join(f"     - {'yes' if name in held[game.name] else ''}\n" for game in games)
        for name in some
    ]
    return "\n".join(
        [
            f"Every game folder has these {len(every)} modules: "
            + ", ".join(f"``{name}``" for name in every)
            + ". The others, each a game's own:",
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "",
            head.rstrip("\n"),
            *(row.rstrip("\n") for row in rows),
            "",
        ]
    )


def _implements_note(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """A function's API entry names the clause it implements (its ``@clause`` mark), with a link."""
    clause_id = clause_of(obj) if callable(obj) else None
    if clause_id is not None:
        lines += ["", f"Implements :clause:`{clause_id}`."]


GENERATED: dict[str, type[GeneratedDirective]] = {
    "froeschis-api": ApiDirective,
    "froeschis-layers": generated("LayersDirective", layers_rst, sections=False),
    "froeschis-skeleton": generated("SkeletonDirective", skeleton_rst, sections=False),
    "froeschis-clause-table": generated("ClauseTableDirective", clause_table_rst, sections=False),
    "froeschis-schemas": generated("SchemasDirective", schemas_rst),
    "froeschis-misreadings": generated("MisreadingsDirective", misreadings_rst, sections=False),
    "froeschis-game-rules": game_generated(
        "GameRulesDirective", rulesdoc.rules_rst, options=("link-tests", "playthroughs", "no-misreadings")
    ),
    "froeschis-game-summary": game_generated(
        "GameSummaryDirective", rulesdoc.summary_rst, sections=False, options=("statements",)
    ),
    "froeschis-game-discrepancies": game_generated("GameDiscrepancies", _no_show(rulesdoc.discrepancies_rst)),
    "froeschis-game-rulings": game_generated("GameRulingsDirective", _no_show(rulesdoc.rulings_rst)),
    "froeschis-game-reading": ReadingDirective,
    "froeschis-game-text": game_generated("GameTextDirective", _no_show(rulesdoc.text_rst), sections=False),
    "froeschis-game-coverage": game_generated(
        "GameCoverage", rulesdoc.coverage_rst, sections=False, options=("playthroughs",)
    ),
    "froeschis-game-matrix": game_generated(
        "GameMatrixDirective", rulesdoc.matrix_rst, sections=False, options=("link-tests", "playthroughs")
    ),
    "froeschis-game-tests": game_generated("GameTestsDirective", _no_show(rulesdoc.tests_rst)),
    "froeschis-game-playthroughs": PlaythroughsDirective,
}


class LeanHtmlFormatter(HtmlFormatter):  # type: ignore[type-arg]
    """Pygments' HTML, without a ``<span>`` for a token drawn like the text around it.

    In the styles the docs use, light and dark, a name and a punctuation mark have the code
    block's own colour, so their spans change nothing on the screen; the tests page carried some
    5,700 of them, a third of its weight (issue 29, item 18: pages under 500 KB with their assets).
    Which token types are left plain is decided from those styles (:func:`_plain_tokens`), so that
    a style that does colour them keeps its spans.
    """

    plain: ClassVar[frozenset[_TokenType]] = frozenset()

    def _get_css_classes(self, ttype: _TokenType) -> str:
        return "" if ttype in self.plain else str(super()._get_css_classes(ttype))


def _plain_tokens(app: Sphinx) -> None:
    """The token types every style in use (the builder's and the dark one) draws exactly as the
    text around it: their spans are left out (:class:`LeanHtmlFormatter`)."""
    highlighter = getattr(app.builder, "highlighter", None)
    if highlighter is None:  # not an HTML build
        return
    styles = [highlighter.formatter_args["style"]]
    if dark := getattr(app.config, "pygments_dark_style", None):
        styles.append(PygmentsBridge("html", dark).formatter_args["style"])
    LeanHtmlFormatter.plain = frozenset(
        ttype
        for ttype in (Name, Punctuation)
        if all(style.style_for_token(ttype) == style.style_for_token(Text) for style in styles)
    )


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("sphinx.ext.doctest")
    app.setup_extension("sphinx.ext.autodoc")
    app.add_config_value("froeschis_tests_dir", "", "env", types=frozenset({str}))
    app.add_config_value("froeschis_vectors_dir", "", "env", types=frozenset({str}))
    app.add_config_value("froeschis_translations_dir", "", "env", types=frozenset({str}))
    api_pages.setup(app)
    replays.setup(app)
    command_output.setup(app)
    app.connect("builder-inited", load_model)
    app.connect("builder-inited", _plain_tokens)
    PygmentsBridge.html_formatter = LeanHtmlFormatter
    app.connect("source-read", _reset_namespace)
    app.connect("env-check-consistency", _check_implementations)
    app.connect("autodoc-process-docstring", _implements_note)
    app.connect("doctree-read", _mark_read, priority=400)  # before the table of contents (500)
    app.connect("doctree-resolved", _mark_resolved)
    app.connect("html-page-context", _shallow_navigation, priority=400)  # before furo's (500)
    for name, directive in GENERATED.items():
        app.add_directive(name, directive)
    app.add_directive("froeschis-svg", SvgDirective)
    app.add_directive("doctest", RunningDoctest, override=True)
    app.add_directive("testcode", RunningTestcode, override=True)
    app.add_directive("testsetup", RunningTestsetup, override=True)
    app.add_role("source-quote", source_quote_role)
    app.add_role("clause", clause_role)
    app.add_role("repo-file", repo_file_role)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
