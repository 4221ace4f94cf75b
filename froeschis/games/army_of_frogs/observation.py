"""What a seat sees (observe.public): everything but the order of the bag, as JSON.

The function is the table's ``view`` entry; it reads the state by its attributes only (the state's
module builds on the table, so this module cannot import it).
"""

from __future__ import annotations

from typing import Any

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.forms import bag_counts, hands_to_json, island_to_json, position_to_json


@clause("observe.public")
def public_view(state: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state``: the island, every hand, how many stones of each colour the
    bag holds (not their order), whose turn and which part, the counters, the winners, and its own
    legal actions when it is to decide."""
    players = state.num_players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise FormatError("seat", f"no seat {shown(seat)} in a game of {players} players")
    table = state.rules.table
    deciding = state.current_player == seat
    return {
        "seat": seat,
        "colour": table.colour_of(seat, players),
        "players": players,
        "phase": state.phase.value,
        "turn": state.turn,
        "to_play": state.seat,
        "island": island_to_json(state.island),
        "hands": hands_to_json(state.hands),
        "bag": bag_counts(state.bag),
        "passes": state.passes,
        "acted": state.acted,
        "winners": list(state.winners),
        "positions": [position_to_json(p) for p in state.positions],
        "legal": [str(action) for action in state.legal_actions()] if deciding else [],
    }
