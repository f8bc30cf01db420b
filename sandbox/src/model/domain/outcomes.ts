/**
 * What a domain command returns instead of throwing: done, refused (`refusals.ts`), or refused by the validators
 * with their issues.
 */
import type { Issue } from "@account-funds/validators";

/** A request the validators refused: the handler answers 400 with one detail per issue. */
export interface InvalidRequest {
  readonly ok: false;
  readonly status: 400;
  readonly issues: readonly Issue[];
}

export const invalidRequest = (issues: readonly Issue[]): InvalidRequest => ({ ok: false, status: 400, issues });

export type Done = { readonly ok: true };
export const done: Done = { ok: true };
