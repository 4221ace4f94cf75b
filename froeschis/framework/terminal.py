"""Any game at a terminal: the :class:`~froeschis.framework.answers.Person` that ``froeschis play``
seats a person by, and the :class:`~froeschis.framework.telling.Telling` that ``froeschis explain``
tells its steps by: the game's own, or, for a game that brings none, :func:`numbered` (the legal
actions numbered 1, 2, ...) and :func:`plain` (the game's own words for its actions and states);
and how a state is drawn there (:func:`drawing`, which ``watch`` prints and :func:`final_table`
writes as text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from froeschis.framework.answers import Choice, Person, Question, Reading
from froeschis.framework.game import Game
from froeschis.framework.telling import Drawn, Telling, drawn_text, plain_lines


def _number_answer(game: Game) -> Callable[[str, Any, Question], Reading]:
    def answer(text: str, state: Any, question: Question) -> Reading:
        text = text.strip()
        if text.isascii() and text.isdigit():  # not "²", which is a digit int() does not read
            number = text.lstrip("0")  # 03 is 3; int() is not asked to read 5,000 digits
            for choice in question.choices:
                if choice.key == number:
                    return choice.action, ""
            return None, f"there is no choice {text}; {question.accepted}"
        for choice in question.choices:
            if text.lower() in (choice.text.lower(), str(game.action_to_json(choice.action)).lower()):
                return choice.action, ""
        return None, f"not understood: {text!r}; {question.accepted}"

    return answer


def numbered(game: Game) -> Person:
    """The :class:`Person` of a game that brings none: the seat's view as :attr:`Game.seat_view`
    shows it (:attr:`Game.render` for a game that hides nothing), the legal actions numbered from 1,
    an answer a choice's number or an action's text, every event in the game's words, and the end
    by the seats' returns."""
    view = game.seat_view or (lambda state, seat: game.render(state))

    def question(state: Any, seat: int) -> Question:
        legal = state.legal_actions()
        choices = tuple(Choice(str(n), action, game.action_text(action)) for n, action in enumerate(legal, 1))
        accepted = f"answer with a number from 1 to {len(legal)}, or q to give up"
        return Question("Your choices (answer with the number):", choices, accepted)

    def over(final: Any, seat: int) -> str:
        returns = final.returns()
        best = max(returns)
        verdict = "You win!" if returns[seat] == best and min(returns) < best else "You do not win."
        return f"Game over.\n{final_table(game, final)}\nReturns: {list(returns)}. {verdict}"

    return Person(
        question=question,
        answer=_number_answer(game),
        view=lambda state, seat, names: [(view(state, seat), "bold")],
        event=lambda event, seat, names: (game.describe_event(event), ""),
        over=over,
        how="Answer with the number before a choice (or the action's text); q gives up.",
        description=(
            f"Play {game.title} against bots. You see what your seat may see and your choices numbered; "
            "answer with a choice's number or the action's text ('first' takes the first). Illegal input "
            "is asked again with what is accepted; q or the end of the input gives up."
        ),
        opponent=list(game.bots)[-1],
    )


def drawing(game: Game, state: Any, seat: int | None = None) -> Sequence[Drawn]:
    """``state`` drawn for a terminal: the game's :attr:`~Game.board` (as ``seat`` sees it, or
    everything), or its text (:attr:`~Game.render`, or what ``seat`` sees of it) as it is. One
    drawing for ``watch``'s table and for the table at the end of ``play`` and ``explain``
    (:func:`final_table`), so that the three show a game the same way."""
    if game.board is not None:
        return game.board(state, seat)
    if seat is not None and game.seat_view is not None:
        return plain_lines(game.seat_view(state, seat))
    return plain_lines(game.render(state))


def final_table(game: Game, final: Any) -> str:
    """The table at the end, every piece shown, as text: the game's :attr:`~Game.board` where it
    draws one (Army of Frogs' island with its coordinates, as ``play`` and ``watch`` draw it),
    else its :attr:`~Game.render`: :func:`drawing`'s lines without their styles."""
    return "\n".join(drawn_text(line) for line in drawing(game, final))


def person(game: Game) -> Person:
    """How a person plays ``game``: its own :class:`Person`, or :func:`numbered`'s."""
    return game.person if game.person is not None else numbered(game)


def plain(game: Game) -> Telling:
    """The :class:`Telling` of a game that brings none."""
    return Telling(
        action=lambda state, action: game.action_text(action),
        notes=lambda step: (),
        over=lambda final: f"Game over.\n{final_table(game, final)}",
        standing=game.progress,
    )


def telling(game: Game) -> Telling:
    """How ``explain`` tells ``game``: its own :class:`Telling`, or :func:`plain`'s."""
    return game.telling if game.telling is not None else plain(game)
