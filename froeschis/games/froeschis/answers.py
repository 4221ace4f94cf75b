"""How a person plays Fröschis at a terminal: its :class:`~froeschis.framework.answers.Person`.

The person sees what their seat may see (:func:`~froeschis.games.froeschis.observation.observe`):
their own row, the discard pile's top, the other rows with face-down cards hidden (each card under
its spot's number), the card in hand. Each choice is listed with the key that answers it
(:func:`choice_key`): a frog's choices by their spot's number, the others by a letter (``d`` draw,
``t`` take-discard, ``s`` swap, ``n`` decline-swap). A number is always a spot, never a place in the
list, so whoever types ``3`` meaning spot 3 gets spot 3 or a refusal that says why. The action's
text works too (``draw``, ``take-discard``, ``frog@3``). An answer the rules refuse is refused with
the reason and the clause (the engine is the referee), one that cannot be read with what is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence

from froeschis.framework.answers import Choice, Person, Question, Reading, Styled
from froeschis.framework.errors import FormatError, IllegalActionError, listing
from froeschis.games.froeschis.actions import Action, ActionKind, frog_at
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.events import Event, EventKind
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.render import describe, view_lines

ALIASES = {"d": "draw", "t": "take-discard", "take": "take-discard", "s": "swap", "n": "decline-swap"}
KEYS = {full: alias for alias, full in ALIASES.items() if len(alias) == 1}
"""The letter that answers each choice that is not a frog's spot: ``d`` for ``draw`` and so on."""

HOW = (
    "Answer with the key before a choice: a letter (d draws, t takes the discard), or for a frog the "
    "number of the spot it goes on; the action works too (draw, frog@3); q gives up."
)
DESCRIPTION = (
    "Play Fröschis against bots. You see your own row, the discard pile and the other rows "
    "(face-down cards hidden); answer each question with the key shown before a choice: d to "
    "draw, t to take the discard (s and n for the swap variant's swap and decline-swap), and "
    "for a frog the number of the spot it goes on (a number is always a spot). The action "
    "works too (draw, take-discard, frog@N). Illegal input is refused with the reason. q gives "
    "up; Ctrl-C too (status 130). Input is read line by line, so a game can be scripted: the "
    "answer 'first' takes the first choice listed (yes first | froeschis play)."
)


def choice_key(action: Action) -> str:
    """What answers a choice: a frog's choices by the number of their spot, the others by a letter.
    No number is ever a choice's place in the list, so ``3`` always means spot 3."""
    return str(action.spot) if action.kind is ActionKind.FROG else KEYS[str(action)]


def _choice_text(action: Action, observation: Observation) -> str:
    top = observation.discard_pile[0] if observation.discard_pile else None
    if action.kind is ActionKind.DRAW:
        return "draw the top card of the draw pile"
    if action.kind is ActionKind.TAKE_DISCARD:
        return f"take the {top} from the discard pile"
    if action.kind is ActionKind.FROG:
        return f"put the frog on spot {action.spot}"
    if action.kind is ActionKind.SWAP:
        return f"put the {observation.hand} in place of its frog and place the frog again"
    return f"discard the {observation.hand} and end the turn"


def _frog_question(legal: Sequence[Action]) -> bool:
    return any(action.kind is ActionKind.FROG for action in legal)


def accepted(legal: Sequence[Action]) -> str:
    """What an answer to a question with the choices ``legal`` may be, for the refusal of one."""
    if _frog_question(legal):
        spots = listing([choice_key(action) for action in legal])
        return f"answer with the number of the spot where the frog goes ({spots}), or q to give up"
    letters = listing([f"{choice_key(action)} ({action})" for action in legal])
    return f"answer with {letters}, or q to give up"


def question(state: GameState, seat: int) -> Question:
    """The choices of ``seat``'s decision, each after its key, the action's name in a column."""
    observation = observe(state, seat)
    legal = observation.legal_actions
    if _frog_question(legal):
        heading = "Your choices (answer with the number of the spot where the frog goes):"
    else:
        heading = "Your choices (answer with the letter):"
    names = max(len(str(action)) for action in legal)
    choices = tuple(
        Choice(choice_key(action), action, f"{action!s:<{names}}  {_choice_text(action, observation)}")
        for action in legal
    )
    return Question(heading, choices, accepted(legal))


def _refereed(action: Action, state: GameState) -> Reading:
    """The action if the rules allow it, or None and the engine's reason with its clause."""
    try:
        state.step(action)
    except IllegalActionError as error:
        return None, f"refused: {error.reason} [{error.clause}]"
    return action, ""


def _spot(number: str, state: GameState, legal: Sequence[Action]) -> Reading:
    """A number is a spot: the frog's place when there is a frog to place, refused otherwise."""
    if not _frog_question(legal):
        return (
            None,
            f"{number} would be a spot for a frog, but there is no frog to place now; {accepted(legal)}",
        )
    if len(number) > 3 or int(number) == 0:  # no row has a thousand spots
        return None, f"there is no spot {number}; {accepted(legal)}"
    return _refereed(frog_at(int(number)), state)


def answer(text: str, state: GameState, asked: Question) -> Reading:
    """The action an answer names, or None and why it is refused."""
    legal = state.legal_actions()
    key = text.strip().lower()
    if key.isascii() and key.isdigit():  # not "²" or "٣", which are digits int() does not read
        return _spot(key, state, legal)
    try:
        action = Action.parse(ALIASES.get(key, key), "answer")
    except FormatError:
        return None, f"not understood: {text.strip()!r}; {asked.accepted}"
    return _refereed(action, state)


def styled_view(observation: Observation, names: Sequence[str]) -> list[Styled]:
    """What the seat sees (:func:`~froeschis.games.froeschis.render.view_lines`): the heading and its
    own row and hand in bold, the spot numbers dim."""
    heading, spots, *rest = view_lines(observation, names)
    mine = 2 if observation.hand is not None else 1
    return [
        (heading, "bold"),
        (spots, "dim"),
        *((line, "") for line in rest[:-mine]),
        *((line, "bold") for line in rest[-mine:]),
    ]


def told(event: Event, you: int, names: Sequence[str]) -> Styled | None:
    """An event as the person at seat ``you`` is told it: not the start of each turn; a bot that drew
    or took the discard by its name; the ends of rows, rounds and the game in bold."""
    if event.kind is EventKind.TURN_STARTED:
        return None
    text = describe(event, you)
    if (
        event.seat is not None
        and event.seat != you
        and event.kind in (EventKind.DREW, EventKind.TOOK_DISCARD)
    ):
        text = text.replace(f"seat {event.seat}", f"seat {event.seat} ({names[event.seat]})", 1)
    bold = event.kind in (EventKind.COMPLETED, EventKind.ROUND_ENDED, EventKind.GAME_WON)
    return text, "bold" if bold else ""


def over(final: GameState, you: int) -> str:
    """``Game over after 12 rounds. Winners: you. You win!``"""
    winners = ", ".join("you" if w == you else f"seat {w}" for w in final.winners)
    verdict = "You win!" if you in final.winners else "You lose."
    return f"Game over after {final.round} rounds. Winners: {winners}. {verdict}"


PERSON = Person(
    question=question,
    answer=answer,
    view=lambda state, seat, names: styled_view(observe(state, seat), names),
    event=told,
    over=over,
    how=HOW,
    description=DESCRIPTION,
    opponent="greedy",
)
"""Fröschis at the terminal, for :attr:`froeschis.framework.game.Game.person`."""
