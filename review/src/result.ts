/** Everything a review found, as data: the three output formats (src/report/) only render it. */
import type { Acknowledgement, ReviewedFinding } from "./acknowledgements.js";
import type { AssumptionChange } from "./assumptions.js";
import type { ConsumerImpact } from "./consumer-impact.js";
import type { SourceLocation } from "./source-locations.js";

export type LocatedFinding = ReviewedFinding & { readonly location?: SourceLocation };

export type ApiReportOutcome =
  | { readonly status: "compared"; readonly diff: string; readonly errors: readonly string[] }
  | { readonly status: "identical"; readonly reason: string }
  | { readonly status: "skipped"; readonly reason: string };

export type ReferenceOutcome =
  | { readonly status: "compared"; readonly diff: string }
  | { readonly status: "absent" }
  | { readonly status: "skipped"; readonly reason: string };

export interface ReviewResult {
  /** A git ref and its commit (`make review`), or a file (`diff`). */
  readonly base: { readonly ref: string; readonly commit?: string };
  readonly revision: { readonly ref: string; readonly commit?: string };
  /** Spec changes and consumer-check errors, breaking first. */
  readonly findings: readonly LocatedFinding[];
  readonly assumptions: readonly AssumptionChange[];
  /** The client checks of `make review`; absent from `account-funds-review diff`, which compares documents only. */
  readonly apiReport?: ApiReportOutcome;
  readonly reference?: ReferenceOutcome;
  readonly consumer?: ConsumerImpact;
  readonly acknowledgements: {
    readonly file: string;
    readonly stale: readonly Acknowledgement[];
    readonly problems: readonly string[];
  };
  /** What the review could not do, or did differently (a side the generator could only bundle, ...). */
  readonly notes: readonly string[];
  /** Milliseconds per step. */
  readonly timings: { readonly [step: string]: number };
  readonly summary: {
    readonly breaking: number;
    readonly acknowledged: number;
    readonly warnings: number;
    readonly info: number;
  };
  /** 0: nothing breaking, or all acknowledged; 1: unacknowledged breaking changes; 2: the acknowledgements file is invalid. */
  readonly exitCode: 0 | 1 | 2;
}

/**
 * The review could not run (BASE missing, a spec that cannot be read, a revision the generator cannot build a
 * client from): exit 2 with this message.
 */
export interface ReviewError {
  readonly error: string;
}

export function isReviewError(value: ReviewResult | ReviewError): value is ReviewError {
  return "error" in value;
}
