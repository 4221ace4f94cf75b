"""The games froeschis knows: every :class:`~froeschis.framework.game.Game` registered under the
entry-point group ``froeschis.games``.

A game registers itself in its distribution's metadata (``[project.entry-points."froeschis.games"]``
in ``pyproject.toml``: ``frog = "froeschis.games.frog.game:GAME"``); the tools find it here by name and
never import a game's modules themselves. A third game, in this package or in another one, needs no
change to the framework or the tools.
"""

from __future__ import annotations

import difflib
import functools
from importlib.metadata import entry_points

from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game

GROUP = "froeschis.games"
DEFAULT = "froeschis"
"""The game every command plays without ``--game``: Fröschis, the game froeschis began with."""


class UnknownGameError(FroeschisError, LookupError):
    """A game name no installed distribution registers, or one whose registered game cannot be
    loaded."""


@functools.cache
def names() -> tuple[str, ...]:
    """The registered games' names, the default game first, then in alphabetical order."""
    found = sorted(point.name for point in entry_points(group=GROUP))
    return tuple(sorted(found, key=lambda name: name != DEFAULT))


@functools.cache
def game(name: str = DEFAULT) -> Game:
    """The registered game ``name``; :class:`UnknownGameError` (with the names it may have meant)
    for one no installed distribution registers."""
    points = [point for point in entry_points(group=GROUP) if point.name == name]
    if not points:
        close = difflib.get_close_matches(name, names(), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(names()) or "none (is froeschis installed? pip install -e .)"
        raise UnknownGameError(f"no game {name!r} is registered{hint} (games: {known})")
    try:
        loaded = points[0].load()
    except (ImportError, AttributeError) as error:
        raise UnknownGameError(f"the game {name!r} is registered but cannot be loaded: {error}") from None
    if not isinstance(loaded, Game) or loaded.name != name:
        raise UnknownGameError(f"the entry point {name!r} of {GROUP!r} is not the Game {name!r}")
    return loaded


def split_reference(reference: str) -> tuple[str, str]:
    """A clause reference as (game, clause ID): ``frog:deal.hand-size`` is Frog's clause
    ``deal.hand-size``; an unqualified ID is the default game's (``turn.order``: Fröschis')."""
    game_name, colon, clause_id = reference.partition(":")
    return (game_name, clause_id) if colon else (DEFAULT, reference)
