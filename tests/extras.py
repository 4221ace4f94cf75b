"""Running a test as on an install without one of the optional extras (``fast``, ``dask``, ``plots``).

The extras are installed where the whole suite runs, so a test of what happens without one hides
its modules for the length of the test: :func:`without` makes importing them fail as it fails where
the extra is missing, whether or not an earlier test imported them already.
"""

from __future__ import annotations

import os
import shutil
import sys

import pytest

KERNEL = ("numba", "froeschis.games.froeschis.kernel")
"""What the extra ``fast`` brings to froeschis: numba, and the compiled kernel that needs it (which an
earlier test may have imported while numba was there)."""


def without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``import M`` and ``from PACKAGE import M`` raise :class:`ImportError` for each of
    ``modules`` until the test ends.

    A ``None`` in :data:`sys.modules` makes ``import M`` fail, and its submodules imported before
    get one too (``import M.SUB`` would find them there first); ``from PACKAGE import M`` first looks
    for ``M`` as an attribute of the package, which an earlier import of ``PACKAGE.M`` set, so that
    attribute goes too. ``monkeypatch`` puts everything back.
    """
    for module in modules:
        for loaded in [name for name in sys.modules if name.startswith(f"{module}.")]:
            monkeypatch.setitem(sys.modules, loaded, None)
        monkeypatch.setitem(sys.modules, module, None)
        package, _, name = module.rpartition(".")
        if sys.modules.get(package) is not None:
            monkeypatch.delattr(sys.modules[package], name, raising=False)


callgrind = pytest.mark.skipif(
    shutil.which("valgrind") is None or "FROESCHIS_BENCH_CALLGRIND" not in os.environ,
    reason="needs valgrind and FROESCHIS_BENCH_CALLGRIND=1 (callgrind processes, minutes on a busy machine)",
)
"""The tests that count instructions with callgrind: each starts Python several times under valgrind,
some fifty times slower, which costs a minute or several, so they run when asked for (CI's machine
has no valgrind); ``froeschis bench --instructions`` gives the same counts to a reader."""
