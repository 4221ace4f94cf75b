"""Shared test setup: hypothesis profiles and the check that clause marks name real clauses."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from froeschis.spec import load_catalogue

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that names an unknown clause ID is an error, not a silent gap in the trace."""
    known = set(load_catalogue().ids())
    for item in items:
        for mark in item.iter_markers("clause"):
            if not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.clause needs at least one clause ID")
            unknown = [cid for cid in mark.args if cid not in known]
            if unknown:
                raise pytest.UsageError(
                    f"{item.nodeid}: unknown clause IDs {unknown} (see spec/clauses.toml)"
                )
