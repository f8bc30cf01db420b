/**
 * Compiling a RegEx that the server sends (the `Rule: [{ RegEx }]` items of RequiredAdditionalInformation,
 * reference § "Other" and § CreateWithdrawalBeneficiary.AdditionalInformation) without letting it hang the
 * page. A backtracking engine (V8, SpiderMonkey, JavaScriptCore) can take exponential or high-polynomial time
 * on a badly written pattern, and a synchronous `RegExp#test` cannot be interrupted, so the pattern is
 * analysed BEFORE it is run and refused when it could be slow. No runtime dependency: the analysis is a small
 * parser of the ECMAScript pattern syntax plus three checks.
 *
 * 1. Star height ≤ 1, the approach of the `safe-regex` package (https://github.com/substack/safe-regex, now
 *    maintained as https://github.com/davisjam/safe-regex): a repeated group must not contain another
 *    quantifier (`(a+)+`, `(.*a){20}`, `(a?)*`), and, as that package's default `limit`, at most 25
 *    quantifiers are allowed in one pattern. Unlike `safe-regex`, a group that is only optional (`(\.\d+)?`,
 *    `{0,1}`) may contain quantifiers: it is tried at most twice, so it cannot blow up by nesting (check 3
 *    still counts its choices).
 * 2. No ambiguous alternation under a quantifier, which star height misses: inside a quantified group every
 *    alternation must have branches that start with pairwise disjoint characters and none may match the
 *    empty string (`(a|a)*`, `(a|aa)+`, `(\w|\d)+` are refused; `(A|B)+`, `([A-Z]|[0-9])+` pass).
 * 3. A backtracking budget for the polynomial cases left (`.*.*.*x`, `\d+\d+\d+x`, `(a|a)(a|a)…`): adjacent
 *    variable-length items that can consume the same characters form a chain, and the number of ways a chain
 *    can split the input grows as the product of their ranges. The estimate (start positions × worst chain ×
 *    items) must stay under `REGEX_BUDGET`, computed with inputs capped at `MAX_TESTED_VALUE_LENGTH`.
 *
 * Also refused: patterns longer than `MAX_RULE_LENGTH`; backreferences (`\1`, `\k<name>`), whose matching is
 * NP-hard in general; escapes that ECMAScript would silently read as a plain letter although .NET (the server
 * side) gives them a meaning (`\A`, `\Z`, `\z`, `\G`, `\p{L}`, …); anything `new RegExp` refuses. Lookahead
 * and lookbehind are accepted and analysed like groups. The pattern is compiled without flags: the rule is
 * matched as written, unanchored unless it says `^`/`$` (the .NET `Regex.IsMatch` semantics).
 *
 * The analysis errs on the side of refusing: some patterns that would in fact be fast are refused. Check 3
 * is a heuristic model of a backtracking engine, not a proof; the value cap bounds what it could miss. A
 * fast-check test runs generated patterns that pass on worst-case inputs and asserts they stay fast.
 */

/** Longest rule accepted, in UTF-16 code units. Real field rules are far shorter. */
export const MAX_RULE_LENGTH = 512;

/** Longest value tested against a rule; a longer value is reported as `too_long` instead of being run. */
export const MAX_TESTED_VALUE_LENGTH = 256;

/** Most quantifiers in one rule (the `limit` default of the `safe-regex` package). */
export const MAX_QUANTIFIERS = 25;

/**
 * Largest accepted backtracking estimate. Calibrated on V8: estimates of this size run in tens of
 * milliseconds at worst with a `MAX_TESTED_VALUE_LENGTH` input; `.*.*.*x` (estimate ≈ 1.7e10) took 1.2 s.
 */
export const REGEX_BUDGET = 1e8;

export type UnsafeRegexReason =
  | "too_long"
  | "syntax"
  | "unsupported_escape"
  | "backreference"
  | "nested_quantifier"
  | "too_many_quantifiers"
  | "ambiguous_alternation"
  | "too_complex";

export type CompiledRule =
  | { readonly ok: true; readonly regex: RegExp }
  | { readonly ok: false; readonly reason: UnsafeRegexReason; readonly message: string };

/** Compiles `source` when it is valid and safe to run on values of up to `MAX_TESTED_VALUE_LENGTH` characters. */
export function compileSafeRegex(source: string): CompiledRule {
  if (typeof source !== "string") return refuse("syntax", "The rule is not a string.");
  if (source.length > MAX_RULE_LENGTH) {
    return refuse("too_long", `The rule is longer than ${MAX_RULE_LENGTH} characters.`);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(source);
  } catch (error) {
    return refuse("syntax", `The rule is not a valid regular expression: ${(error as Error).message}`);
  }
  const parsed = parsePattern(source);
  if (!isAlternation(parsed)) return parsed;
  const unsafe = checkSafety(parsed);
  return unsafe ?? { ok: true, regex };
}

/** Convenience for callers that only need a yes/no answer. */
export function isSafeRegex(source: string): boolean {
  return compileSafeRegex(source).ok;
}

function refuse(reason: UnsafeRegexReason, message: string): CompiledRule {
  return { ok: false, reason, message };
}

// ---------------------------------------------------------------------------------------------------------
// Character sets: sorted, disjoint, inclusive UTF-16 code unit ranges. Only used to decide whether two items
// can consume the same character, so approximations must err towards "overlapping".

type CharSet = readonly (readonly [number, number])[];

const MAX_CODE_UNIT = 0xffff;
const NONE: CharSet = [];
const DIGITS: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript WhiteSpace and LineTerminator code points (the `\s` class).
const SPACE: CharSet = /* @__PURE__ */ normalise([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const LINE_TERMINATORS: CharSet = /* @__PURE__ */ normalise([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
const DOT = /* @__PURE__ */ complement(LINE_TERMINATORS);

function single(code: number): CharSet {
  return [[code, code]];
}

function normalise(ranges: readonly (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function union(a: CharSet, b: CharSet): CharSet {
  return a.length === 0 ? b : b.length === 0 ? a : normalise([...a, ...b]);
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_UNIT) out.push([next, MAX_CODE_UNIT]);
  return out;
}

function overlaps(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as readonly [number, number];
    const y = b[j] as readonly [number, number];
    if (x[1] < y[0]) i++;
    else if (y[1] < x[0]) j++;
    else return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// A small AST of the pattern: an alternation of sequences of quantified terms.

type Atom =
  | { readonly kind: "chars"; readonly set: CharSet }
  | { readonly kind: "assertion" } // ^ $ \b \B: zero width, no choice
  | { readonly kind: "group"; readonly lookaround: boolean; readonly body: Alternation };

interface Term {
  readonly atom: Atom;
  readonly min: number;
  readonly max: number; // Infinity when unbounded
}

type Sequence = readonly Term[];

interface Alternation {
  readonly kind: "alternation";
  readonly branches: readonly Sequence[];
}

function isAlternation(value: Alternation | CompiledRule): value is Alternation {
  return "kind" in value && value.kind === "alternation";
}

/**
 * Recursive-descent parser for the ECMAScript (Annex B, no flags) pattern grammar. Runs only on a pattern
 * that `new RegExp` accepted, so it does not report syntax errors itself; it reports the constructs that
 * the safety rules refuse. Nesting depth is bounded by `MAX_RULE_LENGTH`, so recursion cannot overflow.
 */
function parsePattern(source: string): Alternation | CompiledRule {
  let pos = 0;
  let failure: CompiledRule | undefined;

  const fail = (reason: UnsafeRegexReason, message: string): undefined => {
    failure ??= refuse(reason, message);
    return undefined;
  };

  function parseAlternation(): Alternation {
    const branches: Sequence[] = [parseSequence()];
    while (failure === undefined && source[pos] === "|") {
      pos++;
      branches.push(parseSequence());
    }
    return { kind: "alternation", branches };
  }

  function parseSequence(): Sequence {
    const terms: Term[] = [];
    while (failure === undefined && pos < source.length && source[pos] !== "|" && source[pos] !== ")") {
      const atom = parseAtom();
      if (atom === undefined) break;
      const [min, max] = parseQuantifier();
      terms.push({ atom, min, max });
    }
    return terms;
  }

  function parseAtom(): Atom | undefined {
    const char = source[pos] as string;
    pos++;
    switch (char) {
      case "^":
      case "$":
        return { kind: "assertion" };
      case ".":
        return { kind: "chars", set: DOT };
      case "[":
        return parseClass();
      case "(":
        return parseGroup();
      case "\\":
        return parseEscape();
      default:
        return { kind: "chars", set: single(char.charCodeAt(0)) };
    }
  }

  function parseGroup(): Atom | undefined {
    let lookaround = false;
    if (source[pos] === "?") {
      const next = source[pos + 1];
      if (next === ":") pos += 2;
      else if (next === "=" || next === "!") {
        pos += 2;
        lookaround = true;
      } else if (next === "<" && (source[pos + 2] === "=" || source[pos + 2] === "!")) {
        pos += 3;
        lookaround = true;
      } else if (next === "<") {
        const close = source.indexOf(">", pos);
        if (close < 0) return fail("syntax", "Unterminated group name.");
        pos = close + 1;
      } else {
        return fail("syntax", "Unsupported group syntax.");
      }
    }
    const body = parseAlternation();
    if (source[pos] !== ")") return fail("syntax", "Unterminated group.");
    pos++;
    return { kind: "group", lookaround, body };
  }

  /** `[...]`: the union of its members, complemented when it starts with `^`. */
  function parseClass(): Atom | undefined {
    let negated = false;
    if (source[pos] === "^") {
      negated = true;
      pos++;
    }
    let set: CharSet = NONE;
    // In ECMAScript a `]` always closes the class: `[]` matches nothing and `[^]` everything.
    while (pos < source.length && source[pos] !== "]") {
      const low = parseClassMember();
      if (low === undefined) return undefined;
      if (source[pos] === "-" && source[pos + 1] !== "]" && pos + 1 < source.length && typeof low === "number") {
        pos++;
        const high = parseClassMember();
        if (high === undefined) return undefined;
        // Annex B: a range with a class escape at one end (`[\d-z]`) is the union of both ends and `-`.
        set =
          typeof high === "number"
            ? union(set, [[low, high]])
            : union(union(set, single(low)), union(high, single(0x2d)));
      } else {
        set = union(set, typeof low === "number" ? single(low) : low);
      }
    }
    if (source[pos] !== "]") return fail("syntax", "Unterminated character class.");
    pos++;
    return { kind: "chars", set: negated ? complement(set) : set };
  }

  /** One class member: a code unit, or a set for `\d`, `\w`, `\s` and their negations. */
  function parseClassMember(): number | CharSet | undefined {
    const char = source[pos] as string;
    pos++;
    if (char !== "\\") return char.charCodeAt(0);
    const escaped = source[pos];
    if (escaped === "b") {
      pos++;
      return 0x08; // backspace inside a class
    }
    if (escaped === "-") {
      pos++;
      return 0x2d;
    }
    const atom = parseEscape();
    if (atom === undefined || atom.kind !== "chars") return atom === undefined ? undefined : NONE;
    const range = atom.set[0];
    return atom.set.length === 1 && range !== undefined && range[0] === range[1] ? range[0] : atom.set;
  }

  /** After a backslash. */
  function parseEscape(): Atom | undefined {
    const char = source[pos];
    if (char === undefined) return fail("syntax", "Trailing backslash.");
    pos++;
    switch (char) {
      case "d":
        return { kind: "chars", set: DIGITS };
      case "D":
        return { kind: "chars", set: complement(DIGITS) };
      case "w":
        return { kind: "chars", set: WORD };
      case "W":
        return { kind: "chars", set: complement(WORD) };
      case "s":
        return { kind: "chars", set: SPACE };
      case "S":
        return { kind: "chars", set: complement(SPACE) };
      case "b":
      case "B":
        return { kind: "assertion" };
      case "t":
        return { kind: "chars", set: single(0x09) };
      case "n":
        return { kind: "chars", set: single(0x0a) };
      case "v":
        return { kind: "chars", set: single(0x0b) };
      case "f":
        return { kind: "chars", set: single(0x0c) };
      case "r":
        return { kind: "chars", set: single(0x0d) };
      case "0":
        if (/[0-9]/.test(source[pos] ?? "")) return fail("unsupported_escape", "Octal escapes are not supported.");
        return { kind: "chars", set: single(0) };
      case "c": {
        const letter = source[pos] ?? "";
        if (!/[A-Za-z]/.test(letter)) return fail("unsupported_escape", "Unsupported escape \\c.");
        pos++;
        return { kind: "chars", set: single(letter.charCodeAt(0) % 32) };
      }
      case "x":
        return hexEscape(2);
      case "u":
        return hexEscape(4);
      case "k":
        return fail("backreference", "Backreferences are not allowed in a rule.");
      default:
        if (char >= "1" && char <= "9") return fail("backreference", "Backreferences are not allowed in a rule.");
        // Identity escapes: only punctuation. `\A`, `\z`, `\p{L}`… mean something in .NET but would be read
        // as plain letters here, so they are refused instead of silently matching something else.
        if (/[A-Za-z0-9_]/.test(char)) return fail("unsupported_escape", `Unsupported escape \\${char}.`);
        return { kind: "chars", set: single(char.charCodeAt(0)) };
    }
  }

  function hexEscape(digits: number): Atom | undefined {
    const hex = source.slice(pos, pos + digits);
    if (hex.length !== digits || !/^[0-9A-Fa-f]+$/.test(hex)) {
      return fail("unsupported_escape", "Incomplete hexadecimal escape.");
    }
    pos += digits;
    return { kind: "chars", set: single(Number.parseInt(hex, 16)) };
  }

  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy; `[1, 1]` when there is none. */
  function parseQuantifier(): [number, number] {
    const char = source[pos];
    let bounds: [number, number] | undefined;
    if (char === "*") bounds = [0, Infinity];
    else if (char === "+") bounds = [1, Infinity];
    else if (char === "?") bounds = [0, 1];
    if (bounds !== undefined) pos++;
    else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (match === null) return [1, 1]; // Annex B: a lone `{` is a literal, read as the next atom
      pos += match[0].length;
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
      bounds = [min, max];
    } else return [1, 1];
    if (source[pos] === "?") pos++; // lazy: same search space
    return bounds;
  }

  const tree = parseAlternation();
  if (failure !== undefined) return failure;
  if (pos !== source.length) return refuse("syntax", "Unbalanced parenthesis.");
  return tree;
}

// ---------------------------------------------------------------------------------------------------------
// The safety checks.

function isQuantified(term: Term): boolean {
  return term.min !== 1 || term.max !== 1;
}

function checkSafety(tree: Alternation): CompiledRule | undefined {
  const quantifiers = countQuantifiers(tree);
  if (quantifiers > MAX_QUANTIFIERS) {
    return refuse("too_many_quantifiers", `The rule has ${quantifiers} quantifiers; at most ${MAX_QUANTIFIERS} are allowed.`);
  }
  const structural = checkQuantifiedGroups(tree);
  if (structural !== undefined) return structural;
  const cost = estimateCost(tree);
  if (cost > REGEX_BUDGET) {
    return refuse("too_complex", "The rule could take too long to run (overlapping repetitions).");
  }
  return undefined;
}

function countQuantifiers(tree: Alternation): number {
  let count = 0;
  for (const branch of tree.branches) {
    for (const term of branch) {
      if (isQuantified(term)) count++;
      if (term.atom.kind === "group") count += countQuantifiers(term.atom.body);
    }
  }
  return count;
}

/** Checks 1 and 2 of the module comment, on every quantified group at any depth. */
function checkQuantifiedGroups(tree: Alternation): CompiledRule | undefined {
  for (const branch of tree.branches) {
    for (const term of branch) {
      if (term.atom.kind !== "group") continue;
      if (isQuantified(term) && term.max > 1) {
        if (countQuantifiers(term.atom.body) > 0) {
          return refuse("nested_quantifier", "The rule repeats a group that itself contains a repetition.");
        }
        if (hasAmbiguousAlternation(term.atom.body)) {
          return refuse("ambiguous_alternation", "The rule repeats a choice whose alternatives can match the same text.");
        }
      }
      const inner = checkQuantifiedGroups(term.atom.body);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** True when some alternation in `tree` (at any depth) has overlapping or empty-matching branches. */
function hasAmbiguousAlternation(tree: Alternation): boolean {
  if (branchesOverlap(tree.branches)) return true;
  return tree.branches.some((branch) =>
    branch.some((term) => term.atom.kind === "group" && hasAmbiguousAlternation(term.atom.body)),
  );
}

/** True when two of several branches can start with the same character, or one can match the empty string. */
function branchesOverlap(branches: readonly Sequence[]): boolean {
  if (branches.length < 2) return false;
  const firsts: CharSet[] = [];
  for (const branch of branches) {
    const shape = describeSequence(branch);
    if (shape.nullable) return true;
    if (firsts.some((seen) => overlaps(seen, shape.first))) return true;
    firsts.push(shape.first);
  }
  return false;
}

interface Shape {
  /** Every character the item can consume. */
  readonly chars: CharSet;
  /** Characters it can start with. */
  readonly first: CharSet;
  /** Whether it can match the empty string. */
  readonly nullable: boolean;
}

function describeAtom(atom: Atom): Shape {
  if (atom.kind === "chars") return { chars: atom.set, first: atom.set, nullable: false };
  if (atom.kind === "assertion" || atom.lookaround) return { chars: NONE, first: NONE, nullable: true };
  return describeAlternation(atom.body);
}

function describeTerm(term: Term): Shape {
  const shape = describeAtom(term.atom);
  return term.min === 0 ? { ...shape, nullable: true } : shape;
}

function describeSequence(sequence: Sequence): Shape {
  let chars: CharSet = NONE;
  let first: CharSet = NONE;
  let nullable = true;
  for (const term of sequence) {
    const shape = describeTerm(term);
    chars = union(chars, shape.chars);
    if (nullable) first = union(first, shape.first);
    nullable &&= shape.nullable;
  }
  return { chars, first, nullable };
}

/** Shapes already computed: nested groups are described once, not once per enclosing level. */
const shapes = /* @__PURE__ */ new WeakMap<Alternation, Shape>();

function describeAlternation(tree: Alternation): Shape {
  const known = shapes.get(tree);
  if (known !== undefined) return known;
  let chars: CharSet = NONE;
  let first: CharSet = NONE;
  let nullable = false;
  for (const branch of tree.branches) {
    const shape = describeSequence(branch);
    chars = union(chars, shape.chars);
    first = union(first, shape.first);
    nullable ||= shape.nullable;
  }
  const shape = { chars, first, nullable };
  shapes.set(tree, shape);
  return shape;
}

/**
 * Check 3: start positions × worst chain × number of items. A chain is a run of items in one sequence that
 * can consume the same characters; each variable-length item multiplies the chain by its number of choices.
 */
function estimateCost(tree: Alternation): number {
  const anchored = tree.branches.every((branch) => isStartAnchor(branch[0]));
  const starts = anchored ? 1 : MAX_TESTED_VALUE_LENGTH + 1;
  const analysis = analyseAlternation(tree);
  return starts * analysis.worst * Math.max(1, countTerms(tree));
}

function isStartAnchor(term: Term | undefined): boolean {
  return term !== undefined && term.atom.kind === "assertion" && !isQuantified(term);
}

function countTerms(tree: Alternation): number {
  let count = 0;
  for (const branch of tree.branches) {
    for (const term of branch) count += 1 + (term.atom.kind === "group" ? countTerms(term.atom.body) : 0);
  }
  return count;
}

interface Analysis {
  /** Ways the item can match a given stretch of input (its backtracking choices). */
  readonly ways: number;
  /** Worst chain found anywhere inside the item. */
  readonly worst: number;
}

function choices(term: Term): number {
  if (term.max === term.min) return 1;
  const max = Math.min(term.max, MAX_TESTED_VALUE_LENGTH);
  return Math.max(1, max - Math.min(term.min, max) + 1);
}

function analyseTerm(term: Term): Analysis {
  const atom = term.atom;
  if (atom.kind !== "group") return { ways: choices(term), worst: choices(term) };
  const inner = analyseAlternation(atom.body);
  if (atom.lookaround) return { ways: 1, worst: inner.worst };
  const ways = Math.min(Number.MAX_VALUE, inner.ways * choices(term));
  return { ways, worst: Math.max(inner.worst, ways) };
}

function analyseSequence(sequence: Sequence): Analysis {
  let worst = 1;
  let chain = { chars: NONE, ways: 1 };
  let total = 1;
  for (const term of sequence) {
    const shape = describeTerm(term);
    const analysis = analyseTerm(term);
    worst = Math.max(worst, analysis.worst);
    if (analysis.ways > 1) {
      if (overlaps(chain.chars, shape.chars)) {
        chain = { chars: union(chain.chars, shape.chars), ways: Math.min(Number.MAX_VALUE, chain.ways * analysis.ways) };
      } else {
        chain = { chars: shape.chars, ways: analysis.ways };
      }
    } else if (!shape.nullable) {
      // A fixed item: the chain goes on through it when it can consume the chain's characters, else it ends.
      chain = overlaps(chain.chars, shape.chars)
        ? { chars: union(chain.chars, shape.chars), ways: chain.ways }
        : { chars: NONE, ways: 1 };
    }
    worst = Math.max(worst, chain.ways);
    total = Math.max(total, chain.ways);
  }
  return { ways: total, worst };
}

function analyseAlternation(tree: Alternation): Analysis {
  const analyses = tree.branches.map(analyseSequence);
  const worst = Math.max(1, ...analyses.map((analysis) => analysis.worst));
  // Branches that can start alike are all tried on the same input: their ways add up.
  const ways = branchesOverlap(tree.branches)
    ? analyses.reduce((sum, analysis) => sum + analysis.ways, 0)
    : Math.max(1, ...analyses.map((analysis) => analysis.ways));
  return { ways, worst: Math.max(worst, ways) };
}
