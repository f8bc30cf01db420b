/**
 * The `x-assumption`s a change adds, removes or edits, by JSON pointer into the bundled document. Each side's
 * list is what `generator/src/cli.ts assumptions --json` prints: the generator's own collectAssumptions over the
 * bundled document, read here from the side's openapi.json (the same document) instead of bundling twice more.
 */
import { collectAssumptions } from "@account-funds/generator/assumptions";

export interface Assumption {
  readonly pointer: string;
  readonly text: string;
}

export type AssumptionChange =
  | { readonly kind: "added"; readonly pointer: string; readonly after: string }
  | { readonly kind: "removed"; readonly pointer: string; readonly before: string }
  | { readonly kind: "edited"; readonly pointer: string; readonly before: string; readonly after: string };

export function assumptionsOf(document: unknown): readonly Assumption[] {
  return collectAssumptions(document);
}

export function diffAssumptions(base: readonly Assumption[], revision: readonly Assumption[]): AssumptionChange[] {
  const before = new Map(base.map((assumption) => [assumption.pointer, assumption.text]));
  const after = new Map(revision.map((assumption) => [assumption.pointer, assumption.text]));
  const changes: AssumptionChange[] = [];
  for (const [pointer, text] of before) {
    const now = after.get(pointer);
    if (now === undefined) changes.push({ kind: "removed", pointer, before: text });
    else if (now !== text) changes.push({ kind: "edited", pointer, before: text, after: now });
  }
  for (const [pointer, text] of after) if (!before.has(pointer)) changes.push({ kind: "added", pointer, after: text });
  return changes.sort((a, b) => a.pointer.localeCompare(b.pointer) || a.kind.localeCompare(b.kind));
}
