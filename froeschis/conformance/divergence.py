"""Where an engine's legal actions part from the reference's: the perft divide of that position on
both sides, and the first line down the tree where the counts part.

A legal-actions error says what differs in one position. The chess engines' way of finding a move
generator's bug says more: split perft(d) of the position by its first action on both engines (a
*divide*), follow the first action whose counts part, divide again below it, and so on down to a
position whose legal actions differ (a bug that shows beside the error's own position, after another
action, is found so). The reference's counts are its game's own
:attr:`~froeschis.framework.game.Game.divide`, by the game's perft convention; the engine's are
counted over the protocol: perft(p, 0) = 1 and perft(p, k) is the sum over the engine's legal
actions a at p of perft(p·a, k - 1), so a finished game (no legal action) adds nothing, as in
Army of Frogs' perft and chess. The protocol has no request to set a position: every position below
the diverging one is reached by replaying the game from its new game (the game's actions up to the
divergence, then the line), and the engine's next position is reached by one step where it can be.

Chance is held fixed as the reference's divide holds it: after Army of Frogs' shuffle the bag's
order is part of the state, so every draw below is fixed by the replayed shuffle on both sides, and
the tree has no chance node. In a game whose tree has one, an engine node with no legal action
where the reference's position is a chance node is given the reference's outcomes, each one branch,
as the driver decides chance everywhere in the protocol.

The cost is bounded: a small depth (2: one replay per first action), a cap on requests and a time
box; an engine that fails, hangs (the transport's timeouts) or refuses an action it listed itself
stops the count, and the report says where it was cut. A game without a divide gets nothing here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from froeschis.conformance.compare import Finding
from froeschis.conformance.protocol import JSON, EngineAdapter
from froeschis.framework.errors import FormatError
from froeschis.framework.game import Game

Call = Callable[[Callable[[EngineAdapter], object]], object]
"""How the engine is asked (:meth:`~froeschis.conformance.runner.Session.call`): its reply, or a
:class:`~froeschis.conformance.compare.Finding` when it gave none."""

DEPTH = 2
"""The divide's depth by default: one replay of the game per first action of the position."""
MAX_REQUESTS = 5000
"""The most requests the engine is sent for one count (new games and steps together)."""
SECONDS = 10.0
"""The time box of one count."""
SHOWN = 8
"""Branches that part shown in the text report (the JSON report has every branch)."""


@attrs.frozen
class Branch:
    """One first action of a divide and its two counts (None: that side does not list the action)."""

    action: str
    reference: int | None
    engine: int | None
    counted: bool = True
    """False: the count was cut before the engine's count of this branch (``engine`` is None)."""

    @property
    def parts(self) -> bool:
        return self.counted and self.reference != self.engine

    @property
    def common(self) -> bool:
        """Both sides list the action (a branch worth going down)."""
        return self.reference is not None and self.engine is not None


@attrs.frozen
class Divide:
    """perft(``depth``) of one position of the line, split by its first action on both sides."""

    line: tuple[str, ...]
    """The actions from the diverging position to this one."""
    depth: int
    branches: tuple[Branch, ...]
    """The reference's first actions in its order, then those only the engine lists, in its order."""

    @property
    def parting(self) -> tuple[Branch, ...]:
        return tuple(b for b in self.branches if b.parts)

    def total(self, side: str) -> int:
        return sum(getattr(b, side) or 0 for b in self.branches)

    def to_json(self) -> dict[str, Any]:
        return {
            "line": list(self.line),
            "depth": self.depth,
            "reference": self.total("reference"),
            "engine": self.total("engine"),
            "branches": [
                {"action": b.action, "reference": b.reference, "engine": b.engine, "counted": b.counted}
                for b in self.branches
            ],
        }


@attrs.frozen
class PerftDivergence:
    """The divides down the first divergent line from the position where the legal actions part."""

    scenario: str
    step: int | None
    """The index of the action after which the position is (None: the new game's)."""
    depth: int
    divides: tuple[Divide, ...]
    """The diverging position's divide first, then one for each action of the line (empty: the count
    was cut before the position's first action)."""
    requests: int
    seconds: float
    cut: str = ""
    """Why the count stopped early ("": it did not)."""

    @property
    def line(self) -> tuple[str, ...]:
        """The first divergent line: from the diverging position, each first action followed."""
        return self.divides[-1].line if self.divides else ()

    def end(self, side: str) -> tuple[str, ...]:
        """At the end of the line, the actions only ``side`` lists (among those counted)."""
        if not self.divides:
            return ()
        other = "engine" if side == "reference" else "reference"
        return tuple(
            b.action
            for b in self.divides[-1].parting
            if getattr(b, side) is not None and getattr(b, other) is None
        )

    def lines(self) -> list[str]:
        """The text report's lines (plain text: the report escapes them)."""
        where = "the new game" if self.step is None else f"after action {self.step}"
        text = [f"perft divide where the legal actions part ({self.scenario}, {where}), depth {self.depth}:"]
        if self.divides:
            root = self.divides[0]
            parting = root.parting
            text.append(
                f"  perft({self.depth}): reference {root.total('reference')}, engine "
                f"{root.total('engine')}; {len(parting)} of {len(root.branches)} first actions part "
                "(-: not listed)"
            )
            width = max(len(b.action) for b in parting[:SHOWN]) if parting else 0
            for b in parting[:SHOWN]:
                counts = f"reference {_count(b.reference):>6}  engine {_count(b.engine):>6}"
                text.append(f"    {b.action:<{width}}  {counts}")
            if len(parting) > SHOWN:
                text.append(f"    ... and {len(parting) - SHOWN} more")
            if parting:
                text.append(f"  first divergent branch: {parting[0].action}")
            text.append(f"  first divergent line: {self._line_text()}")
        cut = f"; cut short: {self.cut}" if self.cut else ""
        text.append(f"  (the engine's counts took {self.requests} requests, {self.seconds:.1f} s{cut})")
        return text

    def _line_text(self) -> str:
        steps = [
            f"{action} (reference {_count(b.reference)}, engine {_count(b.engine)})"
            for action, divide in zip(self.line, self.divides, strict=False)
            for b in divide.branches
            if b.action == action
        ]
        extra, missing = self.end("engine"), self.end("reference")
        if not extra and not missing:
            ending = "no first action parts there" if self.line else "no first action parts"
        else:
            listed = [f"the engine also lists {', '.join(extra)}"] if extra else []
            listed += [f"lacks {', '.join(missing)}"] if missing else []
            ending = "; ".join(listed)
        if not steps:
            return f"none below the position (the first actions both list count alike); at it {ending}"
        return " -> ".join(steps) + f" -> there {ending}"

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "step": self.step,
            "depth": self.depth,
            "line": list(self.line),
            "engine_also_lists": list(self.end("engine")),
            "engine_lacks": list(self.end("reference")),
            "divides": [d.to_json() for d in self.divides],
            "requests": self.requests,
            "seconds": round(self.seconds, 2),
            "cut": self.cut,
        }


def _count(value: int | None) -> str:
    return "-" if value is None else str(value)


class _Cut(Exception):
    """The engine's count stops here (the message says why)."""


def _key(game: Game, action: JSON) -> str:
    """An engine's action as the reference's divide names actions (its text), or its JSON when the
    reference cannot read it."""
    try:
        return str(game.action_from_json(action))
    except FormatError:
        return json.dumps(action, ensure_ascii=False)[:200]


Children = tuple[tuple[str, JSON], ...]
"""The branches of an engine position: each action's text and the JSON sent for it."""


@attrs.define
class _EngineTree:
    """The engine's tree below the diverging position, asked for over the protocol as needed."""

    game: Game
    call: Call
    players: int
    rules: JSON
    prefix: tuple[JSON, ...]
    """The game's actions up to the diverging position, as sent."""
    reference: Any
    """The reference's diverging position (for the outcomes of chance nodes)."""
    requests_left: int
    deadline: float
    requests: int = 0
    at: tuple[str, ...] | None = None
    """The line the engine stands at now (None: unknown, a replay is needed)."""
    known: dict[tuple[str, ...], Children] = attrs.Factory(dict)
    cut: str = ""

    def _ask(self, request: Callable[[EngineAdapter], object], what: str) -> dict[str, JSON]:
        if self.cut:
            raise _Cut(self.cut)
        if self.requests >= self.requests_left:
            self.cut = f"the cap of {self.requests_left} requests was reached"
        elif time.monotonic() >= self.deadline:
            self.cut = "the time box was used up"
        if self.cut:
            raise _Cut(self.cut)
        self.requests += 1
        reply = self.call(request)
        if isinstance(reply, Finding):
            self.at = None
            self.cut = f"the engine failed ({reply.kind}) at {what}: {reply.message}"
        elif not (
            isinstance(reply, dict) and reply.get("type") == "state" and isinstance(reply.get("legal"), list)
        ):
            self.at = None
            self.cut = f"the engine answered {what} with {json.dumps(reply, ensure_ascii=False)[:120]}"
        if self.cut:
            raise _Cut(self.cut)
        assert isinstance(reply, dict)
        return reply

    def _children_of(self, line: tuple[str, ...], reply: dict[str, JSON]) -> Children:
        listed = {_key(self.game, a): a for a in reply["legal"]}
        if not listed:
            state = _reference_at(self.game, self.reference, line)
            if state is not None and state.is_chance:  # the driver decides chance: the reference's outcomes
                outcomes = tuple(self.game.chance_outcomes(state))
                if len(outcomes) > self.requests_left:
                    self.cut = f"a chance node with {len(outcomes)} outcomes below {' '.join(line)}"
                    raise _Cut(self.cut)
                return tuple((str(o), self.game.action_to_json(o)) for o in outcomes)
        return tuple(listed.items())

    def children(self, line: tuple[str, ...]) -> Children:
        """The engine's branches at the end of ``line`` (replaying the game to reach it if needed)."""
        if line in self.known:
            return self.known[line]
        if self.at is not None and line[:-1] == self.at and line:
            start = len(line) - 1
        else:
            self.at = None
            reply = self._ask(lambda e: e.new_game(self.players, self.rules), "the new game of a replay")
            for index, action in enumerate(self.prefix):
                reply = self._ask(lambda e, a=action: e.step(a), f"action {index} of a replay")  # type: ignore[misc]
            self.known.setdefault((), self._children_of((), reply))
            self.at, start = (), 0
        for depth in range(start, len(line)):
            sent = dict(self.known[line[:depth]])[line[depth]]
            where = " ".join(line[: depth + 1])
            reply = self._ask(lambda e, a=sent: e.step(a), f"{where}")  # type: ignore[misc]
            self.at = line[: depth + 1]
            self.known.setdefault(self.at, self._children_of(self.at, reply))
        return self.known[line]

    def perft(self, line: tuple[str, ...], depth: int) -> int:
        if depth == 0:
            return 1
        children = self.children(line)
        if depth == 1:
            return len(children)
        return sum(self.perft((*line, action), depth - 1) for action, _ in children)

    def divide(self, line: tuple[str, ...], depth: int) -> dict[str, int | None]:
        """perft(depth) at the end of ``line`` by first action (None: not counted, the count was cut)."""
        counts: dict[str, int | None] = {}
        for action, _ in self.children(line):
            try:
                counts[action] = self.perft((*line, action), depth - 1)
            except _Cut:
                counts[action] = None
        return counts


def _reference_at(game: Game, root: Any, line: Sequence[str]) -> Any:
    """The reference's position at the end of ``line`` from ``root`` (None: it leaves the
    reference's tree)."""
    state = root
    for text in line:
        branches = game.chance_outcomes(state) if state.is_chance else state.legal_actions()
        found = next((a for a in branches if str(a) == text), None)
        if found is None:
            return None
        state = state.apply(found)
    return state


def _compare(
    line: tuple[str, ...], depth: int, reference: Mapping[str, int], engine: Mapping[str, int | None]
) -> Divide:
    branches = [
        Branch(a, n, engine.get(a), counted=a not in engine or engine[a] is not None)
        for a, n in reference.items()
    ]
    branches += [Branch(a, None, n, counted=n is not None) for a, n in engine.items() if a not in reference]
    return Divide(line, depth, tuple(branches))


def trace(
    game: Game,
    call: Call,
    players: int,
    rules: Any,
    actions: Sequence[Any],
    scenario: str = "",
    step: int | None = None,
    depth: int = DEPTH,
    seconds: float = SECONDS,
    max_requests: int = MAX_REQUESTS,
) -> PerftDivergence | None:
    """The divides down the first divergent line of the position after ``actions`` (the game's
    actions up to and including the one whose reply's legal actions differ), the engine driven
    through ``call``; None for a game without a divide, a depth of 0, or a position at a chance node
    (too many outcomes to split)."""
    if game.divide is None or depth < 1:
        return None
    root = game.new_game(players, rules)
    for action in actions:
        root = root.apply(action)
    if root.is_chance:
        return None
    started = time.monotonic()
    tree = _EngineTree(
        game,
        call,
        players,
        game.rules_to_json(rules),
        tuple(game.action_to_json(a) for a in actions),
        root,
        max_requests,
        started + seconds,
    )
    divides: list[Divide] = []
    line: tuple[str, ...] = ()
    for k in range(depth, 0, -1):
        try:
            engine = tree.divide(line, k)
        except _Cut:
            break
        state = _reference_at(game, root, line)
        divides.append(_compare(line, k, game.divide(state, k), engine))
        follow = next((b for b in divides[-1].parting if b.common), None)
        if follow is None:
            break
        line = (*line, follow.action)
    return PerftDivergence(
        scenario, step, depth, tuple(divides), tree.requests, time.monotonic() - started, tree.cut
    )
