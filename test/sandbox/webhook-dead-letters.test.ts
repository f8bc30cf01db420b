/**
 * Webhooks that give up honestly, through the control API of a running sandbox: a target that keeps failing
 * gets its batch dead-lettered after the attempt limit (GET /_sandbox/webhooks/failed shows it), a replay sends
 * it once the target is back, and a target that hangs never delays the API. Also: POST /_sandbox/reset puts a
 * moved clock back.
 * @module-tag node-lines: deliveries with fetch to targets that fail or hang.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTransfer, primaryAccount } from "./support/operation-calls-data.js";
import { clientFor, startTestSandbox } from "./support/sandbox-fixture.js";

interface Receiver {
  readonly url: string;
  /** "ok": 204; "fail": 503; "hang": never answers. */
  mode: "ok" | "fail" | "hang";
  readonly received: { Reason: string; EntityId: number }[][];
  readonly held: ServerResponse[];
  readonly server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, "url" | "server"> = { mode: "ok", received: [], held: [] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (receiver.mode === "hang") return void receiver.held.push(response);
      if (receiver.mode === "fail") return void response.writeHead(503).end();
      receiver.received.push(
        JSON.parse(Buffer.concat(chunks).toString("utf8")) as { Reason: string; EntityId: number }[],
      );
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
}

async function control(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let sandbox: Sandbox;
let receiver: Receiver;
beforeAll(async () => {
  sandbox = await startTestSandbox({
    webhookRetry: { initialMs: 20, maxMs: 100, maxAttempts: 3 },
    webhookTimeoutMs: 10_000,
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sandbox?.close();
  for (const response of receiver?.held ?? []) response.destroy();
  receiver?.server.closeAllConnections();
  receiver?.server.close();
});

describe("webhook dead letters through /_sandbox/", () => {
  it("dead-letters a batch the target keeps refusing, shows it, and replays it once the target is back", async () => {
    const client = clientFor(sandbox);
    const account = await primaryAccount(client);
    const target = await control(sandbox, "POST", "webhooks", { url: receiver.url, username: "demo@example.com" });
    expect(target.status).toBe(201);

    receiver.mode = "fail";
    const transferId = await createTransfer(client, { accountId: account.Id, currencyCode: "GBP", amount: 1 });
    await until(
      async () => ((await control(sandbox, "GET", "webhooks/failed")).body["failed"] as unknown[]).length === 1,
    );
    const [letter] = (await control(sandbox, "GET", "webhooks/failed")).body["failed"] as Record<string, unknown>[];
    expect(letter).toMatchObject({
      targetId: target.body["id"],
      reason: "attempts",
      attempts: 3,
      lastError: "HTTP 503",
      replayQueued: false,
    });
    expect(letter!["events"]).toEqual([
      expect.objectContaining({
        Reason: "TransferCreated",
        EntityId: transferId,
        ApiUrl: `${sandbox.url}/api/v1/OutboundTransfers(${transferId})`,
      }),
    ]);
    const status = await control(sandbox, "GET", `webhooks/${String(target.body["id"])}`);
    expect(status.body["delivery"]).toMatchObject({ pending: 0, deadLetters: 1 });

    receiver.mode = "ok";
    expect((await control(sandbox, "POST", `webhooks/failed/${String(letter!["id"])}/replay`)).status).toBe(202);
    await until(async () => receiver.received.length === 1);
    expect(receiver.received[0]).toEqual([
      expect.objectContaining({ Reason: "TransferCreated", EntityId: transferId }),
    ]);
    expect((await control(sandbox, "GET", "webhooks/failed")).body["failed"]).toEqual([]);
    await control(sandbox, "DELETE", `webhooks/${String(target.body["id"])}`);
  });

  it("never lets a hanging target delay the API", async () => {
    const client = clientFor(sandbox);
    const account = await primaryAccount(client);
    const target = await control(sandbox, "POST", "webhooks", { url: receiver.url });
    receiver.mode = "hang";
    try {
      const timings: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const started = performance.now();
        await createTransfer(client, { accountId: account.Id, currencyCode: "GBP", amount: 1 });
        timings.push(performance.now() - started);
      }
      expect(receiver.held.length).toBe(1); // one delivery in flight, hanging for the 10 s attempt timeout
      // Each create is answered while the target holds its delivery (generous for a busy machine).
      expect(Math.max(...timings)).toBeLessThan(3_000);
    } finally {
      await control(sandbox, "DELETE", `webhooks/${String(target.body["id"])}`);
    }
  });

  it("puts a moved clock back on POST /_sandbox/reset", async () => {
    const moved = await control(sandbox, "POST", "clock", { advanceSeconds: 7 * 24 * 3600 });
    expect(Date.parse(String(moved.body["now"])) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const reset = await control(sandbox, "POST", "reset");
    expect(reset.status).toBe(200);
    const clock = reset.body["clock"] as { now: string };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
  });
});
