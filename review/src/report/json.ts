/** The review as JSON: everything, uncut (diffs included), for tools. */
import type { ReviewResult } from "../result.js";

export function renderJson(result: ReviewResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
