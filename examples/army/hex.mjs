// The grid and the island's graph, written from spec/army-of-frogs (README.md, clauses.toml).
// An island is a Map from a cell key "q,r" to a colour. Every function here is pure.

// board.hex-grid: E, NE, NW, W, SW, SE.
export const DIRS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export const key = (q, r) => `${q},${r}`;
export const cellOf = (k) => k.split(',').map(Number);

// Cells in the protocol's order: q, then r.
export function cmpCells(a, b) {
  const [aq, ar] = cellOf(a);
  const [bq, br] = cellOf(b);
  return aq - bq || ar - br;
}

export function neighbours(k) {
  const [q, r] = cellOf(k);
  return DIRS.map(([dq, dr]) => key(q + dq, r + dr));
}

// island.graph: the stones a stone touches, whatever their colours.
export function links(cells, k) {
  return neighbours(k).filter((n) => cells.has(n));
}

// island.graph / island.one: whether the stones form one part.
export function connected(cells) {
  if (cells.size === 0) return true;
  const first = cells.values().next().value;
  const seen = new Set([first]);
  const todo = [first];
  while (todo.length) {
    for (const n of links(cells, todo.pop())) {
      if (!seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return seen.size === cells.size;
}

// string.definition: the maximal string that starts at the single frog v (degree 1) and runs
// through stones of exactly two connections; its stones, v first.
function stringFrom(cells, v) {
  const path = [v];
  let prev = null;
  let cur = v;
  for (;;) {
    const next = links(cells, cur).filter((n) => n !== prev);
    if (path.length > 1 && links(cells, cur).length !== 2) return path;
    if (next.length !== 1) return path;
    prev = cur;
    cur = next[0];
    if (path.includes(cur)) return path; // a loop: cannot happen from a single frog
    path.push(cur);
  }
}

// string.single-frog-end, string.length: the forbidden strings (three or more single
// connections from a single frog), each as its stones. `minLength` is 3 (the bug three-frogs: 2).
export function forbiddenStrings(cells, minLength = 3) {
  const out = [];
  for (const v of cells) {
    if (links(cells, v).length !== 1) continue;
    const path = stringFrom(cells, v);
    if (path.length - 1 >= minLength) out.push(path);
  }
  return out;
}

// string.single-connection: the bridges of the island's graph, as a Set of "a|b" (both ways).
export function bridges(cells) {
  const order = new Map();
  const low = new Map();
  const out = new Set();
  let t = 0;
  const dfs = (u, parent) => {
    order.set(u, t);
    low.set(u, t);
    t += 1;
    for (const w of links(cells, u)) {
      if (w === parent) continue;
      if (order.has(w)) {
        low.set(u, Math.min(low.get(u), order.get(w)));
      } else {
        dfs(w, u);
        low.set(u, Math.min(low.get(u), low.get(w)));
        if (low.get(w) > order.get(u)) {
          out.add(`${u}|${w}`);
          out.add(`${w}|${u}`);
        }
      }
    }
  };
  for (const c of cells) if (!order.has(c)) dfs(c, null);
  return out;
}

// The bug through-branches (string.definition~through-branches): a path of three single
// connections from a single frog, running on through stones of any degree.
export function branchingStringForbidden(cells) {
  const br = bridges(cells);
  const walk = (cur, prev, depth) => {
    if (depth === 3) return true;
    return links(cells, cur).some(
      (n) => n !== prev && br.has(`${cur}|${n}`) && walk(n, cur, depth + 1),
    );
  };
  for (const v of cells) {
    if (links(cells, v).length === 1 && walk(v, null, 0)) return true;
  }
  return false;
}

// goal.linked: at least `need` stones of the colour, all in one group of that colour.
export function linked(island, colour, need, more = false) {
  const own = new Set([...island].filter(([, c]) => c === colour).map(([k]) => k));
  if (more ? own.size <= need : own.size < need) return false;
  return connected(own);
}
