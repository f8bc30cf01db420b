/**
 * Reads a JSON object by its field table (`field-table.ts`, generated from the spec): every field with the reader
 * its facts call for (`readInt32` for an int32, `readEnum` for an enum, `readString` with the table's lengths and
 * pattern for text, the table of a nested object, each item of a list), in the table's order. A field whose
 * reading needs more than the spec says (normalising a code, a warning, a rule's context) gets a reader of its
 * own from the caller; so does every custom format (`bic`, `lei`, ...) and every union the table reaches: the
 * types below make a missing one a compile error, so a new format in the spec is a to-do list here.
 *
 * Read leniently, a value may be a presentation form (`gbp`, `12-34-56`, `null` or a blank for "not given"): the
 * table's facts are checked on the value as read, the wire form. With `wireForm`, as a server reads a request, each
 * field is also held to the facts as given (`wire-form.ts`), so what the API's document refuses is refused.
 */
import type { FieldSpec, NumberField, ObjectTable, StringField, UnionTable } from "./field-table.js";
import { appendIssues, hasErrors, issue, prefixIssues, type Issue } from "./issue.js";
import {
  codePointLength,
  collectIssues,
  definedFields,
  fail,
  field,
  isEmpty,
  label,
  readArray,
  readBoolean,
  readDecimal,
  readEnum,
  readInt32,
  readInt64,
  readObject,
  readString,
  type FieldResult,
  type JsonObject,
  type Path,
  type PresenceOptions,
} from "./json-fields.js";
import type { Result } from "./result.js";
import { patternOf, wireFormIssues } from "./wire-form.js";

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
interface AnyReaders {
  readonly noun?: string | undefined;
  readonly fields?: { readonly [name: string]: FieldReader | undefined } | undefined;
  readonly tables?: { readonly [table: string]: { readonly [name: string]: FieldReader } } | undefined;
  readonly formats?: { readonly [format: string]: FormatReader } | undefined;
  readonly unions?: { readonly [union: string]: UnionReader } | undefined;
}

/**
 * `input` read as an object of `table`: its fields' values (absent ones left out) in the table's order, or every
 * issue found. Like `readObject`, an empty input is absent, or `required`.
 */
export function readTable<T extends ObjectTable, V = unknown>(
  input: unknown,
  path: Path,
  table: T,
  readers: TableReaders<T>,
  context: ReadContext = lenient,
  presence: PresenceOptions = {},
): FieldResult<V> {
  const object = readObject(input, path, presence);
  if (object.value === undefined) return { value: undefined, issues: object.issues };
  return readTableFields<V>(object.value, path, table, readers as unknown as AnyReaders, context);
}

function readTableFields<V>(
  object: JsonObject,
  path: Path,
  table: ObjectTable,
  readers: AnyReaders,
  context: ReadContext,
): FieldResult<V> {
  const { values, issues } = readTableParts(object, path, table, readers, context);
  return hasErrors(issues) ? fail(issues) : { value: definedFields<Record<string, unknown>>(values) as V, issues };
}

/**
 * The fields of `object` read by `table`, each on its own: the values read well (an absent or wrong field is
 * `undefined`) and every issue found. For a request's rules, which read the fields that are right when another is
 * wrong.
 */
export function readTableFieldsOf<T extends ObjectTable>(
  object: JsonObject,
  table: T,
  readers: TableReaders<T>,
  context: ReadContext = lenient,
): { readonly values: { readonly [K in keyof T["fields"]]?: unknown }; readonly issues: readonly Issue[] } {
  return readTableParts(object, [], table, readers as unknown as AnyReaders, context);
}

function readTableParts(
  object: JsonObject,
  path: Path,
  table: ObjectTable,
  readers: AnyReaders,
  context: ReadContext,
): { readonly values: Record<string, unknown>; readonly issues: readonly Issue[] } {
  // `fields` are the readers of the table read first; the tables it reaches have theirs in `tables`.
  const custom = { ...readers.tables?.[table.name], ...readers.fields };
  const nested: AnyReaders = { ...readers, fields: undefined, noun: undefined };
  const { take, add, issues } = collectIssues();
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(table.fields)) {
    const input = field(object, name);
    const fieldPath = [...path, name];
    values[name] = take(readField(input, fieldPath, spec, nested, context, custom[name]));
  }
  add(requiredAnyOfIssues(object, path, table, readers.noun ?? `a ${table.name}`));
  return { values, issues };
}

/** One required issue when no group of the table's `requiredAnyOf` is given whole, at the last group's first field. */
function requiredAnyOfIssues(object: JsonObject, path: Path, table: ObjectTable, noun: string): Issue[] {
  const groups = table.requiredAnyOf ?? [];
  if (groups.length === 0 || groups.some((group) => group.every((name) => !isEmpty(field(object, name))))) return [];
  const alternatives = groups.map((group) => group.join(" and "));
  const last = groups[groups.length - 1] ?? [];
  const at = last.find((name) => isEmpty(field(object, name))) ?? last[0] ?? "";
  return [
    issue("required", `Either ${alternatives.join(" or ")} is required for ${noun}.`, [...path, at], {
      anyOf: groups.flat(),
    }),
  ];
}

/** One field: by its own reader when it has one, else by its spec; then, with `wireForm`, held to the spec as given. */
export function readField(
  input: unknown,
  path: Path,
  spec: FieldSpec,
  readers: AnyReaders,
  context: ReadContext,
  own?: FieldReader,
): FieldResult<unknown> {
  const standard = (options: PresenceOptions = {}) => readBySpec(input, path, spec, readers, context, options);
  const read = held(own === undefined ? standard() : own(input, path, { spec, context, standard }), path, spec);
  if (!context.wireForm || hasErrors(read.issues)) return read;
  const wire = wireFormIssues(input, path, spec, read.value, (value) =>
    formatVerdict(value, path, spec, readers, context),
  );
  if (wire.length === 0) return read;
  const found = [...wire];
  appendIssues(found, read.issues);
  return fail(found);
}

/** A value read (by any reader) held to the table's lengths, pattern and bounds: the facts apply to the wire form. */
function held(read: FieldResult<unknown>, path: Path, spec: FieldSpec): FieldResult<unknown> {
  const found =
    spec.type === "string" && typeof read.value === "string"
      ? textIssues(read.value, path, spec)
      : (spec.type === "number" || spec.type === "integer") && typeof read.value === "number"
        ? boundIssues(read.value, path, spec)
        : [];
  if (found.length === 0) return read;
  appendIssues(found, read.issues);
  return fail(found);
}

/** Whether a custom format's check takes `value` as it is (the spec's `format`, a verdict on the string as given). */
function formatVerdict(value: string, path: Path, spec: FieldSpec, readers: AnyReaders, context: ReadContext): boolean {
  const format = spec.type === "string" ? spec.format : undefined;
  const reader = format === undefined ? undefined : readers.formats?.[format];
  return reader === undefined || !hasErrors(reader(value, path, context).issues);
}

function presenceOf(spec: FieldSpec, options: PresenceOptions): PresenceOptions {
  return spec.required === true ? { ...options, required: true } : options;
}

function readBySpec(
  input: unknown,
  path: Path,
  spec: FieldSpec,
  readers: AnyReaders,
  context: ReadContext,
  options: PresenceOptions,
): FieldResult<unknown> {
  const presence = presenceOf(spec, options);
  switch (spec.type) {
    case "integer": {
      const bounds = {
        ...presence,
        ...(spec.minimum === undefined ? {} : { minimum: spec.minimum }),
        ...(spec.maximum === undefined ? {} : { maximum: spec.maximum }),
      };
      return spec.format === "int32" ? readInt32(input, path, bounds) : readInt64(input, path, bounds);
    }
    case "number":
      return readDecimal(input, path, presence);
    case "boolean":
      return readBoolean(input, path, presence);
    case "string":
      return readText(input, path, spec, readers, context, presence);
    case "object": {
      const object = readObject(input, path, presence);
      if (object.value === undefined) return object;
      return readTableFields(object.value, path, spec.table, readers, context);
    }
    case "map":
      return readMap(input, path, spec.values, readers, context, presence);
    case "array":
      return readList(input, path, spec.items, readers, context, presence);
    case "union":
      return readUnion(input, path, spec.union, readers, context, presence);
    case "any":
      return isEmpty(input) ? readString(undefined, path, presence) : { value: input, issues: [] };
  }
}

/** Text: one of the enum or the const; a custom format's check; or the text as typed, within the lengths and pattern. */
function readText(
  input: unknown,
  path: Path,
  spec: StringField,
  readers: AnyReaders,
  context: ReadContext,
  presence: PresenceOptions,
): FieldResult<unknown> {
  if (spec.const !== undefined) return readEnum(input, path, [spec.const], presence);
  if (spec.enum !== undefined) return readEnum(input, path, spec.enum, presence);
  // Free text is kept as typed; its lengths and pattern are checked by `held`, whoever read it.
  if (spec.format === undefined) return readString(input, path, presence);
  if (isEmpty(input)) return readString(input, path, presence);
  const reader = readers.formats?.[spec.format];
  // The compiler holds every caller to a reader per format; a table read without one is this package's bug.
  if (reader === undefined) throw new Error(`no reader for format ${spec.format} at ${path.join(".")}`);
  return reader(input, path, context);
}

/** The table's bounds, on a number as read (an integer's inclusive bounds its reader already holds it to). */
function boundIssues(value: number, path: Path, spec: NumberField): Issue[] {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = spec;
  const below =
    (minimum !== undefined && value < minimum) || (exclusiveMinimum !== undefined && !(value > exclusiveMinimum));
  const above =
    (maximum !== undefined && value > maximum) || (exclusiveMaximum !== undefined && !(value < exclusiveMaximum));
  if (!below && !above) return [];
  const bounds = [
    minimum === undefined ? undefined : `at least ${minimum}`,
    exclusiveMinimum === undefined ? undefined : `greater than ${exclusiveMinimum}`,
    maximum === undefined ? undefined : `at most ${maximum}`,
    exclusiveMaximum === undefined ? undefined : `less than ${exclusiveMaximum}`,
  ].filter((bound) => bound !== undefined);
  return [
    issue("out_of_range", `${label(path)} must be ${bounds.join(" and ")}.`, path, {
      ...(minimum === undefined ? {} : { minimum }),
      ...(maximum === undefined ? {} : { maximum }),
      ...(exclusiveMinimum === undefined ? {} : { exclusiveMinimum }),
      ...(exclusiveMaximum === undefined ? {} : { exclusiveMaximum }),
      received: value,
    }),
  ];
}

/** The table's lengths and pattern, on a value as read. */
export function textIssues(value: string, path: Path, spec: StringField): Issue[] {
  const found: Issue[] = [];
  if (spec.minLength !== undefined && codePointLength(value, spec.minLength) < spec.minLength)
    found.push(
      issue("too_short", `${label(path)} must be at least ${spec.minLength} characters long.`, path, {
        minimum: spec.minLength,
        actual: codePointLength(value),
      }),
    );
  if (spec.maxLength !== undefined && codePointLength(value, spec.maxLength) > spec.maxLength)
    found.push(
      issue("too_long", `${label(path)} must be at most ${spec.maxLength} characters long.`, path, {
        maximum: spec.maxLength,
        actual: codePointLength(value),
      }),
    );
  if (spec.pattern !== undefined && !patternOf(spec.pattern).test(value))
    found.push(issue("invalid_format", `${label(path)} must match ${spec.pattern}.`, path, { pattern: spec.pattern }));
  return found;
}

/**
 * An object of any keys: each value of the values' type. A `null` value is "not given" and a blank text empty,
 * both left out, as every empty optional field; keys are kept as they are (`Object.fromEntries`, so `__proto__`
 * stays a plain key).
 */
function readMap(
  input: unknown,
  path: Path,
  values: FieldSpec,
  readers: AnyReaders,
  context: ReadContext,
  presence: PresenceOptions,
): FieldResult<unknown> {
  const object = readObject(input, path, presence);
  if (object.value === undefined) return object;
  const entries: [string, unknown][] = [];
  const { take, issues } = collectIssues();
  for (const key of Object.keys(object.value)) {
    const value = object.value[key];
    const valuePath = [...path, key];
    if (value === undefined || value === null) {
      // `null` is "not given" to a form; to the API it is a value its type does not take (unless it says so).
      if (value === null && context.wireForm)
        take(fail(wireFormIssues(value, valuePath, values, undefined, () => true)));
      continue;
    }
    const read = take(readField(value, valuePath, values, readers, context));
    if (read !== undefined) entries.push([key, read]);
  }
  return hasErrors(issues) ? fail(issues) : { value: Object.fromEntries(entries), issues };
}

/** A list: each item read by the items' spec, as a required value (an item cannot be absent). */
function readList(
  input: unknown,
  path: Path,
  items: FieldSpec,
  readers: AnyReaders,
  context: ReadContext,
  presence: PresenceOptions,
): FieldResult<unknown> {
  const list = readArray(input, path, presence);
  if (list.value === undefined) return list;
  const { take, issues } = collectIssues();
  const read: unknown[] = [];
  const item: FieldSpec = { ...items, required: true };
  list.value.forEach((value, index) => {
    const found = take(readField(value, [...path, index], item, readers, context));
    if (found !== undefined) read.push(found);
  });
  return hasErrors(issues) ? fail(issues) : { value: read, issues };
}

function readUnion(
  input: unknown,
  path: Path,
  union: UnionTable,
  readers: AnyReaders,
  context: ReadContext,
  presence: PresenceOptions,
): FieldResult<unknown> {
  if (isEmpty(input)) return readString(input, path, presence);
  const reader = readers.unions?.[union.name];
  if (reader === undefined) throw new Error(`no reader for the union ${union.name} at ${path.join(".")}`);
  return reader(input, path, context);
}

/** A reader of a field by another validator of this package, whose issues are re-rooted at the field. */
export function checkedBy<T>(
  check: (input: unknown, context: ReadContext) => Result<T, object>,
): (input: unknown, path: Path, context: ReadContext) => FieldResult<T> {
  return (input, path, context) => {
    const result = check(input, context);
    const warnings = prefixIssues(path, result.warnings);
    if (result.ok) return { value: result.value, issues: warnings };
    const found = prefixIssues(path, result.issues);
    appendIssues(found, warnings);
    return fail(found);
  };
}
