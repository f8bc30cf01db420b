/**
 * Which way a schema change went, and what that means on each side. A stricter schema accepts fewer values: that
 * breaks a client that sends them (request), and is safe for one that receives them (response); a looser schema is
 * the reverse; a change that is both (a new pattern, a moved `if`) breaks both. Under `not` the direction turns
 * around, under `if` it can go either way.
 */
import type { Change } from "../change.js";
import type { Level } from "../finding.js";

export type Direction = "stricter" | "looser" | "changed" | "same";

export function underPolarity(direction: Direction, change: Change): Direction {
  if (direction === "same" || change.polarity === "normal") return direction;
  if (change.polarity === "mixed") return "changed";
  return direction === "stricter" ? "looser" : direction === "looser" ? "stricter" : direction;
}

/** breaking when the change narrows what a request may send or widens what a response may hold. */
export function breaks(direction: Direction, change: Change): boolean {
  const effective = underPolarity(direction, change);
  if (effective === "same") return false;
  if (effective === "changed") return true;
  return change.side === "response" ? effective === "looser" : effective === "stricter";
}

export function levelOf(direction: Direction, change: Change): Level {
  return breaks(direction, change) ? "breaking" : "info";
}

/** The consequence, in words, for the change's side. */
export function consequence(direction: Direction, change: Change): string {
  const effective = underPolarity(direction, change);
  if (!breaks(direction, change))
    return change.side === "response" ? "fewer values can be received" : "more values are accepted";
  if (effective === "changed") return "some values valid before are invalid now, and the reverse";
  return change.side === "response"
    ? "received values may fall outside what clients were told to expect"
    : "values that were valid to send may now be rejected";
}

/** A subschema set where there was none narrows; removed widens; replaced, both. */
export function presenceDirection(before: unknown, after: unknown): Direction {
  if (before === undefined && after === undefined) return "same";
  if (before === undefined) return after === true || isEmptySchema(after) ? "same" : "stricter";
  if (after === undefined) return before === true || isEmptySchema(before) ? "same" : "looser";
  return "changed";
}

const isEmptySchema = (value: unknown): boolean =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
