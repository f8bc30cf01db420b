/**
 * The spec's request shapes as field tables: `validator-fields.ts` (the validators' tables and value types) and
 * `sandbox-records.ts` (the sandbox's record fields), on the fixtures and the real spec; a keyword a table cannot say
 * stops the generator at its pointer instead of being dropped.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTables, requestBodySchemas } from "../../src/emit/field-tables.js";
import { sandboxRecordsEmitter } from "../../src/emit/sandbox-records.js";
import { validatorFieldsEmitter } from "../../src/emit/validator-fields.js";
import { loadModel } from "../../src/pipeline.js";
import { formatSpecProblem, specProblemsOf } from "../../src/json-pointer/spec-error.js";
import { emitFixture, snapshotFixtures, snapshotPath, temporaryDirectory } from "../support/fixtures.js";
import { generateRealSpec } from "../support/real-spec.js";

describe.each(snapshotFixtures)("%s", (fixture) => {
  it("the validators' request tables and value types", async () => {
    const files = await emitFixture(validatorFieldsEmitter, fixture);
    expect([...files.keys()]).toEqual(["request-fields.ts"]);
    await expect(files.get("request-fields.ts")).toMatchFileSnapshot(
      snapshotPath(fixture, "validators/request-fields.ts"),
    );
  });

  it("the sandbox's record fields", async () => {
    const files = await emitFixture(sandboxRecordsEmitter, fixture);
    expect([...files.keys()]).toEqual(["spec-fields.ts"]);
    await expect(files.get("spec-fields.ts")).toMatchFileSnapshot(snapshotPath(fixture, "sandbox/spec-fields.ts"));
  });
});

describe("the real spec's request shapes", () => {
  it("every JSON request body has a table, with the facts the reference states", async () => {
    const { model } = await generateRealSpec();
    const roots = requestBodySchemas(model);
    expect(roots).toEqual(
      expect.arrayContaining(["CreateAccountTransfer", "CreateAccountWithdrawal", "CreateWithdrawalBeneficiary"]),
    );
    const { components } = readTables(model, roots, { nested: true });
    const byName = new Map(components.map((component) => [component.name, component]));
    for (const root of roots) expect(byName.get(root)?.kind, root).toBe("table");
    const transfer = byName.get("CreateAccountTransfer");
    expect(transfer?.kind === "table" && transfer.fields.find((field) => field.name === "Reference")).toEqual({
      name: "Reference",
      description: "Up to 35 characters.",
      required: false,
      nullable: true,
      type: { type: "string", maxLength: 35 },
    });
    const routing = byName.get("PaymentRouting");
    expect(routing?.kind === "union" && routing.members.map((member) => member.value)).toHaveLength(10);
    const us = byName.get("RoutingTransitNumberAccountNumberPaymentRouting");
    expect(us?.kind === "table" && us.requiredAnyOf).toEqual([["Bic"], ["RoutingTransitNumber"]]);
    const withdrawal = byName.get("CreateAccountWithdrawal");
    expect(withdrawal?.kind === "table" && withdrawal.requiredWhen).toEqual([
      { field: "CurrencyCode", equals: "GBP", required: ["BoEPurposeCodeId"] },
    ]);
  });
});

describe("what a table cannot say", () => {
  const shapes = {
    Unsaid: {
      type: "object",
      properties: {
        Merged: { allOf: [{ type: "string" }] },
        Defaulted: { type: "string", default: "x" },
        Inline: { type: "object", properties: { A: { type: "string" } } },
        Either: { oneOf: [{ type: "string" }, { type: "integer" }] },
        Stepped: { type: "number", multipleOf: 0.01 },
      },
    },
    Nested: { type: "object", properties: { Again: { $ref: "#/components/schemas/Nested" } } },
  };

  it("stops the generator with every problem at its pointer", async () => {
    const directory = await temporaryDirectory();
    try {
      const specPath = join(directory.path, "openapi.json");
      const body = (name: string) => ({
        requestBody: { content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } } },
        responses: { "200": { description: "OK." } },
      });
      await writeFile(
        specPath,
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Unsaid", version: "1" },
          paths: {
            "/api/v1/Unsaid": { post: { operationId: "unsaid", ...body("Unsaid") } },
            "/api/v1/Nested": { post: { operationId: "nested", ...body("Nested") } },
          },
          components: { schemas: shapes },
        }),
      );
      const { model } = await loadModel({ specPath });
      let thrown: unknown;
      try {
        readTables(model, requestBodySchemas(model), { nested: true });
      } catch (error) {
        thrown = error;
      }
      expect(specProblemsOf(thrown)?.map(formatSpecProblem).sort()).toEqual([
        "(bundled spec)#/components/schemas/Nested: a schema that contains itself cannot be a field table",
        "(bundled spec)#/components/schemas/Unsaid/properties/Defaulted/default: default cannot be read into a field table",
        `(bundled spec)#/components/schemas/Unsaid/properties/Either/oneOf: a property's oneOf must be a schema and {type: "null"}`,
        "(bundled spec)#/components/schemas/Unsaid/properties/Inline/properties: properties cannot be read into a field table",
        "(bundled spec)#/components/schemas/Unsaid/properties/Inline: an inline object must be a map (additionalProperties with a schema); name a component",
        "(bundled spec)#/components/schemas/Unsaid/properties/Merged/allOf: allOf cannot be read into a field table",
        "(bundled spec)#/components/schemas/Unsaid/properties/Stepped/multipleOf: multipleOf cannot be read into a field table",
      ]);
    } finally {
      await directory.remove();
    }
  });
});
