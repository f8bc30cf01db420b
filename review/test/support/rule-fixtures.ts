/**
 * One fixture pair per rule: a small document (`template`) and the edits that turn one copy of it into the base and
 * another into the revision of the change the rule is about, with every finding the review must report for it
 * (`rule level side`).
 */
import type { Spec } from "./real-spec.js";

export function template(): Spec {
  return {
    openapi: "3.1.0",
    info: { title: "Fixture", version: "1" },
    servers: [
      { url: "https://api.example.com/{version}", variables: { version: { default: "v1", enum: ["v1", "v2"] } } },
    ],
    security: [{ key: [] }],
    paths: {
      "/things/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        post: {
          operationId: "updateThing",
          tags: ["Things"],
          parameters: [{ name: "filter", in: "query", schema: { type: "string" } }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Input" } } },
          },
          responses: {
            "200": {
              description: "Updated.",
              headers: { "X-Rate": { required: true, schema: { type: "integer" } } },
              content: { "application/json": { schema: { $ref: "#/components/schemas/Output" } } },
            },
            "400": { description: "Bad request." },
          },
        },
      },
    },
    webhooks: {
      thingChanged: {
        post: {
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } },
          },
          responses: { "200": { description: "Received." } },
        },
      },
    },
    components: {
      schemas: {
        Input: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", maxLength: 10 },
            size: { type: "integer", default: 1 },
            tags: { type: "array", items: { type: "string" } },
            kind: { type: "string", enum: ["a", "b"] },
            id: { type: "string", readOnly: true },
          },
        },
        Output: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            size: { type: "integer" },
            kind: { type: "string", enum: ["a", "b"] },
            secret: { type: "string", writeOnly: true },
          },
        },
        Event: { type: "object", required: ["id"], properties: { id: { type: "string" }, note: { type: "string" } } },
        Unused: { type: "string" },
      },
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        oauth: {
          type: "oauth2",
          flows: {
            clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { read: "Read", write: "Write" } },
          },
        },
        spare: { type: "http", scheme: "bearer" },
      },
    },
  };
}

export interface RuleFixture {
  readonly name: string;
  /** Edit a copy of the template into the base (none: the template), and another into the revision. */
  readonly base?: (spec: Spec) => void;
  readonly revision: (spec: Spec) => void;
  /** Every finding, as `rule level side`. */
  readonly expected: readonly string[];
}

const schemas = (spec: Spec): Spec => spec["components"]["schemas"];
const input = (spec: Spec): Spec => schemas(spec)["Input"];
const output = (spec: Spec): Spec => schemas(spec)["Output"];
const operation = (spec: Spec): Spec => spec["paths"]["/things/{id}"]["post"];
const response = (spec: Spec): Spec => operation(spec)["responses"]["200"];
const webhook = (spec: Spec): Spec => spec["webhooks"]["thingChanged"]["post"];
const flows = (spec: Spec): Spec => spec["components"]["securitySchemes"]["oauth"]["flows"]["clientCredentials"];

export const ruleFixtures: readonly RuleFixture[] = [
  // Paths, operations, webhooks, callbacks.
  {
    name: "a path removed",
    revision: (spec) => delete spec["paths"]["/things/{id}"],
    expected: ["path-removed breaking both"],
  },
  {
    name: "a path parameter renamed is the same path",
    base: (spec) =>
      (spec["paths"]["/things/{thingId}"] = { get: { responses: { "200": { description: "A thing." } } } }),
    revision: (spec) =>
      (spec["paths"]["/things/{key}"] = { get: { responses: { "200": { description: "A thing." } } } }),
    expected: [],
  },
  {
    name: "an operation removed",
    revision: (spec) => {
      spec["paths"]["/things/{id}"]["get"] = operation(spec);
      delete spec["paths"]["/things/{id}"]["post"];
    },
    expected: ["operation-added info both", "operation-removed breaking both"],
  },
  {
    name: "an operation added",
    revision: (spec) => (spec["paths"]["/health"] = { get: { responses: { "200": { description: "Up." } } } }),
    expected: ["operation-added info both"],
  },
  {
    name: "an operationId changed",
    revision: (spec) => (operation(spec)["operationId"] = "putThing"),
    expected: ["operation-id-changed breaking both"],
  },
  {
    name: "a webhook removed",
    revision: (spec) => delete spec["webhooks"]["thingChanged"],
    expected: ["webhook-removed breaking both"],
  },
  {
    name: "a webhook added",
    revision: (spec) => (spec["webhooks"]["thingDeleted"] = structuredClone(spec["webhooks"]["thingChanged"])),
    expected: ["webhook-added info both"],
  },
  {
    name: "a webhook renamed",
    revision: (spec) => {
      spec["webhooks"]["thingUpdated"] = spec["webhooks"]["thingChanged"];
      delete spec["webhooks"]["thingChanged"];
    },
    expected: ["webhook-renamed breaking both"],
  },
  {
    name: "a callback removed",
    base: (spec) =>
      (operation(spec)["callbacks"] = {
        done: { "{$request.body#/url}": { post: { responses: { "200": { description: "Ok." } } } } },
      }),
    revision: () => undefined,
    expected: ["callback-removed breaking both"],
  },
  {
    name: "a callback added",
    revision: (spec) =>
      (operation(spec)["callbacks"] = {
        done: { "{$request.body#/url}": { post: { responses: { "200": { description: "Ok." } } } } },
      }),
    expected: ["callback-added info both"],
  },
  // Parameters.
  {
    name: "a required parameter added",
    revision: (spec) =>
      operation(spec)["parameters"].push({ name: "mode", in: "query", required: true, schema: { type: "string" } }),
    expected: ["parameter-became-required breaking request"],
  },
  {
    name: "a parameter made required",
    revision: (spec) => (operation(spec)["parameters"][0]["required"] = true),
    expected: ["parameter-became-required breaking request"],
  },
  {
    name: "a parameter made optional",
    base: (spec) => (operation(spec)["parameters"][0]["required"] = true),
    revision: () => undefined,
    expected: ["parameter-became-optional info request"],
  },
  {
    name: "a webhook parameter no longer always sent",
    base: (spec) =>
      (webhook(spec)["parameters"] = [
        { name: "X-Signature", in: "header", required: true, schema: { type: "string" } },
      ]),
    revision: (spec) =>
      (webhook(spec)["parameters"] = [{ name: "X-Signature", in: "header", schema: { type: "string" } }]),
    expected: ["parameter-became-optional breaking response"],
  },
  {
    name: "a parameter removed",
    revision: (spec) => (operation(spec)["parameters"] = []),
    expected: ["parameter-removed breaking request"],
  },
  {
    name: "an optional parameter added",
    revision: (spec) => operation(spec)["parameters"].push({ name: "page", in: "query", schema: { type: "integer" } }),
    expected: ["parameter-added info request"],
  },
  {
    name: "a parameter's serialization changed",
    revision: (spec) => (operation(spec)["parameters"][0]["explode"] = false),
    expected: ["parameter-serialization-changed breaking request"],
  },
  {
    name: "a default serialization written out is no change",
    revision: (spec) => Object.assign(operation(spec)["parameters"][0], { style: "form", explode: true }),
    expected: [],
  },
  // Bodies, responses, headers, media types.
  {
    name: "a request body removed",
    revision: (spec) => delete operation(spec)["requestBody"],
    expected: ["request-body-removed breaking request"],
  },
  {
    name: "a required request body added",
    base: (spec) => delete operation(spec)["requestBody"],
    revision: () => undefined,
    expected: ["request-body-added-required breaking request"],
  },
  {
    name: "an optional request body added",
    base: (spec) => delete operation(spec)["requestBody"],
    revision: (spec) => delete operation(spec)["requestBody"]["required"],
    expected: ["request-body-added info request"],
  },
  {
    name: "a request body made required",
    base: (spec) => (operation(spec)["requestBody"]["required"] = false),
    revision: () => undefined,
    expected: ["request-body-became-required breaking request"],
  },
  {
    name: "a webhook payload no longer always sent",
    revision: (spec) => (webhook(spec)["requestBody"]["required"] = false),
    expected: ["request-body-became-optional breaking response"],
  },
  {
    name: "a webhook payload now always sent",
    base: (spec) => (webhook(spec)["requestBody"]["required"] = false),
    revision: () => undefined,
    expected: ["request-body-became-required info response"],
  },
  {
    name: "a success response removed",
    revision: (spec) => (operation(spec)["responses"] = { "400": operation(spec)["responses"]["400"] }),
    expected: ["response-removed breaking response"],
  },
  {
    name: "an error response removed",
    revision: (spec) => delete operation(spec)["responses"]["400"],
    expected: ["response-removed warning response"],
  },
  {
    name: "a response added",
    revision: (spec) => (operation(spec)["responses"]["409"] = { description: "Conflict." }),
    expected: ["response-added info response"],
  },
  {
    name: "a response header removed",
    revision: (spec) => delete response(spec)["headers"],
    expected: ["response-header-removed breaking response"],
  },
  {
    name: "a response header made optional",
    revision: (spec) => delete response(spec)["headers"]["X-Rate"]["required"],
    expected: ["response-header-became-optional breaking response"],
  },
  {
    name: "a response header added",
    revision: (spec) => (response(spec)["headers"]["X-Trace"] = { schema: { type: "string" } }),
    expected: ["response-header-added info response"],
  },
  {
    name: "a required header added to a webhook's answer",
    revision: (spec) =>
      (webhook(spec)["responses"]["200"]["headers"] = { "X-Ack": { required: true, schema: { type: "string" } } }),
    expected: ["header-became-required breaking request"],
  },
  {
    name: "an optional header added to a webhook's answer",
    revision: (spec) => (webhook(spec)["responses"]["200"]["headers"] = { "X-Ack": { schema: { type: "string" } } }),
    expected: ["header-added info request"],
  },
  {
    name: "a header of a webhook's answer no longer read",
    base: (spec) => (webhook(spec)["responses"]["200"]["headers"] = { "X-Ack": { schema: { type: "string" } } }),
    revision: () => undefined,
    expected: ["header-removed info request"],
  },
  {
    name: "a header's serialization changed",
    revision: (spec) => (response(spec)["headers"]["X-Rate"]["explode"] = true),
    expected: ["header-serialization-changed breaking response"],
  },
  {
    name: "a request media type removed",
    base: (spec) => (operation(spec)["requestBody"]["content"]["application/xml"] = { schema: { type: "object" } }),
    revision: () => undefined,
    expected: ["media-type-removed breaking request"],
  },
  {
    name: "a response media type added",
    revision: (spec) => (response(spec)["content"]["text/csv"] = { schema: { type: "string" } }),
    expected: ["media-type-added info response"],
  },
  {
    name: "a response media type generalised",
    base: (spec) =>
      (response(spec)["content"] = { "application/problem+json": response(spec)["content"]["application/json"] }),
    revision: () => undefined,
    expected: ["media-type-renamed breaking response"],
  },
  {
    name: "a response media type specialised",
    revision: (spec) =>
      (response(spec)["content"] = { "application/problem+json": response(spec)["content"]["application/json"] }),
    expected: ["media-type-renamed info response"],
  },
  {
    name: "a response media type's schema removed",
    revision: (spec) => delete response(spec)["content"]["application/json"]["schema"],
    expected: ["media-type-schema-changed breaking response"],
  },
  {
    name: "a multipart part's encoding changed",
    base: (spec) =>
      (operation(spec)["requestBody"]["content"] = {
        "multipart/form-data": {
          schema: { $ref: "#/components/schemas/Input" },
          encoding: { tags: { contentType: "text/plain" } },
        },
      }),
    revision: (spec) =>
      (operation(spec)["requestBody"]["content"] = {
        "multipart/form-data": {
          schema: { $ref: "#/components/schemas/Input" },
          encoding: { tags: { contentType: "application/json" } },
        },
      }),
    expected: ["encoding-changed breaking request"],
  },
  // Security and servers.
  {
    name: "authentication required where there was none",
    base: (spec) => (spec["security"] = []),
    revision: () => undefined,
    expected: ["security-requirement-changed breaking both"],
  },
  {
    name: "another way to authenticate accepted",
    revision: (spec) => spec["security"].push({ oauth: ["read"] }),
    expected: ["security-requirement-relaxed info both"],
  },
  {
    name: "a used security scheme changed",
    revision: (spec) => (spec["components"]["securitySchemes"]["key"]["name"] = "X-Api-Key"),
    expected: ["security-scheme-changed breaking both"],
  },
  {
    name: "a security scheme added",
    revision: (spec) => (spec["components"]["securitySchemes"]["basic"] = { type: "http", scheme: "basic" }),
    expected: ["security-scheme-unused-changed info both"],
  },
  {
    name: "a scheme added and required beside the old one",
    revision: (spec) => {
      spec["components"]["securitySchemes"]["basic"] = { type: "http", scheme: "basic" };
      spec["security"] = [{ key: [], basic: [] }];
    },
    expected: ["security-requirement-changed breaking both", "security-scheme-added info both"],
  },
  {
    name: "a used scheme offers more scopes",
    base: (spec) => (spec["security"] = [{ oauth: ["read"] }]),
    revision: (spec) => {
      spec["security"] = [{ oauth: ["read"] }];
      flows(spec)["scopes"]["admin"] = "Admin";
    },
    expected: ["security-scopes-added info both"],
  },
  {
    name: "a used scheme's token URL changed",
    base: (spec) => (spec["security"] = [{ oauth: ["read"] }]),
    revision: (spec) => {
      spec["security"] = [{ oauth: ["read"] }];
      flows(spec)["tokenUrl"] = "https://login.example.com/token";
    },
    expected: ["security-scheme-changed breaking both"],
  },
  {
    name: "an unused security scheme removed",
    revision: (spec) => delete spec["components"]["securitySchemes"]["spare"],
    expected: ["security-scheme-unused-changed info both"],
  },
  {
    name: "a server removed",
    revision: (spec) => (spec["servers"] = [{ url: "https://api.example.com/v1" }]),
    expected: ["server-added info both", "server-removed breaking both"],
  },
  {
    name: "a server added",
    revision: (spec) => spec["servers"].push({ url: "https://eu.example.com/v1" }),
    expected: ["server-added info both"],
  },
  {
    name: "a server variable's default changed",
    revision: (spec) => (spec["servers"][0]["variables"]["version"]["default"] = "v2"),
    expected: ["server-variable-changed warning both"],
  },
  {
    name: "a server variable no longer takes a value",
    revision: (spec) => (spec["servers"][0]["variables"]["version"]["enum"] = ["v1"]),
    expected: ["server-removed breaking both"],
  },
  // Properties.
  {
    name: "a request property made required",
    revision: (spec) => input(spec)["required"].push("size"),
    expected: ["required-properties-added breaking request"],
  },
  {
    name: "a response property no longer required",
    revision: (spec) => (output(spec)["required"] = []),
    expected: ["required-properties-removed breaking response"],
  },
  {
    name: "a response property removed",
    revision: (spec) => delete output(spec)["properties"]["size"],
    expected: ["property-removed breaking response"],
  },
  {
    name: "a request property removed from a closed schema",
    base: (spec) => (input(spec)["additionalProperties"] = false),
    revision: (spec) => {
      input(spec)["additionalProperties"] = false;
      delete input(spec)["properties"]["size"];
    },
    expected: ["property-removed breaking request"],
  },
  {
    name: "a request property removed",
    revision: (spec) => delete input(spec)["properties"]["size"],
    expected: ["request-property-removed warning request"],
  },
  {
    name: "a request property added",
    revision: (spec) => (input(spec)["properties"]["colour"] = { type: "string" }),
    expected: ["request-property-added info request"],
  },
  {
    name: "a response property added",
    revision: (spec) => (output(spec)["properties"]["colour"] = { type: "string" }),
    expected: ["response-property-added info response"],
  },
  {
    name: "a request property made optional",
    revision: (spec) => (input(spec)["required"] = []),
    expected: ["request-property-became-optional info request"],
  },
  {
    name: "a response property made required",
    revision: (spec) => output(spec)["required"].push("size"),
    expected: ["response-property-became-required info response"],
  },
  {
    name: "a read-only request property removed",
    revision: (spec) => delete input(spec)["properties"]["id"],
    expected: ["request-property-ignored info request"],
  },
  {
    name: "a write-only response property removed",
    revision: (spec) => delete output(spec)["properties"]["secret"],
    expected: ["response-property-ignored info response"],
  },
  {
    name: "a read-only request property made required",
    revision: (spec) => input(spec)["required"].push("id"),
    expected: ["required-unchanged-on-side info request"],
  },
  // Enums.
  {
    name: "a request enum value removed",
    revision: (spec) => (input(spec)["properties"]["kind"]["enum"] = ["a"]),
    expected: ["enum-values-removed breaking request"],
  },
  {
    name: "a request enum value added",
    revision: (spec) => input(spec)["properties"]["kind"]["enum"].push("c"),
    expected: ["request-enum-values-added info request"],
  },
  {
    name: "a response enum value added",
    revision: (spec) => output(spec)["properties"]["kind"]["enum"].push("c"),
    expected: ["enum-values-added warning response"],
  },
  {
    name: "a response enum value removed",
    revision: (spec) => (output(spec)["properties"]["kind"]["enum"] = ["a"]),
    expected: ["response-enum-values-removed info response"],
  },
  {
    name: "an extensible enum gained a value",
    base: (spec) => (input(spec)["properties"]["kind"]["x-extensible-enum"] = ["a"]),
    revision: (spec) => (input(spec)["properties"]["kind"]["x-extensible-enum"] = ["a", "z"]),
    expected: ["extensible-enum-changed info request"],
  },
  // Types.
  {
    name: "a request type narrowed",
    revision: (spec) => (input(spec)["properties"]["name"]["type"] = "integer"),
    expected: ["schema-type-changed breaking request"],
  },
  {
    name: "a request type widened",
    revision: (spec) => (input(spec)["properties"]["size"]["type"] = "number"),
    expected: ["request-type-changed info request"],
  },
  {
    name: "a response type narrowed",
    base: (spec) => (output(spec)["properties"]["size"]["type"] = "number"),
    revision: () => undefined,
    expected: ["response-type-changed info response"],
  },
  {
    name: "a response type made nullable",
    revision: (spec) => (output(spec)["properties"]["size"]["type"] = ["integer", "null"]),
    expected: ["schema-type-changed breaking response"],
  },
  {
    name: "an XML body's type changed",
    base: (spec) => (operation(spec)["requestBody"]["content"] = { "application/xml": { schema: { type: "object" } } }),
    revision: (spec) =>
      (operation(spec)["requestBody"]["content"] = { "application/xml": { schema: { type: "string" } } }),
    expected: ["xml-type-changed info request"],
  },
  // Constraints.
  {
    name: "a request bound tightened",
    revision: (spec) => (input(spec)["properties"]["name"]["maxLength"] = 5),
    expected: ["schema-constraint-changed breaking request"],
  },
  {
    name: "a request bound relaxed",
    revision: (spec) => (input(spec)["properties"]["name"]["maxLength"] = 20),
    expected: ["request-constraint-relaxed info request"],
  },
  {
    name: "a response bound set",
    revision: (spec) => (output(spec)["properties"]["name"]["maxLength"] = 20),
    expected: ["response-constraint-tightened info response"],
  },
  {
    name: "a response pattern changed",
    base: (spec) => (output(spec)["properties"]["name"]["pattern"] = "^[a-z]+$"),
    revision: (spec) => (output(spec)["properties"]["name"]["pattern"] = "^[A-Z]+$"),
    expected: ["response-validation-changed warning response"],
  },
  {
    name: "a request pattern changed to match everything",
    base: (spec) => (input(spec)["properties"]["name"]["pattern"] = "^[a-z]+$"),
    revision: (spec) => (input(spec)["properties"]["name"]["pattern"] = ""),
    expected: ["request-constraint-relaxed info request"],
  },
  {
    name: "a pattern written differently that matches everything",
    base: (spec) => (input(spec)["properties"]["name"]["pattern"] = ""),
    revision: (spec) => (input(spec)["properties"]["name"]["pattern"] = ".*"),
    expected: ["constraint-unchanged info request"],
  },
  {
    name: "a response const changed",
    base: (spec) => (output(spec)["properties"]["name"]["const"] = "x"),
    revision: (spec) => (output(spec)["properties"]["name"]["const"] = "y"),
    expected: ["schema-constraint-changed breaking response"],
  },
  {
    name: "a request multipleOf set",
    revision: (spec) => (input(spec)["properties"]["size"]["multipleOf"] = 5),
    expected: ["schema-constraint-changed breaking request"],
  },
  // Combinators.
  {
    name: "an allOf branch added to a request",
    revision: (spec) => (input(spec)["allOf"] = [{ required: ["size"] }]),
    expected: ["schema-combinator-changed breaking request"],
  },
  {
    name: "a oneOf branch added to a response",
    base: (spec) => (output(spec)["properties"]["size"] = { oneOf: [{ type: "integer" }, { type: "string" }] }),
    revision: (spec) =>
      (output(spec)["properties"]["size"] = { oneOf: [{ type: "integer" }, { type: "string" }, { type: "boolean" }] }),
    expected: ["schema-combinator-changed breaking response"],
  },
  {
    name: "an anyOf branch added to a response",
    base: (spec) => (output(spec)["properties"]["size"] = { anyOf: [{ type: "integer" }, { type: "string" }] }),
    revision: (spec) =>
      (output(spec)["properties"]["size"] = { anyOf: [{ type: "integer" }, { type: "string" }, { type: "boolean" }] }),
    expected: ["schema-combinator-changed warning response"],
  },
  {
    name: "a response schema wrapped into oneOf beside a new alternative, and changed inside",
    revision: (spec) => {
      response(spec)["content"]["application/json"]["schema"] = {
        oneOf: [{ $ref: "#/components/schemas/Output" }, { type: "string" }],
      };
      delete output(spec)["properties"]["size"];
    },
    expected: ["schema-combinator-changed breaking response", "property-removed breaking response"],
  },
  {
    name: "not set on a request",
    revision: (spec) => (input(spec)["properties"]["name"]["not"] = { const: "admin" }),
    expected: ["schema-combinator-changed breaking request"],
  },
  {
    name: "inside not, a stricter schema accepts more",
    base: (spec) => (input(spec)["properties"]["name"]["not"] = { type: "string", maxLength: 3 }),
    revision: (spec) => (input(spec)["properties"]["name"]["not"] = { type: "string", maxLength: 2 }),
    expected: ["request-constraint-relaxed info request"],
  },
  {
    name: "an annotation-only allOf branch added",
    revision: (spec) => (input(spec)["properties"]["name"] = { allOf: [{ type: "string", maxLength: 10 }] }),
    base: (spec) =>
      (input(spec)["properties"]["name"] = { allOf: [{ type: "string", maxLength: 10 }, { description: "A name." }] }),
    expected: ["annotation-only-all-of-changed info request"],
  },
  // Applicators.
  {
    name: "dependentRequired set on a request",
    revision: (spec) => (input(spec)["dependentRequired"] = { size: ["kind"] }),
    expected: ["dependent-required-changed breaking request"],
  },
  {
    name: "dependentRequired removed from a response",
    base: (spec) => (output(spec)["dependentRequired"] = { size: ["kind"] }),
    revision: () => undefined,
    expected: ["dependent-required-changed breaking response"],
  },
  {
    name: "a dependentSchemas entry added to a request",
    base: (spec) => (input(spec)["dependentSchemas"] = { size: { required: ["kind"] } }),
    revision: (spec) =>
      (input(spec)["dependentSchemas"] = { size: { required: ["kind"] }, tags: { required: ["name"] } }),
    expected: ["dependent-schemas-changed breaking request"],
  },
  {
    name: "then set on a request",
    revision: (spec) => Object.assign(input(spec), { if: { required: ["size"] }, then: { required: ["kind"] } }),
    expected: ["conditional-changed breaking request", "conditional-changed breaking request"],
  },
  {
    name: "a patternProperties entry removed from a response",
    base: (spec) => (output(spec)["patternProperties"] = { "^x-": { type: "string" } }),
    revision: () => undefined,
    expected: ["pattern-properties-changed breaking response"],
  },
  {
    name: "propertyNames set on a request",
    revision: (spec) => (input(spec)["propertyNames"] = { maxLength: 8 }),
    expected: ["property-names-changed breaking request"],
  },
  {
    name: "prefixItems beside items",
    revision: (spec) => (input(spec)["properties"]["tags"]["prefixItems"] = [{ type: "integer" }]),
    expected: ["prefix-items-changed breaking request"],
  },
  {
    name: "items closed on a request",
    revision: (spec) => (input(spec)["properties"]["tags"]["items"] = false),
    expected: ["items-changed breaking request"],
  },
  {
    name: "contains removed from a response",
    base: (spec) => (output(spec)["properties"]["kind"] = { type: "array", contains: { const: "a" } }),
    revision: (spec) => (output(spec)["properties"]["kind"] = { type: "array" }),
    expected: ["contains-changed breaking response"],
  },
  {
    name: "additionalProperties closed on a request",
    revision: (spec) => (input(spec)["additionalProperties"] = false),
    expected: ["additional-properties-changed breaking request"],
  },
  {
    name: "unevaluatedProperties opened on a response",
    base: (spec) => (output(spec)["unevaluatedProperties"] = false),
    revision: () => undefined,
    expected: ["unevaluated-changed breaking response"],
  },
  {
    name: "contentEncoding changed on a response",
    base: (spec) => (output(spec)["properties"]["name"]["contentEncoding"] = "base64"),
    revision: (spec) => (output(spec)["properties"]["name"]["contentEncoding"] = "base32"),
    expected: ["content-changed breaking response"],
  },
  {
    name: "a request schema replaced by false",
    revision: (spec) => (input(spec)["properties"]["tags"] = false),
    expected: ["schema-replaced breaking request"],
  },
  // References, defaults, annotations.
  {
    name: "a $ref retargeted to an equal component",
    base: (spec) => (schemas(spec)["Input2"] = structuredClone(input(spec))),
    revision: (spec) => {
      schemas(spec)["Input2"] = structuredClone(input(spec));
      operation(spec)["requestBody"]["content"]["application/json"]["schema"]["$ref"] = "#/components/schemas/Input2";
    },
    expected: ["schema-ref-changed info request"],
  },
  {
    name: "a $ref that leads nowhere",
    revision: (spec) =>
      (operation(spec)["requestBody"]["content"]["application/json"]["schema"]["$ref"] =
        "#/components/schemas/Nowhere"),
    expected: ["unresolved-ref breaking request"],
  },
  {
    name: "the default of an optional request property changed",
    revision: (spec) => (input(spec)["properties"]["size"]["default"] = 2),
    expected: ["request-default-changed breaking request"],
  },
  {
    name: "the default of a required request property changed",
    revision: (spec) => (input(spec)["properties"]["name"]["default"] = "x"),
    expected: ["required-default-changed info request"],
  },
  {
    name: "a response default changed",
    revision: (spec) => (output(spec)["properties"]["size"]["default"] = 3),
    expected: ["response-default-changed info response"],
  },
  {
    name: "a response property made write-only",
    revision: (spec) => (output(spec)["properties"]["size"]["writeOnly"] = true),
    expected: ["write-only-changed breaking response"],
  },
  {
    name: "a request property made read-only",
    revision: (spec) => (input(spec)["properties"]["size"]["readOnly"] = true),
    expected: ["read-only-changed warning request"],
  },
  {
    name: "a discriminator set",
    revision: (spec) => (output(spec)["discriminator"] = { propertyName: "kind" }),
    expected: ["discriminator-changed info response"],
  },
  {
    name: "xml naming changed",
    revision: (spec) => (output(spec)["xml"] = { name: "thing" }),
    expected: ["xml-changed info response"],
  },
  {
    name: "an $id set",
    revision: (spec) => (output(spec)["$id"] = "https://example.com/output"),
    expected: ["schema-identifier-changed info response"],
  },
  // Components no operation uses, documentation.
  {
    name: "an unused component removed",
    revision: (spec) => delete schemas(spec)["Unused"],
    expected: ["unused-component-removed warning both"],
  },
  {
    name: "an unused component changed",
    revision: (spec) => (schemas(spec)["Unused"]["maxLength"] = 3),
    expected: ["unused-component-changed info both"],
  },
  {
    name: "a description changed",
    revision: (spec) => (response(spec)["description"] = "The thing, updated."),
    expected: ["docs-changed info both"],
  },
  {
    name: "an OpenAPI version changed",
    revision: (spec) => (spec["openapi"] = "3.1.1"),
    expected: ["openapi-version-changed info both"],
  },
  {
    name: "an operation deprecated",
    revision: (spec) => (operation(spec)["deprecated"] = true),
    expected: ["deprecated info both"],
  },
  {
    name: "an operation's tags changed",
    revision: (spec) => (operation(spec)["tags"] = ["Items"]),
    expected: ["operation-tags-changed warning both"],
  },
  {
    name: "an extension changed",
    revision: (spec) => (operation(spec)["x-rate-limit"] = 10),
    expected: ["extension-changed info both"],
  },
  // Fail closed.
  {
    name: "a keyword no rule knows",
    revision: (spec) => (input(spec)["$schema"] = "https://json-schema.org/draft/2019-09/schema"),
    expected: ["unclassified breaking request"],
  },
  {
    name: "a document field no rule knows",
    revision: (spec) => (spec["jsonSchemaDialect"] = "https://spec.openapis.org/oas/3.1/dialect/base"),
    expected: ["unclassified breaking both"],
  },
];
