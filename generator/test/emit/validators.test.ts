import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompiledValidator, OperationValidators } from "../../runtime/compiled-validator.js";
import { validatorsEmitter } from "../../src/emit/validators.js";
import { emitFixture, snapshotFixtures, snapshotPath, temporaryDirectory } from "../support/fixtures.js";
import { importedModules } from "../support/validators-module.js";

interface ValidatorsModule {
  readonly operationValidators: Record<string, OperationValidators>;
  readonly webhookValidators: Record<string, CompiledValidator>;
}

describe("validators emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(validatorsEmitter, fixture);
    expect([...files.keys()]).toEqual(["src/validators.ts"]);
    await expect(files.get("src/validators.ts")).toMatchFileSnapshot(snapshotPath(fixture, "src/validators.ts"));
  });

  describe("the emitted module", () => {
    let contents = "";
    let module: ValidatorsModule;
    let directory: Awaited<ReturnType<typeof temporaryDirectory>>;

    beforeAll(async () => {
      contents = (await emitFixture(validatorsEmitter, "commands.yaml")).get("src/validators.ts") ?? "";
      directory = await temporaryDirectory(true);
      await writeFile(join(directory.path, "validators.ts"), contents);
      module = (await import(pathToFileURL(join(directory.path, "validators.ts")).href)) as ValidatorsModule;
    });
    afterAll(() => directory.remove());

    it("imports ajv's run-time helpers and the formats, never ajv's compiler", () => {
      const modules = importedModules(contents);
      expect(modules).toEqual(["./runtime/compiled-validator.js", "ajv-formats/dist/formats.js", "@account-funds/validators", "ajv/dist/runtime/ucs2length.js"].sort());
      expect(contents).not.toMatch(/\brequire\(|new Function/);
    });

    it("has a validator for every body with a schema, by operation, status and media type", () => {
      const shape = Object.fromEntries(
        Object.entries(module.operationValidators).map(([id, validators]) => [
          id,
          {
            request: Object.keys(validators.request ?? {}),
            responses: Object.fromEntries(Object.entries(validators.responses ?? {}).map(([status, byMedia]) => [status, Object.keys(byMedia)])),
          },
        ]),
      );
      expect(shape).toEqual({
        createAccountTransfer: { request: ["application/json", "multipart/form-data"], responses: { "201": ["application/json"] } },
        approveTransfer: { request: [], responses: {} },
        getTransferConfirmation: { request: [], responses: { "200": ["text/plain"] } },
        requestPasswordToken: { request: ["application/x-www-form-urlencoded"], responses: { "200": ["application/json"] } },
        requestMtlsPasswordToken: { request: ["application/x-www-form-urlencoded"], responses: { "200": ["application/json"] } },
      });
      expect(Object.keys(module.webhookValidators)).toEqual(["transferEvent"]);
      // One compiled function per schema, however many bodies use it.
      expect(module.operationValidators["requestPasswordToken"]?.request?.["application/x-www-form-urlencoded"]).toBe(
        module.operationValidators["requestMtlsPasswordToken"]?.request?.["application/x-www-form-urlencoded"],
      );
    });

    it("accepts valid bodies and reports every problem of an invalid one", () => {
      const validate = module.operationValidators["createAccountTransfer"]?.request?.["application/json"];
      if (validate === undefined) throw new Error("no validator");
      expect(validate({ AccountId: 1, Amount: 10.5, Iban: "GB82WEST12345698765432", Routing: { Type: "SortCode", SortCode: "123456" } })).toBe(true);
      expect(validate.errors).toBeNull();
      expect(validate({ AccountId: "1", Amount: 0, Iban: "GB00WEST12345698765432" })).toBe(false);
      expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`).sort()).toEqual(["/AccountId type", "/Amount exclusiveMinimum", "/Iban format"]);
    });

    it("checks the spec's custom formats with @account-funds/validators and the oneOf routing", () => {
      const validate = module.operationValidators["createAccountTransfer"]?.request?.["application/json"];
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Bic", Bic: "DEUTDEFF" } })).toBe(true);
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Bic", Bic: "DEUTXXFF" } })).toBe(false);
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Iban" } })).toBe(false);
    });

    it("validates responses and webhook payloads", () => {
      expect(module.operationValidators["getTransferConfirmation"]?.responses?.["200"]?.["text/plain"]?.("CONFIRMED 7")).toBe(true);
      const delivery = module.webhookValidators["transferEvent"];
      expect(delivery?.([{ Reason: "TransferCreated", EntityId: 7, RaisedAt: "2024-05-01T10:00:00Z" }])).toBe(true);
      expect(delivery?.([{ Reason: "TransferCreated", EntityId: 7, RaisedAt: "yesterday" }])).toBe(false);
      expect(delivery?.errors?.[0]).toMatchObject({ instancePath: "/0/RaisedAt", keyword: "format" });
    });
  });
});
