#!/usr/bin/env node
// Plays seeded random matches on the clean engine and on each buggy one side by side, through the
// protocol, and counts the matches in which any reply differs: a check, independent of the
// froeschis conformance checker, that every --bug changes behaviour. The clean engine's replies are
// also checked against invariants that hold in every state of Frog (scores total 450, no card lost
// or doubled, deals the length of history, a decision always has a legal action).
//
//   node examples/frog/differ.mjs [--games N] [--seed S] [--bug NAME ...]

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ENGINE = fileURLToPath(new URL('./engine.mjs', import.meta.url));
const BUGS = [
  'ten-cards', 'dealer-right', 'one-bid-each', 'pass-reenter', 'grand-asks-on', 'chico-hearts',
  'keep-widow-cards', 'no-trump-duty', 'must-win', 'bidder-leads', 'ten-below-jack',
  'frog-counts-widow', 'pays-points-earned', 'grand-four', 'passout-not-counted',
];
const DECK = [...'SHDC'].flatMap((s) => [...'ATKQJ9876'].map((r) => r + s));

/** mulberry32: a small seeded generator, so that every run plays the same matches. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Engine {
  constructor(args) {
    this.proc = spawn(process.execPath, [ENGINE, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = createInterface({ input: this.proc.stdout })[Symbol.asyncIterator]();
  }

  async ask(request) {
    this.proc.stdin.write(`${JSON.stringify(request)}\n`);
    const { value, done } = await this.lines.next();
    if (done) throw new Error('the engine closed its output');
    return value;
  }

  close() {
    this.proc.stdin.end(`${JSON.stringify({ type: 'quit' })}\n`);
  }
}

/** The rules of match number g: mostly the published game, now and then variants or a short deck. */
function rulesFor(g, random) {
  const rules = {
    one_bid_each: false, all_pass_same_dealer: false, chico_may_name_hearts: false,
    optional_frog_exchange: false, grand_pays_four: false, end_at_target_score: false,
    deals: 3, target_score: 300, deck: DECK,
  };
  if (g % 5 === 4) {
    for (const k of ['one_bid_each', 'all_pass_same_dealer', 'chico_may_name_hearts', 'optional_frog_exchange']) {
      rules[k] = random() < 0.5;
    }
  }
  if (g % 7 === 6) {
    const h = 1 + Math.floor(random() * 10);
    const pool = [...DECK].sort(() => random() - 0.5).slice(0, 3 * h + 3);
    rules.deck = DECK.filter((c) => pool.includes(c));
  }
  return rules;
}

/** The invariants of every Frog state. */
function checkState(state, legal, rules) {
  const problems = [];
  const total = state.scores.reduce((a, b) => a + b, 0);
  if (total !== 450) problems.push(`scores total ${total}`);
  if (state.deals !== state.history.length) problems.push('deals is not the length of history');
  const decision = ['auction', 'widow', 'discard', 'trump', 'play'].includes(state.phase);
  if (decision !== legal.length > 0) problems.push(`phase ${state.phase} with ${legal.length} legal actions`);
  if (['auction', 'widow', 'discard', 'trump', 'play'].includes(state.phase)) {
    const cards = [...state.hands.flat(), ...state.discards, ...state.trick.map(([, c]) => c),
      ...state.tricks.flatMap((t) => t.plays.map(([, c]) => c)), ...(state.widow_taken ? [] : state.widow)];
    const sorted = [...cards].sort().join();
    if (sorted !== [...rules.deck].sort().join()) problems.push('the cards in play are not the deck');
  }
  return problems;
}

async function playMatch(g, seed, engines) {
  const random = rng(seed * 100003 + g);
  const rules = rulesFor(g, random);
  const replies = await Promise.all(engines.map((e) => e.ask({ type: 'new-game', players: 3, rules })));
  const differs = new Array(engines.length).fill(false);
  const problems = [];
  let current = replies;
  for (let steps = 0; steps < 2000; steps++) {
    current.forEach((r, i) => { if (r !== current[0]) differs[i] = true; });
    const reply = JSON.parse(current[0]);
    if (reply.type !== 'state') break;
    const { state, legal } = reply;
    problems.push(...checkState(state, legal, rules).map((p) => `match ${g}, step ${steps}: ${p}`));
    let action;
    if (state.phase === 'over') break;
    if (state.phase === 'dealer') action = { dealer: Math.floor(random() * 3) };
    else if (state.phase === 'deal') action = { shuffle: [...rules.deck].sort(() => random() - 0.5) };
    else if (state.phase === 'auction' && random() < 0.45) action = 'pass';
    else action = legal[Math.floor(random() * legal.length)];
    const live = engines.filter((_, i) => !differs[i] || i === 0);
    const answers = await Promise.all(live.map((e) => e.ask({ type: 'step', action })));
    current = engines.map((e, i) => (live.includes(e) ? answers[live.indexOf(e)] : current[0]));
  }
  return { differs, problems };
}

async function main() {
  const args = process.argv.slice(2);
  let games = 300;
  let seed = 1;
  const bugs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--games') games = Number(args[++i]);
    else if (args[i] === '--seed') seed = Number(args[++i]);
    else if (args[i] === '--bug') bugs.push(args[++i]);
    else throw new Error(`unknown argument ${args[i]}`);
  }
  const chosen = bugs.length ? bugs : BUGS;
  const engines = [new Engine([]), ...chosen.map((b) => new Engine(['--bug', b]))];
  await Promise.all(engines.map((e) => e.ask({ type: 'hello', protocol: 'froeschis.protocol/1', game: 'frog' })));
  const counts = new Array(chosen.length).fill(0);
  const problems = [];
  for (let g = 0; g < games; g++) {
    const result = await playMatch(g, seed, engines);
    result.differs.slice(1).forEach((d, i) => { if (d) counts[i] += 1; });
    problems.push(...result.problems);
  }
  engines.forEach((e) => e.close());
  console.log(`${games} seeded random matches (seed ${seed}); matches in which a reply differs from the clean engine's:`);
  chosen.forEach((b, i) => console.log(`  ${b.padEnd(22)} ${String(counts[i]).padStart(5)}  (${((100 * counts[i]) / games).toFixed(1)}%)`));
  console.log(problems.length ? `clean engine: ${problems.length} broken invariants, first: ${problems[0]}` : 'clean engine: every invariant held');
  process.exit(problems.length || counts.some((c) => c === 0) ? 1 : 0);
}

main();
