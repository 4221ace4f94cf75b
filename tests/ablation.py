"""The ablation table of issue 30: on the development engines (the Node engines of the three games
and the Python example engine of Fröschis), with the catalogue's misreadings switched off, how many
bugs the first cause names by their own clause and how many come as exactly one cause; and the same
with the misreadings on. Each bug is checked once, both blames made on the same evidence (as
tests/games/froeschis/test_causes.py does), in the quick configurations the tests use.

    python -m tests.ablation [--game froeschis|frog|army-of-frogs] [--json OUT]

One row per bug is printed as it is checked, then the table per engine.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from froeschis.conformance import CheckConfig, causes, check, checker

REPO = Path(__file__).resolve().parents[1]
NODE = shutil.which("node") or "node"

FROESCHIS_QUICK = CheckConfig(random_games=6, quick=True, shrink=False)
"""The configuration of tests/games/froeschis/test_causes.py and test_js_engine.py."""
FROG_QUICK = CheckConfig(random_games=0, quick=True, shrink=False)
"""The configuration of tests/games/frog/test_frog_conformance.py."""
ARMY_QUICK = CheckConfig(quick=True, shrink=False)
"""The configuration of tests/games/army_of_frogs/test_army_node_engine.py (``--quick --no-shrink``)."""


def _table(path: Path, pattern: str) -> list[tuple[str, str]]:
    return re.findall(pattern, path.read_text(encoding="utf-8"), flags=re.MULTILINE)


def engines(
    game: str | None, blind: bool = False
) -> list[tuple[str, str, list[str], CheckConfig, list[tuple[str, str]]]]:
    """(game, engine's name, command, config, its bugs with their clauses) of each development engine
    (``blind``: of the two blind engines of issue 21, tests/games/froeschis/test_blind_engines.py,
    instead)."""
    from tests.example_bugs import EXAMPLE_BUGS
    from tests.fixtures.blind.bugs import ALPHA, ALPHA_BUGS, BETA, BETA_BUGS

    if blind:
        return [
            ("froeschis", "blind alpha", list(ALPHA), FROESCHIS_QUICK, list(ALPHA_BUGS)),
            ("froeschis", "blind beta", list(BETA), FROESCHIS_QUICK, list(BETA_BUGS)),
        ]
    from tests.games.froeschis.test_js_engine import BROKEN

    rows = _table(REPO / "examples" / "frog" / "bugs.md", r"^\| `([a-z-]+)` \| `([a-z.-]+)` \|")
    army = _table(REPO / "examples" / "army" / "bugs.md", r"^\| `([a-z0-9-]+)` \| `([a-z0-9.-]+)` \|")
    examples = REPO / "examples"
    found = [
        ("froeschis", "examples/froeschis/engine.py", [sys.executable, str(examples / "froeschis/engine.py")],
         FROESCHIS_QUICK, list(EXAMPLE_BUGS)),
        ("froeschis", "examples/froeschis/js/engine.mjs", [NODE, str(examples / "froeschis/js/engine.mjs")],
         FROESCHIS_QUICK, list(BROKEN)),
        ("frog", "examples/frog/engine.mjs", [NODE, str(examples / "frog/engine.mjs")], FROG_QUICK, rows),
        ("army-of-frogs", "examples/army/engine.mjs", [NODE, str(examples / "army/engine.mjs")],
         ARMY_QUICK, army),
    ]  # fmt: skip
    return [row for row in found if game is None or row[0] == game]


def measure(command: list[str], config: CheckConfig, game: str) -> dict[str, Any]:
    """One check: the first cause's clause and the number of causes, with the misreadings and
    without them (the same evidence blamed twice)."""
    alone: list[tuple[str | None, int]] = []

    def blame_both(
        games: Any, findings: Any, misreadings: Any = None, perturbations: bool = True, referee: Any = None
    ) -> Any:
        without = causes.blame(games, findings, (), perturbations, referee)
        alone.append((without[0].clause if without else None, len(without)))
        return causes.blame(games, findings, misreadings, perturbations, referee)

    started = time.monotonic()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checker, "blame", blame_both)
        report = check(command, config, game=game)
    first = report.causes[0].clause if report.causes else None
    without, count = alone[0] if alone else (None, 0)
    return {
        "caught": not report.ok,
        "with": first,
        "with_causes": len(report.causes),
        "without": without,
        "without_causes": count,
        "seconds": round(time.monotonic() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["froeschis", "frog", "army-of-frogs"])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--bug", action="append", help="only these bugs")
    parser.add_argument("--blind", action="store_true", help="the blind engines of issue 21 instead")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for game, name, command, config, bugs in engines(args.game, args.blind):
        for bug, clause in bugs:
            if args.bug and bug not in args.bug:
                continue
            row = {"game": game, "engine": name, "bug": bug, "clause": clause}
            row |= measure([*command, "--bug", bug], config, game)
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(render(rows))


def render(rows: Sequence[dict[str, Any]]) -> str:
    """The table per engine: bugs, caught, and (with / without the misreadings) right first, one
    cause, both."""
    lines = [
        "| engine | bugs | caught | right first (on) | right and one cause (on) "
        "| right first (off) | right and one cause (off) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in dict.fromkeys(r["engine"] for r in rows):
        mine = [r for r in rows if r["engine"] == name]
        n = len(mine)
        caught = sum(r["caught"] for r in mine)
        on = sum(r["with"] == r["clause"] for r in mine)
        on1 = sum(r["with"] == r["clause"] and r["with_causes"] == 1 for r in mine)
        off = sum(r["without"] == r["clause"] for r in mine)
        off1 = sum(r["without"] == r["clause"] and r["without_causes"] == 1 for r in mine)
        share = f"{100 * off1 // max(n, 1)}%"
        lines.append(f"| {name} | {n} | {caught} | {on} | {on1} | {off} | {off1} ({share}) |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
