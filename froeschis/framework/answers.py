"""How a person plays a game at a terminal (``froeschis play``): what their seat sees, the question
each decision asks, how a typed answer is read, and the events and the end in words.

The command is one loop for every game; what differs is a game's :class:`Person`
(:attr:`froeschis.framework.game.Game.person`). A game without one is played by
:func:`froeschis.framework.terminal.numbered`:
its seat's view (:attr:`~froeschis.framework.game.Game.seat_view`), the legal actions numbered
1, 2, ... and an answer read as a choice's number or the action's text. A game whose actions have
names a person knows better than a number (Fröschis: a frog's spot, ``d`` to draw) brings its own
keys: a :class:`Question` lists each choice with the key that answers it, and its
:attr:`Person.answer` reads the answer, refusing with a message what it cannot play.

The command itself answers ``first`` (the first choice listed: for scripts) and ``q`` (give up),
and skips empty lines, for every game alike; every other answer is the game's to read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

Styled = tuple[str, str]
"""A line for the terminal and its style (``"bold"``, ``"dim"``, ``""`` for plain): a game says how
its lines look without importing the terminal library."""


@attrs.frozen
class Choice:
    """One legal action as a question lists it: the key that answers it and the line after the key."""

    key: str
    action: Any
    text: str


@attrs.frozen
class Question:
    """What a decision asks a person: a heading, the choices with their keys (in the order of
    ``state.legal_actions()``), and what an answer may be, said in a refusal."""

    heading: str
    choices: tuple[Choice, ...]
    accepted: str
    """``answer with a number from 1 to 3, or q to give up``: ends every refusal of an answer."""


Reading = tuple[Any | None, str]
"""What an answer names: the action, or None and why it is refused (a message for the person)."""


@attrs.frozen
class Person:
    """A game's part of ``froeschis play``: everything the command shows and reads that is the game's own."""

    question: Callable[[Any, int], Question]
    """The question a decision of ``seat`` in ``state`` asks."""
    answer: Callable[[str, Any, Question], Reading]
    """What a typed answer to the question names in ``state``: refused answers say why, the rules'
    refusals with their clause (the engine is the referee)."""
    view: Callable[[Any, int, Sequence[str]], Sequence[Styled]]
    """What ``seat`` may see of ``state``, as lines; the names are the seats' (``"you"``, bots' names)."""
    event: Callable[[Any, int, Sequence[str]], Styled | None]
    """An event as the person at ``seat`` is told it (None: not told)."""
    over: Callable[[Any, int], str]
    """The end of the game for the person at ``seat``: who won, and whether they did."""
    how: str
    """How to answer, in a sentence or two, for the greeting."""
    description: str
    """The command's description (``play --help``) for this game."""
    opponent: str
    """The bot the other seats get unless ``--bots`` names one."""
