"""Digests of what a wrapper says at every step of a game, for golden files small enough to keep:
one per :data:`CHUNK` steps, so that a difference is found to within that many steps."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

CHUNK = 25
"""Steps per digest."""


def digests(snapshots: Iterable[dict[str, Any]]) -> tuple[int, list[str]]:
    """The number of steps and one digest per :data:`CHUNK` of them (sha256 of their JSON, 16 hex)."""
    found: list[str] = []
    chunk = hashlib.sha256()
    count = 0
    for count, seen in enumerate(snapshots, 1):
        chunk.update(json.dumps(seen, sort_keys=True).encode())
        if count % CHUNK == 0:
            found.append(chunk.hexdigest()[:16])
            chunk = hashlib.sha256()
    if count % CHUNK:
        found.append(chunk.hexdigest()[:16])
    return count, found
