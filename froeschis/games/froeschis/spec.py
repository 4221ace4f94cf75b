"""The Fröschis clause catalogue and its source texts, loaded from ``spec/``.

``spec/clauses.toml`` is the single statement of the Fröschis rules, in English, German and Korean
source sentences (``spec/sources/``). The catalogue model and its checks are the framework's
(:mod:`froeschis.framework.catalogue`), the same for every game; this module finds Fröschis' folder
and loads it once per process. Every name here is the one froeschis has published.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from froeschis.framework.catalogue import (
    KINDS,
    Catalogue,
    Clause,
    Deprecation,
    Discrepancy,
    Misreading,
    Sentence,
    SourceRef,
    SourceText,
    load,
    parse_catalogue,
)
from froeschis.framework.specs import spec_root

__all__ = [
    "KINDS",
    "LANGUAGES",
    "Catalogue",
    "Clause",
    "Deprecation",
    "Discrepancy",
    "Misreading",
    "Sentence",
    "SourceRef",
    "SourceText",
    "clause",
    "load_catalogue",
    "parse_catalogue",
    "spec_dir",
]

LANGUAGES: tuple[Literal["en", "de", "ko"], ...] = ("en", "de", "ko")
"""Fröschis' source languages: the English text (which every source clause quotes), German, Korean."""


def spec_dir() -> Path:
    """Where ``spec/`` is (:func:`froeschis.framework.specs.spec_root`): Fröschis' catalogue is at its
    top, the paths published before there were other games."""
    return spec_root()


@functools.cache
def load_catalogue() -> Catalogue:
    """Load and check ``spec/clauses.toml`` and the source texts it quotes (once per process)."""
    return load(spec_dir(), LANGUAGES, "spec/clauses.toml")


def clause(clause_id: str) -> Clause:
    """The clause with this ID; :class:`~froeschis.framework.errors.SpecError` for an ID the catalogue
    does not have."""
    return load_catalogue().clause(clause_id)
