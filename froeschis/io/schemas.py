"""The JSON Schemas of ``spec/schemas/``: Fröschis' messages, states and records, and the conformance
report's, checked with the framework's loader (:mod:`froeschis.framework.specs`).

The schemas say what is well-formed (types, keys, card and action spellings); whether a state is
also consistent and correct is for the comparison with the reference engine to say.
"""

from __future__ import annotations

from froeschis.framework.specs import json_path, shared_schema_errors

SCHEMA_FILES = ("common", "state", "record", "request", "reply", "report")
"""The schema files of ``spec/schemas/``."""

schema_errors = shared_schema_errors
"""Why a value does not match a schema of ``spec/schemas/`` (empty when it does)."""

__all__ = ["SCHEMA_FILES", "json_path", "schema_errors"]
