import { emitFiles } from "../../src/pipeline.js";
import { readdir } from "node:fs/promises";
import { sep } from "node:path";
import { describe, expect, it } from "vitest";
import { clientEmitter } from "../../src/emit/client.js";
import { signatureParameters } from "../../src/emit/client-signatures.js";
import { tokenOperations } from "../../src/emit/client-surface.js";
import { indexExportNames, indexFileEmitter } from "../../src/emit/index-file.js";
import { runtimeEmitter } from "../../src/emit/runtime.js";
import { runtimeDirectory } from "../../src/locations.js";
import { emitInput } from "../support/fixtures.js";
import { fixtureModel, fixtureOperations } from "./client-fixture.js";

async function emitted(emitter: typeof clientEmitter, model = fixtureModel()): Promise<Map<string, string>> {
  return new Map((await emitter.emit(await emitInput(model))).map((file) => [file.path, file.contents]));
}

describe("client emitter", () => {
  it("emits src/client.ts (snapshot)", async () => {
    const files = await emitted(clientEmitter);
    expect([...files.keys()]).toEqual(["src/client.ts"]);
    await expect(files.get("src/client.ts")).toMatchFileSnapshot("./__snapshots__/client.ts.snap");
  });

  it("is deterministic", async () => {
    expect(await emitted(clientEmitter)).toEqual(await emitted(clientEmitter));
  });

  it("declares each kind of method with the runtime's argument layout", async () => {
    const text = (await emitted(clientEmitter)).get("src/client.ts") ?? "";
    expect(text.startsWith("// The client: one method per operation")).toBe(true);
    expect(text).toContain("listBalances: ODataListMethod<");
    expect(text).toContain('[accountId: OperationPathParam<"listAccountBalances", "accountId">]');
    expect(text).toContain("getBalance: ODataEntityMethod<");
    expect(text).toContain(
      'createAccountTransfer(\n    body: OperationBody<"createAccountTransfer">,\n    init?: CallOptions,\n  ): OperationResult<M, "createAccountTransfer">;',
    );
    expect(text).toContain(
      'approveTransfer(\n    transferId: OperationPathParam<"approveTransfer", "transferId">,\n    init?: CallOptions,\n  ): OperationResult<M, "approveTransfer">;',
    );
    expect(text).toContain('query: OperationQuery<"getJobStatus">');
    expect(text).toContain(
      "tokenOperations: { clientSecret: operations.requestPasswordToken, mtls: operations.requestMtlsPasswordToken }",
    );
    expect(text).toContain(
      'return parseWebhookEventsWith<WebhookEventOf<Schema<"WebhookEventDelivery">>, never>(\n    webhookValidators.accountFundsEvent!,\n    body,\n  );',
    );
    expect(text).toContain("A `*\\/` in a description is escaped.");
  });

  it("types OData reads with each entity's paths from its shape, and hands the runtime the date-time paths", async () => {
    const model = fixtureModel();
    const shape = {
      properties: {
        CurrencyCode: "string",
        Value: "number",
        ValueDate: "date-time",
        Currency: { properties: { Name: "string" } },
      },
    } as const;
    const schemas = model.schemas.map((schema) =>
      schema.name === "AccountBalanceDto" ? { ...schema, entityShape: shape } : schema,
    );
    const text = (await emitted(clientEmitter, { ...model, schemas })).get("src/client.ts") ?? "";
    expect(text).toContain(
      'AccountBalanceDto: {\n    all: "CurrencyCode" | "Value" | "ValueDate" | "Currency" | "Currency/Name";\n    primitive: "CurrencyCode" | "Value" | "ValueDate" | "Currency/Name";\n    text: "CurrencyCode" | "Currency/Name";\n    dateTime: "ValueDate";\n  };',
    );
    expect(text).toMatch(/listBalances: ODataListMethod<[^;]*ODataEntities\["AccountBalanceDto"\]\s*>;/);
    expect(text).toMatch(/getBalance: ODataEntityMethod<[^;]*ODataEntities\["AccountBalanceDto"\]\s*>;/);
    expect(text).toContain('listAccountBalances: ["ValueDate"],');
    expect(text).toContain("    odataDateTimes,\n  });");
  });

  it("imports the webhook validators, and loads the operations' only with a dynamic import() a bundler can split", async () => {
    const text = (await emitted(clientEmitter)).get("src/client.ts") ?? "";
    expect(text).toContain('import { webhookValidators } from "./validators/webhooks.js";');
    expect(text).toContain('operationValidators ??= import("./validators/operations.js").then(');
    expect(text.match(/validators\/operations/g)).toHaveLength(1);
    expect(text).toContain("createRuntime(options, {\n    loadOperationValidators,");
  });

  it("keeps parameters legal: reserved names renamed, an optional body before a required query becomes `| undefined`", () => {
    const annotate = fixtureOperations.find((operation) => operation.operationId === "annotateJob");
    expect(signatureParameters(annotate!)).toEqual([
      { name: "defaultParam", type: 'OperationPathParam<"annotateJob", "default">', hasQuestionToken: false },
      { name: "body", type: 'OperationBody<"annotateJob"> | undefined', hasQuestionToken: false },
      { name: "query", type: 'OperationQuery<"annotateJob">', hasQuestionToken: false },
      { name: "init", type: "CallOptions", hasQuestionToken: true },
    ]);
  });

  it("finds the token operations by security and form body", () => {
    const found = tokenOperations(fixtureModel());
    expect(found.clientSecret?.operationId).toBe("requestPasswordToken");
    expect(found.mtls?.operationId).toBe("requestMtlsPasswordToken");
    expect(tokenOperations(fixtureModel({ operations: [] }))).toEqual({});
  });

  it("names one parser per webhook when there are several", async () => {
    const model = fixtureModel();
    const second = { ...model.webhooks[0]!, name: "otherEvent" };
    const text =
      (await emitted(clientEmitter, { ...model, webhooks: [...model.webhooks, second] })).get("src/client.ts") ?? "";
    expect(text).toContain("export function parseAccountFundsEvent(");
    expect(text).toContain("export function parseOtherEvent(");
    expect(text).not.toContain("parseWebhookEvents(");
  });
});

describe("index emitter", () => {
  it("emits src/index.ts and src/node.ts (snapshot)", async () => {
    const files = await emitted(indexFileEmitter);
    expect([...files.keys()]).toEqual(["src/index.ts", "src/node.ts"]);
    await expect(files.get("src/index.ts")).toMatchFileSnapshot("./__snapshots__/index.ts.snap");
    await expect(files.get("src/node.ts")).toMatchFileSnapshot("./__snapshots__/node.ts.snap");
  });

  it("keeps undici out of the main entry", async () => {
    const files = await emitted(indexFileEmitter);
    expect(files.get("src/index.ts")).not.toContain("node.js");
    expect(files.get("src/node.ts")).toContain('from "./runtime/auth/mtls-dispatcher.js"');
  });

  it("re-exports the types the client's signatures name, so consumers can name them too", async () => {
    const index = (await emitted(indexFileEmitter)).get("src/index.ts") ?? "";
    for (const name of [
      "Operation",
      "OperationPathParam",
      "OperationBody",
      "OperationQuery",
      "OperationResult",
      "Schema",
      "WebhookEventOf",
    ]) {
      expect(index).toContain(`  type ${name},\n`);
    }
    expect(index).toContain("type AccountFundsErrorInit");
    expect(index).toContain("SuccessStatusOf");
  });

  it("warns of a schema whose type name the entry exports for the client, and still emits", async () => {
    const model = fixtureModel();
    expect(indexExportNames(model)).toContain("AccountsClient");
    const clashing = fixtureModel({
      schemas: [
        ...model.schemas,
        {
          name: "AccountsClient",
          typeName: "AccountsClient",
          pointer: "/x",
          description: "",
          schema: {},
          usedAs: [],
          assumptions: [],
        },
      ],
    });
    const { warnings, files } = await emitFiles(await emitInput(clashing), [indexFileEmitter]);
    expect(files.map((file) => file.path)).toContain("src/index.ts");
    expect(warnings.map((warning) => warning.message)).toEqual([
      "schema AccountsClient: the package entry exports the client's own AccountsClient, so the schema's type is Schema<\"AccountsClient\"> there",
    ]);
  });
});

describe("runtime emitter", () => {
  it("copies every runtime module verbatim behind the header, in its folder", async () => {
    const files = await emitted(runtimeEmitter);
    const sources = (await readdir(runtimeDirectory, { recursive: true }))
      .map((name) => name.split(sep).join("/"))
      .filter((name) => name.endsWith(".ts"))
      .sort();
    expect(sources).toContain("client/request.ts");
    expect([...files.keys()]).toEqual(sources.map((name) => `src/runtime/${name}`));
    const request = files.get("src/runtime/client/request.ts") ?? "";
    expect(request.split("\n")[0]).toBe("// Client runtime: generator/runtime/client/request.ts, copied verbatim.");
    expect(request).toContain("export function createRuntime(");
    for (const [path, text] of files) {
      if (path !== "src/runtime/auth/mtls-dispatcher.ts") expect(text, path).not.toMatch(/from "undici"/);
    }
  });
});
