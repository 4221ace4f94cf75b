"""Naming the clauses behind a divergence, from the reference engine's events and rules.

Each event of the reference names the clauses that caused it and writes certain state fields
(``drew`` the draw pile and the hand, ``placed`` one spot of one row, ``round-ended`` nearly
everything). A differing field is blamed on the last reference event of the step that wrote it;
the earliest blamed event gives the main clauses, the others are "also involved". When one side
ended the round or the game and the other did not, only the fields that say so count. Between
rounds, a differing start seat or row length is the next round's business (``round.start-seat``,
``round.next-lengths``), which no event of the ending step names. Legal actions are attributed by
asking the reference why it refuses an action, or which clause allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from froeschis.conformance.protocol import JSON
from froeschis.core.engine import PHASE_CLAUSE
from froeschis.core.errors import FormatError, IllegalActionError
from froeschis.core.events import Event, EventKind
from froeschis.core.state import GameState, Phase
from froeschis.io.serialize import action_from_json
from froeschis.spec import load_catalogue


class HasPath(Protocol):
    @property
    def path(self) -> str: ...


def unique(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def known_clauses(ids: object) -> tuple[str, ...]:
    known = set(load_catalogue().ids())
    return tuple(i for i in ids if isinstance(i, str) and i in known) if isinstance(ids, list) else ()


def decision_clauses(state: GameState) -> tuple[str, ...]:
    """The clauses that decide which actions are legal in ``state``."""
    if state.phase is Phase.DRAW:
        if state.rules.discard_only_if_placeable and state.discard_pile:
            return ("turn.draw-source", "variant.discard-if-placeable")
        return ("turn.draw-source",)
    if state.phase in (Phase.FROG, Phase.SWAP):
        return (PHASE_CLAUSE[state.phase],)
    return ()


def refusal_clause(state: GameState, action: JSON) -> str | None:
    """The clause under which the reference refuses ``action`` in ``state`` (None: it is legal)."""
    try:
        state.step(action_from_json(action))
    except IllegalActionError as error:
        return error.clause
    except FormatError:
        return PHASE_CLAUSE[state.phase]
    return None


def allowing_clauses(state: GameState, action: JSON) -> tuple[str, ...]:
    """The clauses under which ``action`` is legal in ``state``."""
    if state.is_chance:
        return (PHASE_CLAUSE[state.phase],)
    if action == "take-discard" and state.rules.discard_only_if_placeable:
        return ("turn.draw-source", "variant.discard-if-placeable")
    return (PHASE_CLAUSE[state.phase],)


def _writes(event: Event) -> tuple[str, ...]:
    """The state fields an event of the reference changes."""
    kind = event.kind
    if kind in (EventKind.PLACED, EventKind.FROG_PLACED, EventKind.FROG_SWAPPED):
        assert event.spot is not None
        return (f"players[{event.seat}].row[{event.spot - 1}]", "hand")
    return {
        EventKind.DEALT: ("players", "draw_pile", "discard_pile", "phase", "hand"),
        EventKind.TURN_STARTED: ("turn", "phase"),
        EventKind.RESHUFFLED: ("draw_pile", "discard_pile"),
        EventKind.DREW: ("draw_pile", "hand"),
        EventKind.TOOK_DISCARD: ("discard_pile", "hand"),
        EventKind.REVEALED: ("hand",),
        EventKind.DISCARDED: ("discard_pile", "hand"),
        EventKind.COMPLETED: (),
        EventKind.FINAL_TURNS: ("first_completer",),
        EventKind.ROUND_ENDED: (
            "phase",
            "round",
            "turn",
            "players",
            "draw_pile",
            "discard_pile",
            "first_completer",
            "hand",
        ),
        EventKind.GAME_WON: ("winners", "phase"),
    }[kind]


def _covers(write: str, path: str) -> bool:
    return path == write or path.startswith((write + "[", write + "."))


def attribute_state(
    ref_after: GameState, events: Sequence[Event], diffs: Sequence[HasPath], actual_phase: JSON
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(main clauses, related clauses) for differing fields, from the reference's events."""
    paths = [d.path for d in diffs]
    ended = {Phase.DEAL.value, Phase.OVER.value}
    if (ref_after.phase.value in ended) != (actual_phase in ended):
        control = [p for p in paths if p in ("phase", "round", "winners", "first_completer")]
        paths = control or paths
    writers: list[tuple[tuple[str, ...], tuple[str, ...]]] = [(_writes(e), e.clauses) for e in events]
    if ref_after.phase in (Phase.FROG, Phase.SWAP, Phase.RESHUFFLE):  # the step ends waiting for a choice
        waiting = ("frog.swap", PHASE_CLAUSE[Phase.SWAP]) if ref_after.phase is Phase.SWAP else ()
        writers.append((("phase", "hand"), waiting or (PHASE_CLAUSE[ref_after.phase],)))
    blamed: dict[int, tuple[str, ...]] = {}
    overrides: list[str] = []
    for path in paths:
        if ref_after.phase is Phase.DEAL and actual_phase == Phase.DEAL.value:
            if path == "turn":
                overrides.append("round.start-seat")
                continue
            if path.endswith(".length"):
                overrides.append("round.next-lengths")
                continue
        for index in range(len(writers) - 1, -1, -1):
            if any(_covers(w, path) for w in writers[index][0]):
                blamed[index] = writers[index][1]
                break
    ordered = [blamed[i] for i in sorted(blamed)]
    if overrides:
        ordered.insert(0, unique(overrides))
    if not ordered:
        return (), ()
    main = ordered[0]
    related = unique([c for group in ordered[1:] for c in group if c not in main])
    return main, related
