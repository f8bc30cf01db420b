/**
 * What a browser bundle of the client loads up front. The operations' precompiled validators (most of the package's
 * code) and @account-funds/validators' identifier checks must stay out of the entry and of every chunk it imports
 * statically: they are reached only by the dynamic `import()` behind `validateResponses`/`validateRequests`. esbuild
 * with code splitting stands in for any bundler that splits at `import()`.
 */
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Output files reached from `entry` by static imports, the entry included. */
function eager(metafile: Metafile, entry: string): Set<string> {
  const reached = new Set<string>();
  const visit = (path: string): void => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? [])
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entry);
  return reached;
}

describe("the browser bundle of the main entry", () => {
  let metafile: Metafile;
  let entry: string;
  beforeAll(async () => {
    ({ metafile } = await build({
      absWorkingDir: root,
      entryPoints: ["generated/src/index.ts"],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      minify: true,
      external: ["undici"],
      outdir: "bundle",
      write: false,
      metafile: true,
      logLevel: "silent",
    }));
    entry =
      Object.keys(metafile.outputs).find((path) => metafile.outputs[path]?.entryPoint === "generated/src/index.ts") ??
      "";
  });

  const inputsOf = (outputs: Iterable<string>): string[] =>
    [...outputs].flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}));

  it("loads the operations' validators and the identifier checks only on demand", () => {
    const upFront = inputsOf(eager(metafile, entry));
    expect(upFront).toContain("generated/src/client.ts");
    expect(upFront).toContain("generated/src/validators/webhooks.ts"); // parseWebhookEvents needs them, and they are small
    expect(
      upFront.filter((input) => input.includes("validators/operations") || input.startsWith("validators/")),
    ).toEqual([]);
    const onDemand = inputsOf(Object.keys(metafile.outputs).filter((path) => !eager(metafile, entry).has(path)));
    expect(onDemand).toContain("generated/src/validators/operations.ts");
  });

  it("keeps undici (Node's mTLS dispatcher) out entirely", () => {
    expect(
      Object.keys(metafile.inputs).filter(
        (input) => input.includes("undici") || input.endsWith("runtime/auth/mtls-dispatcher.ts"),
      ),
    ).toEqual([]);
  });
});
