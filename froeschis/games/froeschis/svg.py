"""SVG pictures of cards, rows, game states and observations: pure string generation, no dependencies.

In the spirit of python-chess's ``chess.svg``: every function returns an :class:`Svg`, a ``str``
holding one complete ``<svg>`` element that a browser, a Sphinx page or Jupyter shows as a picture
(Jupyter calls ``_repr_svg_``, which :class:`~froeschis.games.froeschis.state.GameState` and
:class:`~froeschis.games.froeschis.observation.Observation` also have).

>>> from froeschis import number
>>> from froeschis.games.froeschis import svg
>>> picture = svg.card(number(4))
>>> picture.startswith("<svg") and "4</text>" in picture
True

Face-down cards are drawn as card backs. A :class:`~froeschis.games.froeschis.state.GameState` knows what lies
face down; ``reveal_hidden=True`` prints it small in the corner of the back (a view nobody at the
table has). An :class:`~froeschis.games.froeschis.observation.Observation` has nothing to reveal.
The pictures use no ids, so any number of them can share one HTML page.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape
from typing import NamedTuple

from froeschis.games.froeschis.actions import AnyAction
from froeschis.games.froeschis.cards import FROG, Card, Row
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.observation import Observation
from froeschis.games.froeschis.state import Phase

CARD_WIDTH = 40
CARD_HEIGHT = 56
GAP = 6
"""Space between two cards of a row."""
LABEL_WIDTH = 64
"""Room left of the rows for the seat labels."""
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

NUMBER_COLOURS = ("#d32f2f", "#ef6c00", "#c79100", "#558b2f", "#00897b", "#1e88e5", "#5e35b1", "#c2185b")
"""The colour of each number 1, 2, ...; numbers above 8 (custom decks) reuse them in turn."""
HIGHLIGHT = "#ff9800"
BACK = "#37474f"
FROG_GREEN = "#43a047"


class Svg(str):
    """An SVG picture as text; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


class Cell(NamedTuple):
    """How one spot is drawn: the face-up ``card``, or a back (``card`` is None) that may
    ``peek`` at the card lying face down."""

    card: Card | None
    peek: Card | None = None


class Step(NamedTuple):
    """One step of a turn as :func:`turn_steps` shows it: the events of the step (none for the
    picture before the action), the acting seat's row and card in hand after it, and the picture."""

    events: tuple[Event, ...]
    row: Row
    hand: Card | None
    svg: Svg


def _fmt(value: float) -> str:
    return f"{value:g}"


def _text(x: float, y: float, text: str, size: float, *, fill: str = "#212121", **attrs: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{escape(val)}"' for key, val in attrs.items())
    return (
        f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(size)}" fill="{fill}"'
        f' font-family="{FONT}"{extra}>{escape(text)}</text>'
    )


def _text_width(text: str, size: float) -> float:
    """A bound on the width of a line of ``text`` at ``size`` from x = 4 (DejaVu Sans Bold
    averages 0.6 em a character on the headers; Chromium measured 0.58 to 0.59)."""
    return 4 + 0.62 * size * len(text)


def _rect(
    x: float, y: float, w: float, h: float, fill: str, stroke: str, width: float = 1.5, **attrs: str
) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{escape(val)}"' for key, val in attrs.items())
    return (
        f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="5"'
        f' fill="{fill}" stroke="{stroke}" stroke-width="{_fmt(width)}"{extra}/>'
    )


def number_colour(n: int) -> str:
    """The colour a number card is drawn in."""
    return NUMBER_COLOURS[(n - 1) % len(NUMBER_COLOURS)]


def _card_face(card: Card, x: float, y: float) -> list[str]:
    w, h = CARD_WIDTH, CARD_HEIGHT
    cx = x + w / 2
    if card.is_frog:
        return [
            _rect(x, y, w, h, "#e8f5e9", FROG_GREEN),
            f'<ellipse cx="{_fmt(cx)}" cy="{_fmt(y + 33)}" rx="14" ry="11" fill="{FROG_GREEN}"/>',
            *(
                f'<circle cx="{_fmt(cx + dx)}" cy="{_fmt(y + 21)}" r="5.5" fill="{FROG_GREEN}"/>'
                f'<circle cx="{_fmt(cx + dx)}" cy="{_fmt(y + 21)}" r="3" fill="#ffffff"/>'
                f'<circle cx="{_fmt(cx + dx)}" cy="{_fmt(y + 21.5)}" r="1.4" fill="#212121"/>'
                for dx in (-7, 7)
            ),
            f'<path d="M {_fmt(cx - 6)} {_fmt(y + 35)} Q {_fmt(cx)} {_fmt(y + 40)}'
            f' {_fmt(cx + 6)} {_fmt(y + 35)}"'
            ' fill="none" stroke="#1b5e20" stroke-width="1.5" stroke-linecap="round"/>',
            _text(x + 4, y + 12, "F", 9, fill="#1b5e20"),
        ]
    if card.is_trash:
        bin_x, bin_y = cx - 9, y + 22
        return [
            _rect(x, y, w, h, "#f5f5f5", "#9e9e9e"),
            f'<path d="M {_fmt(bin_x)} {_fmt(bin_y)} h 18 l -2 20 h -14 z" fill="#bdbdbd" stroke="#616161"'
            ' stroke-width="1.2"/>',
            f'<path d="M {_fmt(bin_x - 2)} {_fmt(bin_y - 3)} h 22 M {_fmt(cx - 3)} {_fmt(bin_y - 3)}'
            f' v -3 h 6 v 3 M {_fmt(cx - 4)} {_fmt(bin_y + 4)} v 13 M {_fmt(cx + 4)} {_fmt(bin_y + 4)} v 13"'
            ' fill="none" stroke="#616161" stroke-width="1.2"/>',
            _text(x + 4, y + 12, "T", 9, fill="#616161"),
        ]
    colour = number_colour(card.number)
    return [
        _rect(x, y, w, h, "#ffffff", colour, 2),
        _text(cx, y + h / 2 + 9, str(card.number), 26, fill=colour, text_anchor="middle", font_weight="bold"),
    ]


def _card_back(x: float, y: float, peek: Card | None) -> list[str]:
    w, h = CARD_WIDTH, CARD_HEIGHT
    cx, cy = x + w / 2, y + h / 2
    parts = [
        _rect(x, y, w, h, BACK, "#263238"),
        _rect(x + 4, y + 4, w - 8, h - 8, "none", "#90a4ae", 1),
        f'<path d="M {_fmt(cx)} {_fmt(cy - 10)} l 7 10 l -7 10 l -7 -10 z" fill="none" stroke="#90a4ae"'
        ' stroke-width="1"/>',
    ]
    if peek is not None:
        parts.append(_text(x + w - 6, y + 14, str(peek), 10, fill="#eceff1", text_anchor="end"))
    return parts


def _cell(cell: Cell | None, x: float, y: float, highlighted: bool = False) -> list[str]:
    """A card (face up or down) or, for ``None``, an empty dashed place."""
    if cell is None:
        parts = [_rect(x, y, CARD_WIDTH, CARD_HEIGHT, "none", "#bdbdbd", 1.2, stroke_dasharray="4 3")]
    elif cell.card is None:
        parts = _card_back(x, y, cell.peek)
    else:
        parts = _card_face(cell.card, x, y)
    if highlighted:
        parts.append(_rect(x - 3, y - 3, CARD_WIDTH + 6, CARD_HEIGHT + 6, "none", HIGHLIGHT, 3))
    return parts


def _document(width: float, height: float, body: Iterable[str], title: str, scale: float) -> Svg:
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {_fmt(width)} {_fmt(height)}"'
        f' width="{_fmt(width * scale)}" height="{_fmt(height * scale)}">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def _describe(card: Card | None) -> str:
    if card is None:
        return "face down"
    return "frog" if card.is_frog else "trash" if card.is_trash else str(card.number)


def card(card: Card | None, *, scale: float = 1.0) -> Svg:
    """One card: face up, or its back for ``None``."""
    return _document(CARD_WIDTH + 8, CARD_HEIGHT + 8, _cell(Cell(card), 4, 4), _describe(card), scale)


def _row_cells(row: Row, reveal_hidden: bool) -> list[Cell]:
    return [Cell(s.card) if s.face_up else Cell(None, s.card if reveal_hidden else None) for s in row.spots]


def _cells_width(count: int) -> float:
    return count * CARD_WIDTH + max(count - 1, 0) * GAP


def _draw_cells(cells: Sequence[Cell | None], x: float, y: float, highlight: Collection[int]) -> list[str]:
    """The cards of a row from (x, y), each with its spot number (1, 2, ...) below it."""
    parts: list[str] = []
    for i, cell in enumerate(cells, 1):
        cx = x + (i - 1) * (CARD_WIDTH + GAP)
        parts += _cell(cell, cx, y, i in highlight)
        parts.append(
            _text(cx + CARD_WIDTH / 2, y + CARD_HEIGHT + 14, str(i), 11, fill="#757575", text_anchor="middle")
        )
    return parts


def _labelled(x: float, y: float, label: str, cell: Cell | None, highlighted: bool = False) -> list[str]:
    return [
        _text(x + CARD_WIDTH / 2, y + CARD_HEIGHT + 14, label, 11, fill="#616161", text_anchor="middle")
    ] + _cell(cell, x, y, highlighted)


def row(
    row: Row,
    *,
    hand: Card | None = None,
    show_hand: bool = False,
    discard: Card | None = None,
    highlight: Collection[int] = (),
    reveal_hidden: bool = False,
    scale: float = 1.0,
) -> Svg:
    """A row of cards with the spot numbers below them.

    ``show_hand`` (implied by a ``hand``) draws the card in hand left of the row, an empty place if
    there is none; ``discard`` draws the discard pile's top card right of it. ``highlight`` marks
    spots by number.
    """
    show_hand = show_hand or hand is not None
    x = 4.0
    parts: list[str] = []
    if show_hand:
        parts += _labelled(x, 8, "hand", None if hand is None else Cell(hand))
        x += CARD_WIDTH + 3 * GAP
    parts += _draw_cells(_row_cells(row, reveal_hidden), x, 8, highlight)
    x += _cells_width(len(row))
    if discard is not None:
        x += 3 * GAP
        parts += _labelled(x, 8, "discard", Cell(discard))
        x += CARD_WIDTH
    title = "row: " + ", ".join(_describe(c.card) for c in _row_cells(row, False))
    if show_hand:
        title += f"; in hand: {_describe(hand) if hand is not None else 'nothing'}"
    return _document(x + 4, CARD_HEIGHT + 30, parts, title, scale)


class _Table(NamedTuple):
    """What the state and observation pictures share."""

    header: str
    rows: Sequence[Sequence[Cell]]
    lengths: Sequence[int]
    marker: int | None
    seat_notes: Mapping[int, Sequence[str]]
    draw_size: int
    discard: Sequence[Card]
    hand: Card | None
    footer: str


def _table(table: _Table, highlight: Collection[tuple[int, int]], scale: float) -> Svg:
    pile_y = 30.0
    parts = [_text(4, 18, table.header, 14, font_weight="bold")]
    draw_label = f"draw {table.draw_size}"
    parts += _labelled(LABEL_WIDTH, pile_y, draw_label, Cell(None) if table.draw_size else None)
    discard_label = f"discard {len(table.discard)}"
    top = Cell(table.discard[0]) if table.discard else None
    parts += _labelled(LABEL_WIDTH + CARD_WIDTH + 3 * GAP, pile_y, discard_label, top)
    hand = None if table.hand is None else Cell(table.hand)
    parts += _labelled(LABEL_WIDTH + 2 * (CARD_WIDTH + 3 * GAP), pile_y, "hand", hand)
    width: float = LABEL_WIDTH + 3 * (CARD_WIDTH + 3 * GAP)
    y = pile_y + CARD_HEIGHT + 30
    for seat, cells in enumerate(table.rows):
        label = f"seat {seat}" + (" \u25b6" if seat == table.marker else "")
        parts.append(
            _text(
                4,
                y + CARD_HEIGHT / 2 + 4,
                label,
                12,
                font_weight="bold" if seat == table.marker else "normal",
            )
        )
        for line, note in enumerate(table.seat_notes.get(seat, ()), 1):
            parts.append(_text(4, y + CARD_HEIGHT / 2 + 4 + 13 * line, note, 10, fill="#616161"))
        shown: Sequence[Cell | None] = cells if cells else [None] * table.lengths[seat]
        spots = {spot for s, spot in highlight if s == seat}
        parts += _draw_cells(shown, LABEL_WIDTH, y, spots)
        width = max(width, LABEL_WIDTH + _cells_width(len(shown)))
        y += CARD_HEIGHT + 26
    if table.footer:
        parts.append(_text(4, y + 4, table.footer, 11, fill="#424242"))
        y += 14
    # the header ("Game over after round 2: seat 1, seat 2 won") and the footer fit, not cut off
    width = max(width, _text_width(table.header, 14), _text_width(table.footer, 11))
    return _document(width + 8, y, parts, table.header, scale)


def _header(phase: Phase, round_number: int, turn: int, winners: Sequence[int]) -> str:
    if phase is Phase.OVER:
        return f"Game over after round {round_number}: " + ", ".join(f"seat {w}" for w in winners) + " won"
    if phase is Phase.DEAL:
        return f"Round {round_number}: waiting for the deal"
    if phase is Phase.RESHUFFLE:
        return f"Round {round_number}: seat {turn} draws; the discard pile is reshuffled"
    doing = {Phase.DRAW: "takes a card", Phase.FROG: "places the frog", Phase.SWAP: "decides about the swap"}
    return f"Round {round_number}: seat {turn} {doing[phase]}"


def _seat_notes(lengths: Sequence[int], first_completer: int | None) -> dict[int, list[str]]:
    """The small print under each seat label: the row length, and who completed first."""
    notes = {seat: [f"{length} spots"] for seat, length in enumerate(lengths)}
    if first_completer is not None:
        notes[first_completer].append("completed")
    return notes


def game_state(
    state: GameState,
    *,
    highlight: Collection[tuple[int, int]] = (),
    reveal_hidden: bool = False,
    scale: float = 1.0,
) -> Svg:
    """The whole table: the piles, the card in hand and every seat's row.

    ``highlight`` marks spots as ``(seat, spot)`` pairs. ``reveal_hidden`` prints each face-down
    card small on its back.
    """
    marker = None if state.is_terminal else state.turn
    rows = [_row_cells(p.row, reveal_hidden) for p in state.players]
    lengths = [p.length for p in state.players]
    table = _Table(
        header=_header(state.phase, state.round, state.turn, state.winners),
        rows=rows,
        lengths=lengths,
        marker=marker,
        seat_notes=_seat_notes(lengths, state.first_completer),
        draw_size=len(state.draw_pile),
        discard=state.discard_pile,
        hand=state.hand,
        footer="",
    )
    return _table(table, highlight, scale)


def observation(
    observation: Observation, *, highlight: Collection[tuple[int, int]] = (), scale: float = 1.0
) -> Svg:
    """What one seat sees: every face-down card as a back, and the observer's legal actions."""
    rows = [[Cell(c) for c in cells] for cells in observation.rows]
    marker = None if observation.phase is Phase.OVER else observation.turn
    notes = _seat_notes(observation.lengths, observation.first_completer)
    notes[observation.seat].insert(0, "you")
    actions = ", ".join(str(a) for a in observation.legal_actions)
    table = _Table(
        header=_header(observation.phase, observation.round, observation.turn, observation.winners),
        rows=rows,
        lengths=observation.lengths,
        marker=marker,
        seat_notes=notes,
        draw_size=observation.draw_pile_size,
        discard=observation.discard_pile,
        hand=observation.hand,
        footer=f"seat {observation.seat} may: {actions}" if actions else f"seat {observation.seat} waits",
    )
    return _table(table, highlight, scale)


def picture(thing: GameState | Observation | Row | Card) -> Svg:
    """The picture of a state, an observation, a row or a card, with the default options."""
    if isinstance(thing, GameState):
        return game_state(thing)
    if isinstance(thing, Observation):
        return observation(thing)
    if isinstance(thing, Row):
        return row(thing)
    return card(thing)


_PLACEMENTS = (EventKind.PLACED, EventKind.FROG_PLACED, EventKind.FROG_SWAPPED)


def turn_steps(state: GameState, action: AnyAction, *, scale: float = 1.0) -> tuple[Step, ...]:
    """The turn of the seat to play, step by step: ``action`` applied to ``state``, one picture
    before it and one per step of the forced chain that follows.

    A step is a card taken, a placement (with the card it reveals) or a discard; its picture shows
    the seat's row, the card in hand, the discard pile's top card and the spots the step touched.
    The steps are rebuilt from the events of ``state.step(action)``, so they show exactly what
    the engine did. ``state`` must wait for a decision or a reshuffle, not for a deal.
    """
    if state.phase is Phase.DEAL or state.is_terminal:
        raise ValueError(f"no turn to show in phase {state.phase.value!r}")
    seat = state.turn
    _, events = state.step(action)
    current_row, hand = state.row(seat), state.hand
    discard = state.discard_pile[0] if state.discard_pile else None

    def frame(step_events: tuple[Event, ...]) -> Step:
        spots = {e.spot for e in step_events if e.spot is not None}
        image = row(current_row, hand=hand, show_hand=True, discard=discard, highlight=spots, scale=scale)
        return Step(step_events, current_row, hand, image)

    steps = [frame(())]
    pending: list[Event] = []
    for event in events:
        if event.seat != seat:
            continue
        kind = event.kind
        if kind is EventKind.REVEALED and pending:
            hand = event.card
            pending.append(event)
            steps.append(frame(tuple(pending)))
            pending = []
            continue
        if pending:
            steps.append(frame(tuple(pending)))
            pending = []
        if kind in (EventKind.DREW, EventKind.TOOK_DISCARD):
            if kind is EventKind.TOOK_DISCARD and discard is not None:
                rest = state.discard_pile[1:]
                discard = rest[0] if rest else None
            hand = event.card
            steps.append(frame((event,)))
        elif kind in _PLACEMENTS and event.spot is not None and event.card is not None:
            current_row = current_row.replace(event.spot, event.card)
            hand = FROG if kind is EventKind.FROG_SWAPPED else None
            if kind is EventKind.FROG_SWAPPED:
                steps.append(frame((event,)))
            else:
                pending.append(event)
        elif kind is EventKind.DISCARDED:
            hand, discard = None, event.card
            steps.append(frame((event,)))
    if pending:
        steps.append(frame(tuple(pending)))
    return tuple(steps)
