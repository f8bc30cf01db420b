/**
 * Giving up honestly: a batch that keeps failing goes to the dead-letter list after the attempt or age limit,
 * later events flow on, a replay sends it again before newer events, and a target's backlog stays bounded.
 */
import { describe, expect, it } from "vitest";
import { FAST_RETRY, reasonsOf, setup, startTarget, until } from "./support.js";

const idsOf = (deliveries: readonly { readonly body: unknown }[]): number[] =>
  deliveries.flatMap((delivery) => (delivery.body as { EntityId: number }[]).map((event) => event.EntityId));

describe("dead letters", () => {
  it("gives a batch up after maxAttempts failed attempts, with why, and delivers the later events", async () => {
    let healthy = false;
    const target = await startTarget((response) => response.writeHead(healthy ? 204 : 503).end());
    const { dispatcher, raise, store } = setup({ retry: { ...FAST_RETRY, maxAttempts: 3 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);

    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(target.deliveries).toHaveLength(3);
    const [letter] = dispatcher.deadLetters();
    expect(letter).toMatchObject({
      targetId: 1,
      url: target.url,
      reason: "attempts",
      attempts: 3,
      lastError: "HTTP 503",
    });
    expect(letter!.events.map((event) => event.EntityId)).toEqual([1]);
    expect(Date.parse(letter!.failedAt)).not.toBeNaN();
    expect(dispatcher.deliveries()[0]).toMatchObject({ pending: 0, attempts: 0, deadLetters: 1, deliveredSequence: 1 });
    // In the store, so a data file keeps it.
    expect(store.webhookDeadLetters.all()).toEqual([letter]);

    healthy = true;
    raise("demo", "TransferCreated", 2);
    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(idsOf(target.deliveries.slice(3))).toEqual([2]);
  });

  it("gives a batch up once its first attempt is maxAgeMs old, whatever the attempts", async () => {
    const target = await startTarget((response) => response.writeHead(500).end());
    const { dispatcher, raise } = setup({ retry: { initialMs: 40, maxMs: 40, maxAttempts: 1_000, maxAgeMs: 100 } });
    dispatcher.register(target.url);
    raise("demo", "WithdrawalCreated", 4);

    expect(await dispatcher.flush(5_000)).toBe(true);
    const [letter] = dispatcher.deadLetters();
    expect(letter).toMatchObject({ reason: "age", lastError: "HTTP 500" });
    // Given up by age, long before the attempt limit; how many attempts fit into 100 ms depends on the machine's load.
    expect(letter!.attempts).toBeGreaterThanOrEqual(1);
    expect(letter!.attempts).toBeLessThan(1_000);
    expect(Date.parse(letter!.failedAt) - Date.parse(letter!.firstAttemptAt!)).toBeGreaterThanOrEqual(100);
  });

  it("replays a dead letter before the target's newer events, then removes it", async () => {
    let healthy = false;
    const target = await startTarget((response) => response.writeHead(healthy ? 204 : 503).end());
    const { dispatcher, raise } = setup({ retry: { ...FAST_RETRY, maxAttempts: 2 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    expect(await dispatcher.flush(5_000)).toBe(true);
    const [letter] = dispatcher.deadLetters();

    healthy = true;
    expect(dispatcher.replay(letter!.id)).toBe("queued");
    raise("demo", "TransferCompleted", 1);
    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(reasonsOf(target.deliveries.slice(2))).toEqual([["TransferCreated"], ["TransferCompleted"]]);
    expect(dispatcher.deadLetters()).toEqual([]);
    expect(dispatcher.replay(letter!.id)).toBe("not-found");
  });

  it("puts a replay that fails again back on the list with its new failure, and replays all of a target's", async () => {
    const target = await startTarget((response) => response.writeHead(502).end());
    const other = await startTarget();
    const { dispatcher, raise } = setup({ retry: { ...FAST_RETRY, maxAttempts: 2 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    raise("demo", "TransferCreated", 2);
    expect(await dispatcher.flush(5_000)).toBe(true);
    const before = dispatcher.deadLetters();
    expect(before).toHaveLength(1); // both events were one batch

    const otherTarget = dispatcher.register(other.url);
    expect(dispatcher.replayAll(otherTarget.id)).toEqual([]);
    expect(dispatcher.replayAll(1)).toEqual([before[0]!.id]);
    expect(dispatcher.deadLetters()[0]).toHaveProperty("replayRequestedAt");
    expect(await dispatcher.flush(5_000)).toBe(true);
    const after = dispatcher.deadLetters();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[0]!.id, reason: "attempts", attempts: 2, lastError: "HTTP 502" });
    expect(after[0]).not.toHaveProperty("replayRequestedAt");
    expect(target.deliveries).toHaveLength(4);
  });

  it("keeps a target's dead letters when it is unregistered, refuses to replay them, and discards on request", async () => {
    const target = await startTarget((response) => response.writeHead(500).end());
    const { dispatcher, raise } = setup({ retry: { ...FAST_RETRY, maxAttempts: 1 } });
    const { id } = dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    expect(await dispatcher.flush(5_000)).toBe(true);
    dispatcher.unregister(id);

    const [letter] = dispatcher.deadLetters();
    expect(dispatcher.replay(letter!.id)).toBe("target-gone");
    expect(dispatcher.replayAll()).toEqual([]);
    expect(dispatcher.discard(letter!.id)).toBe(true);
    expect(dispatcher.discard(letter!.id)).toBe(false);
    expect(dispatcher.deadLetters()).toEqual([]);
  });

  it("bounds a failing target's backlog: beyond maxPending the oldest events are dead-lettered in batches", async () => {
    const target = await startTarget((response) => response.writeHead(503).end());
    const { dispatcher, raise } = setup({
      maxPending: 3,
      batchSize: 2,
      retry: { initialMs: 60_000, maxMs: 60_000, maxAttempts: 1_000 },
    });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    await until(() => dispatcher.deliveries()[0]?.attempts === 1);
    for (let id = 2; id <= 10; id += 1) raise("demo", "TransferCreated", id);
    dispatcher.notify();
    // The next pump runs at the retry time; `flush` pumps now. The batch in flight [1] is not touched.
    await dispatcher.flush(50);

    const status = dispatcher.deliveries()[0]!;
    expect(status.pending).toBeLessThanOrEqual(3);
    const letters = dispatcher.deadLetters();
    expect(letters.every((letter) => letter.reason === "backlog" && letter.events.length <= 2)).toBe(true);
    const dead = letters.flatMap((letter) => letter.events.map((event) => event.EntityId));
    expect(dead).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(status.deadLetters).toBe(letters.length);
  });
});
