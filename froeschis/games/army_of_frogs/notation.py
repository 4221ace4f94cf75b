"""A one-line text notation for positions and games, in the spirit of the Universal Hive Protocol's
game strings: readable, one line, and exact (parsing what is formatted gives the same state back).

A position is six fields separated by ``;`` (the sixth only when positions are remembered)::

    AoF2;move t7 s0;-1,1:0 0,-2:1 0,-1:1 0,0:1 0,1:1 0,2:1;01/00;0100101001

1. the game: ``AoF`` and the number of players, then ``+option`` for each variant switched on (in
   the catalogue's order) and ``+stones=k``, ``+link=k``, ``+rounds=k`` where a tiny configuration
   differs from the published ten, seven and fifty: ``AoF3+optional_move+stones=3``;
2. the clock: the phase (``shuffle``, ``move``, ``add``, ``over``), ``t`` and the turn, ``s`` and the
   seat, then ``p`` and the passed turns in a row if any, ``acted`` if the seat has moved or added in
   this turn, and ``w`` and the winner once there is one: ``over t12 s1 acted w1``;
3. the island: its stones ``q,r:colour`` ordered by cell, separated by spaces (``-``: empty);
4. the hands, seat 0 first, separated by ``/``: each its colours ascending (``-``: empty);
5. the bag: its colours in the order they will be drawn (before the shuffle: its contents, ascending);
6. the positions remembered (variant.repetition-draw): ``s`` and a seat, then its translated island's
   stones, each position after a ``|``: ``s0 0,0:1 1,0:0|s1 0,0:1 0,1:0``.

A game is a position, ``;;`` and its actions separated by ``;``:
``AoF2;shuffle t1 s0;-;-/-;00000000001111111111;;shuffle 0110...;no-move;add 1 0,0``.
Malformed text is refused with a :class:`~froeschis.framework.errors.FormatError` naming the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from froeschis.framework.errors import FormatError, shown
from froeschis.games.army_of_frogs.actions import (
    AnyAction,
    cell_text,
    colours_text,
    parse_action,
    parse_cell,
    parse_colour,
    parse_colours,
)
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.invariants import check_consistent
from froeschis.games.army_of_frogs.phases import Phase, Position
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.rules import Rules

GAME = "AoF"
MAX_LENGTH = 100_000
"""The longest notation read (a 40-stone game of 200 turns takes a few thousand characters)."""
_SIZES = {"stones": "stones_per_colour", "link": "link_at", "rounds": "rounds"}
_PHASES = {phase.value: phase for phase in Phase}
_DEFAULT = Rules()


# --------------------------------------------------------------------------- formatting


def format_position(state: ArmyState) -> str:
    """The position of ``state`` in the notation (rules with readings have none)."""
    if state.rules.readings:
        raise ValueError("rules with clause readings beyond the variants have no notation")
    fields = [
        _game_text(state.rules, state.num_players),
        _clock_text(state),
        _stones_text(state.island),
        "/".join(colours_text(hand) for hand in state.hands),
        colours_text(state.bag),
    ]
    if state.positions:
        fields.append("|".join(f"s{p.seat} {_stones_text(p.island)}" for p in state.positions))
    return ";".join(fields)


def format_game(start: ArmyState, actions: Iterable[AnyAction]) -> str:
    """A game: its starting position, then its actions."""
    return format_position(start) + ";;" + ";".join(str(action) for action in actions)


def _game_text(rules: Rules, players: int) -> str:
    parts = [f"{GAME}{players}"]
    parts += [option for option in VARIANT_OPTIONS if getattr(rules, option)]
    parts += [
        f"{short}={getattr(rules, name)}"
        for short, name in _SIZES.items()
        if getattr(rules, name) != getattr(_DEFAULT, name)
    ]
    return "+".join(parts)


def _clock_text(state: ArmyState) -> str:
    words = [state.phase.value, f"t{state.turn}", f"s{state.seat}"]
    if state.passes:
        words.append(f"p{state.passes}")
    if state.acted:
        words.append("acted")
    words += [f"w{seat}" for seat in state.winners]
    return " ".join(words)


def _stones_text(island: Island) -> str:
    return " ".join(f"{cell_text(cell)}:{colour}" for cell, colour in island.sorted_stones()) or "-"


# --------------------------------------------------------------------------- parsing


def parse_position(text: object) -> ArmyState:
    """The state written as ``text``; refused unless some game under its rules reaches it."""
    if not isinstance(text, str):
        raise FormatError("notation", f"a position is a string, not {shown(text)}")
    if len(text) > MAX_LENGTH:
        raise FormatError("notation", f"more than {MAX_LENGTH} characters: too long to read")
    fields = text.split(";")
    if len(fields) not in (5, 6):
        raise FormatError("notation", f"a position has 5 or 6 fields separated by ';', not {len(fields)}")
    rules, players = _parse_game(fields[0])
    phase, turn, seat, passes, acted, winners = _parse_clock(fields[1])
    hands = _parse_hands(fields[3], players)
    positions = (
        tuple(_parse_position_entry(entry, i) for i, entry in enumerate(fields[5].split("|")))
        if len(fields) == 6
        else ()
    )
    state = ArmyState(
        rules, phase, turn, seat, _parse_stones(fields[2], "notation: island"), hands,
        parse_colours(fields[4], "notation: bag"), passes, acted, winners, positions,
    )  # fmt: skip
    check_consistent(state)
    return state


def parse_game(text: object) -> tuple[ArmyState, tuple[AnyAction, ...]]:
    """A game's starting position and its actions (not played: :func:`replay` plays them)."""
    if not isinstance(text, str):
        raise FormatError("notation", f"a game is a string, not {shown(text)}")
    position, separator, actions = text.partition(";;")
    if not separator:
        raise FormatError("notation", "a game is a position, ';;' and its actions separated by ';'")
    words = actions.split(";") if actions else []
    return parse_position(position), tuple(
        parse_action(w, f"notation: action {i + 1}") for i, w in enumerate(words)
    )


def replay(text: str) -> ArmyState:
    """The state at the end of the game written as ``text`` (each action checked as it is played)."""
    state, actions = parse_game(text)
    for action in actions:
        state = state.apply(action)
    return state


def _parse_game(text: str) -> tuple[Rules, int]:
    field = "notation: game"
    head, *options = text.split("+")
    if not (head.startswith(GAME) and head[len(GAME) :] in ("2", "3", "4")):
        raise FormatError(field, f"the game is written {GAME}2, {GAME}3 or {GAME}4, not {shown(head)}")
    chosen: dict[str, Any] = {}
    for option in options:
        name, equals, number = option.partition("=")
        if equals and name in _SIZES and number.isascii() and number.isdigit() and len(number) <= 5:
            key = _SIZES[name]
        elif not equals and option in VARIANT_OPTIONS:
            key, number = option, ""
        else:
            known = [*VARIANT_OPTIONS, *(f"{short}=<n>" for short in _SIZES)]
            raise FormatError(field, f"unknown option {shown(option)}; expected one of {known}")
        if key in chosen:
            raise FormatError(field, f"option {shown(option)} is given twice")
        chosen[key] = int(number) if equals else True
    return Rules(**chosen), int(head[len(GAME) :])


def _parse_clock(text: str) -> tuple[Phase, int, int, int, bool, tuple[int, ...]]:
    field = "notation: clock"
    words = text.split(" ")
    if len(words) < 3 or words[0] not in _PHASES:
        raise FormatError(
            field, f"the clock is a phase ({', '.join(_PHASES)}), t<turn> and s<seat>, not {shown(text)}"
        )
    turn, seat = _number(words[1], "t", field), _number(words[2], "s", field)
    passes, acted, winners = 0, False, list[int]()
    for word in words[3:]:
        if word == "acted" and not acted and not winners:
            acted = True
        elif word.startswith("p") and not passes and not acted and not winners:
            passes = _number(word, "p", field)
        elif word.startswith("w"):
            winners.append(_number(word, "w", field))
        else:
            raise FormatError(
                field,
                f"unexpected {shown(word)}: after t and s come p<passes>, acted, w<seat>, in this order",
            )
    return _PHASES[words[0]], turn, seat, passes, acted, tuple(winners)


def _number(word: str, prefix: str, field: str) -> int:
    digits = word[len(prefix) :]
    if not (word.startswith(prefix) and digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise FormatError(field, f"expected {prefix} and a whole number, not {shown(word)}")
    if digits != str(int(digits)):
        raise FormatError(field, f"{shown(word)}: a number is written without leading zeros")
    return int(digits)


def _parse_stones(text: str, field: str) -> Island:
    if text == "-":
        return Island()
    stones: dict[Cell, Colour] = {}
    previous: Cell | None = None
    for i, word in enumerate(text.split(" ")):
        where = f"{field}[{i}]"
        cell_word, colon, colour_word = word.partition(":")
        if not colon:
            raise FormatError(where, f"a stone is written q,r:colour, not {shown(word)}")
        cell = parse_cell(cell_word, where)
        if previous is not None and cell <= previous:
            raise FormatError(where, f"stones are written in order of their cells, once each: {shown(word)}")
        stones[cell] = parse_colour(colour_word, where)
        previous = cell
    return Island(stones)


def _parse_hands(text: str, players: int) -> tuple[tuple[Colour, ...], ...]:
    words = text.split("/")
    if len(words) != players:
        raise FormatError("notation: hands", f"{players} players have {players} hands, not {len(words)}")
    hands = []
    for seat, word in enumerate(words):
        hand = parse_colours(word, f"notation: hands[{seat}]")
        if len(hand) > 2 or list(hand) != sorted(hand):
            raise FormatError(
                f"notation: hands[{seat}]", f"a hand is at most two colours, ascending: {shown(word)}"
            )
        hands.append(hand)
    return tuple(hands)


def _parse_position_entry(text: str, i: int) -> Position:
    field = f"notation: positions[{i}]"
    seat_word, _, stones = text.partition(" ")
    island = _parse_stones(stones, field)
    if island.translated() != island:
        raise FormatError(field, "a remembered island is written translated: its least cell is 0,0")
    return Position(_number(seat_word, "s", field), island)
