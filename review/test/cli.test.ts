import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exitCodes, main, usage } from "../src/cli.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), env: {} });
  return { code, out, err };
}

describe("the command line", () => {
  it("prints the package's version", async () => {
    const manifest: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(await run("--version")).toEqual({ code: exitCodes.ok, out: `${manifest.version}\n`, err: "" });
  });

  it.each([[["--unknown"]], [["extra"]], [["--format", "yaml"]], [["--base"]]])(
    "rejects %j with EX_USAGE (64), before any git work",
    async (argv) => {
      const result = await run(...argv);
      expect(result.code).toBe(64);
      expect(result.err).toContain(usage);
    },
  );
});
