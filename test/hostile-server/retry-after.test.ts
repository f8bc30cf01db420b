/**
 * Issue 21, "client, retries": `Retry-After: 999999999` (or an HTTP-date in the year 9999) is not slept through — the
 * error is thrown at once with `retryAfterMs`, after one request; a `Retry-After` within `maxRetryAfterMs` is waited
 * for exactly. GETs and the token request are repeated; commands never. `ApiStatusError` and `TokenRequestError`
 * both carry the response's headers. Real sockets; the waits are recorded (`retry.sleep`), not timed.
 * @module-tag node-lines: the client's retries through fetch (undici) over real sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitError, ServerError, TokenRequestError, createAccountFundsClient } from "../../generated/src/index.js";
import { json, startHostileServer, tokenService, type HostileServer } from "./support/hostile-server.js";

let api: HostileServer;
const sleeps: number[] = [];
const retry = { sleep: async (ms: number) => void sleeps.push(ms) };

beforeAll(async () => {
  api = await startHostileServer();
});

afterAll(async () => {
  await api?.close();
});

const provided = () =>
  createAccountFundsClient({ baseUrl: api.url, tokenProvider: () => "opaque-retry-token-0123456789", retry });
const credentials = {
  clientId: "c",
  clientSecret: "client-secret-0123",
  username: "u@example.com",
  password: "password-0123",
};

describe("Retry-After past maxRetryAfterMs: fail fast", () => {
  it("999999999 seconds on a GET's 503: one request, no sleep, the wait on the error", async () => {
    sleeps.length = 0;
    api.on("GET /api/v1/Accounts(1)", (_request, response) =>
      response.writeHead(503, { "retry-after": "999999999" }).end(),
    );
    const before = api.requests.length;
    const error = await provided()
      .accounts.getAccount(1)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      status: 503,
      retryAfterMs: 999_999_999_000,
      headers: { "retry-after": "999999999" },
    });
    expect(api.requests.length - before).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("an HTTP-date in the year 9999 on a GET's 429: the same", async () => {
    sleeps.length = 0;
    api.on("GET /api/v1/Accounts(2)", (_request, response) =>
      response.writeHead(429, { "retry-after": "Fri, 31 Dec 9999 23:59:59 GMT" }).end(),
    );
    const error = await provided()
      .accounts.getAccount(2)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(1e14);
    expect(sleeps).toEqual([]);
  });

  it("999999999 seconds on the token request's 429: a TokenRequestError with the headers and the wait", async () => {
    sleeps.length = 0;
    const tokens = await startHostileServer();
    try {
      tokens.on("POST /connect/token", (_request, response) =>
        json(response, 429, { error: "slow_down" }, { "retry-after": "999999999", "x-ratelimit-remaining": "0" }),
      );
      const client = createAccountFundsClient({ baseUrl: api.url, authUrl: tokens.url, credentials, retry });
      const error = await client.accounts.getAccount(1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).toMatchObject({
        status: 429,
        code: "slow_down",
        retryAfterMs: 999_999_999_000,
        headers: { "retry-after": "999999999", "x-ratelimit-remaining": "0" },
      });
      expect(tokens.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    } finally {
      await tokens.close();
    }
  });
});

describe("Retry-After within maxRetryAfterMs: waited for, and only what may be repeated is", () => {
  it("the token request is repeated after a 503 with Retry-After: 2, then succeeds", async () => {
    sleeps.length = 0;
    const tokens = await startHostileServer();
    try {
      const issue = tokenService(["opaque-issued-after-a-wait-0123"]);
      tokens.on("POST /connect/token", (request, response) =>
        tokens.requests.length === 1 ? response.writeHead(503, { "retry-after": "2" }).end() : issue(request, response),
      );
      api.on("GET /api/v1/Accounts(3)", (_request, response) => json(response, 200, { Id: 3 }));
      const client = createAccountFundsClient({ baseUrl: api.url, authUrl: tokens.url, credentials, retry });
      await expect(client.accounts.getAccount(3)).resolves.toEqual({ Id: 3 });
      expect(tokens.requests).toHaveLength(2);
      expect(sleeps).toEqual([2_000]);
    } finally {
      await tokens.close();
    }
  });

  it("a GET is repeated after a 503 with Retry-After: 1; a command never is", async () => {
    sleeps.length = 0;
    let calls = 0;
    api.on("GET /api/v1/Accounts(4)", (_request, response) =>
      ++calls === 1 ? response.writeHead(503, { "retry-after": "1" }).end() : json(response, 200, { Id: 4 }),
    );
    api.on("POST /api/v1/Transfers/4/Approve", (_request, response) =>
      response.writeHead(503, { "retry-after": "1" }).end(),
    );
    const client = provided();
    await expect(client.accounts.getAccount(4)).resolves.toEqual({ Id: 4 });
    expect(sleeps).toEqual([1_000]);
    const before = api.requests.length;
    const error = await client.transfers.approveTransfer(4).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 1_000 });
    expect(api.requests.length - before).toBe(1);
    expect(sleeps).toEqual([1_000]);
  });
});
