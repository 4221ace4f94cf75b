"""The hypotheses counterfactual blame tries: the catalogue's misreadings, then generic perturbations.

Each says how an engine might read the rules, as a way of playing them (:data:`Playing`): the
reference plays the engine's games by it (:mod:`froeschis.conformance.replay`), and the one that
plays as the engine did names the cause (:mod:`froeschis.conformance.causes`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.conformance.perturb import Perturbation, all_perturbations
from froeschis.conformance.referee import Referee
from froeschis.conformance.replay import Playing
from froeschis.framework.catalogue import Misreading


@attrs.frozen
class Hypothesis:
    """One way an engine might read the rules."""

    id: str
    description: str
    play: Playing = attrs.field(eq=False, repr=False)
    misreading: Misreading | None = None
    """The catalogue's misreading, when the hypothesis is one."""
    perturbation: Perturbation | None = None
    """The generic perturbation, when the hypothesis is one."""
    touches: frozenset[str] = frozenset()
    """The clauses whose entries it replaces in the published table: where its effect shows (a
    misreading of one clause may show in a decision another clause takes)."""

    def clause_in(self, rules: Any) -> str:
        """The clause the hypothesis reads otherwise, in a game played by ``rules`` (a perturbation
        changes the entry of its slot, whose clause a variant may have replaced)."""
        if self.misreading is not None:
            return self.misreading.clause
        assert self.perturbation is not None
        return str(rules.table.clause_of(self.perturbation.slot))


class _Perturbed:
    """A perturbation as a way of playing: each game's rules with the slot's entry perturbed (made
    once per rules value: the games of a check share a few)."""

    def __init__(self, perturbation: Perturbation) -> None:
        self.perturbation = perturbation
        self.made: dict[Any, Any] = {}

    def __call__(self, rules: Any) -> Any:
        made = self.made.get(rules)
        if made is None:
            reading = self.perturbation.reading(rules.table)
            made = self.made[rules] = attrs.evolve(rules, readings=(*rules.readings, reading))
        return made


def catalogued(referee: Referee, misreadings: Sequence[Misreading] | None = None) -> tuple[Hypothesis, ...]:
    """The game's misreadings as hypotheses (default: every one of its catalogue that it can play)."""
    kit = referee.kit
    implemented = kit.misreadings()
    if misreadings is None:
        misreadings = [m for m in referee.catalogue.misreadings() if m.id in implemented]
    published = referee.game.table(referee.game.rules())

    def playing(m: Misreading) -> Playing:
        readings = implemented[m.id]
        return lambda rules: kit.hypothetical_rules(rules, readings)

    def touched(m: Misreading) -> frozenset[str]:
        return frozenset({m.clause, *(published.clause_of(r.slot) for r in implemented[m.id])})

    return tuple(
        Hypothesis(m.id, m.description, playing(m), misreading=m, touches=touched(m)) for m in misreadings
    )


def perturbed(referee: Referee) -> tuple[Hypothesis, ...]:
    """Every generic perturbation of the game's published table's slots, as hypotheses (made once
    per game: each caches the rules it plays)."""
    return _perturbed(referee.game.name, referee)


@functools.cache
def _perturbed(name: str, referee: Referee) -> tuple[Hypothesis, ...]:
    published = referee.game.table(referee.game.rules())
    return tuple(
        Hypothesis(
            p.id,
            p.describe(published),
            _Perturbed(p),
            perturbation=p,
            touches=frozenset({published.clause_of(p.slot)}),
        )
        for p in all_perturbations(published, referee.kit.mutators)
    )
