#!/usr/bin/env node
/**
 * A Fröschis engine in plain Node.js that speaks `froeschis.protocol/1` (spec/protocol.md).
 *
 * It is an independent implementation of the rules of spec/froeschis/clauses.toml: no npm packages, no
 * build step, nothing shared with the Python package. Run it by hand, or check it against the
 * reference engine:
 *
 *     node examples/froeschis/js/engine.mjs
 *     froeschis conform -- node examples/froeschis/js/engine.mjs
 *
 * How the protocol works, in short: the driver writes one JSON request per line on our stdin
 * (`hello`, `new-game`, `step`, `quit`) and we answer each with exactly one JSON line on stdout.
 * The driver decides everything, chance included: every shuffle arrives as a `{"shuffle": [...]}`
 * action holding the new order of the cards. We never use a random number generator.
 *
 * Options:
 *   --bug NAME    break one rule on purpose (repeatable; see BUGS below)
 *   --no-events   leave the optional `events` out of every state reply
 *
 * Nothing but replies may go to stdout: diagnostics belong on stderr.
 */

import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const PROTOCOL = "froeschis.protocol/1";
const STATE_FORMAT = "froeschis.state/1";
const ENGINE_NAME = "froeschis-js-example 1.0";

// The rules features beyond the published game that this engine supports (all of them).
const FEATURES = [
  "row_length",
  "deck",
  "discard_only_if_placeable",
  "optional_frog_swap",
  "reveal_at_round_end",
];

const FROG = "F";
const TRASH = "T";

/**
 * Deliberate mistakes, switched on with `--bug NAME`. Each is the kind of slip a programmer makes
 * when reading the rules quickly; the conformance checker should catch every one of them. The
 * comment above each entry names the clause of spec/froeschis/clauses.toml that the bug breaks.
 */
const BUGS = {
  // breaks turn.draw-source
  "discard-pop": "take-discard takes the discard pile's bottom card (pop() on a top-first array)",
  // breaks draw.reshuffle
  "reshuffle-no-draw": "after a reshuffle the player must send draw again instead of drawing at once",
  // breaks dead.above-row-length
  "row-length-is-dead": "a number equal to the row length is dead too (n >= length instead of n > length)",
  // breaks complete.frogs-count
  "frogs-do-not-complete": "a row is complete only when every spot shows its own number, not a frog",
  // breaks turn.chain-order
  "frog-before-complete": "a frog in hand waits for a spot even when the row has just been completed",
  // breaks round.start-seat
  "start-seat-first-completer": "a round starts with the previous round's first completer",
  // breaks round.final-turns
  "final-turns-one-short": "the completer's own turn counts as one of the final turns",
  // breaks game.end
  "win-at-two-spots": "the game is won by getting down to a one-spot row (completing a row of two)",
  // breaks variant.discard-if-placeable
  "placeable-ignores-frog": "under discard_only_if_placeable, a number does not fit on a frog's spot",
  // breaks round.final-turn-completion
  "later-completers-ignored": "only the round's first completer gets a shorter row (and can win)",
};

/** A request the rules refuse: answered with `{"type": "illegal"}`, the game left unchanged. */
class Illegal extends Error {
  constructor(reason, clause) {
    super(reason);
    this.clause = clause;
  }
}

// ---------------------------------------------------------------------------------------- cards

/** Sort order of cards, as the protocol's conventions want it: trash, frog, then 1, 2, 3, ... */
const cardRank = (card) => (card === TRASH ? -2 : card === FROG ? -1 : Number(card));
const byRank = (a, b) => cardRank(a) - cardRank(b);
const isNumber = (card) => card !== TRASH && card !== FROG;

/** Do two lists hold the same cards, in any order? (How a shuffle is validated.) */
function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(byRank);
  const y = [...b].sort(byRank);
  return x.every((card, i) => card === y[i]);
}

/** The published deck: 8 trash, 4 frogs, six each of 1..8. */
function isPublishedDeck(deck) {
  const want = { T: 8, F: 4, 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6 };
  const keys = Object.keys(deck);
  return keys.length === Object.keys(want).length && keys.every((k) => deck[k] === want[k]);
}

// ----------------------------------------------------------------------------------------- game

/**
 * One game of Fröschis.
 *
 * A row is an array of spots `{ card, up }`; spot N of the rules is `row[N - 1]`. Both piles are
 * arrays with their TOP CARD FIRST (index 0), exactly as the protocol writes them, so taking the
 * top card is `pile.shift()` and discarding is `pile.unshift(card)`.
 */
class Game {
  constructor(players, rules, bugs) {
    this.bugs = bugs;
    this.rules = rules;
    this.n = players;

    // The whole deck, sorted: this is the draw pile shown before every deal.
    this.deck = Object.entries(rules.deck)
      .flatMap(([card, count]) => Array(count).fill(card))
      .sort(byRank);

    // Setups the rules forbid (players.count, round.deal) are refused.
    if (!Number.isInteger(players) || players < 2 || players > 4) {
      throw new Illegal(`Fröschis is for 2 to 4 players, not ${players}`, "players.count");
    }
    if (!Number.isInteger(rules.row_length) || rules.row_length < 1) {
      throw new Illegal(`a row needs at least one spot, not ${rules.row_length}`, "row.initial-length");
    }
    const needed = rules.row_length * players + 2;
    if (this.deck.length < needed) {
      throw new Illegal(
        `a deck of ${this.deck.length} cards cannot deal ${players} rows of ${rules.row_length} ` +
          `and leave two cards for the piles (${needed} needed)`,
        "round.deal",
      );
    }

    this.published = isPublishedDeck(rules.deck) && rules.row_length === 8;
    this.round = 1;
    this.lengths = Array(players).fill(rules.row_length); // row length per seat
    this.startSeat = 0; // round.start-seat: seat 0 starts round 1
    this.winners = [];
    this.events = [];
    this.newRound();
  }

  bug(name) {
    return this.bugs.has(name);
  }

  /** Record an event of this step; fields that do not apply are simply not passed. */
  emit(kind, clauses, fields = {}) {
    this.events.push({ kind, clauses, ...fields });
  }

  /** Between rounds: no rows, the whole deck sorted on the draw pile, waiting for the deal. */
  newRound() {
    this.phase = "deal";
    this.turn = this.startSeat;
    this.rows = Array.from({ length: this.n }, () => []);
    this.drawPile = [...this.deck];
    this.discardPile = [];
    this.hand = null;
    this.firstCompleter = null;
    this.finalTurnsLeft = 0;
  }

  get row() {
    return this.rows[this.turn];
  }

  /** complete.no-face-down: no card of the row is face down (a frog counts: complete.frogs-count). */
  isComplete(row) {
    if (this.bug("frogs-do-not-complete")) {
      return row.every((spot, i) => spot.up && spot.card === String(i + 1));
    }
    return row.every((spot) => spot.up);
  }

  /** variant.discard-if-placeable: would this card be placed in the row rather than discarded? */
  fits(card, row) {
    if (card === FROG) return true;
    if (card === TRASH || Number(card) > row.length) return false;
    const spot = row[Number(card) - 1];
    if (this.bug("placeable-ignores-frog")) return !spot.up;
    return !spot.up || spot.card === FROG;
  }

  // ------------------------------------------------------------------------ what may be done

  /** The player actions legal now: [] at chance nodes and once the game is over. */
  legal() {
    switch (this.phase) {
      case "draw": {
        let canTake = this.discardPile.length > 0; // turn.draw-source
        if (canTake && this.rules.discard_only_if_placeable) {
          canTake = this.fits(this.discardPile[0], this.row);
        }
        return canTake ? ["draw", "take-discard"] : ["draw"];
      }
      case "frog": // frog.place: any face-down spot of the row
        return this.row.flatMap((spot, i) => (spot.up ? [] : [`frog@${i + 1}`]));
      case "swap": // variant.optional-frog-swap
        return ["swap", "decline-swap"];
      default:
        return [];
    }
  }

  /** The cards a chance node shuffles: the deck at a deal, the discard pile but its top at a reshuffle. */
  chancePool() {
    if (this.phase === "deal") return this.drawPile;
    if (this.phase === "reshuffle") return this.discardPile.slice(1);
    return null;
  }

  /** Apply one action; returns the events it caused. Throws Illegal (before changing anything). */
  step(action) {
    this.events = [];
    const pool = this.chancePool();

    if (pool !== null) {
      // A chance node: only a shuffle of exactly the pool's cards will do.
      const clause = this.phase === "deal" ? "round.deal" : "draw.reshuffle";
      const order = action !== null && typeof action === "object" ? action.shuffle : undefined;
      if (!Array.isArray(order) || !order.every((c) => typeof c === "string")) {
        throw new Illegal(`phase ${this.phase} is a chance node: send {"shuffle": [cards]}`, clause);
      }
      if (!sameCards(order, pool)) {
        throw new Illegal(`the shuffle must hold exactly the ${pool.length} cards being shuffled`, clause);
      }
      if (this.phase === "deal") this.deal(order);
      else this.reshuffle(order);
      return this.events;
    }

    const legal = this.legal();
    if (typeof action !== "string" || !legal.includes(action)) this.refuse(action, legal);

    if (action === "draw") {
      if (this.drawPile.length === 0) {
        this.phase = "reshuffle"; // draw.reshuffle: a chance node, the driver sends the new order
      } else {
        this.take(this.drawPile.shift(), "drew", ["turn.draw-source"]);
      }
    } else if (action === "take-discard") {
      const clauses = ["turn.draw-source"];
      if (this.rules.discard_only_if_placeable) clauses.push("variant.discard-if-placeable");
      const card = this.bug("discard-pop") ? this.discardPile.pop() : this.discardPile.shift();
      this.take(card, "took-discard", clauses);
    } else if (action.startsWith("frog@")) {
      this.placeFrog(Number(action.slice("frog@".length)));
    } else if (action === "swap") {
      this.swapFrog(this.hand, ["frog.swap", "variant.optional-frog-swap"]);
      this.resolve(FROG);
    } else if (action === "decline-swap") {
      this.discard(this.hand, ["variant.optional-frog-swap"]);
    }
    return this.events;
  }

  /** Throw the Illegal for an action not in `legal`, naming the clause when it is a clear case. */
  refuse(action, legal) {
    const shown = JSON.stringify(action);
    if (action === "take-discard" && this.phase === "draw") {
      if (this.discardPile.length === 0) {
        throw new Illegal("the discard pile is empty", "turn.draw-source");
      }
      throw new Illegal("the discard pile's top card does not fit", "variant.discard-if-placeable");
    }
    if (typeof action === "string" && action.startsWith("frog@") && this.phase === "frog") {
      throw new Illegal(`${shown}: a frog goes on a face-down spot: ${legal.join(", ")}`, "frog.place");
    }
    throw new Illegal(`${shown} is not legal in phase ${this.phase}; legal: ${JSON.stringify(legal)}`);
  }

  // ------------------------------------------------------------------------------- chance

  /** round.deal: seat 0's row first (spot 1 first), then seat 1, ...; the rest is the draw pile. */
  deal(order) {
    let next = 0;
    this.rows = this.lengths.map((length) => {
      const cards = order.slice(next, next + length);
      next += length;
      return cards.map((card) => ({ card, up: false }));
    });
    this.drawPile = order.slice(next);
    this.discardPile = [];

    const clauses = ["round.deal"];
    if (this.published) clauses.push("deck.composition");
    if (this.round === 1) clauses.push("players.count", "row.initial-length");
    else clauses.push("round.next-lengths");
    this.emit("dealt", clauses);

    this.phase = "draw";
    this.emit("turn-started", ["round.start-seat"], { seat: this.turn });
  }

  /** draw.reshuffle: the discard pile below its top card becomes the draw pile; the player draws. */
  reshuffle(order) {
    this.drawPile = [...order];
    this.discardPile = this.discardPile.slice(0, 1);
    this.emit("reshuffled", ["draw.reshuffle"], { seat: this.turn });
    this.phase = "draw";
    if (!this.bug("reshuffle-no-draw")) {
      this.take(this.drawPile.shift(), "drew", ["turn.draw-source"]);
    }
  }

  // ----------------------------------------------------------------------- the forced chain

  /** A card has come into hand from a pile: say so, then play it. */
  take(card, kind, clauses) {
    this.emit(kind, clauses, { seat: this.turn, card });
    this.resolve(card);
  }

  /**
   * Play the card in hand until the turn ends or the player has to decide (turn.chain-order).
   * The first of these that applies decides, again after every placement:
   *   1. the row is complete           -> discard the card, the turn ends (complete.ends-turn)
   *   2. a frog                        -> wait for `frog@N` (frog.place)
   *   3. trash, or a number > length   -> discard it (dead.trash, dead.above-row-length)
   *   4. its spot is face down         -> place it, reveal the card under it, go on
   *   5. its spot shows a frog         -> swap with the frog (frog.swap), go on with the frog
   *   6. its spot shows the number     -> discard it (dead.duplicate)
   */
  resolve(hand) {
    const seat = this.turn;
    const row = this.row;
    const frogFirst = this.bug("frog-before-complete");
    for (;;) {
      if (hand === FROG && frogFirst) return this.waitForFrog();
      if (this.isComplete(row)) {
        return this.discard(hand, ["complete.ends-turn", "turn.chain-order"]);
      }
      if (hand === FROG) return this.waitForFrog();
      if (hand === TRASH) return this.discard(hand, ["dead.trash"]);

      const n = Number(hand);
      const noSpot = this.bug("row-length-is-dead") ? n >= row.length : n > row.length;
      if (noSpot) return this.discard(hand, ["dead.above-row-length"]);

      const spot = row[n - 1];
      if (!spot.up) {
        // place.number-spot, place.face-down-only, then place.reveal-chain
        const revealed = spot.card;
        row[n - 1] = { card: hand, up: true };
        const placing = ["place.number-spot", "place.face-down-only"];
        this.emit("placed", placing, { seat, card: hand, spot: n });
        this.emit("revealed", ["place.reveal-chain"], { seat, card: revealed, spot: n });
        hand = revealed;
      } else if (spot.card === FROG) {
        if (this.rules.optional_frog_swap) {
          // variant.optional-frog-swap: the player decides with `swap` or `decline-swap`.
          this.phase = "swap";
          this.hand = hand;
          return;
        }
        this.swapFrog(hand, ["frog.swap", "frog.swap-mandatory"]);
        hand = FROG;
      } else {
        return this.discard(hand, ["dead.duplicate"]);
      }
    }
  }

  waitForFrog() {
    this.phase = "frog";
    this.hand = FROG;
  }

  /** frog.place: the frog goes face up on a face-down spot; the card there comes into hand. */
  placeFrog(n) {
    const seat = this.turn;
    const revealed = this.row[n - 1].card;
    this.row[n - 1] = { card: FROG, up: true };
    this.hand = null;
    this.emit("frog-placed", ["frog.place"], { seat, card: FROG, spot: n });
    this.emit("revealed", ["place.reveal-chain"], { seat, card: revealed, spot: n });
    this.resolve(revealed);
  }

  /** frog.swap: the number replaces the face-up frog on its spot; the frog comes into hand. */
  swapFrog(number, clauses) {
    const n = Number(number);
    this.row[n - 1] = { card: number, up: true };
    this.hand = null;
    this.emit("frog-swapped", clauses, { seat: this.turn, card: number, spot: n });
  }

  /** turn.discard-ends: the card goes face up on top of the discard pile, and the turn ends. */
  discard(card, why) {
    this.discardPile.unshift(card);
    this.hand = null;
    this.emit("discarded", [...why, "turn.discard-ends"], { seat: this.turn, card });
    this.endTurn();
  }

  // ---------------------------------------------------------------------- turns and rounds

  endTurn() {
    const seat = this.turn;
    const row = this.rows[seat];
    const completed = this.isComplete(row);
    const firstCompletion = completed && this.firstCompleter === null;

    if (completed) {
      const clauses = ["complete.no-face-down"];
      if (row.some((spot) => spot.card === FROG)) clauses.push("complete.frogs-count");
      if (!firstCompletion) clauses.push("round.final-turn-completion");
      this.emit("completed", clauses, { seat });
    }

    if (firstCompletion) {
      // round.final-turns: every other player gets exactly one more turn.
      this.firstCompleter = seat;
      this.finalTurnsLeft = this.n - 1;
      this.emit("final-turns", ["round.final-turns"], { seat });
      if (this.bug("final-turns-one-short")) this.finalTurnsLeft -= 1;
    } else if (this.firstCompleter !== null) {
      this.finalTurnsLeft -= 1; // this turn was one of the final turns
    }
    if (this.firstCompleter !== null && this.finalTurnsLeft === 0) return this.endRound();

    this.turn = (seat + 1) % this.n; // turn.order
    this.phase = "draw";
    const clauses = ["turn.order"];
    if (this.firstCompleter !== null) clauses.push("round.final-turns");
    this.emit("turn-started", clauses, { seat: this.turn });
  }

  endRound() {
    const lucky = this.rules.reveal_at_round_end;
    if (lucky) {
      // variant.reveal-at-round-end: a row whose face-down cards all fit their spots counts.
      for (const row of this.rows) {
        const fitsSpot = (spot, i) => spot.up || spot.card === FROG || spot.card === String(i + 1);
        if (row.every(fitsSpot)) row.forEach((spot) => (spot.up = true));
      }
    }
    let done = this.rows.flatMap((row, seat) => (this.isComplete(row) ? [seat] : []));
    if (this.bug("later-completers-ignored")) done = [this.firstCompleter];

    const counted = lucky ? "variant.reveal-at-round-end" : "complete.no-face-down";
    const clauses = ["round.final-turns", counted, "round.final-turn-completion"];
    this.emit("round-ended", clauses, { seats: done });

    // round.next-lengths: a completed row is one spot shorter next round.
    const nextLengths = this.lengths.map((length, seat) => length - (done.includes(seat) ? 1 : 0));

    // game.end: whoever completed a row of one spot wins (several players can).
    const winners = this.bug("win-at-two-spots")
      ? done.filter((seat) => nextLengths[seat] === 1)
      : done.filter((seat) => this.lengths[seat] === 1);
    if (winners.length > 0) {
      this.winners = winners; // already in seat order
      this.phase = "over"; // `turn` stays the seat whose turn ended the game
      this.emit("game-won", ["game.end", "game.returns"], { seats: winners });
      return;
    }

    this.lengths = nextLengths;
    this.round += 1;
    // round.start-seat: the start passes to the seat after the previous round's starting seat.
    this.startSeat = this.bug("start-seat-first-completer")
      ? this.firstCompleter
      : (this.startSeat + 1) % this.n;
    this.newRound();
  }

  // ---------------------------------------------------------------------------------- JSON

  /** The state in the `froeschis.state/1` form: every key, and nothing else. */
  toJSON() {
    return {
      format: STATE_FORMAT,
      rules: this.rules, // echoed as received (JSON objects compare without regard to key order)
      phase: this.phase,
      round: this.round,
      turn: this.turn,
      players: this.lengths.map((length, seat) => ({
        length,
        row: this.rows[seat].map(({ card, up }) => (up ? card : `[${card}]`)),
      })),
      draw_pile: [...this.drawPile],
      discard_pile: [...this.discardPile],
      hand: this.hand,
      first_completer: this.firstCompleter,
      winners: [...this.winners],
    };
  }
}

// ------------------------------------------------------------------------------------- protocol

/** Answer one request object; returns the reply, or null for `quit` (which gets no reply). */
function answer(request, session) {
  const stateReply = () => {
    const reply = { type: "state", state: session.game.toJSON(), legal: session.game.legal() };
    if (session.events) reply.events = session.game.events;
    return reply;
  };

  switch (request?.type) {
    case "hello":
      return {
        type: "hello",
        protocol: PROTOCOL,
        engine: ENGINE_NAME + [...session.bugs].map((b) => ` [bug: ${b}]`).join(""),
        events: session.events,
        rules: FEATURES,
      };
    case "new-game":
      // A refused setup throws Illegal before the assignment: the current game stays as it was.
      session.game = new Game(request.players, request.rules, session.bugs);
      return stateReply();
    case "step":
      if (session.game === null) return { type: "error", message: "no game: send new-game first" };
      session.game.step(request.action);
      return stateReply();
    case "quit":
      return null;
    default:
      return { type: "error", message: `not a request of ${PROTOCOL}: ${JSON.stringify(request)}` };
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      bug: { type: "string", multiple: true, default: [] },
      "no-events": { type: "boolean", default: false },
    },
  });
  for (const name of values.bug) {
    if (!(name in BUGS)) {
      process.stderr.write(`unknown bug ${JSON.stringify(name)}; known bugs:\n`);
      for (const [bug, what] of Object.entries(BUGS)) process.stderr.write(`  ${bug}: ${what}\n`);
      process.exit(2);
    }
  }
  const session = { game: null, bugs: new Set(values.bug), events: !values["no-events"] };

  // One request per line; `for await` handles them strictly in order.
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let reply;
    try {
      reply = answer(JSON.parse(line), session);
    } catch (error) {
      if (error instanceof Illegal) {
        reply = { type: "illegal", reason: error.message };
        if (error.clause) reply.clause = error.clause;
      } else {
        process.stderr.write(`${error.stack ?? error}\n`); // diagnostics go to stderr only
        reply = { type: "error", message: `${error.name}: ${error.message}` };
      }
    }
    if (reply === null) break; // quit
    // On Linux, writes to a pipe are synchronous in Node: each reply is flushed as it is written.
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
  process.exit(0);
}

main();
