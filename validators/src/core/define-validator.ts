/**
 * Turns a validation function into a public validator: it never throws (an unexpected exception becomes
 * an `internal_error` issue) and it also speaks Standard Schema v1, so form libraries accept it as is.
 */
import { issue } from "./issue.js";
import { failure, type Failure, type Result } from "./result.js";
import { takePendingWork } from "./pending-work.js";
import type { StandardSchemaV1 } from "./standard-schema.js";

export const VENDOR = "account-funds";

const UNEXPLAINED_FAILURE: Failure = Object.freeze({
  ok: false,
  issues: Object.freeze([Object.freeze(issue("internal_error", "Validation failed unexpectedly.", []))]),
});

/**
 * The message of a thrown value, read without trusting it: `instanceof` runs a Proxy's `getPrototypeOf` trap and
 * `String()` an object's own `toString`, either of which may throw again; only a plain string message is used.
 */
export function describeThrown(error: unknown): string {
  try {
    if (typeof error === "string") return error;
    if (error instanceof Error) {
      const message: unknown = error.message;
      if (typeof message === "string") return message;
    }
  } catch {
    // A hostile value: fall through to the generic description.
  }
  return "a value that is not an Error was thrown.";
}

export type Validator<T, Extra extends object = {}, Options = undefined> = ((
  input: unknown,
  options?: Options,
) => Result<T, Extra>) &
  StandardSchemaV1<unknown, T>;

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
  const safe = (input: unknown, options?: Options): Result<T, Extra> => {
    try {
      return validate(input, options);
    } catch (error) {
      // The error path must not throw either: describing a hostile thrown value (a Proxy, a throwing getter)
      // is guarded, and should even that fail (an exhausted stack), a prebuilt failure is returned.
      try {
        return failure([issue("internal_error", `Validation failed unexpectedly: ${describeThrown(error)}`, [])]);
      } catch {
        return UNEXPLAINED_FAILURE;
      }
    }
  };
  const standard: StandardSchemaV1.Props<unknown, T> = {
    version: 1,
    vendor: VENDOR,
    validate: (value) => {
      takePendingWork(); // whatever a direct call left behind is not this validation's
      const result = safe(value);
      const pending = takePendingWork();
      if (pending === undefined) return standardResult(result);
      // The validation needs something still loading (see pending-work.ts): answer once it is there. Neither
      // callback can throw, and `safe` never does, so the Promise never rejects.
      return pending.then(
        () => standardResult(safe(value)),
        () => standardResult(result),
      );
    },
  };
  return Object.assign(safe, { "~standard": standard });
}

function standardResult<T>(result: Result<T, object>): StandardSchemaV1.Result<T> {
  return result.ok ? { value: result.value } : { issues: result.issues };
}

/**
 * Binds context options to a validator (the account's PSP flag, the RequiredAdditionalInformation rules, ...),
 * so that Standard Schema's `validate`, which takes no options, checks the context rules too.
 */
export function withOptions<T, Extra extends object, Options>(
  validator: Validator<T, Extra, Options>,
  options: Options,
): Validator<T, Extra> {
  return defineValidator<T, Extra>((input) => validator(input, options));
}
