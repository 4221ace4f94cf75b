"""What the generic wrappers (:mod:`froeschis.interop.openspiel`, :mod:`froeschis.interop.pettingzoo`,
:mod:`froeschis.interop.gymnasium`) show a seat: the game's own
:class:`~froeschis.framework.encoding.Knowledge` when its encoding has one, else one made from its
JSON view (``Game.observe``); and how many seats they play unless told.

Made from the view, the observation is the encoding's vector of the view and the view as JSON; the
information state string is every distinct view the seat has had, in order (perfect recall by
construction: the memory), its tensor the current view's (Frog's view holds the deal's tricks and
calls).
"""

from __future__ import annotations

import json
from typing import Any

from froeschis.framework.encoding import Knowledge
from froeschis.framework.errors import possessive
from froeschis.framework.game import Game, MissingPartError


def default_players(game: Game) -> int:
    """The player count a wrapper plays ``game`` with unless told: its encoding's, or the fewest
    the game allows."""
    encoding = game.part(game.encoding, "encoding")
    return encoding.default_players or min(game.players)


def knowledge(game: Game) -> Knowledge:
    """What the wrappers show a seat of ``game`` (see the module's description)."""
    encoding = game.part(game.encoding, "encoding")
    if encoding.knowledge is not None:
        found: Knowledge = encoding.knowledge
        return found
    tensor_of, size_of = encoding.observation_tensor, encoding.observation_size
    if tensor_of is None or size_of is None:
        raise MissingPartError(
            f"{possessive(game.title)} encoding has no knowledge and no observation tensor"
        )

    def text(state: Any, seat: int) -> str:
        return json.dumps(game.observe(state, seat), sort_keys=True)

    def tensor(state: Any, seat: int) -> list[float]:
        values: list[float] = tensor_of(game.observe(state, seat))
        return values

    def blocks(rules: Any, players: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return (("observation", (int(size_of(rules, players)),)),)

    def seen(state: Any) -> tuple[tuple[str, ...], ...]:
        return tuple((text(state, seat),) for seat in range(state.num_players))

    def remember(memory: tuple[tuple[str, ...], ...], before: Any, action: Any, after: Any) -> Any:
        now = (text(after, seat) for seat in range(after.num_players))
        return tuple(
            views if views[-1] == view else (*views, view) for views, view in zip(memory, now, strict=True)
        )

    return Knowledge(
        observation_blocks=blocks,
        observation_tensor=tensor,
        observation_string=text,
        information_state_blocks=blocks,
        information_state_tensor=lambda state, seat, memory: tensor(state, seat),
        information_state_string=lambda state, seat, memory: "\n".join(memory[seat]),
        memory=seen,
        remember=remember,
        observation_bounds=encoding.observation_bounds,
    )
