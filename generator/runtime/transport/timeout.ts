/**
 * One attempt's signal: aborts when the caller's signal aborts or when the attempt's timeout elapses, and tells
 * which of the two happened. Built from an AbortController and `setTimeout` (not `AbortSignal.timeout`), so it
 * works the same on every runtime and under fake timers; `dispose()` clears what the attempt alone holds.
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
  if (callerSignal === undefined) return sharedDeadline(timeoutMs);

  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onCallerAbort = (): void => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) {
    controller.abort(callerSignal.reason);
  } else {
    callerSignal.addEventListener("abort", onCallerAbort, { once: true });
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(timeoutReason(timeoutMs));
    }, timeoutMs);
  }

  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal.removeEventListener("abort", onCallerAbort);
    },
  };
}

const timeoutReason = (timeoutMs: number): DOMException =>
  new DOMException(`The attempt timed out after ${timeoutMs} ms`, "TimeoutError");

interface Deadline {
  readonly controller: AbortController;
  timedOut: boolean;
}

/** Shared deadlines by timeout, then by the time they pass (ms since the epoch). */
const deadlines = new Map<number, Map<number, Deadline>>();

/**
 * The signal of an attempt with a timeout and no caller signal, shared with the other attempts that end in the same
 * slot: an AbortSignal costs several µs to make on Node (most of a call's overhead), and under load many attempts
 * share one. A slot is a thousandth of the timeout (at least 1 ms), so an attempt times out at most 0.1 % late.
 * The timer is unref'd and never cleared: it does not keep a process alive, and once it fires, the attempts that
 * finished before are not affected (their fetch is over). At most a thousand deadlines per timeout are pending.
 */
function sharedDeadline(timeoutMs: number): AttemptSignal {
  const slotMs = Math.max(1, Math.ceil(timeoutMs / 1000));
  const now = Date.now();
  const at = Math.ceil((now + timeoutMs) / slotMs) * slotMs;
  let pending = deadlines.get(timeoutMs);
  if (pending === undefined) deadlines.set(timeoutMs, (pending = new Map()));
  let deadline = pending.get(at);
  if (deadline === undefined) {
    const created: Deadline = { controller: new AbortController(), timedOut: false };
    allowManyListeners(created.controller.signal);
    const slots = pending;
    slots.set(at, created);
    const timer = setTimeout(() => {
      slots.delete(at);
      if (slots.size === 0 && deadlines.get(timeoutMs) === slots) deadlines.delete(timeoutMs);
      created.timedOut = true;
      created.controller.abort(timeoutReason(timeoutMs));
    }, at - now);
    (timer as { unref?: () => void }).unref?.();
    deadline = created;
  }
  const shared = deadline;
  return { signal: shared.controller.signal, timedOut: () => shared.timedOut, dispose: NOTHING_TO_DISPOSE };
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

type SetMaxListeners = (count: number, ...targets: EventTarget[]) => void;

/**
 * Node warns past ten listeners on one EventTarget, and a shared deadline has one per attempt in flight (a fetch
 * following it), which is not a leak. `process.getBuiltinModule` rather than an import: this module runs in
 * browsers too, where nothing warns.
 */
function allowManyListeners(signal: AbortSignal): void {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const events = node?.getBuiltinModule?.("node:events") as { setMaxListeners?: SetMaxListeners } | undefined;
  events?.setMaxListeners?.(0, signal);
}
