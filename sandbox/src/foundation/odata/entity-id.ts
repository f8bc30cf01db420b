// The entity-id of a row, for `@odata.id` (OData 4.01 JSON Format §4.5.8): by convention its canonical URL. An
// entity type with an entity set of its own (a keyed GET `/api/v1/Transfers({id})` whose only parameter is the
// key) is canonically addressed there; any other entity by its key in the collection that holds it
// (`Accounts(2001)/Balances(GBP)`, URL Conventions §4.3). Keys are written as the spec's paths write them: an
// integer as it is, a string unquoted and percent-encoded.

import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { entityShapes, operationContracts, type OperationContractMetadata } from "@account-funds/client/contract";
import type { EntityShape } from "./entity-shape.js";
import { withEntityIds, type Selection } from "./select.js";

const ENTITY_SET = /^(\/api\/v1\/[A-Za-z]+)\(\{[^{}]+\}\)$/;

/** Entity shape → the path of its entity set (`/api/v1/Transfers`), from the spec's keyed GETs of one key. */
const entitySets: ReadonlyMap<EntityShape, string> = (() => {
  const sets = new Map<EntityShape, string>();
  const contracts: Readonly<Partial<Record<string, OperationContractMetadata>>> = operationContracts;
  const operations: readonly OperationMetadata[] = Object.values(operationMetadata);
  for (const metadata of operations) {
    const entitySchema = contracts[metadata.operationId]?.entitySchema;
    const set = ENTITY_SET.exec(metadata.path)?.[1];
    const shape = entitySchema === undefined ? undefined : entityShapes[entitySchema];
    if (metadata.odata === "entity" && set !== undefined && shape !== undefined) sets.set(shape, set);
  }
  return sets;
})();

/** Where the rows come from: a collection (a list GET) or one entity (a keyed GET), at this decoded path. */
export interface RowSource {
  readonly baseUrl: string;
  readonly pathname: string;
  readonly addressing: "collection" | "entity";
}

/** The function that gives each row of `shape` from `source` its entity-id; undefined for a row without its key. */
export function entityIdsOf(shape: EntityShape, source: RowSource): (row: object) => string | undefined {
  const [key] = shape.key ?? [];
  const set = entitySets.get(shape);
  // A keyed GET's own path with the key dropped is the collection that holds the entity.
  const collection = source.addressing === "entity" ? source.pathname.replace(/\([^()]*\)$/, "") : source.pathname;
  const prefix = `${source.baseUrl}${encodeURI(set ?? collection)}`;
  return (row) => {
    if (key === undefined) return undefined;
    const value: unknown = Object.hasOwn(row, key) ? (row as Record<string, unknown>)[key] : undefined;
    if (typeof value === "number") return `${prefix}(${value})`;
    if (typeof value === "string") return `${prefix}(${encodeKey(value)})`;
    return undefined;
  };
}

/** A parsed list or entity query whose projected rows are identified as rows of `shape` from `source`. */
export function identifyRows<Q extends { readonly selection: Selection | undefined }>(
  query: Q,
  shape: EntityShape,
  source: RowSource,
): Q {
  return query.selection === undefined
    ? query
    : { ...query, selection: withEntityIds(query.selection, entityIdsOf(shape, source)) };
}

/** A key's text in a path segment: percent-encoded, parentheses and quotes included (they delimit keys). */
function encodeKey(value: string): string {
  return encodeURIComponent(value).replace(
    /[()']/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
