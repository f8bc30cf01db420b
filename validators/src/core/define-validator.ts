/**
 * Turns a validation function into a public validator: it never throws (an unexpected exception becomes
 * an `internal_error` issue) and it also speaks Standard Schema v1, so form libraries accept it as is.
 */
import type { FormInput } from "./form-input.js";
import type { Failure, Result } from "./result.js";
import type { StandardSchemaV1 } from "./standard-schema.js";

export const VENDOR = "account-funds";

const UNEXPECTED = "Validation failed unexpectedly";

function internalError(message: string): Failure {
  return { ok: false, issues: [{ code: "internal_error", message, path: [] }], warnings: [] };
}

/** Returned when even describing the failure failed (an exhausted stack): built once, ahead of need. */
const UNEXPLAINED_FAILURE = internalError(`${UNEXPECTED}.`);

/**
 * The message of a thrown value, read without trusting it: `instanceof` runs a Proxy's `getPrototypeOf` trap,
 * a `message` getter runs code, and `String()` an object's own `toString`; any of them may throw again. Only an
 * Error's plain string message is used.
 */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.message === "string") return error.message;
  } catch {
    // A hostile value: fall through to the generic description.
  }
  return "a thrown value that is not an Error.";
}

/**
 * A validator: a function of any value, and a Standard Schema whose input type is what a form holds
 * (`FormInput<T>`: strings where people type) and whose output type is the wire form `T`, the request body to send.
 */
export type Validator<T, Extra extends object = {}, Options = undefined> = ((
  input: unknown,
  options?: Options,
) => Result<T, Extra>) &
  StandardSchemaV1<FormInput<T>, T>;

/**
 * `validate` behind a try/catch. The error path must not throw either: describing a hostile thrown value (a
 * Proxy, a throwing getter) is guarded, and should even that fail, a prebuilt failure is returned.
 */
export function guarded<T, Extra extends object, Options>(
  validate: (input: unknown, options?: Options) => Result<T, Extra>,
): (input: unknown, options?: Options) => Result<T, Extra> {
  return (input, options) => {
    try {
      return validate(input, options);
    } catch (error) {
      try {
        return internalError(`${UNEXPECTED}: ${describeThrown(error)}`);
      } catch {
        return UNEXPLAINED_FAILURE;
      }
    }
  };
}

/** Standard Schema's answer: a warning is no issue there (it never fails a validation), only errors are. */
export function standardResult<T>(result: Result<T, object>): StandardSchemaV1.Result<T> {
  return result.ok ? { value: result.value } : { issues: result.issues };
}

/** `safe` with its Standard Schema v1 face, whose `validate` is `standardValidate`. */
export function withStandardSchema<T, Extra extends object, Options>(
  safe: (input: unknown, options?: Options) => Result<T, Extra>,
  standardValidate: StandardSchemaV1.Props<FormInput<T>, T>["validate"],
): Validator<T, Extra, Options> {
  // `types` is left out: it carries types only, never a value (Standard Schema v1).
  const standard: StandardSchemaV1.Props<FormInput<T>, T> = { version: 1, vendor: VENDOR, validate: standardValidate };
  return Object.assign(safe, { "~standard": standard });
}

/**
 * Mark calls with `/* @__PURE__ *\/` so bundlers drop validators that are never used.
 *
 * Every validator keeps this wrapper, the fast identifier paths included: on Node 20 the try/catch and the
 * closure measured free (V8 inlines `safe` into each call site, and the closures sharing one feedback vector
 * made no measurable difference, fresh or after seven other validators had run), so dropping the safety net for
 * speed would trade a guarantee for nothing. What does cost is the inlining budget: keep the validate function
 * small and put slow paths in functions of their own, so that V8 still inlines the fast path whole.
 */
export function defineValidator<T, Extra extends object = {}, Options = undefined>(
  validate: (input: unknown, options?: Options) => Result<T, Extra>,
): Validator<T, Extra, Options> {
  const safe = guarded(validate);
  return withStandardSchema<T, Extra, Options>(safe, (value) => standardResult(safe(value)));
}
