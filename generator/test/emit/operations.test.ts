import { describe, expect, it } from "vitest";
import { operationMetadata, operationsEmitter } from "../../src/emit/operations.js";
import { emitFixture, fixtureModel, snapshotFixtures, snapshotPath } from "../support/fixtures.js";

describe("operations emitter", () => {
  it.each(snapshotFixtures)("%s", async (fixture) => {
    const files = await emitFixture(operationsEmitter, fixture);
    expect([...files.keys()]).toEqual(["src/operations.ts"]);
    const contents = files.get("src/operations.ts") ?? "";
    expect(contents).toContain('import type { OperationMetadata } from "./runtime/operations/operation-metadata.js";');
    expect(contents).toContain("} as const satisfies Record<string, OperationMetadata>;");
    expect(contents).toContain("export type OperationId = keyof typeof operations;");
    await expect(contents).toMatchFileSnapshot(snapshotPath(fixture, "src/operations.ts"));
  });

  it("lists only the headers a response must carry (an optional Preference-Applied is left out)", async () => {
    const model = await fixtureModel("odata.yaml");
    const list = model.operations.find((operation) => operation.operationId === "listAccounts");
    expect(list === undefined ? undefined : operationMetadata(list).responses["200"]).toEqual({
      mediaType: "application/json",
    });
  });

  it("describes what the runtime needs of each operation", async () => {
    const model = await fixtureModel("commands.yaml");
    const byId = Object.fromEntries(
      model.operations.map((operation) => [operation.operationId, operationMetadata(operation)]),
    );
    expect(byId["createAccountTransfer"]).toEqual({
      operationId: "createAccountTransfer",
      method: "post",
      path: "/api/v1/Transfers/CreateAccountTransfer",
      group: "transfers",
      clientMethod: "createAccountTransfer",
      pathParameters: [],
      queryParameters: [],
      requestBody: { required: true, mediaTypes: ["application/json", "multipart/form-data"] },
      responses: { "201": { mediaType: "application/json", headers: ["Location"] }, "400": {} },
      successStatuses: ["201"],
      security: "bearer",
    });
    expect(byId["requestPasswordToken"]).toMatchObject({
      security: "none",
      server: { url: "{auth_url}", variables: { auth_url: "http://127.0.0.1:4010" } },
    });
    expect(byId["getTransferConfirmation"]?.responses).toEqual({ "200": { mediaType: "text/plain" } });
    const odata = await fixtureModel("odata.yaml");
    expect(odata.operations.map((operation) => operationMetadata(operation).odata)).toEqual([
      "list",
      "entity",
      "list",
      "entity",
      "list",
    ]);
  });
});
