/**
 * Work a synchronous validation could not finish because something it needs is still loading (the regular
 * expression engine, fetched on first use). The function form of a validator answers at once and says what it
 * left unchecked; its Standard Schema form, which may answer with a Promise, waits for the work and validates
 * again, so a form library gets the full verdict from the first call.
 */
let pending: Promise<unknown> | undefined;

/** Called during a validation: the Standard Schema answer should wait for `work`, then validate again. */
export function answerAfter(work: Promise<unknown>): void {
  pending = work;
}

/** What the validation that just ran asked to wait for, if anything; clears it. */
export function takePendingWork(): Promise<unknown> | undefined {
  const work = pending;
  pending = undefined;
  return work;
}
