"""Counterfactual blame: which misreading of which clause makes the reference play as the engine did.

An engine's games are evidence. Up to its first divergence in a game it played as the reference
does (the checker compared every step), and at the divergence it did something else. For every known
misreading (:mod:`froeschis.conformance.misreadings`, described in ``spec/clauses.toml``) the
reference replays the same games by that reading: a misreading that reproduces a game up to and
including its divergence *explains* that game; one that plays differently from the reference in a
game the engine played right is *contradicted* by it. The misreading that explains most games and is
contradicted by none is a cause (confidence :data:`EXPLAINED`), and the games it explains are one
root cause; failing that, one that explains most of them but not everywhere is the *nearest* cause
(:data:`NEAREST`: the engine reads the clause so in some situations only). The search repeats on
the games left. What no misreading explains is left to the reference's own account of each diverging
step (:mod:`froeschis.conformance.attribution`), with a lower confidence (:data:`PROVENANCE`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from froeschis.conformance.compare import diff_states, split_conventions
from froeschis.conformance.misreadings import IMPLEMENTED, hypothetical_rules
from froeschis.conformance.protocol import JSON
from froeschis.conformance.runner import Evidence
from froeschis.core.actions import AnyAction
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.core.rules import Rules
from froeschis.core.table import Reading
from froeschis.io.serialize import action_from_json, state_to_json
from froeschis.spec import Misreading, load_catalogue

EXPLAINED, NEAREST, PROVENANCE, PROTOCOL = "explained", "nearest", "provenance", "protocol"
"""How sure a cause is: a misreading reproduced the engine's games and no game it played right
contradicts it; or a misreading reproduced most of them but some game played right contradicts it
(the engine reads the clause so in some situations only); or only the reference's own account of
the diverging step (which fields its clauses wrote) points at a clause; or no clause is involved
(the engine broke the protocol: it did not start, crashed, or answered out of form)."""

UNDECIDED = (FroeschisError, ValueError, IndexError, KeyError, TypeError, RecursionError)
"""What a misreading's functions may raise where the reading leaves a situation undecided."""


@attrs.frozen
class Explanation:
    """How well one misreading accounts for the evidence."""

    misreading: Misreading
    games: tuple[int, ...]
    """The diverging games (their indices among the check's games) whose diverging step it
    reproduces from the position where the engine and the reference last agreed."""
    whole: tuple[int, ...]
    """Those of them it reproduces from the start: every step, the divergence included."""
    steps: int
    """The actions of the ``whole`` games, divergences included."""
    refuted_by: int = 0
    """Games the engine played right that this reading would have played otherwise."""


@attrs.frozen
class Cause:
    """One root cause: the clause, the misreading that explains it (if one does), its games."""

    clause: str | None
    """None for a protocol failure."""
    misreading: Misreading | None
    games: tuple[int, ...]
    """The diverging games it accounts for (indices among the check's games)."""
    steps: int
    """The actions the misreading reproduces in the games it reproduces whole, divergences included."""
    confidence: str
    runners_up: tuple[Explanation, ...] = ()
    refuted_by: int = 0
    """Games the engine played right that the misreading plays otherwise (a nearest cause only)."""
    whole: int = 0
    """How many of its games the misreading reproduces from the start (the rest: their diverging step)."""
    also: tuple[int, ...] = ()
    """Further diverging games no misreading explains, whose diverging step the reference's own
    account says involves the same clause: most likely the same cause, where the reading differs."""

    @property
    def all_games(self) -> tuple[int, ...]:
        return (*self.games, *self.also)


def _same(a: GameState, b: GameState) -> bool:
    """The same game position and choices (the rules objects differ by the reading)."""
    return (
        a.phase is b.phase
        and a.round == b.round
        and a.turn == b.turn
        and a.players == b.players
        and a.draw_pile == b.draw_pile
        and a.discard_pile == b.discard_pile
        and a.hand == b.hand
        and a.first_completer == b.first_completer
        and a.winners == b.winners
        and a.legal_actions() == b.legal_actions()
    )


def _apply(state: GameState, action: AnyAction) -> GameState | str:
    """The state after ``action``, or ``"illegal"`` when the rules refuse it, or ``"failure"`` when
    the reading leaves it (or the next legal actions) undecided: the engine would crash."""
    try:
        return _settled(state.apply(action))
    except IllegalActionError:
        return "illegal"
    except UNDECIDED:
        return "failure"


def _settled(state: GameState) -> GameState | str:
    try:
        state.legal_actions()
    except UNDECIDED:
        return "failure"
    return state


def _apply_probe(state: GameState, probe: JSON) -> GameState | str:
    try:
        return _apply(state, action_from_json(probe))
    except FormatError:
        return "illegal"


def _reply_matches(outcome: GameState | str, reply: object, rules: Rules) -> bool:
    """Whether the engine's reply is what the reading predicts (events aside; conventions aside)."""
    if reply is None:  # the engine crashed, hung or wrote garbage
        return outcome == "failure"
    if not isinstance(reply, dict):
        return False
    kind = reply.get("type")
    if kind == "illegal":
        return outcome == "illegal"
    if kind == "error":
        return outcome == "failure"
    if kind != "state" or isinstance(outcome, str) or not isinstance(reply.get("state"), dict):
        return False
    try:
        as_published = attrs.evolve(outcome, rules=rules)  # the rules as sent: readings have no JSON
        rule_diffs, _ = split_conventions(outcome, diff_states(state_to_json(as_published), reply["state"]))
    except (KeyError, TypeError, AttributeError):
        return False
    legal = reply.get("legal")
    return (
        not rule_diffs and isinstance(legal, list) and set(legal) == {str(a) for a in outcome.legal_actions()}
    )


def _start(players: int, rules: Rules) -> GameState | str:
    try:
        game = new_game(players, rules)
    except FroeschisError:
        return "illegal"
    except UNDECIDED:
        return "failure"
    return _settled(game)


def _explains(outcome: GameState | str, reference: GameState | str, reply: object, rules: Rules) -> bool:
    """Whether a reading's outcome of a step is the engine's reply and not the reference's (a reading
    that plays the step as the reference does explains nothing there, whatever the engine did)."""
    if isinstance(outcome, str) or isinstance(reference, str):
        differs = outcome != reference
    else:
        differs = not _same(outcome, reference)
    return differs and _reply_matches(outcome, reply, rules)


def reproduces(readings: Sequence[Reading], evidence: Evidence) -> int | None:
    """The actions of the game a reading reproduces, up to and including its divergence (all of them
    for a game played right); None when the reading plays the game otherwise than the engine did."""
    trial, divergence = evidence.trial, evidence.divergence
    reference, hypothesis = (
        _start(trial.players, trial.rules),
        _start(trial.players, hypothetical_rules(trial.rules, readings)),
    )
    if isinstance(reference, str) or (divergence is not None and divergence.index is None):
        # the new game itself: the engine refused it as the reference does, or parted there
        if divergence is None:
            return 1 if hypothesis == reference else None
        return 1 if _explains(hypothesis, reference, divergence.reply, trial.rules) else None
    if isinstance(hypothesis, str) or not _same(hypothesis, reference):
        return None
    probes = dict(evidence.probes)
    last = len(trial.actions) if divergence is None else divergence.index
    assert last is not None
    for index in range(last + 1):
        bad = probes.get(index)
        at_divergence = divergence is not None and index == divergence.index
        if bad is not None:
            answer = _apply_probe(hypothesis, bad)
            if at_divergence and divergence is not None and divergence.probe is not None:
                return index + 1 if _explains(answer, "illegal", divergence.reply, trial.rules) else None
            if answer != "illegal":
                return None
        if index == len(trial.actions):
            break
        action = trial.actions[index]
        after = _apply(hypothesis, action)
        if at_divergence and divergence is not None:
            return (
                index + 1
                if _explains(after, reference.apply(action), divergence.reply, trial.rules)
                else None
            )
        reference = reference.apply(action)
        if isinstance(after, str) or not _same(after, reference):
            return None
        hypothesis = after
    return last


def _changes_play(readings: Sequence[Reading], rules: Rules) -> bool:
    changed = hypothetical_rules(rules, readings)
    return changed.table != rules.table or changed.deck != rules.deck


@attrs.frozen
class _Failing:
    """A diverging game, with the reference's position just before its divergence."""

    index: int
    evidence: Evidence
    before: GameState | None
    """None when the engine parted at the new game itself."""


def _prepare(index: int, evidence: Evidence) -> _Failing:
    divergence = evidence.divergence
    assert divergence is not None
    if divergence.index is None:
        return _Failing(index, evidence, None)
    state = new_game(evidence.trial.players, evidence.trial.rules)
    for action in evidence.trial.actions[: divergence.index]:
        state = state.apply(action)
    return _Failing(index, evidence, state)


def reproduces_step(readings: Sequence[Reading], game: _Failing) -> bool:
    """Whether the reading, put in the reference's place where the engine and the reference last
    agreed, answers the diverging step as the engine did (and would have agreed until then: it lists
    the same legal actions there)."""
    trial, divergence = game.evidence.trial, game.evidence.divergence
    assert divergence is not None
    if game.before is None:
        return reproduces(readings, game.evidence) is not None
    rules = hypothetical_rules(trial.rules, readings)
    hypothesis = _settled(attrs.evolve(game.before, rules=rules))
    if isinstance(hypothesis, str) or hypothesis.legal_actions() != game.before.legal_actions():
        return False
    if divergence.probe is not None:
        return _explains(_apply_probe(hypothesis, divergence.probe), "illegal", divergence.reply, trial.rules)
    if divergence.index is None or divergence.index >= len(trial.actions):
        return False
    action = trial.actions[divergence.index]
    after = _apply(hypothesis, action)
    return _explains(after, game.before.apply(action), divergence.reply, trial.rules)


def _explain(
    misreading: Misreading, readings: Sequence[Reading], failing: Sequence[_Failing]
) -> Explanation | None:
    games = [
        g for g in failing if _changes_play(readings, g.evidence.trial.rules) and reproduces_step(readings, g)
    ]
    whole: list[int] = []
    steps = 0
    for game in games:
        found = reproduces(readings, game.evidence)
        if found is not None:
            whole.append(game.index)
            steps += found
    return Explanation(misreading, tuple(g.index for g in games), tuple(whole), steps) if games else None


def _refutations(readings: Sequence[Reading], passing: Sequence[Evidence]) -> int:
    return sum(
        1
        for evidence in passing
        if _changes_play(readings, evidence.trial.rules) and reproduces(readings, evidence) is None
    )


def _best(found: Sequence[Explanation], failing: int) -> tuple[Explanation | None, str]:
    """The explanation to name: the one that reproduces some games whole, is contradicted by no game
    played right and accounts for the most diverging steps; else the nearest one, which accounts for
    at least half of the failing games and for more games than contradict it (the engine reads the
    clause so in some situations, not in all)."""
    consistent = [x for x in found if x.refuted_by == 0 and x.whole]
    if consistent:
        return max(consistent, key=lambda x: (len(x.games), len(x.whole), x.steps)), EXPLAINED
    nearest = max(found, key=lambda x: (len(x.games), -x.refuted_by, len(x.whole)), default=None)
    if nearest is not None and 2 * len(nearest.games) >= failing and len(nearest.games) > nearest.refuted_by:
        return nearest, NEAREST
    return None, ""


def blame(
    games: Sequence[Evidence],
    provenance: Callable[[int], Sequence[str]],
    misreadings: Sequence[Misreading] | None = None,
) -> tuple[Cause, ...]:
    """The root causes of the diverging ``games``, most games first.

    ``provenance(i)`` is what the reference's own account names for diverging game ``i``: the main
    clauses of its finding, then the related ones (empty for a protocol failure). A game no
    misreading explains joins the first cause whose clause its account involves; the others are
    grouped by their first clause, a cause each.
    ``misreadings`` defaults to every misreading of the catalogue that has an implementation.
    """
    if misreadings is None:
        misreadings = [m for m in load_catalogue().misreadings() if m.id in IMPLEMENTED]
    passing = [e for e in games if e.divergence is None]
    left = [_prepare(i, e) for i, e in enumerate(games) if e.divergence is not None]
    causes: list[Cause] = []
    while left:
        found = [x for m in misreadings if (x := _explain(m, IMPLEMENTED[m.id], left)) is not None]
        found = [
            attrs.evolve(x, refuted_by=_refutations(IMPLEMENTED[x.misreading.id], passing)) for x in found
        ]
        best, confidence = _best(found, len(left))
        if best is None:
            break
        others = sorted((x for x in found if x is not best), key=lambda x: (x.refuted_by, -len(x.games)))
        causes.append(
            Cause(
                best.misreading.clause,
                best.misreading,
                best.games,
                best.steps,
                confidence,
                tuple(others[:3]),
                best.refuted_by,
                len(best.whole),
            )
        )
        left = [g for g in left if g.index not in best.games]
    by_clause: dict[str | None, list[int]] = {}
    for game in left:
        involved = provenance(game.index)
        joined = next(
            (n for n, c in enumerate(causes) if c.clause is not None and c.clause in involved), None
        )
        if joined is not None:
            causes[joined] = attrs.evolve(causes[joined], also=(*causes[joined].also, game.index))
        else:
            by_clause.setdefault(involved[0] if involved else None, []).append(game.index)
    causes += [
        Cause(clause, None, tuple(indices), 0, PROVENANCE if clause is not None else PROTOCOL)
        for clause, indices in by_clause.items()
    ]
    return tuple(sorted(causes, key=lambda c: -len(c.all_games)))
