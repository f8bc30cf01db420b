/**
 * The object schemas of the API's document as tables of fields: what the other packages restate of the spec, read
 * once from the model for the emitters that write it into them (validator-fields.ts: the request shapes of
 * @account-funds/validators; sandbox-records.ts: the fields the sandbox's records keep). A field says its JSON type,
 * whether it is required and nullable, and the facts a value is checked by: format, pattern, lengths, bounds, enum,
 * const, the table of a nested object, a discriminated union's tables, a list's items, a map's values.
 *
 * Only what a table can say is read. A keyword it cannot say (an `allOf`, a `not`, a `default`, a `oneOf` that is
 * neither "this or null" nor discriminated) is a spec problem at its pointer: the generator stops instead of
 * dropping a fact of the spec on the way to a package. Annotations (`title`, `description`, examples, `x-`
 * extensions) are not facts of a value; an object schema's `if`/`then` is read as its conditional requirement.
 */
import { isJsonObject } from "../json-pointer/json-pointer.js";
import { SpecError, throwIfAny, type SpecProblem } from "../json-pointer/spec-error.js";
import type { ApiModel } from "../model/model.js";
import type { TypeScriptFile } from "../print/typescript-file.js";
import type { ComponentModel, FieldType, TablesModel } from "./field-table-model.js";
import { SchemaReader } from "./schema-reader.js";

export type {
  ComponentModel,
  FieldModel,
  FieldType,
  TableModel,
  TablesModel,
  UnionModel,
} from "./field-table-model.js";
export { fieldTypeText } from "./field-table-model.js";

/** The schemas of every JSON request body (the multipart `Request` part names one of them too). */
export function requestBodySchemas(model: ApiModel): string[] {
  const names = new Set<string>();
  for (const operation of model.operations)
    for (const media of operation.requestBody?.contents ?? [])
      if (media.mediaType === "application/json" && media.schemaName !== undefined) names.add(media.schemaName);
  return model.schemas.filter((schema) => names.has(schema.name)).map((schema) => schema.name);
}

/** The entity of every OData list or keyed read (`AccountDto`, ...). */
export function entitySchemas(model: ApiModel): string[] {
  return model.schemas.filter((schema) => schema.entityShape !== undefined).map((schema) => schema.name);
}

/**
 * The tables of `roots` and, with `nested`, of every object or union component they reach. Without `nested`, a
 * nested object is still a field (`type: "object"` naming its component) but gets no table of its own.
 */
export function readTables(
  model: ApiModel,
  roots: readonly string[],
  options: { readonly nested: boolean },
): TablesModel {
  const byName = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const problems: SpecProblem[] = [];
  const components: ComponentModel[] = [];
  const seen = new Set<string>();

  const visiting = new Set<string>();

  // Depth first, so that each component comes after those it names (tables are constants that name each other).
  const visit = (name: string): void => {
    const schema = byName.get(name);
    if (schema === undefined || !isJsonObject(schema.schema)) return;
    if (visiting.has(name))
      problems.push(
        new SpecError({ pointer: schema.pointer, reason: "a schema that contains itself cannot be a field table" }),
      );
    if (seen.has(name)) return;
    seen.add(name);
    visiting.add(name);
    const reader = new SchemaReader(byName, schema, problems);
    const union = reader.union();
    if (union !== undefined) {
      if (options.nested) union.members.forEach((member) => visit(member.table));
      components.push({ kind: "union", ...union });
    } else {
      const table = reader.table();
      if (options.nested)
        for (const reached of reachedComponents(table.fields.map((field) => field.type))) visit(reached);
      components.push({ kind: "table", ...table });
    }
    visiting.delete(name);
  };
  roots.forEach(visit);
  throwIfAny(problems);
  return { components, roots: [...roots] };
}

/** The components a field's type names: a nested object's, a union's, those of list items and map values. */
function reachedComponents(types: readonly FieldType[]): string[] {
  return types.flatMap((type): string[] => {
    switch (type.type) {
      case "object":
        return [type.table];
      case "union":
        return [type.union];
      case "array":
        return reachedComponents([type.items]);
      case "map":
        return reachedComponents([type.values]);
      default:
        return [];
    }
  });
}

/** A blank line between two constants, which ts-morph's printer leaves out between statements of one kind. */
export function blankLine(file: TypeScriptFile): void {
  file.statements.push({ kind: "text", text: "\n" });
}
