"""Army of Frogs for PettingZoo (:mod:`froeschis.interop.aec`): ``army_of_frogs_v0.env()`` in
PettingZoo's classic wrappers, ``raw_env()`` bare; keyword switches turn the game's variants on."""

from __future__ import annotations

from froeschis.interop.aec import MAX_STEPS, ActionId, GameEnv, Observation, wrapped

from pettingzoo.utils import wrappers  # isort: skip  # after the import that names a missing extra

__all__ = ["env", "raw_env"]


def raw_env(
    players: int = 2, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
) -> GameEnv:
    """The bare environment; an illegal id raises and changes nothing."""
    return GameEnv("army-of-frogs", players, render_mode, max_steps, **variants)


def env(
    players: int = 2, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
    """:func:`raw_env` wrapped as PettingZoo's classic games are."""
    return wrapped(raw_env(players, render_mode, max_steps, **variants))
