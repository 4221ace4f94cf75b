#!/usr/bin/env node
// Plays seeded random games on the clean engine and on every buggy one side by side (the same
// shuffle, the buggy engine choosing the clean engine's action when it is legal for it, else its own
// first) and counts the games in which a reply differs: `node examples/army/differ.mjs [--games N]`.
// Checks the clean engine's invariants on the way (one island, no forbidden string, full hands).
import { BUGS, setBug, newGame, step, legal, clone, stateJson } from './engine.mjs';
import { connected, forbiddenStrings } from './hex.mjs';

const games = Number(process.argv[process.argv.indexOf('--games') + 1] || 100) || 100;
let seed = 12345;
const rand = () => {
  seed = (seed * 48271) % 2147483647; // Park-Miller: exact in doubles
  return (seed - 1) / 2147483646;
};
const RULES = {
  optional_move: false, straight_multi_jump: false, one_island_each_jump: false,
  win_at_turn_end: false, win_own_turn_only: false, repetition_draw: false,
  stones_per_colour: 10, link_at: 7, rounds: 50,
};

function shuffled(bag) {
  const a = [...bag];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function invariants(st) {
  const cells = new Set(st.island.keys());
  if (!connected(cells)) throw new Error('island in parts');
  if (forbiddenStrings(cells).length) throw new Error('forbidden string');
  if (st.bag.length && st.phase !== 'over' && st.hands.some((h) => h.length !== 2) && st.phase === 'move') throw new Error('hand not full');
}

const differs = Object.fromEntries([...BUGS].map((b) => [b, 0]));
const plays = [];
for (let g = 0; g < games; g++) {
  const n = 2 + (g % 3);
  const rules = { ...RULES, link_at: 3 + (g % 5), stones_per_colour: 4 + (g % 7) };
  setBug(null);
  const clean = newGame(n, rules);
  const order = shuffled(clean.bag);
  step(clean, { shuffle: order });
  const actions = [];
  while (clean.phase !== 'over') {
    invariants(clean);
    const options = legal(clean);
    const a = options[Math.floor(rand() * options.length)];
    actions.push(a);
    step(clean, a);
  }
  plays.push([n, rules, order, actions]);
}
for (const bug of BUGS) {
  for (const [n, rules, order, actions] of plays) {
    setBug(null);
    const clean = newGame(n, rules);
    setBug(bug);
    let buggy;
    let differ = false;
    try {
      buggy = newGame(n, rules);
      step(buggy, { shuffle: order });
    } catch {
      differ = true;
    }
    setBug(null);
    step(clean, { shuffle: order });
    for (const a of actions) {
      if (differ) break;
      setBug(null);
      const want = JSON.stringify([stateJson(clean), legal(clean)]);
      setBug(bug);
      const got = JSON.stringify([stateJson(buggy), legal(buggy)]);
      if (want !== got) {
        differ = true;
        break;
      }
      setBug(null);
      step(clean, a);
      setBug(bug);
      try {
        step(buggy, a);
      } catch {
        differ = true;
      }
    }
    if (differ) differs[bug] += 1;
  }
}
setBug(null);
console.log(`${games} games, clean invariants held`);
for (const [b, k] of Object.entries(differs)) console.log(`${b.padEnd(22)} ${k}`);
