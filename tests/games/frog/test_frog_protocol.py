"""``spec/frog/protocol.md`` says what the reference does: its state keys are the JSON form's, its
event table names every event the engine emits with the clauses it gives, and its example of the
legal discards is the engine's order. These check the document, not a rule clause."""

from __future__ import annotations

import random
import re

from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import new_game
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.serialize import STATE_KEYS, rules_to_json
from froeschis.games.frog.spec import spec_dir

PROTOCOL = (spec_dir() / "protocol.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| `([a-z-]+)`[^|]*\|[^|]*\|(.*)\|$", re.MULTILINE)


def _section(title: str) -> str:
    start = PROTOCOL.index(f"## {title}")
    end = PROTOCOL.find("\n## ", start + 1)
    return PROTOCOL[start : end if end > 0 else None]


def _table_rows(title: str) -> dict[str, set[str]]:
    """Each row's first cell (a backquoted name) and every clause ID its last cell names."""
    rows: dict[str, set[str]] = {}
    for name, clauses in ROW.findall(_section(title)):
        rows.setdefault(name, set()).update(re.findall(r"`([a-z]+\.[a-z0-9-]+)`", clauses))
    return rows


def test_the_state_table_lists_the_json_keys_in_order() -> None:
    keys = re.findall(r"^\| `([a-z_]+)`(?:, `([a-z_]+)`)? \|", _section("State"), re.MULTILINE)
    listed = [k for pair in keys for k in pair if k]
    assert listed == list(STATE_KEYS)


def test_the_rules_object_is_the_published_rules() -> None:
    published = rules_to_json(Rules())
    assert list(published) == [*VARIANT_OPTIONS, "deals", "target_score", "deck"]
    for key in published:
        assert f'"{key}"' in _section("Rules")


def test_the_event_table_names_every_event_and_its_clauses() -> None:
    table = _table_rows("Events")
    emitted: dict[str, set[str]] = {}
    variants: tuple[dict[str, bool], ...] = (
        {},
        {"optional_frog_exchange": True, "one_bid_each": True},
        {"chico_may_name_hearts": True, "grand_pays_four": True, "all_pass_same_dealer": True},
    )
    for options in variants:
        for seed in range(25):
            rng = random.Random(seed)
            state = new_game(3, Rules(**options))  # type: ignore[arg-type]
            while not state.is_terminal:
                action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
                state, events = state.step(action)
                for event in events:
                    emitted.setdefault(event.kind.value, set()).update(event.clauses)
    assert set(emitted) == set(table)
    for kind, clauses in emitted.items():
        assert clauses <= table[kind], f"{kind}: {sorted(clauses - table[kind])} not in protocol.md"


def test_the_discard_example_is_the_first_legal_discard() -> None:
    state = new_game(3).apply(sample_chance(new_game(3), random.Random(0)))
    state = state.apply(sample_chance(state, random.Random(0)))
    while state.phase.value == "auction":
        state = state.apply(state.legal_actions()[1] if not state.calls else state.legal_actions()[0])
    assert state.phase.value == "discard"
    first = str(state.legal_actions()[0])
    hand = [str(c) for c in state.hands[state.bidder]]
    assert first == "discard " + " ".join(hand[:3])
    assert "`discard AS TS KS` when the\n  hand starts `AS TS KS ...`" in PROTOCOL
