"""The conformance kit: protocol schemas, the example engine, broken engines, attribution, shrinking.

The broken engines are the example engine with one rule broken on purpose (``--bug NAME``); the
clause each one must be flagged with is stated in tests/example_bugs.py from the bug's description,
independently of the checker.
"""

from __future__ import annotations

import ast
import json
import os
import random
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from froeschis import Rules, new_game, play_game
from froeschis.cli import main
from froeschis.conformance import CheckConfig, ReferenceEngine, check, compare_record
from froeschis.conformance.compare import compare_reply
from froeschis.conformance.protocol import PROTOCOL
from froeschis.conformance.referee import Referee
from froeschis.conformance.report import resolved
from froeschis.conformance.shrink import build
from froeschis.games.froeschis.actions import DRAW, SWAP, TAKE_DISCARD, Action, Shuffle, frog_at
from froeschis.games.froeschis.cards import FROG, TRASH, number
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.conformance import repair_decision, repair_shuffle
from froeschis.games.froeschis.engine import GameState, Transition
from froeschis.games.froeschis.events import Event
from froeschis.games.froeschis.scenarios import FROG_DECK, rigged_scenarios
from froeschis.games.froeschis.serialize import (
    action_to_json,
    event_to_json,
    record_to_json,
    rules_to_json,
    state_to_json,
)
from froeschis.games.froeschis.spec import load_catalogue, schema_errors
from froeschis.games.froeschis.state import Phase
from tests.example_bugs import EXAMPLE_BUGS, bug_params

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = [sys.executable, str(REPO / "examples" / "froeschis" / "engine.py")]
QUICK = CheckConfig(vectors=None, quick=True, random_games=3, fail_fast=True, shrink_budget=10)


def example(*flags: str) -> list[str]:
    return [*EXAMPLE, *flags]


def steps_of(players: int, rules: Rules, seed: int) -> Iterator[Transition]:
    """Every step of a seeded random game, with the reference's provenance."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        step = state.transition(action)
        yield step
        state = step.after


def reply_of(state: GameState, events: tuple[Event, ...] = ()) -> dict[str, Any]:
    return {
        "type": "state",
        "state": state_to_json(state),
        "legal": [str(a) for a in state.legal_actions()],
        "events": [event_to_json(e) for e in events],
    }


# --------------------------------------------------------------------------- schemas


class TestSchemas:
    def test_every_reference_state_event_and_record_matches_its_schema(self) -> None:
        configs = [
            (2, Rules()),
            (3, Rules(optional_frog_swap=True)),
            (4, Rules(row_length=3, deck=FROG_DECK)),
        ]
        phases = set()
        for players, rules in configs:
            for index, step in enumerate(steps_of(players, rules, seed=3)):
                if index % 5 and step.after.phase in phases:  # every phase, and every fifth step
                    continue
                phases.add(step.after.phase)
                assert schema_errors("state", state_to_json(step.after)) == []
                assert schema_errors("reply#/$defs/state", reply_of(step.after, step.events)) == []
            _, record = play_game(players, 3, rules)
            assert schema_errors("record", record_to_json(record)) == []
        assert {Phase.DEAL, Phase.DRAW, Phase.FROG, Phase.SWAP, Phase.OVER} <= phases

    def test_the_reference_adapter_answers_in_the_documented_replies(self) -> None:
        engine = ReferenceEngine()
        hello = engine.hello()
        assert schema_errors("reply#/$defs/hello", hello) == [] and hello["protocol"] == PROTOCOL
        assert schema_errors("reply", engine.new_game(2, rules_to_json(Rules()))) == []
        refused = engine.step("take-discard")
        assert refused["type"] == "illegal" and schema_errors("reply#/$defs/illegal", refused) == []
        assert engine.new_game(5, rules_to_json(Rules()))["type"] == "illegal"

    def test_requests_match_the_request_schema(self) -> None:
        rules = rules_to_json(Rules())
        for request in (
            {"type": "hello", "protocol": PROTOCOL},
            {"type": "new-game", "players": 2, "rules": rules},
            {"type": "step", "action": "frog@3"},
            {"type": "step", "action": {"shuffle": ["1", "F", "T"]}},
            {"type": "quit"},
        ):
            assert schema_errors("request", request) == []
        assert schema_errors("request", {"type": "step", "action": "jump"}) != []

    def test_malformed_states_are_refused_with_the_field_named(self) -> None:
        state = state_to_json(new_game(2))
        bad = {**state, "hand": 3}
        assert any(e.startswith("hand:") for e in schema_errors("state", bad))
        bad = json.loads(json.dumps(state))
        bad["players"][1]["row"] = ["[9x]"]
        assert any(e.startswith("players[1].row[0]") for e in schema_errors("state", bad))
        assert any("extra" in e or "Additional" in e for e in schema_errors("state", {**state, "extra": 1}))


# --------------------------------------------------------------------------- the example engine


def test_the_example_engine_does_not_import_froeschis() -> None:
    tree = ast.parse((REPO / "examples" / "froeschis" / "engine.py").read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "froeschis" not in imported
    assert imported <= {"__future__", "argparse", "json", "sys", "typing"}


def test_the_example_engine_conforms_with_zero_reports_and_exercises_every_clause() -> None:
    report = check(example(), CheckConfig(vectors=None, random_games=6))
    assert report.errors == () and report.warnings == ()
    assert report.ok
    not_passed = [row.id for row in report.clauses if row.status != "passed"]
    assert not_passed == []
    assert report.probes > 100 and report.steps > 1000
    assert report.reproductions == ()


def test_the_reference_engine_in_process_conforms() -> None:
    report = check(ReferenceEngine, attrs.evolve(QUICK, fail_fast=False))
    assert report.ok and report.errors == () and report.warnings == ()


def test_an_engine_without_events_gets_one_warning_and_no_error() -> None:
    report = check(example("--no-events"), QUICK)
    assert report.errors == ()
    assert [w.kind for w in report.warnings] == ["events-missing"]
    assert report.ok and not attrs.evolve(report, strict=True).ok


SHOWN_BY_ANOTHER_CLAUSE = {
    "reshuffle-no-draw": (
        "turn.draw-source",
        "turn.draw-source",
        "the reshuffle itself is right: the first event and fields that differ are the draw the "
        "reference makes after it",
    ),
    "win-at-once": (
        "round.final-turns",
        "round.final-turns",
        "where the engine ends the game the reference starts the final turns: the first event that "
        "differs and the fields that say the round goes on are the final turns'",
    ),
    "reshuffle-lose-top": (
        "turn.discard-ends",
        "turn.discard-ends",
        "with the least deck the rules allow (two cards beyond the rows), the reshuffle, the draw after "
        "it and the dead card drawn are one step: the discard pile the reshuffle left empty is last "
        "written by the discard that ends the turn, and a differing field is blamed on its last writer",
    ),
}
"""Bugs whose divergence first shows where another clause decides: the main clause of the check's
error (and of its shrunk reproduction), the main clause when that reproduction is replayed alone,
and why. Main clauses come from the reference's provenance of the first event or field that differs;
the bug's own clause is then named by the report's first cause (tests/games/froeschis/test_causes.py checks
that
for every bug)."""


@pytest.mark.parametrize(("bug", "clause"), bug_params())
def test_a_broken_engine_is_flagged_with_its_clause_and_a_short_reproduction(bug: str, clause: str) -> None:
    in_check, replayed, _ = SHOWN_BY_ANOTHER_CLAUSE.get(bug, (clause, clause, ""))
    command = example("--bug", bug)
    report = check(command, QUICK)
    assert not report.ok
    first = report.errors[0]
    assert in_check in first.clauses, (first.kind, first.clauses, first.message)
    (repro,) = report.reproductions
    assert repro.reproduced and in_check in repro.finding.clauses
    assert len(repro.actions) <= 30
    record = repro.record()
    again = compare_record(command, record, repro.illegal)
    assert again is not None and replayed in again.clauses
    assert compare_record(example(), record, repro.illegal) is None
    namespace: dict[str, Any] = {}
    exec(repro.python_test(command), namespace)  # the printed test is valid Python that fails on the bug
    with pytest.raises(AssertionError):
        namespace["test_conformance_reproduction"]()


@pytest.mark.parametrize(
    ("bug", "clause"),
    bug_params(
        (b, c) for b, c in EXAMPLE_BUGS if b in ("frog-swap", "final-turns", "start-seat", "multi-winner")
    ),
)
def test_without_events_the_state_alone_names_the_clause(bug: str, clause: str) -> None:
    report = check(example("--bug", bug, "--no-events"), attrs.evolve(QUICK, shrink=False))
    assert clause in report.errors[0].clauses
    assert report.errors[0].candidate_clauses == ()


def test_golden_playthroughs_are_driven_from_a_vectors_directory(tmp_path: Path) -> None:
    _, record = play_game(2, 5, Rules(row_length=2))
    actions = record_to_json(record)["actions"]
    header = {
        "vector": "froeschis.playthrough/1",
        "name": "x",
        "purpose": "test",
        "clauses": ["game.end"],
        "players": 2,
        "rules": rules_to_json(Rules(row_length=2)),
        "seed": 5,
        "actions": actions,
    }
    (tmp_path / "x.jsonl").write_text(json.dumps(header) + "\n", encoding="utf-8")
    (tmp_path / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    config = CheckConfig(vectors=tmp_path, quick=True, random_games=0, shrink=False)
    report = check(example("--bug", "start-seat"), config)
    assert report.games["golden"] == 1
    assert report.errors[0].scenario == "x"
    assert any("broken.jsonl" in note for note in report.notes)


# --------------------------------------------------------------------------- attribution


def _first(players: int, rules: Rules, seed: int, wanted: Callable[[Transition], bool]) -> Transition:
    for step in steps_of(players, rules, seed):
        if wanted(step):
            return step
    raise AssertionError("no such step")


def _judge(step: Transition, change: Callable[[dict[str, Any]], None]) -> Any:
    reply = reply_of(step.after, step.events)
    change(reply)
    return compare_reply(
        Referee.of(),
        step.before,
        action_to_json(step.action),
        step.after,
        step.fired,
        reply,
        events_expected=True,
    )


class TestAttribution:
    @pytest.mark.clause("round.start-seat")
    def test_the_next_rounds_start_seat(self) -> None:
        step = _first(3, Rules(), 1, lambda t: t.after.phase is Phase.DEAL and t.after.round == 2)

        def change(reply: dict[str, Any]) -> None:
            reply["state"]["turn"] = 0  # round 2 starts with seat 1

        result = _judge(step, change)
        assert result.errors[0].clauses == ("round.start-seat",)

    @pytest.mark.clause("round.next-lengths")
    def test_the_next_rounds_row_lengths(self) -> None:
        step = _first(2, Rules(), 1, lambda t: t.after.phase is Phase.DEAL and t.after.round == 2)

        def change(reply: dict[str, Any]) -> None:
            for p in reply["state"]["players"]:
                p["length"] = 7

        assert "round.next-lengths" in _judge(step, change).errors[0].clauses

    @pytest.mark.clause("dead.trash")
    def test_where_a_dead_trash_card_goes(self) -> None:
        step = _first(
            2,
            Rules(),
            2,
            lambda t: (
                t.after.discard_pile[:1] != t.after.discard_pile[-1:]
                and any(ev.clause == "dead.trash" for ev in t.events)
            ),
        )

        def change(reply: dict[str, Any]) -> None:
            pile = reply["state"]["discard_pile"]
            pile.append(pile.pop(0))  # the trash card goes to the bottom instead of on top

        errors = _judge(step, change).errors
        assert errors[0].kind == "state" and errors[0].clauses == ("dead.trash", "turn.discard-ends")

    @pytest.mark.clause("game.end")
    def test_the_winners(self) -> None:
        step = _first(
            4,
            Rules(row_length=1, deck=(number(1),) * 6 + (FROG,) * 2 + (TRASH,) * 2),
            0,
            lambda t: t.after.is_terminal and len(t.after.winners) > 1,
        )

        def fewer(reply: dict[str, Any]) -> None:
            reply["state"]["winners"] = reply["state"]["winners"][:1]

        def reordered(reply: dict[str, Any]) -> None:
            reply["state"]["winners"] = reply["state"]["winners"][::-1]

        assert _judge(step, fewer).errors[0].clauses == ("game.end", "game.returns")
        result = _judge(step, reordered)
        assert result.errors == () and [w.kind for w in result.warnings] == ["convention"]

    def test_conventions_are_warnings(self) -> None:
        step = _first(2, Rules(), 1, lambda t: t.after.phase is Phase.DEAL)

        def reshuffled(reply: dict[str, Any]) -> None:
            reply["state"]["draw_pile"] = reply["state"]["draw_pile"][::-1]

        result = _judge(step, reshuffled)
        assert result.errors == () and [w.kind for w in result.warnings] == ["convention"]

        def lost_card(reply: dict[str, Any]) -> None:
            reply["state"]["draw_pile"] = reply["state"]["draw_pile"][1:]

        assert _judge(step, lost_card).errors[0].kind == "state"

    @pytest.mark.clause("turn.draw-source")
    def test_a_legal_list_offering_the_empty_discard(self) -> None:
        step = _first(2, Rules(), 0, lambda t: isinstance(t.action, Shuffle))

        def change(reply: dict[str, Any]) -> None:
            reply["legal"] = ["draw", "take-discard"]

        error = _judge(step, change).errors[0]
        assert error.kind == "legal" and error.clauses == ("turn.draw-source",)

    @pytest.mark.clause("frog.place")
    def test_a_frog_spot_that_is_face_up(self) -> None:
        step = _first(
            2, Rules(), 0, lambda t: t.after.phase is Phase.FROG and len(t.after.legal_actions()) < 8
        )

        def change(reply: dict[str, Any]) -> None:
            reply["legal"] = [f"frog@{i}" for i in range(1, 9)]

        error = _judge(step, change).errors[0]
        assert error.kind == "legal" and error.clauses == ("frog.place",)

    def test_events_that_differ_alone_are_a_warning(self) -> None:
        step = _first(2, Rules(), 0, lambda t: len(t.events) >= 3)

        def change(reply: dict[str, Any]) -> None:
            reply["events"] = reply["events"][:-1]

        result = _judge(step, change)
        assert result.errors == () and [w.kind for w in result.warnings] == ["events"]

    def test_the_same_reply_passes(self) -> None:
        for step in steps_of(3, Rules(optional_frog_swap=True), 4):
            reply = reply_of(step.after, step.events)
            result = compare_reply(
                Referee.of(), step.before, action_to_json(step.action), step.after, step.fired, reply, True
            )
            assert result.errors == () and result.warnings == ()


# --------------------------------------------------------------------------- shrinking


class TestShrinkingHelpers:
    def test_a_shuffle_is_repaired_to_the_pool_keeping_the_order_of_what_remains(self) -> None:
        wanted = Shuffle((number(3), TRASH, number(1), FROG))
        repaired = repair_shuffle(wanted, (number(1), number(1), number(3), FROG))
        assert repaired.order == (number(3), number(1), FROG, number(1))

    def test_a_decision_is_repaired_to_a_legal_one(self) -> None:
        legal = (frog_at(2), frog_at(5))
        assert repair_decision(frog_at(4), legal) == frog_at(5)
        assert repair_decision(frog_at(3), legal) == frog_at(2)
        assert repair_decision(TAKE_DISCARD, (DRAW,)) == DRAW
        assert repair_decision(SWAP, (DRAW, TAKE_DISCARD)) == DRAW

    def test_any_edited_streams_build_a_legal_game(self) -> None:
        rng = random.Random(9)
        _, record = play_game(3, 9)
        shuffles = [a for a in record.actions if isinstance(a, Shuffle)]
        decisions = [a for a in record.actions if isinstance(a, Action)]
        for _ in range(20):
            players = rng.choice((2, 3, 4))
            kept = [d for d in decisions if rng.random() < 0.7]
            actions = build(Referee.of(), players, Rules(), shuffles[: rng.randint(1, len(shuffles))], kept)
            assert actions and isinstance(actions[0], Shuffle)
            state = new_game(players, Rules())
            for action in actions:
                state = state.apply(action)  # raises if an action were illegal


def test_rigged_games_reach_quick_round_ends_and_shared_wins() -> None:
    games = {s.name: s for s in rigged_scenarios(0)}
    for players in (2, 3, 4):
        game = games[f"rigged-all-complete-{players}p"]
        state = new_game(game.players, game.rules)
        for action in game.actions:
            state = state.apply(action)
        assert state.winners == tuple(range(players))
        assert len(game.actions) <= 8 * (players + 1) + 8


# --------------------------------------------------------------------------- validation and the commands


class TestValidate:
    def test_a_recorded_game_is_legal_and_names_its_winners(self, tmp_path: Path) -> None:
        final, record = play_game(3, 11)
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record_to_json(record)), encoding="utf-8")
        from froeschis.conformance.validate import validate_file

        result = validate_file(path)
        assert result.ok and result.finished and result.winners == final.winners
        assert main(["validate", str(path)]) == 0

    @pytest.mark.clause("turn.draw-source")
    def test_taking_from_the_empty_discard_pile_is_reported_with_its_clause(self, tmp_path: Path) -> None:
        _, record = play_game(2, 11)
        data = record_to_json(record)
        data["actions"][1] = "take-discard"  # the first turn: the discard pile is still empty
        path = tmp_path / "game.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        from froeschis.conformance.validate import validate_file

        result = validate_file(path)
        assert not result.ok and result.problem is not None
        assert result.problem.step == 2 and result.problem.clauses == ("turn.draw-source",)  # actions[1]
        assert result.summary().startswith("not valid at step 2 (actions[1]): illegal action take-discard")
        assert main(["validate", str(path)]) == 1

    @pytest.mark.clause("players.count")
    def test_a_setup_the_rules_forbid(self) -> None:
        from froeschis.conformance.validate import validate_record

        _, record = play_game(2, 1)
        result = validate_record({**record_to_json(record), "players": 5})
        assert not result.ok and result.problem is not None and result.problem.clauses == ("players.count",)

    def test_malformed_and_unfinished_logs(self, tmp_path: Path) -> None:
        from froeschis.conformance.validate import validate_record, validate_text

        _, record = play_game(2, 1)
        data = record_to_json(record)
        bad = {**data, "actions": [*data["actions"][:3], "jump"]}
        result = validate_record(bad)
        assert not result.ok and result.problem is not None and result.problem.step == 4  # actions[3]
        unfinished = validate_record({**data, "actions": data["actions"][:5]})
        assert unfinished.ok and not unfinished.finished and "not over" in unfinished.summary()
        assert not validate_text("no json here").ok
        assert not validate_record({"format": "froeschis.record/9"}).ok
        assert main(["validate", str(tmp_path / "missing.json")]) == 2

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("[" * 100_000, "line 1: JSON nested too deeply"),
            ('{"players": ' + "9" * 5000 + "}", "line 1: not valid JSON: Exceeds the limit"),
            ('{"vector": "froeschis.playthrough/1"}\n' + "[" * 100_000, "line 2: JSON nested too deeply"),
        ],
        ids=["deep-record", "huge-number", "deep-playthrough-line"],
    )
    def test_unparseable_json_is_reported_not_raised(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
    ) -> None:
        from froeschis.conformance.validate import validate_text

        result = validate_text(text)
        assert not result.ok and result.problem is not None and message in result.problem.message
        path = tmp_path / "game.json"
        path.write_text(text, encoding="utf-8")
        assert main(["validate", str(path)]) == 2  # not JSON: cannot be read (issue 29, item 12)
        assert "cannot read: neither a JSON record nor JSON lines" in capsys.readouterr().err

    def test_a_file_that_is_not_utf8_cannot_be_read(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.chdir(tmp_path)  # a short path: the console does not wrap the line
        Path("game.json").write_bytes(b"\xff\xfe{}")
        assert main(["validate", "game.json"]) == 2
        err = capsys.readouterr().err
        assert err == "froeschis: game.json: cannot read: not UTF-8 text (byte 0: invalid start byte)\n"

    def test_a_playthrough_with_a_wrong_state_is_inconsistent(self) -> None:
        from froeschis.conformance.validate import validate_playthrough

        _, record = play_game(2, 2, Rules(row_length=2))
        actions = record_to_json(record)["actions"]
        lines: list[Any] = [
            {
                "vector": "froeschis.playthrough/1",
                "name": "wrong-state",
                "purpose": "a test",
                "clauses": [],
                "players": 2,
                "rules": rules_to_json(Rules(row_length=2)),
                "seed": 2,
                "actions": actions,
            }
        ]
        state = new_game(2, Rules(row_length=2))
        lines.append({"step": 0, "state": state_to_json(state), "legal": []})
        for number_, action in enumerate(record.actions, 1):
            state, events = state.step(action)
            lines.append({"step": number_, "action": actions[number_ - 1], **reply_of(state, events)})
            del lines[-1]["type"]
        assert validate_playthrough(lines).ok
        lines[3]["state"]["round"] += 1
        result = validate_playthrough(lines)
        assert not result.ok and result.problem is not None and result.problem.step == 2
        assert result.problem.kind == "state"

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: {k: v for k, v in d.items() if k != "actions"}, "missing keys ['actions']"),
            (lambda d: {**d, "actions": {"draw": 1}}, "actions: expected a list"),
            (lambda d: {**d, "players": True}, "players: expected a whole number, got True"),
            (lambda d: {**d, "rules": {**d["rules"], "deck": {"[]": 1}}}, "rules.deck key: not a card: '[]'"),
        ],
    )
    def test_a_malformed_record_is_a_verdict_naming_the_field(
        self, change: Callable[[dict[str, Any]], dict[str, Any]], message: str
    ) -> None:
        from froeschis.conformance.validate import validate_record, validate_text

        _, record = play_game(2, 1)
        for result in (
            validate_record(change(record_to_json(record))),
            validate_text(json.dumps(change(record_to_json(record)))),
        ):
            assert not result.ok and result.problem is not None
            assert result.problem.kind == "malformed" and message in result.problem.message

    def test_a_duplicate_key_is_reported_naming_it(self) -> None:
        from froeschis.conformance.validate import validate_text

        _, record = play_game(2, 1)
        text = json.dumps(record_to_json(record)).replace('"players": 2', '"players": 2, "players": 3', 1)
        result = validate_text(text)
        assert (
            not result.ok
            and result.problem is not None
            and "duplicate key 'players'" in result.problem.message
        )

    @pytest.mark.parametrize(
        ("edit", "message"),
        [
            (
                lambda h: {**h, "players": True},
                "malformed header: players: expected a whole number of players",
            ),
            (lambda h: {**h, "players": "2"}, "players"),
            (lambda h: {**h, "rules": []}, "malformed header: rules: expected an object"),
        ],
    )
    def test_a_playthrough_header_with_a_mistyped_setup_is_malformed(
        self, edit: Callable[[dict[str, Any]], dict[str, Any]], message: str
    ) -> None:
        from froeschis.conformance.validate import validate_playthrough

        _, record = play_game(2, 1)
        data = record_to_json(record)
        header = {"vector": "froeschis.playthrough/1", "name": "t", "purpose": "t", "clauses": []}
        header |= {key: data[key] for key in ("players", "rules", "seed", "actions")}
        result = validate_playthrough([edit(header)])
        assert not result.ok and result.problem is not None and message in result.problem.message

    def test_input_over_the_size_limit_is_reported_unread(self, tmp_path: Path) -> None:
        """Not even as JSON lines, each of which would be short: the limit is the whole input's."""
        from froeschis.conformance.validate import validate_file, validate_text
        from froeschis.framework.jsontext import MAX_TEXT

        lines = "{}\n" * (MAX_TEXT // 3 + 1)
        for result in (validate_text(lines), validate_file(Path("/dev/zero"))):
            assert not result.ok and result.problem is not None
            assert f"more than {MAX_TEXT}" in result.problem.message

    def test_the_golden_playthroughs_validate(self) -> None:
        from froeschis.conformance.validate import validate_file

        files = sorted((REPO / "spec" / "froeschis" / "vectors").glob("*.jsonl"))
        if not files:
            pytest.skip("no golden playthroughs in spec/froeschis/vectors")
        for path in files:
            result = validate_file(path)
            assert result.ok and result.warnings == (), (path.name, result.summary())


def test_the_conform_command_passes_a_good_engine_and_fails_a_broken_one(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    args = ["conform", "--quick", "--games", "2", "--no-vectors", "--no-table", "--json", str(out), "--"]
    assert main([*args, *example()]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "froeschis.conformance-report/1" and data["ok"] is True
    assert {row["id"] for row in data["clauses"]} == set(load_catalogue().ids())
    assert main([*args[:-1], "--fail-fast", "--", *example("--bug", "start-seat")]) == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["ok"] is False and data["errors"][0]["clauses"] == ["round.start-seat"]
    (cause,) = data["causes"]
    assert cause["clause"] == "round.start-seat" and cause["misreading"]["id"] == "round.start-seat~seat-zero"
    assert cause["reproduction"]["actions"] <= 30


def test_the_conform_command_saves_each_reproduction_and_prints_only_its_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "repros"
    args = ["conform", "--quick", "--games", "2", "--no-table", "--repro-dir", str(folder), "--"]
    assert main([*args, *example("--bug", "final-turns")]) == 1
    out = capsys.readouterr().out
    record, test = sorted(folder.iterdir())
    assert f"the full record: {record}" in out and f"as a pytest test: {test}" in out
    assert record.name == "cause-1-round-final-turns.record.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    steps = [line for line in out.splitlines() if line.startswith("    ") and line.strip()[:1].isdigit()]
    assert len(steps) == min(len(data["actions"]), 7)  # the first and last three, or all of a short one
    assert compare_record(example("--bug", "final-turns"), data) is not None
    assert compare_record(example(), data) is None
    namespace: dict[str, Any] = {}
    exec(test.read_text(encoding="utf-8"), namespace)
    with pytest.raises(AssertionError):
        namespace["test_conformance_reproduction"]()


def test_a_saved_reproduction_runs_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 30: a command typed relative to the folder conform ran in ("python3 engine.py") must not
    # make the saved test start nothing from elsewhere: the test records the folder and the program
    folder = tmp_path / "repros"
    monkeypatch.chdir(REPO / "examples" / "froeschis")
    command = [Path(sys.executable).name, "engine.py", "--bug", "final-turns"]
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    args = ["conform", "--quick", "--games", "2", "--no-table", "--repro-dir", str(folder), "--", *command]
    assert main(args) == 1
    capsys.readouterr()
    (record,) = folder.glob("*.record.json")
    (test,) = folder.glob("test_*.py")
    expected = compare_record(command, json.loads(record.read_text(encoding="utf-8")))
    assert expected is not None
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    exec(test.read_text(encoding="utf-8"), namespace)
    with pytest.raises(AssertionError) as failed:
        namespace["test_conformance_reproduction"]()
    assert str(failed.value).splitlines()[0] == expected.message  # the divergence, not a failed start
    assert namespace["FOLDER"] == str(REPO / "examples" / "froeschis")
    program = Path(namespace["ENGINE"][0])
    assert program.is_absolute() and program.samefile(sys.executable)


def test_a_command_is_resolved_as_the_run_found_it(tmp_path: Path) -> None:
    script = tmp_path / "bin" / "engine"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    script.chmod(0o755)
    assert resolved(["bin/engine", "--x"], str(tmp_path)) == (str(script), "--x")
    assert resolved(["./bin/engine"], str(tmp_path)) == (str(script),)
    assert resolved(["sh", "a.sh"], "/")[0] == shutil.which("sh")
    assert resolved(["no-such-program-anywhere", "x"], str(tmp_path)) == ("no-such-program-anywhere", "x")


def test_the_conform_command_refuses_a_missing_vectors_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", "--vectors", str(tmp_path / "none"), "--", *example()]) == 2
    assert "--vectors: no directory of golden playthroughs" in capsys.readouterr().err


def test_the_conform_command_needs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform"]) == 2
    assert "--" in capsys.readouterr().err
