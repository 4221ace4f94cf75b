"""Where the specifications are: the ``spec/`` folder, packaged inside the wheel or beside the package
in a source checkout; and the JSON Schemas in it, loaded and checked against.

Every game has a folder of its own in it (``spec/froeschis/``, ``spec/frog/``,
``spec/army-of-frogs/``), with its catalogue, sources, playthroughs and schemas. The schemas of
``spec/schemas/`` serve every game (the conformance report's).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import referencing
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

BASE = "https://froeschis.invalid/schemas/"


def spec_root() -> Path:
    """The ``spec/`` folder."""
    packaged = resources.files("froeschis") / "_spec"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "spec"


@functools.cache
def _registry(*folders: Path) -> referencing.Registry[Any]:
    resources_ = []
    for path in sorted(path for folder in folders for path in folder.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources_.append((f"{BASE}{path.name}", referencing.Resource.from_contents(contents)))
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources_)
    return registry


@functools.cache
def validator(ref: str, *folders: Path) -> Any:
    """A validator for ``ref`` in the schemas of ``folders``: a schema's name, optionally with a
    fragment (``reply#/$defs/state``)."""
    name, _, fragment = ref.partition("#")
    target = f"{BASE}{name}.schema.json" + (f"#{fragment}" if fragment else "")
    return Draft202012Validator({"$ref": target}, registry=_registry(*folders))


def json_path(parts: Any) -> str:
    """``state.players[0].row[3]`` for the path parts ``state, players, 0, row, 3``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top)"


def schema_errors_in(folder: Path, ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the schema ``ref`` of ``folder`` (empty when it does), deepest
    errors first."""
    return _messages(validator(ref, folder), instance, limit)


def _messages(checker: Any, instance: object, limit: int) -> list[str]:
    """The first ``limit`` errors of ``checker`` on ``instance``, deepest first, each with its path."""
    errors = sorted(checker.iter_errors(instance), key=lambda e: (-len(e.absolute_path), str(e.path)))
    found = []
    for error in errors[:limit]:
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        found.append(f"{json_path(error.absolute_path)}: {message}")
    return found


def shared_schema_errors(ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the shared schema ``ref`` of ``spec/schemas/`` (the
    conformance report's), empty when it does. Every game's schemas are in its registry too: the
    report refers to the game records it may hold (``record.schema.json``)."""
    root = spec_root()
    return _messages(validator(ref, root / "schemas", *sorted(root.glob("*/schemas"))), instance, limit)
