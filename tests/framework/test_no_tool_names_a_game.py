"""Outside ``froeschis/games/``, no module names a game (issue 28, must show: "``froeschis/`` outside
``games/`` has no module that names a game"). The import contracts keep the tools from importing a
game; this keeps them from branching on one by its name: no string constant of the code (docstrings
are prose, and left out) is a registered game's name or its folder's, but for the places listed in
:data:`ALLOWED`, each with its reason. It checks the architecture, not a rule clause, so it carries
no clause marker."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from froeschis.framework.registry import names

PACKAGE = Path(__file__).resolve().parents[2] / "froeschis"

ALLOWED = Counter(
    {
        ("cli/__init__.py", "froeschis"): 1,  # the command's name, the package's, not the game's
        ("conformance/protocol.py", "froeschis"): 1,  # the installed package's version
        ("framework/specs.py", "froeschis"): 1,  # the package whose data holds spec/
        ("framework/registry.py", "froeschis"): 1,  # DEFAULT: the game a record without "game" is
        ("framework/catalogue.py", "froeschis"): 3,  # a catalogue without a game line: DEFAULT's
    }
)
"""Where a game's name may stand outside ``games/``, and how often: the package shares its name with
its first game, and the default game (a record or catalogue that names none, from before there were
other games) is one constant with its two readers."""


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def game_names_in_tools(package: Path = PACKAGE) -> Counter[tuple[str, str]]:
    """Each (module outside ``games/``, game name) a string constant of its code is, and how often."""
    games = {*names(), *(name.replace("-", "_") for name in names())}
    found: Counter[tuple[str, str]] = Counter()
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package)
        if relative.parts[0] == "games":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        prose = docstrings(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or id(node) in prose:
                continue
            if isinstance(node.value, str) and node.value in games:
                found[(relative.as_posix(), node.value)] += 1
    return found


def test_no_module_outside_the_games_names_a_game() -> None:
    assert game_names_in_tools() == ALLOWED


def test_a_tool_branching_on_a_game_name_is_found(tmp_path: Path) -> None:
    (tmp_path / "cli").mkdir()
    (tmp_path / "games" / "frog").mkdir(parents=True)
    (tmp_path / "cli" / "play.py").write_text(
        '"""Plays "frog" (prose)."""\nif game.name == "frog" or folder == "army_of_frogs":\n    pass\n',
        encoding="utf-8",
    )
    (tmp_path / "games" / "frog" / "game.py").write_text('NAME = "frog"\n', encoding="utf-8")
    assert game_names_in_tools(tmp_path) == Counter(
        {("cli/play.py", "frog"): 1, ("cli/play.py", "army_of_frogs"): 1}
    )
