"""The CHANGELOG's tables of old module paths and new ones (issue 28, item 6), checked against the tree.

Issue 28 moved Fröschis into ``froeschis/games/froeschis/`` and took the game out of the tool
packages; the old paths went with no re-exporting shim, and the CHANGELOG tells a user where each
went. Three things are checked, so the tables cannot drift from the code:

- *complete*: every module of the tree before the move (``tests/data/modules-before-issue-28.txt``,
  the file list of commit ``79dcee3^``, an independent record of the old tree) that no longer
  imports is named in an old-path cell, itself or its package;
- *no shims*: an old path named there no longer imports, and the names an old cell lists of a module
  that still exists are gone from it (a name the new cell gives at the same path is not an old one);
- *true*: every path a new-path cell names imports, with the names it lists in parentheses.

The tables are those under ``## [Unreleased]`` whose header row is ``old path | new path`` or
``old | new``. They check documentation, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

REPO = Path(__file__).resolve().parents[2]
OLD_TREE = REPO / "tests" / "data" / "modules-before-issue-28.txt"
HEADERS = {("old path", "new path"), ("old", "new")}
ROW = re.compile(r"^\s*\|(?P<old>.+?)\|(?P<new>.+?)\|\s*$")
QUOTED = re.compile(r"`([^`]+)`")
BRACES = re.compile(r"\{([^{}]+)\}")
NAME = re.compile(r"(?P<name>[A-Za-z_]\w*)(?:\(.*\))?")
SAME_NAME = "<same name>"


@attrs.frozen
class Named:
    """A path a cell names, with the bare names it lists in parentheses after it."""

    path: str
    names: tuple[str, ...]


@attrs.frozen
class Row:
    old: tuple[Named, ...]
    new: tuple[Named, ...]
    text: str


def unreleased() -> str:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    start = text.index("## [Unreleased]")
    return text[start : text.index("\n## [", start + 1)]


def rows() -> list[Row]:
    found: list[Row] = []
    in_table = False
    for line in unreleased().splitlines():
        match = ROW.match(line)
        if match is None:
            in_table = False
            continue
        cells = (match["old"].strip(), match["new"].strip())
        if cells in HEADERS:
            in_table = True
        elif in_table and not set(cells[0]) <= set("-"):
            found.append(Row(tuple(named(cells[0])), tuple(named(cells[1])), line.strip()))
    return found


def named(cell: str) -> Iterator[Named]:
    """The paths of a cell (``froeschis.x.y`` or a file ``froeschis/...``), braces expanded, each
    with the plain names in the parentheses that follow it; a path inside parentheses is a path too."""
    depth = 0
    last = 0
    current: list[tuple[str, list[str]]] = []
    for match in QUOTED.finditer(cell):
        between = cell[last : match.start()]
        depth += between.count("(") - between.count(")")
        last = match.end()
        token = match[1]
        if token.startswith(("froeschis.", "froeschis/")):
            current.append((token, []))
        elif depth > 0 and current and (name := NAME.fullmatch(token)):
            current[-1][1].append(name["name"])
    for token, names in current:
        for path in expanded(token):
            yield Named(path, tuple(names))


def expanded(token: str) -> list[str]:
    match = BRACES.search(token)
    if match is None:
        return [token]
    head, tail = token[: match.start()], token[match.end() :]
    return [path for part in match[1].split(",") for path in expanded(head + part.strip() + tail)]


def resolve(path: str) -> tuple[object | None, tuple[str, ...]]:
    """The longest importable module a dotted path starts with, and the names that follow it."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            return importlib.import_module(module), tuple(parts[cut:])
    return None, tuple(parts)


def has(module: object, names: tuple[str, ...]) -> bool:
    value = module
    for name in names:
        if not hasattr(value, name):
            return False
        value = getattr(value, name)
    return True


def offers(module: object, names: tuple[str, ...]) -> bool:
    """Whether a module still offers a name: defines it at its top level or lists it in ``__all__``.

    A name it imports for its own use is not offered (``bots`` imports ``seat_rng`` to call it); a
    shim re-exports, which takes ``__all__``, a top-level assignment or the explicit re-export
    ``from m import name as name``."""
    if len(names) > 1:
        return has(module, names)
    published = getattr(module, "__all__", None)
    if published is not None and names[0] in published:
        return True
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    defined: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined |= {target.id for target in targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.ImportFrom | ast.Import):
            defined |= {alias.asname for alias in node.names if alias.asname == alias.name}
    return names[0] in defined


def old_tokens() -> set[str]:
    return {item.path for row in rows() for item in row.old}


def test_the_tables_are_found() -> None:
    # two tables of a few dozen rows: parsing nothing would make every check below pass vacuously
    assert len(rows()) >= 30, [row.text for row in rows()]


def test_every_module_gone_since_the_move_is_in_an_old_path_cell() -> None:
    lines = OLD_TREE.read_text(encoding="utf-8").splitlines()
    files = [line for line in lines if line and not line.startswith("#")]
    assert len(files) > 150
    listed = old_tokens()
    missing = []
    for file in files:
        module = file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        if resolve(module)[1] == () or (REPO / file).exists():
            continue
        if not any(
            token == module or module.startswith(f"{token}.") or token.startswith(f"{module}.")
            for token in listed
        ):
            missing.append(module)
    assert missing == [], f"gone since the move but in no old-path cell of the CHANGELOG: {missing}"


@pytest.mark.parametrize("row", rows(), ids=lambda row: row.old[0].path if row.old else row.text[:40])
def test_an_old_path_is_gone(row: Row) -> None:
    kept = {item.path for item in row.new}
    for item in row.old:
        if "/" in item.path:
            assert not (REPO / item.path).exists(), f"{item.path} is still in the tree"
            continue
        module, rest = resolve(item.path)
        if module is None:
            continue
        if rest:
            assert item.path in kept or not offers(module, rest), f"{item.path} is still offered: a shim?"
        elif item.names:
            left = [
                name for name in item.names if f"{item.path}.{name}" not in kept and offers(module, (name,))
            ]
            assert left == [], f"{item.path} still has {left}"
        else:
            assert item.path in kept, f"{item.path} still imports, and the new cell does not name it"


@pytest.mark.parametrize("row", rows(), ids=lambda row: row.old[0].path if row.old else row.text[:40])
def test_a_new_path_exists(row: Row) -> None:
    same = [item.path.rsplit(".", 1)[-1] for item in row.old]
    for item in row.new:
        paths = (
            [item.path.replace(SAME_NAME, name) for name in same] if SAME_NAME in item.path else [item.path]
        )
        for path in paths:
            if "/" in path:
                continue  # a file of the old tree the new cell describes in words
            module, rest = resolve(path)
            assert module is not None and has(module, rest), f"{path} does not import"
            target = module
            for name in rest:
                target = getattr(target, name)
            absent = [name for name in item.names if not hasattr(target, name)]
            assert absent == [], f"{path} has none of {absent}"
