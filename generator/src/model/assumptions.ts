/**
 * Every `x-assumption` of the bundled document with its JSON pointer, so a reviewer can list, in one place,
 * everything the spec states that the API reference does not (`make assumptions`).
 */
import type { AssumptionModel } from "./model.js";
import { formatPointer } from "../json-pointer/json-pointer.js";

export function collectAssumptions(document: unknown): AssumptionModel[] {
  const found: AssumptionModel[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-assumption") {
        found.push({ pointer: formatPointer(path), text: typeof value === "string" ? value : JSON.stringify(value) });
      } else {
        visit(value, [...path, key]);
      }
    }
  };
  visit(document, []);
  return found;
}
