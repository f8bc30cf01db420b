/** Where the repository and its tools are: the review always runs the repository's own pinned binaries. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
export const binDirectory = join(repositoryRoot, "node_modules", ".bin");
export const bin = (name: string): string => join(binDirectory, name);
/**
 * TypeScript 7, the native compiler (tools/typescript-7/, CLI only): it reports what 5.9 reports and writes the same
 * declarations, several times faster, so the review's tsc runs (declarations, the consumer check) use it; API
 * Extractor needs 5.9's API. Falls back to 5.9 where the workspace lacks it.
 */
export const nativeTsc = (): string => {
  const native = join(repositoryRoot, "tools", "typescript-7", "node_modules", ".bin", "tsc");
  return existsSync(native) ? native : bin("tsc");
};
/** The committed file of acknowledged breaking changes. */
export const acknowledgementsFile = join(repositoryRoot, "review", "acknowledged-changes.yaml");
/** What the review compares and type-checks, relative to the repository root. */
export const specDirectory = "spec";
export const specRoot = "spec/openapi.yaml";
export const specConfig = "spec/redocly.yaml";
/** The client's type tests and examples: BASE's copies are compiled against the new client. */
export const consumerTestDirectory = "test/client";
export const consumerTestFiles = ["test/client/type-tests.ts", "test/client/examples.test.ts"] as const;
