/**
 * The copy of the document ajv compiles, with each OpenAPI `discriminator` in the form ajv's `discriminator`
 * option takes, so that a body failing a discriminated `oneOf` (`PaymentRouting` by `Type`, a webhook event by
 * `Reason`) is checked against the one branch its tag selects, and reports the field that is wrong inside it
 * (`/PaymentRouting/SortCode: must match pattern`), not the first of every branch's errors
 * (`/PaymentRouting/Type: must be equal to constant`, from the branch tried first).
 *
 * ajv selects the branch by the `const` (or `enum`) each branch gives the tag property, and refuses `mapping`
 * (https://ajv.js.org/json-schema.html#discriminator). So a mapping is checked to say exactly what the consts say
 * (every value to the branch that declares it) and dropped; one that says something else, or a discriminator ajv
 * cannot read, fails generation with the pointer of the schema: a silently different reading of the spec would be
 * worse. Without a mapping, OpenAPI selects the schema named like the value, so the consts must be those names.
 *
 * Two facts the branches already imply are also stated on the parent for ajv: the tag is required, and its value
 * is one of the branches' consts. A body without a tag, or with an unknown one, then fails at the tag
 * (`/PaymentRouting/Type: must be equal to one of the allowed values`, with the values in `params`) before ajv's
 * own `value of tag "Type" must be in oneOf` about the object. The set of valid bodies does not change.
 */
import { SpecError } from "../spec/spec-error.js";
import type { OpenApiDocument } from "../model/model.js";
import { formatPointer, resolvePointer, isJsonObject, type JsonObject } from "../spec/json-pointer.js";

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

/** `schema` (a copy) with its discriminator as ajv reads it, after checking that ajv reads it as OpenAPI does. */
function forAjv(document: OpenApiDocument, schema: { [key: string]: unknown }, path: Path): JsonObject {
  const fail = (at: Path, reason: string): never => {
    throw new SpecError({ pointer: formatPointer(at), reason });
  };
  const discriminator = schema["discriminator"] as JsonObject;
  const tag = discriminator["propertyName"];
  if (typeof tag !== "string") return fail([...path, "discriminator"], "a discriminator needs a propertyName");
  const branches = schema["oneOf"];
  if (!Array.isArray(branches))
    return fail(
      [...path, "discriminator"],
      "a discriminator needs a oneOf of the schemas it selects between (ajv's discriminator reads no anyOf)",
    );
  const parentRequires = strings(schema["required"]).includes(tag);

  /** Tag value → index of the branch whose `const`/`enum` gives it. */
  const branchOf = new Map<string, number>();
  const refs: (string | undefined)[] = [];
  for (const [index, branch] of branches.entries()) {
    const at = [...path, "oneOf", index];
    const ref = isJsonObject(branch) && typeof branch["$ref"] === "string" ? branch["$ref"] : undefined;
    refs.push(ref);
    const resolved = ref === undefined ? branch : resolveRef(document, ref, at, fail);
    const property =
      isJsonObject(resolved) && isJsonObject(resolved["properties"]) ? resolved["properties"][tag] : undefined;
    if (!isJsonObject(property)) return fail(at, `the branch does not declare the discriminator property ${tag}`);
    const values = "const" in property ? [property["const"]] : Array.isArray(property["enum"]) ? property["enum"] : [];
    if (values.length === 0 || !values.every((value) => typeof value === "string")) {
      return fail(at, `the branch's ${tag} needs a string const or enum, which selects the branch`);
    }
    if (!parentRequires && !(isJsonObject(resolved) && strings(resolved["required"]).includes(tag)))
      return fail(at, `the branch does not require ${tag}`);
    for (const value of values as string[]) {
      const other = branchOf.get(value);
      if (other !== undefined) return fail(at, `${tag} ${value} selects branches ${other} and ${index}`);
      branchOf.set(value, index);
    }
  }

  const mapping = discriminator["mapping"];
  if (isJsonObject(mapping)) {
    for (const [value, target] of Object.entries(mapping)) {
      const index = branchOf.get(value);
      const ref = typeof target === "string" ? schemaRef(target) : undefined;
      if (index === undefined)
        return fail([...path, "discriminator", "mapping", value], `no branch's ${tag} is ${value}`);
      if (ref !== refs[index])
        return fail(
          [...path, "discriminator", "mapping", value],
          `maps ${value} to ${String(target)}, but the branch whose ${tag} is ${value} is ${refs[index] ?? "inline"}`,
        );
    }
    const unmapped = [...branchOf.keys()].filter((value) => !Object.hasOwn(mapping, value));
    if (unmapped.length > 0)
      return fail(
        [...path, "discriminator", "mapping"],
        `does not map ${unmapped.join(", ")}, which OpenAPI would then take as schema names`,
      );
  } else {
    for (const [value, index] of branchOf) {
      if (refs[index] !== schemaRef(value))
        return fail(
          [...path, "oneOf", index],
          `without a mapping, OpenAPI selects the schema named ${value}, not this branch`,
        );
    }
  }

  const { mapping: _mapping, ...ajvDiscriminator } = discriminator;
  const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {};
  return {
    ...schema,
    discriminator: ajvDiscriminator,
    required: parentRequires ? schema["required"] : [...strings(schema["required"]), tag],
    properties: Object.hasOwn(properties, tag) ? properties : { ...properties, [tag]: { enum: [...branchOf.keys()] } },
  };
}

/** A mapping value as a `$ref`: OpenAPI allows a schema name (`BicIban`) or a reference (`#/components/...`). */
function schemaRef(target: string): string {
  return /^[\w.-]+$/.test(target) ? `#/components/schemas/${target}` : target;
}

function resolveRef(
  document: OpenApiDocument,
  ref: string,
  at: Path,
  fail: (at: Path, reason: string) => never,
): unknown {
  if (!ref.startsWith("#")) return fail(at, `${ref} is not a reference inside the bundled document`);
  const resolved = resolvePointer(document, ref.slice(1));
  return resolved === undefined ? fail(at, `${ref} resolves to nothing`) : resolved;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
