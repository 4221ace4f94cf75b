#!/usr/bin/env node
// An independent Army of Frogs engine speaking froeschis.protocol/1 (spec/protocol.md) with the data
// of spec/army-of-frogs/protocol.md, written from the specification alone. `--bug NAME` breaks one
// rule on purpose (bugs.md). Plain Node 20, no packages.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import {
  DIRS,
  key,
  cellOf,
  cmpCells,
  connected,
  forbiddenStrings,
  branchingStringForbidden,
  linked,
} from './hex.mjs';

const BUGS = new Set([
  'three-frogs',
  'destination-only',
  'through-branches',
  'island-every-landing',
  'start-occupied',
  'own-colour-free',
  'seven-means-eight',
  'draw-from-end',
  'first-no-draw',
  'no-move-ends-turn',
  'all-forty',
  'fifty-turns',
  'mover-only-wins',
]);
const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
const argv = isMain ? process.argv.slice(2) : [];
let bug = null;
if (argv[0] === '--bug' && argv.length === 2 && BUGS.has(argv[1])) bug = argv[1];
else if (argv.length) {
  process.stderr.write(`usage: engine.mjs [--bug ${[...BUGS].join('|')}]\n`);
  process.exit(2);
}

const FORMAT = 'froeschis.army-of-frogs-state/1';
const FLAGS = [
  'optional_move',
  'straight_multi_jump',
  'one_island_each_jump',
  'win_at_turn_end',
  'win_own_turn_only',
  'repetition_draw',
];
const NUMBERS = { stones_per_colour: [2, 10], link_at: [1, 10], rounds: [1, Infinity] };

class Illegal extends Error {
  constructor(reason, clause) {
    super(reason);
    this.clause = clause;
  }
}
class Unhandled extends Error {}

// ------------------------------------------------------------------ rules and setup

function checkRules(rules) {
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) {
    throw new Unhandled('rules must be an object');
  }
  const want = [...FLAGS, ...Object.keys(NUMBERS)];
  for (const k of Object.keys(rules)) if (!want.includes(k)) throw new Unhandled(`unknown rule ${k}`);
  for (const k of want) if (!(k in rules)) throw new Unhandled(`missing rule ${k}`);
  for (const k of FLAGS) if (typeof rules[k] !== 'boolean') throw new Unhandled(`${k} must be a boolean`);
  for (const [k, [lo, hi]] of Object.entries(NUMBERS)) {
    const v = rules[k];
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new Unhandled(`${k} must be an integer`);
    if (v < lo || v > hi) throw new Illegal(`${k} must be from ${lo}${hi === Infinity ? '' : ` to ${hi}`}`, 'components.stones');
  }
}

// setup.bag, components.stones: the stones of the colours in play (all-forty: of all four).
function bagContents(rules, n) {
  const colours = bug === 'all-forty' ? 4 : n;
  const out = [];
  for (let c = 0; c < colours; c++) for (let i = 0; i < rules.stones_per_colour; i++) out.push(c);
  return out;
}

function newGame(players, rules) {
  checkRules(rules);
  if (typeof players !== 'number' || !Number.isInteger(players)) throw new Unhandled('players must be an integer');
  if (players < 2 || players > 4) throw new Illegal('2, 3 or 4 players', 'players.count');
  return {
    rules,
    n: players,
    phase: 'shuffle',
    turn: 1,
    seat: 0,
    passes: 0,
    acted: false,
    island: new Map(),
    hands: Array.from({ length: players }, () => []),
    bag: bagContents(rules, players),
    winners: [],
    positions: [],
  };
}

// ------------------------------------------------------------------ legal actions

// string.checked (with the clause's helpers): whether an island breaks the string rule; `dest`
// is the cell a stone went to, looked at alone by the bug destination-only.
function stringBroken(cells, dest) {
  if (bug === 'through-branches') return branchingStringForbidden(cells);
  const bad = forbiddenStrings(cells, bug === 'three-frogs' ? 2 : 3);
  if (bug === 'destination-only') return bad.some((p) => p.includes(dest));
  return bad.length > 0;
}

// move.jump, move.multi-jump, move.start-vacated, variant.straight-multi-jump,
// variant.one-island-each-jump: the cells a stone on `start` reaches.
function reachable(st, start) {
  const occupied = new Set(st.island.keys());
  if (bug !== 'start-occupied') occupied.delete(start);
  const eachJump = st.rules.one_island_each_jump || bug === 'island-every-landing';
  const keeps = (land) => {
    if (!eachJump) return true;
    const cells = new Set(occupied);
    cells.delete(start);
    cells.add(land);
    return connected(cells);
  };
  const seen = new Set();
  const out = new Set();
  const todo = [[start, -1]];
  while (todo.length) {
    const [from, dir] = todo.pop();
    const [q, r] = cellOf(from);
    DIRS.forEach(([dq, dr], d) => {
      if (st.rules.straight_multi_jump && dir >= 0 && d !== dir) return;
      let k = 1;
      while (occupied.has(key(q + k * dq, r + k * dr))) k += 1;
      if (k === 1) return;
      const land = key(q + k * dq, r + k * dr);
      if (!keeps(land)) return;
      const state = `${land}/${st.rules.straight_multi_jump ? d : -1}`;
      if (seen.has(state)) return;
      seen.add(state);
      if (land !== start) out.add(land); // move.not-start
      todo.push([land, d]);
    });
  }
  return out;
}

// move.identity (move.own-colour, island.one, string.checked): the legal moves, sorted.
function legalMoves(st) {
  const colour = st.seat; // players.colours
  const moves = [];
  const starts = [...st.island].filter(([, c]) => c === colour).map(([k]) => k).sort(cmpCells);
  for (const a of starts) {
    for (const b of [...reachable(st, a)].sort(cmpCells)) {
      const cells = new Set(st.island.keys());
      cells.delete(a);
      cells.add(b);
      if (!connected(cells)) continue; // island.one
      if (stringBroken(cells, b)) continue;
      moves.push([a, b]);
    }
  }
  return moves;
}

// add.from-hand, add.touch, add.own-colour-apart, string.checked, turn.first-placement.
function legalAdds(st) {
  const colours = [...new Set(st.hands[st.seat])].sort((x, y) => x - y);
  let cells;
  if (st.island.size === 0) cells = ['0,0'];
  else {
    const around = new Set();
    for (const k of st.island.keys()) {
      for (const nb of neighboursOf(k)) if (!st.island.has(nb)) around.add(nb);
    }
    cells = [...around].sort(cmpCells);
  }
  const adds = [];
  for (const c of colours) {
    for (const x of cells) {
      if (c === st.seat && bug !== 'own-colour-free' && neighboursOf(x).some((nb) => st.island.get(nb) === c)) continue;
      const after = new Set(st.island.keys());
      after.add(x);
      if (stringBroken(after, x)) continue;
      adds.push([c, x]);
    }
  }
  return adds;
}

function neighboursOf(k) {
  const [q, r] = cellOf(k);
  return DIRS.map(([dq, dr]) => key(q + dq, r + dr));
}

function legal(st) {
  if (st.phase === 'move') {
    const moves = legalMoves(st).map(([a, b]) => `move ${a} ${b}`);
    if (moves.length === 0 || st.rules.optional_move) moves.push('no-move');
    return moves;
  }
  if (st.phase === 'add') {
    const adds = legalAdds(st).map(([c, x]) => `add ${c} ${x}`);
    if (adds.length === 0) adds.push('no-add');
    return adds;
  }
  return [];
}

// ------------------------------------------------------------------ the course of a game

// goal.linked, goal.when-checked, goal.any-seat, variant.*: check at a moment; true when won.
function checkGoal(st, moment, ev) {
  const r = st.rules;
  const ownOnly = r.win_own_turn_only;
  if (moment === 'start' && !ownOnly) return false;
  if (moment !== 'start') {
    const now = r.win_at_turn_end ? moment === 'end' : moment !== 'end';
    if (!now) return false;
  }
  const seats = ownOnly || bug === 'mover-only-wins'
    ? [st.seat]
    : Array.from({ length: st.n }, (_, i) => (st.seat + i) % st.n);
  for (const s of seats) {
    if (linked(st.island, s, r.link_at, bug === 'seven-means-eight')) {
      st.winners = [s];
      st.phase = 'over';
      const clauses = ['goal.linked'];
      if (moment !== 'start') clauses.push(r.win_at_turn_end ? 'variant.win-at-turn-end' : 'goal.when-checked');
      clauses.push(ownOnly ? 'variant.win-own-turn-only' : 'goal.any-seat', 'goal.one-winner');
      ev.push({ kind: 'won', clauses, seats: [s] });
      return true;
    }
  }
  return false;
}

function translated(island) {
  const cells = [...island.keys()].sort(cmpCells);
  if (cells.length === 0) return [];
  const [q0, r0] = cellOf(cells[0]);
  return cells.map((k) => {
    const [q, r] = cellOf(k);
    return [q - q0, r - r0, island.get(k)];
  });
}

// The start of a turn (step 5 of spec/army-of-frogs/protocol.md).
function startTurn(st, ev) {
  st.phase = 'move';
  st.acted = false;
  if (checkGoal(st, 'start', ev)) return;
  if (st.rules.repetition_draw) {
    const here = { seat: st.seat, island: translated(st.island) };
    st.positions = st.positions.filter((p) => p.island.length >= here.island.length);
    st.positions.push(here);
    const text = JSON.stringify(here);
    if (st.positions.filter((p) => JSON.stringify(p) === text).length >= 3) {
      st.phase = 'over';
      ev.push({ kind: 'ended', clauses: ['variant.repetition-draw'] });
    }
  }
}

// The end of a turn (step 4): the goal, end.no-action, end.turn-limit, turn.order.
function endTurn(st, ev) {
  if (checkGoal(st, 'end', ev)) return;
  st.passes = st.acted ? 0 : st.passes + 1;
  if (st.passes >= st.n) {
    st.phase = 'over';
    ev.push({ kind: 'ended', clauses: ['end.no-action'] });
    return;
  }
  const last = bug === 'fifty-turns' ? st.rules.rounds : st.rules.rounds * st.n;
  if (st.turn >= last) {
    st.phase = 'over';
    ev.push({ kind: 'ended', clauses: ['end.turn-limit'] });
    return;
  }
  const first = st.turn === 1;
  st.turn += 1;
  st.seat = (st.seat + 1) % st.n;
  ev.push({
    kind: 'turn-started',
    clauses: first ? ['turn.first-placement', 'turn.order'] : ['turn.order'],
    seat: st.seat,
  });
  startTurn(st, ev);
}

function draw(st) {
  return bug === 'draw-from-end' ? st.bag.pop() : st.bag.shift();
}

function shuffle(st, order, ev) {
  const want = [...st.bag].sort((a, b) => a - b).join(',');
  if (!Array.isArray(order) || !order.every((c) => Number.isInteger(c)) || [...order].sort((a, b) => a - b).join(',') !== want) {
    throw new Illegal('the shuffle must be an order of exactly the bag\'s stones', 'setup.shuffle');
  }
  st.hands = st.hands.map((_, s) => [order[2 * s], order[2 * s + 1]].sort((a, b) => a - b));
  st.bag = order.slice(2 * st.n);
  ev.push({ kind: 'dealt', clauses: ['setup.shuffle', 'setup.hands', 'setup.bag', 'components.stones'] });
  ev.push({ kind: 'turn-started', clauses: ['turn.first-seat'], seat: 0 });
  startTurn(st, ev);
}

function step(st, action) {
  const ev = [];
  if (st.phase === 'over') throw new Illegal('the game is over', 'game.returns');
  if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
    if (st.phase !== 'shuffle' || Object.keys(action).length !== 1 || !('shuffle' in action)) {
      throw new Illegal('no chance outcome is due', 'setup.shuffle');
    }
    shuffle(st, action.shuffle, ev);
    return ev;
  }
  if (typeof action !== 'string') throw new Illegal('an action is a string or a shuffle', 'turn.parts');
  if (st.phase === 'shuffle') throw new Illegal('the bag must be shuffled first', 'setup.shuffle');
  const options = legal(st);
  if (!options.includes(action)) {
    const clause = st.phase === 'move' ? (action === 'no-move' ? 'move.compulsory' : 'move.identity') : 'add.from-hand';
    throw new Illegal(`${JSON.stringify(action)} is not legal in phase ${st.phase}`, clause);
  }
  const words = action.split(' ');
  if (words[0] === 'move') {
    const [a, b] = [words[1], words[2]];
    const c = st.island.get(a);
    st.island.delete(a);
    st.island.set(b, c);
    st.acted = true;
    const moved = {
      kind: 'moved',
      clauses: [
        'move.identity', 'move.own-colour', 'move.jump',
        st.rules.straight_multi_jump ? 'variant.straight-multi-jump' : 'move.multi-jump',
        'move.start-vacated', 'move.not-start', 'island.one',
        ...(st.rules.one_island_each_jump ? ['variant.one-island-each-jump'] : []), 'string.checked',
      ],
      seat: st.seat,
      colour: c,
      start: cellOf(a),
      end: cellOf(b),
    };
    ev.push(moved);
    if (checkGoal(st, 'move', ev)) return ev;
    moved.clauses.push('turn.parts'); // the add part follows
    st.phase = 'add';
  } else if (action === 'no-move') {
    const had = legalMoves(st).length > 0;
    let clauses = ['turn.pass', 'move.compulsory'];
    if (st.rules.optional_move) clauses = had ? ['variant.optional-move', 'turn.pass'] : ['turn.pass', 'variant.optional-move'];
    ev.push({ kind: 'no-move', clauses, seat: st.seat });
    if (bug === 'no-move-ends-turn' && !had && st.turn > 1) {
      endTurn(st, ev);
    } else {
      clauses.push('turn.parts'); // the add part follows
      st.phase = 'add';
    }
  } else if (words[0] === 'add') {
    const c = Number(words[1]);
    const first = st.island.size === 0;
    st.island.set(words[2], c);
    const hand = st.hands[st.seat];
    hand.splice(hand.indexOf(c), 1);
    st.acted = true;
    ev.push({
      kind: 'added',
      clauses: first
        ? ['add.from-hand', 'turn.first-placement']
        : ['add.from-hand', 'add.touch', 'add.own-colour-apart', 'string.checked'],
      seat: st.seat,
      colour: c,
      end: cellOf(words[2]),
    });
    if (checkGoal(st, 'add', ev)) return ev;
    if (st.bag.length && !(bug === 'first-no-draw' && st.turn === 1)) {
      const d = draw(st);
      hand.push(d);
      hand.sort((x, y) => x - y);
      ev.push({ kind: 'drew', clauses: ['draw.replace'], seat: st.seat, colour: d });
    }
    endTurn(st, ev);
  } else {
    const clauses = st.hands[st.seat].length ? ['turn.pass'] : ['turn.pass', 'add.none-left'];
    ev.push({ kind: 'no-add', clauses, seat: st.seat });
    endTurn(st, ev);
  }
  return ev;
}

// ------------------------------------------------------------------ the protocol

function stateJson(st) {
  return {
    format: FORMAT,
    rules: st.rules,
    phase: st.phase,
    turn: st.turn,
    seat: st.seat,
    passes: st.passes,
    acted: st.acted,
    island: [...st.island.keys()].sort(cmpCells).map((k) => [...cellOf(k), st.island.get(k)]),
    hands: st.hands.map((h) => [...h]),
    bag: [...st.bag],
    winners: [...st.winners],
    positions: st.positions.map((p) => ({ seat: p.seat, island: p.island })),
  };
}

function reply(st, ev) {
  return { type: 'state', state: stateJson(st), legal: legal(st), events: ev };
}

// JSON.parse cannot tell 1 from 1.0: a number with a fraction or an exponent in the raw request
// is refused as no integer.
function hasNonInteger(line) {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if ((ch === '.' || ch === 'e' || ch === 'E') && /[0-9]/.test(line[i - 1] ?? '')) return true;
  }
  return false;
}

const clone = (st) => ({
  ...st,
  island: new Map(st.island),
  hands: st.hands.map((h) => [...h]),
  bag: [...st.bag],
  winners: [...st.winners],
  positions: [...st.positions],
});

let game = null;
let greeted = false;

function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return { type: 'error', message: 'not JSON' };
  }
  if (req === null || typeof req !== 'object') return { type: 'error', message: 'a request is an object' };
  try {
    if (req.type === 'hello') {
      if (req.protocol !== 'froeschis.protocol/1') return { type: 'error', message: 'unknown protocol' };
      if (req.game !== 'army-of-frogs') return { type: 'error', message: `this engine plays army-of-frogs, not ${req.game ?? 'froeschis'}` };
      greeted = true;
      return {
        type: 'hello',
        protocol: 'froeschis.protocol/1',
        engine: `army-example-node 1.0${bug ? ` (--bug ${bug})` : ''}`,
        game: 'army-of-frogs',
        events: true,
        rules: [...FLAGS, ...Object.keys(NUMBERS)],
      };
    }
    if (!greeted) return { type: 'error', message: 'hello first' };
    if (req.type === 'new-game') {
      if (hasNonInteger(line)) throw new Unhandled('numbers must be integers');
      game = newGame(req.players, req.rules);
      return reply(game, []);
    }
    if (req.type === 'step') {
      if (!game) return { type: 'error', message: 'no game: new-game first' };
      if (hasNonInteger(line)) throw new Illegal('numbers must be integers', 'setup.shuffle');
      const next = clone(game);
      const ev = step(next, req.action);
      game = next;
      return reply(game, ev);
    }
    return { type: 'error', message: `unknown request ${req.type}` };
  } catch (e) {
    if (e instanceof Illegal) return { type: 'illegal', reason: e.message, clause: e.clause };
    if (e instanceof Unhandled) return { type: 'error', message: e.message };
    throw e;
  }
}

// For differ.mjs, which plays the clean engine and a buggy one side by side in one process.
export function setBug(name) {
  bug = name;
}
export { BUGS, newGame, step, legal, clone, stateJson };

const rl = isMain ? createInterface({ input: process.stdin }) : null;
rl?.on('line', (line) => {
  if (!line.trim()) return;
  let parsed = null;
  try {
    parsed = JSON.parse(line);
  } catch {
    /* handled below */
  }
  if (parsed && parsed.type === 'quit') {
    rl.close();
    return;
  }
  process.stdout.write(`${JSON.stringify(handle(line))}\n`);
});
