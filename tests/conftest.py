"""Shared test setup: hypothesis profiles, clause marks, and the mutation switch.

``--clause ID`` (repeatable) runs only the tests marked with those clauses.
``FROESCHIS_MUTANT=GAME:MISREADING`` makes every clause table of the game read by that misreading
(:mod:`tests.mutation`) before any test module is imported; tests/contract/test_mutation.py uses both to
check the suite.
"""

from __future__ import annotations

import functools
import os

import pytest
from hypothesis import HealthCheck, settings

from froeschis.framework.registry import UnknownGameError, game, split_reference
from tests.mutation import misread_from_environment

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=60, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("thorough", max_examples=2000, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("mutation", max_examples=60, database=None, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def no_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts without ``COLUMNS`` and ``LINES``, whatever runs it: pytest-xdist's workers
    set them to 80 and 24, a developer's shell may export them, and the commands wrap at an exported
    width (:func:`froeschis.cli.options.make_console`). Tests that want a width set their own."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    for name in ("COLUMNS", "LINES"):  # also from the C library's environment, which a subprocess
        os.unsetenv(name)  # inherits: a library of the run sets COLUMNS=80 there, not in os.environ


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--clause", action="append", default=[], help="run only tests marked with this clause")


def pytest_configure(config: pytest.Config) -> None:
    misread_from_environment()


@functools.cache
def _in_force(game_name: str) -> frozenset[str]:
    return frozenset(game(game_name).catalogue().in_force_ids())


def _known(reference: str) -> bool:
    game_name, clause_id = split_reference(reference)
    try:
        return clause_id in _in_force(game_name)
    except UnknownGameError:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A clause mark naming an unknown or deprecated ID is an error, not a silent gap in the trace.
    An ID is Fröschis' (``turn.order``) or qualified by its game (``frog:deal.hand-size``)."""
    for item in items:
        for mark in item.iter_markers("clause"):
            if not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.clause needs at least one clause ID")
            unknown = [cid for cid in mark.args if not _known(cid)]
            if unknown:
                raise pytest.UsageError(
                    f"{item.nodeid}: unknown or deprecated clause IDs {unknown} (see "
                    "spec/froeschis/clauses.toml, or the game's spec/<game>/clauses.toml for a qualified ID)"
                )
    wanted = set(config.getoption("clause"))
    if wanted:
        selected = [i for i in items if any(wanted & set(m.args) for m in i.iter_markers("clause"))]
        deselected = [i for i in items if i not in selected]
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected
