"""Counterfactual blame: which reading of which clause makes the reference play as the engine did.

An engine's games are evidence. Up to its first divergence in a game it played as the reference
does (the checker compared every step), and at the divergence it did something else. For every known
misreading (:mod:`froeschis.games.froeschis.misreadings`, described in ``spec/froeschis/clauses.toml``) the
reference replays the same games by that reading (:mod:`froeschis.conformance.replay`): a misreading
that reproduces a game's diverging step *explains* that game; one that plays differently from the
reference in a game the engine played right is *contradicted* by it. The misreading that explains
most games and is contradicted by none is a cause (confidence :data:`EXPLAINED`), and the games it
explains are one root cause; failing that, one that explains most of them but not everywhere is the
*nearest* cause (:data:`NEAREST`: the engine reads the clause so in some situations only). The
search repeats on the games left.

What no known misreading explains is not guessed from one step. The generic perturbations of the
clause table's entries (:mod:`froeschis.conformance.perturb`) are tried the same way (a fit is a
cause of confidence :data:`PERTURBATION`); the games left then join the cause whose clause their
reference's account involves, or, failing that, make one cause together (confidence
:data:`PROVENANCE`), named by the clause that fault localisation over all of them finds most
suspicious (:mod:`froeschis.conformance.localise`), with the runners-up. One bug shows in many
games, in several clauses' decisions: its games are one cause, not one per clause they touch. And
a cause whose misreading or perturbation also explains every game of another cause absorbs it
(:func:`absorb`): a reading that fits a subset of the games by coincidence does not stand as a
second cause beside the one that explains them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from froeschis.conformance.compare import UNKNOWN_CLAUSE, Finding
from froeschis.conformance.hypotheses import Hypothesis, catalogued, perturbed
from froeschis.conformance.localise import Account, Suspect, account_of, rank
from froeschis.conformance.protocol import CandidateTimeout
from froeschis.conformance.referee import Referee
from froeschis.conformance.replay import changes_play, reproduces, reproduces_event, reproduces_step
from froeschis.conformance.runner import Evidence
from froeschis.framework.catalogue import Misreading
from froeschis.framework.checks import JSON
from froeschis.framework.provenance import Fired

EXPLAINED, NEAREST, PERTURBATION, PROVENANCE, PROTOCOL, TIMEOUT = (
    "explained",
    "nearest",
    "perturbation",
    "provenance",
    "protocol",
    "timeout",
)
"""How sure a cause is: a known misreading reproduced the engine's games and no game it played
right contradicts it; or a known misreading reproduced most of them but some game played right
contradicts it (the engine reads the clause so in some situations only); or no known misreading
fits but a generic perturbation of a clause's entry reproduces them; or only the reference's own
account of the games (which clauses were at work where they diverged, and wrote the fields that
differ) points at the clause; or no clause is involved (the engine broke the protocol: it did not
start, crashed, or answered out of form); or the engine answered too slowly (a reply did not come
within the time allowed: no clause is involved, and an engine that plays right may be only slow)."""

SLOW = CandidateTimeout.kind
"""The kind of the finding of a reply that did not come in time: a cause of its own (:data:`TIMEOUT`)."""

SUSPECTS_SHOWN = 4
"""How many clauses a cause named by fault localisation lists: the most suspicious and runners-up."""


@attrs.frozen
class Explanation:
    """How well one hypothesis accounts for the evidence."""

    hypothesis: Hypothesis
    games: tuple[int, ...]
    """The diverging games (their indices among the check's games) whose diverging step it
    reproduces from the position where the engine and the reference last agreed."""
    whole: tuple[int, ...]
    """Those of them it reproduces from the start: every step, the divergence included."""
    steps: int
    """The actions of the ``whole`` games, divergences included."""
    refuted_by: int = 0
    """Games the engine played right that this reading would have played otherwise."""
    clause: str = ""
    """The clause it reads otherwise, in the games it explains."""

    @property
    def misreading(self) -> Misreading | None:
        return self.hypothesis.misreading


@attrs.frozen
class Cause:
    """One root cause: the clause, what explains it (a misreading, a perturbation), its games."""

    clause: str | None
    """None for a protocol failure."""
    misreading: Misreading | None
    games: tuple[int, ...]
    """The diverging games it accounts for (indices among the check's games)."""
    steps: int
    """The actions the hypothesis reproduces in the games it reproduces whole, divergences included."""
    confidence: str
    runners_up: tuple[Explanation, ...] = ()
    refuted_by: int = 0
    """Games the engine played right that the hypothesis plays otherwise (a nearest cause only)."""
    whole: int = 0
    """How many of its games the hypothesis reproduces from the start (the rest: their diverging step)."""
    also: tuple[int, ...] = ()
    """Further diverging games no hypothesis explains, whose diverging step the reference's own
    account says involves the same clause: most likely the same cause, where the reading differs."""
    perturbation: Explanation | None = None
    """The generic perturbation that explains the games (confidence :data:`PERTURBATION`)."""
    suspects: tuple[Suspect, ...] = ()
    """For a cause no known misreading explains: the most suspicious clauses, the named one first."""
    touches: frozenset[str] = frozenset()
    """The clauses in whose decisions the cause shows: its own, and those whose entries its
    hypothesis replaces. A game no hypothesis explains joins the cause whose decisions its
    divergence involves."""

    @property
    def all_games(self) -> tuple[int, ...]:
        return (*self.games, *self.also)


@attrs.frozen
class _Failing:
    """A diverging game, with the reference's position just before its divergence and its account."""

    index: int
    evidence: Evidence
    before: Any
    """None when the engine parted at the new game itself."""
    account: Account
    involved: tuple[str, ...]
    """The clauses of the game's first error: its main clauses, then the related ones."""
    parted: int | None = None
    """The index, among the diverging step's events, of the first where the engine's part from the
    reference's (None: they did not part, or are not trusted)."""


DECIDED = frozenset({"legal", "legal-refused", "illegal-accepted"})
"""Kinds of error whose finding names the clauses that decide the differing actions (the clauses
that allow the missing or refused ones, and refuse the extra or accepted ones)."""


class _Owners:
    """The clauses that write a state field in the games the engine played right, found by
    replaying them on the reference with provenance until one does (once per field)."""

    def __init__(self, referee: Referee, passing: Sequence[Evidence]) -> None:
        self.referee = referee
        self.passing = passing
        self.found: dict[str, frozenset[str]] = {}

    def __call__(self, path: str) -> frozenset[str]:
        if path not in self.found:
            self.found[path] = self._search(path)
        return self.found[path]

    def _search(self, path: str) -> frozenset[str]:
        for evidence in self.passing:
            if not evidence.trial.actions:  # a set-up the rules refuse: no game to replay
                continue
            state = self.referee.game.new_game(evidence.trial.players, evidence.trial.rules)
            for action in evidence.trial.actions:
                step = state.transition(action)
                writers = [part for part in step.fired if part.precision(path)]
                if writers:
                    return frozenset(writers[0].clauses)
                state = step.after
        return frozenset()


def _prepare(referee: Referee, index: int, evidence: Evidence, finding: Finding, owners: _Owners) -> _Failing:
    divergence = evidence.divergence
    assert divergence is not None
    involved = (*finding.clauses, *finding.related)
    differing = [d.path for d in finding.fields if d.path != "legal"]
    deciding = finding.clauses if finding.kind in DECIDED else ()
    at = () if finding.kind in DECIDED or finding.kind == "state" else involved
    if divergence.index is None:
        return _Failing(index, evidence, None, account_of((), (), differing, deciding, at, owners), involved)
    trial = evidence.trial
    state = referee.game.new_game(trial.players, trial.rules)
    history: list[tuple[Fired, ...]] = []
    for action in trial.actions[: divergence.index]:
        step = state.transition(action)
        history.append(step.fired)
        state = step.after
    diverging: tuple[Fired, ...] = ()
    if divergence.probe is None and divergence.index < len(trial.actions):
        step = state.transition(trial.actions[divergence.index])
        diverging = step.fired
        if finding.kind == "state":
            differing = referee.kit.significant_paths(step.after, finding.fields, _phase_of(divergence.reply))
    parted = finding.parted if finding.kind == "state" else None
    account = account_of(history, diverging, differing, deciding, at, owners, parted)
    if parted is not None and account.parted:  # the engine's event there, when it says another thing
        account = attrs.evolve(account, parted=account.parted | set(finding.candidate_clauses))
    return _Failing(index, evidence, state, account, involved, parted)


def _phase_of(reply: object) -> JSON:
    """The phase the engine's state reply says (None when it sent none)."""
    state = reply.get("state") if isinstance(reply, dict) else None
    return state.get("phase") if isinstance(state, dict) else None


def _step_fits(referee: Referee, hypothesis: Hypothesis, failing: Sequence[_Failing]) -> list[_Failing]:
    """The games whose diverging step the hypothesis, in the reference's place, answers as the
    engine did."""
    play = hypothesis.play
    return [
        g
        for g in failing
        if changes_play(referee, play, g.evidence.trial.rules)
        and reproduces_step(referee, play, g.evidence, g.before)
    ]


def _explain(
    referee: Referee,
    hypothesis: Hypothesis,
    failing: Sequence[_Failing],
    fits: Mapping[str, frozenset[int]] | None = None,
) -> Explanation | None:
    """How well the hypothesis explains the games ``failing`` (``fits``: the games whose diverging
    step each hypothesis answers as the engine did, where already known)."""
    play = hypothesis.play
    if fits is None:
        games = _step_fits(referee, hypothesis, failing)
    else:
        games = [g for g in failing if g.index in fits[hypothesis.id]]
    if not games:
        return None
    whole: list[int] = []
    steps = 0
    for game in games:
        found = reproduces(referee, play, game.evidence)
        if found is not None:
            whole.append(game.index)
            steps += found
    clauses = Counter(hypothesis.clause_in(g.evidence.trial.rules) for g in games)
    clause = clauses.most_common(1)[0][0]
    return Explanation(hypothesis, tuple(g.index for g in games), tuple(whole), steps, clause=clause)


def _refutations(referee: Referee, hypothesis: Hypothesis, passing: Sequence[Evidence]) -> int:
    play = hypothesis.play
    return sum(
        1
        for evidence in passing
        if changes_play(referee, play, evidence.trial.rules) and reproduces(referee, play, evidence) is None
    )


def _best(found: Sequence[Explanation], failing: int) -> tuple[Explanation | None, bool]:
    """The explanation to name, and whether it is consistent: the one that reproduces some games
    whole, is contradicted by no game played right and accounts for the most diverging steps; else
    the nearest one, which accounts for at least half of the failing games and for more games than
    contradict it (the engine reads the clause so in some situations, not in all)."""
    consistent = [x for x in found if x.refuted_by == 0 and x.whole]
    if consistent:
        return max(consistent, key=lambda x: (len(x.games), len(x.whole), x.steps)), True
    nearest = max(found, key=lambda x: (len(x.games), -x.refuted_by, len(x.whole)), default=None)
    if nearest is not None and 2 * len(nearest.games) >= failing and len(nearest.games) > nearest.refuted_by:
        return nearest, False
    return None, False


def _search(
    referee: Referee,
    hypotheses: Sequence[Hypothesis],
    left: list[_Failing],
    passing: Sequence[Evidence],
    generic: bool,
    fits: Mapping[str, frozenset[int]] | None = None,
) -> tuple[list[Cause], list[_Failing]]:
    """The causes these hypotheses find among the games ``left``, and the games none explains.

    A ``generic`` perturbation, unlike a misreading the rule texts invite, has nothing for it but
    the games: it names a cause only when no game played right contradicts it and it explains at
    least half of the games left (hundreds of perturbations are tried: one that fits a few games
    fits them by chance). Perturbations of one clause that fit different games are one cause.
    """
    causes: list[Cause] = []
    while left:
        found = [x for h in hypotheses if (x := _explain(referee, h, left, fits)) is not None]
        found = [attrs.evolve(x, refuted_by=_refutations(referee, x.hypothesis, passing)) for x in found]
        if generic:
            found = [x for x in found if x.refuted_by == 0 and 2 * len(x.games) >= len(left)]
        best, consistent = _best(found, len(left))
        if best is None:
            break
        left = [g for g in left if g.index not in best.games]
        touching = next((n for n, c in enumerate(causes) if c.touches & best.hypothesis.touches), None)
        if not consistent and touching is not None:  # the same bug, read otherwise in these games
            causes[touching] = attrs.evolve(causes[touching], also=(*causes[touching].also, *best.games))
            continue
        if not generic:
            others = sorted((x for x in found if x is not best), key=lambda x: (x.refuted_by, -len(x.games)))
            cause = Cause(best.clause, best.misreading, best.games, best.steps,
                          EXPLAINED if consistent else NEAREST, tuple(others[:3]), best.refuted_by,
                          len(best.whole), touches=best.hypothesis.touches | {best.clause})  # fmt: skip
            causes.append(cause)
            continue
        same = next((n for n, c in enumerate(causes) if c.clause == best.clause), None)
        if same is not None:
            causes[same] = attrs.evolve(causes[same], also=(*causes[same].also, *best.games))
        else:
            fitted = Cause(best.clause, None, best.games, best.steps, PERTURBATION, (), 0, len(best.whole),
                           perturbation=best, touches=frozenset({best.clause}))  # fmt: skip
            causes.append(fitted)
    return causes, left


COVERING = (EXPLAINED, NEAREST, PERTURBATION)
"""The confidences of a cause named by a hypothesis, the order in which one that explains all the
games of two causes is preferred: a known reading the games played right leave standing, a known
reading, a generic perturbation."""


def _hypothesis_of(cause: Cause, misreadings: Mapping[str, Hypothesis]) -> Hypothesis | None:
    if cause.perturbation is not None:
        return cause.perturbation.hypothesis
    if cause.misreading is not None and cause.confidence in COVERING:
        return misreadings.get(cause.misreading.id)
    return None


def absorb(
    referee: Referee,
    causes: Sequence[Cause],
    failing: Mapping[int, _Failing],
    misreadings: Mapping[str, Hypothesis],
) -> list[Cause]:
    """One bug, one cause: a cause whose hypothesis (a misreading or a perturbation) also answers
    the diverging step of every game of another cause as the engine did absorbs it, and the two are
    one cause named by the hypothesis that explains all their games (the other stays as a runner-up:
    it explains a part of them). The search names causes in turn, a reading left standing by the
    games played right before a wider one and the misreadings before the perturbations, so a reading
    that fits a subset by coincidence (the bidder leads, in the games where the bidder dealt) would
    otherwise stand beside the one that explains them all (the dealer leads). ``failing``: the
    diverging games by index; ``misreadings``: the hypotheses of the catalogue's, by id."""
    causes = list(causes)
    covered: dict[tuple[str, tuple[int, ...]], bool] = {}

    def covers(hypothesis: Hypothesis, cause: Cause) -> bool:
        key = (hypothesis.id, cause.games)
        if key not in covered:
            fits = _step_fits(referee, hypothesis, [failing[i] for i in cause.games])
            covered[key] = len(fits) == len(cause.games)
        return covered[key]

    while True:
        order = sorted(
            (n for n, c in enumerate(causes) if c.games and _hypothesis_of(c, misreadings) is not None),
            key=lambda n: (COVERING.index(causes[n].confidence), -len(causes[n].games)),
        )
        merge: tuple[int, list[int]] | None = None
        for n in order:
            hypothesis = _hypothesis_of(causes[n], misreadings)
            assert hypothesis is not None
            absorbed = [m for m in order if m != n and causes[m].games and covers(hypothesis, causes[m])]
            if absorbed:
                merge = n, absorbed
                break
        if merge is None:
            return causes
        n, absorbed = merge
        causes[n] = _merged(referee, causes[n], [causes[m] for m in absorbed], failing, misreadings)
        causes = [c for m, c in enumerate(causes) if m not in absorbed]


def _merged(
    referee: Referee,
    cause: Cause,
    absorbed: Sequence[Cause],
    failing: Mapping[int, _Failing],
    misreadings: Mapping[str, Hypothesis],
) -> Cause:
    """``cause`` with the games of the ``absorbed`` causes its hypothesis explains too."""
    hypothesis = _hypothesis_of(cause, misreadings)
    assert hypothesis is not None
    games = sorted({*cause.games, *(i for c in absorbed for i in c.games)})
    found = _explain(referee, hypothesis, [failing[i] for i in games])
    assert found is not None
    runners_up: list[Explanation] = []
    for other in absorbed:
        other_hypothesis = _hypothesis_of(other, misreadings)
        assert other_hypothesis is not None
        x = _explain(referee, other_hypothesis, [failing[i] for i in other.games])
        if x is not None:
            runners_up.append(attrs.evolve(x, refuted_by=other.refuted_by))
    kept = [x for x in cause.runners_up if x.hypothesis.id not in {r.hypothesis.id for r in runners_up}]
    perturbation = cause.perturbation
    if perturbation is not None:
        perturbation = attrs.evolve(found, refuted_by=perturbation.refuted_by)
    return attrs.evolve(
        cause,
        clause=found.clause,
        games=tuple(games),
        steps=found.steps,
        whole=len(found.whole),
        also=(*cause.also, *(i for c in absorbed for i in c.also)),
        perturbation=perturbation,
        runners_up=tuple([*runners_up, *kept][: max(3, len(runners_up))]),
        touches=cause.touches.union(*(c.touches for c in absorbed)),
    )


def _event_fits(referee: Referee, generic: Sequence[Hypothesis], game: _Failing) -> frozenset[str]:
    """The clauses of the first event where the game's events part (:attr:`Account.parted`) whose
    entry, perturbed, reports that event as the engine did."""
    parted, clauses = game.parted, game.account.parted
    if parted is None or not clauses:
        return frozenset()
    rules = game.evidence.trial.rules
    return frozenset(
        clause
        for h in generic
        if (clause := h.clause_in(rules)) in clauses
        and changes_play(referee, h.play, rules)
        and reproduces_event(referee, h.play, game.evidence, game.before, parted)
    )


def _suspects(games: Sequence[_Failing], passing: Sequence[Evidence]) -> tuple[Suspect, ...]:
    return rank([g.account for g in games], [e.exercised for e in passing])


def blame(
    games: Sequence[Evidence],
    findings: Mapping[int, Finding],
    misreadings: Sequence[Misreading] | None = None,
    perturbations: bool = True,
    referee: Referee | None = None,
) -> tuple[Cause, ...]:
    """The root causes of the diverging ``games`` of a game (the referee's; the default game's
    without one), most games first.

    ``findings[i]`` is the first error of diverging game ``i``. ``misreadings`` defaults to every
    misreading of the catalogue that has an implementation; ``perturbations`` tries the generic
    perturbations on what they leave unexplained. Games that stopped at a reply that did not come in
    time are one cause of their own (:data:`TIMEOUT`), blamed on no clause; those that stopped at a
    refusal naming a clause the catalogue lacks are the protocol's (:data:`PROTOCOL`).
    """
    referee = referee if referee is not None else Referee.of()
    passing = [e for e in games if e.divergence is None]
    owners = _Owners(referee, passing)
    slow = tuple(i for i, e in enumerate(games) if e.divergence is not None and findings[i].kind == SLOW)
    misnamed = tuple(
        i for i, e in enumerate(games) if e.divergence is not None and findings[i].kind == UNKNOWN_CLAUSE
    )
    left = [
        _prepare(referee, i, e, findings[i], owners)
        for i, e in enumerate(games)
        if e.divergence is not None and i not in slow and i not in misnamed
    ]
    failing = {g.index: g for g in left}
    known = catalogued(referee, misreadings)
    causes, left = _search(referee, known, left, passing, False)
    if perturbations and left:
        generic = perturbed(referee)
        fits = {h.id: frozenset(g.index for g in _step_fits(referee, h, left)) for h in generic}
        replaced: dict[int, set[str]] = {g.index: set() for g in left}
        for h in generic:
            for index in fits[h.id]:
                replaced[index].add(h.clause_in(games[index].trial.rules))
        left = [
            attrs.evolve(
                g,
                account=attrs.evolve(
                    g.account, replaced=frozenset(replaced[g.index]), fitted=_event_fits(referee, generic, g)
                ),
            )
            for g in left
        ]
        fitted, left = _search(referee, generic, left, passing, True, fits)
        causes += fitted
    causes = absorb(referee, causes, failing, {h.id: h for h in known})
    unjoined: list[_Failing] = []
    for game in left:
        account = game.account
        evidence = account.main | account.wrote | account.kept | account.at | set(game.involved)
        joined = next((n for n, c in enumerate(causes) if c.touches & evidence), None)
        if joined is None:
            unjoined.append(game)
        else:
            causes[joined] = attrs.evolve(causes[joined], also=(*causes[joined].also, game.index))
    ruled = [g for g in unjoined if g.account.clauses or g.involved]
    suspects = _suspects(ruled, passing)
    if ruled and suspects:
        indices = tuple(g.index for g in ruled)
        causes.append(
            Cause(suspects[0].clause, None, indices, 0, PROVENANCE, suspects=suspects[:SUSPECTS_SHOWN])
        )
    outside = tuple(
        sorted((*misnamed, *(g.index for g in unjoined if not (g.account.clauses or g.involved))))
    )
    if outside:
        causes.append(Cause(None, None, outside, 0, PROTOCOL))
    if slow:  # a reply that did not come in time says nothing of the rules: its own cause
        causes.append(Cause(None, None, slow, 0, TIMEOUT))
    return tuple(sorted(causes, key=lambda c: -len(c.all_games)))
