/**
 * What the worker processes and the review exchange. Kept apart from the workers so that importing the types does
 * not load the generator (TypeScript, ts-morph, prettier) into the review process.
 */

export interface GenerateSideRequest {
  readonly specPath: string;
  readonly configPath?: string;
  readonly outDirectory: string;
}

export type GenerateSideResult =
  | { readonly status: "generated"; readonly warnings: readonly string[] }
  | { readonly status: "bundled-only"; readonly reason: string }
  | { readonly status: "failed"; readonly reason: string };

export interface ApiReportRequest {
  /** The generated package (with dist/ .d.ts already built). */
  readonly packageDirectory: string;
  /** Where the .api.md files go. */
  readonly reportDirectory: string;
}

export interface ApiReportResult {
  /** Report file name → contents (client.api.md, client-node.api.md). */
  readonly reports: { readonly [file: string]: string };
  readonly errors: readonly string[];
}

/** Starts the result line a worker prints last on stdout, whatever a library printed before it. */
export const resultMarker = "review-worker-result: ";

export function readResult<T>(stdout: string): T | undefined {
  const line = stdout.split("\n").find((text) => text.startsWith(resultMarker));
  return line === undefined ? undefined : (JSON.parse(line.slice(resultMarker.length)) as T);
}
