"""Frog as SVG pictures: a hand sorted by suit, the trick being played, a seat's table.

Plain SVG strings, no dependency: each card is a rounded rectangle with its rank and suit symbol,
hearts and diamonds in red. :func:`picture` draws what one seat sees (its hand and the current
trick), so it can be shown to a player without giving anything away.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from froeschis.games.frog.cards import Card, sort_cards
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.render import SUIT_SYMBOLS
from froeschis.games.frog.state import Plays

CARD_WIDTH, CARD_HEIGHT, GAP = 44, 62, 6
RED, BLACK = "#c0392b", "#1c1c1c"


def _card(c: Card, x: int, y: int) -> str:
    colour = RED if c.suit.value in "HD" else BLACK
    symbol = SUIT_SYMBOLS[c.suit.value]
    rank = "10" if c.rank == "T" else c.rank
    return (
        f'<g class="card" data-card="{c}">'
        f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        f'fill="white" stroke="#555"/>'
        f'<text x="{x + 5}" y="{y + 17}" font-size="15" font-family="sans-serif" '
        f'fill="{colour}">{rank}</text>'
        f'<text x="{x + CARD_WIDTH // 2}" y="{y + 46}" font-size="22" text-anchor="middle" '
        f'fill="{colour}">{symbol}</text></g>'
    )


def _svg(width: int, height: int, body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title>{body}</svg>'
    )


def _row(held: Iterable[Card], y: int) -> tuple[str, int]:
    """A row of cards from the left; its SVG and its width."""
    parts, x = [], GAP
    for c in held:
        parts.append(_card(c, x, y))
        x += CARD_WIDTH + GAP
    return "".join(parts), max(x, GAP + CARD_WIDTH + GAP)


def hand_svg(held: Iterable[Card], title: str = "a hand") -> str:
    """A hand sorted by suit (S H D C), highest first within a suit."""
    body, width = _row(sort_cards(held), GAP)
    return _svg(width, CARD_HEIGHT + 2 * GAP, body, title)


LABEL_HEIGHT = 16


def _trick_row(plays: Plays) -> tuple[str, int]:
    """The trick's cards from the left, each under the seat that played it; its SVG and width."""
    parts, x = [], GAP
    for seat, c in plays:
        parts.append(
            f'<text x="{x}" y="{GAP + 12}" font-size="12" font-family="sans-serif">seat {seat}</text>'
        )
        parts.append(_card(c, x, GAP + LABEL_HEIGHT))
        x += CARD_WIDTH + GAP
    return "".join(parts), max(x, GAP + CARD_WIDTH + GAP)


def trick_svg(plays: Plays, title: str = "the trick") -> str:
    """The trick as played, each card under the seat that played it."""
    body, width = _trick_row(plays)
    return _svg(width, CARD_HEIGHT + LABEL_HEIGHT + 2 * GAP, body, title)


def picture(state: FrogState, seat: int) -> str:
    """What ``seat`` sees on the table: the trick being played above, its own hand below."""
    trick, trick_width = _trick_row(state.trick)
    top = LABEL_HEIGHT + CARD_HEIGHT + 2 * GAP
    hand, hand_width = _row(state.hands[seat], top + GAP)
    return _svg(
        max(trick_width, hand_width), top + CARD_HEIGHT + 2 * GAP, trick + hand, f"seat {seat}: {state}"
    )
