"""The part of a game's state that is the same in every game (:class:`Advancing`).

Every game's state is a frozen attrs class of its own fields (:mod:`froeschis.framework.game`'s
``State`` protocol is what the tools see of it); what follows from those fields the same way in
every game is written here once.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar, cast

from froeschis.framework.errors import IllegalActionError
from froeschis.framework.provenance import Recorder, Transition

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")

CHANCE = -1
""":attr:`Advancing.current_player` at a chance node (OpenSpiel's value)."""
TERMINAL = -4
""":attr:`Advancing.current_player` once the game is over (OpenSpiel's value)."""


class Advancing(Generic[S, A, E]):
    """What every game's state class does alike: :attr:`current_player` follows from
    :attr:`is_terminal` and :attr:`is_chance`; :meth:`apply`, :meth:`step` and :meth:`transition`
    are one walk of the engine (:meth:`_advance`), without a recorder or with one.

    A game's frozen state class derives from it, names its recorder (:attr:`recorder`), says when
    chance acts and when the game is over, whose turn it is, and gives the one method
    :meth:`_advance`; these then cannot drift apart between the games (they were once written out
    in each engine). Nothing here is a rule: the clauses are in the game's table, which
    ``_advance`` walks.
    """

    __slots__ = ()

    recorder: ClassVar[type[Recorder[Any]]]
    """The game's :class:`Recorder` subclass, made with the state's clause table."""
    rules: Any
    """The state's rules (every game's state has them; ``rules.table`` is what the engine walks)."""

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next (the game's chance phases)."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over: no action is legal any more."""
        raise NotImplementedError

    @property
    def deciding_seat(self) -> int:
        """The seat whose decision the state waits for when it waits for one (the game's field
        that says whose turn it is)."""
        raise NotImplementedError

    @property
    def current_player(self) -> int:
        """The seat to decide, or :data:`CHANCE`, or :data:`TERMINAL`: derived from :attr:`is_terminal` and
        :attr:`is_chance`, so that the three cannot disagree in any game."""
        if self.is_terminal:
            return TERMINAL
        if self.is_chance:
            return CHANCE
        return self.deciding_seat

    @staticmethod
    def parse_action(text: str) -> Any:
        """The game's reader of an action's text (``"no-move"``, ``"add 1 0,0"``: what ``str`` of
        an action writes), a :class:`~froeschis.framework.errors.FormatError` for text that is no
        action: :meth:`apply`, :meth:`step` and :meth:`transition` take an action's text too."""
        raise NotImplementedError

    def _advance(self, action: A, recorder: Any) -> S:
        """The state after ``action``, reporting its parts to ``recorder`` if one is given; raises
        :class:`~froeschis.framework.errors.IllegalActionError` for an action the rules forbid."""
        raise NotImplementedError

    def apply(self, action: A | str) -> S:
        """The state after ``action`` (no provenance is recorded: the fast path of every walk);
        :class:`~froeschis.framework.errors.IllegalActionError`, naming the clause, for an action
        the rules do not allow here. ``action`` may be its text (``state.apply("no-move")``)."""
        try:
            return self._advance(cast(A, action), None)
        except IllegalActionError:  # free until raised: the actions of a walk pay nothing for text
            if not isinstance(action, str):
                raise
        return self._advance(self._parsed(action), None)

    def step(self, action: A | str) -> tuple[S, tuple[E, ...]]:
        """Like :meth:`apply`, also returning the events the action caused."""
        action = self._parsed(action) if isinstance(action, str) else action
        recorder = self.recorder(self.rules.table)
        return self._advance(action, recorder), tuple(recorder.events)

    def transition(self, action: A | str) -> Transition[S, A, E]:
        """The step with its whole provenance: every part, the clauses that decided it, its writes."""
        action = self._parsed(action) if isinstance(action, str) else action
        recorder = self.recorder(self.rules.table)
        after = self._advance(action, recorder)
        return Transition(cast(S, self), action, after, tuple(recorder.events), tuple(recorder.fired))

    def _parsed(self, text: str) -> A:
        """The action ``text`` writes, by the game's reader (a FormatError for text that is none)."""
        return cast(A, type(self).parse_action(text))
