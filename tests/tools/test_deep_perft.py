"""perft past one core (issue 31 item 4): a count split by its first action over processes or Dask
gives the one-core divide, to the last count; and each game's deep perft rows
(``spec/<game>/deep-perft.toml``), made so, hold.

A deep row is too costly to recount in every run (minutes of work): each run checks its sum, that
its first actions are the position's, in order, and recounts its cheapest first action on one core
by the split's own worker function; ``FROESCHIS_DEEP=1`` recounts every row whole over two
processes. These tests check the counting tools, not a rule clause (the perft counts of the
positions are each game's perft and census tests), so they carry no clause marker.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.framework import registry
from froeschis.framework.errors import FormatError
from froeschis.framework.game import Game
from froeschis.framework.positions import position
from froeschis.verify import deep
from froeschis.verify.explore import successors
from froeschis.verify.split import Branch, count_branch, divide, split_divide

TABLED = [
    pytest.param(of, id=of.name) for of in map(registry.game, registry.names()) if deep.path_of(of).is_file()
]
"""The games with deep perft rows."""
SMALL = {"froeschis": ("2p-row8-seed0@2", 6), "frog": ("3p-seed0@3", 4), "army-of-frogs": ("midgame-3p", 2)}
"""A position and depth of each game whose split takes a moment, with several first actions."""


def test_the_new_games_have_deep_rows() -> None:
    assert {"frog", "army-of-frogs"} <= {p.id for p in TABLED}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_split_over_two_processes_is_the_one_core_divide(name: str) -> None:
    of = registry.game(name)
    text, depth = SMALL[name]
    state = position(of, text)
    one_core = divide(of, state, depth)
    assert len(one_core) > 1 and sum(one_core.values()) > 0
    assert list(split_divide(of, state, depth, jobs=2).items()) == list(one_core.items())


def test_a_split_on_a_local_dask_cluster_is_the_one_core_divide() -> None:
    pytest.importorskip("distributed", reason="the Dask split needs froeschis[dask]")
    of = registry.game("frog")
    text, depth = SMALL["frog"]
    state = position(of, text)
    assert list(split_divide(of, state, depth, jobs=2, dask="local").items()) == list(
        divide(of, state, depth).items()
    )


@pytest.mark.parametrize("of", TABLED)
def test_every_deep_row_sums_names_its_first_actions_and_recounts_its_cheapest(of: Game) -> None:
    for row in deep.read_rows(deep.path_of(of)):
        state = position(of, row.position)
        assert list(row.divide) == [str(action) for action in successors(of, state)]
        index, name = deep.cheapest(row)
        counted = count_branch(Branch(of.name, row.position, index, row.depth - 1))
        assert counted.count == row.divide[name], (row.position, name)


@pytest.mark.skipif(not os.environ.get("FROESCHIS_DEEP"), reason="minutes of work: set FROESCHIS_DEEP=1")
@pytest.mark.parametrize("of", TABLED)
def test_every_deep_row_recounts_whole(of: Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "--game", of.name, "--deep", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == deep.path_of(of).read_text(encoding="utf-8")


def test_a_recount_that_differs_names_the_first_action_that_differs() -> None:
    row = deep.DeepRow("p", 3, {"a": 5, "b": 7, "c": 2})
    counted, differences = deep.recount([row], lambda r: {"a": 5, "b": 6, "c": 2})
    assert counted[0].total == 13
    assert differences == ["p at depth 3: 13, recorded 14; the first action that differs: b (6, recorded 7)"]
    assert deep.recount([row], lambda r: dict(row.divide))[1] == []


def test_the_command_says_where_a_recorded_row_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table with one count off by one: status 1 and a line naming that first action."""
    of = registry.game("frog")
    text, depth = SMALL["frog"]
    counts = divide(of, position(of, text), depth)
    first = next(iter(counts))
    spoilt = deep.rows_toml(of, [deep.DeepRow(text, depth, {**counts, first: counts[first] + 1})])
    table = tmp_path / deep.FILE
    table.write_text(spoilt, encoding="utf-8")
    monkeypatch.setattr(deep, "path_of", lambda game: table)
    assert main(["census", "--game", "frog", "--deep", "--jobs", "1"]) == 1
    out, err = capsys.readouterr()
    assert out == deep.rows_toml(of, [deep.DeepRow(text, depth, counts)])
    assert f"the first action that differs: {first} ({counts[first]}, recorded {counts[first] + 1})" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "'format = 1' is missing"),
        ("format = 1\n", "no [[row]]"),
        ('format = 1\n[[row]]\nposition = "x"\ndepth = 0\n', "'depth' must be a whole number of 1 or more"),
        ("format = 1\n[[row]]\ndepth = 2\n", "'position' must be"),
        ('format = 1\n[[row]]\nposition = "x"\ndepth = 2\ntotal = 3\n[row.divide]\na = 1\n', "not the sum"),
        ('format = 1\n[[row]]\nposition = "x"\ndepth = 2\n[row.divide]\na = -1\n', "a count of 0 or more"),
        ("format = [", "not a readable TOML file"),
    ],
)
def test_a_malformed_table_is_an_error_naming_the_problem(tmp_path: Path, text: str, message: str) -> None:
    table = tmp_path / deep.FILE
    table.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        deep.read_rows(table)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--deep", "--divide", "2"], "give one"),
        (["--divide", "2", "--write"], "not --divide"),
        (["--jobs", "2"], "--jobs and --dask go with --divide or --deep"),
        (["--game", "froeschis", "--deep"], "has no deep perft rows"),
    ],
)
def test_options_that_do_not_go_together_are_a_message(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["census", *words]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
