/**
 * Every way an error names a field, read as one path (the validators' `Issue.path`):
 *
 * - a JSON pointer (RFC 6901), `/PaymentRouting/SortCode`: the client's `ValidationIssue.path` and the sandbox's
 *   `target`; `#/…` (its URI fragment form) too;
 * - an OData path, `PaymentRouting/SortCode`, or a bare name, `BeneficiaryId`: OData v4 JSON Format §21 leaves the
 *   syntax of `target` to the service ("the name of the property in error");
 * - an ASP.NET ModelState key, `$.PaymentRouting.SortCode`, `AlternatePaymentRouting[1].Iban`, `$['Name']`: the
 *   keys of ProblemDetails' `errors` (RFC 9457 with ASP.NET Core's extension).
 *
 * `""`, `/`, `$` and `#` name the request as a whole (`[]`): the sandbox answers `/` for the body itself, and a
 * pointer's own `/` (the key `""`) names no form field. A segment of digits is an array index (a number).
 */
import type { PathSegment } from "../core/issue.js";

const INDEX = /^(?:0|[1-9][0-9]{0,15})$/;

function segment(text: string): PathSegment {
  return INDEX.test(text) ? Number(text) : text;
}

/** RFC 6901 §4: `~1` is `/`, then `~0` is `~`. */
function pointerPath(pointer: string): PathSegment[] {
  return pointer
    .slice(1)
    .split("/")
    .map((part) => segment(part.replaceAll("~1", "/").replaceAll("~0", "~")));
}

/** The end of a quoted name that starts after `start`: the index of the closing `quote` (or the end), past backslash escapes. */
function closingQuote(key: string, start: number, quote: string): number {
  let i = start;
  while (i < key.length && key[i] !== quote) i += key[i] === "\\" ? 2 : 1;
  return Math.min(i, key.length);
}

/**
 * `A.B[1].C`, `['A'].B`, `["A"]`: names between dots, indices and quoted names in brackets. A scan, not a regular
 * expression: each character is read once, whatever the key (a backtracking pattern over `[[[[…` is quadratic).
 */
function keyPath(key: string): PathSegment[] {
  const path: PathSegment[] = [];
  let i = 0;
  while (i < key.length) {
    const char = key[i];
    if (char === ".") {
      i++;
    } else if (char === "[" && (key[i + 1] === "'" || key[i + 1] === '"')) {
      const end = closingQuote(key, i + 2, key[i + 1] as string);
      path.push(key.slice(i + 2, end).replace(/\\(.)/g, "$1"));
      i = key[end + 1] === "]" ? end + 2 : end + 1;
    } else if (char === "[") {
      const close = key.indexOf("]", i + 1);
      const end = close === -1 ? key.length : close;
      path.push(segment(key.slice(i + 1, end).trim()));
      i = end + 1;
    } else {
      let end = i;
      while (end < key.length && key[end] !== "." && key[end] !== "[") end++;
      path.push(segment(key.slice(i, end)));
      i = end;
    }
  }
  return path;
}

/** The path a `target`, pointer or key names; `[]` for the request as a whole (and for anything not a string). */
export function pathOfTarget(target: string): PathSegment[] {
  if (typeof target !== "string") return [];
  // A pointer is read as it is: its names may start or end with spaces.
  if (target.startsWith("#/")) return pointerPath(target.slice(1));
  if (target.startsWith("/")) return target === "/" ? [] : pointerPath(target);
  const text = target.trim();
  if (text === "" || text === "$" || text === "#") return [];
  if (text.startsWith("$.") || text.startsWith("$[")) return keyPath(text.slice(1));
  if (text.includes("/"))
    return text
      .split("/")
      .filter((part) => part !== "")
      .map(segment);
  return keyPath(text);
}
