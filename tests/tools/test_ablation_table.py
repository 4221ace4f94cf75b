"""The script that measures issue 30's ablation table (tests/ablation.py): it lists every
development engine with the bugs its tests hold, and its table counts what it should."""

from __future__ import annotations

from tests.ablation import engines, render
from tests.games.frog.test_frog_conformance import BUGS as FROG_BUGS


def test_the_development_engines_are_those_of_the_three_games_with_their_bugs() -> None:
    found = {name: dict(bugs) for _, name, _, _, bugs in engines(None)}
    assert sorted(found) == [
        "examples/army/engine.mjs",
        "examples/froeschis/engine.py",
        "examples/froeschis/js/engine.mjs",
        "examples/frog/engine.mjs",
    ]
    assert found["examples/frog/engine.mjs"] == dict(FROG_BUGS)
    assert [name for _, name, _, _, _ in engines(None, blind=True)] == ["blind alpha", "blind beta"]


def test_the_table_counts_right_first_and_one_cause_with_and_without_the_misreadings() -> None:
    def row(bug: str, with_: str, causes: int, without: str, alone: int) -> dict[str, object]:
        return {"engine": "e", "bug": bug, "clause": "a", "caught": True, "with": with_,
                "with_causes": causes, "without": without, "without_causes": alone}  # fmt: skip

    rows = [row("x", "a", 1, "a", 2), row("y", "a", 2, "b", 1), row("z", "a", 1, "a", 1)]
    assert render(rows).splitlines()[-1] == "| e | 3 | 3 | 3 | 2 | 2 | 1 (33%) |"
