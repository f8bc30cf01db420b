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
import { builtExports, publishedFolders } from "./support/source-exports.js";

const repository = fileURLToPath(new URL("../", import.meta.url));

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
    const built = builtExports(join(repository, folder));
    expect(built.length).toBeGreaterThan(0);
    for (const { specifier, source } of built) {
      const imported: unknown = await import(/* @vite-ignore */ specifier);
      const module: unknown = await import(/* @vite-ignore */ source);
      expect(imported, `${specifier} is not ${source}`).toBe(module);
    }
  });

  it("has a build no older than its newest source (the global setup ran make build)", () => {
    const built = statSync(join(repository, folder, "dist", "index.js")).mtimeMs;
    const newest = newestModification(join(repository, folder, "src"));
    expect(built, `${newest.path} is newer than ${folder}/dist`).toBeGreaterThanOrEqual(newest.millis);
  });
});
