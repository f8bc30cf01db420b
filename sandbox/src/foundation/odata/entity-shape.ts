// The shape of an entity type as the query options see it: property names and primitive kinds, nested shapes for
// complex properties (OData 4.01 URL Conventions §5.1.1.15 path expressions such as `Beneficiary/Name`). The
// generator derives each entity's shape from the spec (`entityShapes` of `@account-funds/client/contract`).

import type { EntityPropertyKind, EntityShape } from "@account-funds/client/contract";

export type { EntityShape };
export type PropertyKind = EntityPropertyKind;

export function isEntityShape(property: PropertyKind | EntityShape): property is EntityShape {
  return typeof property === "object";
}

/** The declared property `name` of `shape`: own properties only, so `constructor` or `__proto__` never resolve. */
export function shapeProperty(shape: EntityShape, name: string): PropertyKind | EntityShape | undefined {
  return Object.hasOwn(shape.properties, name) ? shape.properties[name] : undefined;
}
