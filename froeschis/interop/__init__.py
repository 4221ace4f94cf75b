"""froeschis through the interfaces of game-theory and learning libraries: OpenSpiel, PettingZoo and
Gymnasium. Each wrapper needs its extra (``openspiel``, ``rl``) and is imported on its own; the rest
of froeschis never imports this package.

Every wrapper serves every registered game with an encoding, through the framework's
:class:`~froeschis.framework.game.Game` (:mod:`froeschis.interop.openspiel`,
:mod:`froeschis.interop.pettingzoo`, :mod:`froeschis.interop.gymnasium`). PettingZoo's own
environments are modules named with a version (``tictactoe_v3``); so are these: each such game
``NAME`` has the module ``froeschis.interop.NAME_v0`` (``froeschis_v0``, ``frog_v0``,
``army_of_frogs_v0``, with ``env()`` and ``raw_env()``), made from the registry when it is first
imported (:func:`froeschis.interop.pettingzoo.fill_versioned`), so that no file here names a game
and a new game has its module without one.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence

_SUFFIX = "_v0"


def _versioned_game(module: str) -> str | None:
    """The registered game whose versioned module is ``module`` (``froeschis.interop.frog_v0``),
    else None."""
    package, _, short = module.rpartition(".")
    if package != __name__ or not short.endswith(_SUFFIX):
        return None
    from froeschis.framework.registry import names  # only when such a module is asked for

    stem = short.removesuffix(_SUFFIX)
    return next((name for name in names() if name.replace("-", "_") == stem), None)


class _VersionedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds and makes the versioned module of every registered game (the package's description)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if _versioned_game(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def exec_module(self, module: types.ModuleType) -> None:
        from froeschis.interop.pettingzoo import fill_versioned  # names the rl extra if it is missing

        name = _versioned_game(module.__name__)
        if name is None:  # pragma: no cover  # find_spec made the spec for a game's module only
            raise ImportError(f"{module.__name__} is no game's module", name=module.__name__)
        fill_versioned(module, name)


if not any(isinstance(finder, _VersionedModules) for finder in sys.meta_path):
    sys.meta_path.append(_VersionedModules())


def __getattr__(name: str) -> types.ModuleType:
    """A game's versioned module as an attribute of the package (``from froeschis.interop import
    frog_v0``)."""
    if _versioned_game(f"{__name__}.{name}") is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
