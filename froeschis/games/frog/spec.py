"""Frog's folder of ``spec/`` and its clause catalogue, loaded once per process."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from froeschis.framework.catalogue import Catalogue, load

LANGUAGES = ("ja",)
"""Frog's source text is the Japanese seed 003 (the only one)."""


def spec_dir() -> Path:
    """Frog's folder of ``spec/``: packaged inside the wheel, or beside the package in a checkout."""
    packaged = resources.files("froeschis") / "_spec" / "frog"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "spec" / "frog"


@functools.cache
def load_catalogue() -> Catalogue:
    """``spec/frog/clauses.toml`` and its source text, loaded and checked once per process."""
    return load(spec_dir(), LANGUAGES, "spec/frog/clauses.toml")
