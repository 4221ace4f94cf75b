"""The JSON Schemas of ``spec/schemas/``: loading them and checking JSON values against them.

The schemas say what is well-formed (types, keys, card and action spellings); whether a state is
also consistent and correct is for the comparison with the reference engine to say.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import referencing
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from froeschis.spec import spec_dir

BASE = "https://froeschis.invalid/schemas/"
SCHEMA_FILES = ("common", "state", "record", "request", "reply", "report")


@functools.cache
def _registry() -> referencing.Registry[Any]:
    resources = []
    for name in SCHEMA_FILES:
        contents = json.loads((spec_dir() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
        resources.append((f"{BASE}{name}.schema.json", referencing.Resource.from_contents(contents)))
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources)
    return registry


@functools.cache
def validator(ref: str) -> Any:
    """A validator for ``ref``: a schema file name, optionally with a fragment (``reply#/$defs/state``)."""
    name, _, fragment = ref.partition("#")
    target = f"{BASE}{name}.schema.json" + (f"#{fragment}" if fragment else "")
    return Draft202012Validator({"$ref": target}, registry=_registry())


def json_path(parts: Any) -> str:
    """``state.players[0].row[3]`` for the path parts ``state, players, 0, row, 3``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top)"


def schema_errors(ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the schema ``ref`` (empty when it does), deepest errors first."""
    errors = sorted(validator(ref).iter_errors(instance), key=lambda e: (-len(e.absolute_path), str(e.path)))
    found = []
    for error in errors[:limit]:
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        found.append(f"{json_path(error.absolute_path)}: {message}")
    return found
