/**
 * A small JSON Schema → fast-check generator for the subset the Account Funds spec uses in request bodies and
 * parameters: `type` (one or a list), `enum`, `const`, `pattern` (fc.stringMatching), min/max lengths and bounds,
 * `required`, `properties`, `additionalProperties`, `items`, `$ref`, `allOf`, `oneOf`/`anyOf` (whole schemas, as
 * in PaymentRouting with its discriminator, or only `required` lists, as in AssignDepositorDto), and the formats
 * int32, int64, decimal, double, date-time and email. Formats that carry a checksum (IBAN, LEI, ...) come from
 * `options.formats`, built by construction. `if`/`then` and `not` are not generated: a caller that needs valid
 * values filters with ajv (the spec's own verdict).
 */
import fc from "fast-check";
import { isJsonObject, type JsonObject } from "@account-funds/generator/json-pointer";

/** A schema object (JSON Schema 2020-12); boolean schemas do not occur in the spec's bodies and parameters. */
export type JsonSchema = JsonObject;

export interface SchemaArbitraryOptions {
  /** Resolves a local `$ref` such as `#/components/schemas/PostalAddress`. */
  readonly resolve: (ref: string) => JsonSchema;
  /** Valid strings by construction for the formats random characters almost never satisfy. */
  readonly formats?: Readonly<Record<string, fc.Arbitrary<string>>>;
  /** Longest generated array; default 2 (lists of routings, documents). */
  readonly maxItems?: number;
  /** Longest unconstrained string; default 24. */
  readonly maxStringLength?: number;
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;

const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
const numberAt = (schema: JsonSchema, keyword: string): number | undefined =>
  typeof schema[keyword] === "number" ? (schema[keyword] as number) : undefined;

/** Follows `$ref`s until a schema that is not only a reference. */
export function dereference(schema: JsonSchema, resolve: (ref: string) => JsonSchema): JsonSchema {
  let node = schema;
  for (let depth = 0; typeof node["$ref"] === "string"; depth++) {
    if (depth > 32) throw new Error(`$ref cycle at ${String(node["$ref"])}`);
    node = resolve(node["$ref"]);
  }
  return node;
}

/** A branch of `oneOf`/`anyOf` that only adds `required` names (no type, no properties). */
const isRequiredOnly = (branch: JsonSchema): boolean =>
  Object.keys(branch).every((keyword) => keyword === "required" || keyword === "description");

/** `allOf` members merged into one object schema: properties and required lists together. */
function mergeAllOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema): JsonSchema {
  const { allOf, ...rest } = schema;
  const members = [rest, ...schemaList(allOf).map((member) => dereference(member, resolve))];
  const properties = Object.assign(
    {},
    ...members.map((member) => (isJsonObject(member["properties"]) ? member["properties"] : {})),
  ) as JsonSchema;
  const required = [...new Set(members.flatMap((member) => stringList(member["required"])))];
  const type = members.map((member) => member["type"]).find((value) => value !== undefined) ?? "object";
  return { ...Object.assign({}, ...members), type, properties, required };
}

export function arbitraryFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const node = dereference(schema, options.resolve);
  if ("const" in node) return fc.constant(node["const"]);
  if (Array.isArray(node["enum"])) return fc.constantFrom(...(node["enum"] as unknown[]));
  if (node["allOf"] !== undefined) return arbitraryFromSchema(mergeAllOf(node, options.resolve), options);

  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = schemaList(node[keyword]);
    if (branches.length === 0) continue;
    const { [keyword]: _branches, discriminator: _discriminator, ...parent } = node;
    if (branches.every(isRequiredOnly)) {
      // oneOf of required lists: exactly one branch holds, so the others' names are left out.
      return fc.constantFrom(...branches).chain((branch) => {
        const chosen = stringList(branch["required"]);
        const excluded =
          keyword === "oneOf"
            ? branches.flatMap((other) => stringList(other["required"])).filter((name) => !chosen.includes(name))
            : [];
        return objectArbitrary(
          { ...parent, required: [...stringList(parent["required"]), ...chosen] },
          options,
          excluded,
        );
      });
    }
    // Whole schemas (PaymentRouting's routing types): one of them, each carrying its own discriminator const.
    return fc.oneof(...branches.map((branch) => arbitraryFromSchema(branch, options)));
  }

  const type = node["type"];
  if (Array.isArray(type)) return fc.oneof(...type.map((one) => arbitraryFromSchema({ ...node, type: one }, options)));
  switch (type) {
    case "object":
      return objectArbitrary(node, options, []);
    case "array":
      return fc.array(arbitraryFromSchema(isJsonObject(node["items"]) ? node["items"] : {}, options), {
        minLength: numberAt(node, "minItems") ?? 0,
        maxLength: Math.max(
          numberAt(node, "minItems") ?? 0,
          Math.min(numberAt(node, "maxItems") ?? Infinity, options.maxItems ?? 2),
        ),
      });
    case "string":
      return stringArbitrary(node, options);
    case "integer":
      return integerArbitrary(node);
    case "number":
      return numberArbitrary(node);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return isJsonObject(node["properties"]) ? objectArbitrary(node, options, []) : fc.jsonValue({ maxDepth: 1 });
  }
}

function objectArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  excluded: readonly string[],
): fc.Arbitrary<unknown> {
  const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {};
  const names = Object.keys(properties).filter((name) => !excluded.includes(name));
  const required = stringList(schema["required"]).filter((name) => names.includes(name));
  const extra = schema["additionalProperties"];
  if (names.length === 0 && isJsonObject(extra)) {
    // A map such as AdditionalInformation: a few keys, each with a value of the additionalProperties schema.
    return fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/), arbitraryFromSchema(extra, options), {
      maxKeys: 3,
    });
  }
  const model = Object.fromEntries(
    names.map((name) => [name, arbitraryFromSchema(properties[name] as JsonSchema, options)]),
  );
  return fc.record(model, { requiredKeys: required });
}

function stringArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const minLength = numberAt(schema, "minLength") ?? 0;
  const maxLength = numberAt(schema, "maxLength");
  const pattern = typeof schema["pattern"] === "string" ? new RegExp(schema["pattern"], "u") : undefined;
  const fits = (value: string): boolean =>
    [...value].length >= minLength &&
    (maxLength === undefined || [...value].length <= maxLength) &&
    (pattern === undefined || pattern.test(value));
  const format = typeof schema["format"] === "string" ? schema["format"] : undefined;
  const byFormat = format === undefined ? undefined : (options.formats?.[format] ?? builtInFormat(format));
  if (byFormat !== undefined) return byFormat.filter(fits);
  if (pattern !== undefined) return fc.stringMatching(pattern).filter(fits);
  return fc.string({ minLength, maxLength: maxLength ?? Math.max(minLength, options.maxStringLength ?? 24) });
}

function builtInFormat(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString());
    case "uri":
      return fc.webUrl();
    default:
      return undefined;
  }
}

/** Bounds from minimum/maximum and their exclusive forms, within `limits`. */
function bounds(schema: JsonSchema, limits: { min: number; max: number }, step: number): { min: number; max: number } {
  const exclusiveMinimum = numberAt(schema, "exclusiveMinimum");
  const exclusiveMaximum = numberAt(schema, "exclusiveMaximum");
  const min = Math.max(
    limits.min,
    numberAt(schema, "minimum") ?? -Infinity,
    exclusiveMinimum === undefined ? -Infinity : exclusiveMinimum + step,
  );
  const max = Math.min(
    limits.max,
    numberAt(schema, "maximum") ?? Infinity,
    exclusiveMaximum === undefined ? Infinity : exclusiveMaximum - step,
  );
  return { min, max };
}

/** Small values most of the time (ids, counts), any value of the range now and then. */
function biased(range: { min: number; max: number }): fc.Arbitrary<number> {
  const small = { min: Math.max(range.min, -10), max: Math.min(range.max, 10_000) };
  return small.min <= small.max
    ? fc.oneof({ weight: 4, arbitrary: fc.integer(small) }, { weight: 1, arbitrary: fc.integer(range) })
    : fc.integer(range);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const limits = schema["format"] === "int32" ? INT32 : { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
  return biased(bounds(schema, limits, 1));
}

/** Any double within minimum/maximum and their exclusive forms (and ±limit). */
function doubleArbitrary(schema: JsonSchema, limit: number): fc.Arbitrary<number> {
  const exclusiveMinimum = numberAt(schema, "exclusiveMinimum");
  const exclusiveMaximum = numberAt(schema, "exclusiveMaximum");
  return fc.double({
    min: Math.max(-limit, exclusiveMinimum ?? numberAt(schema, "minimum") ?? -limit),
    max: Math.min(limit, exclusiveMaximum ?? numberAt(schema, "maximum") ?? limit),
    minExcluded: exclusiveMinimum !== undefined,
    maxExcluded: exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * `format: decimal` is money: mostly whole cents, so that most values fit a two-decimal currency; now and then
 * any double the bounds allow (more decimal places, or a sliver above an exclusive minimum of 0).
 */
function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  if (schema["format"] === "decimal") {
    const cents = bounds(schema, { min: -1e13, max: 1e13 }, 0.01);
    const wholeCents = biased({ min: Math.ceil(cents.min * 100), max: Math.floor(cents.max * 100) }).map(
      (value) => value / 100,
    );
    return fc.oneof({ weight: 4, arbitrary: wholeCents }, { weight: 1, arbitrary: doubleArbitrary(schema, 1e13) });
  }
  return doubleArbitrary(schema, 1e9);
}
