/**
 * Every request body and every success response has a realistic example, and every example validates
 * against its schema with ajv 2020-12, ajv-formats and the validators' checksum formats.
 */
import { describe, expect, it } from "vitest";
import { deref, listOperations, loadBundledSpec, type JsonObject } from "./support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv } from "./support/spec-ajv.js";

const spec = loadBundledSpec();
const ajv = createSpecAjv(spec);

interface MediaCase {
  readonly where: string;
  readonly mediaType: string;
  readonly media: JsonObject;
}

function mediaCases(owner: string, content: unknown): MediaCase[] {
  return Object.entries((content ?? {}) as { [mediaType: string]: JsonObject }).map(([mediaType, media]) => ({
    where: `${owner} ${mediaType}`,
    mediaType,
    media,
  }));
}

const webhookOperations = Object.entries((spec["webhooks"] ?? {}) as { [name: string]: JsonObject }).map(
  ([name, item]) => ({
    name: `webhook ${name}`,
    operation: (item["post"] ?? {}) as JsonObject,
  }),
);

const requestCases = [
  ...listOperations(spec).map((o) => ({
    name: `${o.method.toUpperCase()} ${o.path}`,
    operation: o.operation as JsonObject,
  })),
  ...webhookOperations,
].flatMap(({ name, operation }) =>
  mediaCases(`${name} request`, deref(spec, operation["requestBody"] as JsonObject | undefined)?.["content"]),
);

const responseCases = listOperations(spec).flatMap((o) =>
  Object.entries(o.operation.responses)
    .filter(([status]) => status.startsWith("2"))
    .flatMap(([status, response]) =>
      mediaCases(`${o.method.toUpperCase()} ${o.path} ${status}`, deref(spec, response)["content"]),
    ),
);

function examplesOf(media: JsonObject): [string, unknown][] {
  const named = Object.entries((media["examples"] ?? {}) as JsonObject).map(
    ([name, example]) => [name, deref(spec, example as JsonObject)["value"]] as [string, unknown],
  );
  return "example" in media ? [["example", media["example"]], ...named] : named;
}

describe.each([
  ["request bodies", requestCases],
  ["success responses", responseCases],
])("%s", (_kind, cases) => {
  it("exist", () => expect(cases.length).toBeGreaterThan(0));

  it.each(cases.map((c) => [c.where, c] as const))("%s has an example", (_where, { media }) => {
    expect(examplesOf(media).length).toBeGreaterThan(0);
  });

  it.each(cases.filter((c) => c.media["schema"] !== undefined).map((c) => [c.where, c] as const))(
    "%s examples validate",
    (_where, { media }) => {
      const validate = compileSpecSchema(ajv, media["schema"] as JsonObject);
      for (const [name, value] of examplesOf(media)) {
        const valid = validate(value);
        expect(valid, `example "${name}": ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    },
  );
});

describe("error response examples", () => {
  const errorCases = listOperations(spec).flatMap((o) =>
    Object.entries(o.operation.responses)
      .filter(([status]) => !status.startsWith("2"))
      .flatMap(([status, response]) =>
        mediaCases(`${o.method.toUpperCase()} ${o.path} ${status}`, deref(spec, response)["content"]),
      ),
  );
  it.each(
    errorCases
      .filter((c) => c.media["schema"] !== undefined && examplesOf(c.media).length > 0)
      .map((c) => [c.where, c] as const),
  )("%s examples validate", (_where, { media }) => {
    const validate = compileSpecSchema(ajv, media["schema"] as JsonObject);
    for (const [name, value] of examplesOf(media))
      expect(validate(value), `example "${name}": ${ajv.errorsText(validate.errors)}`).toBe(true);
  });
});
