/**
 * Collects every `x-assumption` of a bundled OpenAPI document with its JSON pointer, so a reviewer can
 * list, in one place, everything the spec states that the API reference does not.
 */
import { toPointer } from "./json-pointer.js";

export interface Assumption {
  /** RFC 6901 pointer to the node that carries the assumption. */
  readonly pointer: string;
  /** The `x-assumption` text: what was assumed and why. */
  readonly text: string;
}

export function collectAssumptions(document: unknown): Assumption[] {
  const found: Assumption[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-assumption") {
        found.push({ pointer: toPointer(path), text: typeof value === "string" ? value : JSON.stringify(value) });
      } else {
        visit(value, [...path, key]);
      }
    }
  };
  visit(document, []);
  return found;
}
