/**
 * The copy of the document ajv compiles, with each OpenAPI `discriminator` in the form ajv's `discriminator`
 * option takes, so that a body failing a discriminated `oneOf` (`PaymentRouting` by `Type`, a webhook event by
 * `Reason`) is checked against the one branch its tag selects, and reports the field that is wrong inside it
 * (`/PaymentRouting/SortCode: must match pattern`), not the first of every branch's errors
 * (`/PaymentRouting/Type: must be equal to constant`, from the branch tried first).
 *
 * ajv selects the branch by the `const` (or `enum`) each branch gives the tag property, and refuses `mapping`
 * (https://ajv.js.org/json-schema.html#discriminator). So when the consts say what the mapping says (every value to
 * the branch that declares it; without a mapping, OpenAPI selects the schema named like the value), the mapping is
 * dropped. Otherwise OpenAPI's reading is made ajv's: each branch gets the values that select it, from the mapping
 * or its schema's name, which covers branches that inherit the tag through `allOf` (`forAjv`).
 *
 * Two facts the branches already imply are also stated on the parent for ajv: the tag is required, and its value
 * is one of the branches' consts. A body without a tag, or with an unknown one, then fails at the tag
 * (`/PaymentRouting/Type: must be equal to one of the allowed values`, with the values in `params`) before ajv's
 * own `value of tag "Type" must be in oneOf` about the object. The set of valid bodies does not change.
 */
import type { OpenApiDocument } from "../model/model.js";
import { formatPointer, resolvePointer, isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";

type Path = readonly (string | number)[];

/** Keys whose values are data (examples, constants), never schemas. */
const dataKeys = new Set(["example", "examples", "default", "const", "enum"]);

export function withAjvDiscriminators(document: OpenApiDocument): OpenApiDocument {
  const rewrite = (node: unknown, path: Path): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => rewrite(item, [...path, index]));
    if (!isJsonObject(node)) return node;
    const copy: { [key: string]: unknown } = {};
    for (const [key, value] of Object.entries(node))
      copy[key] = dataKeys.has(key) || key.startsWith("x-") ? value : rewrite(value, [...path, key]);
    return isJsonObject(copy["discriminator"]) ? forAjv(document, copy, path) : copy;
  };
  return rewrite(document, []) as OpenApiDocument;
}

/**
 * `schema` (a copy) with its discriminator as ajv reads it. When the branches state the tag as ajv reads it (a
 * `const`/`enum` on each, agreeing with the mapping), the mapping is dropped; else each branch is wrapped with the
 * tag values OpenAPI's mapping (or, without one, the schema's name) selects it by — the inheritance pattern, where a
 * branch gets the tag through `allOf` from its base. A discriminator that selects nothing (no `oneOf`: the base of
 * that pattern, or `anyOf`) is an annotation and dropped; one no branch can be selected by is dropped with a
 * warning, and the `oneOf` is then checked as JSON Schema says, branch by branch.
 */
function forAjv(document: OpenApiDocument, schema: { [key: string]: unknown }, path: Path): JsonObject {
  const { discriminator: _annotation, ...withoutDiscriminator } = schema;
  const discriminator = schema["discriminator"] as JsonObject;
  const tag = discriminator["propertyName"];
  const branches = schema["oneOf"];
  if (typeof tag !== "string" || !Array.isArray(branches)) return withoutDiscriminator;
  const parentRequires = strings(schema["required"]).includes(tag);
  const refs = branches.map((branch) =>
    isJsonObject(branch) && typeof branch["$ref"] === "string" ? branch["$ref"] : undefined,
  );
  const direct = directReading(document, branches, refs, tag, parentRequires, discriminator["mapping"]);
  const branchOf = direct ?? openApiReading(branches, refs, discriminator["mapping"]);
  if (branchOf === undefined) {
    console.warn(
      `#${formatPointer([...path, "discriminator"])}: no branch of the oneOf can be selected by ${tag} (neither a mapping, schema names, nor a const or enum of ${tag} in each branch): the validators check the oneOf without the discriminator, branch by branch`,
    );
    return withoutDiscriminator;
  }
  const { mapping: _mapping, ...ajvDiscriminator } = discriminator;
  const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {};
  const valuesOf = (index: number): string[] =>
    [...branchOf].filter(([, branch]) => branch === index).map(([value]) => value);
  return {
    ...schema,
    ...(direct !== undefined
      ? {}
      : {
          oneOf: branches.map((branch, index) => ({
            ...(refs[index] !== undefined ? { $ref: refs[index] } : { allOf: [branch] }),
            required: [tag],
            properties: { [tag]: { enum: valuesOf(index) } },
          })),
        }),
    discriminator: ajvDiscriminator,
    required: parentRequires ? schema["required"] : [...strings(schema["required"]), tag],
    properties: Object.hasOwn(properties, tag) ? properties : { ...properties, [tag]: { enum: [...branchOf.keys()] } },
  };
}

/**
 * Tag value → branch, when each branch declares the tag as ajv reads it (a required string `const` or `enum`) and
 * the mapping (or, without one, the schema names) says the same; undefined otherwise.
 */
function directReading(
  document: OpenApiDocument,
  branches: readonly unknown[],
  refs: readonly (string | undefined)[],
  tag: string,
  parentRequires: boolean,
  mapping: unknown,
): Map<string, number> | undefined {
  const branchOf = new Map<string, number>();
  for (const [index, branch] of branches.entries()) {
    const ref = refs[index];
    const resolved =
      ref === undefined ? branch : ref.startsWith("#") ? resolvePointer(document, ref.slice(1)) : undefined;
    const property =
      isJsonObject(resolved) && isJsonObject(resolved["properties"]) ? resolved["properties"][tag] : undefined;
    if (!isJsonObject(property)) return undefined;
    const values = "const" in property ? [property["const"]] : Array.isArray(property["enum"]) ? property["enum"] : [];
    if (values.length === 0 || !values.every((value) => typeof value === "string")) return undefined;
    if (!parentRequires && !(isJsonObject(resolved) && strings(resolved["required"]).includes(tag))) return undefined;
    for (const value of values as string[]) {
      if (branchOf.has(value)) return undefined;
      branchOf.set(value, index);
    }
  }
  if (isJsonObject(mapping)) {
    for (const [value, target] of Object.entries(mapping)) {
      const index = branchOf.get(value);
      if (index === undefined || typeof target !== "string" || schemaRef(target) !== refs[index]) return undefined;
    }
    if ([...branchOf.keys()].some((value) => !Object.hasOwn(mapping, value))) return undefined;
  } else {
    for (const [value, index] of branchOf) if (refs[index] !== schemaRef(value)) return undefined;
  }
  return branchOf;
}

/**
 * Tag value → branch as OpenAPI 3.1 §4.8.25 selects: the mapping's values, then, for a `$ref`'d branch no mapping
 * value names, the schema's name. Undefined when a branch is selected by no value.
 */
function openApiReading(
  branches: readonly unknown[],
  refs: readonly (string | undefined)[],
  mapping: unknown,
): Map<string, number> | undefined {
  const branchOf = new Map<string, number>();
  const mapped = isJsonObject(mapping) ? Object.entries(mapping) : [];
  for (const [value, target] of mapped) {
    const index = typeof target === "string" ? refs.indexOf(schemaRef(target)) : -1;
    if (index >= 0) branchOf.set(value, index);
  }
  for (const [index, ref] of refs.entries()) {
    if ([...branchOf.values()].includes(index) || ref === undefined) continue;
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    if (name !== undefined && !branchOf.has(name))
      branchOf.set(name.replaceAll("~1", "/").replaceAll("~0", "~"), index);
  }
  return branches.every((_branch, index) => [...branchOf.values()].includes(index)) ? branchOf : undefined;
}

/** A mapping value as a `$ref`: OpenAPI allows a schema name (`BicIban`) or a reference (`#/components/...`). */
function schemaRef(target: string): string {
  return /^[\w.-]+$/.test(target) ? `#/components/schemas/${target}` : target;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
