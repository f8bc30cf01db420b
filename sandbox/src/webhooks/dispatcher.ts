/**
 * Webhook delivery: every registered target receives the events raised after its registration (only its tenant's
 * when it has one), in sequence order, as the reference's delivery body: a JSON array of
 * `{ EntityType, EntityId, Reason, ApiUrl }` (the spec's `WebhookEventDelivery`).
 *
 * Guarantees (the reference shows none; these are the sandbox's): at-least-once while the sandbox runs. A batch is
 * delivered when the target answers 2xx; anything else is retried with exponential backoff and jitter, forever.
 * Each target has at most one delivery in flight, so order holds, and targets never wait for each other. A target
 * cannot hang the sandbox: every attempt times out, redirects are failures and response bodies are never read.
 */
import type { EventRecord, TenantId, WebhookTargetRecord } from "../state/records.js";
import type { Store } from "../state/store.js";

/** One event as the delivery body carries it. */
export interface WebhookEventPayload {
  readonly EntityType: EventRecord["EntityType"];
  readonly EntityId: number;
  readonly Reason: string;
  readonly ApiUrl: string;
}

/** Where a target's delivery stands, for the control API and tests. */
export interface DeliveryStatus {
  readonly targetId: number;
  readonly url: string;
  readonly tenant?: TenantId;
  /** Sequence number of the last event delivered (or skipped as older than the registration). */
  readonly deliveredSequence: number;
  /** Events raised for this target and not delivered yet. */
  readonly pending: number;
  /** Events delivered since the sandbox started. */
  readonly delivered: number;
  /** True while a delivery is in flight. */
  readonly delivering: boolean;
  /** Failed attempts at the current batch (0 after a success). */
  readonly attempts: number;
  readonly lastError?: string;
  readonly lastAttemptAt?: string;
  /** When the next retry is due, while one is scheduled. */
  readonly nextAttemptAt?: string;
}

/** Target id → delivered sequence: what `restore` needs after a restart. */
export type DeliveryCursors = Readonly<Record<string, number>>;

export interface RetryPolicy {
  /** Delay before the first retry; it doubles on every failure. */
  readonly initialMs: number;
  /** Upper bound of the delay. */
  readonly maxMs: number;
}

/** The timer functions the dispatcher uses; tests pass a fake. `now` is milliseconds since the epoch. */
export interface DispatcherTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WebhookDispatcherOptions {
  readonly store: Store;
  /** Absolute base URL of the API (e.g. `http://127.0.0.1:4010`); ApiUrl is this plus the event's path. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  /** Default: 500 ms doubling to 30 s. */
  readonly retry?: RetryPolicy;
  /** Source of jitter in [0, 1); default Math.random. */
  readonly random?: () => number;
  readonly timers?: DispatcherTimers;
  /** Time limit of one delivery attempt; default 5000 ms. */
  readonly timeoutMs?: number;
  /** Most events in one delivery; default 50. */
  readonly batchSize?: number;
}

export interface WebhookDispatcher {
  /** Looks for new events and targets and starts deliveries (in a microtask); call after every command. Never throws. */
  notify(): void;
  /** Adds a target that receives the events raised from now on (of `tenant` only, when given). */
  register(url: string, tenant?: TenantId): WebhookTargetRecord;
  /** Removes a target; false when there is none with that id. */
  unregister(id: number): boolean;
  /** The registered targets, in registration order. */
  targets(): WebhookTargetRecord[];
  deliveries(): DeliveryStatus[];
  /** True once nothing is pending or in flight for any target; false when `timeoutMs` passes first. */
  flush(timeoutMs: number): Promise<boolean>;
  /**
   * Marks every event raised so far as delivered without sending it: after a reset, the re-seeded events are the
   * seed's history, which a target registered after seeding never receives either.
   */
  skipToLatest(): void;
  /** The delivered sequence of every target, for a data file. */
  snapshot(): DeliveryCursors;
  /** Sets the delivered sequences saved by `snapshot` (call before the first `notify` after loading a data file). */
  restore(cursors: DeliveryCursors): void;
  /** Calls `listener` whenever a delivery advances a cursor (to save it); returns the unsubscribe function. */
  onProgress(listener: () => void): () => void;
  /** Stops retrying and aborts deliveries in flight; afterwards `notify` does nothing. */
  close(): Promise<void>;
}

export const defaultRetryPolicy: RetryPolicy = { initialMs: 500, maxMs: 30_000 };
const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_BATCH_SIZE = 50;

/**
 * Delay before retry number `attempt` (1 for the first): `initialMs · 2^(attempt−1)` capped at `maxMs`, of which
 * a random half is dropped ("equal jitter"), so retries of many targets spread out but never come sooner than half.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}

export function toWebhookEvent(event: EventRecord, baseUrl: string): WebhookEventPayload {
  return {
    EntityType: event.EntityType,
    EntityId: event.EntityId,
    Reason: event.Reason,
    ApiUrl: `${baseUrl.replace(/\/+$/, "")}${event.apiPath}`,
  };
}

/** The events `target` still has to receive, in sequence order. */
export function pendingEvents(
  events: readonly EventRecord[],
  target: WebhookTargetRecord,
  deliveredSequence: number,
): EventRecord[] {
  return events
    .filter(
      (event) => event.sequence > deliveredSequence && (target.tenant === undefined || event.tenant === target.tenant),
    )
    .sort((a, b) => a.sequence - b.sequence);
}

const lastSequenceOf = (store: Store): number =>
  store.events.all().reduce((last, event) => Math.max(last, event.sequence), 0);

type AttemptOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** One POST of one batch. Only the status line matters: the body is cancelled unread, redirects are not followed. */
async function postBatch(
  doFetch: typeof fetch,
  url: string,
  body: string,
  timeoutMs: number,
  closing: AbortSignal,
): Promise<AttemptOutcome> {
  try {
    const response = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing]),
    });
    void response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true };
    const redirect = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : "";
    return { ok: false, error: `HTTP ${response.status}${redirect}` };
  } catch (error) {
    return { ok: false, error: describeFailure(error, timeoutMs) };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `timed out after ${timeoutMs} ms`;
    if (error.name === "AbortError") return "aborted: the sandbox is closing";
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = cause instanceof Error ? ((cause as Error & { code?: unknown }).code ?? cause.message) : undefined;
    return code === undefined ? error.message : `${error.message} (${String(code)})`;
  }
  return String(error);
}

/** What the dispatcher keeps per target, in memory. */
interface TargetState {
  target: WebhookTargetRecord;
  deliveredSequence: number;
  delivered: number;
  attempts: number;
  inFlight: boolean;
  retryTimer: unknown;
  lastError: string | undefined;
  lastAttemptAt: number | undefined;
  nextAttemptAt: number | undefined;
}

/** Real timers; `close()` clears the retry timers, which otherwise keep the process alive like the server does. */
const realTimers: DispatcherTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { store, baseUrl } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const retry = options.retry ?? defaultRetryPolicy;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);

  const states = new Map<number, TargetState>();
  /** Cursors from a data file, applied when their target is first seen. */
  const restored = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const progressListeners = new Set<() => void>();
  const idleWaiters = new Set<() => void>();
  const closing = new AbortController();
  let closed = false;
  let pumpScheduled = false;

  /** The state of a target, created on first sight: it starts after the last event raised so far. */
  function stateOf(target: WebhookTargetRecord): TargetState {
    const known = states.get(target.id);
    if (known !== undefined) {
      known.target = target;
      return known;
    }
    const state: TargetState = {
      target,
      deliveredSequence: restored.get(target.id) ?? lastSequenceOf(store),
      delivered: 0,
      attempts: 0,
      inFlight: false,
      retryTimer: undefined,
      lastError: undefined,
      lastAttemptAt: undefined,
      nextAttemptAt: undefined,
    };
    restored.delete(target.id);
    states.set(target.id, state);
    return state;
  }

  /** Brings the states in line with the store's targets (a target may have been removed behind our back). */
  function syncTargets(): TargetState[] {
    const current = store.webhookTargets.all();
    const ids = new Set(current.map((target) => target.id));
    for (const [id, state] of states) if (!ids.has(id)) forget(id, state);
    return current.map(stateOf);
  }

  function forget(id: number, state: TargetState): void {
    if (state.retryTimer !== undefined) timers.clearTimeout(state.retryTimer);
    state.retryTimer = undefined;
    states.delete(id);
  }

  /** Starts the next delivery of `state` unless one is in flight or waiting for its retry time. */
  function pump(state: TargetState): void {
    if (closed || state.inFlight || state.retryTimer !== undefined) return;
    const batch = pendingEvents(store.events.all(), state.target, state.deliveredSequence).slice(0, batchSize);
    if (batch.length === 0) return;
    state.inFlight = true;
    state.lastAttemptAt = timers.now();
    state.nextAttemptAt = undefined;
    const body = JSON.stringify(batch.map((event) => toWebhookEvent(event, baseUrl)));
    const attempt = postBatch(doFetch, state.target.url, body, timeoutMs, closing.signal)
      .then((outcome) => settle(state, batch, outcome))
      .catch(() => undefined)
      .finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }

  function settle(state: TargetState, batch: readonly EventRecord[], outcome: AttemptOutcome): void {
    state.inFlight = false;
    if (closed || states.get(state.target.id) !== state) return; // closed or unregistered meanwhile
    if (outcome.ok) {
      state.deliveredSequence = Math.max(state.deliveredSequence, batch[batch.length - 1]!.sequence);
      state.delivered += batch.length;
      state.attempts = 0;
      state.lastError = undefined;
      for (const listener of progressListeners) safely(listener);
      pump(state);
    } else {
      state.attempts += 1;
      state.lastError = outcome.error;
      const delay = retryDelayMs(state.attempts, retry, random);
      state.nextAttemptAt = timers.now() + delay;
      state.retryTimer = timers.setTimeout(() => {
        state.retryTimer = undefined;
        if (states.get(state.target.id) === state) pump(state);
      }, delay);
    }
    wakeIdleWaiters();
  }

  function isIdle(): boolean {
    const events = store.events.all();
    return syncTargets().every(
      (state) => !state.inFlight && pendingEvents(events, state.target, state.deliveredSequence).length === 0,
    );
  }

  function wakeIdleWaiters(): void {
    if (idleWaiters.size === 0 || !isIdle()) return;
    for (const wake of [...idleWaiters]) wake();
  }

  /** Starts every delivery that can start now. */
  function pumpAll(): void {
    if (closed) return;
    try {
      for (const state of syncTargets()) pump(state);
    } catch {
      // Delivery must never fail a command; the next notify or retry tries again.
    }
  }

  /**
   * Deferred to a microtask: the commands of one tick go out as one batch, and a caller can still move cursors
   * (`skipToLatest` after a reset) before anything is sent.
   */
  function notify(): void {
    if (closed) return;
    try {
      syncTargets(); // at once: a target first seen now starts after the events raised so far, not those of this tick
    } catch {
      // as in pumpAll
    }
    if (pumpScheduled) return;
    pumpScheduled = true;
    queueMicrotask(() => {
      pumpScheduled = false;
      pumpAll();
    });
  }

  function statusOf(state: TargetState, events: readonly EventRecord[]): DeliveryStatus {
    const { target } = state;
    return {
      targetId: target.id,
      url: target.url,
      ...(target.tenant === undefined ? {} : { tenant: target.tenant }),
      deliveredSequence: state.deliveredSequence,
      pending: pendingEvents(events, target, state.deliveredSequence).length,
      delivered: state.delivered,
      delivering: state.inFlight,
      attempts: state.attempts,
      ...(state.lastError === undefined ? {} : { lastError: state.lastError }),
      ...(state.lastAttemptAt === undefined ? {} : { lastAttemptAt: new Date(state.lastAttemptAt).toISOString() }),
      ...(state.nextAttemptAt === undefined ? {} : { nextAttemptAt: new Date(state.nextAttemptAt).toISOString() }),
    };
  }

  return {
    notify,

    register(url, tenant) {
      const firstNew = lastSequenceOf(store);
      const target = store.atomically(() =>
        store.webhookTargets.insert({
          id: store.nextId("webhookTargets"),
          url,
          ...(tenant === undefined ? {} : { tenant }),
        }),
      );
      const state = stateOf(target); // the store's listeners may have created it already, with the same cursor
      state.deliveredSequence = firstNew;
      return target;
    },

    unregister(id) {
      const target = store.webhookTargets.get(id);
      if (target === undefined) return false;
      const state = states.get(id);
      if (state !== undefined) forget(id, state);
      // Tables have no delete: replace the rows outside a command, then run an empty command so listeners
      // (the data file) hear of the change.
      store.webhookTargets.replaceAll(store.webhookTargets.filter((row) => row.id !== id));
      store.atomically(() => undefined);
      wakeIdleWaiters();
      return true;
    },

    targets: () => store.webhookTargets.all(),

    deliveries() {
      const events = store.events.all();
      return syncTargets().map((state) => statusOf(state, events));
    },

    flush(timeoutMs) {
      pumpAll();
      if (closed) return Promise.resolve(false);
      if (isIdle()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const finish = (idle: boolean): void => {
          idleWaiters.delete(wake);
          timers.clearTimeout(timer);
          resolve(idle);
        };
        const wake = (): void => finish(!closed);
        const timer = timers.setTimeout(() => finish(isIdle()), timeoutMs);
        idleWaiters.add(wake);
      });
    },

    skipToLatest() {
      const last = lastSequenceOf(store);
      for (const state of syncTargets()) state.deliveredSequence = Math.max(state.deliveredSequence, last);
      wakeIdleWaiters();
    },

    snapshot() {
      syncTargets();
      const cursors: Record<string, number> = {};
      for (const [id, state] of states) cursors[String(id)] = state.deliveredSequence;
      return cursors;
    },

    restore(cursors) {
      for (const [id, sequence] of Object.entries(cursors)) {
        const targetId = Number(id);
        if (!Number.isInteger(targetId) || typeof sequence !== "number" || !Number.isFinite(sequence)) continue;
        const state = states.get(targetId);
        if (state === undefined) restored.set(targetId, sequence);
        else state.deliveredSequence = sequence;
      }
    },

    onProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const state of states.values()) {
        // Cleared but kept: `snapshot()` after close still reports every cursor (the data file's last write).
        if (state.retryTimer !== undefined) timers.clearTimeout(state.retryTimer);
        state.retryTimer = undefined;
      }
      closing.abort();
      for (const wake of [...idleWaiters]) wake();
      await Promise.allSettled([...inFlight]);
    },
  };
}

function safely(listener: () => void): void {
  try {
    listener();
  } catch {
    // A listener's failure (e.g. a data file write) is its own to report.
  }
}
