/**
 * What a target is sent next and what is given up, decided from records alone (no store, timers or sockets; the
 * dispatcher's loop applies the decisions): a replay queued for the target goes before its new events, new events
 * go in batches of at most `batchSize`, and the oldest events of a backlog beyond `maxPending` are dead-lettered.
 * When to retry and when a failing batch is given up: `delivery-policy.ts`.
 */
import type { EventRecord, WebhookDeadLetterRecord } from "../../foundation/state/records.js";

/** A batch on its way: new events past the target's cursor, or a dead letter being replayed. */
export type Batch =
  | { readonly kind: "events"; readonly events: readonly EventRecord[] }
  | { readonly kind: "replay"; readonly letter: WebhookDeadLetterRecord };

/** The events a batch carries. */
export const eventsOf = (batch: Batch): readonly EventRecord[] =>
  batch.kind === "replay" ? batch.letter.events : batch.events;

/** The oldest dead letter of the target queued for replay (lowest id). */
export function nextReplay(
  letters: readonly WebhookDeadLetterRecord[],
  targetId: number,
): WebhookDeadLetterRecord | undefined {
  let next: WebhookDeadLetterRecord | undefined;
  for (const letter of letters) {
    if (letter.targetId !== targetId || letter.replayRequestedAt === undefined) continue;
    if (next === undefined || letter.id < next.id) next = letter;
  }
  return next;
}

/**
 * The next batch of a target: its queued replay if it has one, else the oldest `batchSize` of its pending events
 * (in sequence order, `pendingEvents`); undefined when there is nothing to send.
 */
export function nextBatch(
  replay: WebhookDeadLetterRecord | undefined,
  pending: readonly EventRecord[],
  batchSize: number,
): Batch | undefined {
  if (replay !== undefined) return { kind: "replay", letter: replay };
  const events = pending.slice(0, Math.max(1, batchSize));
  return events.length === 0 ? undefined : { kind: "events", events };
}

/**
 * The oldest of `pending` beyond the newest `maxPending`, in batches of `batchSize`: what a target's backlog
 * limit dead-letters. Empty when the backlog is within the limit.
 */
export function backlogOverflow(
  pending: readonly EventRecord[],
  maxPending: number,
  batchSize: number,
): EventRecord[][] {
  const overflow = pending.slice(0, Math.max(0, pending.length - maxPending));
  const batches: EventRecord[][] = [];
  for (let start = 0; start < overflow.length; start += batchSize)
    batches.push(overflow.slice(start, start + batchSize));
  return batches;
}
