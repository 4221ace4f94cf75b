"""froeschis: the canonical, verified rules engine for the card game Fröschis (Amigo; *Make Room*).

Import the engine from here::

    >>> import froeschis
    >>> state, record = froeschis.play_game(players=3, seed=1)
    >>> state.is_terminal, len(state.winners) >= 1
    (True, True)

The names below are Fröschis' (the default game). Every game, this one too, is also reached alike
through :func:`game` (``froeschis.game("frog").start()``), as the tools reach them: see the docs'
page "Import it as an engine".
"""

from froeschis.framework.chance import distinct_orders
from froeschis.framework.errors import FormatError, FroeschisError, IllegalActionError, RulesError, SpecError
from froeschis.framework.registry import game as game
from froeschis.framework.registry import names as game_names
from froeschis.framework.version import __version__ as __version__
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    Action,
    ActionKind,
    AnyAction,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.bots import play_game, random_policy
from froeschis.games.froeschis.cards import FROG, TRASH, Card, Row, Spot, number
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game, step
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import CHANCE, TERMINAL, Phase, Player

__all__ = [
    "CHANCE",
    "DECLINE_SWAP",
    "DRAW",
    "FROG",
    "SWAP",
    "TAKE_DISCARD",
    "TERMINAL",
    "TRASH",
    "Action",
    "ActionKind",
    "AnyAction",
    "Card",
    "Event",
    "EventKind",
    "FormatError",
    "FroeschisError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "Phase",
    "Player",
    "Row",
    "Rules",
    "RulesError",
    "Shuffle",
    "SpecError",
    "Spot",
    "distinct_orders",
    "frog_at",
    "game",
    "game_names",
    "new_game",
    "number",
    "play_game",
    "random_policy",
    "sample_chance",
    "step",
]
