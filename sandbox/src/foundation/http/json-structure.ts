/**
 * A JSON body's nesting depth and member count, measured as its bytes arrive, so that a body over the limits is
 * refused before `JSON.parse` runs: parsing a 5M-deep array alone holds the event loop for a second, and the
 * parse cannot be interrupted. Only structure is looked at (RFC 8259: brackets and braces, the name separator
 * `:` of each object member, the `,` between array elements, outside strings); whether the text is valid JSON is
 * left to `JSON.parse`. Strings are skipped with `indexOf`, so string-heavy bodies cost little.
 */
import type { ApiError } from "./api-error.js";

export interface JsonStructureLimits {
  /** Deepest nesting of arrays and objects (a top-level object is depth 1). */
  readonly maxDepth: number;
  /** Most object members (RFC 8259 §4) plus array elements (§5), over the whole body. */
  readonly maxMembers: number;
}

export type JsonStructureProblem = "depth" | "members";

export interface JsonStructureScanner {
  /** Scans the next bytes; the first limit they break, if any (the scanner then stays broken). */
  push(chunk: Uint8Array): JsonStructureProblem | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const COMMA = 0x2c;
const ARRAY = 1;
const OBJECT = 2;

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

export function createJsonStructureScanner(limits: JsonStructureLimits): JsonStructureScanner {
  const containers = new Uint8Array(limits.maxDepth + 1);
  let depth = 0;
  let members = 0;
  let inString = false;
  /** Backslashes that ended the previous chunk inside a string: an odd run escapes the next byte. */
  let backslashes = 0;
  /** Just after `[`: the next value is the array's first element (later ones follow a `,`). */
  let awaitingFirst = false;
  let broken: JsonStructureProblem | undefined;

  const countMember = (): boolean => {
    members += 1;
    if (members > limits.maxMembers) broken = "members";
    return broken !== undefined;
  };

  return {
    push(chunk) {
      if (broken !== undefined) return broken;
      const length = chunk.length;
      for (let index = 0; index < length; index += 1) {
        if (inString) {
          const quote = chunk.indexOf(QUOTE, index);
          if (quote === -1) {
            let run = 0;
            for (let back = length - 1; back >= index && chunk[back] === BACKSLASH; back -= 1) run += 1;
            backslashes = run === length - index ? backslashes + run : run;
            break;
          }
          let run = 0;
          for (let back = quote - 1; back >= index && chunk[back] === BACKSLASH; back -= 1) run += 1;
          if (run === quote - index) run += backslashes;
          backslashes = 0;
          index = quote;
          if (run % 2 === 0) inString = false;
          continue;
        }
        const byte = chunk[index]!;
        if (isWhitespace(byte)) continue;
        if (awaitingFirst && byte !== CLOSE_ARRAY) {
          awaitingFirst = false;
          if (countMember()) return broken;
        }
        switch (byte) {
          case QUOTE:
            inString = true;
            backslashes = 0;
            break;
          case OPEN_ARRAY:
          case OPEN_OBJECT:
            depth += 1;
            if (depth > limits.maxDepth) {
              broken = "depth";
              return broken;
            }
            containers[depth] = byte === OPEN_ARRAY ? ARRAY : OBJECT;
            awaitingFirst = byte === OPEN_ARRAY;
            break;
          case CLOSE_ARRAY:
          case CLOSE_OBJECT:
            awaitingFirst = false;
            if (depth > 0) depth -= 1;
            break;
          case COLON:
            if (countMember()) return broken;
            break;
          case COMMA:
            if (containers[depth] === ARRAY && countMember()) return broken;
            break;
        }
      }
      return undefined;
    },
  };
}

/** The 413 (RFC 9110 §15.5.14: more than the service is willing to process) of a broken structure limit. */
export function jsonStructureError(problem: JsonStructureProblem, limits: JsonStructureLimits): ApiError {
  return problem === "depth"
    ? {
        status: 413,
        code: "json_too_deep",
        message: `The JSON nests arrays and objects deeper than ${limits.maxDepth} levels.`,
      }
    : {
        status: 413,
        code: "json_too_many_members",
        message: `The JSON holds more than ${limits.maxMembers} object members and array elements.`,
      };
}

/** The first structure limit `bytes` break, scanned whole (a multipart body's JSON part). */
export function jsonStructureProblemOf(
  bytes: Uint8Array,
  limits: JsonStructureLimits,
): JsonStructureProblem | undefined {
  return createJsonStructureScanner(limits).push(bytes);
}
