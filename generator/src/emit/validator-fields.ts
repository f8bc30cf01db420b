/**
 * `request-fields.ts` of @account-funds/validators (written into `validators/src/generated/`): every request shape
 * of the API's document, the schema of each JSON request body and every object or union schema it reaches, as
 *
 * - a value type: the wire form the validators hand back (required members required, `null` left out, an enum as
 *   its literals, a nested object by its name, a discriminated union as the union of its members, an `anyOf` of
 *   required fields as a union with each group required), with the spec's descriptions as JSDoc;
 * - a field table (`<name>Table`, `<name>Union`): each field's JSON type, required-ness, nullability, format,
 *   pattern, lengths, bounds, enum or const, the table of a nested object; an object's `anyOf` of required fields
 *   and its `if`/`then` requirement. Plain data, `as const`, checked against the validators' own declaration of
 *   what a table holds (`validators/src/core/field-table.ts`), so the package reads it without ajv or any other
 *   dependency.
 *
 * The validators read lengths, patterns, enums and required-ness from here; what the spec cannot say (checksums,
 * national rules, conditional rules, normalisation, warnings) stays hand-written there.
 */
import type { ApiModel } from "../model/model.js";
import { Code, writeLiteral, type LiteralValue } from "../print/literal.js";
import { propertyName } from "../print/names.js";
import { VariableDeclarationKind } from "../print/ts-morph.js";
import { createTypeScriptFile, jsDocText, printTypeScriptFile, type TypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";
import {
  blankLine,
  fieldTypeText,
  readTables,
  requestBodySchemas,
  type FieldModel,
  type FieldType,
  type TableModel,
  type UnionModel,
} from "./field-tables.js";

/** Where the validators declare what a table holds, from the output directory (`validators/src/generated/`). */
const tableTypesModule = "../core/field-table.js";

export const validatorFieldsEmitter: Emitter = {
  name: "validator-fields",
  async emit({ model }) {
    return [{ path: "request-fields.ts", contents: await requestFieldsFile(model) }];
  },
};

export async function requestFieldsFile(model: ApiModel): Promise<string> {
  const { components, roots } = readTables(model, requestBodySchemas(model), { nested: true });
  const file = createTypeScriptFile("request-fields.ts");
  const kinds = new Set(components.map((component) => component.kind));
  const tableTypes = [...(kinds.has("table") ? ["ObjectTable"] : []), ...(kinds.has("union") ? ["UnionTable"] : [])];
  if (tableTypes.length > 0)
    file.addImportDeclaration({ isTypeOnly: true, namedImports: tableTypes, moduleSpecifier: tableTypesModule });
  // Value types first (a type may name one declared later), then the tables, each after the tables it names.
  for (const component of components)
    if (component.kind === "table") addValueType(file, component);
    else addUnionType(file, component);
  for (const component of components) {
    if (component.kind === "table") addTable(file, component);
    else addUnion(file, component);
    blankLine(file);
  }
  const shapes =
    roots.length === 0
      ? "no request shape (the document has no JSON request body)"
      : `${roots.join(", ")} and the shapes they reach`;
  const what = `The request shapes of the API's document as @account-funds/validators reads them: value types and field tables of ${shapes}.`;
  return printTypeScriptFile(file, model.source, what);
}

/** `AccountId` → `accountIdTable`: the table constant of a component. */
export function tableConstant(name: string, suffix: "Table" | "Union"): string {
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}${suffix}`;
}

function docs(description: string): string[] {
  return description.trim() === "" ? [] : [jsDocText(description)];
}

/** The TypeScript type of a field's value in the wire form, nested shapes by name (the validators leave `null` out). */
const valueType = (type: FieldType): string => fieldTypeText(type, { open: false, readonly: false });

function addValueType(file: TypeScriptFile, table: TableModel): void {
  const alternatives = table.requiredAnyOf.filter((group) => group.length > 0);
  const name = alternatives.length === 0 ? table.name : `${table.name}Fields`;
  file.addInterface({
    name,
    isExported: true,
    docs:
      alternatives.length === 0
        ? docs(table.description)
        : [
            `The members of ${table.name}; ${table.name} requires ${alternatives.map((group) => group.join(" and ")).join(", or ")}.`,
          ],
    properties: table.fields.map((field: FieldModel) => ({
      name: propertyName(field.name),
      type: valueType(field.type),
      hasQuestionToken: !field.required,
      docs: docs(field.description),
    })),
  });
  if (alternatives.length === 0) return;
  const typeOf = new Map(table.fields.map((field) => [field.name, valueType(field.type)]));
  file.addTypeAlias({
    name: table.name,
    isExported: true,
    docs: docs(table.description),
    type: alternatives
      .map(
        (group) =>
          `(${name} & { ${group.map((field) => `${propertyName(field)}: ${typeOf.get(field) ?? "unknown"}`).join("; ")} })`,
      )
      .join(" | "),
  });
}

function addUnionType(file: TypeScriptFile, union: UnionModel): void {
  file.addTypeAlias({
    name: union.name,
    isExported: true,
    docs: docs(
      `${union.description}${union.description === "" ? "" : " "}One of its members, by ${union.discriminator}.`,
    ),
    type: union.members.map((member) => member.table).join(" | "),
  });
}

/** A field's facts as the table writes them: its type and facts, then `required` and `nullable` when true. */
function fieldLiteral(type: FieldType): { [key: string]: LiteralValue } {
  switch (type.type) {
    case "object":
      return { type: "object", table: new Code(tableConstant(type.table, "Table")) };
    case "union":
      return { type: "union", union: new Code(tableConstant(type.union, "Union")) };
    case "array":
      return { type: "array", items: fieldLiteral(type.items) };
    case "map":
      return { type: "map", values: fieldLiteral(type.values) };
    default:
      return { ...type };
  }
}

function addTable(file: TypeScriptFile, table: TableModel): void {
  const fields = Object.fromEntries(
    table.fields.map((field) => [
      field.name,
      {
        ...fieldLiteral(field.type),
        ...(field.required ? { required: true } : {}),
        ...(field.nullable ? { nullable: true } : {}),
      },
    ]),
  );
  const literal: { [key: string]: LiteralValue } = {
    name: table.name,
    fields,
    ...(table.requiredAnyOf.length > 0 ? { requiredAnyOf: table.requiredAnyOf.map((group) => [...group]) } : {}),
    ...(table.requiredWhen.length > 0
      ? {
          requiredWhen: table.requiredWhen.map(({ field, equals, required }) => ({
            field,
            equals,
            required: [...required],
          })),
        }
      : {}),
  };
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [`The fields of ${table.name}, as the API's document states them.`],
    declarations: [
      {
        name: tableConstant(table.name, "Table"),
        initializer: (writer) => {
          writeLiteral(writer, literal);
          writer.write(" as const satisfies ObjectTable");
        },
      },
    ],
  });
}

function addUnion(file: TypeScriptFile, union: UnionModel): void {
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [`${union.name}: the table of each member, by its ${union.discriminator}.`],
    declarations: [
      {
        name: tableConstant(union.name, "Union"),
        initializer: (writer) => {
          writeLiteral(writer, {
            name: union.name,
            discriminator: union.discriminator,
            mapping: Object.fromEntries(
              union.members.map((member) => [member.value, new Code(tableConstant(member.table, "Table"))]),
            ),
          });
          writer.write(" as const satisfies UnionTable");
        },
      },
    ],
  });
}
