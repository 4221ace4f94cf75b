"""``froeschis play --web`` (issue 32 item 3): the server, driven over HTTP with urllib.

A whole game of every game played through the JSON API to its end, its record the one
``froeschis play`` writes at a terminal for the same seed and answers, replayed on the reference by
``validate``; the seat shown only what it may see; every hostile request answered with a 4xx and a
message (and the clause of a refused action), never a traceback; Ctrl-C ends the command with one
line and status 130. The page in a real browser: ``test_play_web_browser.py``.
"""

from __future__ import annotations

import io
import json
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from froeschis.cli import main
from froeschis.framework import records
from froeschis.framework.registry import game, names
from froeschis.framework.terminal import person
from froeschis.framework.viewer import DATA_ID, clause_anchor
from froeschis.framework.webplay import MAX_BODY, Server, Table
from tests.doc_transcripts import transcript
from tests.web_tables import PLAYERS, call, claim, serving, table

ROOT = Path(__file__).resolve().parents[2]


def _play_through(server: Server, token: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Answer every question with its first choice until the game is over, asking each time only
    for the events not yet seen; the last view and every event told."""
    status, view, _ = call(server, "GET", "/api/table", token=token)
    assert status == 200, view
    told = list(view["log"])
    while view["over"] is None:
        choice = view["question"]["choices"][0]
        body = {"seat": view["seat"], "action": choice["action"], "since": len(told)}
        status, view, _ = call(server, "POST", "/api/act", body, token=token)
        assert status == 200, view
        assert view["log_from"] == len(told)
        told += view["log"]
        assert set(view["clauses"]) == {clause for entry in view["log"] for clause in entry["clauses"]}
    return view, told


def _terminal_record(name: str, bots: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The record ``froeschis play`` saves for seed 0 when every answer is ``first``."""
    saved = tmp_path / "terminal.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("first\n" * 10_000))
    argv = ["play", "--game", name, "--players", str(PLAYERS[name]), "--bots", bots, "--save", str(saved)]
    assert main(argv) == 0
    return json.loads(saved.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", names())
def test_a_whole_game_of_each_game_through_the_api(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Played to its end; its record replays on the reference (``validate``), ends as the page says,
    is the record of the same game at a terminal, and the replay viewer shows it."""
    served = table(name)
    with serving(served) as server:
        token = claim(server)
        last, told = _play_through(server, token)
        assert told == served.log
        status, record, headers = call(server, "GET", "/api/record", token=token)
        assert status == 200
        assert headers["Content-Disposition"] == f'attachment; filename="{name}-seed0.json"'
        status, replay, _ = call(server, "GET", f"/replay?token={token}")
        assert status == 200 and DATA_ID in replay and "Step 0 of" in replay
        status, refused, _ = call(server, "POST", "/api/act", {"seat": 0, "answer": "1"}, token=token)
        assert status == 409 and "the game is over" in refused["error"]
    assert record["format"] == "froeschis.record/1" and len(record["actions"]) == last["steps"]
    final = records.record_from_json(game(name), record).replay()
    assert final.is_terminal and last["over"] == person(game(name)).over(final, 0)
    path = tmp_path / "web.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert "error" not in capsys.readouterr().out.lower()
    assert record == _terminal_record(name, person(game(name)).opponent, tmp_path, monkeypatch)


def test_the_clauses_the_page_links_to_are_on_the_servers_rules_page() -> None:
    """Every clause of the game, under the anchor the docs give it, with its sentences and their
    ``lang``; each clause the page names links to its section."""
    served = table("froeschis", bots="random")
    with serving(served) as server:
        token = claim(server)
        status, view, _ = call(server, "GET", "/api/table", token=token)
        status, page, headers = call(server, "GET", served.rules_path)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    of = game("froeschis")
    for clause in of.catalogue().clauses:
        assert f'<section id="{clause_anchor(of, clause.id)}" class="rule">' in page
    for clause, words in view["clauses"].items():
        assert words["href"] == f"{served.rules_path}#{clause_anchor(of, clause)}"
    assert {f'lang="{language}"' for language in of.languages} <= set(re.findall(r'lang="\w+"', page))


def test_a_person_at_another_seat() -> None:
    """At seat 2 of three the bots before it have played when the page first asks; seat 0's
    action is refused as a bot's."""
    of = game("froeschis")
    with serving(Table(of, 3, 2, ["random", "greedy"], 5)) as server:
        token = claim(server)
        status, view, _ = call(server, "GET", "/api/table", token=token)
        assert status == 200 and view["seat"] == 2 and view["names"] == ["random", "greedy", "you"]
        assert any(entry["text"].startswith("seat 0") for entry in view["log"])
        status, refused, _ = call(server, "POST", "/api/act", {"seat": 0, "action": "draw"}, token=token)
        assert status == 403 and refused["error"] == "you play seat 2; seat 0 is a bot's (random)"


def test_another_game_with_the_next_seed() -> None:
    with serving(table("froeschis", bots="random")) as server:
        token = claim(server)
        status, view, _ = call(server, "POST", "/api/new", {}, token=token)
        assert status == 200 and view["seed"] == 1 and view["log_from"] == 0


def test_a_frog_seat_sees_its_own_hand_and_the_trick_only() -> None:
    """At every decision of a Frog game the picture shows the seat's hand and the trick's cards,
    none of the other hands, the widow or the discards."""
    served = table("frog")
    with serving(served) as server:
        token = claim(server)
        status, view, _ = call(server, "GET", "/api/table", token=token)
        while view["over"] is None:
            state = served.state
            shown = set(re.findall(r'data-card="(\w+)"', view["picture"]))
            assert {str(card) for card in state.hands[0]} <= shown
            assert shown <= {str(card) for card in state.hands[0]} | {str(card) for _, card in state.trick}
            choice = view["question"]["choices"][-1]
            status, view, _ = call(
                server, "POST", "/api/act", {"seat": 0, "action": choice["action"]}, token=token
            )
            assert status == 200


TOO_LONG = str(MAX_BODY * 16)
HOSTILE: list[tuple[str, str, str, Any, dict[str, str], int, str]] = [
    # what, method, path, body (bytes: sent as they are), headers, status, the message says
    ("bad JSON", "POST", "/api/act", b'{"seat": 0,', {}, 400, "not valid JSON"),
    ("not an object", "POST", "/api/act", [0, "draw"], {}, 400, "expected a JSON object"),
    (
        "a key twice",
        "POST",
        "/api/act",
        b'{"seat": 0, "seat": 0, "action": "draw"}',
        {},
        400,
        "duplicate key",
    ),
    (
        "an unknown key",
        "POST",
        "/api/act",
        {"seat": 0, "action": "draw", "as": 1},
        {},
        400,
        "unknown keys ['as']",
    ),
    ("no action", "POST", "/api/act", {"seat": 0}, {}, 400, "either an action or an answer"),
    ("an unknown action", "POST", "/api/act", {"seat": 0, "action": "fly"}, {}, 400, "unknown action 'fly'"),
    ("an action of no form", "POST", "/api/act", {"seat": 0, "action": {"a": [1]}}, {}, 400, "action"),
    ("a bot's seat", "POST", "/api/act", {"seat": 1, "action": "draw"}, {}, 403, "seat 1 is a bot's"),
    ("no seat", "POST", "/api/act", {"action": "draw"}, {}, 400, "no seat"),
    (
        "a seat not in the game",
        "POST",
        "/api/act",
        {"seat": 9, "action": "draw"},
        {},
        403,
        "no seat of this game",
    ),
    (
        "a seat that is no number",
        "POST",
        "/api/act",
        {"seat": True, "action": "draw"},
        {},
        400,
        "whole number",
    ),
    ("an answer that is no text", "POST", "/api/act", {"seat": 0, "answer": 3}, {}, 400, "expected text"),
    ("an answer naming nothing", "POST", "/api/act", {"seat": 0, "answer": "zz"}, {}, 422, "not understood"),
    ("an empty answer", "POST", "/api/act", {"seat": 0, "answer": " "}, {}, 400, "an empty answer"),
    ("a second person", "POST", "/api/seat", {}, {}, 409, "seat 0 is taken"),
    (
        "a huge body",
        "POST",
        "/api/act",
        b'{"seat": 0, "answer": "' + b"d" * MAX_BODY + b'"}',
        {},
        413,
        "at most",
    ),
    ("a huge length", "POST", "/api/act", b"{}", {"Content-Length": TOO_LONG}, 413, f"{TOO_LONG} bytes"),
    ("a length no number", "POST", "/api/act", b"{}", {"Content-Length": "2e3"}, 400, "Content-Length"),
    ("no JSON", "POST", "/api/act", b"seat=0", {"Content-Type": "text/plain"}, 415, "application/json"),
    ("not UTF-8", "POST", "/api/act", b'{"seat": 0, "answer": "\xff"}', {}, 400, "not UTF-8"),
    ("nested too deep", "POST", "/api/act", b"[" * 60_000, {}, 400, "nested too deeply"),
    ("an unknown path", "GET", "/../etc/passwd", None, {}, 404, "no page"),
    ("an unknown API", "POST", "/api/undo", {}, {}, 404, "no page '/api/undo'"),
    ("a GET of a POST", "GET", "/api/act", None, {}, 405, "answers POST"),
    ("a POST of a page", "POST", "/", {}, {}, 405, "answers GET"),
    ("an unknown method", "BREW", "/", None, {}, 405, "no method 'BREW'"),
    ("another host", "GET", "/api/table", None, {"Host": "rebound.example:80"}, 421, "answers requests for"),
    ("a bad since", "GET", "/api/table?since=-1", None, {}, 400, "since"),
    ("the record before the end", "GET", "/api/record", None, {}, 409, "once the game is over"),
    ("the replay before the end", "GET", "/replay", None, {}, 409, "once the game is over"),
    ("a POST of the rules", "POST", "/rules.html", {}, {}, 405, "answers GET"),
]


def _hostile(server: Server, token: str, case: tuple[str, str, str, Any, dict[str, str], int, str]) -> Any:
    what, method, path, body, headers, status, says = case
    raw = body if isinstance(body, bytes) else None
    got, answer, _ = call(server, method, path, None if raw else body, token, raw, headers)
    assert got == status, (what, answer)
    assert isinstance(answer, dict) and says in answer["error"], (what, answer)
    assert "Traceback" not in answer["error"] and "q to give up" not in answer["error"]  # the terminal's q
    return answer


@pytest.mark.parametrize("case", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_hostile_request_gets_a_4xx_with_a_message(
    case: tuple[str, str, str, Any, dict[str, str], int, str],
) -> None:
    """Each refused with its status and a message naming the problem; the server plays on."""
    with serving(table("froeschis", bots="random")) as server:
        token = claim(server)
        _hostile(server, token, case)
        status, view, _ = call(server, "POST", "/api/act", {"seat": 0, "action": "draw"}, token=token)
        assert status == 200 and view["steps"] > 0


def test_a_body_that_does_not_come_is_a_408() -> None:
    """A client that announces more than it sends is answered when the server's patience ends."""
    with serving(table("froeschis", bots="random"), timeout=0.5) as server:
        token = claim(server)
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
            head = (
                f"POST /api/act HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Froeschis-Token: {token}\r\n"
                'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"seat"'
            )
            client.sendall(head.encode("ascii"))
            answer = client.makefile("rb").read().decode("utf-8")
        assert answer.startswith("HTTP/1.1 408 ") and '"error":"the body did not come within 0.5 s"' in answer


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"seat": 0, "action": "take-discard"}, "the discard pile is empty"),
        ({"seat": 0, "answer": "t"}, "discard"),
    ],
)
def test_a_refused_action_names_its_clause_with_its_sentences(body: dict[str, Any], says: str) -> None:
    """Fröschis' first turn: the discard pile is empty, so taking it is refused by turn.draw-source."""
    with serving(table("froeschis", bots="random")) as server:
        answer = _hostile(server, claim(server), ("take", "POST", "/api/act", body, {}, 422, says))
    assert answer["clause"] == "turn.draw-source" and "[" not in answer["error"]
    words = answer["clauses"]["turn.draw-source"]
    assert words["title"] and {source["lang"] for source in words["sources"]} == set(
        game("froeschis").languages
    )


@pytest.mark.parametrize(
    ("token", "status", "says"), [(None, 401, "no seat token"), ("guessed", 403, "not the seat's token")]
)
def test_a_request_without_the_seat_token_is_refused(token: str | None, status: int, says: str) -> None:
    with serving(table("frog")) as server:
        got, answer, _ = call(server, "GET", "/api/table")
        assert got == 401 and "nobody has claimed the seat" in answer["error"]
        claim(server)
        for method, path, body in (
            ("GET", "/api/table", None),
            ("POST", "/api/act", {"seat": 0, "answer": "1"}),
        ):
            got, answer, _ = call(server, method, path, body, token)
            assert (got, says in answer["error"]) == (status, True)


def test_the_page_script_and_style() -> None:
    with serving(table("army-of-frogs")) as server:
        for path, kind in (("/", "text/html"), ("/play.js", "text/javascript"), ("/play.css", "text/css")):
            status, _, headers = call(server, "GET", path)
            assert status == 200 and headers["Content-Type"].startswith(kind)
            assert "default-src 'none'" in headers["Content-Security-Policy"]
        status, page, _ = call(server, "GET", "/")
        assert "<h1>Army of Frogs: you are seat 0</h1>" in page


def test_the_script_and_style_ship_in_the_package() -> None:
    """Read from the package (``importlib.resources``) as ``viewer.js`` is: the wheel packs the
    whole ``froeschis`` folder (``test_viewer.py`` checks that), and git ignores neither."""
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for asset in ("webplay.js", "webplay.css"):
        assert (ROOT / "froeschis" / "framework" / asset).is_file()
        assert not any(Path(asset).match(pattern) for pattern in ignored)


def test_ctrl_c_stops_the_server_with_one_line_and_status_130() -> None:
    """The tutorial's command in its own process (SIGINT as a terminal sends it), on a free port: it
    says what the tutorial shows (but the port), answers, and on Ctrl-C ends with
    ``froeschis: interrupted`` and status 130."""
    command, shown = transcript(ROOT / "docs" / "tutorial.rst", "play-web")
    assert command[:2] == ["froeschis", "play"]
    script = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from froeschis.cli import main\n"
        f"sys.exit(main({[*command[1:], '--port', '0']!r}))\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in shown]
        found = re.search(r"at (http://127\.0\.0\.1:(\d+)/)", said[0])
        assert found, said
        assert [line.rstrip("\n").replace(f":{found.group(2)}/", ":8000/") for line in said] == shown
        with urllib.request.urlopen(found.group(1), timeout=10) as page:
            assert page.status == 200
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 130 and err == "froeschis: interrupted\n" and out == ""


def test_the_options_of_the_web_and_of_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """``--port`` without ``--web``, ``--save`` with it, a port in use: one line each, status 2."""
    assert main(["play", "--port", "8000"]) == 2
    assert "--port goes with --web" in capsys.readouterr().err
    assert main(["play", "--web", "--port", "65536"]) == 2
    assert "--port must be 0 to 65535, not 65536" in capsys.readouterr().err
    assert main(["play", "--web", "--save", "game.json"]) == 2
    assert "the page offers the record to save" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["play", "--web", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "default 127.0.0.1, this machine only" in " ".join(capsys.readouterr().out.split())
