/**
 * `--overlay` / `--overlay-out`: an OpenAPI Overlay 1.0 laid over the generated document and written beside the
 * package (the sandbox's document), checked for drift like the package, its assumptions told apart from the
 * API's; an action that selects nothing, or an overlay of another version, is a problem of the overlay (exit 2).
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCodes, main, usage } from "../src/cli.js";
import { fixturePath, temporaryDirectory } from "./support/fixtures.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

const spec = fixturePath("odata.yaml");

const overlay = `overlay: 1.0.0
info:
  title: A server's own facts
  version: 1.0.0
actions:
  - target: $.paths.*.get.responses
    update:
      '503':
        description: The server is busy.
        x-assumption: The server refuses what is over its bounds — not shown in the reference
  - target: $.servers[0].variables.base_url
    update:
      default: 'http://127.0.0.1:9999'
  - target: $.components.parameters.ODataTop
    remove: true
`;

describe("an overlay laid over the generated document", () => {
  let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
  let overlayPath: string;
  let outPath: string;
  beforeAll(async () => {
    directory = await temporaryDirectory();
    overlayPath = join(directory.path, "overlay.yaml");
    outPath = join(directory.path, "server.json");
    await writeFile(overlayPath, overlay);
  });
  afterAll(() => directory.remove());

  const generateWith = (...extra: string[]) =>
    run("generate", "--spec", spec, "--out", join(directory.path, "package"), ...extra);

  it("writes the overlay's document beside the package, then finds it up to date", { timeout: 60_000 }, async () => {
    const generated = await generateWith("--overlay", overlayPath, "--overlay-out", outPath);
    expect(generated).toMatchObject({ code: exitCodes.ok, err: "" });
    expect(generated.out).toMatch(/server\.json: written\n$/);
    const api = JSON.parse(await readFile(join(directory.path, "package/openapi.json"), "utf8"));
    const overlaid = JSON.parse(await readFile(outPath, "utf8"));
    expect(Object.keys(overlaid.paths["/api/v1/Accounts"].get.responses)).toEqual(["200", "401", "503"]);
    expect(overlaid.servers[0].variables.base_url.default).toBe("http://127.0.0.1:9999");
    expect(overlaid.components.parameters.ODataTop).toBeUndefined();
    // The API's document is left as it was.
    expect(Object.keys(api.paths["/api/v1/Accounts"].get.responses)).toEqual(["200", "401"]);
    expect(api.components.parameters.ODataTop).toBeDefined();

    const checked = await run(
      "check",
      ...["--spec", spec, "--out", join(directory.path, "package"), "--overlay", overlayPath, "--overlay-out", outPath],
    );
    expect(checked).toMatchObject({ code: exitCodes.ok, err: "" });
  });

  it("finds an edited overlay document stale, with a diff", { timeout: 60_000 }, async () => {
    await writeFile(outPath, (await readFile(outPath, "utf8")).replace("The server is busy.", "Edited."));
    const checked = await run(
      "check",
      ...["--spec", spec, "--out", join(directory.path, "package"), "--overlay", overlayPath, "--overlay-out", outPath],
    );
    expect(checked.code).toBe(exitCodes.stale);
    expect(checked.out).toContain('-            "description": "Edited.",');
    expect(checked.out).toContain('+            "description": "The server is busy.",');
    expect(checked.out).toMatch(/1 generated file out of date:\n {2}changed .*server\.json\n$/);
  });

  it("lists the API's assumptions, then those the overlay adds and drops", async () => {
    const listed = await run("assumptions", "--json", "--spec", spec, "--overlay", overlayPath);
    expect(listed.code).toBe(exitCodes.ok);
    const { api, overlay: own } = JSON.parse(listed.out) as {
      api: { pointer: string }[];
      overlay: { adds: { pointer: string; text: string }[]; drops: { pointer: string }[] };
    };
    expect(api.map((found) => found.pointer)).toContain("/components/parameters/ODataTop");
    const paths = Object.keys(JSON.parse(await readFile(outPath, "utf8")).paths as object);
    expect(own.adds.map((found) => found.pointer).sort()).toEqual(
      paths.map((path) => `/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/get/responses/503`).sort(),
    );
    expect(own.drops.map((found) => found.pointer)).toEqual(["/components/parameters/ODataTop"]);
    const table = await run("assumptions", "--spec", spec, "--overlay", overlayPath);
    expect(table.out).toContain(`${paths.length} assumptions in the overlay's document, added or rewritten`);
  });

  it.each([
    [
      "an action whose target selects nothing",
      "  - target: $.nowhere\n    update:\n      a: 1\n",
      /#\/actions\/3: target \$\.nowhere selects nothing/,
    ],
    ["an overlay of another version", null, /#\/overlay: an OpenAPI Overlay 1\.0\.x document is required/],
  ])("exits 2 for %s, naming the overlay's pointer", { timeout: 60_000 }, async (_case, extraAction, message) => {
    const broken = join(directory.path, "broken.yaml");
    await writeFile(
      broken,
      extraAction === null ? overlay.replace("overlay: 1.0.0", "overlay: 2.0.0") : overlay + extraAction,
    );
    const result = await generateWith("--overlay", broken, "--overlay-out", join(directory.path, "never.json"));
    expect(result.code).toBe(exitCodes.specError);
    expect(result.err).toMatch(message);
  });

  it.each([
    [["generate", "--overlay-out", "x.json"]],
    [["generate", "--overlay", "overlay.yaml"]],
    [["assumptions", "--overlay", "overlay.yaml", "--overlay-out", "x.json"]],
  ])("rejects %j with EX_USAGE (64)", async (argv) => {
    const result = await run(...argv);
    expect(result.code).toBe(exitCodes.usage);
    expect(result.err).toContain(usage);
  });
});
