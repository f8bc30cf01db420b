import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkFiles, formatDrifts } from "../../src/write/check-files.js";
import { manifestPath } from "../../src/write/manifest.js";
import { writeFiles } from "../../src/write/write-files.js";
import { temporaryDirectory } from "../support/fixtures.js";

let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
beforeEach(async () => {
  directory = await temporaryDirectory();
});
afterEach(() => directory.remove());

const read = (path: string): Promise<string> => readFile(join(directory.path, path), "utf8");
const exists = (path: string): Promise<boolean> =>
  stat(join(directory.path, path)).then(
    () => true,
    () => false,
  );

const first = [
  { path: "openapi.json", contents: "{}\n" },
  { path: "src/types.ts", contents: "export {};\n" },
  { path: "src/extra/old.ts", contents: "export const old = 1;\n" },
];

describe("writing", () => {
  it("writes every file and a manifest of them", async () => {
    const result = await writeFiles(directory.path, first);
    expect(result.written).toEqual(["openapi.json", "src/types.ts", "src/extra/old.ts", manifestPath]);
    expect(await read("src/types.ts")).toBe("export {};\n");
    expect((await read(manifestPath)).split("\n").filter((line) => !line.startsWith("#"))).toEqual([
      manifestPath,
      "openapi.json",
      "src/extra/old.ts",
      "src/types.ts",
      "",
    ]);
  });

  it("rewrites only what changed, deletes what it no longer emits, and leaves other files alone", async () => {
    await writeFiles(directory.path, first);
    await mkdir(join(directory.path, "test"), { recursive: true });
    await writeFile(join(directory.path, "test/own.test.ts"), "// not generated\n");
    await writeFile(join(directory.path, "README.md"), "hand-written\n");

    const result = await writeFiles(directory.path, [
      { path: "openapi.json", contents: "{}\n" },
      { path: "src/types.ts", contents: "export type X = 1;\n" },
    ]);
    expect(result).toEqual({
      written: ["src/types.ts", manifestPath],
      unchanged: ["openapi.json"],
      deleted: ["src/extra/old.ts"],
    });
    expect(await exists("src/extra/old.ts")).toBe(false);
    expect(await exists("src/extra")).toBe(false);
    expect(await read("test/own.test.ts")).toBe("// not generated\n");
    expect(await read("README.md")).toBe("hand-written\n");
  });

  it("refuses paths outside the output directory", async () => {
    await expect(writeFiles(directory.path, [{ path: "../escape.ts", contents: "" }])).rejects.toThrow(
      /refusing to write/,
    );
    await expect(writeFiles(directory.path, [{ path: "/etc/passwd", contents: "" }])).rejects.toThrow(
      /refusing to write/,
    );
  });
});

describe("checking", () => {
  it("finds nothing when the directory is up to date", async () => {
    await writeFiles(directory.path, first);
    expect(await checkFiles(directory.path, first)).toEqual([]);
  });

  it("reports changed, missing and stale files with diffs", async () => {
    await writeFiles(directory.path, first);
    await writeFile(join(directory.path, "src/types.ts"), "export {}; // edited\n");
    await writeFile(join(directory.path, "unlisted.txt"), "ignored\n");
    const next = [
      { path: "openapi.json", contents: "{}\n" },
      { path: "src/types.ts", contents: "export {};\n" },
      { path: "src/new.ts", contents: "export const fresh = 1;\n" },
    ];
    const drifts = await checkFiles(directory.path, next);
    expect(drifts.map((drift) => [drift.kind, drift.path])).toEqual([
      ["changed", "src/types.ts"],
      ["missing", "src/new.ts"],
      ["changed", manifestPath],
      ["stale", "src/extra/old.ts"],
    ]);
    expect(drifts[0]?.diff).toBe(
      "--- a/src/types.ts\n+++ b/src/types.ts\n@@ -1,1 +1,1 @@\n-export {}; // edited\n+export {};\n",
    );
    const report = formatDrifts(drifts);
    expect(report).toContain("+export const fresh = 1;");
    expect(report).toContain("-export const old = 1;");
    expect(report).toMatch(/4 generated files out of date:\n {2}changed src\/types\.ts\n {2}missing src\/new\.ts\n/);
  });

  it("cuts a long report", () => {
    const diff = Array.from({ length: 50 }, (_, index) => `+line ${index}`).join("\n") + "\n";
    const report = formatDrifts([{ path: "a", kind: "missing", diff }], 10);
    expect(report).toContain("... 40 more diff lines not shown");
  });
});
