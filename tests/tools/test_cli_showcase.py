"""``watch`` and ``play`` as a newcomer meets them (issue 29): a person can play Army of Frogs at the
terminal (items 3), ``watch`` explains every clause it names (item 5), and ``watch`` is a showcase:
bots that play to win, every card on the table for the audience, score changes said as changes
(item 16).

Each test reads the command's output as a person would (the rows of the island by their labels,
the hands by their suits) and holds it to the engine's own state of the same game, replayed here.
"""

from __future__ import annotations

import io
import re
import sys
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework import registry
from froeschis.framework.loop import play_game
from froeschis.framework.terminal import person
from tests.terminal import run_on_terminal

ARMY = registry.game("army-of-frogs")
FROG = registry.game("frog")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROW = re.compile(r"^\s*r=([+-]\d+) (.*)$")
CELL = re.compile(r"([.0-9])([+-]\d+)")
STEP = re.compile(r"^\s*\d+\. (?:.*?, )?(chance|seat \d+): (.*)$")


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # whole lines: the tests read them one by one


def watched(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["watch", *args]) == 0
    return capsys.readouterr().out.splitlines()


def islands(lines: list[str]) -> list[tuple[dict[tuple[int, int], int], set[tuple[int, int]]]]:
    """Every island drawn, read back from its labels: the stones by cell, and the empty cells."""
    found: list[tuple[dict[tuple[int, int], int], set[tuple[int, int]]]] = []
    previous = False
    for line in lines:
        row = ROW.match(line)
        if row is None:
            previous = False
            continue
        if not previous:
            found.append(({}, set()))
        previous = True
        r = int(row[1])
        for mark, q in CELL.findall(row[2]):
            if mark == ".":
                found[-1][1].add((int(q), r))
            else:
                found[-1][0][int(q), r] = int(mark)
    return found


def greedy_states(game: Any, players: int, seed: int) -> list[tuple[Any, tuple[Any, ...]]]:
    """The states after every step of ``watch``'s game, with the step's events (its default bots)."""
    rules = game.rules()
    bots = [game.bot(person(game).opponent, rules)] * players
    seen: list[tuple[Any, tuple[Any, ...]]] = []
    play_game(
        game, players, seed, rules, bots, on_step=lambda b, a, after, events: seen.append((after, events))
    )
    return seen


# --------------------------------------------------------------------------- item 3


def test_item_3_watch_draws_the_army_island_every_turn_with_its_coordinates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """After every turn (and at the end) the island is drawn, and read by its row and cell labels
    it is the engine's island: the stones of each colour where the engine holds them."""
    lines = watched(capsys, "--game", "army-of-frogs", "--players", "2", "--seed", "1", "--no-explain")
    states = greedy_states(ARMY, 2, 1)
    turns = [after for after, events in states[1:] if any(e.kind.value == "turn-started" for e in events)]
    expected = [*turns, states[-1][0]]
    drawn = islands(lines)
    assert len(expected) > 10 and len(drawn) == len(expected)
    for (stones, empty), state in zip(drawn, expected, strict=True):
        assert stones == dict(state.island)
        assert empty and not empty & set(state.island)


def test_item_3_every_cell_a_choice_names_is_labelled_in_the_picture_above_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play``: each ``add c q,r`` names an empty cell of the picture drawn before the question,
    each ``move a b`` a stone of the seat's colour and an empty cell; and the picture is the island."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("first\n" * 500))
    assert main(["play", "--game", "army-of-frogs", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    questions = out.split("Your choices")[1:]
    pictures = islands(out.splitlines())
    assert len(questions) > 5 and len(pictures) >= len(questions)
    asked = 0
    for before, question in zip(out.split("Your choices")[:-1], questions, strict=True):
        stones, empty = islands(before.splitlines())[-1]
        for cell in re.findall(r"\) add \d (\S+)", question):
            assert cell_of(cell) in empty
            asked += 1
        for start, end in re.findall(r"\) move (\S+) (\S+)", question):
            assert stones[cell_of(start)] == 0  # the human is seat 0, colour 0
            assert cell_of(end) in empty
            asked += 1
    assert asked > 20


def cell_of(text: str) -> tuple[int, int]:
    """``-1,2`` as a cell, as the actions write it."""
    q, r = text.split(",")
    return int(q), int(r)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_item_3_stones_are_in_their_seats_colours_on_a_terminal_and_plain_on_a_pipe_or_no_color(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["watch", "--game", "army-of-frogs", "--players", "3", "--seed", "2", "--no-explain"]
    shown = run_on_terminal(args, 200)
    pictures = [line for line in shown.splitlines() if ROW.match(ANSI.sub("", line))]
    # A stone's digit in its own colour: the codes before each digit, per colour.
    styles: dict[str, set[str]] = {}
    for line in pictures:
        for code, digit in re.findall(r"((?:\x1b\[[0-9;]*m)+)([0-3])(?=\x1b)", line):
            styles.setdefault(digit, set()).add(code)
    assert set(styles) == {"0", "1", "2"}
    assert all(len(codes) == 1 for codes in styles.values())  # one colour for each seat's stones
    assert len({next(iter(codes)) for codes in styles.values()}) == 3  # and a different one each
    piped = watched(capsys, *args[1:])
    assert not any(ANSI.search(line) for line in piped)
    assert [ANSI.sub("", line).rstrip() for line in pictures] == [line for line in piped if ROW.match(line)]
    no_color = run_on_terminal(args, 200, NO_COLOR="1")
    assert not [line for line in no_color.splitlines() if ROW.match(ANSI.sub("", line)) and ANSI.search(line)]


# --------------------------------------------------------------------------- item 5


@pytest.mark.parametrize("name", registry.names())
def test_item_5_every_clause_an_event_names_is_explained_the_first_time_it_appears(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each clause ID in an event's brackets has its statement once, in the step of its first mention."""
    game = registry.game(name)
    catalogue = game.catalogue()
    lines = watched(capsys, "--game", name, "--seed", "1")
    explained: dict[str, int] = {}
    first_named: dict[str, int] = {}
    step = 0
    for line in lines:
        if STEP.match(line):
            step += 1
        named = re.search(r"\[([a-z][a-z0-9.\-]*(?:, [a-z][a-z0-9.\-]*)*)\]$", line)
        for clause in named[1].split(", ") if named and not line.lstrip().startswith("- ") else ():
            first_named.setdefault(clause, step)
        rule = re.match(r"^\s+- ([a-z0-9.\-]+): (.*)$", line)
        if rule:
            assert rule[1] not in explained, f"{rule[1]} explained twice"
            statement = " ".join(catalogue.clause(rule[1]).statement.split())
            assert statement.startswith(" ".join(rule[2].split()))  # (a statement may run over lines)
            explained[rule[1]] = step
    assert len(first_named) > 15
    assert explained == first_named


# --------------------------------------------------------------------------- item 16


def test_item_16_army_watch_games_end_with_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """With its default bots (they play to win), seeds 0-9 end with the winner the engine names,
    none at the turn limit; random bots, for the record, hardly ever link seven stones."""
    won = 0
    for seed in range(10):
        lines = watched(capsys, "--game", "army-of-frogs", "--seed", str(seed), "--no-explain")
        final = greedy_states(ARMY, 3, seed)[-1][0]
        ending = [line for line in lines if "game over" in line]
        assert len(ending) == 1
        if final.winners:
            won += 1
            assert ending[0].endswith(f"game over, won by seat {final.winners[0]}")
    assert won >= 8


@pytest.mark.parametrize("name", registry.names())
def test_item_16_watch_bots_random_plays_the_game_explain_seed_replays(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bots`` names the bots; ``random`` gives the game of random bots ``explain --seed`` tells."""
    assert main(["watch", "--game", name, "--seed", "2", "--bots", "random", "--no-explain"]) == 0
    watched_steps = [m[1] for m in map(STEP.match, capsys.readouterr().out.splitlines()) if m]
    assert main(["explain", "--game", name, "--seed", "2", "--brief"]) == 0
    explained_steps = [m[1] for m in map(STEP.match, capsys.readouterr().out.splitlines()) if m]
    assert len(watched_steps) > 20 and watched_steps == explained_steps
    assert main(["watch", "--game", name, "--bots", "nosuch"]) == 2
    assert main(["watch", "--game", name, "--bots", ","]) == 2
    err = capsys.readouterr().err
    assert "--bots: unknown bot 'nosuch'" in err and "--bots: name at least one bot" in err


SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_of(suits: str) -> set[str]:
    """``♠ J 7  ♥ T K`` read back as cards: ``{"JS", "7S", "TH", "KH"}``."""
    cards = set()
    for symbol, ranks in re.findall(r"([♠♥♦♣])([^♠♥♦♣(]*)", suits):
        cards |= {rank + SUIT_LETTERS[symbol] for rank in ranks.split() if rank != "-"}
    return cards


def test_item_16_frog_watch_shows_every_hand_and_the_widow_as_dealt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Once the cards are dealt, every seat's hand and the widow are on the screen, as dealt."""
    lines = watched(capsys, "--game", "frog", "--seed", "1", "--no-explain")
    dealt = [
        after for after, events in greedy_states(FROG, 3, 1) if any(e.kind.value == "dealt" for e in events)
    ]
    shown = [i for i, line in enumerate(lines) if "dealt seat=" in line]
    assert len(dealt) == len(shown) == 3
    for state, at in zip(dealt, shown, strict=True):
        following = lines[at : at + 12]
        for seat, hand in enumerate(state.hands):
            (line,) = [line for line in following if re.match(rf"^\s*>?\s*seat {seat}: [♠♥♦♣]", line)]
            assert cards_of(line) == {str(card) for card in hand}
        (widow,) = [line for line in following if line.strip().startswith("widow: ")]
        assert set(widow.split(": ")[1].split()) == {str(card) for card in state.widow}


def test_item_16_frog_watch_says_score_changes_as_changes_and_the_totals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every settled deal: its changes with their signs, and the scores they made (the previous
    scores plus the changes), the last of them the final scores."""
    lines = watched(capsys, "--game", "frog", "--seed", "1", "--no-explain")
    settled = [
        line.split("changes=")[1].split()[0].split(",") for line in lines if "settled changes=" in line
    ]
    told = [re.search(r"score changes ((?:[+-]\d+ ?){3}); scores now (\d+ \d+ \d+)$", line) for line in lines]
    deals = [match for match in told if match]
    assert len(deals) == len(settled) == 3
    scores = [150, 150, 150]
    for match, changes in zip(deals, settled, strict=True):
        assert match[1].split() == changes
        scores = [total + int(change) for total, change in zip(scores, changes, strict=True)]
        assert list(map(int, match[2].split())) == scores
    final = greedy_states(FROG, 3, 1)[-1][0]
    assert list(final.scores) == scores
