/**
 * The exports of the published packages that Node resolves into their builds (`dist/<x>.js`), each with the source
 * module it is built from (`src/<x>.ts`): vitest.config.ts maps the first to the second, so tests read sources, and
 * test/sources.test.ts checks that they do.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const publishedFolders = ["validators", "generated", "sandbox"] as const;

export interface BuiltExport {
  /** What a test imports, e.g. `@account-funds/client/node`. */
  readonly specifier: string;
  /** The module it is built from, an absolute path: `<repository>/generated/src/node.ts`. */
  readonly source: string;
}

/** The built exports of the package in `directory` (an absolute path). */
export function builtExports(directory: string): BuiltExport[] {
  const manifest = JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as {
    name: string;
    exports: Readonly<Record<string, unknown>>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const built = /^\.\/dist\/(.+)\.js$/.exec(nodeTarget(target) ?? "")?.[1];
    return built === undefined
      ? [] // ./package.json, ./openapi.json: the files themselves
      : [{ specifier: `${manifest.name}${subpath.slice(1)}`, source: join(directory, "src", `${built}.ts`) }];
  });
}

/** The file Node picks for an export target: the first of its conditions Node matches (node, import, default). */
function nodeTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (target === null || typeof target !== "object") return undefined;
  for (const [condition, value] of Object.entries(target))
    if (["node", "import", "default"].includes(condition)) return nodeTarget(value);
  return undefined;
}
