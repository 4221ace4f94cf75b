"""Every registered game's optional parts (:class:`~froeschis.framework.game.Game`'s typed hooks),
checked over seeded random games: a seat's text view and an SVG picture of every state, a missing
part refused by name. These check presentation, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from froeschis.framework.game import Game, MissingPartError, UnknownBotError
from froeschis.framework.registry import game, names
from tests.contract.random_games import random_game


def path(of: Game, seed: int, limit: int = 400) -> tuple[list[Any], list[Any]]:
    """One seeded random game of ``of`` by the published rules, at most ``limit`` states: the
    states, and the actions between them."""
    states, actions, _ = random_game(of, of.rules(), seed, limit - 1)
    return states, actions


def states(of: Game, seed: int, limit: int = 400) -> Iterator[Any]:
    return iter(path(of, seed, limit)[0])


@pytest.mark.parametrize("name", names())
def test_every_state_has_a_picture_for_the_referee_and_for_each_seat(name: str) -> None:
    of = game(name)
    picture = of.part(of.picture, "picture")
    for state in states(of, seed=3, limit=120):
        for seat in (None, *range(state.num_players)):
            drawn = picture(state, seat)
            assert drawn.startswith("<svg") and drawn.rstrip().endswith("</svg>")


def lookalike(of: Game, history: list[Any], actions: list[Any], seat: int, rng: random.Random) -> Any:
    """A state ``seat`` cannot tell from ``history[-1]`` (the game's encoding draws it), or None
    for a game with nothing hidden that a history could change."""
    encoding = of.part(of.encoding, "encoding")
    if encoding.resample_state is not None:  # Fröschis: the unseen cards dealt again
        return encoding.resample_state(history[-1], (), True, seat, rng)[0]
    if encoding.resample is not None:  # Frog: another history of the deal
        return encoding.resample(history, actions, seat, rng)[0]
    return None


@pytest.mark.parametrize("name", names())
def test_a_seats_text_view_is_the_same_in_a_state_the_seat_cannot_tell_apart(name: str) -> None:
    """A view that showed a hidden card would differ between the state and a look-alike (the
    hidden cards dealt again), somewhere in these games; and the look-alike looks alike."""
    of = game(name)
    view = of.seat_view or (lambda state, seat: of.render(state))
    rng = random.Random(7)
    compared = 0
    for seed in range(4):
        history, actions = path(of, seed, limit=200)
        for at in range(1, len(history), 9):
            state = history[at]
            if state.is_chance or state.is_terminal:
                continue
            for seat in range(state.num_players):
                other = lookalike(of, history[: at + 1], actions[:at], seat, rng)
                if other is None:
                    pytest.skip(f"{of.title} hides nothing a seat's view could show")
                assert of.observe(other, seat) == of.observe(state, seat)
                assert view(other, seat) == view(state, seat)
                compared += other != state
    assert compared > 20


def test_froeschis_view_shows_a_face_down_card_as_a_question_mark_and_never_its_value() -> None:
    of = game("froeschis")
    state = next(s for s in states(of, seed=1) if not s.is_chance)
    view = of.part(of.seat_view, "seat view")(state, 0)
    rows = [line for line in view.splitlines() if line.lstrip().startswith(("seat ", "you, seat"))]
    assert len(rows) == state.num_players
    hidden = sum(1 for player in state.players for spot in player.row.spots if not spot.face_up)
    assert hidden and sum(line.split(":", 1)[1].split().count("?") for line in rows) == hidden


def test_a_part_the_game_lacks_is_refused_naming_the_game_and_the_part() -> None:
    bare = attrs.evolve(game("frog"), encoding=None)
    with pytest.raises(MissingPartError, match="Frog has no encoding"):
        bare.part(bare.encoding, "encoding")
    assert game("frog").part(game("frog").encoding, "encoding") is game("frog").encoding


@pytest.mark.parametrize("name", names())
def test_every_named_bot_is_made_and_an_unknown_one_is_refused_with_the_list(name: str) -> None:
    of = game(name)
    rules = of.rules()
    for bot in of.bots:
        history, _ = path(of, seed=2, limit=60)
        state = next(s for s in history if not s.is_chance and not s.is_terminal)
        assert of.bot(f" {bot} ", rules)(state, random.Random(0)) in state.legal_actions()
    with pytest.raises(UnknownBotError, match=f"unknown bot 'nobody'.*{of.bot_names().split(',')[0]}"):
        of.bot("nobody", rules)


def test_a_bot_parameter_is_read_by_the_game_and_a_bad_one_refused_by_it() -> None:
    of = game("froeschis")
    assert of.bot_names() == "random, greedy, ismc or ismc:BUDGET"
    of.bot("ismc:3", of.rules())
    with pytest.raises(UnknownBotError, match="at least 1"):
        of.bot("ismc:0", of.rules())
    with pytest.raises(UnknownBotError, match="only ismc takes a parameter"):
        of.bot("greedy:2", of.rules())
    with pytest.raises(UnknownBotError, match="Frog's bots are"):
        game("frog").bot("greedy:2", game("frog").rules())
