"""Fault localisation and generic perturbations: the fallback that names a cause when no known
misreading explains an engine's games (froeschis.conformance.localise, .perturb, .causes).

The scores are worked out by hand from Ochiai's measure; the perturbations are checked on
hand-built situations whose outcome follows from what each one says it does.
"""

from __future__ import annotations

import math

import attrs
import pytest

from froeschis.conformance.hypotheses import perturbed
from froeschis.conformance.localise import WEIGHTS, Account, account_of, rank
from froeschis.conformance.perturb import all_perturbations
from froeschis.conformance.referee import Referee
from froeschis.games.froeschis.cards import FROG, TRASH, Row, number, spot
from froeschis.games.froeschis.provenance import Fired
from froeschis.games.froeschis.readings import PUBLISHED
from froeschis.games.froeschis.rules import Rules

EMPTY: frozenset[str] = frozenset()


def _account(main: set[str] = set(), at: set[str] = set(), before: set[str] = set()) -> Account:  # noqa: B006
    return Account(frozenset(main), EMPTY, EMPTY, frozenset(at), frozenset(before))


def test_ochiai_over_weighted_evidence_as_worked_out_by_hand() -> None:
    """Two failing games: A wrote the differing field in both, B was at work at the diverging step in
    both; of three games played right, A was at work in all three and B in none."""
    accounts = [_account(main={"A"}, at={"A", "B"}), _account(main={"A"}, at={"A", "B"})]
    passing = [frozenset({"A"})] * 3
    ranked = {s.clause: s for s in rank(accounts, passing)}
    # A: weighted failing 2 x 1.0, passing 3: 2 / sqrt(2 x (2 + 3))
    assert ranked["A"].score == pytest.approx(2 / math.sqrt(2 * 5))
    # B: weighted failing 2 x 0.5 (at work, wrote nothing), passing 0: 1 / sqrt(2 x 1)
    assert ranked["B"].score == pytest.approx(WEIGHTS["at"] * 2 / math.sqrt(2 * WEIGHTS["at"] * 2))
    assert [s.clause for s in rank(accounts, passing)] == ["B", "A"]  # 0.707 > 0.632
    assert (ranked["A"].failing, ranked["A"].wrote, ranked["A"].passing) == (2, 2, 3)


def test_a_clause_at_work_in_every_game_played_right_is_less_suspicious() -> None:
    accounts = [_account(at={"turn", "rare"}), _account(at={"turn", "rare"})]
    passing = [frozenset({"turn"})] * 10
    assert rank(accounts, passing)[0].clause == "rare"


def test_ties_go_to_the_clause_that_wrote_more_differing_fields() -> None:
    accounts = [Account(frozenset({"W"}), EMPTY, EMPTY, frozenset({"X"}), EMPTY)]
    tied = rank(accounts, [])
    assert tied[0].clause == "W"


def test_the_account_blames_the_part_that_names_a_field_most_closely_and_last() -> None:
    """A round's end writes all of ``players``; the next part writes ``players[1].length``: a
    differing length is blamed on the second, the part that names it. Of two parts that wrote the
    card in hand, the last is blamed: the reference ended the step with its value."""
    diverging = (
        Fired(("round.final-turns", "complete.no-face-down"), ("phase", "players")),
        Fired(("round.next-lengths",), ("players[0].length", "players[1].length")),
    )
    account = account_of((), diverging, ["players[1].length"])
    assert account.main == {"round.next-lengths"}
    assert account.at == {"round.final-turns", "complete.no-face-down", "round.next-lengths"}
    twice = (Fired(("a", "b"), ("hand",)), Fired(("c", "d"), ("hand",)), Fired(("e",), ("turn",)))
    last = account_of((), twice, ["hand", "turn"])
    assert last.main == {"c"} and last.wrote == {"d", "e"}


def test_a_field_the_step_kept_is_blamed_on_the_clause_that_wrote_it_last_before() -> None:
    history = [(Fired(("x",), ("first_completer",)),), (Fired(("y",), ("turn",)),)]
    account = account_of(history, (Fired(("z",), ("hand",)),), ["first_completer"])
    assert account.kept == {"x"} and not account.main
    assert account.before == {"x", "y"}


# --------------------------------------------------------------------------- perturbations


def _perturbation(identifier: str) -> Rules:
    (hypothesis,) = [h for h in perturbed(Referee.of()) if h.id == identifier]
    played = hypothesis.play(Rules())
    assert isinstance(played, Rules)
    return played


@pytest.mark.clause("dead.above-row-length")
def test_a_row_one_spot_shorter_makes_a_number_equal_to_the_row_length_dead() -> None:
    row = Row(tuple(spot(c, False) for c in (number(1), TRASH, TRASH)))
    table = _perturbation("has_no_spot:row-one-spot-shorter").table
    assert PUBLISHED.has_no_spot(number(3), row) is False
    assert table.has_no_spot(number(3), row) is True
    assert table.has_no_spot(number(2), row) is False
    assert table.clause_of("has_no_spot") == "dead.above-row-length"


@pytest.mark.clause("frog.swap")
def test_a_negated_predicate_answers_the_other_way() -> None:
    table = _perturbation("can_swap_frog:negated").table
    assert table.can_swap_frog(spot(FROG, True)) is False
    assert table.can_swap_frog(spot(number(3), False)) is True


@pytest.mark.clause("round.next-lengths")
def test_a_skipped_step_keeps_its_input() -> None:
    table = _perturbation("next_lengths:skipped").table
    assert PUBLISHED.next_lengths((3, 2), (0,)) == (2, 2)
    assert table.next_lengths((3, 2), (0,)) == (3, 2)


@pytest.mark.clause("variant.discard-if-placeable")
def test_a_perturbation_changes_the_entry_a_variant_put_in_its_slot() -> None:
    """Under the variant, the slot holds the variant's function: the perturbation negates that one
    and is marked with the variant's clause."""
    (hypothesis,) = [h for h in perturbed(Referee.of()) if h.id == "discard_fits:negated"]
    rules = Rules(discard_only_if_placeable=True)
    row = Row((spot(number(1), False), spot(number(2), False)))
    played = hypothesis.play(rules).table
    assert rules.table.discard_fits((number(2),), row) is True
    assert played.discard_fits((number(2),), row) is False
    assert played.clause_of("discard_fits") == hypothesis.clause_in(rules) == "variant.discard-if-placeable"
    assert hypothesis.clause_in(Rules()) == "turn.draw-source"


def test_every_slot_with_a_value_to_change_has_perturbations_and_their_ids_are_unique() -> None:
    found = all_perturbations(PUBLISHED, Referee.of().kit.mutators)
    ids = [p.id for p in found]
    assert len(ids) == len(set(ids))
    slots = {p.slot for p in found}
    assert {"has_no_spot", "round_is_over", "next_seat", "next_lengths", "winners", "take_top"} <= slots
    assert attrs.fields(type(PUBLISHED))  # the slots are read from the table's own fields
