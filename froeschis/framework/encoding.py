"""How a game speaks in numbers: its decisions, chance outcomes and observations as the integer ids
and vectors of the wrappers for learning libraries (OpenSpiel, PettingZoo).

A game gives one :class:`Encoding` as ``Game.encoding``; the wrappers
(:mod:`froeschis.interop.openspiel`, :mod:`froeschis.interop.pettingzoo`,
:mod:`froeschis.interop.gymnasium`) read only it and the :class:`~froeschis.framework.game.Game`, so
that a game's numbers are written once, in its own package, and the wrappers once for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

Blocks = tuple[tuple[str, tuple[int, ...]], ...]
"""Named blocks of a flat vector, in order, each with its shape (the vector is their entries one
after the other, row-major), for tools that view them apart."""

Resample = Callable[[Sequence[Any], Sequence[Any], int, random.Random], tuple[Any, tuple[Any, ...]]]
"""``(states, actions, seat, rng) -> (state, actions)``: a history the seat cannot tell from the
given one (the states from the start, the actions between them), with its last state."""

ResampleState = Callable[[Any, Sequence[int], Any, int, random.Random], tuple[Any, tuple[int, ...]]]
"""``(state, partial, memory, seat, rng) -> (state, partial)``: a state and chance steps under way
that the seat cannot tell from the given ones (its memory the same)."""

CompleteChance = Callable[[Any, Sequence[int], random.Random], Any]
"""``(state, partial, rng) -> outcome``: a chance outcome that begins with the steps ``partial``."""


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
    """``(state, partial)``: the game's chance outcome once ``partial`` makes one whole, else None.
    A last step no outcome of the node can have (a card already dealt, a colour the bag has no stone
    of left) is refused here, with the engine's :class:`~froeschis.framework.errors.IllegalActionError`
    naming the clause: the wrappers take the steps one at a time and must not collect an impossible
    one."""
    chance_ids: Callable[[Any, Any], tuple[int, ...]]
    """``(state, outcome)``: the steps that make up a chance outcome (the inverse of the two above)."""
    observation_size: Callable[[Any, int], int] | None = attrs.field(default=None, kw_only=True)
    """``(rules, players)``: the length of an observation vector (None with ``knowledge``)."""
    observation_tensor: Callable[[Mapping[str, Any]], list[float]] | None = attrs.field(
        default=None, kw_only=True
    )
    """``(view)``: a seat's view (``Game.observe``) as a vector, so that it holds nothing hidden
    (None with ``knowledge``, which reads the state itself)."""
    observation_bounds: Callable[[Any, int], tuple[float, float]] | None = attrs.field(
        default=None, kw_only=True
    )
    """``(rules, players)``: the least and the greatest entry :attr:`observation_tensor` gives (a
    learning library checks observations against them); None: unbounded. (With ``knowledge``, its
    own ``observation_bounds``.)"""
    resample: Resample | None = attrs.field(default=None, kw_only=True)
    """A history the seat cannot tell from the real one; None for a game with nothing hidden from
    a seat that a history could change (Army of Frogs: the bag's order only)."""
    knowledge: Knowledge | None = attrs.field(default=None, kw_only=True)
    """The game's own observation and information state, when its numbers and texts are specified
    apart from its JSON view (Fröschis' ``encoding/1``); None: the view's vector and JSON."""
    decision: Callable[[Any, int], Any] | None = attrs.field(default=None, kw_only=True)
    """``(rules, id)``: the decision an id names whatever the state, for a game whose ids are fixed
    (an illegal one is then refused by the engine, naming the clause that forbids it); None: an
    id means only what the legal decisions make it."""
    chance_text: Callable[[Any, int], str] | None = attrs.field(default=None, kw_only=True)
    """``(rules, id)``: a chance step's outcome as text; None: ``chance <id>``."""
    resample_state: ResampleState | None = attrs.field(default=None, kw_only=True)
    """A state the seat cannot tell from the real one, drawn without a history (in place of
    ``resample``, for a game whose hidden cards are dealt again rather than replayed)."""
    complete_chance: CompleteChance | None = attrs.field(default=None, kw_only=True)
    """``(state, partial, rng)``: a random whole outcome of the chance node whose steps ``partial``
    are taken, as likely as the steps would make it (a rollout finishes a deal under way at once);
    None: the remaining steps drawn one by one from :attr:`chance_step`."""
    default_players: int | None = attrs.field(default=None, kw_only=True)
    """The player count a wrapper plays without being told (None: the fewest the game allows)."""
    utility: tuple[float, float] = attrs.field(default=(0.0, 1.0), kw_only=True)
    """The least and the greatest return a seat can get (OpenSpiel's utility bounds)."""
    max_steps: int = attrs.field(default=20_000, kw_only=True)
    """The wrappers' default bound on a game's actions, chance steps included (OpenSpiel's
    ``max_game_length``, the environments' ``max_steps``): a game whose rules have no end for
    players who keep undoing each other stops there."""
    long_name: str | None = attrs.field(default=None, kw_only=True)
    """The game's long name in OpenSpiel; None: its title, "the froeschis reference engine"."""


@attrs.frozen
class Knowledge:
    """A game's own observation and information state for the wrappers (OpenSpiel's tensors and
    strings, PettingZoo's observation): what a seat sees now, read from the state through the
    game's own observation, and what it knows, which may hold something of its history (a
    ``memory``, carried from action to action, as Fröschis' "the draw pile was reshuffled this
    round")."""

    observation_blocks: Callable[[Any, int], Blocks]
    """``(rules, players)``: the blocks of the observation vector."""
    observation_tensor: Callable[[Any, int], Sequence[float]]
    """``(state, seat)``: what the seat sees now, as a vector."""
    observation_string: Callable[[Any, int], str]
    """``(state, seat)``: what the seat sees now, as text."""
    information_state_blocks: Callable[[Any, int], Blocks]
    """``(rules, players)``: the blocks of the information state vector."""
    information_state_tensor: Callable[[Any, int, Any], Sequence[float]]
    """``(state, seat, memory)``: what the seat knows, as a vector."""
    information_state_string: Callable[[Any, int, Any], str]
    """``(state, seat, memory)``: what the seat knows, as text (equal exactly when the seat cannot
    tell two histories apart)."""
    memory: Callable[[Any], Any]
    """``(start)``: the memory at a game's start."""
    remember: Callable[[Any, Any, Any, Any], Any]
    """``(memory, before, action, after)``: the memory once a whole action is applied."""
    observation_bounds: Callable[[Any, int], tuple[float, float]] | None = None
    """``(rules, players)``: the least and the greatest entry an observation vector may have (a
    learning library checks observations against them); None: unbounded."""
