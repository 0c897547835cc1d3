// A gettext Plural-Forms rule ("nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);")
// turned into a function of n, without eval: the C expression is parsed by a small
// recursive-descent parser that knows only n, whole numbers, ( ), ! and the operators
// gettext allows (?: || && == != < > <= >= + - * / %). Anything else is refused.

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*\/%<>!?:()])/y;

function tokens(source) {
  const out = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) {
      if (/^\s*$/.test(source.slice(at))) break;
      throw new Error(`plural rule: unexpected text at ${at}: ${source}`);
    }
    out.push(match[1]);
  }
  return out;
}

const BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
const APPLY = {
  "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0),
  "==": (a, b) => (a === b ? 1 : 0), "!=": (a, b) => (a !== b ? 1 : 0),
  "<": (a, b) => (a < b ? 1 : 0), ">": (a, b) => (a > b ? 1 : 0),
  "<=": (a, b) => (a <= b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
};

/** The plural rule of a Plural-Forms header as a function from a count to a form index. */
export function pluralRule(header) {
  const found = /plural\s*=\s*([^;]+)/.exec(header || "");
  const list = tokens(found ? found[1] : "n != 1");
  let at = 0;
  const peek = () => list[at];
  const take = (want) => {
    if (want !== undefined && list[at] !== want) throw new Error(`plural rule: expected ${want}`);
    return list[at++];
  };
  const atom = () => {
    const token = take();
    if (token === "(") { const inner = ternary(); take(")"); return inner; }
    if (token === "!") { const inner = atom(); return (n) => (inner(n) ? 0 : 1); }
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token || "")) { const value = Number(token); return () => value; }
    throw new Error(`plural rule: unexpected ${token}`);
  };
  const level = (depth) => {
    if (depth === BINARY.length) return atom();
    let left = level(depth + 1);
    while (BINARY[depth].includes(peek())) {
      const apply = APPLY[take()];
      const before = left;
      const right = level(depth + 1);
      left = (n) => apply(before(n), right(n));
    }
    return left;
  };
  const ternary = () => {
    const test = level(0);
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  const rule = ternary();
  if (at !== list.length) throw new Error(`plural rule: trailing ${list[at]}`);
  return (n) => Number(rule(Math.abs(Math.trunc(n))));
}

/** The whole number a placeholder value stands for (a number, or one written out with
 *  group separators, "12 000"); null when it is none. */
export function countOf(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value !== "string") return null;
  const digits = value.replace(/[\s,.\u00a0\u202f']/g, "").replace("\u2212", "-");
  return /^-?\d+$/.test(digits) ? Number(digits) : null;
}
