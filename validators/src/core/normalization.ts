/**
 * What a validator changed between the input (what a person typed) and the `value` it hands back (the wire
 * form to send): `12-34-56` → `123456`, `gb` → `GB`, `null` or a blank optional field → left out. A form shows
 * the list, so the user sees what will be sent; `normalized: false` means the input already was the wire form.
 */
import type { PathSegment } from "./issue.js";

/** One difference: the value at `path` was `from` in the input and is `to` in the value (`undefined`: left out). */
export interface ValueChange {
  readonly path: readonly PathSegment[];
  readonly from: unknown;
  readonly to: unknown;
}

/** Part of every routing and request validator's success result. */
export interface Normalization {
  /** Whether `value` differs from the input: `true` when it was given in a presentation form. */
  readonly normalized: boolean;
  /** Every difference, in the input's order; empty when `normalized` is false. */
  readonly changes: readonly ValueChange[];
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An own property only, so that a `__proto__` key is read as the plain key it is in JSON. */
const own = (object: Readonly<Record<string, unknown>>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;

function collect(from: unknown, to: unknown, path: readonly PathSegment[], changes: ValueChange[]): void {
  // `===` also treats -0 and 0 as equal: the same JSON number.
  if (from === to) return;
  if (isRecord(from) && isRecord(to)) {
    for (const key of Object.keys(from)) collect(own(from, key), own(to, key), [...path, key], changes);
    for (const key of Object.keys(to)) {
      if (!Object.prototype.hasOwnProperty.call(from, key)) collect(undefined, own(to, key), [...path, key], changes);
    }
    return;
  }
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    from.forEach((item: unknown, index) => collect(item, to[index], [...path, index], changes));
    return;
  }
  changes.push({ path, from, to });
}

/** Compares the input with the value a validator built from it. */
export function normalizationOf(input: unknown, value: unknown): Normalization {
  const changes: ValueChange[] = [];
  collect(input, value, [], changes);
  return { normalized: changes.length > 0, changes };
}
