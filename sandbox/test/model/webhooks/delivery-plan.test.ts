/**
 * The dispatcher's decisions as pure functions, without a store, timers or sockets: which events a target still
 * has to receive, what it is sent next, what its backlog limit dead-letters, when a failing batch is given up and
 * how long a retry waits.
 */
import { describe, expect, it } from "vitest";
import type { EventRecord, WebhookDeadLetterRecord } from "../../../src/foundation/state/records.js";
import { backlogOverflow, eventsOf, nextBatch, nextReplay } from "../../../src/model/webhooks/delivery-plan.js";
import { completePolicy, giveUpReason, retryDelayMs } from "../../../src/model/webhooks/delivery-policy.js";
import { pendingEvents } from "../../../src/model/webhooks/payload.js";

const event = (sequence: number, tenant = "demo"): EventRecord => ({
  sequence,
  tenant,
  EntityType: "Transfer",
  EntityId: sequence,
  Reason: "TransferCreated",
  apiPath: `/api/v1/Transfers/Outbound(${sequence})`,
  raisedAt: "2025-03-01T10:00:00.000Z",
});

const letter = (id: number, targetId: number, queued: boolean): WebhookDeadLetterRecord => ({
  id,
  targetId,
  url: "http://127.0.0.1:9/",
  events: [event(id)],
  reason: "attempts",
  attempts: 10,
  failedAt: "2025-03-01T10:00:00.000Z",
  ...(queued ? { replayRequestedAt: "2025-03-01T11:00:00.000Z" } : {}),
});

const sequences = (events: readonly EventRecord[]): number[] => events.map((found) => found.sequence);

describe("what a target is sent", () => {
  it("is its tenant's events (all of them without a tenant) past its cursor, in sequence order", () => {
    const events = [event(4), event(2, "other"), event(3), event(1), event(5, "other")];
    expect(sequences(pendingEvents(events, { id: 1, url: "u", tenant: "demo" }, 1))).toEqual([3, 4]);
    expect(sequences(pendingEvents(events, { id: 2, url: "u" }, 2))).toEqual([3, 4, 5]);
    expect(pendingEvents(events, { id: 3, url: "u" }, 5)).toEqual([]);
  });

  it("is a queued replay before any new event, else the oldest events up to the batch size, else nothing", () => {
    const pending = [event(1), event(2), event(3)];
    const replay = letter(7, 1, true);
    expect(nextBatch(replay, pending, 2)).toEqual({ kind: "replay", letter: replay });
    const batch = nextBatch(undefined, pending, 2);
    expect(batch).toEqual({ kind: "events", events: [event(1), event(2)] });
    expect(sequences(eventsOf(batch!))).toEqual([1, 2]);
    expect(eventsOf(nextBatch(replay, [], 2)!)).toEqual(replay.events);
    expect(nextBatch(undefined, [], 50)).toBeUndefined();
  });

  it("replays the oldest dead letter queued for the target, not one of another target's or one not queued", () => {
    const letters = [letter(4, 1, true), letter(3, 2, true), letter(2, 1, false), letter(5, 1, true)];
    expect(nextReplay(letters, 1)?.id).toBe(4);
    expect(nextReplay(letters, 2)?.id).toBe(3);
    expect(nextReplay(letters, 3)).toBeUndefined();
    expect(nextReplay([letter(2, 1, false)], 1)).toBeUndefined();
  });
});

describe("what is given up", () => {
  it("beyond the backlog limit: the oldest events, in batches, leaving the newest maxPending", () => {
    const pending = [1, 2, 3, 4, 5, 6, 7].map((sequence) => event(sequence));
    expect(backlogOverflow(pending, 2, 2).map(sequences)).toEqual([[1, 2], [3, 4], [5]]);
    expect(backlogOverflow(pending, 7, 2)).toEqual([]);
    expect(backlogOverflow(pending, 10, 2)).toEqual([]);
  });

  it("a failing batch after maxAttempts attempts or once its first attempt is maxAgeMs old, whichever is first", () => {
    const policy = completePolicy({ initialMs: 500, maxMs: 30_000, maxAttempts: 3, maxAgeMs: 60_000 });
    expect(giveUpReason(2, 0, 59_999, policy)).toBeUndefined();
    expect(giveUpReason(3, 0, 1_000, policy)).toBe("attempts");
    expect(giveUpReason(1, 0, 60_000, policy)).toBe("age");
    expect(giveUpReason(3, 0, 60_000, policy)).toBe("attempts");
    // Defaults: 10 attempts, 15 minutes.
    const defaults = completePolicy(undefined);
    expect(giveUpReason(9, 0, 15 * 60_000 - 1, defaults)).toBeUndefined();
    expect(giveUpReason(10, 0, 0, defaults)).toBe("attempts");
  });
});

describe("a retry", () => {
  it("waits half to all of initialMs doubled per failed attempt, capped at maxMs, whatever the jitter source", () => {
    const policy = { initialMs: 200, maxMs: 1_000 };
    for (const [attempt, ceiling] of [
      [1, 200],
      [2, 400],
      [3, 800],
      [4, 1_000],
      [60, 1_000],
    ] as const) {
      expect(retryDelayMs(attempt, policy, () => 0)).toBe(ceiling / 2);
      expect(retryDelayMs(attempt, policy, () => 0.999_999)).toBe(ceiling);
      // A jitter source out of [0, 1) is clamped, never a delay out of the bounds.
      expect(retryDelayMs(attempt, policy, () => -3)).toBe(ceiling / 2);
      expect(retryDelayMs(attempt, policy, () => 7)).toBe(ceiling);
    }
    expect(retryDelayMs(0, policy, () => 1)).toBe(200);
  });
});
