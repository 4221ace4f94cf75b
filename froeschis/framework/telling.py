"""How ``froeschis explain`` tells a game's steps beyond its events and their clauses: the step's
action in its heading, what it shows of the state after a step, and how a record ends; and how a
state is drawn at a terminal (:data:`Drawn`, a game's :attr:`~froeschis.framework.game.Game.board`).

The command is one path for every game (the events in the game's words, each with its clauses and
their source sentences, the parts of a step no event names); what a game says in its own way is its
:class:`Telling` (:attr:`froeschis.framework.game.Game.telling`). A game without one is told by
:func:`froeschis.framework.terminal.plain`: the action as
:attr:`~froeschis.framework.game.Game.action_text` writes it, nothing beside the events, the
finished game as :attr:`~froeschis.framework.game.Game.render` shows it.

A drawn state is lines of pieces, each with its style, so that a game says how its table looks
(every seat's pieces in that seat's colour, :func:`seat_style`) without importing the terminal
library: the command prints the styles on a terminal and only the text to a pipe or a file (or
under ``NO_COLOR``), so what a game draws must read in plain text too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

Span = tuple[str, str]
"""A piece of a drawn line and its style (``"bold"``, ``"dim"``, :func:`seat_style`'s, ``""``)."""
Drawn = tuple[Span, ...]
"""One line of a drawn state: its text is its pieces' texts joined."""

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
"""The colour of seat 0, 1, 2, 3 at a terminal, every game alike (red, blue, green, yellow: the
colours of Army of Frogs' stones in its pictures)."""


def seat_style(seat: int) -> str:
    """The style of ``seat``'s pieces (a seat beyond the palette's is bold, uncoloured)."""
    return SEAT_STYLES[seat] if 0 <= seat < len(SEAT_STYLES) else "bold"


def plain_lines(text: str, style: str = "") -> tuple[Drawn, ...]:
    """``text`` as drawn lines, each one piece in ``style``: a game's text drawn as it is."""
    return tuple(((line, style),) for line in text.splitlines())


def drawn_text(line: Drawn) -> str:
    """The text of a drawn line, without its styles (what a pipe gets)."""
    return "".join(text for text, _ in line)


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
