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

import json
from collections.abc import Callable
from typing import Any

import attrs

from froeschis.conformance.compare import event_key
from froeschis.conformance.referee import Referee
from froeschis.conformance.runner import Evidence
from froeschis.framework.checks import JSON
from froeschis.framework.errors import FormatError, FroeschisError, IllegalActionError

Playing = Callable[[Any], Any]
"""A hypothesis: the rules of a game as an engine that holds it plays them."""

UNDECIDED = (FroeschisError, ValueError, IndexError, KeyError, TypeError, RecursionError)
"""What a hypothesis's functions may raise where it leaves a situation undecided."""


Outcome = Any
"""A state, or ``"illegal"`` (the rules refuse the action), or ``"failure"`` (the reading leaves
the situation undecided: the engine would crash)."""


def _apply(state: Any, action: Any) -> Outcome:
    """The state after ``action``, or ``"illegal"`` when the rules refuse it, or ``"failure"`` when
    the reading leaves it (or the next legal actions) undecided: the engine would crash."""
    try:
        return settled(state.apply(action))
    except IllegalActionError:
        return "illegal"
    except UNDECIDED:
        return "failure"


def settled(state: Any) -> Outcome:
    try:
        state.legal_actions()
    except UNDECIDED:
        return "failure"
    return state


def _apply_probe(referee: Referee, state: Any, probe: JSON) -> Outcome:
    try:
        return _apply(state, referee.game.action_from_json(probe))
    except FormatError:
        return "illegal"


def _canonical(actions: object) -> set[str] | None:
    return {json.dumps(a, sort_keys=True) for a in actions} if isinstance(actions, list) else None


def _reply_matches(referee: Referee, outcome: Outcome, reply: object, rules: Any) -> bool:
    """Whether the engine's reply is what the reading predicts (events aside; conventions aside)."""
    if reply is None:  # the engine crashed, hung or wrote garbage
        return bool(outcome == "failure")
    if not isinstance(reply, dict):
        return False
    kind = reply.get("type")
    if kind == "illegal":
        return bool(outcome == "illegal")
    if kind == "error":
        return bool(outcome == "failure")
    if kind != "state" or isinstance(outcome, str) or not isinstance(reply.get("state"), dict):
        return False
    kit = referee.kit
    try:
        as_published = attrs.evolve(outcome, rules=rules)  # the rules as sent: readings have no JSON
        rule_diffs, _ = kit.conventions(
            outcome, kit.diff_states(referee.state_json(as_published), reply["state"])
        )
    except (KeyError, TypeError, AttributeError):
        return False
    legal = _canonical(reply.get("legal"))
    return not rule_diffs and legal is not None and legal == _canonical(referee.legal_json(outcome))


def _start(referee: Referee, players: int, rules: Any) -> Outcome:
    try:
        game = referee.game.new_game(players, rules)
    except FroeschisError:
        return "illegal"
    except UNDECIDED:
        return "failure"
    return settled(game)


def _explains(referee: Referee, outcome: Outcome, reference: Outcome, reply: object, rules: Any) -> bool:
    """Whether a reading's outcome of a step is the engine's reply and not the reference's (a reading
    that plays the step as the reference does explains nothing there, whatever the engine did)."""
    if isinstance(outcome, str) or isinstance(reference, str):
        differs = outcome != reference
    else:
        differs = not referee.same(outcome, reference)
    return differs and _reply_matches(referee, outcome, reply, rules)


def reproduces(referee: Referee, play: Playing, evidence: Evidence) -> int | None:
    """The actions of the game a hypothesis reproduces, up to and including its divergence (all of
    them for a game played right); None when it plays the game otherwise than the engine did."""
    trial, divergence = evidence.trial, evidence.divergence
    reference = _start(referee, trial.players, trial.rules)
    hypothesis = _start(referee, trial.players, play(trial.rules))
    if isinstance(reference, str) or (divergence is not None and divergence.index is None):
        # the new game itself: the engine refused it as the reference does, or parted there
        if divergence is None:
            return 1 if hypothesis == reference else None
        return 1 if _explains(referee, hypothesis, reference, divergence.reply, trial.rules) else None
    if isinstance(hypothesis, str) or not referee.same(hypothesis, reference):
        return None
    probes = dict(evidence.probes)
    last = len(trial.actions) if divergence is None else divergence.index
    assert last is not None
    for index in range(last + 1):
        bad = probes.get(index)
        at_divergence = divergence is not None and index == divergence.index
        if bad is not None:
            answer = _apply_probe(referee, hypothesis, bad)
            if at_divergence and divergence is not None and divergence.probe is not None:
                return (
                    index + 1
                    if _explains(referee, answer, "illegal", divergence.reply, trial.rules)
                    else None
                )
            if answer != "illegal":
                return None
        if index == len(trial.actions):
            break
        action = trial.actions[index]
        after = _apply(hypothesis, action)
        if at_divergence and divergence is not None:
            return (
                index + 1
                if _explains(referee, after, reference.apply(action), divergence.reply, trial.rules)
                else None
            )
        reference = reference.apply(action)
        if isinstance(after, str) or not referee.same(after, reference):
            return None
        hypothesis = after
    return last


def changes_play(referee: Referee, play: Playing, rules: Any) -> bool:
    """Whether the hypothesis plays ``rules`` otherwise than the reference (a misreading of a variant
    leaves the games without it alone): another clause table, or other rules than the readings (a
    misread deck)."""
    changed = play(rules)
    game = referee.game
    return game.table(changed) != game.table(rules) or attrs.evolve(changed, readings=rules.readings) != rules


def reproduces_step(referee: Referee, play: Playing, evidence: Evidence, before: Any) -> bool:
    """Whether the hypothesis, put in the reference's place where the engine and the reference last
    agreed (``before``: None when they parted at the new game itself), answers the diverging step
    as the engine did (and would have agreed until then: it lists the same legal actions there)."""
    trial, divergence = evidence.trial, evidence.divergence
    assert divergence is not None
    if before is None:
        return reproduces(referee, play, evidence) is not None
    hypothesis = settled(attrs.evolve(before, rules=play(trial.rules)))
    if isinstance(hypothesis, str) or hypothesis.legal_actions() != before.legal_actions():
        return False
    if divergence.probe is not None:
        answer = _apply_probe(referee, hypothesis, divergence.probe)
        return _explains(referee, answer, "illegal", divergence.reply, trial.rules)
    if divergence.index is None or divergence.index >= len(trial.actions):
        return False
    action = trial.actions[divergence.index]
    after = _apply(hypothesis, action)
    return _explains(referee, after, before.apply(action), divergence.reply, trial.rules)


def reproduces_event(referee: Referee, play: Playing, evidence: Evidence, before: Any, parted: int) -> bool:
    """Whether the hypothesis, put in the reference's place where the engine and the reference last
    agreed (``before``), reports the diverging step's events as the engine did up to and including
    the one numbered ``parted``, the first where the engine's part from the reference's: its
    decision changed gives the engine's own account of the step where it first went otherwise,
    whatever the step's later parts did (the state may differ further on, by what followed)."""
    trial, divergence = evidence.trial, evidence.divergence
    assert divergence is not None
    reply = divergence.reply
    got = reply.get("events") if isinstance(reply, dict) else None
    if before is None or divergence.probe is not None or not isinstance(got, list) or parted >= len(got):
        return False
    if divergence.index is None or divergence.index >= len(trial.actions):
        return False
    try:
        step = attrs.evolve(before, rules=play(trial.rules)).transition(trial.actions[divergence.index])
    except UNDECIDED:
        return False
    events = [referee.game.event_to_json(part.event) for part in step.fired if part.event is not None]
    return len(events) > parted and all(event_key(events[n]) == event_key(got[n]) for n in range(parted + 1))
