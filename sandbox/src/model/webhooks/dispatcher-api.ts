/** The webhook dispatcher's public shape: its options, what it reports, and what it does (`dispatcher.ts`). */
import type { TenantId, WebhookDeadLetterRecord, WebhookTargetRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { ReplayOutcome } from "./dead-letters.js";
import type { RetryPolicy } from "./delivery-policy.js";

/** Where a target's delivery stands, for the control API and tests. */
export interface DeliveryStatus {
  readonly targetId: number;
  readonly url: string;
  readonly tenant?: TenantId;
  /** Sequence number of the last event delivered (or skipped: older than the registration, or dead-lettered). */
  readonly deliveredSequence: number;
  /** Events raised for this target and not delivered yet (at most the dispatcher's `maxPending`). */
  readonly pending: number;
  /** Events delivered since the sandbox started. */
  readonly delivered: number;
  /** True while a delivery is in flight. */
  readonly delivering: boolean;
  /** Failed attempts at the current batch (0 after a success). */
  readonly attempts: number;
  /** Batches of this target in the dead-letter list. */
  readonly deadLetters: number;
  readonly lastError?: string;
  readonly lastAttemptAt?: string;
  /** When the next retry is due, while one is scheduled. */
  readonly nextAttemptAt?: string;
}

/** The timer functions the dispatcher uses for retries; tests pass a fake. `now` is milliseconds since the epoch. */
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
  /** Default: 500 ms doubling to 30 s, 10 attempts, 15 minutes (`delivery-policy.ts`). */
  readonly retry?: RetryPolicy;
  /** Undelivered events a target may have before the oldest are dead-lettered; default 1,000. */
  readonly maxPending?: number;
  /** Source of jitter in [0, 1); default Math.random. */
  readonly random?: () => number;
  readonly timers?: DispatcherTimers;
  /** Time limit of one delivery attempt (real time); default 5000 ms. */
  readonly timeoutMs?: number;
  /** Most events in one delivery; default 50. */
  readonly batchSize?: number;
}

export interface WebhookDispatcher {
  /** Looks for new events and targets and starts deliveries (in a microtask); call after every command. Never throws. */
  notify(): void;
  /** Adds a target that receives the events raised from now on (of `tenant` only, when given). */
  register(url: string, tenant?: TenantId): WebhookTargetRecord;
  /** Removes a target (its dead letters stay, for the record); false when there is none with that id. */
  unregister(id: number): boolean;
  /** The registered targets, in registration order. */
  targets(): WebhookTargetRecord[];
  deliveries(): DeliveryStatus[];
  /** The dead-letter list, oldest first. */
  deadLetters(): WebhookDeadLetterRecord[];
  /** Queues a dead-lettered batch to be sent again, before its target's newer events. */
  replay(id: number): ReplayOutcome;
  /** Queues every dead-lettered batch (of `targetId` only, when given) whose target is registered; returns their ids. */
  replayAll(targetId?: number): number[];
  /** Removes a dead letter for good; false when there is none with that id. */
  discard(id: number): boolean;
  /** True once nothing is pending, queued for replay or in flight; false when `timeoutMs` passes first. */
  flush(timeoutMs: number): Promise<boolean>;
  /**
   * Marks every event raised so far as delivered without sending it: after a reset, the re-seeded events are the
   * seed's history, which a target registered after seeding never receives either.
   */
  skipToLatest(): void;
  /** Stops retrying and aborts deliveries in flight; afterwards `notify` does nothing. */
  close(): Promise<void>;
}
