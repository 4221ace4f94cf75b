"""Lossless JSON for rules, actions, states and game records, with strict loading.

Formats (documented in ``docs/formats.rst``): cards are strings (``"1"``..., ``"F"``, ``"T"``);
a spot is ``"3"`` face up or ``"[3]"`` face down; piles list the top card first; player actions
are their text form (``"draw"``, ``"frog@3"``); a chance outcome is ``{"shuffle": [cards]}``.
Loading rejects anything malformed or inconsistent with a :class:`FormatError` naming the field:
unknown or missing keys, wrong types, cards that are not in the deck, a phase that does not fit
the rest of the state. Nothing is coerced.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from froeschis.core import clauses as c
from froeschis.core.actions import Action, AnyAction, Shuffle
from froeschis.core.cards import EMPTY_ROW, Card, Row, parse_card, parse_spot
from froeschis.core.errors import FormatError, RulesError
from froeschis.core.events import Event, EventKind
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.core.state import GameState, Phase, Player

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


def _object(
    value: object, field: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise FormatError(field, f"expected an object, got {type(value).__name__}")
    missing = required - value.keys()
    if missing:
        raise FormatError(field, f"missing keys {sorted(missing)}")
    unknown = value.keys() - required - optional
    if unknown:
        raise FormatError(field, f"unknown keys {sorted(unknown)}")
    return value


def _int(value: object, field: str, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(field, f"expected a whole number, got {value!r}")
    if low is not None and value < low:
        raise FormatError(field, f"must be at least {low}, got {value}")
    return value


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(field, f"expected true or false, got {value!r}")
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise FormatError(field, f"expected a list, got {type(value).__name__}")
    return value


def _cards(value: object, field: str) -> tuple[Card, ...]:
    return tuple(parse_card(x, f"{field}[{i}]") for i, x in enumerate(_list(value, field)))


def _format(data: Mapping[str, Any], expected: str) -> None:
    if data["format"] != expected:
        raise FormatError("format", f"expected {expected!r}, got {data['format']!r}")


# --------------------------------------------------------------------------- rules


def rules_to_json(rules: Rules) -> dict[str, Any]:
    counts = rules.deck_counts()
    return {
        "discard_only_if_placeable": rules.discard_only_if_placeable,
        "optional_frog_swap": rules.optional_frog_swap,
        "reveal_at_round_end": rules.reveal_at_round_end,
        "row_length": rules.row_length,
        "deck": {str(card): counts[card] for card in sorted(counts)},
    }


def rules_from_json(value: object, field: str = "rules") -> Rules:
    keys = {"discard_only_if_placeable", "optional_frog_swap", "reveal_at_round_end", "row_length", "deck"}
    data = _object(value, field, keys)
    deck_data = data["deck"]
    if not isinstance(deck_data, dict):
        raise FormatError(f"{field}.deck", "expected an object mapping cards to counts")
    deck: list[Card] = []
    for text, count in deck_data.items():
        card = parse_card(text, f"{field}.deck key")
        copies = _int(count, f"{field}.deck[{text!r}]", low=1)
        if copies > MAX_COPIES:
            raise FormatError(f"{field}.deck[{text!r}]", f"{copies} copies: at most {MAX_COPIES} of a card")
        deck += [card] * copies
    return Rules(
        discard_only_if_placeable=_bool(
            data["discard_only_if_placeable"], f"{field}.discard_only_if_placeable"
        ),
        optional_frog_swap=_bool(data["optional_frog_swap"], f"{field}.optional_frog_swap"),
        reveal_at_round_end=_bool(data["reveal_at_round_end"], f"{field}.reveal_at_round_end"),
        row_length=_int(data["row_length"], f"{field}.row_length", low=1),
        deck=tuple(deck),
    )


# --------------------------------------------------------------------------- actions


def action_to_json(action: AnyAction) -> str | dict[str, list[str]]:
    if isinstance(action, Shuffle):
        return {"shuffle": [str(card) for card in action.order]}
    return str(action)


def action_from_json(value: object, field: str = "action") -> AnyAction:
    if isinstance(value, dict):
        data = _object(value, field, {"shuffle"})
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


def event_from_json(value: object, field: str = "event") -> Event:
    data = _object(value, field, {"kind", "clauses"}, {"seat", "card", "spot", "seats"})
    kinds = {k.value: k for k in EventKind}
    if data["kind"] not in kinds:
        raise FormatError(f"{field}.kind", f"unknown event kind {data['kind']!r}")
    clause_ids = _list(data["clauses"], f"{field}.clauses")
    if not clause_ids or not all(isinstance(x, str) for x in clause_ids):
        raise FormatError(f"{field}.clauses", "expected a non-empty list of clause IDs")
    return Event(
        kind=kinds[data["kind"]],
        clauses=tuple(clause_ids),
        seat=_int(data["seat"], f"{field}.seat", low=0) if "seat" in data else None,
        card=parse_card(data["card"], f"{field}.card") if "card" in data else None,
        spot=_int(data["spot"], f"{field}.spot", low=1) if "spot" in data else None,
        seats=tuple(_int(x, f"{field}.seats", low=0) for x in _list(data.get("seats", []), f"{field}.seats")),
    )


# --------------------------------------------------------------------------- states


def _row_from_json(value: object, field: str) -> Row:
    return Row(tuple(parse_spot(text, f"{field}[{i}]") for i, text in enumerate(_list(value, field))))


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


def state_from_json(value: object) -> GameState:
    """A state from its JSON form; :class:`FormatError` if malformed or inconsistent."""
    data = _object(value, "state", set(STATE_KEYS))
    _format(data, STATE_FORMAT)
    rules = rules_from_json(data["rules"])
    phases = {p.value: p for p in Phase}
    if data["phase"] not in phases:
        raise FormatError("phase", f"unknown phase {data['phase']!r}; expected one of {sorted(phases)}")
    players = []
    for i, p in enumerate(_list(data["players"], "players")):
        where = f"players[{i}]"
        pdata = _object(p, where, {"length", "row"})
        players.append(
            Player(
                _int(pdata["length"], f"{where}.length", low=1), _row_from_json(pdata["row"], f"{where}.row")
            )
        )
    first = data["first_completer"]
    state = GameState(
        rules=rules,
        phase=phases[data["phase"]],
        round=_int(data["round"], "round", low=1),
        turn=_int(data["turn"], "turn", low=0),
        players=tuple(players),
        draw_pile=_cards(data["draw_pile"], "draw_pile"),
        discard_pile=_cards(data["discard_pile"], "discard_pile"),
        hand=None if data["hand"] is None else parse_card(data["hand"], "hand"),
        first_completer=None if first is None else _int(first, "first_completer", low=0),
        winners=tuple(
            _int(w, f"winners[{i}]", low=0) for i, w in enumerate(_list(data["winners"], "winners"))
        ),
    )
    check_consistent(state)
    return state


def check_consistent(state: GameState) -> None:
    """Raise :class:`FormatError` unless ``state`` could arise in a game under its rules."""
    n = state.num_players
    try:
        c.check_setup(state.rules, n)
    except RulesError as error:
        raise FormatError("players", str(error)) from None
    if state.turn >= n:
        raise FormatError("turn", f"seat {state.turn} does not exist with {n} players")
    held = list(state.draw_pile) + list(state.discard_pile) + ([state.hand] if state.hand else [])
    for p in state.players:
        held += [s.card for s in p.row.spots]
    if Counter(held) != state.rules.deck_counts():
        extra = Counter(held) - state.rules.deck_counts()
        lost = state.rules.deck_counts() - Counter(held)
        raise FormatError(
            "cards",
            f"the cards do not match the deck: extra {sorted(map(str, extra.elements()))}, "
            f"missing {sorted(map(str, lost.elements()))}",
        )
    _check_lengths(state)
    if state.phase is Phase.DEAL and state.draw_pile != state.rules.deck:
        raise FormatError("draw_pile", "before a deal all cards lie gathered and sorted in the draw pile")
    for seat, p in enumerate(state.players):
        if state.phase is Phase.DEAL:
            if p.row != EMPTY_ROW:
                raise FormatError(f"players[{seat}].row", "rows are empty until the deal")
            continue
        if len(p.row) != p.length:
            raise FormatError(f"players[{seat}].row", f"has {len(p.row)} spots, but the length is {p.length}")
        for i, s in enumerate(p.row.spots, 1):
            if s.face_up and not c.fits_spot(s.card, i):
                raise FormatError(f"players[{seat}].row[{i - 1}]", f"{s.card} lies face up on spot {i}")
    _check_phase(state)


def _check_lengths(state: GameState) -> None:
    """Every finished round shortened at least one row, and no row by more than one a round."""
    rounds_done = state.round - 1
    shrinks = [state.rules.row_length - p.length for p in state.players]
    for seat, shrink in enumerate(shrinks):
        if not 0 <= shrink <= rounds_done:
            raise FormatError(
                f"players[{seat}].length",
                f"{state.players[seat].length} cannot be reached from {state.rules.row_length} "
                f"in {rounds_done} finished rounds",
            )
    if sum(shrinks) < rounds_done:
        raise FormatError("round", f"round {state.round}, but only {sum(shrinks)} rows were ever completed")


def _check_phase(state: GameState) -> None:
    phase, hand = state.phase, state.hand
    if phase is Phase.DEAL and (state.discard_pile or state.first_completer is not None):
        raise FormatError("phase", "before a deal the discard pile is empty and nobody has completed")
    if (phase in (Phase.FROG, Phase.SWAP)) != (hand is not None):
        raise FormatError(
            "hand", f"a card is in hand exactly in the frog and swap phases, not in {phase.value!r}"
        )
    if phase is Phase.FROG and hand is not None and not hand.is_frog:
        raise FormatError("hand", "the frog phase needs a frog in hand")
    if phase is Phase.SWAP:
        if not state.rules.optional_frog_swap:
            raise FormatError("phase", "the swap phase exists only under the optional-frog-swap variant")
        row = state.row(state.turn)
        if hand is None or not hand.is_number or hand.number > len(row) or not c.can_swap_frog(hand, row):
            raise FormatError("hand", "the swap phase needs a number in hand whose spot holds a face-up frog")
    if phase is Phase.RESHUFFLE and state.draw_pile:
        raise FormatError("draw_pile", "a reshuffle happens only when the draw pile is empty")
    if (phase is Phase.OVER) != bool(state.winners):
        raise FormatError("winners", "there are winners exactly when the phase is 'over'")
    for i, w in enumerate(state.winners):
        if w >= state.num_players or state.players[w].length != 1 or not c.is_complete(state.row(w)):
            raise FormatError(f"winners[{i}]", f"seat {w} has not completed a one-spot row")
    if state.winners:
        one_spot = tuple(s for s, p in enumerate(state.players) if p.length == 1 and c.is_complete(p.row))
        if state.winners != one_spot:
            raise FormatError(
                "winners", f"must be every seat with a completed one-spot row, {list(one_spot)}"
            )
    first = state.first_completer
    if first is not None and (first >= state.num_players or not c.is_complete(state.row(first))):
        raise FormatError("first_completer", f"seat {first} has no completed row")
    if phase in (Phase.DRAW, Phase.FROG, Phase.SWAP, Phase.RESHUFFLE) and c.is_complete(
        state.row(state.turn)
    ):
        raise FormatError("turn", f"seat {state.turn} is to play but its row is already complete")


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
    data = _object(value, "record", {"format", "players", "rules", "actions"}, {"seed"})
    _format(data, RECORD_FORMAT)
    seed = data.get("seed")
    return GameRecord(
        players=_int(data["players"], "players", low=1),
        rules=rules_from_json(data["rules"]),
        actions=tuple(
            action_from_json(a, f"actions[{i}]") for i, a in enumerate(_list(data["actions"], "actions"))
        ),
        seed=None if seed is None else _int(seed, "seed"),
    )


def dumps(value: dict[str, Any]) -> str:
    """Stable JSON text (sorted keys are not used: field order is part of readability)."""
    return json.dumps(value, ensure_ascii=False)


def loads(text: str, what: str = "input") -> object:
    """Parse JSON text, turning a syntax error into a :class:`FormatError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(what, f"not valid JSON: {error}") from None
    except RecursionError:
        raise FormatError(what, "JSON nested too deeply") from None
    except ValueError as error:  # e.g. a number with more digits than Python converts
        raise FormatError(what, f"not valid JSON: {error}") from None
