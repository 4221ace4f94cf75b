"""How ``froeschis explain`` tells a game's steps beyond its events and their clauses: the step's
action in its heading, what it shows of the state after a step, and how a record ends.

The command is one path for every game (the events in the game's words, each with its clauses and
their source sentences, the parts of a step no event names); what a game says in its own way is its
:class:`Telling` (:attr:`froeschis.framework.game.Game.telling`). A game without one is told by
:func:`froeschis.framework.terminal.plain`: the action as
:attr:`~froeschis.framework.game.Game.action_text` writes it, nothing beside the events, the
finished game as :attr:`~froeschis.framework.game.Game.render` shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs


@attrs.frozen
class Telling:
    """A game's part of ``froeschis explain``."""

    action: Callable[[Any, Any], str]
    """The action of a step, for its heading, from the state it is played in and the action
    (Fröschis: ``deal: shuffle of 60 cards``, where the phase says which shuffle it is)."""
    notes: Callable[[Any], Sequence[str]]
    """Lines shown after a step's events, from the step's
    :class:`~froeschis.framework.provenance.Transition` (Fröschis: every row, once a round is dealt)."""
    over: Callable[[Any], str]
    """The end of a finished game: who won, after how long."""
    standing: Callable[[Any], str]
    """Where an unfinished game stands, in a few words ("round 1, draw"), or ""."""
