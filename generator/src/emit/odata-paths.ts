/**
 * The property paths of an OData entity that its query options may name, read from the model's entity shape (the
 * kinds the sandbox checks `$filter` with, so client and server agree): every path through complex values, at
 * most four segments deep (`Id`, `Beneficiary/Name`, OData 4.01 URL Conventions §5.1.1.15), and those of primitive
 * values (`$orderby`), of text (the string functions) and of date-times. The client emitter writes them as types
 * (`ODataEntities`), so the compiler never works them out from the entity's type, and the date-times as data: a
 * `$filter` string compared with a date-time is sent as an Edm.DateTimeOffset literal (§5.1.1.1: a date-time
 * compares with a date-time).
 */
import type { InterfaceDeclarationStructure, OptionalKind } from "ts-morph";
import type { ApiModel, EntityPropertyKind, EntityShape, OperationModel } from "../model/model.js";
import { propertyName } from "../print/names.js";

const maxSegments = 4;

export interface EntityPaths {
  readonly all: readonly string[];
  readonly primitive: readonly string[];
  readonly text: readonly string[];
  readonly dateTime: readonly string[];
}

const primitiveKinds: ReadonlySet<EntityPropertyKind> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "date-time",
]);

export function odataEntityPaths(shape: EntityShape): EntityPaths {
  const paths = { all: [] as string[], primitive: [] as string[], text: [] as string[], dateTime: [] as string[] };
  const visit = (current: EntityShape, prefix: string, depth: number): void => {
    for (const [name, kind] of Object.entries(current.properties)) {
      const path = `${prefix}${name}`;
      paths.all.push(path);
      if (typeof kind === "object") {
        if (depth < maxSegments) visit(kind, `${path}/`, depth + 1);
        continue;
      }
      if (primitiveKinds.has(kind)) paths.primitive.push(path);
      if (kind === "string") paths.text.push(path);
      if (kind === "date-time") paths.dateTime.push(path);
    }
  };
  visit(shape, "", 1);
  return paths;
}

/** The entity of an OData read the client types from the entity (`ODataListMethod`, `ODataEntityMethod`). */
export function odataEntityOf(operation: OperationModel): string | undefined {
  return (
    operation.odataList ??
    (operation.odataEntity !== undefined && hasOnlySelect(operation) ? operation.odataEntity : undefined)
  )?.entitySchema;
}

/** The paths of every entity an OData read returns, by schema name (in operation order). */
export function odataEntities(model: ApiModel): Map<string, EntityPaths> {
  const shapes = new Map(model.schemas.map((schema) => [schema.name, schema.entityShape]));
  const entities = new Map<string, EntityPaths>();
  for (const operation of model.operations) {
    const entity = odataEntityOf(operation);
    const shape = entity === undefined ? undefined : shapes.get(entity);
    if (entity !== undefined && shape !== undefined && !entities.has(entity))
      entities.set(entity, odataEntityPaths(shape));
  }
  return entities;
}

/** `ODataEntities`: each entity's paths as string literal unions, what the OData methods' `N` is. */
export function entitiesInterface(
  entities: ReadonlyMap<string, EntityPaths>,
): OptionalKind<InterfaceDeclarationStructure> {
  const union = (paths: readonly string[]): string =>
    paths.length === 0 ? "never" : paths.map((path) => JSON.stringify(path)).join(" | ");
  return {
    name: "ODataEntities",
    isExported: true,
    docs: [
      [
        "What the OData query options may name on each entity, from the spec: every property path (`all`: `$select`,",
        "`$filter` comparisons), and those of primitive values (`$orderby`), of text (`contains`, `startsWith`,",
        "`endsWith`) and of date-times (compared with a `Date` or ISO 8601 text). Paths go through complex values, at",
        "most four segments deep.",
      ].join("\n"),
    ],
    properties: [...entities].map(([entity, paths]) => ({
      name: propertyName(entity),
      // An entity whose properties the spec leaves open (`CountryDto`: "not shown") takes any path.
      type:
        paths.all.length === 0
          ? "{ all: string; primitive: string; text: string; dateTime: never }"
          : `{ all: ${union(paths.all)}; primitive: ${union(paths.primitive)}; text: ${union(paths.text)}; dateTime: ${union(paths.dateTime)} }`,
    })),
  };
}

/** The date-time paths of the entity of each OData list, by operationId (lists without any are left out). */
export function odataDateTimes(
  model: ApiModel,
  entities: ReadonlyMap<string, EntityPaths>,
): Map<string, readonly string[]> {
  const byOperation = new Map<string, readonly string[]>();
  for (const operation of model.operations) {
    const paths =
      operation.odataList === undefined ? [] : (entities.get(operation.odataList.entitySchema)?.dateTime ?? []);
    if (paths.length > 0) byOperation.set(operation.operationId, paths);
  }
  return byOperation;
}

/** A keyed GET whose only query parameter is `$select` (`ODataEntityMethod` takes no other). */
function hasOnlySelect(operation: OperationModel): boolean {
  return (
    operation.queryParameters.every((parameter) => parameter.name === "$select") &&
    !operation.queryParameters.some((parameter) => parameter.required)
  );
}
