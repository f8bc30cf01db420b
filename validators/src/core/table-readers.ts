/**
 * What a reading by field table (`read-table.ts`) is given: the context (a form's reading, or a server's `wireForm`),
 * and the readers a caller adds to a table's facts, typed so that the compiler asks for a reader of every custom
 * format and every union the table reaches.
 */
import type { FieldSpec, ObjectTable } from "./field-table.js";
import type { FieldResult, Path, PresenceOptions } from "./json-fields.js";

export interface ReadContext {
  /** Hold each field to the table's facts as given, not only as read (a server's reading of a request). */
  readonly wireForm: boolean;
}

export const lenient: ReadContext = { wireForm: false };
const wire: ReadContext = { wireForm: true };

/** The option of every request and routing validator that reads a request as a server does. */
export interface WireFormOption {
  /**
   * Take only the wire form, as the API's document states it (a server's check of a request it received): a
   * presentation form the validator would otherwise normalise (`gbp`, `12-34-56`, a blank or `null` where the
   * document takes none) is a `presentation_form` error naming the wire form. Default: `false`, a form's reading.
   */
  readonly wireForm?: boolean | undefined;
}

/** The reading an option bag asks for. */
export function contextOf(options: WireFormOption | undefined): ReadContext {
  return options?.wireForm === true ? wire : lenient;
}

/** The standard reading of a field, handed to a reader of its own so that it can add to it. */
export interface FieldReading {
  readonly spec: FieldSpec;
  readonly context: ReadContext;
  /** The field read by its spec alone, with extra presence options (`recommended`). */
  standard(options?: PresenceOptions): FieldResult<unknown>;
}

export type FieldReader = (input: unknown, path: Path, reading: FieldReading) => FieldResult<unknown>;
/** A custom format's check: the normalised value, or the issues (at `path`). */
export type FormatReader = (input: unknown, path: Path, context: ReadContext) => FieldResult<string>;
/** A union's reader (a payment routing of any type). */
export type UnionReader = (input: unknown, path: Path, context: ReadContext) => FieldResult<object>;

/** Formats of JSON Schema's own vocabulary for numbers, which the readers of `json-fields.ts` implement. */
type NumberFormat = "int32" | "int64" | "decimal" | "double";

/** How deep the types below look into nested tables (request shapes nest three deep). */
type Deeper<D extends readonly unknown[]> = D["length"] extends 6 ? never : [...D, unknown];

type FieldFormats<F, D extends readonly unknown[]> = F extends {
  readonly type: "string";
  readonly format: infer X extends string;
}
  ? X
  : F extends { readonly table: { readonly fields: infer Fields } }
    ? FieldsFormats<Fields, Deeper<D>>
    : F extends { readonly items: infer I }
      ? FieldFormats<I, Deeper<D>>
      : F extends { readonly values: infer V }
        ? FieldFormats<V, Deeper<D>>
        : never;

type FieldsFormats<Fields, D extends readonly unknown[]> = [D] extends [never]
  ? never
  : string extends keyof Fields
    ? never // a table not known field by field: the reading's own signature, not a caller's
    : { [K in keyof Fields]: FieldFormats<Fields[K], D> }[keyof Fields];

/** Every custom format the fields of `T` reach (unions aside: their readers read them whole). */
export type TableFormats<T extends ObjectTable> = Exclude<FieldsFormats<T["fields"], []>, NumberFormat>;

type FieldUnions<F, D extends readonly unknown[]> = F extends {
  readonly union: { readonly name: infer N extends string };
}
  ? N
  : F extends { readonly table: { readonly fields: infer Fields } }
    ? FieldsUnions<Fields, Deeper<D>>
    : F extends { readonly items: infer I }
      ? FieldUnions<I, Deeper<D>>
      : F extends { readonly values: infer V }
        ? FieldUnions<V, Deeper<D>>
        : never;

type FieldsUnions<Fields, D extends readonly unknown[]> = [D] extends [never]
  ? never
  : string extends keyof Fields
    ? never
    : { [K in keyof Fields]: FieldUnions<Fields[K], D> }[keyof Fields];

/** Every union the fields of `T` reach. */
export type TableUnions<T extends ObjectTable> = FieldsUnions<T["fields"], []>;

/** What the caller supplies to read `T`: a reader per custom format and per union it reaches, and any field's own. */
export type TableReaders<T extends ObjectTable> = {
  /** How an issue of the whole object names it: `a RoutingTransitNumberAccountNumber routing` (default: the table's name). */
  readonly noun?: string;
  /** Readers of fields of `T` whose reading needs more than their spec. */
  readonly fields?: { readonly [K in keyof T["fields"]]?: FieldReader };
  /** Readers of the fields of the tables `T` reaches, by table name. */
  readonly tables?: { readonly [table: string]: { readonly [name: string]: FieldReader } };
} & FormatReaders<TableFormats<T>> &
  UnionReaders<TableUnions<T>>;

type FormatReaders<Formats extends string> = [Formats] extends [never]
  ? { readonly formats?: undefined }
  : { readonly formats: { readonly [F in Formats]: FormatReader } };

type UnionReaders<Unions extends string> = [Unions] extends [never]
  ? { readonly unions?: undefined }
  : { readonly unions: { readonly [U in Unions]: UnionReader } };

/** The readers with their types forgotten, as the reading passes them down. */
export interface AnyReaders {
  readonly noun?: string | undefined;
  readonly fields?: { readonly [name: string]: FieldReader | undefined } | undefined;
  readonly tables?: { readonly [table: string]: { readonly [name: string]: FieldReader } } | undefined;
  readonly formats?: { readonly [format: string]: FormatReader } | undefined;
  readonly unions?: { readonly [union: string]: UnionReader } | undefined;
}
