/**
 * The generated client, with `validateResponses: true`, against a stand-in for the real API over real sockets
 * (support/stand-in.ts): every success the API plausibly sends where the reference says "not shown" stays a success,
 * every error becomes its typed error (support/cases.ts). And webhooks: the stand-in POSTs mixed deliveries to a
 * receiver, which parses each with `parseWebhookEvents`: every event judged alone.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFundsClient, parseWebhookEvents, type AccountFundsClient } from "../../generated/src/index.js";
import { credentials, errorCases, routes, successCases, type StandInCase } from "./support/cases.js";
import { startStandIn, type StandIn } from "./support/stand-in.js";

let standIn: StandIn;
let client: AccountFundsClient;
let refused: AccountFundsClient;

beforeAll(async () => {
  standIn = await startStandIn(routes);
  const options = { baseUrl: standIn.url, authUrl: standIn.url, validateResponses: true } as const;
  client = createAccountFundsClient({ ...options, credentials });
  refused = createAccountFundsClient({ ...options, credentials: { ...credentials, clientSecret: "refused-secret" } });
});

afterAll(async () => {
  await standIn?.close();
});

const clientOf = (testCase: StandInCase): AccountFundsClient =>
  testCase.client === "refused-credentials" ? refused : client;

describe("the client against a stand-in for the real API: successes stay successes", () => {
  // A case marked `needsSpec` with "client" needs the API document's change first (its DateTime pattern).
  it.each(successCases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    const result = await testCase.call(clientOf(testCase));
    testCase.success?.(result, standIn);
  });
});

describe("the client against a stand-in for the real API: every error is its typed error", () => {
  it.each(errorCases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    const outcome = await testCase.call(clientOf(testCase)).then(
      (result: unknown) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect(outcome).toHaveProperty("error");
    const { error } = outcome as { error: unknown };
    const expected = testCase.error;
    if (expected === undefined) throw new Error(`${testCase.name}: no expected error`);
    expect(error, String(error)).toBeInstanceOf(expected.class);
    expected.check?.(error as never, standIn);
  });
});

describe("webhook deliveries from the stand-in, each event judged alone", () => {
  const origin = "https://api.example.test";
  const transferCreated = {
    EntityType: "Transfer",
    EntityId: 5003,
    Reason: "TransferCreated",
    ApiUrl: `${origin}/api/v1/OutboundTransfers(5003)`,
  };
  const lowerCase = {
    EntityType: "Withdrawal",
    EntityId: 9,
    Reason: "WithdrawalCreated",
    ApiUrl: `${origin}/api/v1/withdrawals(9)`,
  };
  const encoded = {
    EntityType: "Transfer",
    EntityId: 7,
    Reason: "IncomingTransferCompleted",
    ApiUrl: "https://gateway.example.test/funds/api/v1/InboundTransfers%287%29/",
  };
  const unknownKind = {
    EntityType: "Exchange",
    EntityId: 12,
    Reason: "ExchangeCompleted",
    ApiUrl: `${origin}/api/v1/Exchanges(12)`,
  };
  const missingId = {
    EntityType: "Withdrawal",
    Reason: "WithdrawalCompleted",
    ApiUrl: `${origin}/api/v1/Withdrawals(4)`,
  };

  let receiver: Server;
  let receiverUrl: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const result = parseWebhookEvents(Buffer.concat(chunks));
        received.push(result);
        response.writeHead(result.ok ? 200 : 400).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  /** The stand-in's delivery: a POST of `body` as JSON, as the API's webhook sender makes it. */
  async function deliver(body: string): Promise<{ status: number; result: unknown }> {
    const response = await fetch(receiverUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "user-agent": "AccountFunds-Webhooks/1.0" },
      body,
    });
    return { status: response.status, result: received.at(-1) };
  }

  it("delivers the valid and unknown events beside an invalid one, which is reported with its issues", async () => {
    const { status, result } = await deliver(JSON.stringify([transferCreated, unknownKind, missingId, encoded]));
    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: true,
      events: [transferCreated, encoded],
      unknownEvents: [unknownKind],
      invalidEvents: [{ index: 2, event: missingId, issues: [expect.objectContaining({ keyword: "required" })] }],
    });
  });

  // Needs the API document's ApiUrl as any absolute URL (format uri), not the pattern of a case-sensitive path.
  it("takes an ApiUrl of any case and host, keyed by EntityId", async () => {
    const { result } = await deliver(JSON.stringify([lowerCase, transferCreated]));
    expect(result).toMatchObject({ ok: true, events: [lowerCase, transferCreated], invalidEvents: [] });
  });

  it("reports an event whose ApiUrl names another entity than its EntityId, and delivers the others", async () => {
    const otherEntity = { ...lowerCase, ApiUrl: `${origin}/api/v1/Withdrawals(Id=10)` };
    const { status, result } = await deliver(JSON.stringify([transferCreated, otherEntity, encoded]));
    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: true,
      events: [transferCreated, encoded],
      invalidEvents: [
        {
          index: 1,
          event: otherEntity,
          issues: [
            {
              path: "/ApiUrl",
              message: "names the entity 10, but EntityId is 9",
              keyword: "x-entity-url",
              params: { urlMember: "ApiUrl", keyMember: "EntityId", urlKey: 10, key: 9 },
            },
          ],
        },
      ],
    });
  });

  it("takes an empty delivery, and refuses a body that is no JSON array of events", async () => {
    expect((await deliver("[]")).result).toEqual({ ok: true, events: [], unknownEvents: [], invalidEvents: [] });
    expect(await deliver("<html><body>502 Bad Gateway</body></html>")).toMatchObject({
      status: 400,
      result: { ok: false, error: { code: "invalid_json" } },
    });
    expect((await deliver(JSON.stringify(transferCreated))).result).toMatchObject({
      ok: false,
      error: { code: "invalid_payload" },
    });
  });
});

describe("the stand-in", () => {
  it("saw every case's route", () => {
    for (const testCase of [...successCases, ...errorCases]) {
      expect(standIn.to(testCase.route.method, testCase.route.path).length, testCase.name).toBeGreaterThan(0);
    }
  });
});
