"""Fröschis' tiny configurations: custom decks of 5-7 cards and rows of 1-2 spots, each under every
variant, whose whole state graph the walk visits (``spec/froeschis/census.toml``)."""

from __future__ import annotations

import attrs

from froeschis.framework.game import Tiny
from froeschis.games.froeschis.cards import Card, parse_card
from froeschis.games.froeschis.rules import Rules, with_variants


def tiny_deck(text: str) -> tuple[Card, ...]:
    """A deck written as card texts, e.g. ``"1 1 2 F T"``."""
    return tuple(parse_card(token) for token in text.split())


@attrs.frozen
class TinyConfig:
    """A tiny game whose whole state graph is walked (and recorded in ``spec/froeschis/census.toml``)."""

    name: str
    players: int
    row_length: int
    deck: str
    variant: str | None = None
    """A Rules option switched on (see :data:`froeschis.games.froeschis.rules.VARIANT_OPTIONS`), or None."""

    def rules(self) -> Rules:
        rules = Rules(deck=tiny_deck(self.deck), row_length=self.row_length)
        return with_variants(rules, self.variant) if self.variant else rules

    def tiny(self) -> Tiny:
        """The configuration as the framework's walk takes it."""
        details = (("row_length", self.row_length), ("deck", self.deck), ("variant", self.variant or "none"))
        return Tiny(self.name, self.players, self.rules(), details, PERFT_DEPTH)


_BASES = (
    ("duel-one-spot", 2, 1, "1 1 F T T"),
    ("trio-one-spot", 3, 1, "1 1 1 F T T"),
    ("duel-two-spots-lean", 2, 2, "1 2 2 F T T"),
    ("duel-two-spots", 2, 2, "1 1 2 2 F T T"),
)
TINY_CONFIGS = tuple(
    TinyConfig(f"{name}{'+' + variant if variant else ''}", players, row, deck, variant)
    for name, players, row, deck in _BASES
    for variant in (None, "discard_only_if_placeable", "optional_frog_swap", "reveal_at_round_end")
)
PERFT_DEPTH = 4
