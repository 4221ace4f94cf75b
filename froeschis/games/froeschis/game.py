"""Fröschis as the tools see it: the :class:`~froeschis.framework.game.Game` built from its engine
(:mod:`~froeschis.games.froeschis.engine`), its JSON forms (:mod:`~froeschis.games.froeschis.serialize`), its
words (:mod:`~froeschis.games.froeschis.render`) and its bots
(:mod:`~froeschis.games.froeschis.bots`)."""

from __future__ import annotations

from typing import Any

from froeschis.framework.chance import distinct_orders
from froeschis.framework.game import Game, Policy
from froeschis.games.froeschis.actions import Shuffle
from froeschis.games.froeschis.answers import PERSON
from froeschis.games.froeschis.bench import BENCH
from froeschis.games.froeschis.bots import as_policy, make_bot
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.conformance import KIT
from froeschis.games.froeschis.encoding import ENCODING
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.engines import ENGINES
from froeschis.games.froeschis.invariants import check_legality, check_observations, check_state, check_step
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.playthroughs import PLAN
from froeschis.games.froeschis.readings import TABLES, VARIANTS
from froeschis.games.froeschis.render import describe, seat_view
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    record_from_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from froeschis.games.froeschis.spec import LANGUAGES, load_catalogue, spec_dir
from froeschis.games.froeschis.svg import game_state, observation
from froeschis.games.froeschis.telling import TELLING
from froeschis.games.froeschis.tiny import TINY_CONFIGS


def _outcomes(state: GameState) -> list[Shuffle]:
    return [Shuffle(order) for order in distinct_orders(state.chance_pool())]


def _view(state: GameState, seat: int) -> dict[str, Any]:
    """A seat's observation as JSON: its face-down cards (its own too) as ``null``."""
    seen = observe(state, seat)
    return {
        "seat": seen.seat,
        "phase": seen.phase.value,
        "round": seen.round,
        "turn": seen.turn,
        "lengths": list(seen.lengths),
        "rows": [[None if card is None else str(card) for card in row] for row in seen.rows],
        "draw_pile_size": seen.draw_pile_size,
        "discard_pile": [str(card) for card in seen.discard_pile],
        "hand": None if seen.hand is None else str(seen.hand),
        "first_completer": seen.first_completer,
        "winners": list(seen.winners),
        "legal": [str(action) for action in seen.legal_actions],
    }


def _picture(state: GameState, seat: int | None) -> str:
    """The table as SVG: every card (the referee's view), or what ``seat`` may see."""
    return str(game_state(state, reveal_hidden=True) if seat is None else observation(observe(state, seat)))


def _action_text(action: object) -> str:
    return f"shuffle of {len(action.order)} cards" if isinstance(action, Shuffle) else str(action)


def _progress(state: GameState) -> str:
    return f"round {state.round}"


def _bot(name: str) -> Any:
    def made(rules: Rules) -> Policy:
        return as_policy(make_bot(name, rules))

    return made


GAME = Game(
    name="froeschis",
    title="Fröschis",
    spec=spec_dir,
    catalogue=load_catalogue,
    languages=LANGUAGES,
    players=(2, 3, 4),
    rules=Rules,
    variants=VARIANTS,
    new_game=new_game,
    sample_chance=sample_chance,
    chance_outcomes=_outcomes,
    state_to_json=state_to_json,
    state_from_json=state_from_json,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    rules_to_json=rules_to_json,
    rules_from_json=rules_from_json,
    event_to_json=event_to_json,
    observe=_view,
    render=str,
    describe_event=describe,
    action_text=_action_text,
    progress=_progress,
    round_of=lambda state: state.round,
    tiny=tuple(config.tiny() for config in TINY_CONFIGS),
    playthroughs=PLAN,
    state_checks=(check_state, check_observations, check_legality),
    step_check=check_step,
    bots={name: _bot(name) for name in ("random", "greedy", "ismc")},
    clause_modules=("froeschis.games.froeschis.clauses",),
    seat_view=seat_view,
    picture=_picture,
    misread_everywhere=TABLES.misread_everywhere,
    conformance=KIT,
    encoding=ENCODING,
    bot_spec=lambda spec, rules: as_policy(make_bot(spec, rules)),
    bot_help="ismc:BUDGET",
    person=PERSON,
    telling=TELLING,
    record_from_json=record_from_json,
    engines=ENGINES,
    bench=BENCH,
    rules_page="rules.html",
)
"""Fröschis, registered as ``froeschis`` (the default game of every command)."""
