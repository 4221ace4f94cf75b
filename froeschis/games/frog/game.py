"""Frog as the tools see it: the :class:`~froeschis.framework.game.Game` built from its modules."""

from __future__ import annotations

from froeschis.framework.game import Game
from froeschis.games.frog import bench, invariants, playthroughs, svg, tiny
from froeschis.games.frog.actions import Action, Shuffle
from froeschis.games.frog.bots import BOTS
from froeschis.games.frog.chance import chance_outcomes, sample_chance
from froeschis.games.frog.conformance import KIT
from froeschis.games.frog.encoding import ENCODING
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.engines import ENGINES
from froeschis.games.frog.observation import observe
from froeschis.games.frog.readings import TABLES, VARIANTS
from froeschis.games.frog.render import describe, drawn_after, render, render_hand, render_trick
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from froeschis.games.frog.spec import LANGUAGES, load_catalogue, spec_dir


def _action_text(action: Action) -> str:
    return f"shuffle of {len(action.order)} cards" if isinstance(action, Shuffle) else str(action)


def _seat_view(state: FrogState, seat: int) -> str:
    """What ``seat`` sees, as text for ``froeschis play``: the public table and its own hand by suit
    (no other hand, no widow, no discards: :func:`render` shows every card)."""
    lines = [f"deal {state.deal_number}, {state.phase.value}; scores " + " ".join(map(str, state.scores))]
    if state.calls:
        lines.append("auction: " + ", ".join(f"seat {s} {c.value if c else 'pass'}" for s, c in state.calls))
    if state.contract is not None:
        trump = state.trump.value if state.trump is not None else "to be named"
        lines.append(f"contract: {state.contract.value} by seat {state.bidder}, trumps {trump}")
    lines.append("cards held: " + ", ".join(f"seat {s} {len(hand)}" for s, hand in enumerate(state.hands)))
    if state.trick:
        lines.append(f"trick {len(state.tricks) + 1}: {render_trick(state.trick)}")
    lines.append(f"your hand: {render_hand(state.hands[seat])}")
    return "\n".join(lines)


def _picture(state: FrogState, seat: int | None) -> str:
    """The table as SVG: ``seat``'s view, or seat 0's (the referee's picture is the same table)."""
    return svg.picture(state, 0 if seat is None else seat)


def _progress(state: FrogState) -> str:
    return f"deal {state.deal_number}"


GAME = Game(
    name="frog",
    title="Frog",
    spec=spec_dir,
    catalogue=load_catalogue,
    languages=LANGUAGES,
    players=(3,),
    rules=Rules,
    variants=VARIANTS,
    new_game=new_game,
    sample_chance=sample_chance,
    chance_outcomes=chance_outcomes,
    state_to_json=state_to_json,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    rules_to_json=rules_to_json,
    rules_from_json=rules_from_json,
    event_to_json=event_to_json,
    observe=observe,
    render=render,
    describe_event=describe,
    bots=BOTS,
    action_text=_action_text,
    progress=_progress,
    round_of=lambda state: state.deal_number,
    tiny=tiny.TINY,
    state_checks=(invariants.check_state, invariants.check_observations, invariants.check_legality),
    step_check=invariants.check_step,
    clause_modules=("froeschis.games.frog.clauses",),
    playthroughs=playthroughs.PLAN,
    state_from_json=state_from_json,
    returns_are="points: each seat's score change over the match (match.returns)",
    seat_view=_seat_view,
    picture=_picture,
    drawn_after=drawn_after,
    misread_everywhere=TABLES.misread_everywhere,
    conformance=KIT,
    encoding=ENCODING,
    bench=bench.BENCH,
    engines=ENGINES,
)
"""Frog, registered as ``frog``."""
