import { emitFiles } from "../../src/pipeline.js";
import { writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompiledValidator, OperationValidators } from "../../runtime/validation/compiled-validator.js";
import { validatorsEmitter } from "../../src/emit/validators.js";
import { SpecError } from "../../src/json-pointer/spec-error.js";
import {
  emitFixture,
  emitInput,
  fixtureModel,
  snapshotFixtures,
  snapshotPath,
  temporaryDirectory,
} from "../support/fixtures.js";
import { importedModules } from "../support/validators-module.js";

const paths = ["src/validators/operations.ts", "src/validators/webhooks.ts"];

describe("validators emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(validatorsEmitter, fixture);
    expect([...files.keys()]).toEqual(paths);
    for (const path of paths) await expect(files.get(path)).toMatchFileSnapshot(snapshotPath(fixture, path));
  });

  describe("the emitted modules", () => {
    let files = new Map<string, string>();
    let operationValidators: Record<string, OperationValidators>;
    let webhookValidators: Record<string, CompiledValidator>;
    let directory: Awaited<ReturnType<typeof temporaryDirectory>>;

    beforeAll(async () => {
      files = await emitFixture(validatorsEmitter, "commands.yaml");
      directory = await temporaryDirectory(true);
      await mkdir(join(directory.path, "src/validators"), { recursive: true });
      for (const [path, contents] of files) await writeFile(join(directory.path, path), contents);
      const load = async (path: string) => import(pathToFileURL(join(directory.path, path)).href);
      ({ operationValidators } = (await load("src/validators/operations.ts")) as {
        operationValidators: Record<string, OperationValidators>;
      });
      ({ webhookValidators } = (await load("src/validators/webhooks.ts")) as {
        webhookValidators: Record<string, CompiledValidator>;
      });
    });
    afterAll(() => directory.remove());

    it("import ajv's run-time helpers and the formats they use, never ajv's compiler", () => {
      expect(importedModules(files.get("src/validators/operations.ts") ?? "")).toEqual(
        [
          "../runtime/validation/compiled-validator.js",
          "ajv-formats/dist/formats.js",
          "@account-funds/validators",
          "ajv/dist/runtime/ucs2length.js",
        ].sort(),
      );
      // The webhook payload uses only ajv-formats' date-time: @account-funds/validators stays out of the main entry.
      expect(importedModules(files.get("src/validators/webhooks.ts") ?? "")).toEqual([
        "../runtime/validation/compiled-validator.js",
        "ajv-formats/dist/formats.js",
      ]);
      for (const contents of files.values()) expect(contents).not.toMatch(/\brequire\(|new Function/);
    });

    it("keep the operations' and the webhooks' validators apart", () => {
      expect(files.get("src/validators/webhooks.ts")).not.toContain("CreateAccountTransfer");
      expect(files.get("src/validators/operations.ts")).not.toContain("TransferEventDelivery");
    });

    it("have a validator for every body with a schema, by operation, status and media type; multipart by part", () => {
      const shape = Object.fromEntries(
        Object.entries(operationValidators).map(([id, validators]) => [
          id,
          {
            request: Object.keys(validators.request ?? {}),
            responses: Object.fromEntries(
              Object.entries(validators.responses ?? {}).map(([status, byMedia]) => [status, Object.keys(byMedia)]),
            ),
          },
        ]),
      );
      expect(shape).toEqual({
        createAccountTransfer: { request: ["application/json"], responses: { "201": ["application/json"] } },
        approveTransfer: { request: [], responses: {} },
        getTransferConfirmation: { request: [], responses: { "200": ["text/plain"] } },
        requestPasswordToken: {
          request: ["application/x-www-form-urlencoded"],
          responses: { "200": ["application/json"] },
        },
        requestMtlsPasswordToken: {
          request: ["application/x-www-form-urlencoded"],
          responses: { "200": ["application/json"] },
        },
      });
      expect(Object.keys(webhookValidators)).toEqual(["transferEvent"]);
      // One compiled function per schema, however many bodies use it.
      expect(operationValidators["requestPasswordToken"]?.request?.["application/x-www-form-urlencoded"]).toBe(
        operationValidators["requestMtlsPasswordToken"]?.request?.["application/x-www-form-urlencoded"],
      );
    });

    it("describe a multipart body by part: the Request part with the JSON body's validator, the documents as files", () => {
      const transfer = operationValidators["createAccountTransfer"];
      expect(transfer?.multipart).toEqual({
        required: ["Request"],
        values: { Request: transfer?.request?.["application/json"] },
        files: { Documents: { multiple: true } },
      });
      expect(Object.keys(operationValidators).filter((id) => operationValidators[id]?.multipart !== undefined)).toEqual(
        ["createAccountTransfer"],
      );
    });

    it("accept valid bodies and report every problem of an invalid one", () => {
      const validate = operationValidators["createAccountTransfer"]?.request?.["application/json"];
      if (validate === undefined) throw new Error("no validator");
      expect(
        validate({
          AccountId: 1,
          Amount: 10.5,
          Iban: "GB82WEST12345698765432",
          Routing: { Type: "SortCode", SortCode: "123456" },
        }),
      ).toBe(true);
      expect(validate.errors).toBeNull();
      expect(validate({ AccountId: "1", Amount: 0, Iban: "GB00WEST12345698765432" })).toBe(false);
      expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`).sort()).toEqual([
        "/AccountId type",
        "/Amount exclusiveMinimum",
        "/Iban format",
      ]);
    });

    it("check the spec's custom formats with @account-funds/validators and the oneOf routing", () => {
      const validate = operationValidators["createAccountTransfer"]?.request?.["application/json"];
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Bic", Bic: "DEUTDEFF" } })).toBe(true);
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Bic", Bic: "DEUTDEFO" } })).toBe(false);
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Iban" } })).toBe(false);
    });

    it("check a discriminated oneOf against the branch its tag selects, and an unknown tag at the tag", () => {
      const validate = operationValidators["createAccountTransfer"]?.request?.["application/json"];
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "SortCode", SortCode: "12-34" } })).toBe(false);
      // Only the SortCode branch's error: no "must be equal to constant" from the Bic branch, no oneOf summary.
      expect(validate?.errors?.map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
        "/Routing/SortCode format",
      ]);
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { Type: "Iban" } })).toBe(false);
      expect(validate?.errors?.map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
        "/Routing/Type enum",
        "/Routing discriminator",
      ]);
      expect(validate?.errors?.[0]?.params).toEqual({ allowedValues: ["SortCode", "Bic"] });
      expect(validate?.({ AccountId: 1, Amount: 1, Routing: { SortCode: "123456" } })).toBe(false);
      expect(validate?.errors?.[0]).toMatchObject({
        instancePath: "/Routing",
        keyword: "required",
        params: { missingProperty: "Type" },
      });
    });

    it("validate responses and webhook payloads", () => {
      expect(operationValidators["getTransferConfirmation"]?.responses?.["200"]?.["text/plain"]?.("CONFIRMED 7")).toBe(
        true,
      );
      const delivery = webhookValidators["transferEvent"];
      expect(delivery?.([{ Reason: "TransferCreated", EntityId: 7, RaisedAt: "2024-05-01T10:00:00Z" }])).toBe(true);
      expect(delivery?.([{ Reason: "TransferCreated", EntityId: 7, RaisedAt: "yesterday" }])).toBe(false);
      expect(delivery?.errors?.[0]).toMatchObject({ instancePath: "/0/RaisedAt", keyword: "format" });
    });
  });

  it("follows a discriminator mapping that says something else than the branches' consts, as OpenAPI does", async () => {
    const model = await fixtureModel("commands.yaml");
    const routing = (
      model.documentForLibraries["components"] as {
        schemas: Record<string, { discriminator: { mapping: Record<string, string> } }>;
      }
    ).schemas["Routing"];
    if (routing === undefined) throw new Error("no Routing in the fixture");
    routing.discriminator.mapping = {
      SortCode: "#/components/schemas/BicRouting",
      Bic: "#/components/schemas/SortCodeRouting",
    };
    const { files, warnings } = await emitFiles(await emitInput(model), [validatorsEmitter]);
    expect(warnings).toEqual([]);
    expect(files.find((file) => file.path === "src/validators/operations.ts")?.contents).toContain('"SortCode"');
  });

  it("reports a schema ajv cannot compile as a spec error at its pointer (the compile runs in a worker thread)", async () => {
    const model = await fixtureModel("commands.yaml");
    const schemas = (model.documentForLibraries["components"] as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    schemas["CreateAccountTransfer"] = { ...schemas["CreateAccountTransfer"], minProperties: "two" };
    const failure = validatorsEmitter.emit(await emitInput(model));
    await expect(failure).rejects.toBeInstanceOf(SpecError);
    await expect(failure).rejects.toMatchObject({
      pointer: "/components/schemas/CreateAccountTransfer",
      reason: expect.stringMatching(/^ajv cannot compile the schema: minProperties value must be/),
    });
  });
});
