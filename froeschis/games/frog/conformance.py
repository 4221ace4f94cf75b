"""Frog's part of the conformance kit (:class:`~froeschis.framework.checks.Conformance`): how a Frog
engine is driven and judged by ``froeschis conform --game frog``.

Its matches (:mod:`froeschis.games.frog.scenarios`), the setups and actions it must refuse, the
catalogue's misreadings it may have made (:data:`froeschis.games.frog.misreadings.IMPLEMENTED`,
played through :attr:`Rules.readings <froeschis.games.frog.rules.Rules.readings>`), which clauses
allow a legal action and list the legal actions, how a reply is well-formed
(``spec/frog/protocol.md``) and how a shrunk match is repaired. Frog's state is the whole truth and
every list in it that is a set is sorted, so two states differ field by field with no convention
between them (the kit's defaults).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.framework.checks import JSON, Conformance, same_position_of
from froeschis.framework.replies import reply_checker
from froeschis.framework.table import Reading
from froeschis.games.frog.actions import (
    BIDS,
    LEAVE_WIDOW,
    NAMES,
    PASS,
    PLAYS,
    TAKE_WIDOW,
    Action,
    Bid,
    Decision,
    Discard,
    DrawDealer,
    Shuffle,
)
from froeschis.games.frog.boundaries import BOUNDARIES, WAIVERS
from froeschis.games.frog.cards import ALL_CARDS
from froeschis.games.frog.engine import PHASE_SLOT, FrogState, _allowed_by
from froeschis.games.frog.misreadings import IMPLEMENTED
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules, standard_deck
from froeschis.games.frog.scenarios import BOUNDARY_PLAYS, all_scenarios
from froeschis.games.frog.serialize import STATE_KEYS, action_to_json
from froeschis.games.frog.state import Phase

RULE_FEATURES = (*VARIANT_OPTIONS, "deals", "target_score", "deck")
"""The rules options an engine may declare in its hello reply: the six variants, the match's length
and target, short decks (spec/frog/protocol.md, "Rules")."""


VIEW_CLAUSES = frozenset({"view.own-hand", "view.public", "view.widow", "view.discards"})
"""What a seat may see: the protocol's replies hold the whole state, never a seat's view (the
reference's ``observe``), so no reply shows these clauses."""


def phase_clause(state: FrogState) -> str:
    """The clause that says what may happen in the state's phase."""
    return state.rules.table.clause_of(PHASE_SLOT[state.phase])


_ALLOWING_SLOTS = {
    Phase.AUCTION: ("legal_calls", "call_rank"),
    Phase.WIDOW: ("exchange_of",),
    Phase.DISCARD: ("discard_options",),
    Phase.TRUMP: ("trump_choices",),
}
"""The slots whose clauses list a decision phase's legal actions (the play's depend on the trick)."""


def _deciding_slots(state: FrogState) -> tuple[str, ...]:
    if state.phase is Phase.PLAY:
        table = state.rules.table
        return _allowed_by(table, state.hands[state.turn], state.trick, state.trump)
    return _ALLOWING_SLOTS.get(state.phase, ())


def decision_clauses(state: FrogState) -> tuple[str, ...]:
    """The clauses the engine consults to list the legal actions in ``state`` (none at chance nodes
    and at the end): a call's bid.raise and bid.ranking, a card's obligation (leading, following suit
    or trumping when void) and play.no-duty-to-win, the exchange's, the discard's, the trump's."""
    table = state.rules.table
    return tuple(dict.fromkeys(table.clause_of(slot) for slot in _deciding_slots(state)))


def allowing_clauses(state: FrogState, action: Action) -> tuple[str, ...]:
    """The clauses under which ``action`` is legal in ``state``: those that list the phase's legal
    decisions, or at a chance node the one that says what its outcomes are."""
    return decision_clauses(state) or (phase_clause(state),)


def setup_clauses(state: FrogState) -> tuple[str, ...]:
    """The clauses under which a new match's setup is allowed: three players, and for a short deck
    first the size a deck must have (deal.hand-size)."""
    table = state.rules.table
    players = (table.clause_of("check_players"),)
    if state.rules.is_standard():
        return players
    return tuple(dict.fromkeys((table.clause_of("deal_sizes"), *players)))


def refused_setups(features: frozenset[str]) -> list[tuple[int, Rules, str]]:
    """New matches the rules forbid: two and four players (players.count), and for an engine that
    plays short decks a deck of 34 cards, which three equal hands and a widow of three do not share
    out, and a deck of the widow alone (deal.hand-size: 3 x h + 3 cards, h at least 1)."""
    games: list[tuple[int, Rules, str]] = [(2, Rules(), ""), (4, Rules(), "")]
    if "deck" in features:
        deck = standard_deck()
        games.append((3, Rules(deck=deck[:-2]), " with a 34-card deck"))
        games.append((3, Rules(deck=deck[:3]), " with a deck of three cards"))
    return games


def _decisions(state: FrogState) -> list[Decision]:
    """Every decision of Frog that may be written for ``state``'s deck (most of them illegal there)."""
    deck = state.rules.deck
    universe: list[Decision] = [*BIDS.values(), TAKE_WIDOW, LEAVE_WIDOW, *NAMES.values()]
    universe += [PLAYS[c] for c in ALL_CARDS]
    universe.append(Discard(deck[:3]))
    if state.phase is Phase.DISCARD:
        hand = state.hands[state.bidder]
        elsewhere = [c for c in deck if c not in hand]
        universe += [Discard(hand[:2]), Discard(hand[:4]), Discard((*hand[:2], *elsewhere[:1]))]
    return universe


def illegal_action(state: FrogState, rng: random.Random) -> JSON:
    """An action the reference refuses in ``state`` as JSON (None at the end of the match): a
    decision at a chance node, a shuffle missing a card or holding one twice, a seat the draw does
    not allow, a chance outcome at a decision, or a decision not among the legal ones."""
    if state.is_terminal:
        return None
    order = [str(c) for c in state.rules.deck]
    shuffles: list[JSON] = [{"shuffle": order[:-1]}, {"shuffle": [*order, order[0]]}]
    if state.is_chance:
        return rng.choice(
            [
                *shuffles,
                {"dealer": 3},
                "pass",
                {"shuffle": order} if state.phase is Phase.DEALER else {"dealer": 0},
            ]
        )
    legal = set(state.legal_actions())
    refused: list[JSON] = [action_to_json(a) for a in _decisions(state) if a not in legal]
    return rng.choice([*refused, {"shuffle": order}, {"dealer": 0}])


def hypothetical_rules(rules: Rules, readings: Sequence[Reading]) -> Rules:
    """``rules`` as an engine with ``readings`` plays them; a misread deck replaces the published one."""
    changed = attrs.evolve(rules, readings=(*rules.readings, *readings))
    for reading in readings:
        if reading.slot == "standard_deck" and rules.is_standard():
            deck = reading.function()
            assert isinstance(deck, tuple)
            changed = attrs.evolve(changed, deck=deck)
    return changed


def repair_decision(wanted: Decision, legal: Sequence[Decision]) -> Decision:
    """The wanted decision if legal; else a legal one of its kind (the discard that keeps the most of
    its cards, the first play or call), else the first legal one."""
    if wanted in legal:
        return wanted
    same = [a for a in legal if type(a) is type(wanted)]
    if isinstance(wanted, Discard) and same:
        kept = set(wanted.cards)
        return max(same, key=lambda a: len(kept & set(a.cards)) if isinstance(a, Discard) else 0)
    return same[0] if same else legal[0]


def repair_chance(wanted: Any, state: FrogState) -> DrawDealer | Shuffle:
    """The wanted outcome if it fits the chance node; else the first seat the draw allows, or the
    deck in sorting order (a shrunk match may meet a deal where it had the draw, or the other way)."""
    if state.phase is Phase.DEALER:
        seats = state.rules.table.first_dealers()
        return wanted if isinstance(wanted, DrawDealer) and wanted.seat in seats else DrawDealer(seats[0])
    if isinstance(wanted, Shuffle) and sorted(wanted.order) == sorted(state.rules.deck):
        return wanted
    return Shuffle(state.rules.deck)


def simpler_decision(action: Decision) -> Decision:
    """``pass`` for a bid (a passed-out deal is the shortest); any other decision is its simplest."""
    return PASS if isinstance(action, Bid) else action


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
    reply_errors=reply_checker("froeschis.frog-state/1", STATE_KEYS),
    reply_schema="spec/protocol.md and spec/frog/protocol.md",
    repair_decision=repair_decision,
    repair_chance=repair_chance,
    simpler_decision=simpler_decision,
    same_position=same_position_of(FrogState, ("rules", "_legal")),
    unobservable=VIEW_CLAUSES,
    boundaries=BOUNDARIES,
    waivers=WAIVERS,
    boundary_plays=BOUNDARY_PLAYS,
)
"""Frog's part of the kit (``Game.conformance``).

:meta hide-value:
"""
