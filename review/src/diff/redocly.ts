/**
 * Redocly CLI's `diff` (experimental in 2.x): every structural change between the two bundled documents, each
 * rated major/minor/patch, with the diff rules (`ruleId`) that rated it. Its rules already know the direction of
 * data (request vs response; webhooks reversed), so they are the first opinion; src/diff/rules/ adds the rest.
 *
 * It reports a change once, at the first place the document reaches it (`path`), with `base`/`revision`
 * pointers to where the changed node really lives (`#/components/schemas/...`): src/diff/usage.ts finds every
 * other place.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { exec } from "../exec.js";
import { bin } from "../paths.js";

export type Impact = "major" | "minor" | "patch";

export interface RedoclyVerdict {
  readonly ruleId: string;
  readonly impact: Impact;
  readonly message: string;
  readonly location: { readonly pointer: string; readonly file?: string; readonly line?: number };
}

export interface RedoclySide {
  readonly pointer: string;
  readonly value?: unknown;
}

export interface RedoclyChange {
  /** The first place the document reaches the change, e.g. `#/paths/~1api~1v1~1Transfers/get/responses/200/...`. */
  readonly path: string;
  /** Redocly's node type: PathItem, Operation, Parameter, Schema, Response, MediaType, ... */
  readonly typeName: string;
  readonly kind: "added" | "removed" | "modified";
  readonly impact: Impact;
  readonly verdicts: readonly RedoclyVerdict[];
  /** For `modified`: the key that changed (`required`, `enum`, `pattern`, `type`, `key` for a rename, ...). */
  readonly property?: string;
  readonly base?: RedoclySide;
  readonly revision?: RedoclySide;
}

export interface RedoclyReport {
  readonly summary: { readonly major: number; readonly minor: number; readonly patch: number };
  readonly changes: readonly RedoclyChange[];
}

export type RedoclyResult =
  | { readonly ok: true; readonly report: RedoclyReport; readonly millis: number }
  | { readonly ok: false; readonly message: string };

/**
 * The config the diff runs with: only the diff-recommended rules, every one rated major. Not spec/redocly.yaml:
 * its lint rules do not apply to a diff, and a config without diff rules turns every verdict off.
 */
export const diffConfig = "extends:\n  - diff-recommended\n";

export const redoclyEnvironment = {
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_COLOR: "1",
} as const;

export async function redoclyDiff(
  baseJson: string,
  revisionJson: string,
  workDirectory: string,
): Promise<RedoclyResult> {
  const config = join(workDirectory, "redocly-diff.yaml");
  const output = join(workDirectory, "redocly-diff.json");
  await writeFile(config, diffConfig);
  const result = await exec(
    bin("redocly"),
    [
      "diff",
      baseJson,
      revisionJson,
      "--config",
      config,
      "--format",
      "json",
      "--output",
      output,
      "--fail-on",
      "none",
      "--lint-config",
      "off",
    ],
    { cwd: workDirectory, env: { ...process.env, ...redoclyEnvironment }, timeoutMillis: 5 * 60_000 },
  );
  if (result.code !== 0)
    return {
      ok: false,
      message: `redocly diff exited with ${result.code}: ${(result.stderr || result.stdout).trim().slice(-2000)}`,
    };
  try {
    return { ok: true, report: JSON.parse(await readFile(output, "utf8")) as RedoclyReport, millis: result.millis };
  } catch (error) {
    return {
      ok: false,
      message: `redocly diff wrote no readable report: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** `#/components/schemas/A` → `/components/schemas/A`: the review speaks RFC 6901 pointers. */
export function plainPointer(pointer: string): string {
  return pointer.startsWith("#") ? pointer.slice(1) : pointer;
}
