"""How a game speaks in numbers: its decisions, chance outcomes and observations as the integer ids
and vectors of the wrappers for learning libraries (OpenSpiel, PettingZoo).

A game gives one :class:`Encoding` as ``GAME.extras["encoding"]``; the wrappers
(:mod:`froeschis.interop.spiel`, :mod:`froeschis.interop.aec`) read only it and the
:class:`~froeschis.framework.game.Game`, so that a game's numbers are written once, in its own
package, and the wrappers once for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

Resample = Callable[[Sequence[Any], Sequence[Any], int, random.Random], tuple[Any, tuple[Any, ...]]]
"""``(states, actions, seat, rng) -> (state, actions)``: a history the seat cannot tell from the
given one (the states from the start, the actions between them), with its last state."""


@attrs.frozen
class Encoding:
    """A game's numbers for the wrappers."""

    num_distinct_actions: Callable[[Any, int], int]
    """``(rules, players)``: how many decision ids there are."""
    action_id: Callable[[Any, Any], int]
    """``(state, action)``: a decision's id at that state."""
    max_chance_outcomes: Callable[[Any, int], int]
    """``(rules, players)``: the most outcomes one chance step has."""
    chance_step: Callable[[Any, Sequence[int]], list[tuple[int, float]]]
    """``(state, partial)``: the outcomes of the next chance step with their probabilities, after
    the steps ``partial`` of the chance node under way (a game's chance node may be taken in steps,
    as a deal one card at a time)."""
    chance_action: Callable[[Any, Sequence[int]], Any]
    """``(state, partial)``: the game's chance outcome once ``partial`` makes one whole, else None."""
    chance_ids: Callable[[Any, Any], tuple[int, ...]]
    """``(state, outcome)``: the steps that make up a chance outcome (the inverse of the two above)."""
    observation_size: Callable[[Any, int], int]
    """``(rules, players)``: the length of an observation vector."""
    observation_tensor: Callable[[Mapping[str, Any]], list[float]]
    """``(view)``: a seat's view (``Game.observe``) as a vector, so that it holds nothing hidden."""
    resample: Resample | None = None
    """A history the seat cannot tell from the real one; None for a game with nothing hidden from
    a seat that a history could change (Army of Frogs: the bag's order only)."""
