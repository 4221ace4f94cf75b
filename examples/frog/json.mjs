// A small JSON parser that keeps what JSON.parse forgets: whether a number was written as an
// integer. The protocol's integers (a seat, a number of players or deals) must be JSON integers,
// so `{"dealer": 1.0}` is not `{"dealer": 1}`; a number written with a fraction or an exponent
// comes back as a JsonFloat, which no integer check accepts.

export class JsonFloat {
  constructor(value) {
    this.value = value;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

export function parseJson(text) {
  let pos = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at position ${pos}`);
  };
  const skip = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const string = () => {
    // JSON.parse decodes the escapes; find the closing quote first.
    let end = pos + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length) fail('unterminated string');
    const value = JSON.parse(text.slice(pos, end + 1));
    pos = end + 1;
    return value;
  };
  const value = (depth) => {
    if (depth > 64) fail('nested too deeply');
    skip();
    const ch = text[pos];
    if (ch === '{') {
      pos++;
      const obj = {};
      skip();
      if (text[pos] === '}') return pos++, obj;
      for (;;) {
        skip();
        if (text[pos] !== '"') fail('expected a key');
        const key = string();
        skip();
        if (text[pos++] !== ':') fail('expected ":"');
        Object.defineProperty(obj, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        skip();
        if (text[pos] === ',') pos++;
        else if (text[pos] === '}') return pos++, obj;
        else fail('expected "," or "}"');
      }
    }
    if (ch === '[') {
      pos++;
      const arr = [];
      skip();
      if (text[pos] === ']') return pos++, arr;
      for (;;) {
        arr.push(value(depth + 1));
        skip();
        if (text[pos] === ',') pos++;
        else if (text[pos] === ']') return pos++, arr;
        else fail('expected "," or "]"');
      }
    }
    if (ch === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, pos)) return (pos += word.length), v;
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (!m) fail('unexpected character');
    pos = NUMBER.lastIndex;
    const n = Number(m[0]);
    return m[1] || m[2] ? new JsonFloat(n) : n;
  };
  const result = value(0);
  skip();
  if (pos !== text.length) fail('trailing characters');
  return result;
}
