/**
 * What a field table holds: the facts the API's document states about each field of a request shape, which
 * `src/generated/request-fields.ts` carries for every request shape (generated from the spec by
 * `make generate`; never edited by hand). The validators read a field's type, required-ness, nullability,
 * pattern, lengths, bounds, enum and const from there, so the spec is the one place these facts live; what the
 * spec cannot say (checksums, national rules, conditional rules, normalisation, warnings) is this package's.
 * Plain data: no JSON Schema engine reads it.
 */

interface Presence {
  /** Listed in the object's `required`: an empty value is an error. */
  readonly required?: true;
  /** `null` is one of its values in the API's document (read as not given). */
  readonly nullable?: true;
}

export interface NumberField extends Presence {
  readonly type: "integer" | "number";
  /** `int32`, `int64`, `decimal`, `double`, ... */
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}

export interface BooleanField extends Presence {
  readonly type: "boolean";
}

export interface StringField extends Presence {
  readonly type: "string";
  /** A custom format, whose check is one of this package's validators (`bic`, `iban`, `country-code`, ...). */
  readonly format?: string;
  /** An ECMA-262 regular expression (JSON Schema's dialect, read with the `u` flag), unanchored unless it says so. */
  readonly pattern?: string;
  /** In code points, as JSON Schema counts. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  readonly const?: string;
}

export interface ObjectField extends Presence {
  readonly type: "object";
  readonly table: ObjectTable;
}

/** An object of any keys, each value of one type (`additionalProperties`). */
export interface MapField extends Presence {
  readonly type: "map";
  readonly values: FieldSpec;
}

export interface ArrayField extends Presence {
  readonly type: "array";
  readonly items: FieldSpec;
}

/** A discriminated union of objects (a `oneOf` with a `discriminator`). */
export interface UnionField extends Presence {
  readonly type: "union";
  readonly union: UnionTable;
}

/** A value the document leaves open (no type). */
export interface AnyField extends Presence {
  readonly type: "any";
}

export type FieldSpec =
  | NumberField
  | BooleanField
  | StringField
  | ObjectField
  | MapField
  | ArrayField
  | UnionField
  | AnyField;

/** An object schema: its fields in the document's order. */
export interface ObjectTable {
  readonly name: string;
  readonly fields: { readonly [name: string]: FieldSpec };
  /** `anyOf` of `required` lists: every field of one of the groups is given. */
  readonly requiredAnyOf?: readonly (readonly string[])[];
  /** `if`/`then`: when `field` is `equals`, the fields of `required` are required too. */
  readonly requiredWhen?: readonly {
    readonly field: string;
    readonly equals: string;
    readonly required: readonly string[];
  }[];
}

/** A discriminated union: each member's table by the value of the discriminator. */
export interface UnionTable {
  readonly name: string;
  readonly discriminator: string;
  readonly mapping: { readonly [value: string]: ObjectTable };
}
