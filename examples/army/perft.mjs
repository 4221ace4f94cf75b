#!/usr/bin/env node
// Recounts spec/army-of-frogs/perft.toml with this engine: `node examples/army/perft.mjs [FILE]`.
// Reads the position notation of spec/army-of-frogs/protocol.md ("The notation").
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { newGame, step, legal, clone } from './engine.mjs';

const FLAGS = ['optional_move', 'straight_multi_jump', 'one_island_each_jump', 'win_at_turn_end', 'win_own_turn_only', 'repetition_draw'];

export function parse(text) {
  const [head, status, island, hands, bag, positions] = text.split(';');
  const m = /^AoF([234])((?:\+[a-z_=0-9]+)*)$/.exec(head);
  if (!m) throw new Error(`bad header ${head}`);
  const rules = Object.fromEntries(FLAGS.map((f) => [f, false]));
  Object.assign(rules, { stones_per_colour: 10, link_at: 7, rounds: 50 });
  for (const opt of m[2].split('+').slice(1)) {
    const [k, v] = opt.split('=');
    if (v === undefined) rules[k] = true;
    else rules[{ stones: 'stones_per_colour', link: 'link_at', rounds: 'rounds' }[k]] = Number(v);
  }
  const st = newGame(Number(m[1]), rules);
  const words = status.split(' ');
  st.phase = words[0];
  for (const w of words.slice(1)) {
    if (w === 'acted') st.acted = true;
    else if (w[0] === 't') st.turn = Number(w.slice(1));
    else if (w[0] === 's') st.seat = Number(w.slice(1));
    else if (w[0] === 'p') st.passes = Number(w.slice(1));
    else if (w[0] === 'w') st.winners = [Number(w.slice(1))];
  }
  st.island = new Map();
  if (island !== '-') {
    for (const s of island.split(' ')) {
      const [cell, c] = s.split(':');
      st.island.set(cell, Number(c));
    }
  }
  st.hands = hands.split('/').map((h) => (h === '-' ? [] : [...h].map(Number)));
  st.bag = bag === '-' ? [] : [...bag].map(Number);
  if (positions) throw new Error('positions are not read here');
  return st;
}

export function perft(st, depth) {
  if (depth === 0) return 1;
  const acts = legal(st);
  if (depth === 1) return acts.length;
  let n = 0;
  for (const a of acts) {
    const next = clone(st);
    step(next, a);
    n += perft(next, depth - 1);
  }
  return n;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = readFileSync(process.argv[2] ?? new URL('../../spec/army-of-frogs/perft.toml', import.meta.url), 'utf8');
  let bad = 0;
  for (const block of text.split('[[position]]').slice(1)) {
    const name = /name = "([^"]*)"/.exec(block)[1];
    const notation = /notation = "([^"]*)"/.exec(block)[1];
    const want = JSON.parse(/\nperft = (\[[^\]]*\])/.exec(block)[1]);
    const got = want.map((_, i) => perft(parse(notation), i + 1));
    const ok = JSON.stringify(got) === JSON.stringify(want);
    if (!ok) bad += 1;
    console.log(`${ok ? 'ok  ' : 'DIFF'} ${name}: ${JSON.stringify(got)}${ok ? '' : ` want ${JSON.stringify(want)}`}`);
  }
  process.exit(bad ? 1 : 0);
}
