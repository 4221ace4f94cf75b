"""``framework.terminal.drawing``, the one drawing of a state that ``watch`` prints and that
``terminal.final_table`` (the end of ``play`` and ``explain``) writes as text: a game's board where
it draws one, else what the seat may see, else the game's text, and the final table the same lines
without their styles. The games here are Frog with its drawing hooks replaced by hand-written ones,
so that each branch is seen to choose its hook."""

from __future__ import annotations

from typing import Any

import attrs

from froeschis.framework import registry
from froeschis.framework.game import Game
from froeschis.framework.telling import Drawn
from froeschis.framework.terminal import drawing, final_table

BOARD: tuple[Drawn, ...] = ((("a", "bold"), ("b", "")), (("c", "dim"),))


def _board(state: Any, seat: int | None) -> tuple[Drawn, ...]:
    return (*BOARD, ((f"seat {seat}", ""),))


def _game(**hooks: Any) -> Game:
    return attrs.evolve(registry.game("frog"), render=lambda state: "text\nof all", **hooks)


def test_a_board_is_drawn_as_the_seat_sees_it() -> None:
    game = _game(board=_board, seat_view=lambda state, seat: "never")
    assert drawing(game, None, 1) == (*BOARD, (("seat 1", ""),))
    assert drawing(game, None) == (*BOARD, (("seat None", ""),))


def test_without_a_board_the_seat_sees_its_view_and_everyone_the_text() -> None:
    game = _game(board=None, seat_view=lambda state, seat: f"seat {seat}\nsees")
    assert drawing(game, None, 2) == ((("seat 2", ""),), (("sees", ""),))
    assert drawing(game, None) == ((("text", ""),), (("of all", ""),))
    assert drawing(_game(board=None, seat_view=None), None, 2) == ((("text", ""),), (("of all", ""),))


def test_the_final_table_is_the_drawing_as_text() -> None:
    assert final_table(_game(board=_board), None) == "ab\nc\nseat None"
    assert final_table(_game(board=None, seat_view=lambda state, seat: "never"), None) == "text\nof all"
