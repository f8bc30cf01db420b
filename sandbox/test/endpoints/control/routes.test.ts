import { createServer, type Server } from "node:http";
import { DEFAULT_LIMITS } from "../../../src/foundation/http/limits.js";
import { serveNode } from "../../../src/foundation/http/node-adapter.js";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandboxClock, type SandboxClock } from "../../../src/foundation/clock.js";
import { handleControlRequest, type ControlDependencies } from "../../../src/endpoints/control/routes.js";
import { completeExchange } from "../../../src/model/domain/exchanges.js";
import { completeTransfer } from "../../../src/model/domain/transfers.js";
import { completeWithdrawal } from "../../../src/model/domain/withdrawals.js";
import type { TransferRecord } from "../../../src/foundation/state/records.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createWebhookDispatcher, type WebhookDispatcher } from "../../../src/model/webhooks/dispatcher.js";
import { createEventSink, type EventSink } from "../../../src/model/webhooks/event-sink.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { StoreWriteError } from "../../../src/foundation/state/store-write-error.js";
import { SqliteUnavailableError } from "../../../src/foundation/state/sqlite-driver.js";

// The sandbox project's files share one module registry (isolate: false, vitest.config.ts), and this one mocks
// modules: it empties the registry before its imports (so that the control routes are loaded again, with the mocks)
// and, with the mocks undone, after its tests (so that no other file gets a mocked module).
const MOCKED = [
  "../../../src/model/domain/transfers.js",
  "../../../src/model/domain/withdrawals.js",
  "../../../src/model/domain/exchanges.js",
];
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  for (const path of MOCKED) vi.doUnmock(path);
  vi.resetModules();
});

// The completion commands keep their real behaviour unless a test says otherwise.
vi.mock("../../../src/model/domain/transfers.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/model/domain/transfers.js")>();
  return { ...actual, completeTransfer: vi.fn(actual.completeTransfer) };
});
vi.mock("../../../src/model/domain/withdrawals.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/model/domain/withdrawals.js")>();
  return { ...actual, completeWithdrawal: vi.fn(actual.completeWithdrawal) };
});
vi.mock("../../../src/model/domain/exchanges.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/model/domain/exchanges.js")>();
  return { ...actual, completeExchange: vi.fn(actual.completeExchange) };
});

const START = new Date("2025-01-01T00:00:00.000Z");
const usernames: Record<string, string> = { "demo@example.com": "demo", "other@example.com": "other" };

let server: Server;
let baseUrl: string;
let store: Store;
let clock: SandboxClock;
let events: EventSink;
let dispatcher: WebhookDispatcher;
let reset: ReturnType<typeof vi.fn<() => void>>;
let snapshot: ReturnType<typeof vi.fn<() => Uint8Array>>;

beforeEach(async () => {
  vi.clearAllMocks();
  store = new Store(emptyState());
  clock = createSandboxClock(START);
  events = createEventSink(store, clock);
  reset = vi.fn(() => store.restore(emptyState()));
  snapshot = vi.fn(() => new TextEncoder().encode("SQLite format 3\0 and the rest"));
  server = createServer();
  const serve = (request: Request): Promise<Response> => {
    const deps: ControlDependencies = {
      store,
      clock,
      events,
      dispatcher,
      reset,
      tenantOfUsername: (username) => usernames[username],
      baseUrl,
      snapshot,
    };
    return handleControlRequest(request, new URL(request.url), deps, {
      ...DEFAULT_LIMITS,
      maxBytes: DEFAULT_LIMITS.maxBodyBytes,
    });
  };
  serveNode(server, { entryPoint: "http", limits: DEFAULT_LIMITS, authority: () => "127.0.0.1", serve });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Targets at an unused port: delivery fails quietly and retries slowly; these tests only read the status.
  dispatcher = createWebhookDispatcher({ store, baseUrl, retry: { initialMs: 60_000, maxMs: 60_000 } });
});

afterEach(async () => {
  await dispatcher.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The fields of control replies that the assertions read (each reply has some of them). */
interface ReplyBody {
  readonly [field: string]: unknown;
  readonly routes: string[];
  readonly now: string;
  readonly nowSeconds: number;
  readonly targets: { id: number }[];
  readonly events: { sequence: number }[];
  readonly error: { code: string };
}

interface Reply {
  readonly status: number;
  readonly body: ReplyBody;
  readonly headers: Headers;
}

async function call(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<Reply> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": contentType };
  }
  const response = await fetch(`${baseUrl}${path}`, init);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as ReplyBody, headers: response.headers };
}

function expectError(reply: Reply, status: number, code: string, target?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual({
    error: { code, message: expect.any(String), ...(target === undefined ? {} : { target }) },
  });
}

function insertTransfer(id: number, StatusCode: string): TransferRecord {
  return store.atomically(() =>
    store.transfers.insert({
      Id: id,
      tenant: "demo",
      AccountId: 1,
      BeneficiaryId: 1,
      BeneficiaryAccountId: 2,
      CurrencyCode: "EUR",
      amount: 100,
      CreatedDate: START.toISOString(),
      ValueDate: START.toISOString(),
      StatusCode,
    }),
  );
}

describe("routing", () => {
  it("lists the routes at /_sandbox/", async () => {
    const reply = await call("GET", "/_sandbox/");
    expect(reply.status).toBe(200);
    expect(reply.body.routes).toEqual(
      expect.arrayContaining([
        "POST /_sandbox/reset",
        "GET /_sandbox/clock",
        "POST /_sandbox/transfers/{id}/complete",
        "DELETE /_sandbox/webhooks/{id}",
        "GET /_sandbox/events",
      ]),
    );
  });

  it("answers 404 for an unknown path and 405 with Allow for a wrong method", async () => {
    expectError(await call("GET", "/_sandbox/nothing-here"), 404, "not_found");
    const reply = await call("PUT", "/_sandbox/clock", { now: START.toISOString() });
    expectError(reply, 405, "method_not_allowed");
    expect(reply.headers.get("allow")).toBe("GET, POST");
  });

  it("refuses bodies that are not JSON objects", async () => {
    expectError(await call("POST", "/_sandbox/clock", "{not json"), 400, "invalid_json");
    expectError(await call("POST", "/_sandbox/clock", "[1]"), 400, "invalid_body");
    expectError(
      await call("POST", "/_sandbox/clock", "advanceSeconds=5", "application/x-www-form-urlencoded"),
      415,
      "unsupported_media_type",
    );
    expectError(await call("POST", "/_sandbox/clock", "x".repeat(70 * 1024)), 413, "payload_too_large");
  });
});

describe("GET /_sandbox/health", () => {
  it("answers 200 ready, never cached, and is listed", async () => {
    const reply = await call("GET", "/_sandbox/health");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: "ready" });
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect((await call("GET", "/_sandbox/")).body.routes).toEqual(
      expect.arrayContaining(["GET /_sandbox/health", "POST /_sandbox/snapshot"]),
    );
  });
});

describe("POST /_sandbox/snapshot", () => {
  it("answers the snapshot's bytes as an SQLite file to save", async () => {
    const response = await fetch(`${baseUrl}/_sandbox/snapshot`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.sqlite3");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="sandbox-snapshot.db"');
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe("SQLite format 3\0 and the rest");
    expect(snapshot).toHaveBeenCalledTimes(1);
  });

  it("answers 501 sqlite_unavailable without a binding, 503 with Retry-After when writing fails", async () => {
    snapshot.mockImplementationOnce(() => {
      throw new SqliteUnavailableError("install better-sqlite3");
    });
    const unavailable = await call("POST", "/_sandbox/snapshot");
    expectError(unavailable, 501, "sqlite_unavailable");
    expect(unavailable.body.error).toMatchObject({ message: expect.stringContaining("install better-sqlite3") });
    snapshot.mockImplementationOnce(() => {
      throw new Error("ENOSPC: no space left on device");
    });
    const failed = await call("POST", "/_sandbox/snapshot");
    expectError(failed, 503, "snapshot_failed");
    expect(failed.headers.get("retry-after")).toBe("5");
  });

  it("takes no body and no query", async () => {
    expectError(await call("POST", "/_sandbox/snapshot", { path: "/etc/passwd" }), 400, "unknown_field", "path");
    expect(snapshot).not.toHaveBeenCalled();
  });
});

describe("POST /_sandbox/reset", () => {
  it("restores the seeded state", async () => {
    store.atomically(() => events.raise("demo", "TransferCreated", 1));
    const reply = await call("POST", "/_sandbox/reset");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ reset: true, clock: { now: expect.any(String), nowSeconds: expect.any(Number) } });
    expect(reset).toHaveBeenCalledOnce();
    expect(store.events.all()).toEqual([]);
  });

  it("does not deliver the re-seeded events to registered targets", async () => {
    const seeded = {
      ...emptyState(),
      events: [
        {
          sequence: 1,
          tenant: "demo",
          EntityType: "Transfer" as const,
          EntityId: 1,
          Reason: "TransferCreated",
          apiPath: "/api/v1/OutboundTransfers(1)",
          raisedAt: START.toISOString(),
        },
      ],
    };
    reset.mockImplementation(() => store.restore(seeded));
    await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/hook" });
    expect((await call("POST", "/_sandbox/reset")).status).toBe(200);
    expect(store.events.size).toBe(1);
    expect((await call("GET", "/_sandbox/webhooks")).body.targets).toEqual([
      expect.objectContaining({ delivery: expect.objectContaining({ pending: 0 }) }),
    ]);
  });

  it("accepts an empty object and refuses fields and query parameters", async () => {
    expect((await call("POST", "/_sandbox/reset", {})).status).toBe(200);
    expectError(await call("POST", "/_sandbox/reset", { seed: 1 }), 400, "unknown_field", "seed");
    expectError(await call("POST", "/_sandbox/reset?hard=1"), 400, "unknown_parameter", "hard");
    expect(reset).toHaveBeenCalledOnce();
  });
});

describe("/_sandbox/clock", () => {
  it("reads the clock", async () => {
    const reply = await call("GET", "/_sandbox/clock");
    expect(reply.status).toBe(200);
    expect(Date.parse(reply.body.now) - START.getTime()).toBeLessThan(5_000);
    expect(reply.body.nowSeconds).toBe(Math.floor(Date.parse(reply.body.now) / 1000));
  });

  it("advances the clock by seconds", async () => {
    const before = clock.nowSeconds();
    const reply = await call("POST", "/_sandbox/clock", { advanceSeconds: 900 });
    expect(reply.status).toBe(200);
    expect(reply.body.nowSeconds - before).toBeGreaterThanOrEqual(900);
    expect(reply.body.nowSeconds - before).toBeLessThan(905);
    expect(clock.nowSeconds() - before).toBeGreaterThanOrEqual(900);
  });

  it("sets the clock to a date-time", async () => {
    const reply = await call("POST", "/_sandbox/clock", { now: "2030-06-01T12:00:00+02:00" });
    expect(reply.status).toBe(200);
    expect(Date.parse(reply.body.now) - Date.parse("2030-06-01T10:00:00Z")).toBeLessThan(5_000);
    expect(clock.now().getUTCFullYear()).toBe(2030);
  });

  it("refuses bad clock bodies", async () => {
    expectError(await call("POST", "/_sandbox/clock", {}), 400, "invalid_body");
    expectError(await call("POST", "/_sandbox/clock"), 400, "invalid_body");
    expectError(
      await call("POST", "/_sandbox/clock", { advanceSeconds: 1, now: START.toISOString() }),
      400,
      "invalid_body",
    );
    expectError(
      await call("POST", "/_sandbox/clock", { advanceSeconds: "900" }),
      400,
      "invalid_value",
      "advanceSeconds",
    );
    expectError(
      await call("POST", "/_sandbox/clock", { advanceSeconds: 1e12 }),
      400,
      "invalid_value",
      "advanceSeconds",
    );
    expectError(await call("POST", "/_sandbox/clock", { now: "tomorrow" }), 400, "invalid_value", "now");
    expectError(await call("POST", "/_sandbox/clock", { now: "2030-02-31T00:00:00" }), 400, "invalid_value", "now");
    expectError(await call("POST", "/_sandbox/clock", { now: 1_700_000_000 }), 400, "invalid_value", "now");
    expectError(await call("POST", "/_sandbox/clock", { advanceSeconds: 1, speed: 2 }), 400, "unknown_field", "speed");
    expect(Math.abs(clock.now().getTime() - START.getTime())).toBeLessThan(5_000);
  });
});

describe("POST /_sandbox/{transfers,withdrawals,exchanges}/{id}/complete", () => {
  it("completes a transfer and answers its new status", async () => {
    insertTransfer(5, "A");
    vi.mocked(completeTransfer).mockImplementationOnce(({ store: state }, id) => {
      state.atomically(() => state.transfers.update(id, { StatusCode: "C" }));
      return { ok: true };
    });
    const reply = await call("POST", "/_sandbox/transfers/5/complete");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 5,
      statusCode: "C",
      status: "Completed",
      apiUrl: `${baseUrl}/api/v1/Transfers(5)`,
    });
    expect(completeTransfer).toHaveBeenCalledWith({ store, clock, events }, 5);
  });

  it("answers a refusal with its status, code and target", async () => {
    vi.mocked(completeWithdrawal).mockReturnValueOnce({
      ok: false,
      status: 410,
      code: "gone",
      message: "Withdrawal 8 is Cancelled.",
      target: "id",
    });
    expectError(await call("POST", "/_sandbox/withdrawals/8/complete"), 410, "gone", "id");
    expect(completeWithdrawal).toHaveBeenCalledWith({ store, clock, events }, 8);
  });

  it("completes an exchange", async () => {
    vi.mocked(completeExchange).mockReturnValueOnce({ ok: true });
    const reply = await call("POST", "/_sandbox/exchanges/3/complete", {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: 3, apiUrl: `${baseUrl}/api/v1/Exchanges(3)` });
    expect(completeExchange).toHaveBeenCalledWith({ store, clock, events }, 3);
  });

  it("answers 404 for an entity that does not exist (the domain's answer)", async () => {
    for (const kind of ["transfers", "withdrawals", "exchanges"]) {
      const reply = await call("POST", `/_sandbox/${kind}/4242/complete`);
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toEqual(expect.any(String));
    }
  });

  it("refuses ids that are not positive 32-bit integers, and bodies", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "2147483648", "%20"]) {
      expectError(await call("POST", `/_sandbox/transfers/${id}/complete`), 400, "invalid_id", "id");
    }
    expectError(await call("POST", "/_sandbox/transfers/1/complete", { force: true }), 400, "unknown_field", "force");
    expect(completeTransfer).not.toHaveBeenCalled();
  });
});

describe("/_sandbox/webhooks", () => {
  it("registers a target for all tenants and shows its delivery status", async () => {
    const reply = await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/hook" });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${baseUrl}/_sandbox/webhooks/1`);
    expect(reply.body).toEqual({
      id: 1,
      url: "http://127.0.0.1:9/hook",
      delivery: expect.objectContaining({ deliveredSequence: 0, pending: 0, delivered: 0, attempts: 0 }),
    });
    expect(store.webhookTargets.all()).toEqual([{ id: 1, url: "http://127.0.0.1:9/hook" }]);
  });

  it("maps a username to its tenant", async () => {
    const reply = await call("POST", "/_sandbox/webhooks", {
      url: "https://example.test/hook",
      username: "other@example.com",
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ id: 1, url: "https://example.test/hook", tenant: "other" });
  });

  it("refuses bad registrations", async () => {
    expectError(
      await call("POST", "/_sandbox/webhooks", { url: "http://x.test/", username: "nobody@example.com" }),
      400,
      "unknown_username",
      "username",
    );
    expectError(
      await call("POST", "/_sandbox/webhooks", { url: "http://x.test/", username: 7 }),
      400,
      "invalid_value",
      "username",
    );
    expectError(await call("POST", "/_sandbox/webhooks", {}), 400, "missing_field", "url");
    expectError(await call("POST", "/_sandbox/webhooks"), 400, "missing_field", "url");
    expectError(await call("POST", "/_sandbox/webhooks", { url: "/relative" }), 400, "invalid_value", "url");
    expectError(await call("POST", "/_sandbox/webhooks", { url: "ftp://x.test/" }), 400, "invalid_value", "url");
    expectError(await call("POST", "/_sandbox/webhooks", { url: 42 }), 400, "invalid_value", "url");
    expectError(
      await call("POST", "/_sandbox/webhooks", { url: "http://x.test/", secret: "s" }),
      400,
      "unknown_field",
      "secret",
    );
    expect(store.webhookTargets.size).toBe(0);
  });

  it("lists, reads and deletes targets", async () => {
    await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/a", username: "demo@example.com" });
    await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/b" });
    store.atomically(() => events.raise("demo", "TransferCreated", 1));

    const list = await call("GET", "/_sandbox/webhooks");
    expect(list.status).toBe(200);
    expect(list.body.targets).toEqual([
      {
        id: 1,
        url: "http://127.0.0.1:9/a",
        tenant: "demo",
        delivery: expect.objectContaining({ pending: 1, deliveredSequence: 0 }),
      },
      { id: 2, url: "http://127.0.0.1:9/b", delivery: expect.objectContaining({ pending: 1 }) },
    ]);

    const one = await call("GET", "/_sandbox/webhooks/2");
    expect(one.body).toMatchObject({ id: 2, url: "http://127.0.0.1:9/b" });

    const deleted = await call("DELETE", "/_sandbox/webhooks/1");
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: 1, url: "http://127.0.0.1:9/a", tenant: "demo" });
    expect((await call("GET", "/_sandbox/webhooks")).body.targets.map((target) => target.id)).toEqual([2]);
    expectError(await call("GET", "/_sandbox/webhooks/1"), 404, "not_found", "id");
    expectError(await call("DELETE", "/_sandbox/webhooks/1"), 404, "not_found", "id");
    expectError(await call("DELETE", "/_sandbox/webhooks/x"), 400, "invalid_id", "id");
  });
});

describe("GET /_sandbox/events", () => {
  beforeEach(() => {
    store.atomically(() => {
      events.raise("demo", "TransferCreated", 1);
      events.raise("other", "WithdrawalCreated", 2);
      events.raise("demo", "TransferCanceled", 1);
    });
  });

  it("lists every raised event with its absolute ApiUrl", async () => {
    const reply = await call("GET", "/_sandbox/events");
    expect(reply.status).toBe(200);
    expect(reply.body.events).toEqual([
      {
        sequence: 1,
        tenant: "demo",
        EntityType: "Transfer",
        EntityId: 1,
        Reason: "TransferCreated",
        ApiUrl: `${baseUrl}/api/v1/OutboundTransfers(1)`,
        raisedAt: expect.any(String),
      },
      {
        sequence: 2,
        tenant: "other",
        EntityType: "Withdrawal",
        EntityId: 2,
        Reason: "WithdrawalCreated",
        ApiUrl: `${baseUrl}/api/v1/Withdrawals(2)`,
        raisedAt: expect.any(String),
      },
      {
        sequence: 3,
        tenant: "demo",
        EntityType: "Transfer",
        EntityId: 1,
        Reason: "TransferCanceled",
        ApiUrl: `${baseUrl}/api/v1/OutboundTransfers(1)`,
        raisedAt: expect.any(String),
      },
    ]);
  });

  it("filters by tenant and by sequence", async () => {
    const demo = await call("GET", "/_sandbox/events?tenant=demo");
    expect(demo.body.events.map((event) => event.sequence)).toEqual([1, 3]);
    const later = await call("GET", "/_sandbox/events?tenant=demo&after=1");
    expect(later.body.events.map((event) => event.sequence)).toEqual([3]);
    const none = await call("GET", "/_sandbox/events?tenant=nobody");
    expect(none.body.events).toEqual([]);
  });

  it("takes the username registration takes as the tenant too", async () => {
    const byUsername = await call("GET", `/_sandbox/events?tenant=${encodeURIComponent("other@example.com")}`);
    expect(byUsername.body.events.map((event) => event.sequence)).toEqual([2]);
  });

  it("refuses bad queries", async () => {
    expectError(await call("GET", "/_sandbox/events?after=-1"), 400, "invalid_value", "after");
    expectError(await call("GET", "/_sandbox/events?after=x"), 400, "invalid_value", "after");
    expectError(await call("GET", "/_sandbox/events?tenant="), 400, "invalid_value", "tenant");
    expectError(await call("GET", "/_sandbox/events?tenant=demo&tenant=other"), 400, "invalid_value", "tenant");
    expectError(await call("GET", "/_sandbox/events?since=1"), 400, "unknown_parameter", "since");
  });
});

describe("/_sandbox/webhooks/failed (dead letters)", () => {
  const failure = {
    reason: "attempts" as const,
    attempts: 10,
    lastError: "HTTP 503",
    failedAt: "2025-01-01T00:10:00.000Z",
  };
  let targetId: number;
  beforeEach(async () => {
    targetId = (await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/hook" })).body["id"] as number;
    store.atomically(() => {
      const raised = events.raise("demo", "TransferCreated", 7);
      for (const id of [1, 2])
        store.webhookDeadLetters.insert({
          id: store.nextId("webhookDeadLetters"),
          targetId: id === 1 ? targetId : 99,
          url: "http://127.0.0.1:9/hook",
          events: [raised],
          ...failure,
        });
    });
  });

  it("lists them with their events' absolute ApiUrls", async () => {
    const reply = await call("GET", "/_sandbox/webhooks/failed");
    expect(reply.status).toBe(200);
    expect(reply.body["failed"]).toEqual([
      {
        id: 1,
        targetId,
        url: "http://127.0.0.1:9/hook",
        ...failure,
        replayQueued: false,
        events: [
          expect.objectContaining({
            sequence: 1,
            Reason: "TransferCreated",
            ApiUrl: `${baseUrl}/api/v1/OutboundTransfers(7)`,
          }),
        ],
      },
      expect.objectContaining({ id: 2, targetId: 99 }),
    ]);
    expect((await call("GET", "/_sandbox/")).body.routes).toEqual(
      expect.arrayContaining([
        "GET /_sandbox/webhooks/failed",
        "POST /_sandbox/webhooks/failed/replay",
        "POST /_sandbox/webhooks/failed/{id}/replay",
        "DELETE /_sandbox/webhooks/failed/{id}",
      ]),
    );
  });

  it("queues one for replay (202), refuses one whose target is gone (409) or unknown (404), and discards", async () => {
    const replayed = await call("POST", "/_sandbox/webhooks/failed/1/replay");
    expect(replayed.status).toBe(202);
    expect(replayed.body).toEqual({ id: 1, queued: true });
    expect(store.webhookDeadLetters.get(1)?.replayRequestedAt).toBeDefined();
    expectError(await call("POST", "/_sandbox/webhooks/failed/2/replay"), 409, "target_gone", "id");
    expectError(await call("POST", "/_sandbox/webhooks/failed/3/replay"), 404, "not_found", "id");
    expectError(await call("POST", "/_sandbox/webhooks/failed/x/replay"), 400, "invalid_id", "id");

    const discarded = await call("DELETE", "/_sandbox/webhooks/failed/2");
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ id: 2, targetId: 99 });
    expect(store.webhookDeadLetters.all().map((letter) => letter.id)).toEqual([1]);
    expectError(await call("DELETE", "/_sandbox/webhooks/failed/2"), 404, "not_found", "id");
  });

  it("queues all of them, or one target's, for replay", async () => {
    expect((await call("POST", "/_sandbox/webhooks/failed/replay", { targetId: 42 })).body).toEqual({ queued: [] });
    const all = await call("POST", "/_sandbox/webhooks/failed/replay");
    expect(all.status).toBe(202);
    expect(all.body).toEqual({ queued: [1] }); // the other one's target is gone
    expectError(
      await call("POST", "/_sandbox/webhooks/failed/replay", { targetId: "1" }),
      400,
      "invalid_value",
      "targetId",
    );
    expectError(await call("POST", "/_sandbox/webhooks/failed/replay", { target: 1 }), 400, "unknown_field", "target");
  });
});

describe("a change the data file refuses", () => {
  it("is a 503 with Retry-After, and changes nothing", async () => {
    store.persistTo({
      write: () => {
        throw new StoreWriteError("/data/state.db", "a command's changes", new Error("database or disk is full"));
      },
      replace: () => undefined,
    });
    const reply = await call("POST", "/_sandbox/webhooks", { url: "http://127.0.0.1:9/hook" });
    expect(reply.status).toBe(503);
    expect(reply.headers.get("retry-after")).toBe("5");
    expect(reply.body.error).toEqual({
      code: "storage_unavailable",
      message: expect.stringContaining("database or disk is full"),
    });
    expect(reply.body.error).not.toHaveProperty("message", expect.stringContaining("/data/state.db"));
    expect(store.webhookTargets.all()).toEqual([]);
  });
});
