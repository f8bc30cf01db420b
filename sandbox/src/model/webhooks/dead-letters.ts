/**
 * The dead-letter list: batches a target did not take within the retry limits, kept in the store (and so in
 * the data file) with their events whole. A replay marks a dead letter; the dispatcher then sends it before the
 * target's newer events and removes it once delivered, or puts it back with the new failure.
 */
import type { EventRecord, WebhookDeadLetterRecord, WebhookTargetRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { backlogOverflow, type Batch } from "./delivery-plan.js";

/** Why and when delivery of a batch stopped. */
export type Failure = Pick<
  WebhookDeadLetterRecord,
  "reason" | "attempts" | "failedAt" | "lastError" | "firstAttemptAt"
>;

/** A new dead letter of `events` for `target` (call inside a command: it takes an id). */
export function deadLetterOf(
  store: Store,
  target: WebhookTargetRecord,
  events: readonly EventRecord[],
  failure: Failure,
): WebhookDeadLetterRecord {
  return { id: store.nextId("webhookDeadLetters"), targetId: target.id, url: target.url, events, ...failure };
}

/**
 * Dead-letters the part of a target's backlog beyond `maxPending` (oldest first) and moves its cursor past
 * them, in one command; returns the new cursor, or undefined when there was nothing to do. Throws when the
 * data file refuses (the backlog then stays pending).
 */
export function deadLetterBacklog(
  store: Store,
  target: WebhookTargetRecord,
  pending: readonly EventRecord[],
  limits: { readonly maxPending: number; readonly batchSize: number; readonly now: string },
): number | undefined {
  const overflow = backlogOverflow(pending, limits.maxPending, limits.batchSize);
  const last = overflow.at(-1)?.at(-1);
  if (last === undefined) return undefined;
  store.atomically(() => {
    for (const events of overflow)
      store.webhookDeadLetters.insert(
        deadLetterOf(store, target, events, { reason: "backlog", attempts: 0, failedAt: limits.now }),
      );
    store.webhookCursors.put({ targetId: target.id, deliveredSequence: last.sequence });
  });
  return last.sequence;
}

/**
 * Records a batch given up: new events become a dead letter and the cursor moves past them; a replayed dead
 * letter goes back to the list with its new failure (unless it was discarded meanwhile). One command; throws
 * when the data file refuses.
 */
export function recordGivenUp(store: Store, target: WebhookTargetRecord, batch: Batch, failure: Failure): void {
  store.atomically(() => {
    if (batch.kind === "replay") {
      const replayed = batch.letter;
      if (store.webhookDeadLetters.get(replayed.id) === undefined) return;
      const { replayRequestedAt: _done, lastError: _last, firstAttemptAt: _first, ...letter } = replayed;
      store.webhookDeadLetters.put({ ...letter, ...failure });
      return;
    }
    const last = batch.events.at(-1);
    if (last === undefined) return;
    store.webhookDeadLetters.insert(deadLetterOf(store, target, batch.events, failure));
    const cursor = store.webhookCursors.get(target.id)?.deliveredSequence ?? 0;
    store.webhookCursors.put({ targetId: target.id, deliveredSequence: Math.max(cursor, last.sequence) });
  });
}

export type ReplayOutcome = "queued" | "not-found" | "target-gone";

/** Marks dead letters for replay, in one command. */
function queueReplays(store: Store, letters: readonly WebhookDeadLetterRecord[], now: string): number[] {
  store.atomically(() => {
    for (const letter of letters) store.webhookDeadLetters.put({ ...letter, replayRequestedAt: now });
  });
  return letters.map((letter) => letter.id);
}

/** Queues one dead letter for replay (to its target as registered now). */
export function requestReplay(store: Store, id: number, now: string): ReplayOutcome {
  const letter = store.webhookDeadLetters.get(id);
  if (letter === undefined) return "not-found";
  if (store.webhookTargets.get(letter.targetId) === undefined) return "target-gone";
  if (letter.replayRequestedAt === undefined) queueReplays(store, [letter], now);
  return "queued";
}

/** Queues every dead letter not queued yet whose target is registered (of `targetId` only, when given). */
export function requestReplayAll(store: Store, targetId: number | undefined, now: string): number[] {
  const letters = store.webhookDeadLetters.filter(
    (letter) =>
      letter.replayRequestedAt === undefined &&
      (targetId === undefined || letter.targetId === targetId) &&
      store.webhookTargets.get(letter.targetId) !== undefined,
  );
  return letters.length === 0 ? [] : queueReplays(store, letters, now);
}
