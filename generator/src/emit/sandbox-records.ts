/**
 * `spec-fields.ts` of @account-funds/sandbox (written into `sandbox/src/foundation/state/generated/`): the fields of
 * every request shape (the schema of each JSON request body) and of every OData entity, as the sandbox's records
 * keep them, so that a record restates no type, length, pattern or enum of the spec by hand:
 *
 * - `<Name>Fields`: each field's type as stored (readonly; optional unless the spec requires it; never `null`,
 *   which the sandbox stores as absent; an enum or const as its literals; a nested object, union or list of them
 *   kept open, `Readonly<Record<string, unknown>>`, as the records keep what the validators handed back);
 * - `<name>FieldSchemas`: each field's JSON Schema for ajv's draft-07 `JSONSchemaType` (the record schemas a data
 *   file's rows are checked with): type, pattern, lengths, bounds, enum, const; formats are left to the
 *   validators, and whether a record requires the field (`nullable`) is the record's.
 *
 * A record picks the fields it keeps (`sandbox/src/foundation/state/records.ts`, `record-schemas/`); its own columns
 * (the tenant, amounts in minor units, the account setup) stay hand-written there.
 */
import type { ApiModel } from "../model/model.js";
import { writeLiteral, type LiteralValue } from "../print/literal.js";
import { propertyName } from "../print/names.js";
import { VariableDeclarationKind } from "../print/ts-morph.js";
import { createTypeScriptFile, jsDocText, printTypeScriptFile, type TypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";
import {
  blankLine,
  entitySchemas,
  fieldTypeText,
  readTables,
  requestBodySchemas,
  type FieldType,
  type TableModel,
} from "./field-tables.js";

export const sandboxRecordsEmitter: Emitter = {
  name: "sandbox-records",
  async emit({ model }) {
    return [{ path: "spec-fields.ts", contents: await specFieldsFile(model) }];
  },
};

export async function specFieldsFile(model: ApiModel): Promise<string> {
  const requests = requestBodySchemas(model);
  const roots = [...requests, ...entitySchemas(model).filter((name) => !requests.includes(name))];
  const { components } = readTables(model, roots, { nested: false });
  const file = createTypeScriptFile("spec-fields.ts");
  const tables = components.flatMap((component) => (component.kind === "table" ? [component] : []));
  for (const table of tables) addFieldsType(file, table);
  for (const table of tables) {
    addFieldSchemas(file, table);
    blankLine(file);
  }
  const what =
    "The fields of the API's request shapes and OData entities as the sandbox's records keep them: types and draft-07 JSON Schemas.";
  return printTypeScriptFile(file, model.source, what);
}

/** `CreateAccountTransfer` → `createAccountTransferFieldSchemas`. */
export function fieldSchemasConstant(name: string): string {
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}FieldSchemas`;
}

/** The type a record stores a field's value as: nested objects kept open, lists and maps read-only. */
const storedType = (type: FieldType): string => fieldTypeText(type, { open: true, readonly: true });

/** The draft-07 schema of a stored field: what ajv's `JSONSchemaType` takes for `storedType`. */
function storedSchema(type: FieldType): { [key: string]: LiteralValue } {
  switch (type.type) {
    case "integer":
    case "number":
      return {
        type: type.type,
        minimum: type.minimum,
        maximum: type.maximum,
        exclusiveMinimum: type.exclusiveMinimum,
        exclusiveMaximum: type.exclusiveMaximum,
      };
    case "boolean":
      return { type: "boolean" };
    case "string":
      return {
        type: "string",
        pattern: type.pattern,
        minLength: type.minLength,
        maxLength: type.maxLength,
        enum: type.enum === undefined ? undefined : [...type.enum],
        const: type.const,
      };
    case "object":
    case "union":
      return { type: "object", required: [] };
    case "array":
      return { type: "array", items: storedSchema(type.items) };
    case "map":
      return { type: "object", required: [], additionalProperties: storedSchema(type.values) };
    case "any":
      return {};
  }
}

function addFieldsType(file: TypeScriptFile, table: TableModel): void {
  file.addInterface({
    name: `${table.name}Fields`,
    isExported: true,
    docs: [
      jsDocText(
        `${table.name}'s fields as a record stores them.${table.description === "" ? "" : ` ${table.description}`}`,
      ),
    ],
    properties: table.fields.map((field) => ({
      name: propertyName(field.name),
      type: storedType(field.type),
      isReadonly: true,
      hasQuestionToken: !field.required,
    })),
  });
}

function addFieldSchemas(file: TypeScriptFile, table: TableModel): void {
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [`The JSON Schema (draft-07) of each field of \`${table.name}Fields\`, for a record's schema.`],
    declarations: [
      {
        name: fieldSchemasConstant(table.name),
        initializer: (writer) => {
          writeLiteral(writer, Object.fromEntries(table.fields.map((field) => [field.name, storedSchema(field.type)])));
          writer.write(" as const");
        },
      },
    ],
  });
}
