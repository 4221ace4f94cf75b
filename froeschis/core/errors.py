"""The exceptions froeschis raises: the framework's (:mod:`froeschis.framework.errors`), the same
classes under the names Fröschis has published them by."""

from froeschis.framework.errors import (
    SHOWN_LENGTH,
    FormatError,
    FroeschisError,
    GameTooLongError,
    IllegalActionError,
    InternalError,
    RulesError,
    SpecError,
    shown,
)

__all__ = [
    "SHOWN_LENGTH",
    "FormatError",
    "FroeschisError",
    "GameTooLongError",
    "IllegalActionError",
    "InternalError",
    "RulesError",
    "SpecError",
    "shown",
]
