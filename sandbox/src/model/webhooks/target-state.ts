/** What the dispatcher keeps per target while it runs, and how that reads as a `DeliveryStatus`. */
import type { EventRecord, WebhookDeadLetterRecord, WebhookTargetRecord } from "../../foundation/state/records.js";
import type { Failure } from "./dead-letters.js";
import type { DeliveryStatus } from "./dispatcher-api.js";
import { pendingEvents } from "./payload.js";

/** What the dispatcher keeps per target, in memory; the cursor is also in the store (`webhookCursors`). */
export interface TargetState {
  target: WebhookTargetRecord;
  deliveredSequence: number;
  delivered: number;
  attempts: number;
  inFlight: boolean;
  retryTimer: unknown;
  lastError: string | undefined;
  lastAttemptAt: number | undefined;
  nextAttemptAt: number | undefined;
  /** When the current batch was first attempted (its age limit counts from there). */
  firstAttemptAt: number | undefined;
}

/** A new target's state, delivered up to `deliveredSequence`. */
export const newTargetState = (target: WebhookTargetRecord, deliveredSequence: number): TargetState => ({
  target,
  deliveredSequence,
  delivered: 0,
  attempts: 0,
  inFlight: false,
  retryTimer: undefined,
  lastError: undefined,
  lastAttemptAt: undefined,
  nextAttemptAt: undefined,
  firstAttemptAt: undefined,
});

export function statusOf(
  state: TargetState,
  events: readonly EventRecord[],
  letters: readonly WebhookDeadLetterRecord[],
): DeliveryStatus {
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
    deadLetters: letters.filter((letter) => letter.targetId === target.id).length,
    ...(state.lastError === undefined ? {} : { lastError: state.lastError }),
    ...(state.lastAttemptAt === undefined ? {} : { lastAttemptAt: new Date(state.lastAttemptAt).toISOString() }),
    ...(state.nextAttemptAt === undefined ? {} : { nextAttemptAt: new Date(state.nextAttemptAt).toISOString() }),
  };
}

/** Why a target's current batch is given up, as its dead letter records it. */
export function failureOf(state: TargetState, reason: "attempts" | "age", failedAt: string): Failure {
  return {
    reason,
    attempts: state.attempts,
    failedAt,
    ...(state.lastError === undefined ? {} : { lastError: state.lastError }),
    ...(state.firstAttemptAt === undefined ? {} : { firstAttemptAt: new Date(state.firstAttemptAt).toISOString() }),
  };
}
