/**
 * Webhook delivery: every registered target receives the events raised after its registration (only its tenant's
 * when it has one), in sequence order, as the reference's delivery body: a JSON array of
 * `{ EntityType, EntityId, Reason, ApiUrl }` (the spec's `WebhookEventDelivery`).
 *
 * Guarantees (the reference shows none; these are the sandbox's): at-least-once while the sandbox runs and, with a
 * data file, across restarts (the cursors and the dead letters are stored). A batch is delivered when the target
 * answers 2xx; anything else is retried with exponential backoff and jitter up to the policy's limits
 * (`delivery-policy.ts`), then the batch goes to the dead-letter list, replayable from the control API. Each
 * target has at most one delivery in flight, so order holds, targets never wait for each other, and a target's
 * backlog is bounded (`maxPending`). A target cannot hang the sandbox: every attempt times out
 * (`post-batch.ts`), redirects are failures and response bodies are never read. This is the stateful loop; what
 * it sends next and what it gives up are pure decisions (`delivery-plan.ts`, `delivery-policy.ts`).
 */
import type { WebhookTargetRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { deadLetterBacklog, recordGivenUp, requestReplay, requestReplayAll } from "./dead-letters.js";
import { eventsOf, nextBatch, nextReplay, type Batch } from "./delivery-plan.js";
import { DEFAULT_MAX_PENDING, completePolicy, giveUpReason, retryDelayMs } from "./delivery-policy.js";
import { pendingEvents, toWebhookEvent } from "./payload.js";
import { postBatch, type AttemptOutcome } from "./post-batch.js";
import { failureOf, newTargetState, statusOf, type TargetState } from "./target-state.js";
import type { DispatcherTimers, WebhookDispatcher, WebhookDispatcherOptions } from "./dispatcher-api.js";

export { pendingEvents, toWebhookEvent, type WebhookEventPayload } from "./payload.js";
export type { ReplayOutcome } from "./dead-letters.js";
export type {
  DeliveryStatus,
  DispatcherTimers,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from "./dispatcher-api.js";
export { defaultRetryPolicy, retryDelayMs, type RetryPolicy } from "./delivery-policy.js";

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_BATCH_SIZE = 50;

const lastSequenceOf = (store: Store): number =>
  store.events.all().reduce((last, event) => Math.max(last, event.sequence), 0);

/** Real timers; `close()` clears the retry timers, which otherwise keep the process alive like the server does. */
const realTimers: DispatcherTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { store, baseUrl } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const policy = completePolicy(options.retry);
  const maxPending = Math.max(1, options.maxPending ?? DEFAULT_MAX_PENDING);
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);

  const states = new Map<number, TargetState>();
  const inFlight = new Set<Promise<void>>();
  const idleWaiters = new Set<() => void>();
  const closing = new AbortController();
  let closed = false;
  let pumpScheduled = false;
  const isoNow = (): string => new Date(timers.now()).toISOString();

  /** Stores a target's cursor; false when the data file could not take it (the cursor then stays where it was). */
  function saveCursor(state: TargetState, deliveredSequence: number): boolean {
    try {
      store.atomically(() => store.webhookCursors.put({ targetId: state.target.id, deliveredSequence }));
      state.deliveredSequence = deliveredSequence;
      return true;
    } catch {
      return false;
    }
  }

  /** The state of a target, created on first sight: from its stored cursor, else after the last event so far. */
  function stateOf(target: WebhookTargetRecord): TargetState {
    const known = states.get(target.id);
    if (known !== undefined) {
      known.target = target;
      return known;
    }
    const stored = store.webhookCursors.get(target.id)?.deliveredSequence;
    const state = newTargetState(target, stored ?? lastSequenceOf(store));
    states.set(target.id, state);
    if (stored === undefined) saveCursor(state, state.deliveredSequence);
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

  /**
   * Keeps a target's backlog within `maxPending`: the oldest events beyond it are dead-lettered (reason "backlog")
   * and a retry waiting for them is dropped. Not while a delivery is in flight (it ends within the timeout).
   */
  function trimBacklog(state: TargetState): void {
    if (state.inFlight) return;
    const pending = pendingEvents(store.events.all(), state.target, state.deliveredSequence);
    if (pending.length <= maxPending) return;
    try {
      const cursor = deadLetterBacklog(store, state.target, pending, { maxPending, batchSize, now: isoNow() });
      if (cursor === undefined) return;
      state.deliveredSequence = cursor;
    } catch {
      return; // the data file refused the dead letters: the backlog stays pending and is trimmed on the next pump
    }
    if (state.retryTimer !== undefined) timers.clearTimeout(state.retryTimer);
    state.retryTimer = undefined;
    state.attempts = 0;
    state.firstAttemptAt = undefined;
    state.nextAttemptAt = undefined;
  }

  /** The next batch of `state`: a queued replay first, then the oldest new events. */
  function batchOf(state: TargetState): Batch | undefined {
    const pending = pendingEvents(store.events.all(), state.target, state.deliveredSequence);
    return nextBatch(nextReplay(store.webhookDeadLetters.all(), state.target.id), pending, batchSize);
  }

  /** Starts the next delivery of `state` unless one is in flight or waiting for its retry time. */
  function pump(state: TargetState): void {
    if (closed) return;
    trimBacklog(state);
    if (state.inFlight || state.retryTimer !== undefined) return;
    const batch = batchOf(state);
    if (batch === undefined) return;
    state.inFlight = true;
    state.lastAttemptAt = timers.now();
    state.firstAttemptAt ??= state.lastAttemptAt;
    state.nextAttemptAt = undefined;
    const body = JSON.stringify(eventsOf(batch).map((event) => toWebhookEvent(event, baseUrl)));
    const attempt = postBatch(doFetch, state.target.url, body, timeoutMs, closing.signal)
      .then((outcome) => settle(state, batch, outcome))
      .catch(() => undefined)
      .finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }

  /** Records a delivered batch; false when the data file could not take it (the batch is then sent again). */
  function recordDelivered(state: TargetState, batch: Batch): boolean {
    if (batch.kind === "events") {
      const last = batch.events.at(-1)?.sequence ?? state.deliveredSequence;
      return saveCursor(state, Math.max(state.deliveredSequence, last));
    }
    try {
      store.atomically(() => store.webhookDeadLetters.delete(batch.letter.id));
      return true;
    } catch {
      return false;
    }
  }

  /** Moves a batch that ran out of attempts or time to the dead-letter list; false when that could not be stored. */
  function giveUp(state: TargetState, batch: Batch, reason: "attempts" | "age"): boolean {
    try {
      recordGivenUp(store, state.target, batch, failureOf(state, reason, isoNow()));
    } catch {
      return false;
    }
    state.deliveredSequence = store.webhookCursors.get(state.target.id)?.deliveredSequence ?? state.deliveredSequence;
    return true;
  }

  function settle(state: TargetState, batch: Batch, outcome: AttemptOutcome): void {
    state.inFlight = false;
    if (closed || states.get(state.target.id) !== state) return; // closed or unregistered meanwhile
    const count = eventsOf(batch).length;
    if (outcome.ok && recordDelivered(state, batch)) {
      state.delivered += count;
      finishBatch(state);
    } else {
      state.attempts += 1;
      state.lastError = outcome.ok ? "delivered, but the data file could not record it: sending again" : outcome.error;
      const reason = giveUpReason(state.attempts, state.firstAttemptAt ?? timers.now(), timers.now(), policy);
      if (reason !== undefined && giveUp(state, batch, reason)) finishBatch(state);
      else scheduleRetry(state);
    }
    wakeIdleWaiters();
  }

  function finishBatch(state: TargetState): void {
    state.attempts = 0;
    state.firstAttemptAt = undefined;
    state.lastError = undefined;
    pump(state);
  }

  function scheduleRetry(state: TargetState): void {
    const delay = retryDelayMs(state.attempts, policy, random);
    state.nextAttemptAt = timers.now() + delay;
    state.retryTimer = timers.setTimeout(() => {
      state.retryTimer = undefined;
      if (states.get(state.target.id) === state) pump(state);
    }, delay);
  }

  function isIdle(): boolean {
    const events = store.events.all();
    return syncTargets().every(
      (state) =>
        !state.inFlight &&
        nextReplay(store.webhookDeadLetters.all(), state.target.id) === undefined &&
        pendingEvents(events, state.target, state.deliveredSequence).length === 0,
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

  return {
    notify,

    register(url, tenant) {
      const firstNew = lastSequenceOf(store);
      const target = store.atomically(() => {
        const inserted = store.webhookTargets.insert({
          id: store.nextId("webhookTargets"),
          url,
          ...(tenant === undefined ? {} : { tenant }),
        });
        store.webhookCursors.put({ targetId: inserted.id, deliveredSequence: firstNew });
        return inserted;
      });
      const state = stateOf(target); // the store's listeners may have created it already, with the same cursor
      state.deliveredSequence = firstNew;
      return target;
    },

    unregister(id) {
      const target = store.webhookTargets.get(id);
      if (target === undefined) return false;
      store.atomically(() => {
        store.webhookTargets.delete(id);
        store.webhookCursors.delete(id);
      });
      const state = states.get(id);
      if (state !== undefined) forget(id, state);
      wakeIdleWaiters();
      return true;
    },

    targets: () => store.webhookTargets.all(),

    deliveries() {
      const events = store.events.all();
      const letters = store.webhookDeadLetters.all();
      return syncTargets().map((state) => statusOf(state, events, letters));
    },

    deadLetters: () => store.webhookDeadLetters.all().sort((a, b) => a.id - b.id),

    replay(id) {
      const outcome = requestReplay(store, id, isoNow());
      if (outcome === "queued") notify();
      return outcome;
    },

    replayAll(targetId) {
      const queued = requestReplayAll(store, targetId, isoNow());
      if (queued.length > 0) notify();
      return queued;
    },

    discard(id) {
      if (store.webhookDeadLetters.get(id) === undefined) return false;
      store.atomically(() => store.webhookDeadLetters.delete(id));
      wakeIdleWaiters();
      return true;
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
      const targets = syncTargets();
      store.atomically(() => {
        for (const { target, deliveredSequence } of targets)
          store.webhookCursors.put({ targetId: target.id, deliveredSequence: Math.max(deliveredSequence, last) });
      });
      for (const state of targets) state.deliveredSequence = Math.max(state.deliveredSequence, last);
      wakeIdleWaiters();
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const state of states.values()) {
        if (state.retryTimer !== undefined) timers.clearTimeout(state.retryTimer);
        state.retryTimer = undefined;
      }
      closing.abort();
      for (const wake of [...idleWaiters]) wake();
      await Promise.allSettled([...inFlight]);
    },
  };
}
