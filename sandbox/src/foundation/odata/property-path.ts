// Property paths (`Beneficiary/Name`) resolved against the entity shape once, then read from each row; a null or
// missing complex property makes the whole path null (OData 4.01 URL Conventions §5.1.1.15).

import { isEntityShape, shapeProperty, type EntityShape, type PropertyKind } from "./entity-shape.js";

export type PathResolution =
  | { readonly ok: true; readonly kind: PropertyKind | EntityShape }
  | { readonly ok: false; readonly message: string };

/** The declared kind at the end of `segments`, or why the path does not exist. */
export function resolvePath(shape: EntityShape, segments: readonly string[]): PathResolution {
  let current: EntityShape = shape;
  let kind: PropertyKind | EntityShape = shape;
  for (const [index, name] of segments.entries()) {
    const property = shapeProperty(current, name);
    if (property === undefined) {
      const owner = index === 0 ? "the entity" : `'${segments.slice(0, index).join("/")}'`;
      return { ok: false, message: `'${segments.join("/")}': ${owner} has no property '${name}'` };
    }
    kind = property;
    if (index < segments.length - 1) {
      if (!isEntityShape(property)) {
        const prefix = segments.slice(0, index + 1).join("/");
        return { ok: false, message: `'${segments.join("/")}': '${prefix}' is not a complex property` };
      }
      current = property;
    }
  }
  return { ok: true, kind };
}

/** The value at `segments` in `row` (own properties only); null when any step is missing or not an object. */
export function readPath(row: unknown, segments: readonly string[]): unknown {
  let value: unknown = row;
  for (const name of segments) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, name)) return null;
    value = (value as Record<string, unknown>)[name];
  }
  return value === undefined ? null : value;
}
