/**
 * The spec covers the whole reference: every endpoint of both endpoint tables and the token endpoints,
 * with exactly the status codes the reference lists (plus 401), and nothing the reference does not have.
 */
import { describe, expect, it } from "vitest";
import { deref, listOperations, loadBundledSpec, type JsonObject } from "./support/bundled-spec.js";
import { readReferenceEndpoints } from "./support/reference.js";

const spec = loadBundledSpec();
const operations = listOperations(spec);
const reference = readReferenceEndpoints();
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const byKey = new Map(operations.map((located) => [key(located.method, located.path), located]));

describe("endpoint coverage", () => {
  it("reads all endpoints of the reference's tables", () => {
    expect(reference.filter((e) => e.table === "query")).toHaveLength(55);
    expect(reference.filter((e) => e.table === "command")).toHaveLength(27);
    expect(reference.filter((e) => e.table === "auth")).toHaveLength(2);
  });

  it.each(reference.map((e) => [key(e.method, e.path), e] as const))("%s is in the spec", (name) => {
    expect(byKey.has(name), `${name} is missing from the spec`).toBe(true);
  });

  it("has no operation the reference does not list", () => {
    const listed = new Set(reference.map((e) => key(e.method, e.path)));
    expect(operations.map((o) => key(o.method, o.path)).filter((name) => !listed.has(name))).toEqual([]);
  });
});

describe("status codes", () => {
  it.each(reference.map((e) => [key(e.method, e.path), e] as const))(
    "%s declares exactly the listed codes, 401, and assumed ones",
    (name, endpoint) => {
      const located = byKey.get(name);
      if (located === undefined) return expect.fail(`${name} is missing`);
      const declared = Object.keys(located.operation.responses).sort();
      const expected = new Set([...endpoint.statuses, ...(endpoint.table === "auth" ? [] : ["401"])]);
      for (const status of expected) expect(declared, `${name} lacks ${status}`).toContain(status);
      for (const status of declared.filter((s) => !expected.has(s))) {
        const response = located.operation.responses[status] as JsonObject;
        const assumption = response["x-assumption"] ?? deref(spec, response)["x-assumption"];
        expect(
          assumption,
          `${name} declares ${status}, which the reference does not list, without an x-assumption`,
        ).toBeTypeOf("string");
      }
    },
  );

  it.each(operations.filter((o) => "201" in o.operation.responses).map((o) => [key(o.method, o.path), o] as const))(
    "%s declares the Location header on 201",
    (_name, located) => {
      const created = deref(spec, located.operation.responses["201"] as JsonObject);
      expect(Object.keys((created["headers"] ?? {}) as JsonObject)).toContain("Location");
    },
  );
});

describe("operations", () => {
  it("have unique camelCase operationIds", () => {
    const ids = operations.map((o) => o.operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations.map((o) => [key(o.method, o.path), o] as const))(
    "%s has one declared tag, a summary and a description",
    (_name, located) => {
      const tags = ((spec["tags"] ?? []) as JsonObject[]).map((tag) => tag["name"]);
      expect(located.operation.tags).toHaveLength(1);
      expect(tags).toContain(located.operation.tags?.[0]);
      expect(located.operation.summary?.length).toBeGreaterThan(0);
      expect(located.operation.description?.length).toBeGreaterThan(0);
    },
  );
});

describe("path parameters", () => {
  // The reference: these are int; currencyCode, countryCode, filterType and the currency id are string.
  const integers = new Set([
    "accountId",
    "id",
    "transferId",
    "withdrawalId",
    "exchangeId",
    "depositId",
    "entityId",
    "beneficiaryId",
    "alertId",
    "jobId",
    "depositorId",
  ]);

  it.each(operations.map((o) => [key(o.method, o.path), o] as const))(
    "%s types every templated parameter",
    (_name, located) => {
      const templated = [...located.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const inPath = located.parameters.filter((p) => p["in"] === "path");
      expect(inPath.map((p) => p["name"]).sort()).toEqual([...templated].sort());
      for (const parameter of inPath) {
        const name = String(parameter["name"]);
        const schema = parameter["schema"] as JsonObject;
        const isCurrencyId = name === "id" && located.path.startsWith("/api/v1/Currencies(");
        if (integers.has(name) && !isCurrencyId)
          expect(schema, `${name} in ${located.path}`).toMatchObject({ type: "integer", format: "int32" });
        else expect(schema, `${name} in ${located.path}`).toMatchObject({ type: "string" });
        expect(parameter["required"]).toBe(true);
      }
    },
  );
});
