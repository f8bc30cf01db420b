/**
 * Readers for the JSON types of the reference's request shapes (§ "Resources and their fields": `int` is a
 * 32-bit integer, `decimal` a decimal number). Each reader takes the raw field value and its path, and
 * returns the normalised value (or `undefined`) with the issues found. They never throw.
 *
 * "Empty" is one notion everywhere: `undefined`, `null`, and a string of only whitespace. An empty optional
 * field is left out of the normalised value; an empty required field is a `required` issue. Accepting `null`
 * and `""` as "not given" lets a form pass its state as is; the normalised value (the wire form, where a field
 * that is not given is left out) never contains them. Codes (enums) are trimmed; free text is kept as typed.
 */
import { appendIssues, asWarning, hasErrors, issue, prefixIssues, type Issue, type PathSegment } from "./issue.js";
import type { Result } from "./result.js";

/**
 * A field read from the input: its normalised value when usable, and what was wrong with it. `issues` may hold
 * warnings (`severity: "warning"`) beside a value; an error always leaves `value` undefined.
 */
export interface FieldResult<T> {
  readonly value: T | undefined;
  readonly issues: readonly Issue[];
}

export type Path = readonly PathSegment[];

/** A JSON object read from the input: a non-array object (prototype-less objects included). */
export type JsonObject = Readonly<Record<string, unknown>>;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export function ok<T>(value: T): FieldResult<T> {
  return { value, issues: [] };
}

/** A failed read: one issue, or a list (passed as it is, never spread into the call: see `appendIssues`). */
export function fail<T>(found: Issue | readonly Issue[]): FieldResult<T> {
  return { value: undefined, issues: "code" in found ? [found] : found };
}

/** A usable value with warnings about it (the reference allows it; a stricter check does not). */
export function okWithWarnings<T>(value: T, warnings: readonly Issue[]): FieldResult<T> {
  return { value, issues: warnings };
}

/** `value` when `found` holds no error (only warnings, or nothing), else a failure with everything found. */
export function settle<T>(value: T, found: readonly Issue[]): FieldResult<T> {
  return hasErrors(found) ? fail(found) : { value, issues: found };
}

const absent: FieldResult<never> = { value: undefined, issues: [] };

export function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === "string" && input.trim() === "");
}

export function isJsonObject(input: unknown): input is JsonObject {
  return typeof input === "object" && input !== null && !Array.isArray(input);
}

/** An own property only: `toString`, `__proto__` or `constructor` of the prototype are never read. */
export function field(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** JSON type name for messages and `params.received`. */
export function typeName(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "number" && !Number.isFinite(input)) return String(input); // NaN, Infinity
  return typeof input;
}

/** Last path segment, for messages: `["Address", "Town"]` → "Town". */
export function label(path: Path): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === "string") return segment;
  }
  return "Value";
}

export function requiredIssue(path: Path): Issue {
  return issue("required", `${label(path)} is required.`, path);
}

/**
 * A warning: a field the reference does not mark required is missing, and `why` says what can hardly be done
 * without it. The request is still valid and may be sent (the API decides).
 */
export function recommendedIssue(path: Path, why: string): Issue {
  return asWarning(
    issue("recommended", `${label(path)} is missing: ${why} (the API reference does not say it is required).`, path),
  );
}

export function invalidType(path: Path, expected: string, input: unknown): Issue {
  return issue("invalid_type", `${label(path)} must be ${expected}.`, path, { expected, received: typeName(input) });
}

export interface PresenceOptions {
  /** Report an empty value as `required` (default: the field is optional). */
  readonly required?: boolean;
  /**
   * The field is optional by the reference but little can be done without it: an empty value is a
   * `recommended` warning whose message ends with this reason.
   */
  readonly recommended?: string;
}

/** Shared start of every reader: `undefined` for "go on", or the result for an empty value. */
function whenEmpty<T>(input: unknown, path: Path, options: PresenceOptions): FieldResult<T> | undefined {
  if (!isEmpty(input)) return undefined;
  return emptyResult(path, options);
}

/** An empty value: `required` error, `recommended` warning, or simply absent. */
function emptyResult<T>(path: Path, options: PresenceOptions): FieldResult<T> {
  if (options.required === true) return fail(requiredIssue(path));
  if (options.recommended !== undefined)
    return { value: undefined, issues: [recommendedIssue(path, options.recommended)] };
  return absent;
}

/**
 * Counts code points (as JSON Schema `maxLength` does), stopping once `limit` is passed so that a huge
 * string costs no more than a short one.
 */
export function codePointLength(text: string, limit = Infinity): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
    if (count > limit) return count;
  }
  return count;
}

export interface StringOptions extends PresenceOptions {
  /** Most characters (code points) allowed. */
  readonly maxLength?: number;
}

/**
 * A free-text string, kept as typed: never trimmed or case-folded, since the words are the user's and a length
 * limit counts what is sent. Only a blank one counts as empty (see `isEmpty`).
 */
export function readString(input: unknown, path: Path, options: StringOptions = {}): FieldResult<string> {
  const empty = whenEmpty<string>(input, path, options);
  if (empty !== undefined) return empty;
  if (typeof input !== "string") return fail(invalidType(path, "a string", input));
  const value = input;
  const { maxLength } = options;
  if (maxLength !== undefined) {
    const length = codePointLength(value, maxLength);
    if (length > maxLength) {
      return fail(
        issue("too_long", `${label(path)} must be at most ${maxLength} characters long.`, path, {
          maximum: maxLength,
          actual: codePointLength(value),
        }),
      );
    }
  }
  return ok(value);
}

export interface IntegerOptions extends PresenceOptions {
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A JSON number that is an integer within `[minimum, maximum]`. */
function readInteger(input: unknown, path: Path, options: IntegerOptions, bounds: [number, number]) {
  const empty = whenEmpty<number>(input, path, options);
  if (empty !== undefined) return empty;
  if (typeof input !== "number" || !Number.isFinite(input)) return fail<number>(invalidType(path, "a number", input));
  if (!Number.isInteger(input)) {
    return fail<number>(issue("not_integer", `${label(path)} must be a whole number.`, path, { received: input }));
  }
  const minimum = Math.max(bounds[0], options.minimum ?? bounds[0]);
  const maximum = Math.min(bounds[1], options.maximum ?? bounds[1]);
  if (input < minimum || input > maximum) {
    return fail<number>(
      issue("out_of_range", `${label(path)} must be between ${minimum} and ${maximum}.`, path, {
        minimum,
        maximum,
        received: input,
      }),
    );
  }
  // -0 and 0 are the same integer; normalise so that the value is stable under JSON round trips.
  return ok(input === 0 ? 0 : input);
}

/** The reference's `int`: a 32-bit signed integer. */
export function readInt32(input: unknown, path: Path, options: IntegerOptions = {}): FieldResult<number> {
  return readInteger(input, path, options, [INT32_MIN, INT32_MAX]);
}

/**
 * The reference's `int64` (AssignDepositorDto SupportingDocuments StreamLength), limited to the integers a
 * JavaScript number holds exactly.
 */
export function readInt64(input: unknown, path: Path, options: IntegerOptions = {}): FieldResult<number> {
  return readInteger(input, path, options, [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
}

export interface DecimalOptions extends PresenceOptions {
  /**
   * Warn when the value is not > 0 (amounts, rates): the reference states no bound, so a zero or negative value
   * is valid and sent, and the user is told that it cannot be moved.
   */
  readonly positive?: boolean;
}

/** The reference's `decimal`: a finite JSON number. */
export function readDecimal(input: unknown, path: Path, options: DecimalOptions = {}): FieldResult<number> {
  const empty = whenEmpty<number>(input, path, options);
  if (empty !== undefined) return empty;
  if (typeof input !== "number" || !Number.isFinite(input)) return fail(invalidType(path, "a finite number", input));
  const value = input === 0 ? 0 : input;
  if (options.positive === true && !(input > 0)) {
    return okWithWarnings(value, [
      asWarning(
        issue("out_of_range", `${label(path)} is not greater than 0: nothing can be moved.`, path, {
          exclusiveMinimum: 0,
          received: input,
        }),
      ),
    ]);
  }
  return ok(value);
}

export function readBoolean(input: unknown, path: Path, options: PresenceOptions = {}): FieldResult<boolean> {
  // `false` is a value, never "empty"; only undefined and null are.
  if (input === undefined || input === null) return emptyResult(path, options);
  if (typeof input !== "boolean") return fail(invalidType(path, "true or false", input));
  return ok(input);
}

/** One of `allowed`, spelled exactly (after trimming). */
export function readEnum<T extends string>(
  input: unknown,
  path: Path,
  allowed: readonly T[],
  options: PresenceOptions = {},
): FieldResult<T> {
  const empty = whenEmpty<T>(input, path, options);
  if (empty !== undefined) return empty;
  if (typeof input !== "string") return fail(invalidType(path, "a string", input));
  const value = input.trim();
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) return fail(invalidEnum(path, allowed, value));
  return ok(found);
}

export function invalidEnum(path: Path, allowed: readonly unknown[], received: unknown): Issue {
  return issue("invalid_enum", `${label(path)} must be one of: ${allowed.join(", ")}.`, path, {
    allowed,
    received,
  });
}

/**
 * A field checked by another validator of this package (an identifier such as a BIC or an LEI): its issues
 * are re-rooted at `path`, its normalised value is kept. One rule, one place: the rule lives there.
 */
export function readWith<T>(
  input: unknown,
  path: Path,
  check: (input: unknown) => Result<T, object>,
  options: PresenceOptions = {},
): FieldResult<T> {
  const empty = whenEmpty<T>(input, path, options);
  if (empty !== undefined) return empty;
  const result = check(input);
  if (result.ok)
    return result.warnings.length === 0
      ? ok(result.value)
      : okWithWarnings(result.value, prefixIssues(path, result.warnings));
  const found = prefixIssues(path, result.issues);
  if (result.warnings.length > 0) appendIssues(found, prefixIssues(path, result.warnings));
  return fail(found);
}

export interface ObjectOptions extends PresenceOptions {}

/** A nested JSON object; `undefined` value when empty or not an object. */
export function readObject(input: unknown, path: Path, options: ObjectOptions = {}): FieldResult<JsonObject> {
  if (input === undefined || input === null) return emptyResult(path, options);
  if (!isJsonObject(input)) return fail(invalidType(path, "an object", input));
  return ok(input);
}

/** A JSON array; its items are read by the caller. */
export function readArray(input: unknown, path: Path, options: PresenceOptions = {}): FieldResult<readonly unknown[]> {
  if (input === undefined || input === null) return emptyResult(path, options);
  if (!Array.isArray(input)) return fail(invalidType(path, "a list", input));
  return ok(input);
}

/**
 * Collects the issues of several reads so a request validator reads like its field table:
 * `const AccountId = take(readInt32(body.AccountId, ["AccountId"], { required: true }))`.
 */
export interface IssueCollector {
  readonly issues: Issue[];
  take<T>(result: FieldResult<T>): T | undefined;
  /** One issue or a list of them (a list is passed as it is, never spread into the call). */
  add(found: Issue | readonly Issue[]): void;
}

export function collectIssues(): IssueCollector {
  const issues: Issue[] = [];
  return {
    issues,
    take<T>(result: FieldResult<T>): T | undefined {
      appendIssues(issues, result.issues);
      return result.value;
    },
    add(found: Issue | readonly Issue[]): void {
      if ("code" in found) issues.push(found);
      else appendIssues(issues, found);
    },
  };
}

/** An object's members as read, before `definedFields` leaves out the absent: each may be `undefined`. */
export type MembersRead<T> = { [K in keyof T]: T[K] | undefined };

/**
 * A nested object read member by member: `members` reads each (passing every read through `take`, at paths under
 * `path`) and returns them in the order the object shows them. The issues of every member, or the object without
 * its absent members; like `readObject`, an empty input is absent (or required).
 */
export function readFields<T extends object>(
  input: unknown,
  path: Path,
  members: (object: JsonObject, take: IssueCollector["take"]) => Readonly<MembersRead<T>>,
  options: ObjectOptions = {},
): FieldResult<T> {
  const object = readObject(input, path, options);
  if (object.value === undefined) return { value: undefined, issues: object.issues };
  const { take, issues } = collectIssues();
  const value = members(object.value, take);
  return hasErrors(issues) ? fail(issues) : { value: definedFields<T>(value), issues };
}

/**
 * A list read item by item: `item` reads each at `[...path, index]`. The issues of every item, or the items read
 * (an item that reads as absent is left out).
 */
export function readItems<T>(
  input: unknown,
  path: Path,
  item: (input: unknown, path: Path) => FieldResult<T>,
): FieldResult<T[]> {
  const list = readArray(input, path);
  if (list.value === undefined) return { value: undefined, issues: list.issues };
  const { take, issues } = collectIssues();
  const items: T[] = [];
  list.value.forEach((value, index) => {
    const read = take(item(value, [...path, index]));
    if (read !== undefined) items.push(read);
  });
  return hasErrors(issues) ? fail(issues) : { value: items, issues };
}

/**
 * Copies the defined entries of `fields`, so that the normalised value has no `undefined` members and
 * validating it again gives an equal value.
 */
export function definedFields<T extends object>(fields: Readonly<MembersRead<T>>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) out[key] = value;
  }
  return out as T;
}
