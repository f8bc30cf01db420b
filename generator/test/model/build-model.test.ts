import { describe, expect, it } from "vitest";
import { displayPath } from "../../src/load/display-path.js";
import { specProblemsOf, type SpecProblem } from "../../src/json-pointer/spec-error.js";
import type { OperationModel } from "../../src/model/model.js";
import { buildModel } from "../../src/model/build-model.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureModel, fixturePath } from "../support/fixtures.js";

const odata = await fixtureModel("odata.yaml");
const commands = await fixtureModel("commands.yaml");

function operation(model: typeof odata, operationId: string): OperationModel {
  const found = model.operations.find((candidate) => candidate.operationId === operationId);
  if (found === undefined) throw new Error(`no operation ${operationId}`);
  return found;
}

async function problemsOf(name: string): Promise<readonly SpecProblem[]> {
  try {
    await loadModel({ specPath: fixturePath(name) });
  } catch (thrown) {
    const problems = specProblemsOf(thrown);
    if (problems === undefined) throw thrown;
    return problems;
  }
  throw new Error(`expected ${name} to be rejected`);
}

describe("operations", () => {
  it("keeps document order, identity and texts", () => {
    expect(odata.operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      "get /api/v1/Accounts",
      "get /api/v1/Accounts({id})",
      "get /api/v1/Accounts({accountId})/Balances",
      "get /api/v1/Accounts({accountId})/Balances({currencyCode})",
      "get /api/v1/Entities({entityId})/Accounts",
    ]);
    expect(operation(odata, "listAccounts")).toMatchObject({
      pointer: "/paths/~1api~1v1~1Accounts/get",
      tag: "Accounts",
      summary: "List accounts",
      description: "OData query returning accounts.",
    });
  });

  it("names client groups and methods, dropping the keyed parent's noun", () => {
    expect(odata.operations.map((o) => `${o.group}.${o.clientMethod}`)).toEqual([
      "accounts.listAccounts",
      "accounts.getAccount",
      "accounts.listBalances",
      "accounts.getBalance",
      "entities.listAccounts",
    ]);
    expect(odata.groups).toEqual([
      { name: "accounts", operationIds: ["listAccounts", "getAccount", "listAccountBalances", "getAccountBalance"] },
      { name: "entities", operationIds: ["listEntityAccounts"] },
    ]);
    expect(commands.groups.map((group) => group.name)).toEqual(["transfers", "auth"]);
  });

  it("detects OData lists (paging + collection) and entity reads ($select + allOf)", () => {
    const shapes = Object.fromEntries(
      odata.operations.map((o) => [
        o.operationId,
        { list: o.odataList?.entitySchema, entity: o.odataEntity?.entitySchema },
      ]),
    );
    expect(shapes).toEqual({
      listAccounts: { list: "AccountDto", entity: undefined },
      getAccount: { list: undefined, entity: "AccountDto" },
      listAccountBalances: { list: "AccountBalanceDto", entity: undefined },
      getAccountBalance: { list: undefined, entity: "AccountBalanceDto" },
      listEntityAccounts: { list: "AccountDto", entity: undefined },
    });
    expect(commands.operations.every((o) => o.odataList === undefined && o.odataEntity === undefined)).toBe(true);
  });

  it("merges path-level parameters, follows $refs, orders path parameters by the template, dereferences schemas", () => {
    const balance = operation(odata, "getAccountBalance");
    expect(balance.pathParameters.map((p) => p.name)).toEqual(["accountId", "currencyCode"]);
    expect(balance.pathParameters[1]).toEqual({
      name: "currencyCode",
      in: "path",
      required: true,
      description: "ISO 4217 code.",
      schema: { title: "CurrencyCode", description: "ISO 4217 currency code.", type: "string", pattern: "^[A-Z]{3}$" },
      scalarType: "string",
    });
    expect(balance.queryParameters.map((p) => p.name)).toEqual(["$select"]);
    expect(operation(odata, "listAccounts").queryParameters).toContainEqual({
      name: "$top",
      in: "query",
      required: false,
      description: "Page size.",
      schema: { type: "integer", minimum: 0 },
      scalarType: "integer",
    });
  });

  it("reads bodies: media types, component schema names, schema pointers, statuses and headers", () => {
    const create = operation(commands, "createAccountTransfer");
    const bodyPointer = "/paths/~1api~1v1~1Transfers~1CreateAccountTransfer/post/requestBody/content";
    expect(create.requestBody).toEqual({
      required: true,
      description: "",
      contents: [
        {
          mediaType: "application/json",
          schemaName: "CreateAccountTransfer",
          schemaPointer: `${bodyPointer}/application~1json/schema`,
          schema: { $ref: "#/components/schemas/CreateAccountTransfer" },
          example: {
            AccountId: 1,
            Amount: 10.5,
            Iban: "GB82WEST12345698765432",
            Routing: { Type: "SortCode", SortCode: "123456" },
          },
        },
        {
          mediaType: "multipart/form-data",
          schemaPointer: `${bodyPointer}/multipart~1form-data/schema`,
          schema: expect.objectContaining({ required: ["Request"] }),
          multipart: {
            required: ["Request"],
            values: [
              {
                name: "Request",
                schema: {
                  schemaName: "CreateAccountTransfer",
                  schemaPointer: `${bodyPointer}/multipart~1form-data/schema/properties/Request`,
                },
              },
            ],
            files: [{ name: "Documents", multiple: true }],
          },
        },
      ],
    });
    expect(create.responses.map((r) => [r.status, r.success, r.headers, r.contents.map((c) => c.schemaName)])).toEqual([
      ["201", true, ["Location"], ["CreateResultDto"]],
      ["400", false, [], []],
    ]);
    expect(create.responses[0]?.requiredHeaders).toEqual(["Location"]);
    // Declared but optional: in `headers`, not in `requiredHeaders`.
    expect(operation(odata, "listAccounts").responses[0]).toMatchObject({
      headers: ["Preference-Applied"],
      requiredHeaders: [],
    });
    expect(operation(commands, "approveTransfer").responses).toEqual([
      {
        status: "200",
        description: "Approved; no body.",
        success: true,
        contents: [],
        headers: [],
        requiredHeaders: [],
      },
    ]);
    expect(operation(odata, "listAccounts").responses[1]).toMatchObject({
      status: "401",
      description: "Missing or expired token.",
      success: false,
    });
  });

  it("takes security from the operation, else the document", () => {
    expect(Object.fromEntries(commands.operations.map((o) => [o.operationId, o.security]))).toEqual({
      createAccountTransfer: "bearer",
      approveTransfer: "bearer",
      getTransferConfirmation: "bearer",
      requestPasswordToken: "none",
      requestMtlsPasswordToken: "mutualTLS",
    });
    expect(Object.fromEntries(commands.operations.map((o) => [o.operationId, o.securityRequirements]))).toEqual({
      createAccountTransfer: [[{ scheme: "bearerAuth", scopes: [] }]],
      approveTransfer: [[{ scheme: "bearerAuth", scopes: [] }]],
      getTransferConfirmation: [[{ scheme: "bearerAuth", scopes: [] }]],
      requestPasswordToken: [],
      requestMtlsPasswordToken: [[{ scheme: "mutualTLS", scopes: [] }]],
    });
    expect(commands.securitySchemes).toEqual([
      {
        name: "bearerAuth",
        pointer: "/components/securitySchemes/bearerAuth",
        type: "http",
        description: "",
        settings: { scheme: "bearer" },
        flows: [],
      },
      {
        name: "mutualTLS",
        pointer: "/components/securitySchemes/mutualTLS",
        type: "mutualTLS",
        description: "",
        settings: {},
        flows: [],
      },
    ]);
  });

  it("takes servers from the operation, else the path item", () => {
    expect(operation(commands, "requestPasswordToken").servers).toEqual([
      {
        url: "{auth_url}",
        description: "",
        variables: { auth_url: { default: "http://127.0.0.1:4010", description: "Token service." } },
      },
    ]);
    expect(operation(commands, "requestMtlsPasswordToken").servers).toEqual([
      { url: "https://127.0.0.1:4443", description: "", variables: {} },
    ]);
    expect(operation(commands, "createAccountTransfer").servers).toBeUndefined();
    expect(commands.servers).toEqual([{ url: "http://127.0.0.1:4010", description: "", variables: {} }]);
  });
});

describe("webhooks, schemas and assumptions", () => {
  it("reads webhooks with their texts, body, payload, responses and security", () => {
    const payload = {
      mediaType: "application/json",
      schemaName: "TransferEventDelivery",
      schemaPointer: "/webhooks/transferEvent/post/requestBody/content/application~1json/schema",
      schema: { $ref: "#/components/schemas/TransferEventDelivery" },
      example: [{ Reason: "TransferCreated", EntityId: 7, RaisedAt: "2024-05-01T10:00:00Z" }],
    };
    expect(commands.webhooks).toEqual([
      {
        name: "transferEvent",
        operationId: "receiveTransferEvents",
        pointer: "/webhooks/transferEvent/post",
        method: "post",
        tag: "Webhooks",
        summary: "Transfer events",
        description: "Events about transfers.",
        requestBody: { required: true, description: "", contents: [payload] },
        payload,
        responses: [
          {
            status: "2XX",
            description: "Acknowledged.",
            success: true,
            contents: [],
            headers: [],
            requiredHeaders: [],
          },
        ],
        securityRequirements: [],
        assumptions: [],
      },
    ]);
  });

  it("lists every component schema, sorted, with its description and use", () => {
    expect(Object.fromEntries(commands.schemas.map((s) => [s.name, s.usedAs]))).toEqual({
      BicRouting: ["nested"],
      CreateAccountTransfer: ["request", "nested"],
      CreateResultDto: ["response"],
      QuoteResponse: [],
      Routing: ["nested"],
      SortCodeRouting: ["nested"],
      TokenRequest: ["request"],
      TokenResponse: ["response"],
      TransferEvent: ["nested"],
      TransferEventDelivery: ["webhook"],
    });
    expect(odata.schemas.find((s) => s.name === "AccountDto")).toMatchObject({
      name: "AccountDto",
      pointer: "/components/schemas/AccountDto",
      description: "An account. Ends a comment like */ so JSDoc must escape it.",
      schema: expect.objectContaining({ type: "object" }),
      usedAs: ["nested"],
      assumptions: [],
    });
    expect(odata.schemas.find((s) => s.name === "ODataCollectionAnnotations")?.assumptions).toEqual([
      { pointer: "/components/schemas/ODataCollectionAnnotations", text: "OData v4 JSON format." },
    ]);
  });

  it("gives the entity schemas of OData operations their shape, and no other schema", () => {
    expect(odata.schemas.filter((s) => s.entityShape !== undefined).map((s) => s.name)).toEqual([
      "AccountBalanceDto",
      "AccountDto",
    ]);
    expect(odata.schemas.find((s) => s.name === "AccountDto")?.entityShape).toMatchSnapshot();
    expect(commands.schemas.every((s) => s.entityShape === undefined)).toBe(true);
  });

  it("collects every x-assumption with its pointer into the bundle", () => {
    expect(odata.assumptions).toEqual([
      {
        pointer: "/paths/~1api~1v1~1Accounts({id})/get/responses/404",
        text: "404 for an unknown key — OData v4 convention.",
      },
      { pointer: "/components/parameters/ODataTop", text: "OData v4.01 paging — not shown in the reference." },
      { pointer: "/components/schemas/ODataCollectionAnnotations", text: "OData v4 JSON format." },
    ]);
  });

  it("carries the document for libraries, source, version, info and tags", () => {
    expect(commands.info).toEqual({ title: "Commands fixture", version: "2", summary: "", description: "" });
    expect(commands.source).toBe("test/fixtures/commands.yaml");
    expect(commands.openapi).toBe("3.1.0");
    expect(commands.documentForLibraries["openapi"]).toBe("3.1.0");
    expect(commands.tags).toEqual([
      { name: "Transfers", description: "Transfers." },
      { name: "Auth", description: "Token service." },
      { name: "Webhooks", description: "Events." },
    ]);
  });

  it("lists the assumptions that apply to each operation: its own, its path's, and those it reaches through $refs", () => {
    const applying = Object.fromEntries(
      odata.operations.map((o) => [o.operationId, o.assumptions.map((a) => a.pointer)]),
    );
    expect(applying).toMatchSnapshot();
    expect(applying["getAccount"]).toContain("/paths/~1api~1v1~1Accounts({id})/get/responses/404");
    expect(applying["listAccounts"]).toContain("/components/parameters/ODataTop");
  });
});

describe("a spec the model rejects", () => {
  const shown = (name: string): string => displayPath(fixturePath(name));

  it("fails on a duplicate operationId, naming the first use", async () => {
    expect(await problemsOf("broken/duplicate-operation-id.yaml")).toEqual([
      expect.objectContaining({
        pointer: "/paths/~1api~1v1~1Things/get/operationId",
        reason: "duplicate operationId listItems (already used by GET /api/v1/Items)",
      }),
    ]);
  });

  it("fails on a path parameter without a schema", async () => {
    expect(await problemsOf("broken/path-parameter-without-schema.yaml")).toEqual([
      expect.objectContaining({
        pointer: "/paths/~1api~1v1~1Items({id})/get/parameters/0",
        reason: "path parameter id has no schema",
      }),
    ]);
  });

  it("reports every problem at once, in the file a person edits, a shared one with the operations reaching it", async () => {
    expect(await problemsOf("broken/split/openapi.yaml")).toEqual([
      expect.objectContaining({
        file: shown("broken/split/parameters/Id.yaml"),
        pointer: "",
        reason: "path parameter id has no schema (reached from GET /api/v1/Items({id}))",
      }),
      expect.objectContaining({
        file: shown("broken/split/paths/items.yaml"),
        pointer: "/Item/get/responses/2OO",
        reason: 'response status "2OO" is not a status code, a range like 2XX, or default',
      }),
    ]);
  });

  it("reports each map of named objects that is not an object (paths, webhooks, schemas, security schemes)", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "Broken maps", version: "1" },
      paths: [],
      webhooks: "none",
      components: { schemas: 3, securitySchemes: [] },
    };
    let thrown: unknown;
    try {
      buildModel(document, { source: "broken-maps.yaml" });
    } catch (error) {
      thrown = error;
    }
    expect(specProblemsOf(thrown)?.map(({ pointer, reason }) => ({ pointer, reason }))).toEqual([
      { pointer: "/components/securitySchemes", reason: "components.securitySchemes must be an object" },
      { pointer: "/paths", reason: "paths must be an object" },
      { pointer: "/webhooks", reason: "webhooks must be an object" },
      { pointer: "/components/schemas", reason: "components.schemas must be an object" },
    ]);
  });
});
