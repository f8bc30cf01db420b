// @module-tag node-lines: deliveries with fetch (undici) to node:http targets.
import type { ServerResponse } from "node:http";
import { parseWebhookEvents } from "@account-funds/client";
import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { Store } from "../../../src/foundation/state/store.js";
import {
  createWebhookDispatcher,
  retryDelayMs,
  type DispatcherTimers,
} from "../../../src/model/webhooks/dispatcher.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";
import { BASE_URL, FAST_RETRY, cleanups, reasonsOf, setup, startTarget, until, type Target } from "./support.js";

describe("webhook delivery", () => {
  it("posts the pending events as one JSON array the spec's WebhookEventDelivery accepts, in order", async () => {
    const target = await startTarget();
    const { dispatcher, store } = setup();
    dispatcher.register(target.url);
    store.atomically(() => {
      const events = createEventSink(store, createSandboxClock());
      events.raise("demo", "TransferCreated", 7);
      events.raise("demo", "IncomingTransferCompleted", 7);
      events.raise("demo", "WithdrawalCanceled", 3);
    });

    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(target.deliveries).toHaveLength(1);
    const [delivery] = target.deliveries;
    expect(delivery!.headers["content-type"]).toBe("application/json");
    expect(delivery!.body).toEqual([
      {
        EntityType: "Transfer",
        EntityId: 7,
        Reason: "TransferCreated",
        ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(7)`,
      },
      {
        EntityType: "Transfer",
        EntityId: 7,
        Reason: "IncomingTransferCompleted",
        ApiUrl: `${BASE_URL}/api/v1/InboundTransfers(7)`,
      },
      {
        EntityType: "Withdrawal",
        EntityId: 3,
        Reason: "WithdrawalCanceled",
        ApiUrl: `${BASE_URL}/api/v1/Withdrawals(3)`,
      },
    ]);
    expect(parseWebhookEvents(delivery!.body)).toMatchObject({ ok: true });
    expect(dispatcher.deliveries()).toEqual([
      expect.objectContaining({
        url: target.url,
        deliveredSequence: 3,
        pending: 0,
        delivered: 3,
        attempts: 0,
        delivering: false,
      }),
    ]);
  });

  it("caps a batch and keeps the events in sequence order across deliveries", async () => {
    const target = await startTarget();
    const { dispatcher, raise } = setup({ batchSize: 2 });
    dispatcher.register(target.url);
    // Five commands in one tick: delivery starts after them (notify is deferred), so they go out as full batches.
    for (let id = 1; id <= 5; id += 1) raise("demo", "TransferCreated", id);

    expect(await dispatcher.flush(5_000)).toBe(true);
    const ids = target.deliveries.map((delivery) =>
      (delivery.body as { EntityId: number }[]).map((event) => event.EntityId),
    );
    expect(ids).toEqual([[1, 2], [3, 4], [5]]);
    for (const delivery of target.deliveries) expect(parseWebhookEvents(delivery.body).ok).toBe(true);
  });

  it("retries a batch answered with 500 until it is accepted", async () => {
    const target = await startTarget((response, index) => response.writeHead(index < 2 ? 500 : 200).end("ok"));
    const { dispatcher, raise } = setup();
    dispatcher.register(target.url);
    raise("demo", "WithdrawalCreated", 11);

    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(target.deliveries).toHaveLength(3);
    expect(new Set(target.deliveries.map((delivery) => JSON.stringify(delivery.body))).size).toBe(1);
    expect(dispatcher.deliveries()[0]).toMatchObject({ deliveredSequence: 1, pending: 0, attempts: 0 });
    expect(dispatcher.deliveries()[0]).not.toHaveProperty("lastError");
  });

  it("reports a failing target's attempts, last error and next attempt time", async () => {
    const target = await startTarget((response) => response.writeHead(503).end());
    const { dispatcher, raise } = setup({ retry: { initialMs: 50, maxMs: 50, maxAttempts: 100 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCanceled", 2);

    await until(() => (dispatcher.deliveries()[0]?.attempts ?? 0) >= 2);
    const status = dispatcher.deliveries()[0]!;
    expect(status).toMatchObject({ pending: 1, deliveredSequence: 0, lastError: "HTTP 503" });
    expect(Date.parse(status.lastAttemptAt!)).not.toBeNaN();
    expect(await dispatcher.flush(100)).toBe(false);
  });

  it("retries after network errors until the target comes up", async () => {
    const probe = await startTarget();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now: connection refused
    const { dispatcher, raise } = setup();
    dispatcher.register(`http://127.0.0.1:${port}/hook`);
    raise("demo", "TransferCreated", 1);
    await until(() => (dispatcher.deliveries()[0]?.attempts ?? 0) >= 2);
    expect(dispatcher.deliveries()[0]!.lastError).toMatch(/fetch failed|ECONNREFUSED/);

    raise("demo", "TransferCompleted", 1);
    const target = await startTarget(undefined, port);
    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(reasonsOf(target.deliveries).flat()).toEqual(["TransferCreated", "TransferCompleted"]);
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const elsewhere = await startTarget();
    const target = await startTarget((response) => response.writeHead(307, { location: elsewhere.url }).end());
    const { dispatcher, raise } = setup({ retry: { initialMs: 1_000, maxMs: 1_000 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);

    await until(() => dispatcher.deliveries()[0]?.attempts === 1);
    expect(dispatcher.deliveries()[0]!.lastError).toBe("HTTP 307 (redirects are not followed)");
    expect(elsewhere.deliveries).toHaveLength(0);
  });

  it("delivers a tenant's target only that tenant's events, and a target without a tenant all of them", async () => {
    const demo = await startTarget();
    const other = await startTarget();
    const all = await startTarget();
    const { dispatcher, raise } = setup();
    dispatcher.register(demo.url, "demo");
    dispatcher.register(other.url, "other");
    dispatcher.register(all.url);
    raise("demo", "TransferCreated", 1);
    raise("other", "WithdrawalCreated", 2);
    raise("demo", "TransferCanceled", 1);

    expect(await dispatcher.flush(5_000)).toBe(true);
    const ids = (target: Target): number[] =>
      target.deliveries.flatMap((delivery) => (delivery.body as { EntityId: number }[]).map((event) => event.EntityId));
    expect(ids(demo)).toEqual([1, 1]);
    expect(ids(other)).toEqual([2]);
    expect(ids(all)).toEqual([1, 2, 1]);
  });

  it("gives a target registered later only the events raised after its registration", async () => {
    const early = await startTarget();
    const late = await startTarget();
    const direct = await startTarget();
    const { dispatcher, raise, store } = setup();
    dispatcher.register(early.url);
    raise("demo", "TransferCreated", 1);
    expect(await dispatcher.flush(5_000)).toBe(true);

    dispatcher.register(late.url);
    // A target that appears in the store by other means starts at the events raised after it is first seen.
    store.atomically(() => store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: direct.url }));
    raise("demo", "TransferCompleted", 1);

    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(reasonsOf(early.deliveries).flat()).toEqual(["TransferCreated", "TransferCompleted"]);
    expect(reasonsOf(late.deliveries).flat()).toEqual(["TransferCompleted"]);
    expect(reasonsOf(direct.deliveries).flat()).toEqual(["TransferCompleted"]);
  });

  it("does not let a hung target block the others, and never has two deliveries in flight to one target", async () => {
    const held: ServerResponse[] = [];
    const hung = await startTarget((response) => held.push(response));
    const healthy = await startTarget();
    const { dispatcher, raise } = setup({ timeoutMs: 300, retry: { initialMs: 10_000, maxMs: 10_000 } });
    dispatcher.register(hung.url);
    dispatcher.register(healthy.url);
    raise("demo", "TransferCreated", 1);
    raise("demo", "TransferCreated", 2);
    await until(() => hung.deliveries.length === 1);
    raise("demo", "TransferCreated", 3);

    await until(() => reasonsOf(healthy.deliveries).flat().length === 3);
    expect(hung.deliveries).toHaveLength(1);
    expect(dispatcher.deliveries()[0]).toMatchObject({ delivering: true, pending: 3 });

    await until(() => dispatcher.deliveries()[0]?.lastError !== undefined);
    expect(dispatcher.deliveries()[0]).toMatchObject({
      delivering: false,
      attempts: 1,
      lastError: "timed out after 300 ms",
    });
    expect(dispatcher.deliveries()[0]!.nextAttemptAt).toBeDefined();
    expect(hung.deliveries).toHaveLength(1);
  });

  it("counts a 2xx as delivered without reading its body, even one that never ends", async () => {
    const target = await startTarget((response) => {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.write(Buffer.alloc(1024 * 1024));
      // never ended: the dispatcher must not wait for the rest
    });
    const { dispatcher, raise } = setup({ timeoutMs: 2_000 });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    expect(await dispatcher.flush(1_000)).toBe(true);
    expect(dispatcher.deliveries()[0]).toMatchObject({ delivered: 1, attempts: 0 });
  });

  it("stops delivering to an unregistered target and removes it from the store", async () => {
    const target = await startTarget((response) => response.writeHead(500).end());
    const { dispatcher, raise, store } = setup();
    const { id } = dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    await until(() => target.deliveries.length >= 1);

    expect(dispatcher.unregister(id)).toBe(true);
    expect(dispatcher.unregister(id)).toBe(false);
    expect(store.webhookTargets.all()).toEqual([]);
    expect(dispatcher.deliveries()).toEqual([]);
    expect(await dispatcher.flush(1_000)).toBe(true);
  });

  it("resumes from the cursors in the store (a data file's), and keeps each delivered batch's cursor there", async () => {
    const target = await startTarget();
    const store = new Store(emptyState());
    const events = createEventSink(store, createSandboxClock());
    store.atomically(() => {
      store.webhookTargets.insert({ id: store.nextId("webhookTargets"), url: target.url });
      store.webhookCursors.insert({ targetId: 1, deliveredSequence: 1 });
    });
    store.atomically(() => {
      events.raise("demo", "TransferCreated", 1);
      events.raise("demo", "TransferCreated", 2);
      events.raise("demo", "TransferCreated", 3);
    });
    const dispatcher = createWebhookDispatcher({ store, baseUrl: BASE_URL, retry: FAST_RETRY });
    cleanups.push(() => dispatcher.close());
    expect(await dispatcher.flush(5_000)).toBe(true);
    const ids = target.deliveries.flatMap((delivery) =>
      (delivery.body as { EntityId: number }[]).map((event) => event.EntityId),
    );
    expect(ids).toEqual([2, 3]);
    expect(store.webhookCursors.all()).toEqual([{ targetId: 1, deliveredSequence: 3 }]);
  });

  it("skips the events raised so far on skipToLatest (a reset's re-seeded events)", async () => {
    const target = await startTarget();
    const { dispatcher, raise, store } = setup();
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    store.restore({ ...store.toJSON(), transfers: [] }); // re-raises the seed's events with new sequence numbers
    dispatcher.skipToLatest();
    raise("demo", "WithdrawalCreated", 9);

    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(reasonsOf(target.deliveries).flat()).toEqual(["WithdrawalCreated"]);
    expect(dispatcher.deliveries()[0]).toMatchObject({ deliveredSequence: 3, pending: 0 });
  });

  it("stores a registered target's cursor with it, and removes both on unregister", async () => {
    const target = await startTarget();
    const { dispatcher, raise, store } = setup();
    raise("demo", "TransferCreated", 1);
    const { id } = dispatcher.register(target.url);
    expect(store.webhookCursors.get(id)).toEqual({ targetId: id, deliveredSequence: 1 });
    raise("demo", "TransferCreated", 2);
    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(store.webhookCursors.get(id)).toEqual({ targetId: id, deliveredSequence: 2 });
    dispatcher.unregister(id);
    expect(store.webhookCursors.all()).toEqual([]);
  });

  it("never throws into the caller when fetch itself throws, and retries", async () => {
    let calls = 0;
    const failingFetch: typeof fetch = () => {
      calls += 1;
      if (calls < 3) throw new Error("boom");
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    const { dispatcher, raise } = setup({ fetch: failingFetch });
    dispatcher.register("http://127.0.0.1:9/hook");
    expect(() => raise("demo", "TransferCreated", 1)).not.toThrow();
    expect(await dispatcher.flush(5_000)).toBe(true);
    expect(calls).toBe(3);
  });

  it("resolves flush with false when a target keeps failing, and close ends the retries", async () => {
    const target = await startTarget((response) => response.writeHead(500).end());
    const { dispatcher, raise } = setup({ retry: { ...FAST_RETRY, maxAttempts: 1_000 } });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);
    expect(await dispatcher.flush(200)).toBe(false);
    await dispatcher.close();
    // A request aborted by close may already be on the wire and still reach the target: let those land first,
    // then no new attempt may start, over many retry intervals.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const count = target.deliveries.length;
    await new Promise((resolve) => setTimeout(resolve, 20 * FAST_RETRY.maxMs));
    expect(target.deliveries.length).toBe(count);
    expect(await dispatcher.flush(100)).toBe(false);
  });
});

describe("retry timing", () => {
  it("doubles from initialMs to maxMs, keeping at least half of each delay", () => {
    const policy = { initialMs: 500, maxMs: 30_000 };
    const highest = [1, 2, 3, 4, 5, 6, 7, 8, 100].map((attempt) => retryDelayMs(attempt, policy, () => 1));
    expect(highest).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryDelayMs(3, policy, () => 0)).toBe(1_000);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(1_500);
  });

  it("waits for the retry timer before trying again", async () => {
    const scheduled: { callback: () => void; ms: number }[] = [];
    let now = Date.parse("2025-01-01T00:00:00Z");
    const timers: DispatcherTimers = {
      now: () => now,
      setTimeout: (callback, ms) => scheduled.push({ callback, ms }),
      clearTimeout: () => undefined,
    };
    const target = await startTarget((response, index) => response.writeHead(index === 0 ? 500 : 204).end());
    const { dispatcher, raise } = setup({ timers, retry: { initialMs: 500, maxMs: 30_000 }, random: () => 1 });
    dispatcher.register(target.url);
    raise("demo", "TransferCreated", 1);

    await until(() => scheduled.length === 1);
    expect(scheduled[0]!.ms).toBe(500);
    expect(dispatcher.deliveries()[0]).toMatchObject({ attempts: 1, nextAttemptAt: "2025-01-01T00:00:00.500Z" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target.deliveries).toHaveLength(1);

    now += 500;
    scheduled[0]!.callback();
    await until(() => dispatcher.deliveries()[0]?.delivered === 1);
    expect(target.deliveries).toHaveLength(2);
  });
});
