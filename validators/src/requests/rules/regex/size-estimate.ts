/**
 * A lower bound on the size of the RE2 program a pattern compiles to, read from its text in one pass: every
 * atom (a character, a class, an escape) counts 1; `x{n,m}` compiles to n copies of x and m − n optional
 * ones, each of those with a branch instruction (`*`, `+` and `?` likewise); of alternatives the largest counts
 * (RE2 merges `a|b` into a class and factors common prefixes, so their sum could exceed the program). RE2 itself expands
 * counted repeats before it can measure the program, and re2js takes tens of milliseconds to compile a few
 * thousand instructions (`a{1000}`), so a rule whose bound is already over the limit is refused without being
 * compiled. Malformed text gets some number: RE2 refuses it afterwards anyway.
 */

/** Index past the class that starts at `start` (`[`): escapes skipped, a `]` first in the class is a member. */
function endOfClass(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "^") i++;
  if (pattern[i] === "]") i++;
  while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** Index past the escape at `start` (`\`): `\p{…}`, `\x{…}` and `\uXXXX` are one atom each. */
function endOfEscape(pattern: string, start: number): number {
  const kind = pattern[start + 1];
  if ((kind === "p" || kind === "P" || kind === "x") && pattern[start + 2] === "{") {
    const close = pattern.indexOf("}", start + 3);
    return close < 0 ? pattern.length : close + 1;
  }
  return kind === "u" ? start + 6 : start + 2;
}

interface Quantifier {
  /** Copies that must match, and copies that may (each of those adds a branch). */
  readonly least: number;
  readonly optional: number;
  /** `*`, `+`, `{n,}`: the last copy loops, with one branch. */
  readonly unbounded: boolean;
  readonly end: number;
}

/** The quantifier at `start`; `end === start` when there is none. */
function quantifierAt(pattern: string, start: number): Quantifier {
  const char = pattern[start];
  if (char === "*") return { least: 0, optional: 0, unbounded: true, end: start + 1 };
  if (char === "+") return { least: 1, optional: 0, unbounded: true, end: start + 1 };
  if (char === "?") return { least: 0, optional: 1, unbounded: false, end: start + 1 };
  if (char === "{") {
    const match = /^\{(\d{1,7})(,(\d{0,7}))?\}/.exec(pattern.slice(start, start + 18));
    if (match !== null) {
      const least = Number(match[1]);
      const unbounded = match[3] === "";
      const most = match[2] === undefined || unbounded ? least : Math.max(least, Number(match[3]));
      return { least, optional: most - least, unbounded, end: start + match[0].length };
    }
  }
  return { least: 1, optional: 0, unbounded: false, end: start };
}

/** Instructions of `size` repeated as `quantifier` says: n copies, optional copies with a branch each, a loop. */
function repeated(size: number, quantifier: Quantifier): number {
  if (size === 0) return 0; // an empty item stays empty
  const copies = size * quantifier.least + (size + 1) * quantifier.optional;
  return quantifier.unbounded ? Math.max(copies, size) + 1 : copies;
}

/** Index past any quantifiers (and their lazy `?`) at `start`. */
function afterQuantifiers(pattern: string, start: number): number {
  let i = start;
  for (let quantifier = quantifierAt(pattern, i); quantifier.end > i; quantifier = quantifierAt(pattern, i)) {
    i = quantifier.end;
    if (pattern[i] === "?") i++;
  }
  return i;
}

/** The lower bound, or a number above `limit` as soon as it passes it. */
export function estimateProgramSize(pattern: string, limit: number): number {
  // One frame per open group: the largest of its finished alternatives, and the alternative being read.
  const frames: { alternatives: number; current: number }[] = [{ alternatives: 0, current: 0 }];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    const frame = frames[frames.length - 1] as { alternatives: number; current: number };
    if (char === "(") {
      frames.push({ alternatives: 0, current: 0 });
      i++;
      if (pattern[i] === "?") {
        // (?:…), (?i:…), (?P<name>…), (?<name>…): skip to the group's body; (?i) sets flags and is no group.
        const body = pattern.slice(i).search(/[:)>]/);
        const flagsOnly = body >= 0 && pattern[i + body] === ")";
        i += body < 0 ? pattern.length : body + 1;
        if (flagsOnly) {
          frames.pop();
          i = afterQuantifiers(pattern, i); // RE2 repeats the empty flag group: nothing
        }
      }
      continue;
    }
    if (char === "|") {
      frame.alternatives = Math.max(frame.alternatives, frame.current);
      frame.current = 0;
      i++;
      continue;
    }
    let size: number;
    if (char === ")") {
      if (frames.length === 1) {
        i++;
        continue;
      }
      frames.pop();
      size = Math.max(frame.alternatives, frame.current);
      i++;
    } else {
      i = char === "[" ? endOfClass(pattern, i) : char === "\\" ? endOfEscape(pattern, i) : i + 1;
      size = char === "^" || char === "$" ? 0 : 1;
    }
    let quantifier = quantifierAt(pattern, i);
    while (quantifier.end > i) {
      size = repeated(size, quantifier);
      i = quantifier.end;
      if (pattern[i] === "?") i++; // lazy: the same program
      quantifier = quantifierAt(pattern, i);
    }
    const outer = frames[frames.length - 1] as { alternatives: number; current: number };
    outer.current += size;
    if (outer.current > limit) return limit + 1;
  }
  // Groups left open (a malformed pattern) close here.
  let total = 0;
  for (const frame of frames) total += Math.max(frame.alternatives, frame.current);
  return total;
}
