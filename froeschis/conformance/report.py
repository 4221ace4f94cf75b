"""The result of a check: errors, warnings, a per-clause table, reproductions; as text and as JSON."""

from __future__ import annotations

import json
import pprint
from collections.abc import Sequence
from typing import Any

import attrs
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from froeschis.conformance.compare import Finding
from froeschis.conformance.protocol import JSON
from froeschis.core.actions import AnyAction
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.io.serialize import record_to_json
from froeschis.spec import load_catalogue

REPORT_FORMAT = "froeschis.conformance-report/1"
PASSED, DIVERGED, NOT_EXERCISED = "passed", "diverged", "not exercised"


@attrs.frozen
class ClauseRow:
    id: str
    kind: str
    title: str
    steps: int
    """How many compared steps (and refused probes) exercised the clause without a divergence."""
    divergences: int
    """How many games diverged with the clause involved."""

    @property
    def status(self) -> str:
        return DIVERGED if self.divergences else PASSED if self.steps else NOT_EXERCISED


@attrs.frozen
class Reproduction:
    """A shrunk game that shows a divergence: paste it into a test."""

    finding: Finding
    players: int
    rules: Rules
    actions: tuple[AnyAction, ...]
    illegal: JSON
    """An illegal action sent after the last one, which the engine wrongly accepts (or None)."""
    original_actions: int
    tries: int
    seconds: float
    reproduced: bool
    complete: bool

    def record(self) -> dict[str, Any]:
        return record_to_json(GameRecord(self.players, self.rules, self.actions))

    def python_test(self, command: Sequence[str] | None) -> str:
        """A pytest test that fails while the engine still diverges this way."""
        record = pprint.pformat(self.record(), width=100, sort_dicts=False, compact=True)
        lines = [
            f"# Found by `froeschis conform`: {self.finding.message}",
            f"# Clauses: {', '.join(self.finding.clauses) or '-'}",
            "from froeschis.conformance import compare_record",
            "",
        ]
        if command is not None:
            lines.append(f"ENGINE = {list(command)!r}")
        else:
            lines.append("ENGINE = make_engine  # your EngineAdapter factory")
        lines.append("RECORD = " + record.replace("\n", "\n" + " " * 9))
        illegal = "" if self.illegal is None else f", illegal={self.illegal!r}"
        lines += [
            "",
            "",
            "def test_conformance_reproduction() -> None:",
            f"    finding = compare_record(ENGINE, RECORD{illegal})",
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
            "finding": finding_json(self.finding),
        }


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
    reproductions: tuple[Reproduction, ...]
    seconds: float
    strict: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors and not (self.strict and self.warnings)

    def distinct_errors(self) -> list[tuple[Finding, int]]:
        """Each kind of divergence once (its first occurrence) with the number of games showing it."""
        groups: dict[tuple[str, str], list[Finding]] = {}
        for f in self.errors:
            groups.setdefault(f.signature, []).append(f)
        return [(found[0], len(found)) for found in groups.values()]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPORT_FORMAT,
            "ok": self.ok,
            "engine": self.engine,
            "command": list(self.command) if self.command is not None else None,
            "games": self.games,
            "steps": self.steps,
            "probes": self.probes,
            "seconds": round(self.seconds, 2),
            "errors": [finding_json(f) for f in self.errors],
            "warnings": [finding_json(f) for f in self.warnings],
            "clauses": [
                {
                    "id": r.id,
                    "kind": r.kind,
                    "status": r.status,
                    "steps": r.steps,
                    "divergences": r.divergences,
                }
                for r in self.clauses
            ],
            "reproductions": [r.to_json() for r in self.reproductions],
            "skipped": list(self.skipped),
            "notes": list(self.notes),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False)

    # ------------------------------------------------------------------ terminal

    def render(self, console: Console, show_table: bool = True) -> None:
        games = sum(self.games.values())
        sources = ", ".join(f"{n} {src}" for src, n in self.games.items() if n)
        console.print(f"[bold]froeschis conform[/]: {escape(self.engine or '(no engine)')}")
        if self.command:
            console.print(f"command: {escape(' '.join(self.command))}")
        console.print(
            f"{games} games ({sources}), {self.steps} steps compared, {self.probes} illegal-action probes, "
            f"{self.seconds:.1f} s"
        )
        for note in self.notes:
            console.print(f"[dim]note: {escape(note)}[/]")
        if self.skipped:
            console.print(
                f"[dim]skipped {len(self.skipped)} games needing rules features the engine lacks[/]"
            )
        if show_table and self.clauses:
            console.print(self._table())
        distinct = self.distinct_errors()
        for number, (finding, count) in enumerate(distinct, 1):
            title = f"error {number}/{len(distinct)}"
            if count > 1:
                title += f" (in {count} games)"
            console.print(f"\n[bold red]✗ {title}[/]")
            render_finding(console, finding)
            for repro in self.reproductions:
                if repro.finding.signature == finding.signature:
                    render_reproduction(console, repro, self.command)
        if self.warnings:
            console.print(
                f"\n[bold yellow]{len(self.warnings)} warnings[/] (should-level: not a rules divergence)"
            )
            for w in self.warnings:
                render_finding(console, w, brief=True)
        verdict = "[bold green]PASS[/]" if self.ok else "[bold red]FAIL[/]"
        errors = f"{len(self.errors)} errors ({len(distinct)} distinct)"
        console.print(f"\n{verdict}: {errors}, {len(self.warnings)} warnings")

    def _table(self) -> Table:
        table = Table(title="Clauses", title_justify="left", show_lines=False)
        table.add_column("clause")
        table.add_column("kind")
        table.add_column("steps", justify="right")
        table.add_column("result")
        style = {PASSED: "green", DIVERGED: "bold red", NOT_EXERCISED: "yellow"}
        for row in self.clauses:
            result = row.status if not row.divergences else f"{row.status} ({row.divergences} games)"
            table.add_row(row.id, row.kind, str(row.steps), f"[{style[row.status]}]{result}[/]")
        return table


def _short(value: JSON, width: int = 90) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def describe_action(action: JSON) -> str:
    if isinstance(action, dict) and isinstance(action.get("shuffle"), list):
        return f"a shuffle of {len(action['shuffle'])} cards"
    return _short(action)


def render_finding(console: Console, f: Finding, brief: bool = False) -> None:
    where = f.scenario or "-"
    if f.step is not None:
        where += f", step {f.step}"
    if f.action is not None:
        where += f", action {describe_action(f.action)}"
    count = f" ({f.count} times)" if f.count > 1 else ""
    console.print(f"  [{f.kind}] {escape(f.message)}{count}")
    console.print(f"    at: {escape(where)}", highlight=False)
    for d in f.fields[:8]:
        console.print(
            f"    {d.path}: expected {escape(_short(d.expected))}, got {escape(_short(d.actual))}",
            highlight=False,
        )
    if len(f.fields) > 8:
        console.print(f"    ... and {len(f.fields) - 8} more fields")
    catalogue = load_catalogue()
    for cid in f.clauses:
        clause = catalogue.clause(cid) if cid in catalogue.ids() else None
        statement = clause.statement if clause is not None else ""
        console.print(
            f"    clause [bold]{cid}[/]: {escape(statement if not brief else clause.title if clause else '')}"
        )
    if f.related and not brief:
        console.print(f"    also involved: {', '.join(f.related)}")
    if f.candidate_clauses:
        console.print(f"    the engine's own events cited: {', '.join(f.candidate_clauses)}")
    if f.detail:
        for line in f.detail.splitlines()[-12:]:
            console.print(f"    | {escape(line)}", highlight=False)


def render_reproduction(console: Console, r: Reproduction, command: Sequence[str] | None) -> None:
    if not r.reproduced:
        console.print(
            "  [yellow]the divergence did not occur again when the game was replayed: no reproduction[/]"
        )
        return
    budget = "" if r.complete else ", shrinking budget used up"
    console.print(
        f"\n  [bold]Minimal reproduction[/]: {len(r.actions)} actions"
        + (" then an illegal action" if r.illegal is not None else "")
        + f" (shrunk from {r.original_actions} in {r.tries} replays, {r.seconds:.1f} s{budget})"
    )
    console.print("  As a game record (froeschis.record/1):")
    record = json.dumps(r.record(), ensure_ascii=False)
    console.print("  " + escape(record), highlight=False, soft_wrap=True)
    if r.illegal is not None:
        console.print(f"  followed by the illegal action {escape(json.dumps(r.illegal))}", highlight=False)
    console.print("  As a pytest test:")
    console.print(escape(r.python_test(command)), highlight=False, soft_wrap=True)
