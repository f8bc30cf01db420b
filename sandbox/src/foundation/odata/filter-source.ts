// Prepares a $filter value for the @odata/parser library, which reads the *percent-encoded* URL form and backtracks:
// string literals are cut out and replaced by numbered placeholders (so `%27`, newlines or quotes inside them
// cannot confuse it), and the length and parenthesis depth are bounded before it runs (it is quadratic on
// unbalanced nesting and recursive on balanced nesting).

import { fail, ok, type Result } from "./errors.js";

/** The longest $filter accepted; far beyond hand-written filters, short enough to bound the parser's time. */
export const MAX_FILTER_LENGTH = 2000;
/** The deepest nesting of parentheses (grouping, function calls) accepted. */
export const MAX_FILTER_DEPTH = 32;

export interface PreparedFilter {
  /** The filter with every string literal replaced by `'<n>'`, n indexing `strings`. */
  readonly text: string;
  /** The string literals' values, quotes unescaped (`'O''Brien'` is `O'Brien`). */
  readonly strings: readonly string[];
}

const TARGET = "$filter";
const IDENTIFIER_CHAR = /[A-Za-z0-9_.]/;
// Prefixes of typed literals (URL Conventions §5.1.1.14.1): duration'P1D', binary'..', geography'..', X'..' (binary).
const LITERAL_PREFIX =
  /(?:^|[^A-Za-z0-9_.])(duration|binary|x|geography|geometry|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/i;

/**
 * Checks the raw (percent-decoded) $filter text and cuts out its string literals. The value must be percent-decoded
 * exactly once (URL Conventions §2.1), so a `%` outside a string literal is an error here, not an escape.
 */
export function prepareFilter(source: string): Result<PreparedFilter> {
  if (source.length > MAX_FILTER_LENGTH) {
    return fail("query_too_complex", TARGET, `$filter is longer than ${MAX_FILTER_LENGTH} characters`);
  }
  const input = source.replace(/^[ \t]+|[ \t]+$/g, "");
  if (input === "") return fail("invalid_filter_syntax", TARGET, "$filter is empty");
  const strings: string[] = [];
  let text = "";
  let depth = 0;
  let previous = ""; // the last character of `text` other than a space or tab
  let i = 0;
  while (i < input.length) {
    const char = input.charAt(i);
    if (char === "'") {
      const prefix = LITERAL_PREFIX.exec(input.slice(Math.max(0, i - 128), i));
      if (prefix !== null) {
        return fail("unsupported_filter", TARGET, `typed literals such as ${prefix[1]}'…' are not supported`);
      }
      if (i > 0 && IDENTIFIER_CHAR.test(input.charAt(i - 1))) {
        return fail("invalid_filter_syntax", TARGET, `a string literal cannot follow a name (position ${i})`);
      }
      let value = "";
      let j = i + 1;
      for (;;) {
        const end = input.indexOf("'", j);
        if (end === -1) {
          return fail("invalid_filter_syntax", TARGET, `unterminated string literal at position ${i}`);
        }
        value += input.slice(j, end);
        if (input.charAt(end + 1) === "'") {
          value += "'"; // a doubled single quote is one quote (URL Conventions §2.2)
          j = end + 2;
        } else {
          j = end + 1;
          break;
        }
      }
      text += `'${strings.length}'`;
      strings.push(value);
      previous = "'";
      i = j;
      continue;
    }
    if (char === "%") {
      return fail(
        "invalid_filter_syntax",
        TARGET,
        `unexpected '%' at position ${i}: outside string literals the $filter value must be percent-decoded`,
      );
    }
    if (char === "[" || char === "{" || char === '"') {
      // JSON array and object literals (ABNF arrayOrObject) are unsupported anyway, and the library never returns
      // on an unterminated JSON string in one (`a eq ["`): refused here, before it runs.
      return fail(
        "unsupported_filter",
        TARGET,
        `$filter does not support JSON array and object literals (position ${i})`,
      );
    }
    if (char === "-" && previous === "-") {
      // `- -x` is a negation of a negation; the library parses long runs of them in quadratic time.
      return fail("unsupported_filter", TARGET, "$filter does not support negation of an expression");
    }
    if (char === "(") {
      depth += 1;
      if (depth > MAX_FILTER_DEPTH) {
        return fail("query_too_complex", TARGET, `$filter nests parentheses deeper than ${MAX_FILTER_DEPTH} levels`);
      }
    } else if (char === ")") {
      depth -= 1;
      if (depth < 0) return fail("invalid_filter_syntax", TARGET, `unbalanced ')' at position ${i}`);
    }
    text += char;
    if (char !== " " && char !== "\t") previous = char;
    i += 1;
  }
  if (depth !== 0) return fail("invalid_filter_syntax", TARGET, "unbalanced parentheses: a ')' is missing");
  const expanded = expandInOperator(
    text.replace(
      EXPONENT_NUMBER,
      (_, whole: string, fraction = ".0", exponent: string) => `${whole}${fraction}e${exponent}`,
    ),
  );
  if (expanded === undefined) return fail("invalid_filter_syntax", TARGET, "the list after `in` is empty");
  return ok({ text: expanded, strings });
}

// `Name in ('a','b')` (URL Conventions §5.1.1.1.12) means `(Name eq 'a' or Name eq 'b')`; the library has no `in`,
// so the list is expanded here, where string literals are already placeholders and cannot hold parentheses.
const IN_LIST = /([A-Za-z_][\w/]*)[ \t]+in[ \t]*\(([^()]*)\)/gi;

function expandInOperator(text: string): string | undefined {
  let empty = false;
  const expanded = text.replace(IN_LIST, (_, path: string, list: string) => {
    const items = list.split(",").map((item) => item.trim());
    if (items.some((item) => item === "")) empty = true;
    return `(${items.map((item) => `${path} eq ${item}`).join(" or ")})`;
  });
  return empty ? undefined : expanded;
}

// The ABNF's doubleValue allows `1e5` and `1E5` (ABNF strings are case-insensitive); the library only reads a
// lower-case `e` after a fraction, so such numbers are rewritten as `1.0e5`.
const EXPONENT_NUMBER = /(?<![\w.])(\d+)(\.\d+)?[eE]([+-]?\d+)(?![\w.])/g;

// 4.01 services MUST accept operator, canonical function and lambda names in any case (URL Conventions §5.1.1.1,
// §5.1.1.4, §5.1.1.13); the library only knows lower case, so a filter it rejects is retried with them lowered.
const BINARY_OPERATORS = new Set([
  "eq",
  "ne",
  "gt",
  "ge",
  "lt",
  "le",
  "and",
  "or",
  "has",
  "in",
  "add",
  "sub",
  "mul",
  "div",
  "divby",
  "mod",
]);
const FUNCTIONS = new Set([
  "concat",
  "contains",
  "endswith",
  "indexof",
  "length",
  "startswith",
  "substring",
  "hassubset",
  "hassubsequence",
  "matchespattern",
  "tolower",
  "toupper",
  "trim",
  "date",
  "day",
  "fractionalseconds",
  "hour",
  "maxdatetime",
  "mindatetime",
  "minute",
  "month",
  "now",
  "second",
  "time",
  "totaloffsetminutes",
  "totalseconds",
  "year",
  "ceiling",
  "floor",
  "round",
  "cast",
  "isof",
  "geo.distance",
  "geo.intersects",
  "geo.length",
  "case",
  "any",
  "all",
]);
const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g;

/** Lower-cased names of the canonical functions (and lambda operators) the text calls, in order. */
export function calledFunctions(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    if (FUNCTIONS.has(lower) && text.charAt(match.index + match[0].length) === "(") names.push(lower);
  }
  return names;
}

/** The prepared text with operator and function names lower-cased where their position makes them one; else null. */
export function lowerCaseKeywords(text: string): string | null {
  let changed = false;
  const result = text.replace(WORD, (word: string, offset: number) => {
    const lower = word.toLowerCase();
    if (lower === word) return word;
    const before = offset === 0 ? "" : text.charAt(offset - 1);
    const after = text.charAt(offset + word.length);
    const spaceBefore = before === " " || before === "\t";
    const spaceAfter = after === " " || after === "\t";
    const isKeyword =
      (BINARY_OPERATORS.has(lower) && spaceBefore && spaceAfter) ||
      (lower === "not" && (before === "" || before === "(" || spaceBefore) && (after === "(" || spaceAfter)) ||
      (FUNCTIONS.has(lower) && after === "(");
    if (!isKeyword) return word;
    changed = true;
    return lower;
  });
  return changed ? result : null;
}
