/**
 * The date-time properties of an OData entity, as `$filter` paths (`CreatedDate`, `Beneficiary/ValueDate`): the
 * client types a `Date` or an ISO 8601 string as their literal and sends a string compared with one of them as an
 * Edm.DateTimeOffset, not as a string (OData 4.01 URL Conventions §5.1.1.1: a date-time compares with a
 * date-time). Paths go through single complex values (not collections, not open maps), at most four segments deep,
 * like the client's `ODataPath` type.
 */
import { isObject, refPointer, type JsonObject } from "../model/document.js";
import { getAtPointer } from "../model/json-pointer.js";
import type { OpenApiDocument } from "../model/model.js";

const maxSegments = 4;

/** What the schemas a property may match say together. */
interface Merged {
  /** Non-null JSON types. */
  readonly types: Set<string>;
  readonly formats: Set<string>;
  readonly properties: Map<string, unknown[]>;
  /** An open map (`additionalProperties` other than false): no path goes into it. */
  open: boolean;
}

export function odataDateTimePaths(document: OpenApiDocument, entitySchema: string): string[] {
  const paths: string[] = [];
  // The depth bounds recursive schemas too.
  const visit = (nodes: readonly unknown[], prefix: string, depth: number): void => {
    for (const [name, members] of mergeSchemas(document, nodes).properties) {
      const member = mergeSchemas(document, members);
      if (isDateTime(member)) paths.push(`${prefix}${name}`);
      else if (depth < maxSegments && isComplex(member)) visit(members, `${prefix}${name}/`, depth + 1);
    }
  };
  visit([{ $ref: `#/components/schemas/${entitySchema}` }], "", 1);
  return paths;
}

/** A date-time: only string values (or null), with the `date-time` format. */
function isDateTime(merged: Merged): boolean {
  return merged.formats.has("date-time") && [...merged.types].every((type) => type === "string");
}

function isComplex(merged: Merged): boolean {
  return merged.properties.size > 0 && !merged.open && !merged.types.has("array");
}

/**
 * Everything `nodes` say, through `$ref` (a ref met again inside its own expansion is not followed: recursive
 * schemas end), `allOf`, and the branches of `oneOf`/`anyOf` (a path may reach the properties of any of them).
 */
function mergeSchemas(document: OpenApiDocument, nodes: readonly unknown[]): Merged {
  const merged: Merged = { types: new Set(), formats: new Set(), properties: new Map(), open: false };
  const add = (node: unknown, active: ReadonlySet<string>): void => {
    if (!isObject(node)) return;
    const ref = node["$ref"];
    if (typeof ref === "string" && !active.has(ref)) add(getAtPointer(document, refPointer(ref)), new Set([...active, ref]));
    for (const type of typesOf(node)) merged.types.add(type);
    if (typeof node["format"] === "string") merged.formats.add(node["format"]);
    if (node["additionalProperties"] !== undefined && node["additionalProperties"] !== false) merged.open = true;
    const properties = node["properties"];
    if (isObject(properties)) {
      for (const [name, member] of Object.entries(properties)) merged.properties.set(name, [...(merged.properties.get(name) ?? []), member]);
    }
    for (const keyword of ["allOf", "oneOf", "anyOf"]) {
      const members = node[keyword];
      if (Array.isArray(members)) for (const member of members) add(member, active);
    }
  };
  for (const node of nodes) add(node, new Set());
  return merged;
}

function typesOf(node: JsonObject): string[] {
  const type = node["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((item): item is string => typeof item === "string") : [];
  return types.filter((item) => item !== "null");
}
