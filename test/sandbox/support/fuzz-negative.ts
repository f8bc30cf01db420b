/**
 * Negative data, derived from the spec: one change to a valid body that makes it break the request schema at a
 * known field (a required field dropped, a value of the wrong JSON type, a string past maxLength, a string
 * outside the pattern, a value outside the enum); bodies broken as a whole (not JSON, JSON followed by garbage,
 * JSON of the wrong top-level type, empty, or a content type the operation does not take); malformed OData query
 * options; path parameters that break their schema or the path's syntax; methods a path does not take.
 */
import fc from "fast-check";
import type { OperationMetadata } from "@account-funds/client";
import { isJsonObject } from "@account-funds/generator/json-pointer";
import { dereference, type JsonSchema } from "./arbitraries-from-schema.js";
import { entityPropertiesOf, operations, parametersOf } from "./fuzz-spec.js";
import type { Query } from "./fuzz-requests.js";

export type PathSegment = string | number;

export type FieldMutationKind =
  | "missing required field"
  | "wrong type"
  | "too long"
  | "pattern mismatch"
  | "outside enum";

export interface FieldMutation {
  readonly kind: FieldMutationKind;
  /** Where the body now breaks the schema. */
  readonly path: readonly PathSegment[];
  readonly body: unknown;
}

interface Site {
  readonly kind: FieldMutationKind;
  readonly path: readonly PathSegment[];
  readonly schema: JsonSchema;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The branch of a oneOf/anyOf of whole schemas whose `const`s the value carries (the discriminator's branch). */
function branchOf(node: JsonSchema, value: unknown, resolve: (ref: string) => JsonSchema): JsonSchema {
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = (Array.isArray(node[keyword]) ? (node[keyword] as unknown[]) : [])
      .filter(isJsonObject)
      .map((branch) => dereference(branch, resolve));
    if (branches.every((branch) => branch["properties"] === undefined)) continue;
    const matching = branches.find((branch) =>
      Object.entries(isJsonObject(branch["properties"]) ? branch["properties"] : {}).every(([name, property]) => {
        const constant = isJsonObject(property) ? property["const"] : undefined;
        return constant === undefined || (isJsonObject(value) && value[name] === constant);
      }),
    );
    if (matching !== undefined) return matching;
  }
  return node;
}

/** Every place where one change breaks the schema, found by walking the value along its schema. */
function sitesOf(
  schema: JsonSchema,
  value: unknown,
  path: readonly PathSegment[],
  resolve: (ref: string) => JsonSchema,
): Site[] {
  const node = branchOf(dereference(schema, resolve), value, resolve);
  const sites: Site[] = [];
  if (path.length > 0) {
    sites.push({ kind: "wrong type", path, schema: node });
    if (typeof value === "string" && typeof node["maxLength"] === "number")
      sites.push({ kind: "too long", path, schema: node });
    if (typeof value === "string" && typeof node["pattern"] === "string")
      sites.push({ kind: "pattern mismatch", path, schema: node });
    if (Array.isArray(node["enum"]) || "const" in node) sites.push({ kind: "outside enum", path, schema: node });
  }
  if (isJsonObject(value)) {
    const properties = isJsonObject(node["properties"]) ? node["properties"] : {};
    const required = strings(node["required"]);
    for (const [name, member] of Object.entries(value)) {
      if (required.includes(name)) sites.push({ kind: "missing required field", path: [...path, name], schema: node });
      const memberSchema = properties[name] ?? node["additionalProperties"];
      if (isJsonObject(memberSchema)) sites.push(...sitesOf(memberSchema, member, [...path, name], resolve));
    }
  }
  if (Array.isArray(value) && isJsonObject(node["items"])) {
    const items = node["items"];
    value.forEach((item, index) => sites.push(...sitesOf(items, item, [...path, index], resolve)));
  }
  return sites;
}

/** A JSON value of a type the schema's `type` does not allow. */
function wrongTypeValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(
    Array.isArray(schema["type"]) ? strings(schema["type"]) : [String(schema["type"] ?? "string")],
  );
  if (allowed.has("number")) allowed.add("integer");
  const samples: readonly (readonly [type: string, value: unknown])[] = [
    ["string", "1"],
    ["number", 1.5],
    ["integer", 7],
    ["boolean", true],
    ["array", []],
    ["object", {}],
    ["null", null],
  ];
  return fc.constantFrom(...samples.filter(([type]) => !allowed.has(type)).map(([, value]) => value));
}

function replacementFor(site: Site): fc.Arbitrary<unknown> {
  switch (site.kind) {
    case "wrong type":
      return wrongTypeValue(site.schema);
    case "too long": {
      const maxLength = site.schema["maxLength"] as number;
      return fc.integer({ min: maxLength + 1, max: maxLength + 40 }).map((length) => "X".repeat(length));
    }
    case "pattern mismatch": {
      const pattern = new RegExp(site.schema["pattern"] as string, "u");
      const maxLength = typeof site.schema["maxLength"] === "number" ? site.schema["maxLength"] : 30;
      return fc.string({ maxLength }).filter((text) => !pattern.test(text));
    }
    case "outside enum": {
      const allowed = Array.isArray(site.schema["enum"]) ? (site.schema["enum"] as unknown[]) : [site.schema["const"]];
      return fc.string({ maxLength: 12 }).filter((text) => !allowed.includes(text));
    }
    case "missing required field":
      return fc.constant(undefined);
  }
}

/** A deep copy of `body` with the value at `path` replaced (`undefined`: removed). */
function withValueAt(body: unknown, path: readonly PathSegment[], replacement: unknown): unknown {
  const copy = structuredClone(body) as unknown;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, segment) => (node as Record<PathSegment, unknown>)[segment], copy) as Record<
    PathSegment,
    unknown
  >;
  const last = path[path.length - 1]!;
  if (replacement === undefined) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

/** One schema-breaking change to `body`, or undefined when the body offers no place for one. */
export function fieldMutationOf(
  schema: JsonSchema,
  body: unknown,
  resolve: (ref: string) => JsonSchema,
): fc.Arbitrary<FieldMutation> | undefined {
  const sites = sitesOf(schema, body, [], resolve);
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).chain((site) =>
    replacementFor(site).map((replacement) => ({
      kind: site.kind,
      path: site.path,
      body: withValueAt(body, site.path, replacement),
    })),
  );
}

export type WholeBodyMutationKind = "not JSON" | "JSON followed by garbage" | "JSON of the wrong type" | "empty body";

export interface WholeBodyMutation {
  readonly kind: WholeBodyMutationKind;
  /** Sent as application/json. */
  readonly text: string;
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The body broken as a whole, still labelled application/json. */
export function wholeBodyMutation(validBody: unknown): fc.Arbitrary<WholeBodyMutation> {
  const json = JSON.stringify(validBody);
  return fc.oneof(
    fc
      .oneof(
        fc.constantFrom("{", "AccountId=1", "<Request/>", "{'AccountId': 1}", "undefined", "NaN", json.slice(0, -1)),
        fc.string({ minLength: 1 }),
      )
      .filter((text) => !parses(text))
      .map((text) => ({ kind: "not JSON" as const, text })),
    fc
      .string({ minLength: 1, maxLength: 12 })
      .map((garbage) => `${json}${garbage}`)
      .filter((text) => !parses(text))
      .map((text) => ({ kind: "JSON followed by garbage" as const, text })),
    fc
      .constantFrom<unknown>([], [validBody], "body", 42, true, null)
      .map((value) => ({ kind: "JSON of the wrong type" as const, text: JSON.stringify(value) })),
    fc.constant({ kind: "empty body" as const, text: "" }),
  );
}

/** Content types no JSON operation takes (and none at all). */
export const wrongContentTypes: readonly (string | undefined)[] = [
  "text/plain",
  "application/xml",
  "text/html; charset=utf-8",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  undefined,
];

export interface MalformedOption {
  readonly kind: string;
  /** The option the error must name in its target. */
  readonly option: string;
  readonly query: Query;
}

/** Values each OData option's grammar (or its int32 ≥ 0 / boolean schema) rejects. */
function badValues(properties: ReadonlySet<string>): Readonly<Record<string, fc.Arbitrary<string>>> {
  const unknownProperty = fc.stringMatching(/^[A-Z][A-Za-z]{2,12}$/).filter((name) => !properties.has(name));
  return {
    $top: fc.constantFrom("-1", "abc", "1.5", "", "1e2", "0x10", "2147483648", " 5"),
    $skip: fc.constantFrom("-3", "ten", "2.5", "", "-0.5"),
    $count: fc.constantFrom("yes", "1", "TRUE ", ""),
    $filter: fc.oneof(
      fc.constantFrom(
        "Id eq",
        "eq 1",
        "(",
        "Id eq 'unterminated",
        "Id eq eq 1",
        "1 eq",
        "Id gt",
        "contains(",
        "Name eq 'a' and",
        ")",
        "not",
        "Id eq 1)",
      ),
      unknownProperty.map((name) => `${name} eq 1`),
    ),
    $orderby: fc.oneof(fc.constantFrom(",", "desc", "Id sideways", "Id asc desc"), unknownProperty),
    $select: fc.oneof(fc.constantFrom(",", "Id,,", "Id Name"), unknownProperty),
  };
}

/**
 * One malformed option: a bad value of an option the operation declares, a system option it does not declare
 * (OData URL Conventions §5: an error, not ignored), or a declared option given twice.
 */
export function malformedOptionArbitrary(operation: OperationMetadata): fc.Arbitrary<MalformedOption> {
  const declared = new Set(operation.queryParameters);
  const properties = new Set(Object.keys(entityPropertiesOf(operation)));
  const bad = badValues(properties);
  const options = Object.keys(bad).filter((option) => declared.has(option));
  const unknownOption = fc
    .oneof(
      fc.constantFrom("$expand", "$search", "$apply", "$format", "$levels", "$compute"),
      fc.stringMatching(/^\$[a-z]{2,10}$/),
    )
    .filter((option) => !declared.has(option))
    .map((option): MalformedOption => ({ kind: "unknown option", option, query: [[option, "x"]] }));
  const choices: fc.Arbitrary<MalformedOption>[] = [unknownOption];
  if (options.length > 0) {
    choices.push(
      fc
        .constantFrom(...options)
        .chain((option) =>
          bad[option]!.map((value): MalformedOption => ({ kind: `bad ${option}`, option, query: [[option, value]] })),
        ),
    );
    const valid = (option: string, index: number): string =>
      option === "$select" ? ([...properties][0] ?? "Id") : String(index);
    const repeatable = options.filter((option) => option === "$top" || option === "$skip" || option === "$select");
    if (repeatable.length > 0) {
      choices.push(
        fc.constantFrom(...repeatable).map((option): MalformedOption => ({
          kind: "repeated option",
          option,
          query: [
            [option, valid(option, 1)],
            [option, valid(option, 2)],
          ],
        })),
      );
    }
  }
  return fc.oneof(...choices);
}

export interface WrongPathValues {
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * Values that break the path's syntax around a parameter (an empty key, an OData key's delimiters, an encoded
 * `/`, a space): the router still finds the operation, whose parameter check or lookup refuses the value.
 */
const syntaxBreakingValues: readonly string[] = ["", "(", ")", "'", "1)", "(1", "a/b", "x y", "%", "\u00e9"];

/**
 * For each path parameter, values that break its schema (int32, or a pattern) or the path's syntax; a plain string
 * parameter only has the latter.
 */
export function wrongPathValues(operation: OperationMetadata): WrongPathValues[] {
  return schemaBreakingPathValues(operation).map(({ name, values }) => ({
    name,
    values: [...values, ...syntaxBreakingValues],
  }));
}

function schemaBreakingPathValues(operation: OperationMetadata): WrongPathValues[] {
  return parametersOf(operation)
    .filter((parameter) => parameter.in === "path")
    .map((parameter) => {
      const schema = dereference(parameter.schema, (ref) => {
        throw new Error(`unexpected $ref ${ref} in a path parameter`);
      });
      if (schema["type"] === "integer") {
        return {
          name: parameter.name,
          values: ["abc", "1.5", "1e3", "0x10", "2147483648", "-", "\uff11", "99999999999999999999", "true"],
        };
      }
      if (typeof schema["pattern"] === "string") {
        const pattern = new RegExp(schema["pattern"], "u");
        return {
          name: parameter.name,
          values: ["gbp", "GBPX", "G1P", "A", "ABCD", "12", "a b"].filter((value) => !pattern.test(value)),
        };
      }
      return { name: parameter.name, values: [] };
    });
}

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The methods of the operations at the operation's path (what a 405's Allow must name), sorted. */
export function methodsAt(operation: OperationMetadata): string[] {
  const atPath = operations.filter((other) => other.path === operation.path);
  return [...new Set(atPath.map((other) => other.method.toUpperCase()))].sort();
}

/** Methods the operation's path does not take: the sandbox answers them 405 with Allow (RFC 9110 §15.5.6). */
export function wrongMethodArbitrary(operation: OperationMetadata): fc.Arbitrary<string> {
  const allowed = methodsAt(operation);
  return fc.constantFrom(...methods.filter((method) => !allowed.includes(method)));
}
