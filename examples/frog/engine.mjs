#!/usr/bin/env node
// An independent Frog (蛙) engine in plain Node (no packages), speaking froeschis.protocol/1 with
// "game": "frog". Written from spec/frog/clauses.toml, spec/frog/protocol.md and spec/protocol.md
// alone, without reading the reference engine, so that the conformance checker measures the
// specification as much as the engine. `--bug NAME` switches on one of the breakages of bugs.md.
//
//   node examples/frog/engine.mjs [--bug NAME]
//
// Every function that takes a rule decision names its clause of spec/frog/clauses.toml in a comment.

import { createInterface } from 'node:readline';
import { parseJson } from './json.mjs';

const PROTOCOL = 'froeschis.protocol/1';
const ENGINE = 'frog-example-node 1.0';

const BUGS = new Set([
  'ten-cards', 'dealer-right', 'one-bid-each', 'pass-reenter', 'grand-asks-on', 'chico-hearts',
  'keep-widow-cards', 'no-trump-duty', 'must-win', 'bidder-leads', 'ten-below-jack',
  'frog-counts-widow', 'pays-points-earned', 'grand-four', 'passout-not-counted', 'sixty-one-draws',
  'lost-no-multiplier',
]);

// ------------------------------------------------------------------------------------- the cards

const RANKS = 'ATKQJ9876';
const SUITS = 'SHDC';
/** deck.composition: the 36 cards, in the sorting order of frog/protocol.md (suit, then rank). */
const DECK = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));
const CALLS = ['pass', 'frog', 'chico', 'grand'];
const CONTRACTS = ['frog', 'chico', 'grand'];
const HAND_TRUMP = 'H';

const DEFAULT_RULES = {
  one_bid_each: false,
  all_pass_same_dealer: false,
  chico_may_name_hearts: false,
  optional_frog_exchange: false,
  grand_pays_four: false,
  end_at_target_score: false,
  deals: 3,
  target_score: 300,
  deck: DECK,
};
const OPTIONS = Object.keys(DEFAULT_RULES).filter((k) => typeof DEFAULT_RULES[k] === 'boolean');
const FEATURES = [...OPTIONS, 'deals', 'target_score', 'deck'];

const suitOf = (card) => card[1];
const sortIndex = (card) => SUITS.indexOf(card[1]) * RANKS.length + RANKS.indexOf(card[0]);
const sorted = (cards) => [...cards].sort((a, b) => sortIndex(a) - sortIndex(b));

class IllegalAction extends Error {
  constructor(reason, clause) {
    super(reason);
    this.clause = clause;
  }
}

class BadRequest extends Error {}

const isInt = (x) => typeof x === 'number' && Number.isInteger(x);
const isSeat = (x) => isInt(x) && x >= 0 && x <= 2;
const left = (seat, n = 1) => (seat + n) % 3;

export class Frog {
  constructor(rules, bug) {
    this.rules = rules;
    this.bug = bug;
    this.state = {
      format: 'froeschis.frog-state/1',
      rules,
      phase: 'dealer',
      dealer: null,
      deals: 0,
      scores: [150, 150, 150], // score.start
      turn: null,
      history: [],
      winners: [],
      ...Frog.emptyDeal(),
    };
  }

  static emptyDeal() {
    return {
      hands: [[], [], []],
      widow: [],
      calls: [],
      bidder: null,
      contract: null,
      trump: null,
      widow_taken: false,
      discards: [],
      leader: null,
      trick: [],
      tricks: [],
    };
  }

  // ----------------------------------------------------------------------------------- cards

  /** cards.rank: the strength of a card within its suit (A highest, 6 lowest). */
  strength(card) {
    const order = this.bug === 'ten-below-jack' ? 'AKQJT9876' : RANKS;
    return order.length - order.indexOf(card[0]);
  }

  /** cards.points: A 11, T 10, K 4, Q 3, J 2, the rest nothing. */
  static points(cards) {
    const value = { A: 11, T: 10, K: 4, Q: 3, J: 2 };
    return cards.reduce((sum, c) => sum + (value[c[0]] ?? 0), 0);
  }

  // ------------------------------------------------------------------------------- dealing

  /** deal.hand-size and deal.packets: which position of the shuffled order goes to which seat. */
  packets(order) {
    const d = this.state.dealer;
    const seats = [left(d), left(d, 2), d];
    const hands = [[], [], []];
    let pos = 0;
    const round = (n) => {
      for (const seat of seats) {
        hands[seat].push(...order.slice(pos, pos + n));
        pos += n;
      }
    };
    if (this.bug === 'ten-cards' && order.length === DECK.length) {
      round(4);
      round(3);
      round(3);
      return { hands, widow: order.slice(pos, pos + 3) }; // the last three are laid aside
    }
    const h = (order.length - 3) / 3;
    const first = Math.min(4, h);
    const second = Math.min(3, h - first);
    round(first);
    round(second);
    const widow = order.slice(pos, pos + 3);
    pos += 3;
    round(h - first - second);
    return { hands, widow };
  }

  /** deal.rotation (and bid.all-pass / variant.all-pass-same-dealer): the next dealer. */
  nextDealer(passedOut) {
    const d = this.state.dealer;
    if (passedOut && this.rules.all_pass_same_dealer) return d;
    return left(d, this.bug === 'dealer-right' ? 2 : 1);
  }

  // ------------------------------------------------------------------------------- the auction

  highestBid() {
    const bids = this.state.calls.filter(([, call]) => call !== 'pass');
    return bids.length ? bids[bids.length - 1] : null;
  }

  oneBidEach() {
    return this.rules.one_bid_each || this.bug === 'one-bid-each';
  }

  /** bid.pass-final, bid.holder-waits (variant.one-bid-each): whether a seat may still call. */
  mayCall(seat) {
    const calls = this.state.calls;
    const holder = this.highestBid()?.[0];
    if (this.bug === 'pass-reenter') return seat !== holder;
    if (calls.some(([s, c]) => s === seat && c === 'pass')) return false;
    if (this.oneBidEach()) return !calls.some(([s]) => s === seat);
    return seat !== holder;
  }

  /** bid.end: whether the auction is over once the last call has been made. */
  auctionOver() {
    const calls = this.state.calls;
    const highest = this.highestBid();
    if (highest === null) return calls.length >= 3 && (this.bug !== 'pass-reenter' || calls.length === 3);
    if (highest[1] === 'grand' && this.bug !== 'grand-asks-on') return true;
    if (this.bug === 'pass-reenter') {
      const since = calls.slice(calls.indexOf(highest) + 1);
      return [1, 2].every((n) => since.some(([s, c]) => s === left(highest[0], n) && c === 'pass'));
    }
    return this.nextCaller() === null;
  }

  /** bid.next-turn: the first seat clockwise from the last caller that may still call. */
  nextCaller() {
    const last = this.state.calls[this.state.calls.length - 1][0];
    for (const n of [1, 2]) if (this.mayCall(left(last, n))) return left(last, n);
    return null;
  }

  /** bid.raise and bid.ranking: pass, or any bid above the highest. */
  legalCalls() {
    const highest = this.highestBid();
    const floor = highest ? CALLS.indexOf(highest[1]) : 0;
    return ['pass', ...CALLS.filter((c, i) => i > floor)];
  }

  // ------------------------------------------------------------------------------- the contract

  /** chico.suits (variant.chico-hearts): the suits the chico bidder may name. */
  trumpSuits() {
    const hearts = this.rules.chico_may_name_hearts || this.bug === 'chico-hearts';
    return [...SUITS].filter((s) => s !== HAND_TRUMP || hearts);
  }

  trumpClause() {
    return this.rules.chico_may_name_hearts ? 'variant.chico-hearts' : 'chico.suits';
  }

  /** exchange.discard: every set of as many cards as the widow holds, from the bidder's hand. */
  legalDiscards() {
    const s = this.state;
    const hand = s.hands[s.bidder];
    const k = s.widow.length;
    const out = [];
    const pick = (start, chosen) => {
      if (chosen.length === k) {
        if (this.bug !== 'keep-widow-cards' || !chosen.some((c) => s.widow.includes(c))) {
          out.push(`discard ${chosen.join(' ')}`);
        }
        return;
      }
      for (let i = start; i < hand.length; i++) pick(i + 1, [...chosen, hand[i]]);
    };
    pick(0, []);
    return out;
  }

  // ------------------------------------------------------------------------------- the play

  /** trick.winner: whether card beats best, the card winning the trick so far. */
  beats(card, best, led) {
    const trump = this.state.trump;
    if (suitOf(card) === trump) return suitOf(best) !== trump || this.strength(card) > this.strength(best);
    if (suitOf(best) === trump) return false;
    return suitOf(card) === led && suitOf(best) === led && this.strength(card) > this.strength(best);
  }

  trickWinner(plays) {
    const led = suitOf(plays[0][1]);
    let best = plays[0];
    for (const play of plays.slice(1)) if (this.beats(play[1], best[1], led)) best = play;
    return best[0];
  }

  /** play.lead-any, play.follow-suit, play.trump-if-void, play.no-duty-to-win: the cards allowed. */
  legalCards() {
    const s = this.state;
    const hand = s.hands[s.turn];
    if (s.trick.length === 0) return hand;
    const led = suitOf(s.trick[0][1]);
    const follow = hand.filter((c) => suitOf(c) === led);
    const trumps = hand.filter((c) => suitOf(c) === s.trump);
    let allowed = hand;
    if (follow.length) allowed = follow;
    else if (trumps.length && this.bug !== 'no-trump-duty') allowed = trumps;
    if (this.bug === 'must-win') {
      const best = s.trick.find(([seat]) => seat === this.trickWinner(s.trick))[1];
      const winning = allowed.filter((c) => this.beats(c, best, led));
      if (winning.length) allowed = winning;
    }
    return allowed;
  }

  /** The clause whose obligation a card not allowed breaks. */
  cardRefusal(card) {
    const s = this.state;
    const hand = s.hands[s.turn];
    if (!hand.includes(card)) return new IllegalAction(`seat ${s.turn} does not hold ${card}`, 'play.no-duty-to-win');
    const led = suitOf(s.trick[0][1]);
    if (hand.some((c) => suitOf(c) === led)) {
      return new IllegalAction(`seat ${s.turn} holds ${led} and must follow suit`, 'play.follow-suit');
    }
    if (hand.some((c) => suitOf(c) === s.trump) && this.bug !== 'no-trump-duty') {
      return new IllegalAction(`seat ${s.turn} is void in ${led} and must trump`, 'play.trump-if-void');
    }
    return new IllegalAction(`seat ${s.turn} must beat the trick`, 'play.no-duty-to-win');
  }

  // ------------------------------------------------------------------------------- the steps

  legal() {
    const s = this.state;
    switch (s.phase) {
      case 'auction': return this.legalCalls();
      case 'widow': return ['take-widow', 'leave-widow'];
      case 'discard': return this.legalDiscards();
      case 'trump': return this.trumpSuits().map((suit) => `trump ${suit}`);
      case 'play': return this.legalCards().map((card) => `play ${card}`);
      default: return [];
    }
  }

  /** Applies one action; throws IllegalAction (the state untouched) when it is not legal. */
  step(action) {
    const s = this.state;
    const chance = ['dealer', 'deal'].includes(s.phase);
    if (s.phase === 'over') {
      throw new IllegalAction('the match is over', this.rules.end_at_target_score ? 'variant.target-score' : 'match.end');
    }
    if (chance && typeof action === 'string') throw new IllegalAction(`phase ${s.phase} waits for a chance outcome`, this.phaseClause());
    if (!chance && typeof action !== 'string') throw new IllegalAction(`phase ${s.phase} waits for a decision, not a chance outcome`, this.phaseClause());
    if (chance) return this.chanceStep(action);
    if (!this.legal().includes(action)) {
      if (s.phase === 'play' && /^play [ATKQJ9876][SHDC]$/.test(action) && s.trick.length) {
        throw this.cardRefusal(action.slice(5));
      }
      throw new IllegalAction(`${JSON.stringify(action)} is not legal in phase ${s.phase}`, this.phaseClause());
    }
    const events = [];
    const [verb, ...args] = action.split(' ');
    if (s.phase === 'auction') this.call(verb, events);
    else if (verb === 'take-widow') this.takeWidow(events, 'variant.optional-exchange');
    else if (verb === 'leave-widow') {
      events.push({ kind: 'widow-left', clauses: ['variant.optional-exchange'], seat: s.bidder });
      this.trumps(events);
    } else if (verb === 'discard') this.discard(args, events);
    else if (verb === 'trump') this.nameTrumps(args[0], events);
    else this.play(args[0], events);
    return events;
  }

  phaseClause() {
    return {
      dealer: 'match.first-dealer',
      deal: 'deal.packets',
      auction: 'bid.raise',
      widow: 'variant.optional-exchange',
      discard: 'exchange.discard',
      trump: this.trumpClause(),
      play: 'play.no-duty-to-win',
    }[this.state.phase];
  }

  chanceStep(action) {
    const s = this.state;
    const isObj = action !== null && typeof action === 'object' && !Array.isArray(action);
    if (s.phase === 'dealer') {
      // match.first-dealer: one of the three seats, each equally likely.
      if (!isObj || Object.keys(action).join() !== 'dealer' || !isSeat(action.dealer)) {
        throw new IllegalAction('the first dealer is {"dealer": 0, 1 or 2}', 'match.first-dealer');
      }
      s.dealer = action.dealer;
      s.phase = 'deal';
      return [{ kind: 'to-deal', clauses: ['match.first-dealer', 'players.count', 'score.start'], seat: s.dealer }];
    }
    const order = isObj && Object.keys(action).join() === 'shuffle' ? action.shuffle : null;
    const deck = this.rules.deck;
    if (!Array.isArray(order) || order.length !== deck.length || !order.every((c) => typeof c === 'string')
        || new Set(order).size !== deck.length || !order.every((c) => deck.includes(c))) {
      throw new IllegalAction('a shuffle is an order of exactly the deck\'s cards, each once', 'deal.packets');
    }
    const { hands, widow } = this.packets(order);
    s.hands = hands.map(sorted);
    s.widow = sorted(widow);
    s.phase = 'auction';
    s.turn = left(s.dealer); // bid.first
    const published = deck.length === DECK.length && deck.every((c, i) => c === DECK[i]);
    return [
      { kind: 'dealt', clauses: ['deal.packets', 'deal.hand-size', ...(published ? ['deck.composition'] : [])], seat: s.dealer },
      { kind: 'to-call', clauses: ['bid.first'], seat: s.turn },
    ];
  }

  call(call, events) {
    const s = this.state;
    const seat = s.turn;
    s.calls.push([seat, call]);
    events.push({ kind: 'called', clauses: ['bid.raise', 'bid.ranking'], seat, call });
    if (!this.auctionOver()) {
      s.turn = this.nextCaller();
      const waits = this.rules.one_bid_each ? 'variant.one-bid-each' : 'bid.holder-waits';
      events.push({ kind: 'to-call', clauses: ['bid.next-turn', 'bid.pass-final', waits], seat: s.turn });
      return;
    }
    const highest = this.highestBid();
    if (highest === null) {
      // bid.all-pass: a void deal.
      events.push({ kind: 'passed-out', clauses: ['bid.end', 'bid.all-pass'] });
      this.endDeal(null, events);
      return;
    }
    // bid.contract-is-bid
    [s.bidder, s.contract] = highest;
    events.push({ kind: 'auction-won', clauses: ['bid.end', 'bid.contract-is-bid'], seat: s.bidder, contract: s.contract });
    if (s.contract === 'frog') {
      if (this.rules.optional_frog_exchange) {
        s.phase = 'widow';
        s.turn = s.bidder;
      } else this.takeWidow(events, 'exchange.take-widow');
      return;
    }
    // contract.widow-untouched: in chico and grand the widow stays face down, a public fact.
    const exchange = this.rules.optional_frog_exchange ? 'variant.optional-exchange' : 'exchange.take-widow';
    events.push({ kind: 'widow-left', clauses: [exchange, 'contract.widow-untouched'], seat: s.bidder });
    if (s.contract === 'chico') {
      s.phase = 'trump'; // chico.declare
      s.turn = s.bidder;
    } else this.trumps(events);
  }

  /** exchange.take-widow: the frog bidder takes the widow into hand, 14 cards. */
  takeWidow(events, clause) {
    const s = this.state;
    s.hands[s.bidder] = sorted([...s.hands[s.bidder], ...s.widow]);
    s.widow_taken = true;
    s.phase = 'discard';
    s.turn = s.bidder;
    events.push({ kind: 'widow-taken', clauses: [clause], seat: s.bidder });
  }

  /** exchange.discard: three cards leave the hand for the discards. */
  discard(cards, events) {
    const s = this.state;
    s.hands[s.bidder] = s.hands[s.bidder].filter((c) => !cards.includes(c));
    s.discards = sorted(cards);
    events.push({ kind: 'discarded', clauses: ['exchange.discard'], seat: s.bidder, cards: s.discards });
    this.trumps(events);
  }

  /** chico.declare: the chico bidder names trumps. */
  nameTrumps(suit, events) {
    const s = this.state;
    s.trump = suit;
    events.push({ kind: 'trumps', clauses: ['chico.declare', this.trumpClause(), 'contract.trump'], seat: s.bidder, suit });
    this.firstLead(events);
  }

  /** contract.trump: hearts in frog and grand. */
  trumps(events) {
    this.state.trump = HAND_TRUMP;
    events.push({ kind: 'trumps', clauses: ['contract.trump'], suit: HAND_TRUMP });
    this.firstLead(events);
  }

  /** play.first-lead: the dealer's left leads the first trick. */
  firstLead(events) {
    const s = this.state;
    s.phase = 'play';
    s.leader = this.bug === 'bidder-leads' ? s.bidder : left(s.dealer);
    s.turn = s.leader;
    events.push({ kind: 'to-play', clauses: ['play.first-lead'], seat: s.turn });
  }

  play(card, events) {
    const s = this.state;
    const seat = s.turn;
    const hand = s.hands[seat];
    let why = 'play.lead-any';
    if (s.trick.length) why = hand.some((c) => suitOf(c) === suitOf(s.trick[0][1])) ? 'play.follow-suit' : 'play.trump-if-void';
    s.hands[seat] = hand.filter((c) => c !== card);
    s.trick.push([seat, card]);
    events.push({ kind: 'played', clauses: [why, 'play.no-duty-to-win'], seat, card });
    if (s.trick.length < 3) {
      s.turn = left(seat); // play.clockwise
      events.push({ kind: 'to-play', clauses: ['play.clockwise'], seat: s.turn });
      return;
    }
    const winner = this.trickWinner(s.trick);
    s.tricks.push({ plays: s.trick, winner });
    events.push({ kind: 'trick-won', clauses: ['trick.winner', 'cards.rank'], seat: winner, cards: s.trick.map(([, c]) => c) });
    s.trick = [];
    if (s.hands[winner].length) {
      s.leader = winner; // trick.next-lead
      s.turn = winner;
      events.push({ kind: 'to-play', clauses: ['trick.next-lead'], seat: winner });
      return;
    }
    this.settle(events);
  }

  /** count.bidder-points, count.result, then the settlement. */
  settle(events) {
    const s = this.state;
    const won = s.tricks.filter((t) => t.winner === s.bidder).flatMap((t) => t.plays.map(([, c]) => c));
    let extra = s.widow; // the widow of chico and grand, or of a frog that left it
    if (s.contract === 'frog' && s.widow_taken && this.bug !== 'frog-counts-widow') extra = s.discards;
    const points = Frog.points(won) + Frog.points(extra);
    const draws = this.bug === 'sixty-one-draws' ? [60, 61] : [60];
    const result = draws.includes(points) ? 'draw' : points >= 61 ? 'win' : 'loss';
    events.push({ kind: 'counted', clauses: ['count.bidder-points', 'cards.points', 'count.result'], seat: s.bidder, points, result });
    // settle.difference, settle.multiplier (variant.grand-four), settle.each-opponent, score.no-floor
    let base = this.bug === 'pays-points-earned' && result === 'win' ? points : points - 60;
    if (result === 'draw') base = 0; // a draw settles nothing (the clean engine's draw is 60 - 60)
    const four = this.rules.grand_pays_four || this.bug === 'grand-four';
    const stake = { frog: 1, chico: 2, grand: four ? 4 : 3 }[s.contract];
    const amount = this.bug === 'lost-no-multiplier' && result === 'loss' ? base : base * stake;
    const changes = [0, 1, 2].map((seat) => (seat === s.bidder ? 2 * amount : -amount) + 0);
    s.scores = s.scores.map((v, i) => v + changes[i]);
    const multiplier = this.rules.grand_pays_four ? 'variant.grand-four' : 'settle.multiplier';
    events.push({ kind: 'settled', clauses: ['settle.each-opponent', 'settle.difference', multiplier, 'score.no-floor'], changes });
    this.endDeal({ points, result, changes }, events);
  }

  /** The end of a deal, played (outcome) or passed out (null): history, match.end, the next dealer. */
  endDeal(outcome, events) {
    const s = this.state;
    const passedOut = outcome === null;
    const counted = !(passedOut && this.bug === 'passout-not-counted');
    if (counted) {
      s.history.push({
        dealer: s.dealer,
        calls: s.calls,
        bidder: s.bidder,
        contract: s.contract,
        trump: s.trump,
        widow: s.widow,
        widow_taken: s.widow_taken,
        discards: s.discards,
        tricks: s.tricks,
        points: outcome?.points ?? null,
        result: outcome?.result ?? null,
        changes: outcome?.changes ?? [0, 0, 0],
      });
      s.deals += 1;
    }
    Object.assign(s, Frog.emptyDeal());
    s.turn = null;
    const target = this.rules.end_at_target_score;
    const over = counted && (target ? s.scores.some((v) => v >= this.rules.target_score) : s.deals >= this.rules.deals);
    if (over) {
      // match.end (variant.target-score), match.winners, match.returns
      const top = Math.max(...s.scores);
      s.winners = [0, 1, 2].filter((seat) => s.scores[seat] === top);
      s.phase = 'over';
      events.push({ kind: 'match-over', clauses: [target ? 'variant.target-score' : 'match.end', 'match.winners', 'match.returns'], seats: s.winners });
      return;
    }
    s.dealer = this.nextDealer(passedOut);
    s.phase = 'deal';
    let why = 'deal.rotation';
    if (passedOut) why = this.rules.all_pass_same_dealer ? 'variant.all-pass-same-dealer' : 'bid.all-pass';
    events.push({ kind: 'to-deal', clauses: [why], seat: s.dealer });
  }
}

// ------------------------------------------------------------------------------- the protocol

/** The rules object of a new-game request, with the published game's values where keys are left out. */
function readRules(raw) {
  if (raw === undefined) return { ...DEFAULT_RULES };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequest('rules must be an object');
  const unknown = Object.keys(raw).filter((k) => !(k in DEFAULT_RULES));
  if (unknown.length) throw new BadRequest(`unknown rules keys: ${unknown.join(', ')}`);
  const rules = { ...DEFAULT_RULES, ...raw };
  for (const option of OPTIONS) {
    if (typeof rules[option] !== 'boolean') throw new BadRequest(`rules.${option} must be true or false`);
  }
  for (const key of ['deals', 'target_score']) {
    if (!isInt(rules[key])) throw new BadRequest(`rules.${key} must be a whole number`);
  }
  const deck = rules.deck;
  if (!Array.isArray(deck) || !deck.every((c) => DECK.includes(c))) throw new BadRequest('rules.deck must be a list of cards such as "AS"');
  if (new Set(deck).size !== deck.length) throw new BadRequest('rules.deck holds a card twice');
  if (!deck.every((c, i) => i === 0 || sortIndex(deck[i - 1]) < sortIndex(c))) throw new BadRequest('rules.deck must be in sorting order');
  return rules;
}

/** A setup the rules forbid: the clause it breaks and why, or null. */
function forbiddenSetup(players, rules) {
  if (players !== 3) return ['players.count', 'Frog is played by exactly three players'];
  const n = rules.deck.length;
  if (n < 6 || (n - 3) % 3 !== 0) return ['deal.hand-size', `a deck of ${n} cards cannot be dealt as three equal hands and a widow of 3`];
  if (rules.deals < 1) return ['match.end', 'a match has at least one deal'];
  if (rules.target_score < 1) return ['variant.target-score', 'the target score is at least 1'];
  return null;
}

function main() {
  const args = process.argv.slice(2);
  let bug = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--bug' && i + 1 < args.length) bug = args[++i];
    else {
      process.stderr.write(`usage: engine.mjs [--bug NAME]; unknown argument ${args[i]}\n`);
      process.exit(2);
    }
  }
  if (bug !== null && !BUGS.has(bug)) {
    process.stderr.write(`unknown bug ${bug}; the bugs: ${[...BUGS].join(', ')}\n`);
    process.exit(2);
  }

  let game = null;
  const reply = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
  const stateReply = (events) => reply({ type: 'state', state: game.state, legal: game.legal(), events });

  const handle = (line) => {
    let request;
    try {
      request = parseJson(line);
    } catch (e) {
      return reply({ type: 'error', message: `not a JSON line: ${e.message}` });
    }
    if (request === null || typeof request !== 'object' || Array.isArray(request)) {
      return reply({ type: 'error', message: 'a request is a JSON object' });
    }
    switch (request.type) {
      case 'hello':
        if (request.protocol !== PROTOCOL) return reply({ type: 'error', message: `unknown protocol ${JSON.stringify(request.protocol)}` });
        if (request.game !== 'frog') return reply({ type: 'error', message: `this engine plays frog, not ${request.game ?? 'froeschis'}` });
        return reply({ type: 'hello', protocol: PROTOCOL, engine: bug ? `${ENGINE} --bug ${bug}` : ENGINE, game: 'frog', events: true, rules: FEATURES });
      case 'new-game': {
        let rules;
        try {
          rules = readRules(request.rules);
        } catch (e) {
          if (e instanceof BadRequest) return reply({ type: 'error', message: e.message });
          throw e;
        }
        const forbidden = forbiddenSetup(request.players, rules);
        if (forbidden) return reply({ type: 'illegal', reason: forbidden[1], clause: forbidden[0] });
        game = new Frog(rules, bug);
        return stateReply([]);
      }
      case 'step': {
        if (game === null) return reply({ type: 'error', message: 'step before new-game' });
        if (!('action' in request)) return reply({ type: 'illegal', reason: 'a step needs an action' });
        const before = structuredClone(game.state);
        try {
          return stateReply(game.step(request.action));
        } catch (e) {
          game.state = before;
          if (e instanceof IllegalAction) return reply({ type: 'illegal', reason: e.message, clause: e.clause });
          process.stderr.write(`${e.stack}\n`);
          return reply({ type: 'illegal', reason: `cannot apply this action: ${e.message}` });
        }
      }
      case 'quit':
        process.exit(0);
        break;
      default:
        return reply({ type: 'error', message: `unknown request type ${JSON.stringify(request.type)}` });
    }
  };

  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    if (line.trim() !== '') handle(line);
  });
  rl.on('close', () => process.exit(0));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
