import { describe, expect, it } from "vitest";
import { withRequiredAlternatives } from "../../src/emit/required-alternatives.js";

const bic = {
  description: "BIC8 or BIC11.",
  type: "string",
  format: "bic",
  pattern: "^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$",
};
const rtn = { description: "9 digits.", type: "string", pattern: "^[0-9]{9}$" };
const documentWith = (schema: object) => ({ openapi: "3.1.0", components: { schemas: { Routing: schema } } });
const routingOf = (document: { readonly [key: string]: unknown }) =>
  (document["components"] as { schemas: { Routing: unknown } }).schemas.Routing;

describe("required-only branches as typed alternatives", () => {
  it("types an anyOf of required lists from the parent's properties, keeping only what gives a type", () => {
    const spec = documentWith({
      type: "object",
      required: ["Type"],
      properties: { Type: { const: "Us" }, Bic: bic, Rtn: rtn },
      anyOf: [{ required: ["Bic"] }, { required: ["Rtn"] }],
    });
    expect(routingOf(withRequiredAlternatives(spec))).toEqual({
      type: "object",
      required: ["Type"],
      properties: { Type: { const: "Us" }, Bic: bic, Rtn: rtn },
      oneOf: [
        { type: "object", required: ["Bic"], properties: { Bic: { type: "string" } } },
        { type: "object", required: ["Rtn"], properties: { Rtn: { type: "string" } } },
      ],
    });
  });

  it("forbids, in each branch of a oneOf, the property that would also match another branch", () => {
    const person = { $ref: "#/components/schemas/Person" };
    const company = { $ref: "#/components/schemas/Company" };
    const spec = documentWith({
      type: "object",
      properties: { Person: person, Company: company },
      oneOf: [{ required: ["Person"] }, { required: ["Company"] }],
    });
    expect((routingOf(withRequiredAlternatives(spec)) as { oneOf: unknown }).oneOf).toEqual([
      { type: "object", required: ["Person"], properties: { Person: person, Company: false } },
      { type: "object", required: ["Company"], properties: { Company: company, Person: false } },
    ]);
  });

  it("leaves the parent's own required names out of the branches", () => {
    const spec = documentWith({
      type: "object",
      required: ["Bic"],
      properties: { Bic: bic, Rtn: rtn },
      anyOf: [{ required: ["Bic"] }, { required: ["Rtn"] }],
    });
    expect((routingOf(withRequiredAlternatives(spec)) as { oneOf: unknown }).oneOf).toEqual([
      { type: "object", required: [], properties: {} },
      { type: "object", required: ["Rtn"], properties: { Rtn: { type: "string" } } },
    ]);
  });

  it("puts both keywords in allOf when a schema has an anyOf and a oneOf of required lists", () => {
    const spec = documentWith({
      type: "object",
      properties: { Bic: bic, Rtn: rtn, A: { type: "integer" }, B: { type: "integer" } },
      anyOf: [{ required: ["Bic"] }, { required: ["Rtn"] }],
      oneOf: [{ required: ["A"] }, { required: ["B"] }],
    });
    const routing = routingOf(withRequiredAlternatives(spec)) as { [key: string]: unknown };
    expect(routing["anyOf"]).toBeUndefined();
    expect(routing["oneOf"]).toBeUndefined();
    expect(routing["allOf"]).toHaveLength(2);
  });

  it("leaves every other schema, examples and the input document alone", () => {
    const wholeSchemas = { oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] };
    const example = { properties: { x: 1 }, anyOf: [{ required: ["x"] }] };
    const spec = documentWith({
      type: "object",
      properties: { Bic: bic },
      anyOf: [{ required: ["Bic"] }],
      examples: [example],
      "x-sample": example,
    });
    const before = structuredClone(spec);
    const rewritten = withRequiredAlternatives({
      ...spec,
      paths: { "/a": { post: { requestBody: { content: { "application/json": { schema: wholeSchemas } } } } } },
    });
    expect(spec).toEqual(before);
    expect(routingOf(rewritten)).toMatchObject({ examples: [example], "x-sample": example });
    expect(rewritten["paths"]).toEqual({
      "/a": { post: { requestBody: { content: { "application/json": { schema: wholeSchemas } } } } },
    });
  });

  // Valid JSON Schema the rewrite cannot type better: left as openapi-typescript types it (GitHub's campaigns).
  it("leaves alone a branch that requires a property the schema does not declare", () => {
    const spec = documentWith({
      type: "object",
      properties: { Bic: bic },
      anyOf: [{ required: ["Bic"] }, { required: ["Rtn"] }],
    });
    expect(routingOf(withRequiredAlternatives(spec))).toEqual(routingOf(spec));
  });

  it("leaves alone a oneOf branch that every value of another branch also matches", () => {
    const spec = documentWith({
      type: "object",
      properties: { Bic: bic, Rtn: rtn },
      oneOf: [{ required: ["Bic"] }, { required: ["Bic", "Rtn"] }],
    });
    expect(routingOf(withRequiredAlternatives(spec))).toEqual(routingOf(spec));
  });
});
