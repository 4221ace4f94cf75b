"""``froeschis play``: the terminal game, driven by scripted input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from froeschis.cli import main
from froeschis.games.froeschis.actions import Action, ActionKind
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.serialize import record_from_json

ALWAYS_FIRST = "first\n" * 3000
"""``first`` takes the first choice listed, which is always legal: enough answers for any game."""


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def test_a_scripted_game_is_played_to_the_end_and_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    status, out = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "3", "--seed", "4", "--save", str(saved)
    )
    assert status == 0
    record = record_from_json(json.loads(saved.read_text(encoding="utf-8")))
    final = record.replay()
    assert final.is_terminal and record.players == 3 and record.seed == 4
    winners = ", ".join("you" if w == 0 else f"seat {w}" for w in final.winners)
    verdict = "You win!" if 0 in final.winners else "You lose."
    assert f"Game over after {final.round} rounds. Winners: {winners}. {verdict}" in out
    assert out.count("Your choices (") == out.count("> ")


def test_the_human_sees_only_what_the_seat_may_see(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "q\n", "--players", "3", "--seed", "1")
    assert status == 1
    assert "  spot:            1 2 3 4 5 6 7 8\n" in out
    assert "  seat 1 (greedy): ? ? ? ? ? ? ? ?\n" in out
    assert "  seat 2 (greedy): ? ? ? ? ? ? ? ?\n" in out
    assert "  you, seat 0:     ? ? ? ? ? ? ? ?\n" in out
    assert "discard pile empty" in out
    assert "d) draw" in out and "take-discard" not in out.split("Your choices")[1]
    assert "Game abandoned: you gave up." in out


def test_illegal_input_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = "take-discard\nfrog@2\n7\nhello\n\ndraw\nq\n"
    status, out = play(monkeypatch, capsys, answers, "--players", "2", "--seed", "2")
    assert status == 1
    refusals = [line for line in out.splitlines() if line.startswith("> ")][:4]
    accepted = "answer with d (draw), or q to give up"
    assert refusals == [
        "> refused: the discard pile is empty [turn.draw-source]",
        "> refused: a turn starts by taking a card: 'draw' or 'take-discard' [turn.draw-source]",
        f"> 7 would be a spot for a frog, but there is no frog to place now; {accepted}",
        f"> not understood: 'hello'; {accepted}",
    ]
    assert "you drew" in out  # "draw" was accepted


@pytest.mark.parametrize(
    "answer", ["²", "\u0661", "1²", "\uff10"], ids=["superscript", "arabic-indic", "mixed", "fullwidth"]
)
def test_digits_that_are_not_ascii_are_not_choice_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    status, out = play(monkeypatch, capsys, f"{answer}\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    assert f"> not understood: {answer!r}; answer with d (draw), or q to give up" in out
    assert "Game abandoned: you gave up." in out


def test_an_answer_listing_several_choices_says_them_all(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After the first draw the human holds a frog: the refusal lists that question's spots."""
    status, out = play(monkeypatch, capsys, "d\n?\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    offered = out.rsplit("Your choices", 1)[1].split("> ", 1)[0]
    keys = re.findall(r"^ +(\d+)\) frog@(\d+) ", offered, re.MULTILINE)
    assert len(keys) > 1 and all(key == spot for key, spot in keys)
    spots = [key for key, _ in keys]
    listed = f"{', '.join(spots[:-1])} or {spots[-1]}"
    assert f"> not understood: '?'; answer with the number of the spot where the frog goes ({listed})" in out


def test_a_number_is_the_spot_it_names_never_a_place_in_the_list(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 2: the first card drawn is a frog, with spots 2 and 4 face up. Spot 2 is refused (it is
    not face down), and 3 puts the frog on spot 3: in a list numbered 1, 2, ... the second choice
    would have been spot 3 and the third spot 5."""
    status, out = play(monkeypatch, capsys, "d\n2\n3\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    assert "  you, seat 0:     ? 2 ? 4 ? ? ? ?\n" in out  # spots 2 and 4 show their numbers
    assert "Your choices (answer with the number of the spot where the frog goes):" in out
    answers = [line for line in out.splitlines() if line.startswith("> ")]
    assert answers[1] == "> refused: spot 2 is not one of the face-down spots (1, 3, 5, 6, 7, 8) [frog.place]"
    assert answers[2] == ">   you put the frog on spot 3"


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("0", "there is no spot 0; answer with the number of the spot"),
        ("1234", "there is no spot 1234; answer with the number of the spot"),
        ("9", "refused: spot 9 is not one of the face-down spots (1, 3, 5, 6, 7, 8) [frog.place]"),
        ("d", "refused: the frog in hand must be placed first, on one of the face-down spots"),
    ],
)
def test_a_spot_that_is_no_choice_is_refused_saying_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: str, why: str
) -> None:
    status, out = play(monkeypatch, capsys, f"d\n{answer}\nq\n", "--players", "2", "--seed", "2")
    assert status == 1
    assert [line for line in out.splitlines() if line.startswith("> ")][1].startswith(f"> {why}")


def _columns(line: str) -> list[int]:
    """Where each entry after the label (``spot:``, ``seat 1 (greedy):``) ends: right-aligned
    entries line up when their last characters do."""
    start = line.index(":") + 1
    return [start + m.end() for m in re.finditer(r"\S+", line[start:])]


def test_the_rows_stand_under_the_spot_numbers_whatever_their_lengths() -> None:
    """Rows of 3, 10 and 12 spots, with cards and spot numbers of one and two digits: every entry
    of a row ends in the column where its spot's number ends."""
    import attrs

    from froeschis.games.froeschis.answers import styled_view
    from froeschis.games.froeschis.cards import number
    from froeschis.games.froeschis.observation import observe

    view = observe(new_game(3), 1)
    rows = (
        (None, number(2), None),
        tuple(number(n) if n in (1, 10) else None for n in range(1, 11)),
        tuple(number(n) if n % 3 == 0 else None for n in range(1, 13)),
    )
    view = attrs.evolve(view, rows=rows, lengths=(3, 10, 12))
    lines = [line for line, _ in styled_view(view, ["greedy", "you", "random"])]
    table = {line.split(":")[0].strip(): line for line in lines if ":" in line and "Round" not in line}
    assert list(table) == ["spot", "seat 0 (greedy)", "seat 2 (random)", "you, seat 1"]
    spots = _columns(table["spot"])
    assert table["spot"].split()[1:] == [str(n) for n in range(1, 13)]
    for label, row in {
        "seat 0 (greedy)": rows[0],
        "seat 2 (random)": rows[2],
        "you, seat 1": rows[1],
    }.items():
        cells = table[label].split(":", 1)[1].split()
        assert cells == ["?" if card is None else str(card) for card in row]
        assert _columns(table[label]) == spots[: len(row)], label


def test_an_answer_that_is_not_utf8_is_refused_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"), encoding="utf-8"))
    assert main(["play", "--players", "2", "--seed", "2"]) == 1
    out = capsys.readouterr().out
    assert "> could not read that answer (not UTF-8 text); answer with d (draw), or q to give up" in out
    assert "Game abandoned: the input ended before the game did." in out


@pytest.mark.parametrize(
    ("where", "reason"), [("missing-directory", "there is no folder"), ("a-directory", "it is a folder")]
)
def test_an_unwritable_save_path_is_refused_before_the_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    where: str,
    reason: str,
) -> None:
    target = tmp_path / "no" / "game.json" if where == "missing-directory" else tmp_path
    monkeypatch.setattr(sys, "stdin", io.StringIO(ALWAYS_FIRST))
    assert main(["play", "--players", "2", "--seed", "1", "--save", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no game was played
    assert captured.err.startswith(f"froeschis: --save: cannot write {target}: {reason}")


def test_an_abandoned_game_leaves_no_save_file_and_an_existing_one_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    new = tmp_path / "new.json"
    assert play(monkeypatch, capsys, "q\n", "--players", "2", "--save", str(new))[0] == 1
    assert not new.exists()
    old = tmp_path / "old.json"
    old.write_text("keep me", encoding="utf-8")
    assert play(monkeypatch, capsys, "q\n", "--players", "2", "--save", str(old))[0] == 1
    assert old.read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]


def test_saving_over_an_existing_record_replaces_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("x" * 100_000, encoding="utf-8")  # longer than the record: no tail may remain
    assert (
        play(monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "4", "--save", str(saved))[0] == 0
    )
    assert record_from_json(json.loads(saved.read_text(encoding="utf-8"))).seed == 4
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


class Player:
    """A scripted human who reads the screen: draws always, and puts every frog on the highest spot offered.

    It answers frog questions with the spot's number as the screen lists it (``7``) and draw questions
    with ``d``.
    """

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.screen = ""
        self.frog_answers: list[str] = []

    def readline(self) -> str:
        self.screen += self.capsys.readouterr().out
        offered = self.screen.rsplit("Your choices", 1)[1]
        frogs: list[str] = re.findall(r"^ +(\d+)\) frog@", offered, re.MULTILINE)
        if frogs:
            self.frog_answers.append(frogs[-1])
            return frogs[-1] + "\n"
        return "d\n"


def test_a_frog_goes_where_the_human_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    human = Player(capsys)
    monkeypatch.setattr(sys, "stdin", human)
    saved = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "5", "--save", str(saved)]) == 0
    human.screen += capsys.readouterr().out
    assert human.frog_answers, "the human was never asked about a frog"
    record = record_from_json(json.loads(saved.read_text(encoding="utf-8")))
    state = new_game(2)
    placed = []
    for action in record.actions:
        if isinstance(action, Action) and action.kind is ActionKind.FROG and state.current_player == 0:
            assert action.spot == max(state.row(0).face_down_spots())
            placed.append(str(action.spot))
        state = state.apply(action)
    assert placed == human.frog_answers
    assert "you put the frog on spot" in human.screen


def test_answers_that_are_never_legal_end_the_game_instead_of_looping(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``yes 7 | froeschis play``: no draw question takes a number, so the game is abandoned."""
    from froeschis.cli.play import MAX_REFUSED

    status, out = play(monkeypatch, capsys, "7\n" * (MAX_REFUSED + 50), "--players", "2", "--seed", "3")
    assert status == 1
    assert out.count("> 7 would be a spot for a frog") == MAX_REFUSED
    assert f"Game abandoned: none of {MAX_REFUSED} answers in a row could be played." in out


def test_the_game_ends_cleanly_when_the_input_runs_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "d\nfirst\n", "--players", "2", "--seed", "3")
    assert status == 1
    assert "Game abandoned: the input ended before the game did." in out


def test_the_same_seed_and_answers_give_the_same_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "9", "--seat", "1", "--bots", "random"
    )
    second = play(
        monkeypatch, capsys, ALWAYS_FIRST, "--players", "2", "--seed", "9", "--seat", "1", "--bots", "random"
    )
    assert first == second and first[0] == 0
    assert "you are seat 1; seat 0 is random" in first[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "5"],
            "froeschis play: error: argument --players: Fröschis is for 2 to 4 players, not 5",
        ),
        (["--seat", "-1"], "froeschis play: error: argument --seat: expected a whole number of at least 0"),
    ],
)
def test_bad_arguments_are_refused_by_the_parser(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exit_info:
        main(["play", *args])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith(message)


def test_bad_arguments_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for args, message in [
        (["--seat", "3"], "froeschis: --seat must be 0 to 2, not 3\n"),
        (["--bots", "smart"], "froeschis: --bots: unknown bot 'smart'"),
        (
            ["--players", "2", "--bots", "greedy,random"],
            "froeschis: --bots: 2 bots for the 1 other seat of a 2-player game; name at most 1 "
            "(a shorter list is repeated)\n",
        ),
        (
            ["--players", "3", "--bots", "greedy,random,ismc"],
            "froeschis: --bots: 3 bots for the 2 other seats of a 3-player game; name at most 2 "
            "(a shorter list is repeated)\n",
        ),
    ]:
        assert main(["play", *args]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""  # no game was started
        assert captured.err.startswith(message)


def test_fewer_bots_than_seats_are_repeated_in_seat_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(monkeypatch, capsys, "q\n", "--players", "4", "--seat", "1", "--bots", "random,greedy")
    assert status == 1
    assert "you are seat 1; seat 0 is random, seat 2 is greedy, seat 3 is random." in out


def test_the_command_reads_a_real_standard_input() -> None:
    """End to end: the installed entry point's module, a pipe for input."""
    done = subprocess.run(
        [sys.executable, "-m", "froeschis", "play", "--players", "2", "--seed", "1", "--bots", "random"],
        input=ALWAYS_FIRST,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over after" in done.stdout and "Winners:" in done.stdout


def test_the_swap_variants_choices_are_answered_by_their_letters() -> None:
    """With the optional frog swap a frog's placement may be answered ``s`` (swap) or ``n``
    (decline-swap): each listed letter answers its choice, and the list says so."""
    import random

    from froeschis.framework.registry import game
    from froeschis.games.froeschis.answers import PERSON

    rules = game().rules(optional_frog_swap=True)
    rng, state, asked_swap = random.Random(1), new_game(2, rules), 0
    while not state.is_terminal and asked_swap < 5:
        if state.is_chance:
            state = state.apply(game().sample_chance(state, rng))
            continue
        asked = PERSON.question(state, state.current_player)
        keys = {choice.key: choice.action for choice in asked.choices}
        if any(action.kind is ActionKind.SWAP for action in keys.values()):
            asked_swap += 1
            assert {"s", "n"} <= set(keys) and "s (swap)" in asked.accepted
            assert [str(keys["s"]), str(keys["n"])] == ["swap", "decline-swap"]
            for key, action in keys.items():
                assert PERSON.answer(key, state, asked) == (action, "")
        state = state.apply(rng.choice(state.legal_actions()))
    assert asked_swap == 5, "the seeded games never offered a swap"


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 7), (4, 11)])
def test_play_saves_the_generic_record_which_is_froeschis_own_record_format(players: int, seed: int) -> None:
    """``play --save`` writes :func:`froeschis.framework.records.record_to_json` for every game; for
    Fröschis that is byte for byte the JSON of Fröschis' own record writer, which reads it back."""
    from froeschis.framework import records
    from froeschis.framework.registry import game
    from froeschis.games.froeschis.bots import play_game
    from froeschis.games.froeschis.serialize import record_to_json

    _, own = play_game(players, seed)
    generic = records.Record(game(), own.players, own.rules, own.actions, own.seed)
    written = json.dumps(records.record_to_json(generic), ensure_ascii=False)
    assert written == json.dumps(record_to_json(own), ensure_ascii=False)
    assert record_from_json(json.loads(written)) == own
