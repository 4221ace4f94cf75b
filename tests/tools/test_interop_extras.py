"""A wrapper module imported without a package of its extra says what is missing and what to run
(:func:`froeschis.interop.extras.extra_missing`, one message for every wrapper)."""

from __future__ import annotations

import importlib
import sys

import pytest

from froeschis.interop.extras import extra_missing


def test_extra_missing_names_the_package_and_the_extra() -> None:
    missing = ModuleNotFoundError("No module named 'numpy'", name="numpy")
    error = extra_missing(missing, "froeschis.interop.gymnasium", "pip install 'froeschis[rl]'")
    assert str(error) == "froeschis.interop.gymnasium needs numpy: pip install 'froeschis[rl]'"
    assert error.name == "numpy"
    error = extra_missing(missing, "froeschis.interop", "pip install 'froeschis[rl]'", purpose="Gymnasium")
    assert str(error) == "froeschis.interop needs numpy for Gymnasium: pip install 'froeschis[rl]'"


@pytest.mark.parametrize(
    ("module", "blocked", "message"),
    [
        (
            "froeschis.interop.openspiel",
            "pyspiel",
            "froeschis.interop.openspiel needs pyspiel: pip install 'froeschis[openspiel]'",
        ),
        (
            "froeschis.interop.pettingzoo",
            "pettingzoo",
            "froeschis.interop.pettingzoo needs pettingzoo: pip install 'froeschis[rl]'",
        ),
        (
            "froeschis.interop.rl",
            "gymnasium",
            "froeschis.interop needs gymnasium for PettingZoo and Gymnasium: pip install 'froeschis[rl]'",
        ),
    ],
)
def test_a_wrapper_without_its_extra_says_what_to_run(
    monkeypatch: pytest.MonkeyPatch, module: str, blocked: str, message: str
) -> None:
    """With the package unimportable (None in ``sys.modules``, as when it is not installed), the
    wrapper's import fails with the one message, naming the package."""
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ModuleNotFoundError) as raised:
        importlib.import_module(module)
    assert str(raised.value) == message
    assert raised.value.name == blocked
