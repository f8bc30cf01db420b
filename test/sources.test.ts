/**
 * No test sees a stale build. In-process, a test importing `@account-funds/validators` (or the client, or the
 * sandbox) gets the package's source module, the one being edited (vitest.config.ts maps every export that Node
 * resolves into dist/ to src/). The processes tests start run the builds (the sandbox's command line, tarballs,
 * README snippets), so the global setup runs `make build` first (test/support/global-setup.ts): no build is older
 * than a source it is built from.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repository = fileURLToPath(new URL("../", import.meta.url));
const publishedFolders = ["validators", "generated", "sandbox"] as const;

interface Manifest {
  readonly name: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

const manifestOf = async (folder: string): Promise<Manifest> =>
  (await import(join(repository, folder, "package.json"), { with: { type: "json" } })).default as Manifest;

/** What Node resolves an export to (conditions node, import, default; the first that matches, in the map's order). */
function nodeTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (target === null || typeof target !== "object") return undefined;
  for (const [condition, value] of Object.entries(target))
    if (["node", "import", "default"].includes(condition)) return nodeTarget(value);
  return undefined;
}

function newestModification(directory: string): { path: string; millis: number } {
  let newest = { path: directory, millis: 0 };
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const millis = statSync(path).mtimeMs;
    if (millis > newest.millis) newest = { path, millis };
  }
  return newest;
}

describe.each(publishedFolders)("%s", (folder) => {
  it("is imported from its sources: every export into dist/ is the module of src/", async () => {
    const manifest = await manifestOf(folder);
    const built = Object.entries(manifest.exports).flatMap(([subpath, target]) => {
      const module = /^\.\/dist\/(.+)\.js$/.exec(nodeTarget(target) ?? "")?.[1];
      return module === undefined ? [] : [{ specifier: `${manifest.name}${subpath.slice(1)}`, module }];
    });
    expect(built.length).toBeGreaterThan(0);
    for (const { specifier, module } of built) {
      const imported: unknown = await import(/* @vite-ignore */ specifier);
      const source: unknown = await import(/* @vite-ignore */ join(repository, folder, "src", `${module}.ts`));
      expect(imported, `${specifier} is not src/${module}.ts`).toBe(source);
    }
  });

  it("has a build no older than its newest source (the global setup ran make build)", () => {
    const built = statSync(join(repository, folder, "dist", "index.js")).mtimeMs;
    const newest = newestModification(join(repository, folder, "src"));
    expect(built, `${newest.path} is newer than ${folder}/dist`).toBeGreaterThanOrEqual(newest.millis);
  });
});
