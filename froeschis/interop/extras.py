"""What a wrapper says when a package of its extra is missing: one wording for every wrapper.

A module of its own, not the package's ``__init__``: the package finds the games' versioned modules
through ``pettingzoo``, so a wrapper importing from the package would close an import cycle.
"""

from __future__ import annotations


def extra_missing(
    missing: ModuleNotFoundError, needing: str, extra: str, purpose: str | None = None
) -> ModuleNotFoundError:
    """The error a wrapper module raises when a package of its extra is not installed:
    ``NEEDING needs PACKAGE[ for PURPOSE]: EXTRA``, so that every wrapper says alike what is missing
    and what to run, and names the package (``name``) as Python's own error does."""
    needs = missing.name if purpose is None else f"{missing.name} for {purpose}"
    return ModuleNotFoundError(f"{needing} needs {needs}: {extra}", name=missing.name)
