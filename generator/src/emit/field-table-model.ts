/**
 * The model of a field table (field-tables.ts reads it from the API's document): a field's JSON type with the facts a
 * value is checked by, whether it is required and nullable; an object component's fields; a discriminated union's
 * members. Shared by the emitters that write tables (validator-fields.ts, sandbox-records.ts).
 */

export type FieldType =
  | {
      readonly type: "integer" | "number";
      readonly format?: string;
      readonly minimum?: number;
      readonly maximum?: number;
      readonly exclusiveMinimum?: number;
      readonly exclusiveMaximum?: number;
    }
  | { readonly type: "boolean" }
  | {
      readonly type: "string";
      readonly format?: string;
      readonly pattern?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly enum?: readonly string[];
      readonly const?: string;
    }
  /** A nested object: the table of the component it names. */
  | { readonly type: "object"; readonly table: string }
  /** An object of any keys (`additionalProperties`), each value of one type. */
  | { readonly type: "map"; readonly values: FieldType }
  | { readonly type: "array"; readonly items: FieldType }
  /** A component that is a discriminated `oneOf` of object components. */
  | { readonly type: "union"; readonly union: string }
  /** A value the schema leaves open (no type). */
  | { readonly type: "any" };

export interface FieldModel {
  readonly name: string;
  readonly description: string;
  /** Listed in the object's `required`. */
  readonly required: boolean;
  /** `null` is one of its values (`type: [T, "null"]`, an enum with null, `oneOf: [T, {type: "null"}]`). */
  readonly nullable: boolean;
  readonly type: FieldType;
}

/** An object component: its fields in the document's order. */
export interface TableModel {
  readonly name: string;
  readonly description: string;
  readonly fields: readonly FieldModel[];
  /** `anyOf` of `required` lists: every field of one of the groups is present (US routing: Bic, or RoutingTransitNumber). */
  readonly requiredAnyOf: readonly (readonly string[])[];
  /** `if: {required: [F], properties: {F: {const: V}}}` / `then: {required: [...]}`: fields required when F is V. */
  readonly requiredWhen: readonly {
    readonly field: string;
    readonly equals: string;
    readonly required: readonly string[];
  }[];
}

/** A component that is a discriminated `oneOf`: the discriminator's value of each member, and its table. */
export interface UnionModel {
  readonly name: string;
  readonly description: string;
  readonly discriminator: string;
  readonly members: readonly { readonly value: string; readonly table: string }[];
}

export type ComponentModel = ({ readonly kind: "table" } & TableModel) | ({ readonly kind: "union" } & UnionModel);

export interface TablesModel {
  /** Object and union components, each after the components it names (nested objects first). */
  readonly components: readonly ComponentModel[];
  /** The components the walk started from, in the model's order. */
  readonly roots: readonly string[];
}

/**
 * The TypeScript type of a field's value, never `null` (a value as read or stored leaves it out): a const or an enum as
 * its literals, a nested object or union by its component's name or, `open`, as an object of any members; `readonly`
 * lists and maps for a value that is kept rather than handed over.
 */
export function fieldTypeText(type: FieldType, style: { readonly open: boolean; readonly readonly: boolean }): string {
  switch (type.type) {
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "string":
      if (type.const !== undefined) return JSON.stringify(type.const);
      if (type.enum !== undefined && type.enum.length > 0)
        return type.enum.map((value) => JSON.stringify(value)).join(" | ");
      return "string";
    case "object":
      return style.open ? "Readonly<Record<string, unknown>>" : type.table;
    case "union":
      return style.open ? "Readonly<Record<string, unknown>>" : type.union;
    case "array": {
      const item = fieldTypeText(type.items, style);
      return `${style.readonly ? "readonly " : ""}${item.includes(" | ") ? `(${item})` : item}[]`;
    }
    case "map": {
      const record = `Record<string, ${fieldTypeText(type.values, style)}>`;
      return style.readonly ? `Readonly<${record}>` : record;
    }
    case "any":
      return "unknown";
  }
}
