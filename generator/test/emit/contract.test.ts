import { describe, expect, it } from "vitest";
import { contractEmitter, operationContract } from "../../src/emit/contract.js";
import { emitFixture, fixtureModel, snapshotFixtures, snapshotPath } from "../support/fixtures.js";

describe("contract emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(contractEmitter, fixture);
    expect([...files.keys()]).toEqual(["src/contract.ts"]);
    const contents = files.get("src/contract.ts") ?? "";
    expect(contents).toContain(
      "export const operationContracts: { readonly [K in OperationId]: OperationContractMetadata } = {",
    );
    expect(contents).toContain("export const entityShapes: { readonly [schema: string]: EntityShape } = {");
    await expect(contents).toMatchFileSnapshot(snapshotPath(fixture, "src/contract.ts"));
  });

  it("describes each parameter with its scalar type and inlined schema, and names the OData entity", async () => {
    const model = await fixtureModel("odata.yaml");
    const byId = Object.fromEntries(
      model.operations.map((operation) => [operation.operationId, operationContract(operation)]),
    );
    expect(byId["getAccountBalance"]).toEqual({
      parameters: [
        {
          name: "accountId",
          in: "path",
          required: true,
          type: "integer",
          schema: expect.objectContaining({ type: "integer" }),
        },
        {
          name: "currencyCode",
          in: "path",
          required: true,
          type: "string",
          schema: {
            title: "CurrencyCode",
            description: "ISO 4217 currency code.",
            type: "string",
            pattern: "^[A-Z]{3}$",
          },
        },
        {
          name: "$select",
          in: "query",
          required: false,
          type: "string",
          schema: expect.objectContaining({ type: "string" }),
        },
      ],
      entitySchema: "AccountBalanceDto",
    });
    const commands = await fixtureModel("commands.yaml");
    expect(commands.operations.map((operation) => operationContract(operation).entitySchema)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("writes only the shapes of OData entities, each once", async () => {
    const contents = (await emitFixture(contractEmitter, "odata.yaml")).get("src/contract.ts") ?? "";
    const shapes = contents.slice(contents.indexOf("export const entityShapes"));
    expect([...shapes.matchAll(/^ {2}(\w+): \{/gm)].map((match) => match[1])).toEqual([
      "AccountBalanceDto",
      "AccountDto",
    ]);
  });
});
