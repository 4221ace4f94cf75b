"""The framework's legality check: an engine must accept exactly the actions it lists as legal; and
its wording of a state a rule rules out."""

from __future__ import annotations

import attrs
import pytest

from froeschis.framework import registry
from froeschis.framework.errors import IllegalActionError
from froeschis.framework.invariants import InvariantError, check_legality, refused
from froeschis.framework.state import Advancing


@attrs.frozen
class Counting:
    """A toy state: ``legal`` listed, ``accepted`` taken (a wrong engine lists fewer than it takes)."""

    legal: tuple[int, ...]
    accepted: tuple[int, ...]
    is_chance: bool = False

    def legal_actions(self) -> tuple[int, ...]:
        return self.legal

    def apply(self, action: int) -> Counting:
        if action not in self.accepted:
            raise IllegalActionError(action, "toy", "toy.clause", "not accepted")
        return self


def test_an_engine_that_accepts_exactly_its_legal_actions_passes() -> None:
    check_legality(Counting((1, 2), (1, 2)), range(5))


def test_an_accepted_action_that_is_not_listed_is_an_invariant_error() -> None:
    with pytest.raises(InvariantError, match=r"3 was accepted but is not among the legal actions \[1, 2\]"):
        check_legality(Counting((1, 2), (1, 2, 3)), range(5))
    check_legality(Counting((1, 2), (1, 2, 3), is_chance=True), range(5), lambda state, _: state.is_chance)


def test_a_listed_action_the_engine_refuses_is_not_hidden() -> None:
    with pytest.raises(IllegalActionError):
        check_legality(Counting((1, 2), (1,)), range(5))


@pytest.mark.parametrize("name", registry.names())
def test_a_state_a_rule_rules_out_names_the_field_and_the_clause_of_its_own_table(name: str) -> None:
    game = registry.game(name)
    state = game.new_game(game.players[0], game.rules())
    assert isinstance(state, Advancing)
    table = state.rules.table
    slot = table.slots()[0]
    error = refused(state, "turn", "turn 7 is not seat 2's", slot)
    assert (error.field, error.reason) == ("turn", f"turn 7 is not seat 2's [{table.clause_of(slot)}]")
    assert str(error) == f"turn: turn 7 is not seat 2's [{table.clause_of(slot)}]"
