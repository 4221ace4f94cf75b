"""Fröschis' clause catalogue and its source texts, loaded from ``spec/froeschis/``, and its JSON
Schemas.

``spec/froeschis/clauses.toml`` is the single statement of the Fröschis rules, in English, German
and Korean source sentences (``spec/froeschis/sources/``). The catalogue model and its checks are
the framework's (:mod:`froeschis.framework.catalogue`), the same for every game; this module finds
Fröschis' folder and loads it once per process.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from froeschis.framework.catalogue import Catalogue, Clause, load
from froeschis.framework.specs import schema_errors_in, spec_root

LANGUAGES: tuple[Literal["en", "de", "ko"], ...] = ("en", "de", "ko")
"""Fröschis' source languages: the English text (which every source clause quotes), German, Korean."""


def spec_dir() -> Path:
    """Fröschis' folder of ``spec/`` (:func:`froeschis.framework.specs.spec_root`)."""
    return spec_root() / "froeschis"


@functools.cache
def load_catalogue() -> Catalogue:
    """Load and check ``spec/froeschis/clauses.toml`` and the source texts it quotes (once per process)."""
    return load(spec_dir(), LANGUAGES, "spec/froeschis/clauses.toml")


def clause(clause_id: str) -> Clause:
    """The clause with this ID; :class:`~froeschis.framework.errors.SpecError` for an ID the catalogue
    does not have."""
    return load_catalogue().clause(clause_id)


def schema_errors(ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the schema ``ref`` of ``spec/froeschis/schemas/`` (a state,
    a record, a request, a reply: ``reply#/$defs/state``), empty when it does."""
    return schema_errors_in(spec_dir() / "schemas", ref, instance, limit)
