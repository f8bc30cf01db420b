/**
 * One attempt's signal: aborts when the caller's signal aborts or when the attempt's timeout elapses, and tells
 * which of the two happened. Built from an AbortController and `setTimeout` (not `AbortSignal.timeout`), so it
 * works the same on every runtime and under fake timers; `dispose()` clears the timer and the listener.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface AttemptSignal {
  /**
   * The signal for the attempt's `Request`; undefined when nothing can abort the attempt (no timeout, no caller
   * signal). A `Request` that follows a signal costs several times one that does not (listener, finaliser).
   */
  readonly signal: AbortSignal | undefined;
  /** True when the timeout (not the caller) aborted the attempt. */
  timedOut(): boolean;
  dispose(): void;
}

const NEVER_TIMED_OUT = (): boolean => false;
const NOTHING_TO_DISPOSE = (): void => undefined;

export function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number | undefined): AttemptSignal {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    // Without a timeout the caller's signal is the attempt's signal: no controller to build and wire.
    return { signal: callerSignal, timedOut: NEVER_TIMED_OUT, dispose: NOTHING_TO_DISPOSE };
  }

  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) {
    controller.abort(callerSignal.reason);
  } else {
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`The attempt timed out after ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
  }

  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** Settles like `promise`, or rejects with the signal's reason as soon as `signal` aborts. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
