/**
 * Validators that may need something still loading (the RegEx engine, fetched on first use in a browser). The
 * function form answers at once and says what it left unchecked; the Standard Schema form, which may answer with
 * a Promise, waits for the work and validates again, so a form library gets the full verdict from the first
 * call. Kept apart from define-validator.ts so that validators which never wait (the identifiers) stay as small.
 */
import { guarded, standardResult, withStandardSchema, type Validator } from "./define-validator.js";
import type { Result } from "./result.js";

let pending: Promise<unknown> | undefined;

/** Called during a validation: the Standard Schema answer should wait for `work`, then validate again. */
export function answerAfter(work: Promise<unknown>): void {
  pending = work;
}

/** What the validation that just ran asked to wait for, if anything; clears it. */
function takePendingWork(): Promise<unknown> | undefined {
  const work = pending;
  pending = undefined;
  return work;
}

/** Like defineValidator, for a validation that may call `answerAfter`. Mark calls with `/* @__PURE__ *\/`. */
export function defineWaitingValidator<T, Extra extends object = {}, Options = undefined>(
  validate: (input: unknown, options?: Options) => Result<T, Extra>,
): Validator<T, Extra, Options> {
  const safe = guarded(validate);
  return withStandardSchema(safe, (value) => {
    takePendingWork(); // whatever a direct call left behind is not this validation's
    const result = safe(value);
    const work = takePendingWork();
    if (work === undefined) return standardResult(result);
    // Neither callback can throw (`safe` never does), so the Promise never rejects.
    return work.then(
      () => standardResult(safe(value)),
      () => standardResult(result),
    );
  });
}

/**
 * Binds context options to a validator (the account's PSP flag, the RequiredAdditionalInformation rules, ...),
 * so that Standard Schema's `validate`, which takes no options, checks the context rules too. The bound
 * validator waits like the validator it binds.
 */
export function withOptions<T, Extra extends object, Options>(
  validator: Validator<T, Extra, Options>,
  options: Options,
): Validator<T, Extra> {
  return defineWaitingValidator<T, Extra>((input) => validator(input, options));
}
