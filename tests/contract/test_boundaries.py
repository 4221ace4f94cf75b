"""Every number of every registered game's catalogue is decided (issue 30: "Boundaries are not
exercised"): each is a boundary the conformance kit plays a game on each side of, or waived with a
reason; and each declared boundary's games reach the values it promises, re-measured by replaying
them on the reference, and are among the games a quick check plays. These check the kit's
scenarios, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from froeschis.framework.boundaries import Boundary, Waiver, statement_numbers, undecided
from froeschis.framework.boundary_search import boundary_scenarios, search
from froeschis.framework.checks import Conformance, Scenario
from froeschis.framework.game import Game
from froeschis.framework.registry import game, names


def kit(name: str) -> Conformance:
    return game(name).part(game(name).conformance, "conformance kit")


def declared() -> list[tuple[str, Boundary]]:
    return [(name, boundary) for name in names() for boundary in kit(name).boundaries]


def test_statement_numbers_reads_digits_and_number_words() -> None:
    assert statement_numbers("with 61 or more; seven linked, a string of three, (-1, 0), 10n") == (
        0,
        1,
        3,
        7,
        10,
        61,
    )
    assert statement_numbers("one island, no one, the eleventh trick") == ()


@pytest.mark.parametrize("name", names())
def test_every_number_of_the_catalogue_is_a_boundary_or_waived(name: str) -> None:
    of = game(name)
    assert undecided(of.catalogue(), kit(name).boundaries, kit(name).waivers) == []


@pytest.mark.parametrize("name", names())
def test_a_new_number_in_a_statement_is_undecided_until_someone_decides(name: str) -> None:
    """A number added to a statement fails the check above; so does a waiver of one it does not write."""
    of = game(name)
    catalogue = of.catalogue()
    first = next(c for c in catalogue.in_force() if c.id not in {b.clause for b in kit(name).boundaries})
    grown = attrs.evolve(first, statement=first.statement + " At 997 it ends.")
    changed = attrs.evolve(catalogue, clauses=tuple(grown if c is first else c for c in catalogue.clauses))
    assert undecided(changed, kit(name).boundaries, kit(name).waivers) == [
        f"{first.id}: 997 is neither a boundary nor waived"
    ]
    stale = (*kit(name).waivers, Waiver(first.id, (998,), "a number the statement lost"))
    assert undecided(catalogue, kit(name).boundaries, stale) == [
        f"{first.id}: 998 is declared, but the statement does not write it"
    ]


def _replayed_measure(of: Game, boundary: Boundary, scenario: Scenario) -> Any:
    """The boundary's measure at the scenario's last step, the game replayed on the reference from
    its setup (not the search's bookkeeping)."""
    state = of.new_game(scenario.players, scenario.rules)
    for action in scenario.actions[:-1]:
        state = state.apply(action)
    return boundary.measure(state, state.apply(scenario.actions[-1]))


@pytest.mark.parametrize(("name", "boundary"), declared(), ids=lambda v: getattr(v, "clause", v))
def test_each_boundary_has_a_game_on_each_side_of_its_number(name: str, boundary: Boundary) -> None:
    of, plays = game(name), kit(name).boundary_plays
    assert plays is not None
    games = search(plays, boundary, 700)
    assert [_replayed_measure(of, boundary, scenario) for scenario in games] == list(boundary.values())
    assert len(games) >= 2 or boundary.one_sided


@pytest.mark.parametrize("name", names())
def test_the_quick_check_plays_every_boundary_game(name: str) -> None:
    """Each boundary's game for each value is played by a quick check (itself, or a longer game it
    begins), ahead of the bots' games."""
    conformance = kit(name)
    assert conformance.boundary_plays is not None
    made, _ = conformance.scenarios(None, 0, 0, True)
    played = [scenario for scenario in made if scenario.source == "boundary"]
    assert played == list(boundary_scenarios(conformance.boundary_plays, conformance.boundaries, 0))
    for boundary in conformance.boundaries:
        for scenario in search(conformance.boundary_plays, boundary, 700):
            n = len(scenario.actions)
            assert any(
                (other.players, other.rules, other.actions[:n])
                == (scenario.players, scenario.rules, scenario.actions)
                for other in played
            ), scenario.name
