/**
 * The property paths of an OData entity that its query options may name, read from the model's entity shape (the
 * kinds the sandbox checks `$filter` with, so client and server agree): every path through complex values, at
 * most four segments deep (`Id`, `Beneficiary/Name`, OData 4.01 URL Conventions §5.1.1.15), and those of primitive
 * values (`$orderby`), of text (the string functions) and of date-times. The client emitter writes them as types
 * (`ODataEntities`), so the compiler never works them out from the entity's type, and the date-times as data: a
 * `$filter` string compared with a date-time is sent as an Edm.DateTimeOffset literal (§5.1.1.1: a date-time
 * compares with a date-time).
 */
import type { EntityPropertyKind, EntityShape } from "../model/model.js";

const maxSegments = 4;

export interface EntityPaths {
  readonly all: readonly string[];
  readonly primitive: readonly string[];
  readonly text: readonly string[];
  readonly dateTime: readonly string[];
}

const primitiveKinds: ReadonlySet<EntityPropertyKind> = new Set(["string", "integer", "number", "boolean", "date-time"]);

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
