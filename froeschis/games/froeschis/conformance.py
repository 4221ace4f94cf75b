"""Fröschis' part of the conformance kit (:class:`~froeschis.framework.checks.Conformance`): how a
Fröschis engine is driven and judged.

Its games (:mod:`froeschis.games.froeschis.scenarios`), its known misreadings
(:mod:`froeschis.games.froeschis.misreadings`), the actions it must refuse, how two states differ and
which differences are conventions only, which clauses decide a legal action, how a shrunk game is
repaired. The kit itself (the driver, the comparison, shrinking, causes, the report) knows no game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from froeschis.framework.checks import JSON, Conformance, FieldDiff
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    Action,
    ActionKind,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.boundaries import BOUNDARIES, WAIVERS
from froeschis.games.froeschis.cards import Card, Row
from froeschis.games.froeschis.engine import GameState, allowing_clauses, decision_clauses, phase_clause
from froeschis.games.froeschis.misreadings import IMPLEMENTED, hypothetical_rules
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.scenarios import BOUNDARY_PLAYS, all_scenarios
from froeschis.games.froeschis.serialize import STATE_KEYS
from froeschis.games.froeschis.spec import schema_errors
from froeschis.games.froeschis.state import Phase

RULE_FEATURES = ("row_length", "deck", *VARIANT_OPTIONS)
"""Rules options beyond the published game that an engine may declare in its hello reply: custom
rows and decks, and every variant of :data:`froeschis.games.froeschis.readings.VARIANTS`."""


def diff_states(expected: dict[str, JSON], actual: dict[str, JSON]) -> list[FieldDiff]:
    """The differing fields of two schema-valid states, finest path first within each key."""
    diffs: list[FieldDiff] = []
    for key in STATE_KEYS:
        want, got = expected[key], actual[key]
        if want == got:
            continue
        if key != "players" or len(want) != len(got):
            diffs.append(FieldDiff(key, want, got))
            continue
        for seat, (wp, gp) in enumerate(zip(want, got, strict=True)):
            if wp["length"] != gp["length"]:
                diffs.append(FieldDiff(f"players[{seat}].length", wp["length"], gp["length"]))
            if len(wp["row"]) != len(gp["row"]):
                diffs.append(FieldDiff(f"players[{seat}].row", wp["row"], gp["row"]))
                continue
            for i, (ws, gs) in enumerate(zip(wp["row"], gp["row"], strict=True)):
                if ws != gs:
                    diffs.append(FieldDiff(f"players[{seat}].row[{i}]", ws, gs))
    return diffs


def split_conventions(ref: GameState, diffs: list[FieldDiff]) -> tuple[list[FieldDiff], list[FieldDiff]]:
    """Separate rule differences from representation conventions (the ones that change no rule):
    the order of the gathered deck between rounds, ``turn`` once the game is over, and the order
    in which the winners are listed."""
    rules, conventions = [], []
    for d in diffs:
        same_cards = isinstance(d.actual, list) and Counter(map(str, d.actual)) == Counter(
            map(str, d.expected)
        )
        if (
            (d.path == "draw_pile" and ref.phase is Phase.DEAL and same_cards)
            or (d.path == "winners" and same_cards)
            or (d.path == "turn" and ref.phase is Phase.OVER)
        ):
            conventions.append(d)
        else:
            rules.append(d)
    return rules, conventions


CONTROL_FIELDS = ("phase", "round", "winners", "first_completer")
"""The fields that say whether a round or the game has ended."""


def significant_paths(ref_after: GameState, diffs: Sequence[FieldDiff], actual_phase: JSON) -> list[str]:
    """The differing fields that say what went wrong: when one side ended the round or the game and
    the other did not, only the fields that say so (the rest differs because of it)."""
    paths = [d.path for d in diffs]
    ended = {Phase.DEAL.value, Phase.OVER.value}
    if (ref_after.phase.value in ended) != (actual_phase in ended):
        return [p for p in paths if p in CONTROL_FIELDS] or paths
    return paths


def setup_clauses(state: GameState) -> tuple[str, ...]:
    """The clauses under which the rules allow the setup of ``state``'s game: the player count, and
    for a custom deck or row length first the cards a deck must hold beyond the rows (round.deal),
    the limit such a game comes near."""
    table = state.rules.table
    players = (table.clause_of("check_players"),)
    if state.rules.is_standard():
        return players
    return tuple(dict.fromkeys((table.clause_of("spare_cards"), *players)))


def illegal_action(state: GameState, rng: random.Random) -> JSON | None:
    """An action the reference refuses in ``state`` (or None at the end of a game)."""
    if state.is_terminal:
        return None
    if state.is_chance:
        pool = [str(c) for c in state.chance_pool()]
        choices: list[JSON] = ["draw", {"shuffle": pool[:-1]}, {"shuffle": [*pool, pool[0]]}]
        return rng.choice(choices)
    row = state.row(state.turn)
    universe: list[Action] = [DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP]
    universe += [frog_at(s) for s in range(1, len(row) + 2)]
    refused: list[JSON] = [str(a) for a in universe if a not in state.legal_actions()]
    refused.append({"shuffle": [str(c) for c in state.rules.deck]})
    return rng.choice(refused)


def refused_setups(features: frozenset[str]) -> list[tuple[int, Rules, str]]:
    """New games the rules forbid: too few and too many players, and (for an engine that plays
    custom decks) a deck one card short of the rows and their two spare cards."""
    games: list[tuple[int, Rules, str]] = [(1, Rules(), ""), (5, Rules(), "")]
    if "deck" in features:
        games.append((2, Rules(deck=Rules().deck[:17]), " with a 17-card deck"))
    return games


def repair_decision(wanted: Action, legal: Sequence[Action]) -> Action:
    """The wanted decision if legal; a frog to the nearest open spot; else the first legal one."""
    if wanted in legal:
        return wanted
    frogs = [a for a in legal if a.kind is ActionKind.FROG]
    if wanted.kind is ActionKind.FROG and frogs:
        return min(frogs, key=lambda a: (abs(a.spot - wanted.spot), a.spot))
    return legal[0]


def repair_shuffle(wanted: Shuffle, pool: Sequence[Card]) -> Shuffle:
    """The wanted shuffle kept as far as the cards actually in the pool allow, the rest sorted."""
    left = Counter(pool)
    order: list[Card] = []
    for card in wanted.order:
        if left[card] > 0:
            left[card] -= 1
            order.append(card)
    return Shuffle(tuple(order) + tuple(sorted(left.elements())))


def simpler_decision(action: Action) -> Action:
    """``draw`` for any decision, the lowest spot for a frog's (repaired to a legal one when built)."""
    return frog_at(1) if action.kind is ActionKind.FROG else DRAW


def same_position(a: GameState, b: GameState) -> bool:
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


_REPLY_SCHEMA = {
    "hello": "reply#/$defs/hello",
    "state": "reply#/$defs/state",
    "illegal": "reply#/$defs/illegal",
}


def reply_errors(kind: str, reply: JSON) -> list[str]:
    """Why a reply does not match spec/froeschis/schemas/reply.schema.json."""
    return schema_errors(_REPLY_SCHEMA[kind], reply)


MUTATORS: dict[object, tuple[Any, ...]] = {
    Row: (("one-spot-shorter", "one spot shorter", lambda row: Row(row.spots[:-1])),),
}
"""Generic perturbations of Fröschis' own values: a row one spot shorter (a length compared off by one)."""

KIT = Conformance(
    features=RULE_FEATURES,
    scenarios=all_scenarios,
    refused_setups=refused_setups,
    illegal_action=illegal_action,
    misreadings=lambda: IMPLEMENTED,
    hypothetical_rules=hypothetical_rules,
    allowing_clauses=allowing_clauses,
    decision_clauses=decision_clauses,
    phase_clause=phase_clause,
    setup_clauses=setup_clauses,
    diff_states=diff_states,
    conventions=split_conventions,
    significant_paths=significant_paths,
    reply_errors=reply_errors,
    reply_schema="spec/froeschis/schemas/reply.schema.json",
    repair_decision=repair_decision,
    repair_chance=lambda wanted, state: repair_shuffle(wanted, state.chance_pool()),
    simpler_decision=simpler_decision,
    mutators=MUTATORS,
    same_position=same_position,
    boundaries=BOUNDARIES,
    waivers=WAIVERS,
    boundary_plays=BOUNDARY_PLAYS,
)
"""Fröschis' part of the kit."""
