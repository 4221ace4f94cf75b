"""How Frog's golden playthroughs (``spec/frog/vectors``) are picked: the plan the seed search of
:func:`froeschis.verify.vectors.search` follows.

The published rules and each variant alone, a match of three deals, once with random bots and once
with the heuristic bots (who bid on strong hands, so that grand and chico are played and won); one
whole match by the published rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from froeschis.framework.game import PlaythroughPlan, Sample
from froeschis.games.frog.bots import Heuristic
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules


def _samples() -> Iterator[Sample]:
    for option in (None, *VARIANT_OPTIONS):
        label = "3p" + (f"-{option.replace('_', '-')}" if option else "")
        rules = Rules(**{option: True}) if option else Rules()  # type: ignore[arg-type]
        yield Sample(label, 3, rules)
        yield Sample(f"{label}-heuristic", 3, rules, Heuristic)


PLAN = PlaythroughPlan(
    samples=tuple(_samples()),
    whole_games=(Sample("3p", 3, Rules()),),
    whole_game_purpose="a whole match of three deals by the published rules, random bots",
    not_events=("view.own-hand", "view.public", "view.widow", "view.discards"),
)
"""Frog's plan (``froeschis vectors --game frog --search``)."""
