"""``froeschis-output``: a command and what it printed, from a file kept beside the page.

::

    .. froeschis-output:: froeschis watch --players 3 --seed 1
       :output: tutorial/watch.txt
       :head: 20
       :tail: 8

shows ``$ froeschis watch --players 3 --seed 1`` and the output file (relative to the page) as a
console block: all of it, or with ``:head:`` (and ``:tail:``) its first (and last) lines around a
line ``...``, and then a link to the whole file. The tutorial's outputs are written by the test that
runs its commands (``tests/tools/test_tutorial.py``, which also reads these directives to know what to
run and where its output goes): the page shows what the command printed when it was last checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec


class OutputDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[OptionSpec] = {
        "output": directives.unchanged_required,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        if "output" not in self.options:
            raise self.error("froeschis-output: the :output: option names the file of the command's output")
        relative = self.options["output"]
        path = Path(self.env.doc2path(self.env.docname)).parent / relative
        if not path.is_file():
            raise self.error(
                f"froeschis-output: no file {relative} (FROESCHIS_REGENERATE=1 python3 -m pytest "
                "tests/tools/test_tutorial.py -n 0 writes the tutorial's outputs)"
            )
        self.env.note_dependency(str(path))
        lines = path.read_text(encoding="utf-8").splitlines()
        head, tail = self.options.get("head"), self.options.get("tail", 0)
        cut = head is not None and head + tail < len(lines)
        shown = [*lines[:head], "...", *lines[len(lines) - tail :]] if cut else lines
        text = "\n".join([f"$ {self.arguments[0]}", *shown])
        block = nodes.literal_block(text, text, language="console", classes=["command-output"])
        if not cut:
            return [block]
        note = f"The whole output ({len(lines):,} lines): :download:`{Path(relative).name} <{relative}>`."
        return [block, *self.parse_text_to_nodes(note)]


def setup(app: Sphinx) -> None:
    """Called by the docs' extension (``froeschis_sphinx.setup``)."""
    app.add_directive("froeschis-output", OutputDirective)
