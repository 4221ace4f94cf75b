"""Sphinx configuration of the froeschis docs.

Build (from the repository root): ``python3 -m sphinx -W -b html docs docs/_build/html``.
The rule pages are generated from ``spec/`` by the local extension ``docs/_ext/froeschis_sphinx.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# Document the checkout (its froeschis and its spec/), even if another froeschis is installed.
sys.path[:0] = [str(ROOT), str(DOCS / "_ext")]

import froeschis  # noqa: E402

project = "froeschis"
author = "froeschis maintainers"
copyright = "froeschis maintainers"
release = version = "0.1.0"
language = "en"
# The source sentences are verbatim: no typographic quotes or dashes may be substituted.
smartquotes = False

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",  # spec/protocol.md, included as it stands
    "froeschis_sphinx",
]
# The protocol's links to files of the repository (schemas, examples) have no page to point to.
suppress_warnings = ["myst.xref_missing"]

exclude_patterns = ["_build", "translations", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]  # genindex-split.html: the index by letter, without the whole on one page

# autodoc: type hints in the signatures, members in source order.
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_use_type_comments = False  # froeschis has annotations, not type comments (and it is faster)
add_module_names = False
# The API pages (docs/api/, one per module) are written when the build starts (docs/_ext/api_pages.py).
froeschis_api_dir = "api"
# A page's table of contents lists its classes and functions, and a class's members by their names.
toc_object_entries_show_parents = "hide"
python_use_unqualified_type_names = True

# doctest: the examples of these pages (doctest and testcode directives) import what they use.
# Examples in docstrings are not run here: the modules' own tests run those.
doctest_global_setup = ""
doctest_test_doctest_blocks = ""

# furo: the page uses the window's width (wide code blocks and tables scroll in their own box, never
# cut), collapses to one column on a phone, and has a table of contents per page (on the API pages,
# every class and function); docs/_static/froeschis.css adds the project's own rules.
html_theme = "furo"
html_title = f"froeschis {release}"
html_static_path = ["_static"]
html_css_files = ["froeschis.css"]
html_show_sourcelink = False
# The general index one page per letter: whole, with every module of the API, it grew past the
# 500 KB a page may weigh (tests/page_sizes.py); the whole index on one page is removed (below).
html_split_index = True

assert froeschis.__file__ is not None and Path(froeschis.__file__).is_relative_to(ROOT), (
    f"the docs must document the checkout at {ROOT}, not {froeschis.__file__}"
)


def _without_the_whole_index(app: Any, exception: Exception | None) -> None:
    """Remove ``genindex-all.html``, the whole index on one page that a split index also writes:
    over 500 KB, and linked from nowhere (``_templates/genindex-split.html``)."""
    if exception is None and app.builder.name == "html":
        (Path(app.outdir) / "genindex-all.html").unlink(missing_ok=True)


def setup(app: Any) -> None:
    app.connect("build-finished", _without_the_whole_index)
