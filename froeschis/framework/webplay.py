"""Play in the browser (``froeschis play --web``): a page on localhost where a person plays one seat
against a game's bots, for any game, through :class:`~froeschis.framework.game.Game` alone.

The server is the standard library's :class:`http.server.ThreadingHTTPServer`. It serves one
person, one page, a script, a style sheet and a small JSON API on the loopback interface: no
routing, templating, sessions or asynchronous I/O that a web library would bring, and nothing to
install beside froeschis (a library would be one more dependency, and one more set of defaults to
check for what it answers a hostile request with). What a library would have given is written out
here in a few lines each: a body read only up to :data:`MAX_BODY` bytes, JSON read strictly
(:func:`~froeschis.framework.jsontext.loads`), every refusal a 4xx with a JSON message, never a
traceback.

The game lives in the server (:class:`Table`): the reference engine's immutable states, the
actions played, the bots with their seats' random sources. A request sees only what the person's
seat may see: the game's picture of the table as that seat sees it (:attr:`Game.picture`), its
view in words, the question of its decision and the events as that seat is told them (the game's
:class:`~froeschis.framework.answers.Person`, as ``froeschis play`` at a terminal uses it), and the
clauses those events and any refusal name, with their source sentences. The record
(``froeschis.record/1``, which ``explain`` and ``validate`` read) holds every shuffle, so every
hidden card: it is offered once the game is over, and then also the replay viewer of the whole game
(:mod:`froeschis.framework.viewer`).

The same seed and answers give the game ``froeschis play`` gives at a terminal: chance draws from
``random.Random(seed)``, each bot from its seat's own source (:func:`~froeschis.framework.loop.seat_rng`).

The API (every body JSON, at most :data:`MAX_BODY` bytes; every answer JSON, a refusal
``{"error": ..., "clause": ...}`` with a 4xx status):

* ``POST /api/seat``: claim the person's seat; the answer's ``token`` goes in the header
  ``X-Froeschis-Token`` of every other request. One person per server: a second claim is refused
  (409).
* ``GET /api/table?since=N``: what the seat sees now (the picture, the view, the question, the
  events told from the ``N``-th on, with their clauses); ``since`` may also be given to ``act``.
* ``POST /api/act``: ``{"seat": N, "action": ACTION}`` (an action in the game's JSON form, as the
  choices list it) or ``{"seat": N, "answer": "TEXT"}`` (an answer as typed at the terminal); a
  refused one is a 422 naming the clause. The bots then play until the seat decides again.
* ``POST /api/new``: another game, with the next seed.
* ``GET /api/record`` and ``GET /replay`` (``?token=`` in place of the header): the record and the
  replay viewer, once the game is over.
* ``GET /rules-<game>.html`` (the name of the game's annotated rules page in the docs,
  :func:`~froeschis.framework.viewer.rules_page`): every clause of the game with its source
  sentences, under the anchors the docs give them, which the clause IDs of the page and of the
  replay viewer link to (``--rules-url`` links them to the docs instead).

Requests for another host than the loopback address the server listens on are refused (a page of
another site that a DNS name pointed here reads nothing), and so are cross-origin requests, by the
custom header the API asks for.
"""

from __future__ import annotations

import html
import json
import random
import re
import secrets
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from froeschis.framework import records, viewer
from froeschis.framework.answers import Question
from froeschis.framework.catalogue import Catalogue
from froeschis.framework.errors import FormatError, FroeschisError, IllegalActionError, SpecError, shown
from froeschis.framework.game import Game, Policy
from froeschis.framework.jsontext import loads, not_utf8
from froeschis.framework.loop import drive, seat_rng
from froeschis.framework.records import Record
from froeschis.framework.state import TERMINAL
from froeschis.framework.terminal import person

MAX_BODY = 64 * 1024
"""The largest request body read, in bytes: an answer takes a few dozen; a larger one is refused
(413) before it is read."""

TOKEN_HEADER = "X-Froeschis-Token"
"""The request header that carries the seat's token (a custom header: a page of another site cannot
send it without the server's leave, which it never gives)."""

LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Refusal(Exception):
    """A request the server refuses: its status (4xx), the message, and the clause of a refused
    action."""

    def __init__(self, status: HTTPStatus, message: str, clause: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.clause = status, message, clause


_CLAUSE_AT_END = re.compile(r"\[([^\[\]\s]+)\]\s*$")

GIVING_UP = ", or q to give up"
"""How the terminal's questions end (``q`` is ``froeschis play``'s, not the game's): not said on the
page, where closing it gives up."""


def _web(text: str) -> str:
    """A question's or a refusal's words as the page says them: without :data:`GIVING_UP`."""
    return text.removesuffix(GIVING_UP)


class Table:
    """The one game a server holds: the person at ``seat``, the bots ``bots`` (by name, in seat
    order) in the others. Every method holds the table's lock: requests come on threads."""

    def __init__(
        self,
        game: Game,
        players: int,
        seat: int,
        bots: Sequence[str],
        seed: int,
        rules: Any = None,
        rules_url: str = "",
    ) -> None:
        if len(bots) != players - 1:
            raise ValueError(f"{players} players need {players - 1} bots, got {len(bots)}")
        self.game, self.players, self.seat, self.bots = game, players, seat, tuple(bots)
        self.rules = game.rules() if rules is None else rules
        self.rules_url = rules_url
        self.names = [*self.bots[:seat], "you", *self.bots[seat:]]
        self.person = person(game)
        self.catalogue = game.catalogue()
        self.token: str | None = None
        self._lock = threading.Lock()
        self._clauses: dict[str, dict[str, Any]] = {}
        self._rules_html: str | None = None
        self._begin(seed)

    def _begin(self, seed: int) -> None:
        made: list[Policy] = [self.game.bot(name, self.rules) for name in self.bots]
        self.seed = seed
        self._policies: list[Policy] = [*made[: self.seat], _never, *made[self.seat :]]
        self._rngs = [seat_rng(seed, seat) for seat in range(self.players)]
        self._chance_rng = random.Random(seed)
        self.start = self.game.new_game(self.players, self.rules)
        self.state: Any = self.start
        self.actions: list[Any] = []
        self.log: list[dict[str, Any]] = []
        self._bots_play()

    # the game

    def _told(self, before: Any, action: Any, after: Any, events: tuple[Any, ...]) -> None:
        """The step's events as the person's seat is told them, with their clauses."""
        for event in events:
            told = self.person.event(event, self.seat, self.names)
            if told is not None:
                clauses = [str(clause) for clause in getattr(event, "clauses", ())]
                self.log.append(
                    {"step": len(self.actions) + 1, "text": told[0], "style": told[1], "clauses": clauses}
                )
                for clause in clauses:
                    self._clause(clause)
        self.actions.append(action)

    def _bots_play(self) -> None:
        """Chance and the bots play until the person decides or the game is over."""
        self.state, _ = drive(
            self.state,
            self._policies,
            self._rngs,
            lambda state: self.game.sample_chance(state, self._chance_rng),
            on_step=self._told,
            until=lambda state, played: state.current_player == self.seat,
        )

    def _clause(self, clause_id: str) -> str | None:
        """The clause's ID, its words kept for the page; None for an ID the catalogue lacks."""
        if clause_id not in self._clauses:
            try:
                clause = self.catalogue.clause(clause_id)
            except SpecError:
                return None
            self._clauses[clause_id] = {
                "title": clause.title,
                "kind": clause.kind,
                "statement": clause.statement,
                "href": viewer.clause_link(self.game, clause_id, self.rules_url or "/"),
                "sources": viewer.sources_json(self.catalogue, self.catalogue.clause(clause_id)),
            }
        return clause_id

    def clause_json(self, clause_id: str) -> dict[str, Any]:
        """What the page shows of a clause an event or a refusal named."""
        return self._clauses[clause_id]

    @property
    def over(self) -> bool:
        return bool(self.state.current_player == TERMINAL)

    def _question(self) -> Question | None:
        return None if self.over else self.person.question(self.state, self.seat)

    def view(self, since: int = 0) -> dict[str, Any]:
        """What the person's seat sees now, as the page shows it: the events told from the
        ``since``-th on (those before it are on the page), all of them if there are fewer."""
        with self._lock:
            return self._view(since)

    def _view(self, since: int = 0) -> dict[str, Any]:
        game, state, seat = self.game, self.state, self.seat
        since = since if since <= len(self.log) else 0  # another game began: all of this one's
        told = self.log[since:]
        asked = self._question()
        question = None
        if asked is not None:
            question = {
                "heading": asked.heading,
                "accepted": _web(asked.accepted),
                "choices": [
                    {"key": choice.key, "text": choice.text, "action": game.action_to_json(choice.action)}
                    for choice in asked.choices
                ],
            }
        return {
            "game": game.name,
            "title": game.title,
            "seat": seat,
            "names": self.names,
            "seed": self.seed,
            "progress": game.progress(state),
            "picture": "" if game.picture is None else game.picture(state, seat),
            "view": [list(line) for line in self.person.view(state, seat, self.names)],
            "question": question,
            "log_from": since,
            "log": told,
            "clauses": {
                clause: self._clauses[clause]
                for entry in told
                for clause in entry["clauses"]
                if clause in self._clauses  # not an ID the catalogue lacks, which no event names
            },
            "steps": len(self.actions),
            "over": self.person.over(state, seat) if self.over else None,
        }

    def claim(self) -> str:
        """The seat's token, for the first person who asks; a 409 for any other."""
        with self._lock:
            if self.token is not None:
                raise Refusal(
                    HTTPStatus.CONFLICT,
                    f"seat {self.seat} is taken: one person plays at this server "
                    "(start another 'froeschis play --web' for another game)",
                )
            self.token = secrets.token_urlsafe(24)
            return self.token

    def check(self, token: str | None) -> None:
        if self.token is None:
            raise Refusal(HTTPStatus.UNAUTHORIZED, "nobody has claimed the seat yet: POST /api/seat first")
        if token is None:
            raise Refusal(HTTPStatus.UNAUTHORIZED, f"no seat token: send the header {TOKEN_HEADER}")
        if not secrets.compare_digest(token, self.token):
            raise Refusal(HTTPStatus.FORBIDDEN, "not the seat's token: another person plays here")

    def act(self, body: object) -> dict[str, Any]:
        """Play the person's answer (``{"seat": N, "action": ...}`` or ``{"seat": N, "answer":
        "..."}``), then the bots until the person decides again; what the seat then sees (the
        events from the ``since``-th on, a key the body may have)."""
        if not isinstance(body, dict):
            raise Refusal(HTTPStatus.BAD_REQUEST, f"expected a JSON object, got {shown(body)}")
        unknown = sorted(set(body) - {"seat", "action", "answer", "since"})
        if unknown:
            expected = "seat, action or answer, and since"
            raise Refusal(HTTPStatus.BAD_REQUEST, f"unknown keys {unknown}: expected {expected}")
        since = _since(body.get("since", 0))
        if ("action" in body) == ("answer" in body):
            raise Refusal(HTTPStatus.BAD_REQUEST, "give either an action or an answer, not both or neither")
        if "seat" not in body:
            raise Refusal(HTTPStatus.BAD_REQUEST, f"no seat: say which seat acts (yours is {self.seat})")
        seat = body["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Refusal(HTTPStatus.BAD_REQUEST, f"seat: expected a whole number, got {shown(seat)}")
        if seat != self.seat:
            whose = f"a bot's ({self.names[seat]})" if 0 <= seat < self.players else "no seat of this game"
            raise Refusal(HTTPStatus.FORBIDDEN, f"you play seat {self.seat}; seat {seat} is {whose}")
        with self._lock:
            asked = self._question()
            if asked is None:
                raise Refusal(HTTPStatus.CONFLICT, "the game is over: POST /api/new for another")
            action = self._action(body["action"]) if "action" in body else self._answer(body["answer"], asked)
            try:
                after, events = self.state.step(action)
            except IllegalActionError as error:
                clause = self._clause(error.clause)
                raise Refusal(HTTPStatus.UNPROCESSABLE_ENTITY, f"refused: {error.reason}", clause) from None
            self._told(self.state, action, after, events)
            self.state = after
            self._bots_play()
            return self._view(since)

    def _action(self, value: object) -> Any:
        try:
            return self.game.action_from_json(value, "action")
        except FormatError as error:
            raise Refusal(HTTPStatus.BAD_REQUEST, str(error)) from None

    def _answer(self, text: object, asked: Question) -> Any:
        if not isinstance(text, str):
            raise Refusal(HTTPStatus.BAD_REQUEST, f"answer: expected text, got {shown(text)}")
        if not text.strip():
            raise Refusal(HTTPStatus.BAD_REQUEST, f"an empty answer; {_web(asked.accepted)}")
        action, why = self.person.answer(text, self.state, asked)
        if action is None:
            named = _CLAUSE_AT_END.search(why)
            clause = self._clause(named.group(1)) if named else None
            message = why[: named.start()].rstrip() if named and clause else why
            raise Refusal(HTTPStatus.UNPROCESSABLE_ENTITY, _web(message), clause)
        return action

    def new(self) -> dict[str, Any]:
        """Another game at the same table, with the next seed."""
        with self._lock:
            self._begin(self.seed + 1)
            return self._view()

    def _finished(self) -> None:
        if not self.over:
            raise Refusal(
                HTTPStatus.CONFLICT,
                "the record is offered once the game is over (it holds every hidden card)",
            )

    def record(self) -> dict[str, Any]:
        """The game's record, ``froeschis.record/1``, once it is over."""
        with self._lock:
            self._finished()
            made = Record(self.game, self.players, self.rules, tuple(self.actions), self.seed)
            return records.record_to_json(made)

    def record_name(self) -> str:
        return f"{self.game.name}-seed{self.seed}.json"

    @property
    def rules_path(self) -> str:
        """Where the server serves the game's clauses, as the docs name its annotated rules page."""
        return "/" + viewer.rules_page(self.game)

    def rules_html(self) -> str:
        """Every clause of the game on one page, each under the anchor the docs give it (so the
        clause links of the page and of the replay viewer find it): its title, what it says, and
        its source sentences, each with its ``lang``."""
        if self._rules_html is None:
            sections = [
                _clause_html(self.game, self.catalogue, clause.id) for clause in self.catalogue.clauses
            ]
            title = html.escape(f"{self.game.title}: the rules, clause by clause")
            self._rules_html = RULES_PAGE.format(title=title, sections="\n".join(sections))
        return self._rules_html

    def replay_page(self) -> str:
        """The replay viewer of the finished game, every card shown."""
        with self._lock:
            self._finished()
            steps, state = [], self.start
            for action in self.actions:
                step = state.transition(action)
                steps.append(step)
                state = step.after
            return viewer.page(self.game, self.start, steps, self.record_name(), self.rules_url)


def _clause_html(game: Game, catalogue: Catalogue, clause_id: str) -> str:
    """One clause's section of :meth:`Table.rules_html`, every text of it escaped."""
    clause = catalogue.clause(clause_id)
    said = [f"<p>({html.escape(clause.kind)}) {html.escape(clause.statement)}</p>"]
    if clause.rationale:
        said.append(f'<p class="rationale">{html.escape(clause.rationale)}</p>')
    for source in viewer.sources_json(catalogue, catalogue.clause(clause_id)):
        gloss = (
            f' <span class="gloss" lang="en">[{html.escape(source["gloss"])}]</span>'
            if source["gloss"]
            else ""
        )
        said.append(
            f'<blockquote class="source" lang="{html.escape(source["lang"])}">'
            f'<span class="anchor">{html.escape(source["anchor"])}</span> {html.escape(source["sentence"])}'
            f"{gloss}</blockquote>"
        )
    anchor = viewer.clause_anchor(game, clause_id)
    heading = f'<h2><code class="clause-id">{html.escape(clause_id)}</code> {html.escape(clause.title)}</h2>'
    return f'<section id="{anchor}" class="rule">{heading}{"".join(said)}</section>'


RULES_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/play.css">
</head>
<body>
<main>
<h1>{title}</h1>
<p>Each clause of the game's catalogue with the sentences of the rule texts it rests on (the docs'
annotated rules page also names the code and the tests of each).</p>
{sections}
</main>
</body>
</html>
"""


def _since(value: object) -> int:
    """``since``: how many of the events told the page has (a whole number, 0 or more)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refusal(
            HTTPStatus.BAD_REQUEST, f"since: expected a whole number of events, 0 or more, got {shown(value)}"
        )
    return value


def _never(state: Any, rng: random.Random) -> Any:
    raise AssertionError("the person's seat is played by the person")  # the loop stops before it


def _asset(name: str) -> bytes:
    return resources.files("froeschis.framework").joinpath(name).read_bytes()


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: play against the bots</title>
<link rel="stylesheet" href="/play.css">
<script src="/play.js" defer></script>
</head>
<body>
<main id="play" data-state="loading">
<h1>{title}: you are seat {seat}</h1>
<p id="status" role="status">Loading the table...</p>
<div class="stage">
<figure id="picture" role="img" aria-labelledby="view"></figure>
<div class="side">
<section id="decide" aria-label="your decision">
<h2 id="heading"></h2>
<div id="choices"></div>
<form id="typed">
<label for="answer">or press a choice's key, or type an answer</label>
<input id="answer" name="answer" autocomplete="off" size="12">
<button type="submit">Answer</button>
</form>
<div id="refusal" role="alert" hidden></div>
</section>
<section id="end" hidden>
<pre id="over"></pre>
<p><a id="save" download>Save the record</a> <a id="replay" target="_blank">Step through the game</a>
<button type="button" id="again">Play again</button></p>
</section>
<details id="words"><summary>The table in words</summary><pre id="view"></pre></details>
<section class="story">
<h2>What happened</h2>
<ol id="log" aria-live="polite"></ol>
</section>
</div>
</div>
</main>
<noscript><p>The page needs JavaScript; 'froeschis play' plays in a terminal.</p></noscript>
</body>
</html>
"""

POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
"""What the pages may load (``Content-Security-Policy``): the server's own script and style, the
pictures' inline styles, requests to the server alone."""
REPLAY_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "frame-ancestors 'none'; base-uri 'none'"
)
"""The replay viewer's: one self-contained page (:func:`froeschis.framework.viewer.page`), its
script and style inside it, which loads nothing and sends nothing."""

STATIC = {"/play.js": ("webplay.js", "text/javascript"), "/play.css": ("webplay.css", "text/css")}
PATHS = (
    "/",
    "/play.js",
    "/play.css",
    "/api/seat",
    "/api/table",
    "/api/act",
    "/api/new",
    "/api/record",
    "/replay",
)
POSTS = ("/api/seat", "/api/act", "/api/new")


class Server(ThreadingHTTPServer):
    """The server of one :class:`Table`."""

    daemon_threads = True  # a request still being answered does not keep Ctrl-C from ending it

    def __init__(self, table: Table, host: str = "127.0.0.1", port: int = 8000, timeout: float = 30) -> None:
        self.table = table
        self.host = host
        self.request_timeout = timeout
        """Seconds a connection may sit idle: a client that sends less than it announced, or
        nothing, is answered 408 (or let go) after them."""
        if ":" in host:  # an IPv6 address (::1)
            self.address_family = socket.AF_INET6
        super().__init__((host, port), Handler)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def hosts(self) -> set[str] | None:
        """The ``Host`` headers answered, or None for any (a server not on the loopback)."""
        if self.host not in LOOPBACK:
            return None
        return {f"{name}:{self.port}" for name in ("127.0.0.1", "localhost", "[::1]")}


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "froeschis-play"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal the server runs in is not a request log."""

    # answers

    def _send(
        self,
        status: HTTPStatus,
        body: bytes,
        kind: str,
        headers: Sequence[tuple[str, str]] = (),
        policy: str = POLICY,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", policy)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(
        self, value: object, status: HTTPStatus = HTTPStatus.OK, headers: Sequence[tuple[str, str]] = ()
    ) -> None:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        self._send(status, text.encode("utf-8"), "application/json; charset=utf-8", headers)

    def _refuse(self, refusal: Refusal, headers: Sequence[tuple[str, str]] = ()) -> None:
        answer: dict[str, Any] = {"error": refusal.message, "status": int(refusal.status)}
        if refusal.clause is not None:
            answer["clause"] = refusal.clause
            answer["clauses"] = {refusal.clause: self.server.table.clause_json(refusal.clause)}
        self._json(answer, refusal.status, headers)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The base class's errors (a malformed request line, headers too long) as JSON, no page."""
        self.close_connection = True
        if code == HTTPStatus.NOT_IMPLEMENTED:  # a method no handler has: a request refused, not a fault
            code, message = HTTPStatus.METHOD_NOT_ALLOWED, f"no method {shown(self.command)} here"
        status = HTTPStatus(code)
        self._json({"error": message or status.phrase, "status": code}, status, [("Connection", "close")])

    # requests

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)

    def do_GET(self) -> None:
        self._handle("GET")

    def do_HEAD(self) -> None:
        self._handle("HEAD")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_PUT(self) -> None:
        self._handle("PUT")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    def do_PATCH(self) -> None:
        self._handle("PATCH")

    def do_OPTIONS(self) -> None:
        self._handle("OPTIONS")

    def _linger(self) -> None:
        """After refusing a body unread (too large, say): the answer sent, the sending side of the
        socket closed, and what the client still sends read and dropped (a MiB and a second at
        most), so that closing the socket does not reset the connection before the client has
        read the answer."""
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(1.0)
            left = 2**20
            while left > 0 and (chunk := self.connection.recv(min(2**16, left))):
                left -= len(chunk)
        except OSError:
            pass  # the client went away, or kept sending: the socket is closed all the same

    def _handle(self, method: str) -> None:
        self._read = False
        try:
            self._route(method)
        except Refusal as refusal:
            self.close_connection = True  # a body left unread must not be read as the next request
            allowed = [("Allow", "POST" if self._path() in POSTS else "GET, HEAD")]
            extra = allowed if refusal.status == HTTPStatus.METHOD_NOT_ALLOWED else []
            self._refuse(refusal, [*extra, ("Connection", "close")])
            if not self._read and self.headers.get("Content-Length", "0") != "0":
                self._linger()
        except FroeschisError as error:  # the rules refused the setup of a new game, say
            self.close_connection = True
            self._refuse(Refusal(HTTPStatus.CONFLICT, str(error)), [("Connection", "close")])
        except Exception as error:  # a fault of froeschis: said in a line, the server goes on
            self.close_connection = True
            print(f"froeschis: internal error answering {shown(self.path)}: {error!r}", file=sys.stderr)
            answer = {"error": f"internal error: {type(error).__name__}", "status": 500}
            self._json(answer, HTTPStatus.INTERNAL_SERVER_ERROR, [("Connection", "close")])

    def _path(self) -> str:
        return urlsplit(self.path).path

    def _route(self, method: str) -> None:
        allowed = self.server.hosts()
        host = self.headers.get("Host", "")
        if allowed is not None and host not in allowed:
            raise Refusal(
                HTTPStatus.MISDIRECTED_REQUEST,
                f"this server answers requests for {self.server.url} only, not for host {shown(host)}",
            )
        path, table = self._path(), self.server.table
        if path == table.rules_path:
            if method not in ("GET", "HEAD"):
                raise Refusal(HTTPStatus.METHOD_NOT_ALLOWED, f"{path} answers GET, not {method}")
            self._send(HTTPStatus.OK, table.rules_html().encode("utf-8"), "text/html; charset=utf-8")
            return
        if path not in PATHS:
            raise Refusal(
                HTTPStatus.NOT_FOUND, f"no page {shown(path)}: the page is at /, the API under /api/"
            )
        wanted = "POST" if path in POSTS else "GET"
        if method != wanted and not (method == "HEAD" and wanted == "GET"):
            raise Refusal(HTTPStatus.METHOD_NOT_ALLOWED, f"{path} answers {wanted}, not {method}")
        if path == "/":
            title = html.escape(table.game.title)
            page = PAGE.format(title=title, seat=table.seat).encode("utf-8")
            self._send(HTTPStatus.OK, page, "text/html; charset=utf-8")
        elif path in STATIC:
            name, kind = STATIC[path]
            self._send(HTTPStatus.OK, _asset(name), f"{kind}; charset=utf-8")
        elif path == "/api/seat":
            self._body()
            self._json({"token": table.claim(), "seat": table.seat}, HTTPStatus.CREATED)
        elif path == "/api/table":
            table.check(self.headers.get(TOKEN_HEADER))
            self._json(table.view(_since(self._query("since") or "0")))
        elif path == "/api/act":
            table.check(self.headers.get(TOKEN_HEADER))
            self._json(table.act(self._body()))
        elif path == "/api/new":
            table.check(self.headers.get(TOKEN_HEADER))
            self._body()
            self._json(table.new())
        else:
            table.check(self.headers.get(TOKEN_HEADER) or self._query("token"))
            if path == "/api/record":
                record = table.record()
                saved = ("Content-Disposition", f'attachment; filename="{table.record_name()}"')
                self._json(record, headers=[saved])
            else:
                page = table.replay_page().encode("utf-8")
                self._send(HTTPStatus.OK, page, "text/html; charset=utf-8", policy=REPLAY_POLICY)

    def _query(self, name: str) -> str | None:
        """The value of ``name`` in the query string (the first, if it is given twice)."""
        values = parse_qs(urlsplit(self.path).query).get(name)
        return values[0] if values else None

    def _body(self) -> object:
        """The request's JSON body (none: an empty object), read only up to :data:`MAX_BODY` bytes."""
        if self.headers.get("Transfer-Encoding") is not None:
            raise Refusal(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length, not in chunks")
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise Refusal(HTTPStatus.LENGTH_REQUIRED, "a POST needs a Content-Length (0 for no body)")
        if not length_text.isascii() or not length_text.isdigit() or len(length_text) > 12:
            raise Refusal(
                HTTPStatus.BAD_REQUEST, f"Content-Length is not a number of bytes: {shown(length_text)}"
            )
        length = int(length_text)
        if length > MAX_BODY:
            raise Refusal(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a body of {length} bytes: at most {MAX_BODY} are read"
            )
        if length == 0:
            return {}
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refusal(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE, f"the body must be application/json, not {shown(kind)}"
            )
        try:
            data = self.rfile.read(length)
        except TimeoutError:
            raise Refusal(
                HTTPStatus.REQUEST_TIMEOUT, f"the body did not come within {self.server.request_timeout:g} s"
            ) from None
        self._read = True
        if len(data) < length:
            raise Refusal(HTTPStatus.BAD_REQUEST, f"the body ended after {len(data)} of {length} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise Refusal(HTTPStatus.BAD_REQUEST, f"the body is {not_utf8(error)}") from None
        try:
            return loads(text, "body")
        except FormatError as error:
            raise Refusal(HTTPStatus.BAD_REQUEST, str(error)) from None


def serve(server: Server, ready: Callable[[Server], None] = lambda server: None) -> None:
    """Answer requests until Ctrl-C (:class:`KeyboardInterrupt`, which goes on to the caller), the
    socket closed however it ends."""
    with server:
        ready(server)
        server.serve_forever()
