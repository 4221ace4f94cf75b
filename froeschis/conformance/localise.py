"""Fault localisation: which clause is most suspicious when no known misreading explains the games.

The evidence is the reference's own account of the games (its provenance,
:mod:`froeschis.games.froeschis.provenance`); nothing here keeps a table of which clause does what.

* **A spectrum over the games** (spectrum-based fault localisation, Ochiai's measure): for each
  clause, in how many failing games it was at work at the diverging step (it decided something
  there, wrote a differing field, owns a differing field the step left alone, or its decision,
  changed, gives the engine's reply) or in the steps just before it (counting half), against in how
  many games the engine played right it decided anything at all. A clause at work wherever the
  engine fails and seldom where it does not is suspicious; one at work in every game (the turn
  order) is not, for that alone.
* **The provenance of the differing fields**, which breaks ties between clauses at work in the
  same steps (several clauses share a part of a step: a deal's, a round's end): the main clause of
  the part that first wrote a differing field; for a field the step did not write, the clause that
  wrote it last before (a value not reset names the clause that resets it), or that writes it in
  the games played right (the winners, written only where a game is won). When the engine reports
  events and they part from the reference's in the diverging step, the part that is the first
  event to differ comes first instead, and the parts before it, whose events the engine reported
  as the reference did, are not held to have written the fields (spec/protocol.md: such an engine
  "is localised by the first event where they part"): a record written whole by an early part of
  the step and completed by a later one (Frog's count writes a deal's record, its settlement the
  changes in it) blames the part where the engine's own account went otherwise.
* **The first event where the events part** comes before the spectrum: the clauses of the
  reference's event there, and those the engine's own event there cites when it says another
  thing (an auction won where the reference asks the next seat), are the first suspects when they
  are so in at least half of the failing games, ranked among themselves by the spectrum; clauses
  at work in the step but not in that event (Frog's settlement, after a count that differs)
  follow. (Ranking by the number of games instead let one game where the events part elsewhere
  outweigh the spectrum.) Of the event's clauses, the one whose entry, a
  generic perturbation in the reference's place, reports that event as the engine did breaks a
  tie (Frog's count: the result, not the points, when 61 is counted a draw).
* **Value replacement**: a generic perturbation of a clause's entry
  (:mod:`froeschis.conformance.perturb`) that, put in the reference's place at the diverging step,
  answers it as the engine did shows that changing that decision there gives the engine's reply.
  :mod:`froeschis.conformance.causes` tries every perturbation on every failing game; one that
  does so in enough games, contradicted by none played right, names the cause on its own.

Measured on broken engines written without sight of the catalogue, with its misreadings switched
off (docs/guide-validating.rst): weighing the kinds of evidence alike and leaving the provenance to
break ties named more bugs right than weighing the provenance more (which favours the clause that
wrote a field over the decision upstream that made it write: a row found complete, a completer
counted), and than ranking by value replacement first (a perturbation answers one step by chance).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import attrs

from froeschis.framework.provenance import Fired

NEAR = 4
"""How many steps before the diverging one count as "just before" it."""

REPLACED, MAIN, WROTE, KEPT, AT, BEFORE = "replaced", "main", "wrote", "kept", "at", "before"
WEIGHTS = {REPLACED: 1.0, MAIN: 1.0, WROTE: 1.0, KEPT: 1.0, AT: 1.0, BEFORE: 0.5}
"""What one failing game's evidence counts for a clause, by its kind (the strongest kind counts): its
decision changed gives the engine's reply; it is the main clause of the part blamed first for a
differing field (or decides a differing legal action); another clause of a blamed part; it owns a
differing field the step kept; it was at work in the diverging step; at work just before it."""


@attrs.frozen
class Account:
    """The reference's account of one failing game around its divergence."""

    main: frozenset[str]
    """The main clause (the first) of each part of the diverging step that wrote a field that differs,
    and the clauses that decide a legal action or a refusal the engine got wrong."""
    wrote: frozenset[str]
    """The other clauses of the parts that wrote a field that differs."""
    kept: frozenset[str]
    """Clauses that last wrote, before the diverging step, a differing field the step left alone."""
    at: frozenset[str]
    """Clauses that decided anything in the diverging step (or refuse the probe it was)."""
    before: frozenset[str]
    """Clauses that decided anything in the :data:`NEAR` steps before it."""
    replaced: frozenset[str] = frozenset()
    """Clauses whose decision at the diverging step, changed by a generic perturbation of their
    entry, gives the engine's reply (value replacement)."""
    parted: frozenset[str] = frozenset()
    """The clauses of the reference's event where the engine's events first part from it in the
    diverging step (empty: the engine reported no events there, they matched, or they are not
    trusted): an engine whose events matched so far "is localised by the first event where they
    part" (spec/protocol.md)."""
    fitted: frozenset[str] = frozenset()
    """Those of :attr:`parted` whose decision there, changed by a generic perturbation of their
    entry, reports that event as the engine did (value replacement on the first differing event)."""

    def weight(self, clause: str) -> float:
        kinds = (
            (MAIN, self.main),
            (WROTE, self.wrote),
            (KEPT, self.kept),
            (AT, self.at),
            (BEFORE, self.before),
        )
        for kind, clauses in kinds:
            if clause in clauses:
                return WEIGHTS[kind]
        return 0.0

    @property
    def clauses(self) -> frozenset[str]:
        return self.main | self.wrote | self.kept | self.at | self.before | self.replaced | self.parted


def clauses_of(parts: Iterable[Fired]) -> frozenset[str]:
    return frozenset(c for part in parts for c in part.clauses)


def account_of(
    history: Sequence[Sequence[Fired]],
    diverging: Sequence[Fired],
    differing: Sequence[str],
    deciding: Iterable[str] = (),
    at: Iterable[str] = (),
    owners: Callable[[str], frozenset[str]] = lambda path: frozenset(),
    parted: int | None = None,
) -> Account:
    """The account of a game whose steps before the divergence fired ``history`` (oldest first) and
    whose diverging step fired ``diverging``, for the ``differing`` field paths. ``deciding`` are the
    clauses that decide a differing legal action or the refusal of a probe (they count as writers);
    ``at`` are clauses at work in a divergence the step's parts do not show (a crash, say);
    ``owners(path)`` the clauses that write a field in the reference's other games, for a field this
    game never wrote (the winners, written only where a game is won); ``parted`` the index, among
    the step's events, of the first where the engine's events part from the reference's
    (:func:`parting_parts`)."""
    main: set[str] = set(deciding)
    wrote: set[str] = set()
    kept: set[str] = set()
    blamed = parting_parts(diverging, differing, parted)
    with_events = [part for part in diverging if part.event is not None]
    first_event = (
        frozenset(with_events[parted].clauses)
        if parted is not None and 0 <= parted < len(with_events)
        else frozenset()
    )
    if blamed:
        root, *others = blamed
        main.add(diverging[root].clauses[0])
        wrote.update(diverging[root].clauses[1:])
        wrote.update(c for n in others for c in diverging[n].clauses)
    for path in differing:
        if any(part.precision(path) for part in diverging):
            continue
        earlier = next(
            (part for step in reversed(history) for part in reversed(step) if part.precision(path)), None
        )
        kept.update(earlier.clauses if earlier is not None else owners(path))
    before = clauses_of(part for step in history[-NEAR:] for part in step)
    return Account(
        frozenset(main),
        frozenset(wrote - main),
        frozenset(kept),
        clauses_of(diverging) | frozenset(at),
        before,
        parted=first_event,
    )


def blamed_parts(parts: Sequence[Fired], paths: Iterable[str]) -> list[int]:
    """The parts of a step to blame for the differing fields ``paths``, in step order: the first of
    them gives the main clauses.

    A field is blamed on the part whose writes name it most closely (a part that wrote
    ``players[1].length`` before one that wrote all of ``players``) and, of several, the last: the
    value the reference ended the step with is the one the engine's differs from.
    """
    blamed = set()
    for path in paths:
        closest = max((part.precision(path) for part in parts), default=0)
        if closest:
            blamed.add(max(n for n, part in enumerate(parts) if part.precision(path) == closest))
    return sorted(blamed)


def parting_parts(parts: Sequence[Fired], paths: Iterable[str], parted: int | None = None) -> list[int]:
    """The parts of a step to blame for the differing fields ``paths``, the main one first.

    Without the engine's events (``parted`` None), the parts that wrote the fields
    (:func:`blamed_parts`). When its events part from the reference's at the one numbered
    ``parted`` (0: the step's first event), the part that is that event comes first, then the parts
    after it that wrote a differing field: the parts before it reported what the reference's did,
    so a field they wrote as a whole (a deal's record, counted before it is settled) is no evidence
    against them. They stay at work in the step (:attr:`Account.at`).
    """
    blamed = blamed_parts(parts, paths)
    with_events = [n for n, part in enumerate(parts) if part.event is not None]
    if parted is None or not 0 <= parted < len(with_events):
        return blamed
    root = with_events[parted]
    return [root, *(n for n in blamed if n > root)]


@attrs.frozen
class Suspect:
    """A clause and the evidence against it."""

    clause: str
    score: float
    """Ochiai's measure over the weighted evidence, 0 to 1."""
    failing: int
    """Failing games in which it wrote a differing field or decided at or just before the divergence."""
    passing: int
    """Games the engine played right in which it decided anything."""
    wrote: int
    """Failing games in which it wrote a differing field, or last wrote one the diverging step kept."""
    main: int = 0
    """Failing games in which it is the main clause of the part blamed first for a differing field."""
    replaced: int = 0
    """Failing games whose diverging step a generic perturbation of its entry answers as the engine did."""
    parted: int = 0
    """Failing games in which it is a clause of the first event where the engine's events part from
    the reference's."""
    fitted: int = 0
    """Failing games in which, a clause of that event, a generic perturbation of its entry reports
    the event as the engine did."""

    def evidence(self, games: int) -> str:
        wrote = f", wrote a differing field in {self.wrote}" if self.wrote else ""
        replaced = (
            f", its decision changed gives the engine's reply in {self.replaced}" if self.replaced else ""
        )
        parted = (
            f", a clause of the first event where the events part in {self.parted}" if self.parted else ""
        )
        fitted = (
            f" (its decision changed reports that event as the engine did in {self.fitted})"
            if self.fitted
            else ""
        )
        return (
            f"at work at or just before the divergence in {self.failing} of the {games} failing games"
            f"{wrote}{replaced}{parted}{fitted}; at work in {self.passing} games played right "
            f"(score {self.score:.2f})"
        )


def rank(accounts: Sequence[Account], passing: Sequence[frozenset[str]]) -> tuple[Suspect, ...]:
    """Every clause any failing game's account involves, most suspicious first: first the clauses of
    the first event where the engine's events part from the reference's in at least half of the
    games (an engine whose events matched so far "is localised by the first event where they part",
    spec/protocol.md), then the others, each by the score; ties: the clause whose decision changed
    reports that event as the engine did in more games, then the one whose decision changed gives
    the engine's reply in more, then the one that is the main one of the blamed part in more, then
    the one that wrote differing fields in more, then the one at work in fewer games played
    right."""
    total = len(accounts)
    suspects = []
    for clause in sorted(set().union(*(a.clauses for a in accounts)) if accounts else ()):
        weighted = sum(a.weight(clause) for a in accounts)
        played_right = sum(1 for clauses in passing if clause in clauses)
        score = weighted / math.sqrt(total * (weighted + played_right)) if weighted else 0.0
        failing = sum(1 for a in accounts if clause in a.clauses)
        wrote = sum(1 for a in accounts if clause in a.main | a.wrote | a.kept)
        main = sum(1 for a in accounts if clause in a.main)
        replaced = sum(1 for a in accounts if clause in a.replaced)
        parted = sum(1 for a in accounts if clause in a.parted)
        fitted = sum(1 for a in accounts if clause in a.fitted)
        suspects.append(Suspect(clause, score, failing, played_right, wrote, main, replaced, parted, fitted))
    return tuple(
        sorted(
            suspects,
            key=lambda s: (
                -(2 * s.parted >= total),
                -round(s.score, 9),
                -s.fitted,
                -s.replaced,
                -s.main,
                -s.wrote,
                s.passing,
                s.clause,
            ),
        )
    )
