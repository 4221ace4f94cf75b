"""The perft divide where an engine's legal actions part (froeschis.conformance.divergence).

The engines here are Army of Frogs' reference played through its Game interface with some legal
actions hidden at positions chosen in advance, so each expectation follows from what was hidden:
a hidden action of the diverging position is a branch only the reference lists; one hidden a ply
below, after the first action b, makes b's count one less on the engine's side and ends the first
divergent line after b. The reference's counts are its own divide's, which
tests/games/army_of_frogs/test_army_perft.py
checks against hand counts and an independent oracle. The Node engine (examples/army, written from
the specification alone) with a bug that widens the legal moves shows the divide over a real
process, when node is installed.
"""

from __future__ import annotations

import io
import random
import shutil
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from rich.console import Console

from froeschis.conformance.causes import PROTOCOL, Cause
from froeschis.conformance.checker import CheckConfig, check
from froeschis.conformance.compare import ERROR, Finding
from froeschis.conformance.divergence import PerftDivergence, trace
from froeschis.conformance.process import SubprocessEngine
from froeschis.conformance.protocol import JSON, CandidateError, CandidateTimeout, EngineAdapter
from froeschis.conformance.report import Report, RootCause
from froeschis.framework import registry
from froeschis.framework.errors import IllegalActionError

ARMY = registry.game("army-of-frogs")

Hide = Callable[[tuple[str, ...]], frozenset[str]]
"""The actions an engine leaves out of its legal list, by the actions played since the new game."""


class HidingEngine:
    """Army of Frogs' reference behind the adapter interface, leaving out the actions ``hide``
    names; ``fail_after`` requests it raises a timeout, as a hung engine's transport does."""

    def __init__(self, hide: Hide, fail_after: int | None = None) -> None:
        self.hide, self.fail_after = hide, fail_after
        self.state: Any = None
        self.played: tuple[str, ...] = ()
        self.requests = 0

    def _reply(self) -> dict[str, JSON]:
        hidden = self.hide(self.played)
        legal = [ARMY.action_to_json(a) for a in self.state.legal_actions() if str(a) not in hidden]
        return {"type": "state", "state": ARMY.state_to_json(self.state), "legal": legal, "events": []}

    def _count(self) -> None:
        self.requests += 1
        if self.fail_after is not None and self.requests > self.fail_after:
            raise CandidateTimeout("the engine did not answer within 5 s")

    def hello(self) -> object:
        return {"type": "hello"}

    def new_game(self, players: int, rules: Mapping[str, JSON]) -> object:
        self._count()
        self.state, self.played = ARMY.new_game(players, ARMY.rules_from_json(dict(rules))), ()
        return self._reply()

    def step(self, action: JSON) -> object:
        self._count()
        parsed = ARMY.action_from_json(action)
        try:
            self.state = self.state.apply(parsed)
        except IllegalActionError as error:
            return {"type": "illegal", "reason": error.reason}
        self.played = (*self.played, str(parsed))
        return self._reply()

    def close(self) -> None:
        self.state = None


def call_of(engine: EngineAdapter) -> Callable[[Callable[[EngineAdapter], object]], object]:
    """A session's call: the reply, or a finding when the engine gave none."""

    def call(request: Callable[[EngineAdapter], object]) -> object:
        try:
            return request(engine)
        except CandidateError as error:
            return Finding(ERROR, error.kind, error.message)

    return call


def position() -> tuple[tuple[Any, ...], list[str], list[str]]:
    """A 2-player game's actions to a position with at least three actions whose second action
    leads to one with at least two (seeded random play); the position's actions and the second's."""
    rules = ARMY.rules()
    for seed in range(100):
        rng = random.Random(seed)
        state = ARMY.new_game(2, rules)
        actions: list[Any] = []
        while not state.is_terminal and len(actions) < 40:
            action = ARMY.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
            state = state.apply(action)
            actions.append(action)
            here = [str(a) for a in state.legal_actions()]
            if len(actions) > 8 and len(here) >= 3:
                below = [str(a) for a in state.apply(state.legal_actions()[1]).legal_actions()]
                if len(below) >= 2:
                    return tuple(actions), here, below
    raise AssertionError("no such position in 100 seeds")


ACTIONS, HERE, BELOW = position()
LINE = tuple(str(a) for a in ACTIONS)


def traced(hide: Hide, **options: Any) -> tuple[PerftDivergence, HidingEngine]:
    engine = HidingEngine(hide, options.pop("fail_after", None))
    divergence = trace(ARMY, call_of(engine), 2, ARMY.rules(), ACTIONS, "random", len(ACTIONS) - 1, **options)
    assert divergence is not None
    return divergence, engine


def reference_divide(line: tuple[str, ...], depth: int) -> dict[str, int]:
    assert ARMY.divide is not None
    state = ARMY.new_game(2, ARMY.rules())
    for action in ACTIONS:
        state = state.apply(action)
    for text in line:
        state = state.apply(next(a for a in state.legal_actions() if str(a) == text))
    return dict(ARMY.divide(state, depth))


def test_the_first_divergent_line_goes_down_the_branch_counted_otherwise() -> None:
    """The last action hidden at the position, and one action hidden after its second: the second is
    the first branch that parts (the reference's order), its count one less, and the line ends after
    it, where the engine lacks the action hidden there."""
    last, second, below = HERE[-1], HERE[1], BELOW[0]

    def hide(played: tuple[str, ...]) -> frozenset[str]:
        return frozenset({last} if played == LINE else {below} if played == (*LINE, second) else ())

    divergence, _ = traced(hide)
    root = divergence.divides[0]
    counts = reference_divide((), 2)
    assert [(b.action, b.reference, b.engine) for b in root.parting] == [
        (second, counts[second], counts[second] - 1),
        (last, counts[last], None),
    ]
    assert divergence.line == (second,)
    assert divergence.end("reference") == (below,) and divergence.end("engine") == ()
    assert divergence.cut == ""
    text = "\n".join(divergence.lines())
    assert f"first divergent branch: {second}" in text
    assert (
        f"{second} (reference {counts[second]}, engine {counts[second] - 1}) -> there lacks {below}" in text
    )


def test_a_divergence_at_the_position_alone_has_no_line_below_it() -> None:
    last = HERE[-1]
    divergence, _ = traced(lambda played: frozenset({last} if played == LINE else ()))
    assert [b.action for b in divergence.divides[0].parting] == [last]
    assert divergence.line == () and divergence.end("reference") == (last,)
    assert "first divergent line: none below the position" in "\n".join(divergence.lines())


def test_a_deeper_divide_descends_one_action_per_level() -> None:
    """At depth 3 the line follows the second action, then, two plies below the position, the
    action hidden after the second action's first."""
    second, first_below = HERE[1], BELOW[0]
    state = ARMY.new_game(2, ARMY.rules())
    for action in ACTIONS:
        state = state.apply(action)
    state = state.apply(state.legal_actions()[1]).apply(
        state.apply(state.legal_actions()[1]).legal_actions()[0]
    )
    deepest = [str(a) for a in state.legal_actions()]
    if not deepest:
        pytest.skip("the line's end is a finished game")
    hidden = deepest[-1]
    divergence, _ = traced(
        lambda played: frozenset({hidden} if played == (*LINE, second, first_below) else ()), depth=3
    )
    assert divergence.line == (second, first_below)
    assert [d.depth for d in divergence.divides] == [3, 2, 1]
    assert divergence.end("reference") == (hidden,)


def test_the_count_is_cut_at_its_cap_and_says_so() -> None:
    """A cap below one replay counts nothing; a cap of one replay and a step counts the first branch."""
    hide: Hide = lambda played: frozenset({HERE[-1]} if played == LINE else ())  # noqa: E731
    nothing, engine = traced(hide, max_requests=3)
    assert engine.requests == 3 and nothing.divides == ()
    assert "cut short: the cap of 3 requests was reached" in nothing.lines()[-1]
    cap = len(ACTIONS) + 2
    first, _ = traced(hide, max_requests=cap)
    # the hidden action is known to be missing without a count
    assert [b.counted for b in first.divides[0].branches] == [True] + [False] * (len(HERE) - 2) + [True]
    assert [b.action for b in first.divides[0].parting] == [HERE[-1]]
    assert first.cut == f"the cap of {cap} requests was reached"


def test_an_engine_that_hangs_stops_the_count_at_once() -> None:
    """After the first failure no request is sent again (a restarted engine could hang again)."""
    replay = len(ACTIONS) + 1  # a new game and the game's actions
    fail_after = 2 * (replay + 1)  # two replays, each with its first action: two branches counted
    divergence, engine = traced(lambda played: frozenset(), fail_after=fail_after)
    assert engine.requests == fail_after + 1
    assert divergence.cut.startswith("the engine failed (timeout)")
    assert sum(b.counted for b in divergence.divides[0].branches) == 2


def test_no_divide_for_a_game_without_one_or_a_depth_of_none() -> None:
    froeschis = registry.game("froeschis")
    assert froeschis.divide is None
    engine = HidingEngine(lambda played: frozenset())
    assert trace(froeschis, call_of(engine), 2, froeschis.rules(), ()) is None
    assert trace(ARMY, call_of(engine), 2, ARMY.rules(), ACTIONS, depth=0) is None
    assert engine.requests == 0
    with pytest.raises(ValueError, match="divide_depth"):
        CheckConfig(divide_depth=-1)


def test_the_report_shows_the_divide_and_its_json_matches_the_schema() -> None:
    last = HERE[-1]
    divergence, _ = traced(lambda played: frozenset({last} if played == LINE else ()))
    finding = Finding(
        ERROR, "legal", f"the legal actions differ: lacks ['{last}']", "random", len(ACTIONS) - 1
    )
    cause = RootCause(Cause(None, None, (), 0, PROTOCOL), (finding,), divide=divergence)
    report = Report(
        "fake", None, (finding,), (), (), {"random": 1}, 1, 0, (), (), (cause,), 0.1, game=ARMY.name
    )
    data = report.to_json()["causes"][0]["divide"]
    assert data["engine_lacks"] == [last] and data["divides"][0]["depth"] == 2
    report.dumps()  # raises if the report does not match spec/schemas/report.schema.json
    console = Console(width=120, record=True, file=io.StringIO())
    report.render(console)
    assert "perft divide where the legal actions part (random, after action" in console.export_text()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_node_engine_s_wider_moves_are_the_branches_only_it_lists() -> None:
    """examples/army's ``destination-only`` bug misses strings made where a stone left: at the first
    position where its legal actions part from the reference's, every action only it lists is a move
    the reference refuses; below a move comes the turn's add, which the bug leaves alone, so the
    moves both list count alike at depth 2 and the line ends at the position."""
    engine = SubprocessEngine(
        ("node", "examples/army/engine.mjs", "--bug", "destination-only"), game=ARMY.name
    )
    try:
        engine.hello()
        rng, rules = random.Random(0), ARMY.rules()
        state, actions = ARMY.new_game(2, rules), []
        engine.new_game(2, ARMY.rules_to_json(rules))
        while not state.is_terminal:
            action = ARMY.sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
            state, reply = state.apply(action), engine.step(ARMY.action_to_json(action))
            actions.append(action)
            assert isinstance(reply, dict)
            if sorted(reply["legal"]) != sorted(map(str, state.legal_actions())):
                break
        else:
            pytest.fail("the buggy engine played a whole game as the reference does")
        divergence = trace(ARMY, call_of(engine), 2, rules, actions, "random", len(actions) - 1)
    finally:
        engine.close()
    assert divergence is not None and divergence.cut == ""
    extra = divergence.end("engine")
    assert extra and divergence.line == ()
    for text in extra:
        assert text.startswith("move ")
        with pytest.raises(IllegalActionError):
            state.apply(ARMY.action_from_json(text))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_froeschis_conform_shows_the_divide_of_the_node_engine_s_narrower_moves() -> None:
    """examples/army's ``three-frogs`` bug forbids strings the rules allow: the check's cause ends
    with the divide of its reproduction's last position, whose line ends where the two lists part:
    what the engine lacks there the reference allows, what it lists beyond the reference's it
    refuses."""
    config = CheckConfig(quick=True, random_games=0, vectors=None, fail_fast=True, shrink_budget=3)
    report = check(["node", "examples/army/engine.mjs", "--bug", "three-frogs"], config, game=ARMY.name)
    (cause,) = report.causes
    divergence, reproduction = cause.divide, cause.reproduction
    assert divergence is not None and reproduction is not None and reproduction.reproduced
    assert divergence.step == reproduction.finding.step and divergence.cut == ""
    rules = ARMY.rules_from_json(reproduction.record()["rules"])
    state = ARMY.new_game(reproduction.players, rules)
    for action in reproduction.actions[: (divergence.step or 0) + 1]:
        state = state.apply(action)
    for text in divergence.line:
        state = state.apply(ARMY.action_from_json(text))
    legal = {str(a) for a in state.legal_actions()}
    lacks, extra = divergence.end("reference"), divergence.end("engine")
    assert lacks or extra
    assert set(lacks) <= legal and not set(extra) & legal
    assert report.to_json()["causes"][0]["divide"]["line"] == list(divergence.line)
    report.dumps()  # raises if the report does not match spec/schemas/report.schema.json
    console = Console(width=120, record=True, file=io.StringIO())
    report.render(console, show_table=False)
    assert "first divergent line: " in console.export_text()
