"""Lossless JSON for rules, actions, states and game records, with strict loading.

Formats (documented in ``docs/formats.rst``): cards are strings (``"1"``..., ``"F"``, ``"T"``);
a spot is ``"3"`` face up or ``"[3]"`` face down; piles list the top card first; player actions
are their text form (``"draw"``, ``"frog@3"``); a chance outcome is ``{"shuffle": [cards]}``.
Loading rejects anything malformed or inconsistent with a :class:`FormatError` naming the field:
unknown, missing or duplicate keys, wrong types, cards that are not in the deck, a phase that does
not fit the rest of the state. Nothing is coerced. A message quotes input only by a short prefix
(:func:`~froeschis.framework.errors.shown`), and text longer than
:data:`~froeschis.framework.jsontext.MAX_TEXT` is not read at all.
"""

from __future__ import annotations

from typing import Any

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.fields import boolean, check_format, json_object, listed, named, whole
from froeschis.games.froeschis.actions import Action, AnyAction, Shuffle
from froeschis.games.froeschis.cards import Card, Row, parse_card, parse_spot
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.invariants import check_consistent
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase, Player

MAX_COPIES = 1000
"""The most copies of one card a deck may have (a bound, so that no input can exhaust memory)."""

STATE_FORMAT = "froeschis.state/1"
STATE_KEYS = (
    "format",
    "rules",
    "phase",
    "round",
    "turn",
    "players",
    "draw_pile",
    "discard_pile",
    "hand",
    "first_completer",
    "winners",
)
"""The fields of a state's JSON form, in the order they are written."""
RECORD_FORMAT = "froeschis.record/1"

# --------------------------------------------------------------------------- helpers


def _cards(value: object, field: str) -> tuple[Card, ...]:
    return tuple(parse_card(x, f"{field}[{i}]") for i, x in enumerate(listed(value, field)))


# --------------------------------------------------------------------------- rules


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as JSON: one key per variant option (in the order of the variants list), the row
    length, and the deck as card counts. Rules with readings beyond the variants have no JSON form."""
    if rules.readings:
        raise ValueError("rules with clause readings beyond the variants (Rules.readings) have no JSON form")
    counts = rules.deck_counts()
    return {
        **{option: getattr(rules, option) for option in VARIANT_OPTIONS},
        "row_length": rules.row_length,
        "deck": {str(card): counts[card] for card in sorted(counts)},
    }


def rules_from_json(value: object, field: str = "rules") -> Rules:
    data = json_object(value, field, {*VARIANT_OPTIONS, "row_length", "deck"})
    deck_data = data["deck"]
    if not isinstance(deck_data, dict):
        raise FormatError(f"{field}.deck", "expected an object mapping cards to counts")
    deck: list[Card] = []
    for text, count in deck_data.items():
        card = parse_card(text, f"{field}.deck key")
        copies = whole(count, f"{field}.deck[{shown(text)}]", low=1)
        if copies > MAX_COPIES:
            raise FormatError(
                f"{field}.deck[{shown(text)}]", f"{shown(copies)} copies: at most {MAX_COPIES} of a card"
            )
        deck += [card] * copies
    options: dict[str, Any] = {
        option: boolean(data[option], f"{field}.{option}") for option in VARIANT_OPTIONS
    }
    rules = Rules(row_length=whole(data["row_length"], f"{field}.row_length", low=1), deck=tuple(deck))
    return attrs.evolve(rules, **options)


# --------------------------------------------------------------------------- actions


def action_to_json(action: AnyAction) -> str | dict[str, list[str]]:
    if isinstance(action, Shuffle):
        return {"shuffle": [str(card) for card in action.order]}
    return str(action)


def action_from_json(value: object, field: str = "action") -> AnyAction:
    if isinstance(value, dict):
        data = json_object(value, field, {"shuffle"})
        return Shuffle(_cards(data["shuffle"], f"{field}.shuffle"))
    return Action.parse(value, field)


# --------------------------------------------------------------------------- events


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as JSON; fields that do not apply to it are left out."""
    data: dict[str, Any] = {"kind": event.kind.value, "clauses": list(event.clauses)}
    if event.seat is not None:
        data["seat"] = event.seat
    if event.card is not None:
        data["card"] = str(event.card)
    if event.spot is not None:
        data["spot"] = event.spot
    if event.seats:
        data["seats"] = list(event.seats)
    return data


_EVENT_KINDS = {k.value: k for k in EventKind}


def event_from_json(value: object, field: str = "event") -> Event:
    data = json_object(value, field, {"kind", "clauses"}, {"seat", "card", "spot", "seats"})
    kind = named(data["kind"], _EVENT_KINDS, f"{field}.kind", "event kind")
    clause_ids = listed(data["clauses"], f"{field}.clauses")
    if not clause_ids or not all(isinstance(x, str) for x in clause_ids):
        raise FormatError(f"{field}.clauses", "expected a non-empty list of clause IDs")
    return Event(
        kind=kind,
        clauses=tuple(clause_ids),
        seat=whole(data["seat"], f"{field}.seat", low=0) if "seat" in data else None,
        card=parse_card(data["card"], f"{field}.card") if "card" in data else None,
        spot=whole(data["spot"], f"{field}.spot", low=1) if "spot" in data else None,
        seats=tuple(
            whole(x, f"{field}.seats", low=0) for x in listed(data.get("seats", []), f"{field}.seats")
        ),
    )


# --------------------------------------------------------------------------- states


def _row_from_json(value: object, field: str) -> Row:
    return Row(tuple(parse_spot(text, f"{field}[{i}]") for i, text in enumerate(listed(value, field))))


def state_to_json(state: GameState) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "round": state.round,
        "turn": state.turn,
        "players": [{"length": p.length, "row": [str(s) for s in p.row.spots]} for p in state.players],
        "draw_pile": [str(card) for card in state.draw_pile],
        "discard_pile": [str(card) for card in state.discard_pile],
        "hand": None if state.hand is None else str(state.hand),
        "first_completer": state.first_completer,
        "winners": list(state.winners),
    }


_PHASES = {p.value: p for p in Phase}


def state_from_json(value: object) -> GameState:
    """A state from its JSON form; :class:`FormatError` if malformed or inconsistent."""
    data = json_object(value, "state", set(STATE_KEYS))
    check_format(data, STATE_FORMAT)
    rules = rules_from_json(data["rules"])
    phase = named(data["phase"], _PHASES, "phase", "phase")
    players = []
    for i, p in enumerate(listed(data["players"], "players")):
        where = f"players[{i}]"
        pdata = json_object(p, where, {"length", "row"})
        players.append(
            Player(
                whole(pdata["length"], f"{where}.length", low=1), _row_from_json(pdata["row"], f"{where}.row")
            )
        )
    first = data["first_completer"]
    state = GameState(
        rules=rules,
        phase=phase,
        round=whole(data["round"], "round", low=1),
        turn=whole(data["turn"], "turn", low=0),
        players=tuple(players),
        draw_pile=_cards(data["draw_pile"], "draw_pile"),
        discard_pile=_cards(data["discard_pile"], "discard_pile"),
        hand=None if data["hand"] is None else parse_card(data["hand"], "hand"),
        first_completer=None if first is None else whole(first, "first_completer", low=0),
        winners=tuple(
            whole(w, f"winners[{i}]", low=0) for i, w in enumerate(listed(data["winners"], "winners"))
        ),
    )
    check_consistent(state)
    return state


# --------------------------------------------------------------------------- records


def record_to_json(record: GameRecord) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "players": record.players,
        "rules": rules_to_json(record.rules),
        "seed": record.seed,
        "actions": [action_to_json(a) for a in record.actions],
    }


def record_from_json(value: object) -> GameRecord:
    """A game record from JSON; the actions are parsed but not replayed (see ``replay``)."""
    data = json_object(value, "record", {"format", "players", "rules", "actions"}, {"seed"})
    check_format(data, RECORD_FORMAT)
    seed = data.get("seed")
    return GameRecord(
        players=whole(data["players"], "players", low=1),
        rules=rules_from_json(data["rules"]),
        actions=tuple(
            action_from_json(a, f"actions[{i}]") for i, a in enumerate(listed(data["actions"], "actions"))
        ),
        seed=None if seed is None else whole(seed, "seed"),
    )
