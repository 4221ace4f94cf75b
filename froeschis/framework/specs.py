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
def _registry(folder: Path) -> referencing.Registry[Any]:
    resources_ = []
    for path in sorted(folder.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources_.append((f"{BASE}{path.name}", referencing.Resource.from_contents(contents)))
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources_)
    return registry


@functools.cache
def validator(folder: Path, ref: str) -> Any:
    """A validator for ``ref`` in the schemas of ``folder``: a schema's name, optionally with a
    fragment (``reply#/$defs/state``)."""
    name, _, fragment = ref.partition("#")
    target = f"{BASE}{name}.schema.json" + (f"#{fragment}" if fragment else "")
    return Draft202012Validator({"$ref": target}, registry=_registry(folder))


def json_path(parts: Any) -> str:
    """``state.players[0].row[3]`` for the path parts ``state, players, 0, row, 3``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top)"


def schema_errors_in(folder: Path, ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the schema ``ref`` of ``folder`` (empty when it does), deepest
    errors first."""
    return _messages(validator(folder, ref), instance, limit)


def _messages(checker: Any, instance: object, limit: int) -> list[str]:
    """The first ``limit`` errors of ``checker`` on ``instance``, deepest first, each with its path."""
    errors = sorted(checker.iter_errors(instance), key=lambda e: (-len(e.absolute_path), str(e.path)))
    found = []
    for error in errors[:limit]:
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        found.append(f"{json_path(error.absolute_path)}: {message}")
    return found


@functools.cache
def _every_registry() -> referencing.Registry[Any]:
    """The shared schemas and every game's, each under its ``$id``: the report's schema refers to
    the game records it may hold (``record.schema.json``)."""
    root = spec_root()
    resources_ = []
    for path in sorted([*root.glob("schemas/*.schema.json"), *root.glob("*/schemas/*.schema.json")]):
        contents = json.loads(path.read_text(encoding="utf-8"))
        uri = contents.get("$id", f"{BASE}{path.name}")
        resources_.append((uri, referencing.Resource.from_contents(contents)))
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources_)
    return registry


def shared_schema_errors(ref: str, instance: object, limit: int = 3) -> list[str]:
    """Why ``instance`` does not match the shared schema ``ref`` of ``spec/schemas/`` (the
    conformance report's), empty when it does."""
    target = f"{BASE}{ref.partition('#')[0]}.schema.json"
    fragment = ref.partition("#")[2]
    checker = Draft202012Validator(
        {"$ref": target + (f"#{fragment}" if fragment else "")}, registry=_every_registry()
    )
    return _messages(checker, instance, limit)
