"""Lossless JSON for Frog's rules, actions, states and events, with strict loading.

The forms are documented in ``spec/frog/protocol.md``: cards are strings (``"TH"``), decisions
their text form (``"play TH"``), chance outcomes ``{"dealer": 1}`` and ``{"shuffle": [cards]}``, a
state ``{"format": "froeschis.frog-state/1", ...}`` with every field. Loading refuses anything
malformed or inconsistent with a :class:`~froeschis.framework.errors.FormatError` naming the field:
unknown, missing or wrong-typed keys, unknown cards, a card in two places or missing, a phase that
does not fit the rest of the state. Nothing is coerced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.fields import boolean, check_format, json_object, listed, named, whole
from froeschis.games.frog.actions import Action, DrawDealer, Shuffle, parse_decision
from froeschis.games.frog.cards import SUIT_OF_LETTER, Card, Suit, parse_card, sort_cards
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.events import Event
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import NOBODY, SEATS, Call, Contract, DealRecord, Phase, Plays, Result, Trick

STATE_FORMAT = "froeschis.frog-state/1"
STATE_KEYS = (
    "format",
    "rules",
    "phase",
    "dealer",
    "deals",
    "scores",
    "turn",
    "hands",
    "widow",
    "calls",
    "bidder",
    "contract",
    "trump",
    "widow_taken",
    "discards",
    "leader",
    "trick",
    "tricks",
    "history",
    "winners",
)
"""The keys of a state's JSON form, in the order they are written."""
RECORD_KEYS = (
    "dealer",
    "calls",
    "bidder",
    "contract",
    "trump",
    "widow",
    "widow_taken",
    "discards",
    "tricks",
    "points",
    "result",
    "changes",
)
RULES_KEYS = (*VARIANT_OPTIONS, "deals", "target_score", "deck")
_PHASES = {p.value: p for p in Phase}
_CONTRACTS = {c.value: c for c in Contract}
_RESULTS = {r.value: r for r in Result}
_DEAL_PHASES = frozenset({Phase.AUCTION, Phase.WIDOW, Phase.DISCARD, Phase.TRUMP, Phase.PLAY})

# --------------------------------------------------------------------------- helpers


def _seat(value: object, field: str, nobody: bool = False) -> int:
    if value is None and nobody:
        return NOBODY
    seat = whole(value, field)
    if not 0 <= seat < SEATS:
        raise FormatError(field, f"a seat is 0, 1 or 2{' or null' if nobody else ''}, not {shown(value)}")
    return seat


def _cards(value: object, field: str) -> tuple[Card, ...]:
    return tuple(parse_card(x, f"{field}[{i}]") for i, x in enumerate(listed(value, field)))


def _sorted_cards(value: object, field: str) -> tuple[Card, ...]:
    held = _cards(value, field)
    if list(held) != list(sort_cards(held)):
        raise FormatError(field, "cards are listed in sorting order (suits S H D C, ranks A T K Q J 9 8 7 6)")
    return held


def _maybe(value: object, names: Mapping[str, Any], field: str, what: str) -> Any:
    """The entry of ``names`` that ``value`` names, or None for ``null`` (a deal with no contract,
    trump or result yet)."""
    return None if value is None else named(value, names, field, what)


def _scores(value: object, field: str) -> tuple[int, int, int]:
    items = listed(value, field)
    if len(items) != SEATS:
        raise FormatError(field, f"expected one number per seat, got {len(items)}")
    a, b, c = (whole(x, f"{field}[{i}]") for i, x in enumerate(items))
    return a, b, c


# --------------------------------------------------------------------------- rules


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as JSON: one key per variant option (in catalogue order), the match's length and
    target, and the deck (sorted). Rules with readings beyond the variants have no JSON form."""
    if rules.readings:
        raise ValueError("rules with clause readings beyond the variants (Rules.readings) have no JSON form")
    return {
        **{option: getattr(rules, option) for option in VARIANT_OPTIONS},
        "deals": rules.deals,
        "target_score": rules.target_score,
        "deck": [str(c) for c in rules.deck],
    }


def rules_from_json(data: Any, field: str = "rules") -> Rules:
    """Rules from their JSON form; every key is required."""
    table = json_object(data, field, RULES_KEYS)
    options: dict[str, Any] = {o: boolean(table[o], f"{field}.{o}") for o in VARIANT_OPTIONS}
    deck = _sorted_cards(table["deck"], f"{field}.deck")
    if len(set(deck)) != len(deck):
        raise FormatError(f"{field}.deck", "every card of a deck is a different card")
    return Rules(
        **options,
        deals=whole(table["deals"], f"{field}.deals", 1),
        target_score=whole(table["target_score"], f"{field}.target_score", 1),
        deck=deck,
    )


# --------------------------------------------------------------------------- actions


def action_to_json(action: Action) -> Any:
    """A decision as its text; a chance outcome as ``{"dealer": seat}`` or ``{"shuffle": [cards]}``."""
    if isinstance(action, DrawDealer):
        return {"dealer": action.seat}
    if isinstance(action, Shuffle):
        return {"shuffle": [str(c) for c in action.order]}
    return str(action)


def action_from_json(data: Any, field: str = "action") -> Action:
    """An action from its JSON form; :class:`FormatError` for a malformed one."""
    if isinstance(data, dict):
        if set(data) == {"dealer"}:
            return DrawDealer(whole(data["dealer"], f"{field}.dealer"))
        if set(data) == {"shuffle"}:
            return Shuffle(_cards(data["shuffle"], f"{field}.shuffle"))
        raise FormatError(
            field, f"a chance outcome is {{'dealer': seat}} or {{'shuffle': [cards]}}, not {shown(data)}"
        )
    return parse_decision(data, field)


# --------------------------------------------------------------------------- events


def event_to_json(event: Event) -> dict[str, Any]:
    """An event: its kind and clauses, and the fields that apply to it (``null`` ones left out)."""
    out: dict[str, Any] = {"kind": event.kind.value, "clauses": list(event.clauses)}
    for name in ("seat", "call", "points"):
        if getattr(event, name) is not None:
            out[name] = getattr(event, name)
    for name in ("contract", "suit", "result"):
        value = getattr(event, name)
        if value is not None:
            out[name] = value.value
    if event.card is not None:
        out["card"] = str(event.card)
    if event.cards:
        out["cards"] = [str(c) for c in event.cards]
    if event.changes:
        out["changes"] = list(event.changes)
    if event.seats:
        out["seats"] = list(event.seats)
    return out


# --------------------------------------------------------------------------- states


def _nobody(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def calls_to_json(calls: tuple[Call, ...]) -> list[Any]:
    return [[seat, "pass" if call is None else call.value] for seat, call in calls]


def plays_to_json(plays: Plays) -> list[Any]:
    return [[seat, str(c)] for seat, c in plays]


def tricks_to_json(tricks: tuple[Trick, ...]) -> list[Any]:
    return [{"plays": plays_to_json(t.plays), "winner": t.winner} for t in tricks]


def _value(item: Contract | Suit | Result | None) -> str | None:
    return None if item is None else item.value


def record_to_json(record: DealRecord) -> dict[str, Any]:
    return {
        "dealer": record.dealer,
        "calls": calls_to_json(record.calls),
        "bidder": _nobody(record.bidder),
        "contract": _value(record.contract),
        "trump": _value(record.trump),
        "widow": [str(c) for c in record.widow],
        "widow_taken": record.widow_taken,
        "discards": [str(c) for c in record.discards],
        "tricks": tricks_to_json(record.tricks),
        "points": record.points,
        "result": _value(record.result),
        "changes": list(record.changes),
    }


def state_to_json(state: FrogState) -> dict[str, Any]:
    """Every field of the state (the whole truth, not a seat's view)."""
    return {
        "format": STATE_FORMAT,
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "dealer": _nobody(state.dealer),
        "deals": state.deals,
        "scores": list(state.scores),
        "turn": _nobody(state.turn),
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "widow": [str(c) for c in state.widow],
        "calls": calls_to_json(state.calls),
        "bidder": _nobody(state.bidder),
        "contract": _value(state.contract),
        "trump": _value(state.trump),
        "widow_taken": state.widow_taken,
        "discards": [str(c) for c in state.discards],
        "leader": _nobody(state.leader),
        "trick": plays_to_json(state.trick),
        "tricks": tricks_to_json(state.tricks),
        "history": [record_to_json(r) for r in state.history],
        "winners": list(state.winners),
    }


def _seat_pairs(value: object, field: str, shape: str) -> Iterator[tuple[str, list[Any]]]:
    """Each ``[seat, ...]`` pair of the list ``value`` with its path: a call and a play are both
    written so (``shape`` says which, in the message); each caller reads the two halves."""
    for i, item in enumerate(listed(value, field)):
        where = f"{field}[{i}]"
        pair = listed(item, where)
        if len(pair) != 2:
            raise FormatError(where, f"{shape}, not {shown(item)}")
        yield where, pair


def _calls(value: object, field: str) -> tuple[Call, ...]:
    calls = []
    for where, pair in _seat_pairs(value, field, "a call is [seat, call]"):
        call = named(pair[1], {"pass": None, **_CONTRACTS}, f"{where}[1]", "call")
        calls.append((_seat(pair[0], f"{where}[0]"), call))
    return tuple(calls)


def _plays(value: object, field: str) -> Plays:
    plays = [
        (_seat(pair[0], f"{where}[0]"), parse_card(pair[1], f"{where}[1]"))
        for where, pair in _seat_pairs(value, field, "a play is [seat, card]")
    ]
    if len(plays) > SEATS:
        raise FormatError(field, f"a trick holds at most {SEATS} cards")
    return tuple(plays)


def _tricks(value: object, field: str) -> tuple[Trick, ...]:
    tricks = []
    for i, item in enumerate(listed(value, field)):
        where = f"{field}[{i}]"
        data = json_object(item, where, ("plays", "winner"))
        plays = _plays(data["plays"], f"{where}.plays")
        if len(plays) != SEATS:
            raise FormatError(f"{where}.plays", f"a completed trick holds {SEATS} cards, not {len(plays)}")
        winner = _seat(data["winner"], f"{where}.winner")
        if winner not in {seat for seat, _ in plays}:
            raise FormatError(f"{where}.winner", f"seat {winner} played no card to this trick")
        tricks.append(Trick(plays, winner))
    return tuple(tricks)


def record_from_json(data: Any, field: str) -> DealRecord:
    table = json_object(data, field, RECORD_KEYS)
    contract = _maybe(table["contract"], _CONTRACTS, f"{field}.contract", "contract")
    record = DealRecord(
        _seat(table["dealer"], f"{field}.dealer"),
        _calls(table["calls"], f"{field}.calls"),
        _seat(table["bidder"], f"{field}.bidder", nobody=True),
        contract,
        _maybe(table["trump"], SUIT_OF_LETTER, f"{field}.trump", "suit"),
        _sorted_cards(table["widow"], f"{field}.widow"),
        boolean(table["widow_taken"], f"{field}.widow_taken"),
        _sorted_cards(table["discards"], f"{field}.discards"),
        _tricks(table["tricks"], f"{field}.tricks"),
        None if table["points"] is None else whole(table["points"], f"{field}.points"),
        _maybe(table["result"], _RESULTS, f"{field}.result", "result"),
        _scores(table["changes"], f"{field}.changes"),
    )
    played = (record.bidder != NOBODY, record.points is not None, record.result is not None)
    if played != (contract is not None,) * 3:
        raise FormatError(field, "a played deal has a bidder, points and a result; a passed-out deal none")
    if contract is None and (record.tricks or record.discards or any(record.changes) or record.trump):
        raise FormatError(field, "a passed-out deal has no tricks, discards, trump or payments")
    if sum(record.changes) != 0:
        raise FormatError(f"{field}.changes", "the payments of a deal sum to zero (settle.each-opponent)")
    return record


def state_from_json(data: Any) -> FrogState:
    """A state from its JSON form, checked for consistency (see the module docstring)."""
    table = json_object(data, "state", STATE_KEYS)
    check_format(table, STATE_FORMAT)
    rules = rules_from_json(table["rules"])
    hands_data = listed(table["hands"], "hands")
    if len(hands_data) != SEATS:
        raise FormatError("hands", f"expected one hand per seat, got {len(hands_data)}")
    h0, h1, h2 = (_sorted_cards(h, f"hands[{i}]") for i, h in enumerate(hands_data))
    state = FrogState(
        rules,
        named(table["phase"], _PHASES, "phase", "phase"),
        _seat(table["dealer"], "dealer", nobody=True),
        whole(table["deals"], "deals", 0),
        _scores(table["scores"], "scores"),
        _seat(table["turn"], "turn", nobody=True),
        (h0, h1, h2),
        _sorted_cards(table["widow"], "widow"),
        _calls(table["calls"], "calls"),
        _seat(table["bidder"], "bidder", nobody=True),
        _maybe(table["contract"], _CONTRACTS, "contract", "contract"),
        _maybe(table["trump"], SUIT_OF_LETTER, "trump", "suit"),
        boolean(table["widow_taken"], "widow_taken"),
        _sorted_cards(table["discards"], "discards"),
        _seat(table["leader"], "leader", nobody=True),
        _plays(table["trick"], "trick"),
        _tricks(table["tricks"], "tricks"),
        tuple(
            record_from_json(r, f"history[{i}]") for i, r in enumerate(listed(table["history"], "history"))
        ),
        tuple(_seat(w, f"winners[{i}]") for i, w in enumerate(listed(table["winners"], "winners"))),
    )
    check_consistent(state)
    return state


def check_consistent(state: FrogState) -> None:
    """Refuse a state whose fields contradict each other: the phase and the deal's fields, the
    places of the cards, the scores and the payments (with the field at fault)."""
    phase = state.phase
    in_deal = phase in _DEAL_PHASES
    if (state.turn != NOBODY) != in_deal:
        raise FormatError("turn", f"a seat acts in phase {phase.value!r} exactly when it is a decision")
    if (state.dealer == NOBODY) != (phase is Phase.DEALER):
        raise FormatError("dealer", "the dealer is null exactly before the first dealer is drawn")
    if state.deals != len(state.history):
        raise FormatError("deals", f"{state.deals} deals done, but {len(state.history)} in the history")
    if phase is Phase.DEALER and state.deals:
        raise FormatError("deals", "the first dealer is drawn before any deal")
    start = state.rules.table.start_score()
    if sum(state.scores) != SEATS * start + sum(sum(r.changes) for r in state.history):
        raise FormatError("scores", f"the scores sum to {SEATS * start}: every settlement sums to zero")
    if bool(state.winners) != (phase is Phase.OVER):
        raise FormatError("winners", "the winners are listed exactly when the match is over")
    if not in_deal:
        empty = (state.hands == ((), (), ()), not state.widow, not state.calls, state.bidder == NOBODY,
                 state.contract is None, state.trump is None, not state.widow_taken, not state.discards,
                 state.leader == NOBODY, not state.trick, not state.tricks)  # fmt: skip
        if not all(empty):
            raise FormatError("phase", f"phase {phase.value!r} holds no deal: the deal's fields are empty")
        return
    _check_deal(state)


def cards_in_play(state: FrogState) -> Counter[Card]:
    """The cards a state holds in the deal's places (hands, the widow until it is taken, the
    discards, the trick on the table, the tricks taken): during a deal exactly the deck. Written
    here once for both that read it, the strict reader below and
    :func:`froeschis.games.frog.invariants.check_state` (the invariants import this module through
    the observation; the engine, which holds no rule conditions, is no place for it)."""
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    if not state.widow_taken:
        held.update(state.widow)
    held.update(state.discards)
    held.update(c for _, c in state.trick)
    for trick in state.tricks:
        held.update(trick.cards)
    return held


def _check_deal(state: FrogState) -> None:
    phase = state.phase
    held = cards_in_play(state)
    if held != Counter(state.rules.deck):
        raise FormatError("hands", "every card of the deck is in exactly one place during a deal")
    if state.widow_taken and not set(state.widow) <= set(held):
        raise FormatError("widow", "the widow taken is among the cards in play")
    won = (state.bidder != NOBODY, state.contract is not None)
    if phase is Phase.AUCTION:
        if any(won):
            raise FormatError("bidder", "the auction is not won yet")
    elif not all(won):
        raise FormatError("contract", f"phase {phase.value!r} follows a won auction: a bidder and a contract")
    if (state.trump is not None) != (phase is Phase.PLAY):
        raise FormatError("trump", "the trump suit is known exactly from the first lead on")
    if (
        phase is Phase.DISCARD or phase is Phase.WIDOW or phase is Phase.TRUMP
    ) and state.turn != state.bidder:
        raise FormatError("turn", f"the bidder acts in phase {phase.value!r}")
    if phase is not Phase.PLAY and (state.trick or state.tricks or state.leader != NOBODY):
        raise FormatError("tricks", "no card is played before the first lead")
    if phase is Phase.PLAY:
        if state.leader == NOBODY:
            raise FormatError("leader", "a trick has a leader")
        seats = [seat for seat, _ in state.trick]
        if len(set(seats)) != len(seats) or state.turn in seats or (seats and seats[0] != state.leader):
            raise FormatError("trick", "the trick's cards come from different seats, the leader's first")
