"""Counterfactual replay: playing an engine's games on the reference by a hypothesis about how the
engine reads the rules.

A hypothesis is a way of playing the rules (:data:`Playing`: the rules of a game, as the hypothetical
engine plays them): a known misreading of a clause, or a generic perturbation of a clause table's
entry. It *reproduces* a game when the reference, playing by it from the first action, does
everything the engine did, the divergence included; it *reproduces the diverging step* when, put
in the reference's place where the engine and the reference last agreed, it answers that step as
the engine did. Either way it must play otherwise than the reference there: a hypothesis that
plays the step as the reference does explains nothing, whatever the engine did.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from froeschis.conformance.compare import diff_states, split_conventions
from froeschis.conformance.protocol import JSON
from froeschis.conformance.runner import Evidence
from froeschis.core.actions import AnyAction
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import FormatError, FroeschisError, IllegalActionError
from froeschis.core.rules import Rules
from froeschis.io.serialize import action_from_json, state_to_json

Playing = Callable[[Rules], Rules]
"""A hypothesis: the rules of a game as an engine that holds it plays them."""

UNDECIDED = (FroeschisError, ValueError, IndexError, KeyError, TypeError, RecursionError)
"""What a hypothesis's functions may raise where it leaves a situation undecided."""


def same(a: GameState, b: GameState) -> bool:
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
        return settled(state.apply(action))
    except IllegalActionError:
        return "illegal"
    except UNDECIDED:
        return "failure"


def settled(state: GameState) -> GameState | str:
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
    return settled(game)


def _explains(outcome: GameState | str, reference: GameState | str, reply: object, rules: Rules) -> bool:
    """Whether a reading's outcome of a step is the engine's reply and not the reference's (a reading
    that plays the step as the reference does explains nothing there, whatever the engine did)."""
    if isinstance(outcome, str) or isinstance(reference, str):
        differs = outcome != reference
    else:
        differs = not same(outcome, reference)
    return differs and _reply_matches(outcome, reply, rules)


def reproduces(play: Playing, evidence: Evidence) -> int | None:
    """The actions of the game a hypothesis reproduces, up to and including its divergence (all of
    them for a game played right); None when it plays the game otherwise than the engine did."""
    trial, divergence = evidence.trial, evidence.divergence
    reference, hypothesis = _start(trial.players, trial.rules), _start(trial.players, play(trial.rules))
    if isinstance(reference, str) or (divergence is not None and divergence.index is None):
        # the new game itself: the engine refused it as the reference does, or parted there
        if divergence is None:
            return 1 if hypothesis == reference else None
        return 1 if _explains(hypothesis, reference, divergence.reply, trial.rules) else None
    if isinstance(hypothesis, str) or not same(hypothesis, reference):
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
        if isinstance(after, str) or not same(after, reference):
            return None
        hypothesis = after
    return last


def changes_play(play: Playing, rules: Rules) -> bool:
    """Whether the hypothesis plays ``rules`` otherwise than the reference (a misreading of a variant
    leaves the games without it alone)."""
    changed = play(rules)
    return changed.table != rules.table or changed.deck != rules.deck


def reproduces_step(play: Playing, evidence: Evidence, before: GameState | None) -> bool:
    """Whether the hypothesis, put in the reference's place where the engine and the reference last
    agreed (``before``: None when they parted at the new game itself), answers the diverging step
    as the engine did (and would have agreed until then: it lists the same legal actions there)."""
    trial, divergence = evidence.trial, evidence.divergence
    assert divergence is not None
    if before is None:
        return reproduces(play, evidence) is not None
    hypothesis = settled(attrs.evolve(before, rules=play(trial.rules)))
    if isinstance(hypothesis, str) or hypothesis.legal_actions() != before.legal_actions():
        return False
    if divergence.probe is not None:
        return _explains(_apply_probe(hypothesis, divergence.probe), "illegal", divergence.reply, trial.rules)
    if divergence.index is None or divergence.index >= len(trial.actions):
        return False
    action = trial.actions[divergence.index]
    after = _apply(hypothesis, action)
    return _explains(after, before.apply(action), divergence.reply, trial.rules)
