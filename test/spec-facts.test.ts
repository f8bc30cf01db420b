/**
 * One fact, one place (issue 25): a length limit changed in the spec alone reaches the validators and the sandbox.
 * The bundled spec with CreateAccountTransfer.Reference's maxLength raised by 5 goes through the generator's table
 * emitters (what `make` runs before it builds the validators), and the validators and the sandbox are run from their
 * sources with the tables emitted from it in place of the committed ones: both take the new limit and refuse one
 * character more. In process, on the real spec and the real emitters; `make` itself is the same chain with files.
 * The client follows by its own generation (its ajv validators are generated from the same document).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadModel } from "@account-funds/generator/pipeline";
import { writeTables } from "@account-funds/generator/package-tables";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadBundledSpec, type JsonObject } from "../spec/test/support/bundled-spec.js";

/** Where the tables of the changed spec are written, set before any mocked module is first imported. */
const emitted = vi.hoisted(() => ({ directory: "" }));

// The cross-package project's files share one module registry (isolate: false, vitest.config.ts), and this one mocks
// modules: it empties the registry before its imports (so that the validators and the sandbox are loaded again, with
// the changed tables) and, with the mocks undone, after its tests (so that no other file gets the changed tables).
const MOCKED = [
  "../validators/src/generated/request-fields.js",
  "../sandbox/src/foundation/state/generated/spec-fields.js",
];
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  for (const path of MOCKED) vi.doUnmock(path);
  vi.resetModules();
});

// The packages' sources read their committed tables from these modules; here they read the changed spec's. (The
// sandbox imports the validators by their package name, which vitest.config.ts maps to their sources.)
vi.mock(
  "../validators/src/generated/request-fields.js",
  () => import(pathToFileURL(join(emitted.directory, "validators", "request-fields.ts")).href),
);
vi.mock(
  "../sandbox/src/foundation/state/generated/spec-fields.js",
  () => import(pathToFileURL(join(emitted.directory, "sandbox", "spec-fields.ts")).href),
);

const reference = (spec: JsonObject): JsonObject => {
  const schemas = (spec["components"] as JsonObject)["schemas"] as JsonObject;
  const transfer = schemas["CreateAccountTransfer"] as JsonObject;
  return (transfer["properties"] as JsonObject)["Reference"] as JsonObject;
};

let limit = 0;

beforeAll(async () => {
  emitted.directory = await mkdtemp(join(tmpdir(), "spec-facts-"));
  const spec = loadBundledSpec();
  const field = reference(spec) as { maxLength: number };
  limit = field.maxLength + 5;
  field.maxLength = limit;
  const specPath = join(emitted.directory, "openapi.json");
  await writeFile(specPath, JSON.stringify(spec));
  const { model } = await loadModel({ specPath });
  await writeTables(model, {
    validators: join(emitted.directory, "validators"),
    sandbox: join(emitted.directory, "sandbox"),
  });
}, 60_000);

afterAll(async () => {
  if (emitted.directory !== "") await rm(emitted.directory, { recursive: true, force: true });
});

const transfer = (length: number) => ({
  AccountId: 1,
  CurrencyCode: "EUR",
  BeneficiaryId: 1,
  Reference: "r".repeat(length),
});

describe(`CreateAccountTransfer.Reference's maxLength changed in the spec alone`, () => {
  it("is the emitted tables' limit, for the validators and for the sandbox's records", async () => {
    const validators = await readFile(join(emitted.directory, "validators", "request-fields.ts"), "utf8");
    const sandbox = await readFile(join(emitted.directory, "sandbox", "spec-fields.ts"), "utf8");
    const transferTable = validators.slice(validators.indexOf("export const createAccountTransferTable"));
    expect(transferTable).toContain(`Reference: { type: "string", maxLength: ${limit}, nullable: true }`);
    const transferSchemas = sandbox.slice(sandbox.indexOf("export const createAccountTransferFieldSchemas"));
    expect(transferSchemas).toContain(`Reference: { type: "string", maxLength: ${limit} }`);
  });

  it("the validators accept the new limit and refuse one character more", async () => {
    const { validateCreateAccountTransfer, REFERENCE_MAX_LENGTH } = await import("../validators/src/node.js");
    expect(REFERENCE_MAX_LENGTH).toBe(limit);
    for (const wireForm of [false, true]) {
      expect(validateCreateAccountTransfer(transfer(limit), { wireForm }).ok).toBe(true);
      const refused = validateCreateAccountTransfer(transfer(limit + 1), { wireForm });
      expect(refused.ok ? [] : refused.issues.map(({ code, path }) => [code, path])).toEqual([
        ["too_long", ["Reference"]],
      ]);
    }
  });

  it("the sandbox creates a transfer at the new limit and refuses one character more", async () => {
    const { createSandbox } = await import("../sandbox/src/index.js");
    const { tokenAt } = await import("./sandbox/support/sandbox-fixture.js");
    const sandbox = await createSandbox();
    try {
      const authorization = `Bearer ${await tokenAt("http://sandbox.test", (input, init) => sandbox.fetch(input, init))}`;
      const beneficiaries = (await (
        await sandbox.fetch("http://sandbox.test/api/v1/TransferBeneficiaries", { headers: { authorization } })
      ).json()) as { value: { Id: number; AccountId: number; CurrencyCode: string; StatusCode: string }[] };
      const payee = beneficiaries.value.find((row) => row.StatusCode === "E");
      if (payee === undefined) throw new Error("the sandbox has no enabled transfer beneficiary");
      const send = (length: number) =>
        sandbox.fetch("http://sandbox.test/api/v1/Transfers/CreateAccountTransfer", {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({
            ...transfer(length),
            AccountId: payee.AccountId,
            CurrencyCode: payee.CurrencyCode,
            BeneficiaryId: payee.Id,
            Amount: 1,
          }),
        });
      const created = await send(limit);
      expect(created.status, await created.clone().text()).toBe(201);
      const refused = await send(limit + 1);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { code: "invalid_body", target: "/Reference", details: [{ code: "too_long", target: "/Reference" }] },
      });
    } finally {
      await sandbox.close();
    }
  });
});

describe("the request shapes' patterns and lengths", () => {
  it("are written by hand nowhere in the validators' and the sandbox's sources: they read the generated tables", async () => {
    const { readdir } = await import("node:fs/promises");
    const repository = new URL("../", import.meta.url);
    const sources = async (folder: string): Promise<string[]> => {
      const entries = await readdir(new URL(folder, repository), { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.parentPath.includes("generated"))
        .map((entry) => join(entry.parentPath, entry.name));
    };
    const committed = await readFile(new URL("validators/src/generated/request-fields.ts", repository), "utf8");
    // Every pattern of a table, as a string literal (`"^[A-Z]{3}$"`) and as a regular expression literal.
    const patterns = [...committed.matchAll(/pattern: ("(?:[^"\\]|\\.)*")/g)].map(
      ([, literal]) => JSON.parse(literal!) as string,
    );
    expect(patterns.length).toBeGreaterThan(10);
    const spellings = [...new Set(patterns)].flatMap((pattern) => [JSON.stringify(pattern), `/${pattern}/`]);
    const found: string[] = [];
    for (const file of [...(await sources("validators/src/")), ...(await sources("sandbox/src/"))]) {
      const text = await readFile(file, "utf8");
      for (const spelling of spellings) if (text.includes(spelling)) found.push(`${file}: ${spelling}`);
    }
    expect(found).toEqual([]);
  });
});
