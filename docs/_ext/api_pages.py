"""The API reference: one page per public module, written when a build starts, and its index.

:func:`write_pages` (on ``builder-inited``, when ``froeschis_api_dir`` is set: ``docs/conf.py``
sets ``"api"``) writes ``docs/api/<module>.rst`` for every module that :func:`api_modules` finds,
and removes the pages of modules that are gone; the folder is generated, and git ignores it. A
module's page is its docstring, a list of what it defines (:class:`ModuleContents`: every class,
function and constant with the first sentence of its docstring, and a class's members) and then
everything autodoc documents; a package's page is its docstring and its modules. ``api.rst``
lists the pages by layer (``froeschis-api``, :func:`index_rst`).
"""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import re
from pathlib import Path

from docutils import nodes
from docutils.transforms import Transform
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

import froeschis

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The rules engine (core)", ("froeschis", "froeschis.games.froeschis")),
    ("The clause catalogue (spec)", ("froeschis.games.froeschis.spec",)),
    ("JSON forms and schemas (io)", ("froeschis.games.froeschis",)),
    ("Bots and the game loop (agents)", ("froeschis.agents",)),
    ("What proves the engine (verify)", ("froeschis.verify",)),
    ("Checking other implementations (conformance)", ("froeschis.conformance",)),
    ("Pictures and words (present)", ("froeschis.games.froeschis",)),
    ("The command line (cli)", ("froeschis.cli",)),
)
"""The API index's sections: a module belongs to the first group naming it or a package or
``name_`` prefix of it (``froeschis.cli`` also takes ``froeschis.cli.play``); the rest go last."""


def api_modules() -> list[str]:
    """Every public module of the package, found by walking it (so a new module is documented).

    Private modules (``_name``) are not; nor are the command modules under ``froeschis.cli``, whose
    interface is the command line (``froeschis COMMAND --help``), only ``froeschis.cli`` itself."""
    found = ["froeschis"]
    for info in pkgutil.walk_packages(froeschis.__path__, "froeschis."):
        private = any(part.startswith("_") for part in info.name.split("."))
        if not private and not info.name.startswith("froeschis.cli."):
            found.append(info.name)
    return found


def _in(module: str, name: str) -> bool:
    return module == name or (name != "froeschis" and module.startswith((name + ".", name + "_")))


def _group_of(module: str) -> int:
    for index, (_, names) in enumerate(GROUPS):
        if any(_in(module, n) for n in names if n != "froeschis"):
            return index
    return 0 if module == "froeschis" else len(GROUPS)


def _position(module: str, names: tuple[str, ...]) -> tuple[int, str]:
    """Where a module goes in its group: in the group's order, then by name."""
    return next((i for i, name in enumerate(names) if _in(module, name)), len(names)), module


def first_sentence(text: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line: up to the first ``.``,
    ``!`` or ``?`` that ends the paragraph or comes before a capital (not ``e.g. this``), and is
    not inside inline markup (a literal or a role's text)."""
    paragraph = " ".join(text.strip().split("\n\n")[0].split())
    markup = [m.span() for m in re.finditer(r"``.+?``|`[^`]+`", paragraph)]
    for end in re.finditer(r"[.!?](?=\s+[A-Z]|$)", paragraph):
        if not any(start < end.start() < stop for start, stop in markup):
            return paragraph[: end.end()]
    return paragraph


def _summary(name: str) -> str:
    try:
        module = importlib.import_module(name)
    except ImportError:
        return "needs an optional extra."
    return first_sentence(module.__doc__ or "")


def index_rst(api_dir: str) -> str:
    """The API index: by group, every module's page (in the folder ``api_dir``) with the first
    sentence of its docstring."""
    modules = api_modules()
    out: list[str] = []
    for index, (heading, names) in enumerate([*GROUPS, ("Other modules", ())]):
        members = sorted((m for m in modules if _group_of(m) == index), key=lambda m: _position(m, names))
        if not members:
            continue
        out += [heading, "-" * len(heading), ""]
        out += [f"* :doc:`{name} <{api_dir}/{name}>`: {_summary(name)}" for name in members]
        out += ["", ".. toctree::", "   :hidden:", "", *[f"   {api_dir}/{name}" for name in members], ""]
    return "\n".join(out)


def _exports(module: object) -> list[str]:
    """A package's re-exported names, each linked to where it is documented (constants, which do
    not say where they come from, by name)."""
    shown = []
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        home, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        shown.append(f":py:obj:`~{home}.{qualname}`" if home and qualname else f"``{name}``")
    return shown


def module_rst(name: str) -> str:
    """One module's API page."""
    title = f"``{name}``"
    out = [title, "=" * len(title), ""]
    try:
        module = importlib.import_module(name)
    except ImportError as missing:  # froeschis.games.froeschis.kernel without numba: the docs build anyway
        return "\n".join([*out, f"Not documented in this build: it needs an optional extra ({missing}).", ""])
    if hasattr(module, "__path__"):
        # A package: its docstring only; what it re-exports is documented where it is defined.
        out += [f".. automodule:: {name}", "   :no-members:", ""]
        exports = _exports(module)
        if exports:
            out += ["It re-exports " + ", ".join(exports) + ".", ""]
        inside = [m for m in api_modules() if m.rpartition(".")[0] == name]
        if inside:
            out += ["Its modules:", "", *[f"* :doc:`{m}`: {_summary(m)}" for m in inside], ""]
        return "\n".join(out)
    # Documented members only (and a module's __all__ where it has one): the public API.
    options = ["   :members:", "   :show-inheritance:", "   :member-order: bysource"]
    return "\n".join([*out, ".. froeschis-module-contents::", "", f".. automodule:: {name}", *options, ""])


def write_pages(app: Sphinx) -> None:
    """Write the API pages into ``froeschis_api_dir`` of the source folder, each only when its text
    changes (an incremental build then reads again only what changed), and remove the others."""
    if not app.config.froeschis_api_dir:
        return
    folder = Path(app.srcdir) / app.config.froeschis_api_dir
    folder.mkdir(exist_ok=True)
    pages = {f"{name}.rst": module_rst(name) for name in api_modules()}
    for stale in set(p.name for p in folder.glob("*.rst")) - set(pages):
        (folder / stale).unlink()
    for filename, text in pages.items():
        path = folder / filename
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


class module_contents(nodes.General, nodes.Element):
    """Where :class:`ListContents` puts the list of what the module's page documents."""


class ModuleContentsDirective(SphinxDirective):
    """``.. froeschis-module-contents::`` before the ``automodule`` of a module's page."""

    def run(self) -> list[nodes.Node]:
        return [module_contents()]


def _top_level(desc: addnodes.desc) -> bool:
    parent = desc.parent
    while parent is not None:
        if isinstance(parent, addnodes.desc):
            return False
        parent = parent.parent
    return True


def _link(signature: addnodes.desc_signature) -> nodes.reference:
    names = list(signature.findall(addnodes.desc_name))
    text = names[0].astext() if names else signature.astext()
    reference = nodes.reference("", "", internal=True, refid=signature["ids"][0])
    reference += nodes.literal(text, text)
    return reference


def _entry(desc: addnodes.desc) -> nodes.list_item | None:
    """One documented object: its name (a link), its kind, its first sentence, and for a class
    the names of its documented members."""
    signature = next((s for s in desc.findall(addnodes.desc_signature) if s["ids"]), None)
    if signature is None:  # documented with :no-index:, nothing to link to
        return None
    content = next(desc.findall(addnodes.desc_content))
    paragraph = next(
        (
            p
            for p in content.children
            if isinstance(p, nodes.paragraph) and not p.astext().startswith("Bases: ")  # :show-inheritance:
        ),
        None,
    )
    line = nodes.paragraph()
    line += _link(signature)
    line += nodes.Text(f" ({desc['objtype']})")
    if paragraph is not None:
        line += nodes.Text(": " + first_sentence(paragraph.astext()))
    item = nodes.list_item("", line)
    members = [
        s
        for child in content.children
        if isinstance(child, addnodes.desc)
        for s in child.children
        if isinstance(s, addnodes.desc_signature) and s["ids"]
    ]
    if members:
        names = nodes.paragraph("", "", classes=["module-contents-members"])
        for index, member in enumerate(members):
            names += nodes.Text(", " if index else "Members: ")
            names += _link(member)
        item += names
    return item


class ListContents(Transform):
    """Fill every :class:`module_contents` with the objects documented after it on the page, and
    move it to just before the first of them (after the module's docstring)."""

    default_priority = 800

    def apply(self, **kwargs: object) -> None:
        for placeholder in list(self.document.findall(module_contents)):
            documented = [d for d in self.document.findall(addnodes.desc) if _top_level(d)]
            entries = [entry for entry in map(_entry, documented) if entry is not None]
            if not entries:
                placeholder.parent.remove(placeholder)
                continue
            heading = nodes.rubric("", "Contents")
            listing = nodes.bullet_list("", *entries, classes=["module-contents"])
            first = documented[0]
            first.parent.insert(first.parent.index(first), [heading, listing])
            placeholder.parent.remove(placeholder)


def qualified(module: str, target: str) -> str | None:
    """``target`` as Python reads it inside ``module``: the full name of what the module binds to it
    (``Card`` in ``froeschis.games.frog.engine`` is ``froeschis.games.frog.cards.Card``; a package's
    modules count as bound), or None when the module binds no such name or what it binds has no
    home of its own."""
    try:
        value: object = importlib.import_module(module)
    except ImportError:
        return None
    for part in target.split("."):
        inner = getattr(value, part, None)
        if inner is None and hasattr(value, "__path__"):
            with contextlib.suppress(ImportError):
                inner = importlib.import_module(f"{getattr(value, '__name__', '')}.{part}")
        if inner is None:
            return None
        value = inner
    if isinstance(value, type(importlib)):
        return value.__name__
    home, name = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    return f"{home}.{name}" if isinstance(home, str) and isinstance(name, str) else None


class QualifyByScope(SphinxPostTransform):
    """Resolve a short name in a signature or docstring by the module it is written in.

    Three games define a ``Card``, a ``Phase`` and an ``Event``; Sphinx, meeting ``Card`` in an
    annotation of a module that imports it, searches every module for one and finds several. The
    module's own namespace says which one is meant, as it does for Python: the reference is
    rewritten to that full name before references are resolved (priority 10)."""

    default_priority = 5

    def run(self, **kwargs: object) -> None:
        for node in self.document.findall(addnodes.pending_xref):
            module = node.get("py:module")
            target = node.get("reftarget", "")
            if node.get("refdomain") != "py" or not module or not target:
                continue
            name = target.lstrip(".")  # in this module, else beside it (``:func:`~.render.render```)
            package = module.rpartition(".")[0]
            found = qualified(module, name) or (qualified(package, name) if package else None)
            if found is not None and found != target:
                node["reftarget"] = found
                node["refspecific"] = False


def setup(app: Sphinx) -> None:
    """Called by the docs' extension (``froeschis_sphinx.setup``)."""
    app.add_config_value("froeschis_api_dir", "", "env", types=frozenset({str}))
    app.add_node(module_contents)
    app.add_directive("froeschis-module-contents", ModuleContentsDirective)
    app.add_transform(ListContents)
    app.add_post_transform(QualifyByScope)
    app.connect("builder-inited", write_pages)
