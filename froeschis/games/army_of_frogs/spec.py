"""Army of Frogs's folder of ``spec/`` and its clause catalogue, loaded once per process."""

from __future__ import annotations

import functools
from pathlib import Path

from froeschis.framework.catalogue import Catalogue, load
from froeschis.framework.specs import spec_root

NAME = "army-of-frogs"


def spec_dir() -> Path:
    """The game's folder of ``spec/`` (:func:`froeschis.framework.specs.spec_root`)."""
    return spec_root() / NAME


@functools.cache
def load_catalogue() -> Catalogue:
    """The game's clause catalogue, loaded and checked once per process."""
    return load(spec_dir(), path=f"spec/{NAME}/clauses.toml")
