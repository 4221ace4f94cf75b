"""The result of a check: errors, warnings, a per-clause table, reproductions; as text and as JSON."""

from __future__ import annotations

import json
import os
import pprint
import re
import shutil
from collections.abc import Sequence
from typing import Any

import attrs
from rich.console import Console
from rich.markup import escape as escape_markup
from rich.table import Table

from froeschis.conformance.causes import PERTURBATION, PROTOCOL, PROVENANCE, TIMEOUT, Cause, Explanation
from froeschis.conformance.compare import Finding
from froeschis.conformance.divergence import PerftDivergence
from froeschis.conformance.protocol import JSON
from froeschis.framework.catalogue import Catalogue, Misreading
from froeschis.framework.errors import FroeschisError, InternalError
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT, game
from froeschis.framework.specs import shared_schema_errors

REPORT_FORMAT = "froeschis.conformance-report/1"

_CONTROL = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, clearing the screen
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, hyperlinks
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # other control characters (newline and tab stay)
)
"""Terminal escape sequences (CSI, OSC) and control characters other than newline and tab."""
_SURROGATE = re.compile(r"[\ud800-\udfff]")
"""Half of a UTF-16 pair, alone: JSON can carry it (``\\ud800``), no UTF-8 terminal or file can."""


def escape(text: str) -> str:
    """Text from an engine or a rule, safe to print: control characters and escape sequences (which
    could move the cursor, retitle the terminal or hide lines) removed, a lone surrogate replaced by
    U+FFFD (it cannot be written as UTF-8), rich markup escaped."""
    return escape_markup(_SURROGATE.sub("\ufffd", _CONTROL.sub("", text)))


PASSED, DIVERGED, NOT_EXERCISED, NOT_DECLARED = "passed", "diverged", "not exercised", "not declared"


@attrs.frozen
class ClauseRow:
    id: str
    kind: str
    title: str
    steps: int
    """How many compared steps (and refused probes) exercised the clause without a divergence."""
    divergences: int
    """How many games diverged with the clause involved."""
    declared: bool = True
    """Whether the engine declared the rules feature the clause needs (variants need their option)."""

    @property
    def status(self) -> str:
        if self.divergences:
            return DIVERGED
        if self.steps:
            return PASSED
        return NOT_EXERCISED if self.declared else NOT_DECLARED


@attrs.frozen
class Reproduction:
    """A shrunk game that shows a divergence: paste it into a test."""

    finding: Finding
    players: int
    record_data: dict[str, Any] = attrs.field(repr=False)
    """The shrunk game as a record (``froeschis.record/1``: setup and actions in the game's JSON forms)."""
    actions: tuple[Any, ...]
    illegal: JSON
    """An illegal action sent after the last one, which the engine wrongly accepts (or None)."""
    original_actions: int
    tries: int
    seconds: float
    reproduced: bool
    complete: bool
    saved_to: str | None = None
    """Where the full record was written, if it was (``froeschis conform --repro-dir``)."""
    test_saved_to: str | None = None
    """Where the reproduction was written as a pytest test, if it was."""

    def record(self) -> dict[str, Any]:
        return self.record_data

    def python_test(self, command: Sequence[str] | None, cwd: str | None = None) -> str:
        """A pytest test that fails while the engine still diverges this way.

        The engine's command is written as it ran: its program resolved on the ``PATH`` of the run
        and the folder it ran in (``cwd``, absolute), so the test runs from any folder; a command
        typed as ``python3 serve.py`` would otherwise start only where ``conform`` was started."""
        record = pprint.pformat(self.record(), width=100, sort_dicts=False, compact=True)
        lines = [
            f"# Found by `froeschis conform`: {self.finding.message}",
            f"# Clauses: {', '.join(self.finding.clauses) or '-'}",
            "from froeschis.conformance import compare_record",
            "",
        ]
        run_in = ""
        if command is not None:
            folder = os.path.abspath(cwd or os.getcwd())
            lines += [f"ENGINE = {list(resolved(command, folder))!r}", f"FOLDER = {folder!r}  # where it ran"]
            run_in = ", cwd=FOLDER"
        else:
            lines.append("ENGINE = make_engine  # your EngineAdapter factory")
        lines.append("RECORD = " + record.replace("\n", "\n" + " " * 9))
        illegal = "" if self.illegal is None else f", illegal={self.illegal!r}"
        lines += [
            "",
            "",
            "def test_conformance_reproduction() -> None:",
            f"    finding = compare_record(ENGINE, RECORD{illegal}{run_in})",
            "    assert finding is None, finding.message",
        ]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "record": self.record(),
            "illegal": self.illegal,
            "actions": len(self.actions),
            "original_actions": self.original_actions,
            "tries": self.tries,
            "seconds": round(self.seconds, 2),
            "reproduced": self.reproduced,
            "complete": self.complete,
            "saved_to": self.saved_to,
            "test_saved_to": self.test_saved_to,
            "finding": finding_json(self.finding),
        }


def resolved(command: Sequence[str], cwd: str) -> tuple[str, ...]:
    """A command line with its program as the run found it: a bare name looked up on ``PATH``, a
    relative path made absolute from ``cwd``; a program not found is left as typed (the saved test
    then fails to start it, with a message naming it). The arguments stay as typed: the test runs
    the engine in ``cwd``, where they meant what they mean."""
    program, *arguments = command
    if os.sep in program or (os.altsep is not None and os.altsep in program):
        found: str | None = os.path.join(cwd, program)
    else:
        found = shutil.which(program)
    return (os.path.abspath(found) if found else program, *arguments)


def finding_json(f: Finding) -> dict[str, Any]:
    return {
        "severity": f.severity,
        "kind": f.kind,
        "message": f.message,
        "scenario": f.scenario,
        "step": f.step,
        "action": f.action,
        "fields": [{"path": d.path, "expected": d.expected, "actual": d.actual} for d in f.fields],
        "clauses": list(f.clauses),
        "related": list(f.related),
        "candidate_clauses": list(f.candidate_clauses),
        "detail": f.detail,
        "count": f.count,
    }


@attrs.frozen
class RootCause:
    """One independent cause of a check's errors, the errors it accounts for, and a reproduction."""

    cause: Cause
    findings: tuple[Finding, ...]
    """The first error of each game it accounts for, in the order found."""
    reproduction: Reproduction | None = None
    divide: PerftDivergence | None = None
    """Where its legal actions part, the perft divide of that position on both sides (games with a
    divide)."""

    @property
    def clause(self) -> str | None:
        return self.cause.clause

    @property
    def misreading(self) -> Misreading | None:
        return self.cause.misreading

    def headline(self) -> str:
        """What the engine gets wrong, in one line, and how sure that is."""
        cause = self.cause
        if cause.misreading is not None:
            return f"behaves as if {cause.clause} were read as: {cause.misreading.description}"
        if cause.perturbation is not None:
            what = cause.perturbation.hypothesis.description
            return f"no known misreading explains this; it behaves as if {what} (a generic perturbation)"
        if cause.clause is not None:
            runners_up = [s.clause for s in cause.suspects[1:]]
            also = f"; then {', '.join(runners_up)}" if runners_up else ""
            return f"no known misreading explains this; the most suspicious clause is {cause.clause}{also}"
        first = self.findings[0]
        if cause.confidence == TIMEOUT:
            return (
                f"too slow: {first.message} (no rule is involved: a slow engine may play right; "
                "allow more time per reply with --timeout)"
            )
        if first.scenario == "hello":  # no game was played: what the engine said is the headline
            return f"the check could not start ({first.kind}): {first.message}"
        return f"breaks the protocol ({first.kind})"

    def to_json(self, errors: Sequence[Finding]) -> dict[str, Any]:
        m = self.cause.misreading
        return {
            "clause": self.cause.clause,
            "confidence": self.cause.confidence,
            "headline": self.headline(),
            "misreading": None if m is None else misreading_json(m),
            "games": len(self.findings),
            "games_explained": len(self.cause.games) if self.cause.misreading is not None else 0,
            "steps_explained": self.cause.steps,
            "contradicted_by": self.cause.refuted_by,
            "games_reproduced_whole": self.cause.whole,
            "errors": [errors.index(f) for f in self.findings if f in errors],
            "runners_up": [
                {
                    "misreading": x.misreading.id,
                    "games": len(x.games),
                    "games_reproduced_whole": len(x.whole),
                    "steps": x.steps,
                    "contradicted_by": x.refuted_by,
                }
                for x in self.cause.runners_up
                if x.misreading is not None
            ],
            "perturbation": None
            if self.cause.perturbation is None
            else perturbation_json(self.cause.perturbation),
            "suspects": [
                {
                    "clause": s.clause,
                    "score": round(s.score, 4),
                    "failing_games": s.failing,
                    "wrote_fields": s.wrote,
                    "passing_games": s.passing,
                }
                for s in self.cause.suspects
            ],
            "reproduction": None if self.reproduction is None else self.reproduction.to_json(),
            **({} if self.divide is None else {"divide": self.divide.to_json()}),
        }


def perturbation_json(x: Explanation) -> dict[str, Any]:
    perturbation = x.hypothesis.perturbation
    assert perturbation is not None
    return {
        "id": perturbation.id,
        "slot": perturbation.slot,
        "description": x.hypothesis.description,
        "games": len(x.games),
        "games_reproduced_whole": len(x.whole),
        "contradicted_by": x.refuted_by,
    }


def misreading_json(m: Misreading) -> dict[str, Any]:
    source = m.invited_by
    return {
        "id": m.id,
        "description": m.description,
        "mutant": m.mutant,
        "invited_by": None if source is None else {"sentence": source.anchor, "quote": source.quote},
    }


@attrs.frozen
class Report:
    """Everything a check found. ``ok`` is false on any error (and on warnings when strict)."""

    engine: str
    command: tuple[str, ...] | None
    errors: tuple[Finding, ...]
    """The first error of every failing game (and setup or handshake errors), in the order found."""
    warnings: tuple[Finding, ...]
    clauses: tuple[ClauseRow, ...]
    games: dict[str, int]
    """Games played, by source (golden, rigged, biased, random)."""
    steps: int
    probes: int
    skipped: tuple[str, ...]
    notes: tuple[str, ...]
    causes: tuple[RootCause, ...]
    """The errors' independent causes, most games first: every error belongs to exactly one."""
    seconds: float
    strict: bool = False
    """Warnings and declared clauses never exercised fail the check too."""
    game: str = DEFAULT
    """The game the engine plays (its name in the registry)."""

    @property
    def catalogue(self) -> Catalogue:
        return game(self.game).catalogue()

    @property
    def ok(self) -> bool:
        return not self.errors and not (self.strict and (self.warnings or self.unexercised))

    @property
    def reproductions(self) -> tuple[Reproduction, ...]:
        return tuple(c.reproduction for c in self.causes if c.reproduction is not None)

    @property
    def unexercised(self) -> tuple[str, ...]:
        """The clauses the engine declared (all but undeclared variants) that no game exercised."""
        return tuple(r.id for r in self.clauses if r.status == NOT_EXERCISED)

    def summary(self) -> str:
        """The verdict in one line (the first line of the text report)."""
        verdict = "PASS" if self.ok else "FAIL"
        causes = len(self.causes)
        found = (
            f"{causes} independent {'cause' if causes == 1 else 'causes'} of {len(self.errors)} "
            f"{'error' if len(self.errors) == 1 else 'errors'}"
            if self.errors
            else "no errors"
        )
        # With errors, games stopped early: which clauses they did not reach says little.
        unexercised = len(self.unexercised) if not self.errors else 0
        never = f", {unexercised} declared clauses never exercised" if unexercised else ""
        return f"{verdict}: {found}, {len(self.warnings)} warnings{never}"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPORT_FORMAT,
            "game": self.game,
            "ok": self.ok,
            "summary": self.summary(),
            "engine": self.engine,
            "command": list(self.command) if self.command is not None else None,
            "games": self.games,
            "steps": self.steps,
            "probes": self.probes,
            "seconds": round(self.seconds, 2),
            "causes": [c.to_json(self.errors) for c in self.causes],
            "errors": [finding_json(f) for f in self.errors],
            "warnings": [finding_json(f) for f in self.warnings],
            "clauses": [
                {
                    "id": r.id,
                    "kind": r.kind,
                    "status": r.status,
                    "steps": r.steps,
                    "divergences": r.divergences,
                    "declared": r.declared,
                }
                for r in self.clauses
            ],
            "unexercised": list(self.unexercised),
            "strict": self.strict,
            "skipped": list(self.skipped),
            "notes": list(self.notes),
        }

    def dumps(self) -> str:
        """The report as JSON text; checked against the published schema (spec/schemas/report.schema.json)."""
        data = self.to_json()
        problems = shared_schema_errors("report", data)
        if problems:
            raise InternalError(f"the report does not match its published schema: {'; '.join(problems)}")
        text = json.dumps(data, indent=2, ensure_ascii=False)
        if _SURROGATE.search(text):  # an engine's lone surrogate: kept, as JSON writes it in ASCII
            return json.dumps(data, indent=2, ensure_ascii=True)
        return text

    # ------------------------------------------------------------------ terminal

    def render(self, console: Console, show_table: bool = True) -> None:
        """The text report: the verdict first, then each cause with its evidence and a short
        reproduction, then the warnings and (``show_table``) the clause table."""
        style = "bold green" if self.ok else "bold red"
        console.print(f"[{style}]{escape(self.summary())}[/]")
        console.print(f"engine: {escape(self.engine or '(no engine)')}", highlight=False)
        if self.command:
            console.print(f"command: {escape(' '.join(self.command))}", highlight=False)
        games = sum(self.games.values())
        sources = ", ".join(f"{n} {src}" for src, n in self.games.items() if n)
        played = f"{_games(games)} ({sources})" if sources else "no game played"
        console.print(
            f"{played}, {self.steps} steps compared, {self.probes} illegal-action probes, "
            f"{self.seconds:.1f} s",
            highlight=False,
        )
        for note in self.notes:
            console.print(f"[dim]note: {escape(note)}[/]")
        if self.skipped:
            console.print(
                f"[dim]skipped {len(self.skipped)} games needing rules features the engine lacks[/]"
            )
        failing = sum(len(c.findings) for c in self.causes)
        for number, root in enumerate(self.causes, 1):
            console.print(f"\n[bold red]✗ cause {number} of {len(self.causes)}[/]: {escape(root.headline())}")
            render_cause(console, root, failing, self.catalogue, game(self.game))
        if self.warnings:
            console.print(
                f"\n[bold yellow]{len(self.warnings)} warnings[/] (should-level: not a rules divergence)"
            )
            for w in self.warnings:
                render_finding(console, w, self.catalogue, brief=True, of=game(self.game))
        if self.unexercised and not self.errors:
            console.print(
                "\n[yellow]declared clauses no game exercised[/] "
                f"({'fails' if self.strict else 'fails with'} --strict): "
                + escape(", ".join(self.unexercised))
            )
        if show_table and self.clauses:
            console.print(self._table())
        if self.causes or self.warnings:
            console.print(f"\n[{style}]{escape(self.summary())}[/]")

    def _table(self) -> Table:
        table = Table(title="Clauses", title_justify="left", show_lines=False)
        table.add_column("clause")
        table.add_column("kind")
        table.add_column("steps", justify="right")
        table.add_column("result")
        style = {PASSED: "green", DIVERGED: "bold red", NOT_EXERCISED: "yellow", NOT_DECLARED: "dim"}
        for row in self.clauses:
            result = row.status if not row.divergences else f"{row.status} ({row.divergences} games)"
            table.add_row(row.id, row.kind, str(row.steps), f"[{style[row.status]}]{result}[/]")
        return table


def _short(value: JSON, width: int = 90) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def describe_action(action: JSON, of: Game | None = None) -> str:
    """An action of a report, in a line: as the game writes it (``of.action_text``, which shortens a
    chance outcome: "shuffle of 60 cards", Army of Frogs' stones by their colours), else, for an
    action the game cannot read (an engine's), its JSON shortened."""
    if of is not None:
        try:
            return of.action_text(of.action_from_json(action, "action"))
        except FroeschisError:
            pass
    return _short(action)


def _games(n: int) -> str:
    return f"{n} {'game' if n == 1 else 'games'}"


def evidence(root: RootCause, failing: int) -> str:
    """What the cause rests on, in a sentence."""
    cause = root.cause
    if cause.confidence == TIMEOUT:
        return f"{_games(len(root.findings))} stopped at a reply that did not come in time"
    if cause.confidence == PROTOCOL:
        if all(f.scenario == "hello" for f in root.findings):
            return "the engine's hello, before any game (no clause is involved)"
        return f"{_games(len(root.findings))} failed outside the rules (no clause is involved)"
    if cause.confidence == PROVENANCE:
        games = len(cause.games)
        top = cause.suspects[0].evidence(games) if cause.suspects else ""
        return (
            "lower confidence: no known misreading and no generic perturbation reproduces "
            f"{'this game' if games == 1 else f'these {games} games'}; fault localisation over "
            f"them names the clause: {top}"
        )
    reading = "perturbation" if cause.confidence == PERTURBATION else "reading"
    text = (
        f"put in the reference's place, this {reading} answers the diverging step as the engine did in "
        f"{len(cause.games)} of the {_games(failing)} that failed, and replays {cause.whole} of them "
        f"whole, from the first action ({cause.steps} actions)"
    )
    if cause.refuted_by == 0:
        text += "; no game the engine played right contradicts it"
    else:
        nearest = (
            "the nearest known reading" if cause.confidence != PERTURBATION else "the nearest perturbation"
        )
        text += (
            f"; but {_games(cause.refuted_by)} the engine played right would go otherwise by it: the engine "
            f"reads the clause so in some situations only ({nearest})"
        )
    if cause.also:
        text += (
            f"; in {_games(len(cause.also))} more, which it does not explain, the reference's account of "
            "the diverging step involves the same clause"
        )
    return text


def disagreement(root: RootCause) -> str:
    """Why the headline names another clause than its first error's "reference's clause" lines
    (empty when it names one of them, or the error names none): the error's clauses are what the
    reference's step says of that one game, where the engine's events part or the fields that
    differ were written; the headline's clause is what explains all the cause's games."""
    cause, first = root.cause, root.findings[0]
    if cause.clause is None or not first.clauses or cause.clause in first.clauses:
        return ""
    named = ", ".join(first.clauses)
    if cause.misreading is not None or cause.perturbation is not None:
        reading = "this reading" if cause.misreading is not None else "this perturbation"
        because = (
            f"{reading} of {cause.clause}, put in the reference's place, answers the engine's diverging "
            f"steps as it did; its effect first shows in this step in what {named} decided"
        )
    else:
        games = len(cause.all_games)
        over = "the cause's one game" if games == 1 else f"all {games} games of the cause"
        because = f"fault localisation over {over} ranks it first; this game's diverging step names {named}"
        if first.parted is not None and cause.clause in first.candidate_clauses:
            because += (
                f", and the engine's own event where the events part, in the place of the reference's, "
                f"cites {cause.clause}"
            )
    return f"why {cause.clause}, not {first.clauses[0]}: {because}"


def render_cause(
    console: Console, root: RootCause, failing: int, catalogue: Catalogue, of: Game | None = None
) -> None:
    """A cause: the evidence for it, the sentence that invites the misreading, the clause, the
    runners-up, the first error it accounts for and its reproduction."""
    cause = root.cause
    console.print(f"  evidence: {escape(evidence(root, failing))}", highlight=False)
    misreading = cause.misreading
    if misreading is not None and misreading.invited_by is not None:
        source = misreading.invited_by
        console.print(f"  invited by {source.anchor}: \u201c{escape(source.quote)}\u201d", highlight=False)
    if cause.clause is not None and cause.clause in catalogue.ids():
        console.print(
            f"  clause {cause.clause}: {escape(catalogue.clause(cause.clause).statement)}", highlight=False
        )
    for suspect in cause.suspects[1:]:
        evidence_of = escape(suspect.evidence(len(cause.games)))
        console.print(f"  [dim]also suspicious: {escape(suspect.clause)} ({evidence_of})[/]", highlight=False)
    for other in cause.runners_up:
        if other.misreading is None:
            continue
        verdict = (
            f"contradicted by {other.refuted_by} games played right"
            if other.refuted_by
            else f"explains {len(other.games)} games"
        )
        console.print(
            f"  [dim]also considered: {escape(other.misreading.id)} ({verdict})[/]", highlight=False
        )
    console.print("  first error:")
    render_finding(console, root.findings[0], catalogue, indent="    ", of=of)
    why = disagreement(root)
    if why:
        console.print(f"  {escape(why)}", highlight=False)
    if root.reproduction is not None:
        render_reproduction(console, root.reproduction, of)
    for line in root.divide.lines() if root.divide is not None else ():
        console.print(f"  {escape(line)}", highlight=False)


def render_finding(
    console: Console,
    f: Finding,
    catalogue: Catalogue,
    brief: bool = False,
    indent: str = "  ",
    of: Game | None = None,
) -> None:
    where = f.scenario or "-"
    if f.step is not None:
        where += f", step {f.step}"
    if f.action is not None:
        where += f", action {describe_action(f.action, of)}"
    count = f" ({f.count} times)" if f.count > 1 else ""
    console.print(f"{indent}{escape(f'[{f.kind}]')} {escape(f.message)}{count}", highlight=False)
    console.print(f"{indent}  at: {escape(where)}", highlight=False)
    for d in f.fields[:8]:
        console.print(
            f"{indent}  {escape(d.path)}: expected {escape(_short(d.expected))}, "
            f"got {escape(_short(d.actual))}",
            highlight=False,
        )
    if len(f.fields) > 8:
        console.print(f"{indent}  ... and {len(f.fields) - 8} more fields")
    for cid in f.clauses if not brief else ():
        clause = catalogue.clause(cid) if cid in catalogue.ids() else None
        console.print(
            f"{indent}  reference's clause {escape(cid)}: {escape(clause.title if clause else '')}",
            highlight=False,
        )
    if f.related and not brief:
        console.print(f"{indent}  also involved: {escape(', '.join(f.related))}", highlight=False)
    if f.candidate_clauses:
        console.print(
            f"{indent}  the engine's own events cited: {escape(', '.join(f.candidate_clauses))}",
            highlight=False,
        )
    if f.detail:
        for line in f.detail.splitlines()[-12:]:
            console.print(f"{indent}  | {escape(line)}", highlight=False)


SHOWN_STEPS = 3
"""Actions of a reproduction shown at each end; the full record is in the file it was saved to."""


def render_reproduction(console: Console, r: Reproduction, of: Game | None = None) -> None:
    if not r.reproduced:
        console.print(
            "  [yellow]the divergence did not occur again when the game was replayed: no reproduction[/]"
        )
        return
    budget = "" if r.complete else ", shrinking budget used up"
    console.print(
        f"  reproduction: {r.players} players, {len(r.actions)} actions"
        + (" then an illegal action" if r.illegal is not None else "")
        + f" (shrunk from {r.original_actions} in {r.tries} replays, {r.seconds:.1f} s{budget})",
        highlight=False,
    )
    steps = [describe_action(a, of) for a in r.record_data["actions"]]
    if r.illegal is not None:
        steps.append(f"{describe_action(r.illegal, of)} (illegal)")
    shown = list(enumerate(steps))
    if len(shown) > 2 * SHOWN_STEPS + 1:
        shown = [*shown[:SHOWN_STEPS], (-1, ""), *shown[-SHOWN_STEPS:]]
    for index, text in shown:
        line = "      ..." if index < 0 else f"    {index:>4}  {escape(text)}"
        console.print(line, highlight=False)
    if r.saved_to is not None:
        console.print(f"  the full record: {escape(r.saved_to)}", highlight=False)
    if r.test_saved_to is not None:
        console.print(f"  as a pytest test: {escape(r.test_saved_to)}", highlight=False)
