"""Sphinx configuration of the froeschis docs.

Build (from the repository root): ``python3 -m sphinx -W -b html docs docs/_build/html``.
The rule pages are generated from ``spec/`` by the local extension ``docs/_ext/froeschis_sphinx.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
templates_path: list[str] = []

# autodoc: type hints in the signatures, members in source order.
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_use_type_comments = False  # froeschis has annotations, not type comments (and it is faster)
add_module_names = False
python_use_unqualified_type_names = True

# doctest: the examples of these pages (doctest and testcode directives) import what they use.
# Examples in docstrings are not run here: the modules' own tests run those.
doctest_global_setup = ""
doctest_test_doctest_blocks = ""

html_theme = "alabaster"
html_title = f"froeschis {release}"
html_static_path = ["_static"]
html_css_files = ["froeschis.css"]
html_theme_options = {
    "description": "The canonical rules engine for the card game Fröschis",
    "page_width": "1180px",
    "sidebar_width": "250px",
    "fixed_sidebar": True,
    "show_relbars": True,
}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_show_sourcelink = False

assert froeschis.__file__ is not None and Path(froeschis.__file__).is_relative_to(ROOT), (
    f"the docs must document the checkout at {ROOT}, not {froeschis.__file__}"
)
