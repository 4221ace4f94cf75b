"""The conformance kit: check another implementation of a game, or a recorded game, against its rules.

* :func:`check` drives an engine (a command speaking ``froeschis.protocol/1``, see
  ``spec/protocol.md``, or an in-process :class:`EngineAdapter`) beside the reference engine through
  golden, rigged, biased and random games, and returns a :class:`Report`: errors (rule or protocol
  divergences, each with the clauses involved and a shrunk reproduction), warnings (optional events,
  conventions) and a per-clause table. ``froeschis conform -- COMMAND`` is the same from the shell.
* :func:`assert_conforms` does it inside a test suite; :func:`compare_record` replays one game.
* :func:`validate_file` / :func:`validate_record` check a recorded game (``froeschis validate``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from froeschis.conformance.checker import (
        CheckConfig,
        ConformanceError,
        ConformanceWarning,
        assert_conforms,
        check,
        compare_record,
    )
    from froeschis.conformance.compare import Finding
    from froeschis.conformance.process import SubprocessEngine
    from froeschis.conformance.protocol import (
        PROTOCOL,
        CandidateCrashed,
        CandidateError,
        CandidateGarbage,
        CandidateTimeout,
        EngineAdapter,
        EngineFactory,
        ReferenceEngine,
    )
    from froeschis.conformance.report import Report
    from froeschis.conformance.validate import Validation, validate_file, validate_record

_EXPORTS = {
    "CheckConfig": "froeschis.conformance.checker",
    "ConformanceError": "froeschis.conformance.checker",
    "ConformanceWarning": "froeschis.conformance.checker",
    "assert_conforms": "froeschis.conformance.checker",
    "check": "froeschis.conformance.checker",
    "compare_record": "froeschis.conformance.checker",
    "Finding": "froeschis.conformance.compare",
    "SubprocessEngine": "froeschis.conformance.process",
    "PROTOCOL": "froeschis.conformance.protocol",
    "CandidateCrashed": "froeschis.conformance.protocol",
    "CandidateError": "froeschis.conformance.protocol",
    "CandidateGarbage": "froeschis.conformance.protocol",
    "CandidateTimeout": "froeschis.conformance.protocol",
    "EngineAdapter": "froeschis.conformance.protocol",
    "EngineFactory": "froeschis.conformance.protocol",
    "ReferenceEngine": "froeschis.conformance.protocol",
    "Report": "froeschis.conformance.report",
    "Validation": "froeschis.conformance.validate",
    "validate_file": "froeschis.conformance.validate",
    "validate_record": "froeschis.conformance.validate",
}
"""Each public name and its module: imported on first use, so that a light module such as
``froeschis.conformance.serve`` starts quickly."""


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "PROTOCOL",
    "CandidateCrashed",
    "CandidateError",
    "CandidateGarbage",
    "CandidateTimeout",
    "CheckConfig",
    "ConformanceError",
    "ConformanceWarning",
    "EngineAdapter",
    "EngineFactory",
    "Finding",
    "ReferenceEngine",
    "Report",
    "SubprocessEngine",
    "Validation",
    "assert_conforms",
    "check",
    "compare_record",
    "validate_file",
    "validate_record",
]
