"""Army of Frogs's folder of ``spec/`` and its clause catalogue, loaded once per process."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from froeschis.framework.catalogue import Catalogue, load

NAME = "army-of-frogs"


def spec_dir() -> Path:
    """The game's folder of ``spec/``: packaged inside the wheel, or beside the package in a source
    checkout."""
    packaged = resources.files("froeschis") / "_spec" / NAME
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "spec" / NAME


@functools.cache
def load_catalogue() -> Catalogue:
    """The game's clause catalogue, loaded and checked once per process."""
    return load(spec_dir(), path=f"spec/{NAME}/clauses.toml")
