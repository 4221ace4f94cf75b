"""The reference engine of one game as the conformance kit uses it: its JSON forms, its clauses'
account of what is legal, the game's part of the kit (:class:`~froeschis.framework.checks.Conformance`).

The kit is written once for every game; a :class:`Referee` is all it knows of the game it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.framework.catalogue import Catalogue
from froeschis.framework.checks import JSON, Conformance
from froeschis.framework.errors import FormatError, IllegalActionError
from froeschis.framework.game import Game
from froeschis.framework.registry import game as registered


@attrs.frozen(eq=False)
class Referee:
    """A game and its part of the conformance kit (compared and hashed by identity: a game's parts are
    functions and tables)."""

    game: Game
    kit: Conformance

    @classmethod
    def of(cls, name: str | Game | None = None) -> Referee:
        """The referee of a game (by name, or the game itself; the default game without one)."""
        found = name if isinstance(name, Game) else registered() if name is None else registered(name)
        return cls(found, found.part(found.conformance, "conformance kit"))

    @property
    def catalogue(self) -> Catalogue:
        return self.game.catalogue()

    def state_json(self, state: Any) -> dict[str, JSON]:
        data: dict[str, JSON] = self.game.state_to_json(state)
        return data

    def legal_json(self, state: Any) -> list[JSON]:
        """The legal actions in their JSON form, in the reference's order."""
        return [self.game.action_to_json(a) for a in state.legal_actions()]

    def refusal_clause(self, state: Any, action: JSON) -> str | None:
        """The clause under which the reference refuses ``action`` in ``state`` (None: it is legal)."""
        try:
            state.apply(self.game.action_from_json(action))
        except IllegalActionError as error:
            return error.clause
        except FormatError:
            return self.kit.phase_clause(state)
        return None

    def allowing(self, state: Any, action: JSON) -> tuple[str, ...]:
        """The clauses under which the reference allows ``action`` in ``state``."""
        try:
            return self.kit.allowing_clauses(state, self.game.action_from_json(action))
        except FormatError:
            return (self.kit.phase_clause(state),)

    def known_clauses(self, ids: object) -> tuple[str, ...]:
        """Those of ``ids`` (an engine's event's clauses, as it sent them) that the catalogue has."""
        known = set(self.catalogue.ids())
        return tuple(i for i in ids if isinstance(i, str) and i in known) if isinstance(ids, list) else ()

    def same(self, a: Any, b: Any) -> bool:
        """The same game position and choices (the rules values may differ by a reading)."""
        if self.kit.same_position is not None:
            return self.kit.same_position(a, b)
        forms = [{k: v for k, v in self.state_json(s).items() if k != "rules"} for s in (a, b)]
        return forms[0] == forms[1] and a.legal_actions() == b.legal_actions()

    def actions_json(self, actions: Sequence[Any]) -> list[JSON]:
        return [self.game.action_to_json(a) for a in actions]
