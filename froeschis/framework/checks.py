"""What the conformance kit needs of a game beyond :class:`~froeschis.framework.game.Game`: the
game's part of checking another engine (``froeschis conform --game NAME``), given as one
:class:`Conformance` value in ``Game.conformance``.

The kit itself (:mod:`froeschis.conformance`: the driver, the comparison, shrinking, counterfactual
causes, the report) is written once, for every game; each game says here how its engines are
driven and judged: which games to play them through (:class:`Scenario`), which actions they must
refuse, how two states differ field by field, which differences are conventions only, which
clauses decide a legal action, how its known misreadings are played, how a shrunk game is repaired.
Everything has a default that suits a game whose state's JSON form is the whole truth.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from froeschis.framework.table import Reading

if TYPE_CHECKING:  # the boundaries' search makes Scenarios: it imports this module
    from froeschis.framework.boundaries import Boundary, Plays, Waiver

JSON = Any


@attrs.frozen
class FieldDiff:
    """One state field (a JSON path such as ``players[1].row[3]``) that differs."""

    path: str
    expected: JSON
    actual: JSON


@attrs.frozen
class Scenario:
    """One game to drive an engine through: the setup and every action, chance outcomes included."""

    name: str
    purpose: str
    players: int
    rules: Any
    actions: tuple[Any, ...]
    source: str
    """Where it comes from: ``golden``, ``rigged``, ``biased``, ``random``..."""
    features: frozenset[str] = frozenset()
    """The rules features an engine must declare to be given this game."""

    def needs(self) -> frozenset[str]:
        return self.features


def _path(parts: Sequence[str | int]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def diff_json(expected: JSON, actual: JSON, parts: tuple[str | int, ...] = ()) -> list[FieldDiff]:
    """The differing fields of two JSON values, finest path first: objects key by key (in the
    expected one's order), lists of equal length item by item where the items are objects or lists,
    any other value whole."""
    if expected == actual and type(expected) is type(actual):
        return []
    if isinstance(expected, dict) and isinstance(actual, dict) and expected.keys() == actual.keys():
        return [d for key in expected for d in diff_json(expected[key], actual[key], (*parts, key))]
    if (
        isinstance(expected, list)
        and isinstance(actual, list)
        and len(expected) == len(actual)
        and any(isinstance(x, dict | list) for x in expected)
    ):
        return [
            d
            for i, (x, y) in enumerate(zip(expected, actual, strict=True))
            for d in diff_json(x, y, (*parts, i))
        ]
    return [FieldDiff(_path(parts) or "(state)", expected, actual)]


def no_conventions(state: Any, diffs: list[FieldDiff]) -> tuple[list[FieldDiff], list[FieldDiff]]:
    """Every difference breaks a rule: the game has no representation conventions."""
    return diffs, []


def every_path(state: Any, diffs: Sequence[FieldDiff], actual_phase: JSON) -> list[str]:
    """Every differing field says something."""
    return [d.path for d in diffs]


def same_position_of(state_type: type, ignored: Sequence[str] = ("rules",)) -> Callable[[Any, Any], bool]:
    """A kit's ``same_position`` for a frozen attrs state: every field equal but ``ignored`` (the
    rules, which differ by the readings and have no JSON form; a cache), and the same legal actions."""
    fields = tuple(f.name for f in attrs.fields(state_type) if f.name not in ignored)

    def same_position(a: Any, b: Any) -> bool:
        """The same position and choices, the ignored fields aside."""
        return all(getattr(a, name) == getattr(b, name) for name in fields) and (
            a.legal_actions() == b.legal_actions()
        )

    return same_position


def first_legal(wanted: Any, legal: Sequence[Any]) -> Any:
    """The wanted action if it is legal, else the first legal one."""
    return wanted if wanted in legal else legal[0]


@attrs.frozen
class Conformance:
    """A game's part of the conformance kit. The functions take the game's own values (states,
    rules, actions) or their JSON forms, as said."""

    features: tuple[str, ...]
    """Rules features beyond the published game an engine may declare in its hello reply (custom
    decks, short hands, the variants' options)."""
    scenarios: Callable[[Path | None, int, int, bool], tuple[Iterator[Scenario], list[str]]]
    """``(vectors, random_games, seed, quick)`` -> the games to play, made one at a time as the check
    goes on (the golden playthroughs of ``vectors`` first, unless None), and notes on any that could
    not be read."""
    refused_setups: Callable[[frozenset[str]], list[tuple[int, Any, str]]]
    """``(features)`` -> setups the rules forbid, to be refused by an engine that declared
    ``features``: each its players, rules, and words for what else is wrong with it ("" or
    " with a 17-card deck")."""
    illegal_action: Callable[[Any, random.Random], JSON]
    """An action the reference refuses in a state, as JSON (None at the end of a game)."""
    misreadings: Callable[[], Mapping[str, tuple[Reading, ...]]]
    """The game's known misreadings that can be played, by ID (``clause~name``)."""
    hypothetical_rules: Callable[[Any, Sequence[Reading]], Any]
    """A rules value as an engine with these readings plays them."""
    allowing_clauses: Callable[[Any, Any], tuple[str, ...]]
    """``(state, action)`` -> the clauses under which the action is legal there."""
    decision_clauses: Callable[[Any], tuple[str, ...]]
    """The clauses the engine consults to list a state's legal actions."""
    phase_clause: Callable[[Any], str]
    """The clause that says what may happen in a state (named for an action that fits nothing)."""
    setup_clauses: Callable[[Any], tuple[str, ...]]
    """The clauses under which a new game's setup is allowed (named when an engine refuses it)."""
    diff_states: Callable[[JSON, JSON], list[FieldDiff]] = diff_json
    """The differing fields of two schema-valid state JSON forms."""
    conventions: Callable[[Any, list[FieldDiff]], tuple[list[FieldDiff], list[FieldDiff]]] = no_conventions
    """``(reference state, diffs)`` -> (differences that break a rule, those of representation only)."""
    significant_paths: Callable[[Any, Sequence[FieldDiff], JSON], list[str]] = every_path
    """``(reference state after, diffs, the engine's phase)`` -> the differing fields that say what
    went wrong (when one side ended a round and the other did not, only those that say so)."""
    reply_errors: Callable[[str, JSON], list[str]] = lambda kind, reply: []
    """``(kind, reply)`` -> why a ``hello``, ``state`` or ``illegal`` reply is malformed, beyond what
    the kit checks of every game's replies (empty: well-formed)."""
    reply_schema: str = "spec/protocol.md"
    """What a malformed reply is said not to match (the schema file, or the protocol's page)."""
    repair_decision: Callable[[Any, Sequence[Any]], Any] = first_legal
    """For the shrinker: the legal action nearest to the one a shrunk game wants."""
    repair_chance: Callable[[Any, Any], Any] | None = None
    """For the shrinker: ``(wanted outcome, state)`` -> the legal outcome of the chance node nearest to
    it (None: the game's chance outcomes cannot be repaired, and a try that changes one is dropped)."""
    simpler_decision: Callable[[Any], Any] = lambda action: action
    """For the shrinker: the simplest decision to try in place of one (repaired to a legal one when
    the game is rebuilt; the decision itself: no simpler one)."""
    mutators: Mapping[object, tuple[Any, ...]] = attrs.field(factory=dict)
    """Generic perturbations of the game's own value types, by type hint (a row one spot shorter),
    beside the framework's for Python's own types."""
    same_position: Callable[[Any, Any], bool] | None = None
    """Whether two states are the same position with the same choices (their rules aside); None:
    their JSON forms, rules left out, and their legal actions are compared."""
    unobservable: frozenset[str] = frozenset()
    """Clauses that no reply of the protocol shows (in Frog, what a seat may see: the replies hold the
    whole state): a report leaves them out of its clause table and says so in a note, so that
    ``--strict`` does not ask any game to exercise them."""
    boundaries: tuple[Boundary, ...] = ()
    """The numbers of the catalogue's statements that play is compared with
    (:mod:`froeschis.framework.boundaries`): the game's scenarios include a game reaching each side
    of each one."""
    waivers: tuple[Waiver, ...] = ()
    """The numbers of the catalogue's statements that are no threshold, each with its reason."""
    boundary_plays: Plays | None = None
    """How the boundaries' search plays the game's seeded games (None: the game declares none)."""
