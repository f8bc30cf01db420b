/**
 * The API's document (generated/openapi.json, what the client ships) says what the reference says, and the
 * protocol's standard answers where it is silent; nothing of the sandbox (its limits, status values, servers and
 * examples live in sandbox/openapi.json, made by sandbox/openapi/overlay.yaml). And what the reference leaves open
 * stays open: any status as a range with an open body, a 201 or 401 body optional, Retry-After as seconds or an
 * HTTP-date, every optional request field nullable.
 */
import { describe, expect, it } from "vitest";
import { deref, listOperations, loadBundledSpec, type JsonObject } from "./support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv } from "./support/spec-ajv.js";

const spec = loadBundledSpec();
const operations = listOperations(spec);
const ajv = createSpecAjv(spec);
const components = (kind: string): JsonObject => ((spec["components"] as JsonObject)[kind] ?? {}) as JsonObject;

/** The statuses of the reference's Errors table. */
const referenceStatuses = ["200", "201", "400", "401", "404", "410"];

describe("the API's document has no sandbox behaviour", () => {
  it("never says sandbox", () => {
    expect(JSON.stringify(spec).match(/sandbox/gi) ?? []).toEqual([]);
  });

  it.each(operations.map((o) => [o.operation.operationId ?? o.path, o] as const))(
    "%s declares only the reference's statuses, and the open ranges for the rest",
    (_id, { operation }) => {
      const unlisted = Object.keys(operation.responses).filter(
        (status) => !referenceStatuses.includes(status) && !["4XX", "5XX", "default"].includes(status),
      );
      expect(unlisted).toEqual([]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["4XX", "5XX"]));
    },
  );

  it("has no local server: the reference's {base_url} and {auth_url} with placeholders that never resolve", () => {
    const servers = [
      ...((spec["servers"] ?? []) as JsonObject[]),
      ...operations.flatMap(
        ({ path }) => (deref(spec, (spec["paths"] as JsonObject)[path] as JsonObject)["servers"] ?? []) as JsonObject[],
      ),
    ];
    expect(new Set(servers.map((server) => server["url"]))).toEqual(new Set(["{base_url}", "{auth_url}"]));
    for (const server of servers) {
      for (const variable of Object.values((server["variables"] ?? {}) as Record<string, JsonObject>)) {
        const host = new URL(String(variable["default"])).hostname;
        expect(host, "a reserved .invalid name (RFC 6761 §6.4)").toMatch(/\.invalid$/);
      }
      expect(server["x-assumption"]).toBeTypeOf("string");
    }
  });

  it("states no status values of the sandbox's model", () => {
    expect(JSON.stringify(spec)).not.toContain("x-assumed-values");
  });
});

describe("what the reference leaves open stays open", () => {
  it("the 4XX and 5XX ranges describe no body, so any media type, or none, is theirs", () => {
    for (const name of ["OtherClientError", "ServerError"]) {
      const response = components("responses")[name] as JsonObject;
      expect(response["content"], name).toBeUndefined();
      expect(Object.keys(response["headers"] as JsonObject)).toEqual(["Retry-After"]);
    }
  });

  it("401 describes no body and does not require WWW-Authenticate (the reference shows only the status)", () => {
    const unauthorized = components("responses")["Unauthorized"] as JsonObject;
    expect(unauthorized["content"]).toBeUndefined();
    expect(deref(spec, (unauthorized["headers"] as JsonObject)["WWW-Authenticate"] as JsonObject)["required"]).toBe(
      false,
    );
  });

  it("Retry-After takes seconds or any HTTP-date of RFC 9110 §5.6.7, wherever it is declared", () => {
    const header = components("headers")["RetryAfter"] as JsonObject;
    const validate = compileSpecSchema(ajv, header["schema"] as JsonObject);
    for (const value of [
      "0",
      "120",
      "Wed, 21 Oct 2015 07:28:00 GMT",
      "Wednesday, 21-Oct-15 07:28:00 GMT",
      "Wed Oct 21 07:28:00 2015",
      "Wed Oct  1 07:28:00 2015",
    ])
      expect(validate(value), value).toBe(true);
    for (const value of ["-1", "1.5", "soon", "2015-10-21T07:28:00Z", "Wed, 21 Oct 2015 07:28:00 UTC"])
      expect(validate(value), value).toBe(false);
    const declared = JSON.stringify(spec).match(/"Retry-After":\{"\$ref":"([^"]+)"\}/g) ?? [];
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared)).toEqual(new Set(['"Retry-After":{"$ref":"#/components/headers/RetryAfter"}']));
  });

  it("a 201 describes no body (any media type, or none), the id is the key of Location; CreateResultDto requires nothing", () => {
    const validate = compileSpecSchema(ajv, { $ref: "#/components/schemas/CreateResultDto" });
    expect(validate({})).toBe(true);
    expect(validate({ Id: 7, Other: "kept" })).toBe(true);
    const created = operations.filter((o) => "201" in o.operation.responses);
    expect(created).toHaveLength(6);
    for (const { operation } of created) {
      const response = deref(spec, operation.responses["201"] as JsonObject);
      expect(response["content"]).toBeUndefined();
      expect(deref(spec, (response["headers"] as JsonObject)["Location"] as JsonObject)["required"]).toBe(true);
    }
  });

  it("an error body of the listed statuses is an OData error or problem details, so any JSON object", () => {
    const validate = compileSpecSchema(ajv, { $ref: "#/components/schemas/ErrorBody" });
    expect(validate({ error: { code: "BadRequest", message: "no" } })).toBe(true);
    expect(validate({ title: "One or more validation errors occurred.", errors: { Reference: ["too long"] } })).toBe(
      true,
    );
    expect(validate({ message: "anything" })).toBe(true);
  });

  it("every optional member of a request body admits null (a .NET service reads it as not given)", () => {
    const notNullable: string[] = [];
    const seen = new Set<unknown>();
    const visit = (schema: JsonObject, at: string): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      const required = new Set((schema["required"] ?? []) as string[]);
      for (const [name, raw] of Object.entries((schema["properties"] ?? {}) as Record<string, JsonObject>)) {
        const property = deref(spec, raw);
        const types = [property["type"]].flat();
        const branches = ((property["oneOf"] ?? []) as JsonObject[]).map((branch) => deref(spec, branch));
        const nullable = types.includes("null") || branches.some((branch) => branch["type"] === "null");
        if (!required.has(name) && !nullable) notNullable.push(`${at}.${name}`);
        const items = deref(spec, (property["items"] ?? {}) as JsonObject);
        for (const node of [property, items]) if (node["properties"] !== undefined) visit(node, `${at}.${name}`);
        for (const branch of [
          ...branches,
          ...((items["oneOf"] ?? []) as JsonObject[]).map((node) => deref(spec, node)),
        ])
          if (branch["properties"] !== undefined) visit(branch, `${at}.${name}:${String(branch["title"] ?? "")}`);
      }
      for (const branch of ((schema["oneOf"] ?? []) as JsonObject[]).map((node) => deref(spec, node)))
        visit(branch, `${at}:${String(branch["title"] ?? "")}`);
    };
    for (const { operation } of operations) {
      const content = (deref(spec, (operation.requestBody ?? {}) as JsonObject)["content"] ?? {}) as JsonObject;
      const json = content["application/json"] as JsonObject | undefined;
      if (json !== undefined) visit(deref(spec, json["schema"] as JsonObject), operation.operationId ?? "");
    }
    // The US routing's Bic and RoutingTransitNumber: one of them is required, and a null one would satisfy that.
    const us = /:RoutingTransitNumberAccountNumberPaymentRouting\.(Bic|RoutingTransitNumber)$/;
    expect(notNullable.filter((at) => !us.test(at))).toEqual([]);
    expect(notNullable.length).toBeGreaterThan(0);
  });
});
