/**
 * The sandbox's document (openapi.json of this package, made by `make generate` from the API's document and
 * sandbox/openapi/overlay.yaml) says what the sandbox does and nothing the API's document says otherwise: the
 * overlay adds the sandbox's statuses, servers, status values, error bodies and 201 bodies (a CreateResultDto with
 * its Id), and changes no success response the API's document describes and no other schema, which is what lets the
 * response check use the client's validators for those success bodies (src/endpoints/api/response-contract.ts). The
 * status values it states are the sandbox's own tables (src/model/domain/statuses.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sandboxDocumentUrl } from "../../../src/endpoints/api/response-contract.js";
import * as statuses from "../../../src/model/domain/statuses.js";

type Node = { readonly [key: string]: unknown };

const sandbox = JSON.parse(readFileSync(sandboxDocumentUrl, "utf8")) as Node;
const api = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve("@account-funds/client/openapi.json"), "utf8"),
) as Node;

const at = (document: Node, ...keys: string[]): Node =>
  keys.reduce<Node>((node, key) => (node[key] ?? {}) as Node, document);

/** A node without the keys that only describe (texts, examples, extensions): what validation reads. */
const validating = (node: unknown): unknown =>
  node === undefined
    ? undefined
    : JSON.parse(
        JSON.stringify(node, (key, value: unknown) =>
          key.startsWith("x-") || ["description", "summary", "title", "example", "examples"].includes(key)
            ? undefined
            : value,
        ),
      );

/** Every operation of a document: `METHOD path` → the operation object. */
function operations(document: Node): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const [path, item] of Object.entries(at(document, "paths")))
    for (const [method, operation] of Object.entries(item as Node))
      if (typeof (operation as Node)["operationId"] === "string") found.set(`${method} ${path}`, operation as Node);
  return found;
}

const sandboxOperations = operations(sandbox);
const apiOperations = operations(api);

describe("the sandbox's document", () => {
  it("has the API's operations, and the API's request bodies and parameters", () => {
    expect([...sandboxOperations.keys()]).toEqual([...apiOperations.keys()]);
    for (const [key, operation] of sandboxOperations) {
      const own = apiOperations.get(key) as Node;
      expect(validating(operation["requestBody"]), key).toEqual(validating(own["requestBody"]));
      expect(validating(operation["parameters"]), key).toEqual(validating(own["parameters"]));
    }
  });

  it("changes no success response and no schema the API's document keeps (the client's validators check them)", () => {
    for (const [key, operation] of sandboxOperations) {
      const own = apiOperations.get(key) as Node;
      for (const [status, response] of Object.entries(at(operation, "responses")).filter(([status]) => status < "3")) {
        if (status === "201") continue; // below
        expect(validating(response), `${key} ${status}`).toEqual(validating(at(own, "responses", status)));
      }
    }
    const schemas = at(sandbox, "components", "schemas");
    for (const [name, schema] of Object.entries(schemas)) {
      if (name === "CreateResultDto") continue; // below
      expect(validating(schema), name).toEqual(validating(at(api, "components", "schemas", name)));
    }
  });

  it("describes the 201 body the API's document leaves open: a CreateResultDto with its Id, and the API's Location", () => {
    let created = 0;
    for (const [key, operation] of sandboxOperations) {
      const response = at(operation, "responses", "201");
      if (Object.keys(response).length === 0) continue;
      created++;
      const own = at(apiOperations.get(key) as Node, "responses", "201");
      expect(own["content"], key).toBeUndefined();
      expect(validating(response["headers"]), key).toEqual(validating(own["headers"]));
      expect(at(response, "content", "application/json", "schema"), key).toEqual({
        $ref: "#/components/schemas/CreateResultDto",
      });
    }
    expect(created).toBe(6);
    expect(at(sandbox, "components", "schemas", "CreateResultDto")["required"]).toEqual(["Id"]);
    expect(at(api, "components", "schemas", "CreateResultDto")["required"]).toBeUndefined();
  });

  it("declares exactly the sandbox's statuses: its limits' instead of the API's open ranges", () => {
    for (const [key, operation] of sandboxOperations) {
      const declared = Object.keys(at(operation, "responses"));
      expect(
        declared.filter((status) => status.includes("X") || status === "default"),
        key,
      ).toEqual([]);
      const expected = ["405", "408", "431", "503"];
      if (operation["requestBody"] !== undefined && !key.includes("/connect/")) expected.push("413", "415");
      if (key.includes("/connect/")) expected.push("429");
      expect(declared, key).toEqual(expect.arrayContaining(expected));
    }
  });

  it("lives on the sandbox's servers", () => {
    expect(JSON.stringify(sandbox["servers"])).toContain("http://127.0.0.1:4010");
    expect(JSON.stringify(at(sandbox, "paths", "/connect/token", "servers"))).toContain("https://127.0.0.1:4443");
  });

  it("promises of its 503 only what the sandbox guarantees, and the API's document promises nothing", () => {
    expect(String(at(sandbox, "components", "responses", "ServiceUnavailable")["description"])).toContain(
      "nothing was changed",
    );
    expect(JSON.stringify(api)).not.toMatch(/nothing was changed|send it again/i);
  });

  it("states the status values of the sandbox's model, as src/model/domain/statuses.ts holds them", () => {
    const tables: Record<string, Readonly<Record<string, string>>> = {
      AccountDto: statuses.accountStatuses,
      BeneficiaryDto: statuses.beneficiaryStatuses,
      DepositDto: statuses.depositStatuses,
      DepositorDto2: statuses.depositorStatuses,
      ExchangeDto: statuses.exchangeStatuses,
      InboundTransferDto: statuses.transferStatuses,
      OutboundTransferDto: statuses.transferStatuses,
      TransferDto: statuses.transferStatuses,
      WithdrawalDto: statuses.withdrawalStatuses,
    };
    for (const [schema, table] of Object.entries(tables)) {
      for (const property of ["StatusCode", "Status"]) {
        const values = at(sandbox, "components", "schemas", schema, "properties", property)["x-assumed-values"];
        expect(values, `${schema}.${property}`).toEqual(
          Object.entries(table).map(([code, status]) => ({ code, status })),
        );
      }
    }
    expect(JSON.stringify(sandbox).match(/"x-assumed-values"/g)).toHaveLength(Object.keys(tables).length * 2);
  });
});
