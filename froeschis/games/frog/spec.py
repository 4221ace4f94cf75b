"""Frog's folder of ``spec/`` and its clause catalogue, loaded once per process."""

from __future__ import annotations

import functools
from pathlib import Path

from froeschis.framework.catalogue import Catalogue, load
from froeschis.framework.specs import spec_root

LANGUAGES = ("ja",)
"""Frog's source text is the Japanese seed 003 (the only one)."""


def spec_dir() -> Path:
    """Frog's folder of ``spec/`` (:func:`froeschis.framework.specs.spec_root`)."""
    return spec_root() / "frog"


@functools.cache
def load_catalogue() -> Catalogue:
    """``spec/frog/clauses.toml`` and its source text, loaded and checked once per process."""
    return load(spec_dir(), LANGUAGES, "spec/frog/clauses.toml")
