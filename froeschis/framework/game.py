"""The one interface every game implements, and the tools use: a :class:`Game` and its states.

The framework knows no game. A game brings its rules (a clause catalogue in ``spec/``, a clause
table, an engine whose states are frozen values) and describes itself to the tools with one
:class:`Game` value, registered under the entry-point group ``froeschis.games``
(:mod:`froeschis.framework.registry`). Everything the tools do (the game loop, simulations,
exhaustive walks, golden playthroughs, the coverage gate, the mutation check, conformance, the
command line, the OpenSpiel and PettingZoo wrappers) goes through it.

A game's states (:class:`State`) follow OpenSpiel's model: a state is a chance node (its outcome is
an action the caller gives: a shuffle of the deck, an order of the bag's stones), a decision of the
seat :attr:`State.current_player`, or terminal with :meth:`State.returns`. Applying an action returns
a new state; :meth:`State.transition` also reports the step's provenance
(:mod:`froeschis.framework.provenance`): which clauses decided each part of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from froeschis.framework.errors import FroeschisError, RulesError, listing, possessive
from froeschis.framework.provenance import Transition
from froeschis.framework.table import ClauseTable, Variant

if TYPE_CHECKING:  # a game's catalogue is read by the tools, never by ``import froeschis``
    from pathlib import Path

    from froeschis.framework.answers import Person
    from froeschis.framework.bench import GameBench
    from froeschis.framework.catalogue import Catalogue
    from froeschis.framework.checks import Conformance
    from froeschis.framework.encoding import Encoding
    from froeschis.framework.engines import Engines
    from froeschis.framework.telling import Drawn, Telling

T = TypeVar("T")

JSON = Any
"""A value of a game's JSON forms (dicts, lists, strings, numbers, booleans, None)."""


class State(Protocol):
    """What every game's state offers the tools (a frozen value; every method leaves it unchanged)."""

    @property
    def is_chance(self) -> bool: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def current_player(self) -> int:
        """The seat to decide, or :data:`~froeschis.framework.state.CHANCE`, or
        :data:`~froeschis.framework.state.TERMINAL`."""

    @property
    def num_players(self) -> int: ...
    def legal_actions(self) -> Sequence[Any]:
        """The decisions open to the current player, in the game's order; empty at chance and
        terminal nodes."""

    def apply(self, action: Any) -> Any:
        """The state after ``action``; an illegal one raises
        :class:`~froeschis.framework.errors.IllegalActionError` naming the clause."""

    def step(self, action: Any) -> tuple[Any, tuple[Any, ...]]:
        """Like :meth:`apply`, also returning the events the action caused (each names its clauses)."""

    def transition(self, action: Any) -> Transition[Any, Any, Any]:
        """The step with its provenance (:class:`~froeschis.framework.provenance.Transition`)."""

    def returns(self) -> tuple[float, ...]:
        """Each seat's return (all 0 before the end), by the game's own clause: points for Frog (each
        seat's score change over the match, ``match.returns``), 1 for each winner and 0 for the
        others in Fröschis and Army of Frogs (``game.returns``); :attr:`Game.returns_are` says it
        in words, and :meth:`Game.win_returns` gives every game's wins alike."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, by the game's rules, once it is over (empty before, or when nobody
        won)."""


class FromJson(Protocol):
    """A reader of one of a game's JSON forms: the value, and where it is (for the error)."""

    def __call__(self, value: Any, field: str = ..., /) -> Any: ...


Policy = Callable[[Any, random.Random], Any]
"""A bot: picks one of ``state.legal_actions()`` from what its seat may see; may use the random source."""


@attrs.frozen
class Tiny:
    """A tiny configuration of a game (a short deck, a small bag) whose whole state graph an
    exhaustive walk visits, its counts recorded in the game's ``census.toml``."""

    name: str
    players: int
    rules: Any
    details: tuple[tuple[str, object], ...] = ()
    """What the census file says of it beside its name and players (Fröschis: row, deck, variant)."""
    perft_depth: int = 4
    """How deep the census counts its action paths from the start."""
    walk: bool = True
    """Whether the census walks its every state (False: a configuration whose state graph is too
    large to walk, fingerprinted by its perft counts alone)."""


@attrs.frozen
class Sample:
    """One configuration the seed search for golden playthroughs plays (``froeschis vectors --search``)."""

    label: str
    """The start of the names of its playthroughs (``2p-row8-draw``, ``3p-grand-four``)."""
    players: int
    rules: Any
    policy: Callable[[Any], Policy] | None = None
    """Every seat's bot, made for the rules (None: uniformly random)."""


def _no_targets(sample: Sample, after: Any, events: tuple[Any, ...]) -> Iterable[str]:
    return ()


@attrs.frozen
class PlaythroughPlan:
    """How a game's golden playthroughs are picked: the configurations searched for the earliest
    step at which each clause fires, the whole games kept besides, and any search targets beyond
    the clause IDs (a shared win: a situation no single clause names)."""

    samples: tuple[Sample, ...]
    whole_games: tuple[Sample, ...] = ()
    """Each played from seed 0 to the end."""
    whole_game_purpose: str = "a whole game from the start to the end"
    not_events: tuple[str, ...] = ()
    """Clauses no event names, by their nature (what a seat may see is a view of every state, not
    a step): not searched for, and the coverage gate asks their tests, not a playthrough, to show
    them."""
    extra_targets: tuple[str, ...] = ()
    targets: Callable[[Sample, Any, tuple[Any, ...]], Iterable[str]] = _no_targets
    """The extra targets a step reaches, from the sample, the state after it and its events."""


@attrs.frozen
class Game:
    """A game, as the tools see it: everything they need, as values and functions of the game's own.

    Only the game's module builds one; the tools read it and call its functions. What not every game
    has (a conformance kit, an encoding, a bench, a notation) is an optional typed part, None where
    it is missing; a tool asks for one with :meth:`part`, which names the game that lacks it.
    """

    name: str
    """Its name on the command line and in the registry (``froeschis``, ``frog``, ``army-of-frogs``)."""
    title: str
    """Its name in prose (``Fröschis``, ``Frog``, ``Army of Frogs``)."""
    spec: Callable[[], Path]
    """The game's folder of ``spec/`` (its catalogue, sources, playthroughs, census)."""
    catalogue: Callable[[], Catalogue]
    """The game's clause catalogue (loaded once)."""
    languages: tuple[str, ...]
    """The languages of its source texts, the catalogue's (known without reading it: the commands'
    options offer them), the first the one every source clause quotes."""
    players: tuple[int, ...]
    """The player counts its rules allow."""
    rules: Callable[..., Any]
    """The rules value of the published game, or with options (``rules(grand_pays_four=True)``);
    a game's states carry theirs, and ``rules.table`` is its clause table."""
    variants: tuple[Variant, ...]
    """The game's one list of variants: each a rules option with the table entries it replaces."""
    new_game: Callable[[int, Any], State]
    """A new game for so many players by these rules (None: the published game); refuses a setup the
    rules forbid with :class:`~froeschis.framework.errors.RulesError` naming the clause."""
    sample_chance: Callable[[Any, random.Random], Any]
    """A uniformly random outcome of a chance node, from the random source."""
    chance_outcomes: Callable[[Any], Iterable[Any]]
    """Every distinct outcome of a chance node, each once (exhaustive walks, perft)."""
    state_to_json: Callable[[Any], JSON]
    action_to_json: Callable[[Any], JSON]
    action_from_json: FromJson
    """An action from its JSON form; :class:`~froeschis.framework.errors.FormatError` for a
    malformed one."""
    rules_to_json: Callable[[Any], JSON]
    rules_from_json: FromJson
    event_to_json: Callable[[Any], JSON]
    observe: Callable[[Any, int], JSON]
    """What one seat may see, as JSON (the bots decide from it; nothing hidden may be in it)."""
    render: Callable[[Any], str]
    """The state as text for a terminal (a few lines)."""
    describe_event: Callable[[Any], str]
    """One event in words, without its clauses (``explain`` adds them)."""
    bots: Mapping[str, Callable[[Any], Policy]]
    """The game's bots by name, each made for a rules value and deciding from its seat's view
    (``random`` at least)."""
    event_text: Callable[[Any], str] = str
    """One event as the engine writes it, its clauses in brackets at the end (``watch``)."""
    action_text: Callable[[Any], str] = str
    """One action in a line of text (a chance outcome shortened: "shuffle of 60 cards")."""
    progress: Callable[[Any], str] = lambda state: ""
    """Where a game stands, in a few words for headings ("round 2", "deal 3"), or ""."""
    round_of: Callable[[Any], int] = lambda state: 0
    """The round (Fröschis) or deal (Frog) a state is in, from 1 (0: the game has none)."""
    tiny: tuple[Tiny, ...] = ()
    """Configurations small enough to walk every state of (``froeschis census``)."""
    state_checks: tuple[Callable[[Any], None], ...] = ()
    """Invariants every state must keep (each raises on a broken one): the walks check them."""
    step_check: Callable[[Any, Any, tuple[Any, ...]], None] | None = None
    """An invariant of every step ``(before, after, events)``."""
    clause_modules: tuple[str, ...] = ()
    """The modules that hold the game's clause functions: every function marked there must be an
    entry of a table (the coverage gate finds strays)."""
    perft_positions: Callable[[], Mapping[str, Any]] = lambda: {}
    """The named positions of the game's perft table, states by name (``census --divide
    --position NAME``)."""
    parse_position: Callable[[str], Any] | None = None
    """A state from its one-line notation, if the game has one (``census --position NOTATION``);
    :class:`~froeschis.framework.errors.FormatError` for a malformed one."""
    divide: Callable[[Any, int], Mapping[str, int]] | None = None
    """perft split by the first action, by the game's own perft convention when it has one (Army of
    Frogs: a finished game adds nothing, as in chess); None: :func:`froeschis.verify.explore.divide`'s
    (a path that ends early counts once, as the census counts)."""
    playthroughs: PlaythroughPlan | None = None
    """How its golden playthroughs (``spec/<game>/vectors``) are searched for."""
    table: Callable[[Any], ClauseTable] = lambda rules: rules.table
    """The clause table a rules value is played by."""
    state_from_json: Callable[[Any], Any] | None = None
    """A state from its JSON form (``state_to_json``'s), where the game can read one back."""
    seat_view: Callable[[Any, int], str] | None = None
    """What one seat may see, as text for a person at a terminal (``froeschis play``); None: the
    game hides nothing, so :attr:`render` is every seat's view."""
    picture: Callable[[Any, int | None], str] | None = None
    """The state as an SVG picture, as one seat sees it (None: everything, the referee's view)."""
    perft: Callable[[Any, int], int] | None = None
    """perft by the game's own convention (Army of Frogs: a finished game adds nothing), if it has
    one; :attr:`divide` splits the same count by the first action."""
    format_position: Callable[[Any], str] | None = None
    """A state in the one-line notation :attr:`parse_position` reads."""
    misread_everywhere: Callable[..., None] | None = None
    """Make every clause table of this process read by these readings (the mutation check plays a
    whole run by one misreading, the conformance kit's ``misreadings``)."""
    conformance: Conformance | None = None
    """Its part of ``froeschis conform``: scenarios, the protocol's checks, misreadings to blame."""
    encoding: Encoding | None = None
    """Its numbers for learning libraries (OpenSpiel, PettingZoo, Gymnasium)."""
    bench: GameBench | None = None
    """What ``froeschis bench`` measures of it."""

    bot_spec: Callable[[str, Any], Policy] | None = None
    """A bot from a name that may carry a parameter (Fröschis' ``ismc:8``), a :class:`ValueError`
    saying what is accepted for any other; None: the names of :attr:`bots` only."""
    bot_help: str = ""
    """What :attr:`bot_spec` accepts beyond the names of :attr:`bots` (``ismc:BUDGET``), for help
    texts and refusals."""

    # play and explain: what a person at a terminal sees and types, and how a step is told
    person: Person | None = None
    """How a person plays it at a terminal (``froeschis play``): the seat's view, the questions and
    how an answer is read, the events and the end in words; None:
    :func:`froeschis.framework.terminal.numbered` (the choices numbered)."""
    telling: Telling | None = None
    """How ``froeschis explain`` tells its steps beyond their events: the action in a step's heading,
    what it shows after a step, how a record ends; None: :func:`froeschis.framework.terminal.plain`."""
    board: Callable[[Any, int | None], Sequence[Drawn]] | None = None
    """The state drawn for a person at a terminal, as seat ``seat`` may see it (None: everything,
    the omniscient view of ``watch``), in lines of styled pieces
    (:data:`~froeschis.framework.telling.Drawn`): each seat's pieces in its colour
    (:func:`~froeschis.framework.telling.seat_style`), every place named as the actions name it, so
    that each choice ``play`` lists can be found in the picture. ``play`` draws it at every
    decision in place of the seat's text view, ``watch`` after the steps :attr:`drawn_after` picks
    and at the end; None: :attr:`render` (and :attr:`seat_view`), plain text."""
    drawn_after: Callable[[Any, Any, tuple[Any, ...]], bool] = lambda before, after, events: False
    """Whether ``watch`` draws the state after a step ``(before, after, events)``, as a spectator
    needs to follow the game: Army of Frogs after every turn, Frog once the cards are dealt, the
    widow exchanged and a deal settled. The finished game is drawn in any case."""
    rules_page: str = ""
    """Its annotated rules page in the built docs (``rules-army.html``), which the replay viewer
    (:mod:`froeschis.framework.viewer`) links every clause to; "": ``rules-<name>.html``."""
    # Written once (issue 28 item 4): the one game whose records have a reader of their own
    record_from_json: Callable[[Any], Any] | None = None
    """A record of this game from its JSON form ``froeschis.record/1`` by the game's own reader,
    where it has one older than the framework's (Fröschis': its messages are part of its published
    format); None: :func:`froeschis.framework.records.record_from_json` reads them."""
    # The engines a game offers (simulate, bench, the lock-step verifier).
    engines: Engines | None = None
    """Its engines and what its runs report of their own (:mod:`froeschis.framework.engines`); None:
    its reference engine alone, played through this Game."""

    def start(self, players: int | None = None, **options: Any) -> State:
        """A new game for ``players``, by the published rules or with ``options`` (``rules(**options)``:
        ``frog.start(grand_pays_four=True)``), waiting for its first chance event. ``players`` may be
        left out only where the rules allow one count (Frog: three); else a
        :class:`~froeschis.framework.errors.RulesError` names the counts."""
        if players is None:
            if len(self.players) > 1:
                counts = listing([str(count) for count in self.players], "or")
                raise RulesError(f"{self.title} is for {counts} players: say how many")
            players = self.players[0]
        return self.new_game(players, self.rules(**options) if options else None)

    returns_are: str = "1 for each winner, 0 for every other seat"
    """What :meth:`State.returns` gives in this game, in words (Frog: points)."""

    def win_returns(self, state: State) -> tuple[float, ...]:
        """1 for each seat that won, 0 for the others (all 0 before the end, and when nobody won):
        what a learner or a tournament of any game wants where :meth:`State.returns` are points
        (Frog's winners are the seats with the highest score, ``match.winners``)."""
        return tuple(1.0 if seat in state.winners else 0.0 for seat in range(state.num_players))

    def bot(self, spec: str, rules: Any) -> Policy:
        """The bot ``spec`` names (``greedy``, ``ismc:8``), made for ``rules``; an
        :class:`UnknownBotError` saying which bots the game has for any other."""
        try:
            if self.bot_spec is not None:
                return self.bot_spec(spec.strip(), rules)
            if spec.strip() in self.bots:
                return self.bots[spec.strip()](rules)
        except ValueError as error:
            raise UnknownBotError(str(error)) from None
        owner = possessive(self.title)
        raise UnknownBotError(f"unknown bot {spec.strip()!r}; {owner} bots are {self.bot_names()}")

    def bot_names(self) -> str:
        """The bots a person may name: ``random, greedy, ismc or ismc:BUDGET``."""
        return listing([*self.bots, *([self.bot_help] if self.bot_help else [])])

    def part(self, value: T | None, what: str) -> T:
        """``value``, one of this game's optional parts, or a :class:`MissingPartError` saying that
        the game lacks ``what`` (its conformance kit, its encoding, ...)."""
        if value is None:
            raise MissingPartError(f"{self.title} has no {what} (froeschis' games: see `froeschis --help`)")
        return value


class UnknownBotError(FroeschisError, ValueError):
    """A bot a game does not have, or a parameter its bot does not take (``ismc:0``)."""


class MissingPartError(FroeschisError, LookupError):
    """A tool asked a game for a part it does not have (Fröschis' perft notation, say)."""


def table_functions(game: Game) -> tuple[Callable[..., object], ...]:
    """Every function a game's engine can find in a clause table: the published entries, then the
    variants' (each once)."""
    entries = [function for _, _, function in game.table(game.rules()).entries()]
    entries += [reading.function for variant in game.variants for reading in variant.readings]
    return tuple(dict.fromkeys(entries))


def replay(game: Game, players: int, rules: Any, actions: Iterable[Any]) -> Any:
    """The state after ``actions`` from a new game (raises on any illegal action)."""
    state = game.new_game(players, rules)
    for action in actions:
        state = state.apply(action)
    return state
