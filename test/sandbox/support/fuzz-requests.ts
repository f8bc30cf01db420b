/**
 * Requests derived from the spec: path parameters (mostly the sandbox's own ids, sometimes anything the schema
 * allows), query parameters (OData options built from the entity's properties, or any string the parameter's
 * schema allows), and bodies generated from the request schema.
 */
import fc from "fast-check";
import type { OperationMetadata } from "@account-funds/client";
import {
  arbitraryFromSchema,
  dereference,
  type JsonSchema,
  type SchemaArbitraryOptions,
} from "./arbitraries-from-schema.js";
import { formatArbitraries } from "./arbitraries-formats.js";
import { entityPropertiesOf, parametersOf, requestSchemaOf, resolvePointer } from "./fuzz-spec.js";
import { cached, seedsKey } from "./fuzz-cache.js";
import { seededValuesFor, type Seeds } from "./fuzz-seeds.js";

export const schemaOptions: SchemaArbitraryOptions = { resolve: resolvePointer, formats: formatArbitraries };

const byOperation = (operation: OperationMetadata, seeds: object): string =>
  `${operation.operationId}@${seedsKey(seeds)}`;

export type PathValues = Readonly<Record<string, string | number>>;
export type Query = readonly (readonly [string, string])[];

/** A seeded value most of the time (so that requests reach existing entities), any schema value sometimes. */
function seededOrAny(seeded: readonly (string | number)[], schema: JsonSchema): fc.Arbitrary<unknown> {
  const any = arbitraryFromSchema(schema, schemaOptions);
  return seeded.length === 0
    ? any
    : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...seeded) }, { weight: 1, arbitrary: any });
}

/**
 * Path parameters: mostly a seeded, consistent set (the entity exists, a balance's currency is one its account
 * holds), sometimes each parameter on its own, seeded or anything its schema allows (missing entities, odd keys).
 */
export const pathArbitrary = cached(
  (operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<PathValues> =>
    fc.oneof(
      { weight: 3, arbitrary: seededPathArbitrary(operation, seeds) },
      { weight: 1, arbitrary: mixedPathArbitrary(operation, seeds) },
    ),
  byOperation,
);

function mixedPathArbitrary(operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<PathValues> {
  const model = Object.fromEntries(
    parametersOf(operation)
      .filter((parameter) => parameter.in === "path")
      .map((parameter) => [
        parameter.name,
        seededOrAny(seededValuesFor(seeds, parameter.name, operation.path), parameter.schema).map(
          (value) => value as string | number,
        ),
      ]),
  );
  return fc.record(model);
}

/** A balance that exists: one of the account's currencies (Balances({currencyCode}) keys a balance, not a currency). */
function seededBalance(seeds: Seeds): fc.Arbitrary<PathValues> {
  const balances = [...seeds.balanceCurrencies].flatMap(([accountId, currencies]) =>
    currencies.map((currencyCode) => ({ accountId, currencyCode })),
  );
  return fc.constantFrom(...balances);
}

/** Only seeded values, so that the entity exists (used where a request must get past the lookup to its checks). */
export const seededPathArbitrary = cached(buildSeededPathArbitrary, byOperation);
function buildSeededPathArbitrary(operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<PathValues> {
  const names = parametersOf(operation).filter((parameter) => parameter.in === "path");
  const model = Object.fromEntries(
    names.map((parameter) => {
      const seeded = seededValuesFor(seeds, parameter.name, operation.path);
      return [
        parameter.name,
        seeded.length > 0
          ? fc.constantFrom(...seeded)
          : arbitraryFromSchema(parameter.schema, schemaOptions).map((value) => value as string | number),
      ];
    }),
  );
  const keysBalance = operation.path.includes("/Balances({currencyCode})");
  return keysBalance
    ? fc.tuple(fc.record(model), seededBalance(seeds)).map(([values, balance]) => ({ ...values, ...balance }))
    : fc.record(model);
}

const scalarTypeOf = (schema: JsonSchema): string | undefined => {
  const node = dereference(schema, resolvePointer);
  const type = Array.isArray(node["type"]) ? (node["type"] as string[]).find((one) => one !== "null") : node["type"];
  return typeof type === "string" ? (node["format"] === "date-time" ? "date-time" : type) : undefined;
};

/** An OData literal of a property's type (§5.1.1.6 primitive literals); strings quote with '' doubling. */
function literalFor(type: string): fc.Arbitrary<string> {
  switch (type) {
    case "string":
      return fc.string({ maxLength: 8 }).map((text) => `'${text.replaceAll("'", "''")}'`);
    case "integer":
      return fc.integer({ min: -5, max: 10_000 }).map(String);
    case "number":
      return fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((value) => String(Math.round(value * 100) / 100));
    case "boolean":
      return fc.constantFrom("true", "false");
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      return fc.constant("null");
  }
}

/** `$filter` expressions over the entity's scalar properties: comparisons, string functions, and/or/not. */
function filterArbitrary(scalars: readonly (readonly [string, string])[]): fc.Arbitrary<string> {
  if (scalars.length === 0) return fc.constant("true");
  const comparison = fc
    .constantFrom(...scalars)
    .chain(([name, type]) =>
      fc
        .tuple(fc.constantFrom("eq", "ne", "gt", "ge", "lt", "le"), literalFor(type))
        .map(([operator, literal]) => `${name} ${operator} ${literal}`),
    );
  const strings = scalars.filter(([, type]) => type === "string").map(([name]) => name);
  const call =
    strings.length === 0
      ? comparison
      : fc
          .tuple(
            fc.constantFrom("contains", "startswith", "endswith"),
            fc.constantFrom(...strings),
            literalFor("string"),
          )
          .map(([fn, name, literal]) => `${fn}(${name},${literal})`);
  const atom = fc.oneof(comparison, call);
  return fc.oneof(
    { weight: 3, arbitrary: atom },
    {
      weight: 1,
      arbitrary: fc.tuple(atom, fc.constantFrom("and", "or"), atom).map(([a, joint, b]) => `${a} ${joint} ${b}`),
    },
    { weight: 1, arbitrary: atom.map((a) => `not (${a})`) },
  );
}

/** A value for one OData system option: a well-formed one built from the entity's properties, or any string. */
function odataOptionArbitrary(name: string, operation: OperationMetadata): fc.Arbitrary<string> {
  const properties = entityPropertiesOf(operation);
  const names = Object.keys(properties).filter((property) => !property.startsWith("@"));
  const scalars = names
    .map((property) => [property, scalarTypeOf(properties[property] ?? {})] as const)
    .filter(
      (entry): entry is readonly [string, string] =>
        entry[1] !== undefined && ["string", "integer", "number", "boolean", "date-time"].includes(entry[1]),
    );
  const wellFormed = ((): fc.Arbitrary<string> => {
    switch (name) {
      case "$select":
        return names.length === 0
          ? fc.constant("*")
          : fc.subarray(names, { minLength: 1 }).map((chosen) => chosen.join(","));
      case "$orderby":
        return scalars.length === 0
          ? fc.constant("")
          : fc
              .subarray(
                scalars.map(([property]) => property),
                { minLength: 1, maxLength: Math.min(2, scalars.length) },
              )
              .chain((chosen) =>
                fc
                  .tuple(...chosen.map((property) => fc.constantFrom(property, `${property} asc`, `${property} desc`)))
                  .map((parts) => parts.join(",")),
              );
      case "$filter":
        return filterArbitrary(scalars);
      case "$top":
        return fc.integer({ min: 0, max: 300 }).map(String);
      case "$skip":
        return fc.integer({ min: 0, max: 50 }).map(String);
      case "$count":
        return fc.constantFrom("true", "false");
      default:
        return fc.string();
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) });
}

/**
 * The declared query parameters, each present or not: OData options per `odataOptionArbitrary`, others seeded
 * or generated from their schema (`typeof` text, as it goes in a URL).
 */
export const queryArbitrary = cached(buildQueryArbitrary, byOperation);
function buildQueryArbitrary(operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<Query> {
  const parameters = parametersOf(operation).filter((parameter) => parameter.in === "query");
  const entries = parameters.map((parameter) => {
    const value = parameter.name.startsWith("$")
      ? odataOptionArbitrary(parameter.name, operation)
      : seededOrAny(seededValuesFor(seeds, parameter.name, operation.path), parameter.schema).map(String);
    const pair = value.map((text) => [parameter.name, text] as const);
    return parameter.required
      ? pair.map((entry) => [entry])
      : fc.option(pair, { nil: undefined }).map((entry) => (entry === undefined ? [] : [entry]));
  });
  return fc.tuple(...entries).map((lists) => lists.flat());
}

/** A body generated from the operation's JSON request schema alone (references anything the schema allows). */
export const schemaBodyArbitrary = cached(
  (operation: OperationMetadata, mediaType: string = "application/json"): fc.Arbitrary<unknown> | undefined => {
    const schema = requestSchemaOf(operation, mediaType);
    return schema === undefined ? undefined : arbitraryFromSchema(schema, schemaOptions);
  },
  (operation: OperationMetadata, mediaType: string = "application/json") => `${operation.operationId} ${mediaType}`,
);

/** Required query parameters other than the OData options (getJobStatus's token), seeded. */
export const requiredQueryArbitrary = cached((operation: OperationMetadata, seeds: Seeds): fc.Arbitrary<Query> => {
  const required = parametersOf(operation).filter((parameter) => parameter.in === "query" && parameter.required);
  return fc.tuple(
    ...required.map((parameter) => {
      const seeded = seededValuesFor(seeds, parameter.name, operation.path).map(String);
      return (seeded.length > 0 ? fc.constantFrom(...seeded) : fc.string({ minLength: 1 })).map(
        (value) => [parameter.name, value] as const,
      );
    }),
  );
}, byOperation);
