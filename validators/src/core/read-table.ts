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
import type { FieldSpec, ObjectTable, StringField, UnionTable } from "./field-table.js";
import { appendIssues, hasErrors, issue, prefixIssues, type Issue } from "./issue.js";
import {
  collectIssues,
  definedFields,
  fail,
  field,
  isEmpty,
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
import { boundIssues, textIssues } from "./field-facts.js";
import { lenient, type AnyReaders, type FieldReader, type ReadContext, type TableReaders } from "./table-readers.js";
import { wireFormIssues } from "./wire-form.js";

export {
  contextOf,
  lenient,
  type FieldReader,
  type FieldReading,
  type FormatReader,
  type ReadContext,
  type TableFormats,
  type TableReaders,
  type TableUnions,
  type UnionReader,
  type WireFormOption,
} from "./table-readers.js";

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
