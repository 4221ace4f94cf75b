#!/usr/bin/env python3
"""An example Fröschis engine that speaks ``froeschis.protocol/1`` (spec/protocol.md) on stdin/stdout.

It is a second, independent implementation of the rules in spec/froeschis/clauses.toml: it imports nothing
from the froeschis package, keeps its game in plain mutable lists, and could as well be written in
any other language. Use it as a starting point for your own engine's protocol adapter, and check it::

    froeschis conform -- python examples/froeschis/engine.py

``--bug NAME`` breaks one rule on purpose (see BUGS below); the conformance checker must catch each
of them and name the clause. ``--no-events`` leaves the optional events out of every reply.
Requests arrive one JSON object per line; every request gets exactly one reply line. Diagnostics
go to stderr, never to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

PROTOCOL = "froeschis.protocol/1"
STATE_FORMAT = "froeschis.state/1"
FROG, TRASH = "F", "T"
RULE_FEATURES = ["row_length", "deck"] + [
    "discard_only_if_placeable",
    "optional_frog_swap",
    "reveal_at_round_end",
]
STANDARD_DECK = {TRASH: 8, FROG: 4, **{str(n): 6 for n in range(1, 9)}}

# Each bug breaks one clause of spec/froeschis/clauses.toml, the way a real implementation might.
BUGS = {
    "short-row-trash": "a number above the row length goes on the row's last spot instead of being trash",
    "frog-swap": "a number whose spot shows a face-up frog is discarded instead of replacing the frog",
    "dead-card-discard": "a dead card goes to the bottom of the discard pile instead of on top",
    "final-turns": "the completer takes a final turn too (the Korean text's 'each player')",
    "multi-winner": "only the first player to complete a one-spot row wins",
    "reshuffle": "the whole discard pile, its top card too, is reshuffled into the draw pile",
    "start-seat": "every round starts with seat 0",
    "frog-placement": "a frog may be placed on any spot, face-up ones too",
    "turn-order": "turns pass to the previous seat (counter-clockwise)",
    "next-lengths": "every player's row gets shorter after a round (the Korean text)",
    "deal-order": "the deal gives one card to each player in turn, round and round",
    "empty-discard": "taking the discard is offered even when the discard pile is empty",
    "swap-before-complete": "a number revealed from the last face-down spot still replaces its spot's frog",
    "final-completion-ignored": "a row completed during the final turns does not count at the round's end",
    "final-completion-restarts": "a player completing during the final turns starts the final turns over",
    "start-first-completer": "every later round starts with the seat that completed first in the last one",
    "reshuffle-no-draw": "after a reshuffle the player chooses a source again instead of drawing",
    "reshuffle-lose-top": "a reshuffle loses the discard pile's top card instead of keeping it as the pile",
    "frogs-dont-complete": "a row counts as completed only when every spot shows its own number (not a frog)",
    "deal-reversed": "each row is dealt from its last spot to its first",
    "lucky-rows-late": "lucky rows are revealed at the round's end but counted before the reveal",
    "discard-bottom": "taking the discard takes the bottom card of the discard pile, not the top one",
    "win-at-once": "completing a one-spot row wins at once, without the final turns",
    "final-turns-table": "the final turns end when play comes back round to the round's starting seat",
    "eights-only-trash": "in a short row only 8s are trash (the text's 'all 8s'), not every number above it",
}


class Illegal(Exception):
    """The request is not allowed by the rules; the game stays as it was."""


def card_key(card: str) -> int:
    """Sort order of cards: trash, frog, then the numbers."""
    return -1 if card == TRASH else 0 if card == FROG else int(card)


def fits(card: str, spot: int) -> bool:
    """A face-up card fits its spot when it is the spot's number or a frog (a joker)."""
    return card == FROG or card == str(spot)


class Game:
    """One game. A row is a list of [card, face_up] pairs; piles are lists with the top card first."""

    def __init__(self, players: int, rules: dict[str, Any], bugs: set[str]) -> None:
        self.n, self.rules, self.bugs = players, rules, bugs
        deck_counts = rules["deck"]
        self.deck = sorted((card for card, k in deck_counts.items() for _ in range(k)), key=card_key)
        if not 2 <= players <= 4:
            raise Illegal(f"Fröschis is for 2 to 4 players, not {players}")
        if rules["row_length"] < 1 or len(self.deck) < rules["row_length"] * players + 2:
            raise Illegal("the deck is too small for the rows (each row, plus two cards for the piles)")
        self.standard = deck_counts == STANDARD_DECK and rules["row_length"] == 8
        self.round = 1
        self.lengths = [rules["row_length"]] * players
        self.winners: list[int] = []
        self.events: list[dict[str, Any]] = []
        self.first: int | None = None  # the seat that completed first this round
        self.new_round()

    # ------------------------------------------------------------------ helpers

    def emit(self, kind: str, clauses: list[str], **fields: Any) -> None:
        self.events.append({"kind": kind, "clauses": clauses, **fields})

    def start_seat(self) -> int:
        if "start-first-completer" in self.bugs and self.round > 1 and self.first is not None:
            return self.first  # called by new_round before it forgets the previous round's completer
        return 0 if "start-seat" in self.bugs else (self.round - 1) % self.n

    def new_round(self) -> None:
        self.phase = "deal"
        self.turn = self.start_seat()
        self.rows: list[list[list[Any]]] = [[] for _ in range(self.n)]
        self.draw = list(self.deck)  # between rounds the whole deck lies sorted
        self.discard: list[str] = []
        self.hand: str | None = None
        self.first = None
        self.final_left = 0  # final turns still to play once somebody completed
        self.completion_order: list[int] = []

    def row(self) -> list[list[Any]]:
        return self.rows[self.turn]

    def complete(self, row: list[list[Any]]) -> bool:
        return all(up and fits(card, i) for i, (card, up) in enumerate(row, 1))

    def counts(self, row: list[list[Any]]) -> bool:
        """Whether a row counts as completed at the end of a turn or of the round."""
        if "frogs-dont-complete" in self.bugs:  # every spot must show its own number
            return all(up and card == str(i) for i, (card, up) in enumerate(row, 1))
        return self.complete(row)

    def chance_pool(self) -> list[str]:
        if self.phase == "deal":
            return self.draw
        if "reshuffle" in self.bugs:
            return self.discard
        return self.discard[1:]

    def placeable(self, card: str, row: list[list[Any]]) -> bool:
        """variant.discard-if-placeable: the card would be placed, not discarded."""
        if card == FROG:
            return True
        if card == TRASH or int(card) > len(row):
            return False
        target, up = row[int(card) - 1]
        return not up or target == FROG

    # ------------------------------------------------------------------ what may happen

    def legal(self) -> list[str]:
        if self.phase == "draw":
            top_ok = bool(self.discard) or "empty-discard" in self.bugs
            if top_ok and self.rules["discard_only_if_placeable"]:
                top_ok = bool(self.discard) and self.placeable(self.discard[0], self.row())
            return ["draw", "take-discard"] if top_ok else ["draw"]
        if self.phase == "frog":
            every = "frog-placement" in self.bugs
            return [f"frog@{i}" for i, (_, up) in enumerate(self.row(), 1) if every or not up]
        if self.phase == "swap":
            return ["swap", "decline-swap"]
        return []

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """Carry out one action and return the events it caused."""
        self.events = []
        if self.phase in ("deal", "reshuffle"):
            order = action.get("shuffle") if isinstance(action, dict) else None
            cards = isinstance(order, list) and all(isinstance(card, str) for card in order)
            if not isinstance(order, list) or not cards or sorted(order) != sorted(self.chance_pool()):
                count = len(self.chance_pool())
                raise Illegal(f"a {self.phase} takes a shuffle of exactly the {count} cards being shuffled")
            self.deal(order) if self.phase == "deal" else self.reshuffle(order)
            return self.events
        if action not in self.legal():
            raise Illegal(f"{action!r} is not one of the legal actions {self.legal()}")
        if action == "draw":
            if not self.draw:
                self.phase = "reshuffle"  # a chance node: the checker sends the new order
            else:
                self.take(self.draw.pop(0), "drew", ["turn.draw-source"])
        elif action == "take-discard":
            clauses = ["turn.draw-source"]
            if self.rules["discard_only_if_placeable"]:
                clauses.append("variant.discard-if-placeable")
            bottom = "discard-bottom" in self.bugs
            self.take(self.discard.pop(-1 if bottom else 0), "took-discard", clauses)
        elif action.startswith("frog@"):
            spot = int(action[5:])
            revealed = self.row()[spot - 1][0]
            self.row()[spot - 1] = [FROG, True]
            self.emit("frog-placed", ["frog.place"], seat=self.turn, card=FROG, spot=spot)
            self.emit("revealed", ["place.reveal-chain"], seat=self.turn, card=revealed, spot=spot)
            self.follow(revealed)
        elif action == "swap":
            number = self.hand or ""
            self.swap(number, int(number), ["frog.swap", "variant.optional-frog-swap"])
            self.follow(FROG)
        else:  # decline-swap
            self.discard_hand(self.hand or "", ["variant.optional-frog-swap"])
        return self.events

    # ------------------------------------------------------------------ chance

    def deal(self, order: list[str]) -> None:
        rows: list[list[str]] = [[] for _ in range(self.n)]
        rest = list(order)
        if "deal-order" in self.bugs:
            while any(len(r) < length for r, length in zip(rows, self.lengths, strict=True)):
                for seat in range(self.n):
                    if len(rows[seat]) < self.lengths[seat]:
                        rows[seat].append(rest.pop(0))
        else:
            for seat in range(self.n):
                rows[seat], rest = rest[: self.lengths[seat]], rest[self.lengths[seat] :]
                if "deal-reversed" in self.bugs:
                    rows[seat].reverse()  # the first card dealt lands on the row's last spot
        self.rows = [[[card, False] for card in r] for r in rows]
        self.draw, self.discard = rest, []
        clauses = ["round.deal"] + (["deck.composition"] if self.standard else [])
        clauses += ["players.count", "row.initial-length"] if self.round == 1 else ["round.next-lengths"]
        self.emit("dealt", clauses)
        self.phase = "draw"
        self.emit("turn-started", ["round.start-seat"], seat=self.turn)

    def reshuffle(self, order: list[str]) -> None:
        self.draw = list(order)
        lose_top = "reshuffle" in self.bugs or "reshuffle-lose-top" in self.bugs
        self.discard = [] if lose_top else self.discard[:1]
        self.emit("reshuffled", ["draw.reshuffle"], seat=self.turn)
        self.phase = "draw"
        if "reshuffle-no-draw" in self.bugs:
            return  # the player is left to choose again
        self.take(self.draw.pop(0), "drew", ["turn.draw-source"])

    # ------------------------------------------------------------------ the forced chain

    def take(self, card: str, kind: str, clauses: list[str]) -> None:
        self.emit(kind, clauses, seat=self.turn, card=card)
        self.follow(card)

    def follow(self, hand: str) -> None:
        """Play the card in hand until the turn ends or the player has to decide."""
        row = self.row()
        while True:
            # swap-before-complete: a number that could still replace a frog is played before the check
            late = "swap-before-complete" in self.bugs and hand != FROG and self.placeable(hand, row)
            if self.complete(row) and not late:
                return self.discard_hand(hand, ["complete.ends-turn", "turn.chain-order"])
            if hand == FROG:
                self.phase, self.hand = "frog", FROG
                return None
            if hand == TRASH:
                return self.discard_hand(hand, ["dead.trash"], dead=True)
            n = int(hand)
            if (n == 8 and len(row) < 8) if "eights-only-trash" in self.bugs else n > len(row):
                if "short-row-trash" not in self.bugs:
                    return self.discard_hand(hand, ["dead.above-row-length"], dead=True)
                n = len(row)
            card, up = row[n - 1]
            if not up:
                row[n - 1] = [hand, True]
                placing = ["place.number-spot", "place.face-down-only"]
                self.emit("placed", placing, seat=self.turn, card=hand, spot=n)
                self.emit("revealed", ["place.reveal-chain"], seat=self.turn, card=card, spot=n)
                hand = card
            elif card == FROG and "frog-swap" not in self.bugs:
                if self.rules["optional_frog_swap"]:
                    self.phase, self.hand = "swap", hand
                    return None
                self.swap(hand, n, ["frog.swap", "frog.swap-mandatory"])
                hand = FROG
            else:
                clause = "place.face-down-only" if card == FROG else "dead.duplicate"
                return self.discard_hand(hand, [clause], dead=True)

    def swap(self, number: str, spot: int, clauses: list[str]) -> None:
        self.row()[spot - 1] = [number, True]
        self.emit("frog-swapped", clauses, seat=self.turn, card=number, spot=spot)

    def discard_hand(self, card: str, clauses: list[str], dead: bool = False) -> None:
        if dead and "dead-card-discard" in self.bugs:
            self.discard.append(card)
        else:
            self.discard.insert(0, card)
        self.hand = None
        self.emit("discarded", [*clauses, "turn.discard-ends"], seat=self.turn, card=card)
        self.end_turn()

    # ------------------------------------------------------------------ turns and rounds

    def end_turn(self) -> None:
        seat = self.turn
        row = self.rows[seat]
        new = seat not in self.completion_order
        if self.counts(row):
            clauses = ["complete.no-face-down"]
            if any(card == FROG for card, _ in row):
                clauses.append("complete.frogs-count")
            if self.first is not None:
                clauses.append("round.final-turn-completion")
            self.emit("completed", clauses, seat=seat)
            self.completion_order.append(seat)
            if "win-at-once" in self.bugs and self.lengths[seat] == 1:
                self.winners, self.phase = [seat], "over"
                self.emit("game-won", ["game.end", "game.returns"], seats=[seat])
                return None
        restart = "final-completion-restarts" in self.bugs and new
        if self.counts(row) and (self.first is None or restart):
            self.first = seat
            self.final_left = self.n - 1 + (1 if "final-turns" in self.bugs else 0)
            self.emit("final-turns", ["round.final-turns"], seat=seat)
        elif self.first is not None:
            self.final_left -= 1
            if self.final_left == 0:
                return self.end_round()
        back_round = (seat + 1) % self.n == self.start_seat()  # everybody has had as many turns
        if "final-turns-table" in self.bugs and self.first is not None and back_round:
            return self.end_round()
        self.turn = (seat - 1) % self.n if "turn-order" in self.bugs else (seat + 1) % self.n
        self.phase = "draw"
        clauses = ["turn.order"] + (["round.final-turns"] if self.first is not None else [])
        self.emit("turn-started", clauses, seat=self.turn)
        return None

    def end_round(self) -> None:
        lucky = self.rules["reveal_at_round_end"]
        clauses = ["round.final-turns", "variant.reveal-at-round-end" if lucky else "complete.no-face-down"]
        clauses.append("round.final-turn-completion")
        early = [seat for seat in range(self.n) if self.counts(self.rows[seat])]  # lucky-rows-late
        if lucky:
            for seat, row in enumerate(self.rows):
                shown = [[card, True] for card, _ in row]
                if self.complete(shown):  # a lucky row: every face-down card fits its spot
                    self.rows[seat] = shown
        done = [seat for seat in range(self.n) if self.counts(self.rows[seat])]
        if "lucky-rows-late" in self.bugs:
            done = early
        if "final-completion-ignored" in self.bugs:  # only the completer who started the final turns counts
            done = [seat for seat in done if seat not in self.completion_order[1:]]
        self.emit("round-ended", clauses, seats=done)
        winners = [seat for seat in done if self.lengths[seat] == 1]
        if winners and "multi-winner" in self.bugs:
            winners = [next(s for s in self.completion_order + done if s in winners)]
        if winners:
            self.winners = winners
            self.phase = "over"
            self.emit("game-won", ["game.end", "game.returns"], seats=winners)
            return
        if "next-lengths" in self.bugs:
            self.lengths = [max(1, length - 1) for length in self.lengths]
        else:
            self.lengths = [n - 1 if seat in done else n for seat, n in enumerate(self.lengths)]
        self.round += 1
        self.new_round()

    # ------------------------------------------------------------------ JSON

    def state(self) -> dict[str, Any]:
        rules = dict(self.rules)
        rules["deck"] = {card: self.rules["deck"][card] for card in sorted(self.rules["deck"], key=card_key)}
        return {
            "format": STATE_FORMAT,
            "rules": rules,
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "players": [
                {"length": length, "row": [card if up else f"[{card}]" for card, up in row]}
                for length, row in zip(self.lengths, self.rows, strict=True)
            ],
            "draw_pile": list(self.draw),
            "discard_pile": list(self.discard),
            "hand": self.hand,
            "first_completer": self.first,
            "winners": list(self.winners),
        }


def serve(bugs: set[str], events: bool) -> None:
    game: Game | None = None

    def state_reply(new_events: list[dict[str, Any]]) -> dict[str, Any]:
        assert game is not None
        reply: dict[str, Any] = {"type": "state", "state": game.state(), "legal": game.legal()}
        if events:
            reply["events"] = new_events
        return reply

    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            kind = request.get("type")
            if kind == "hello":
                reply: dict[str, Any] = {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "engine": "example-engine 1.0" + "".join(f" [bug: {b}]" for b in sorted(bugs)),
                    "events": events,
                    "rules": RULE_FEATURES,
                }
            elif kind == "new-game":
                game = Game(request["players"], request["rules"], bugs)
                reply = state_reply([])
            elif kind == "step" and game is not None:
                reply = state_reply(game.apply(request["action"]))
            elif kind == "quit":
                return
            else:
                reply = {"type": "error", "message": f"unexpected request {kind!r}"}
        except Illegal as refusal:
            reply = {"type": "illegal", "reason": str(refusal)}
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            reply = {"type": "error", "message": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bug", action="append", default=[], choices=sorted(BUGS), help="break a rule on purpose"
    )
    parser.add_argument("--no-events", dest="events", action="store_false", help="leave the events out")
    args = parser.parse_args()
    serve(set(args.bug), args.events)


if __name__ == "__main__":
    main()
