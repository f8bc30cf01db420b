/**
 * Issue 21, "client, commands": a command answered by any 3xx is never re-sent (to that origin or another) and never
 * reported as created; a GET follows a redirect only to its own origin (with its token), at most `maxRedirects`
 * times; the token request follows none. Real sockets: two hostile servers, the second one the other origin.
 * @module-tag node-lines: redirects through fetch (undici) over real sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RedirectError,
  TokenRequestError,
  createAccountFundsClient,
  type AccountFundsClient,
} from "../../generated/src/index.js";
import { json, startHostileServer, tokenService, type HostileServer } from "./support/hostile-server.js";

const TOKEN = "opaque-hostile-test-token-0123456789";
const transfer = { AccountId: 1, CurrencyCode: "EUR", Amount: 10, BeneficiaryId: 2 };
const REDIRECTS = [301, 302, 303, 307, 308] as const;

let api: HostileServer;
let elsewhere: HostileServer;
let client: AccountFundsClient;

beforeAll(async () => {
  [api, elsewhere] = await Promise.all([startHostileServer(), startHostileServer()]);
  for (const server of [api, elsewhere]) {
    // Whoever a command reaches reports it created: a client that followed would say so.
    server.on("POST /api/v1/Transfers/CreateAccountTransfer", (_request, response) =>
      json(response, 201, { Id: 666 }, { location: `${server.url}/api/v1/Transfers(666)` }),
    );
    server.on("POST /created-here", (_request, response) =>
      json(response, 201, { Id: 666 }, { location: `${server.url}/api/v1/Transfers(666)` }),
    );
    server.on("GET /api/v1/Accounts(2)", (_request, response) => json(response, 200, { Id: 2 }));
  }
  client = createAccountFundsClient({ baseUrl: api.url, tokenProvider: () => TOKEN, maxRetries: 0 });
});

afterAll(async () => {
  await Promise.all([api?.close(), elsewhere?.close()]);
});

describe("a command answered by a redirect", () => {
  const cases = REDIRECTS.flatMap((status) =>
    (["same origin", "other origin"] as const).map((where) => [status, where] as const),
  );

  it.each(cases)("%i to the %s: a RedirectError, nothing re-sent, nothing reported created", async (status, where) => {
    const target = where === "same origin" ? `${api.url}/created-here` : `${elsewhere.otherOriginUrl}/created-here`;
    api.on("POST /api/v1/Transfers/9/Approve", (_request, response) =>
      response.writeHead(status, { location: target }).end(),
    );
    const before = { api: api.requests.length, elsewhere: elsewhere.requests.length };
    const error = await client.transfers.approveTransfer(9).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      status,
      code: "redirect_not_followed",
      location: expect.stringContaining("/created-here"),
    });
    expect((error as Error).message).toMatch(/a command is never sent again elsewhere, nor reported as done/);
    // One request, to the API; none to where the redirect pointed.
    expect(api.requests.length - before.api).toBe(1);
    expect(elsewhere.requests.length - before.elsewhere).toBe(0);
    expect(api.requests.slice(before.api).map((request) => request.url.pathname)).toEqual([
      "/api/v1/Transfers/9/Approve",
    ]);
  });

  it.each(REDIRECTS)("%i on a create: never a Created with the other host's id", async (status) => {
    api.on("POST /api/v1/Transfers/CreateAccountTransfer", (_request, response) =>
      response.writeHead(status, { location: `${elsewhere.url}/created-here` }).end("moved"),
    );
    const before = elsewhere.requests.length;
    const outcome = await client.transfers.createAccountTransfer(transfer).then(
      (created) => ({ created }),
      (error: unknown) => ({ error }),
    );
    expect(outcome).not.toHaveProperty("created");
    expect((outcome as { error: unknown }).error).toBeInstanceOf(RedirectError);
    expect(elsewhere.requests.length).toBe(before);
  });
});

describe("a GET answered by a redirect", () => {
  it.each(REDIRECTS)("%i to another origin: a RedirectError, and the token never leaves", async (status) => {
    api.on("GET /api/v1/Accounts(1)", (_request, response) =>
      response.writeHead(status, { location: `${elsewhere.otherOriginUrl}/api/v1/Accounts(2)` }).end(),
    );
    const before = elsewhere.requests.length;
    const error = await client.accounts.getAccount(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, code: "cross_origin_redirect" });
    expect(elsewhere.requests.length).toBe(before);
  });

  it.each(REDIRECTS)("%i to its own origin: followed, with its token", async (status) => {
    api.on("GET /api/v1/Accounts(1)", (_request, response) =>
      response.writeHead(status, { location: "/api/v1/Accounts(2)" }).end(),
    );
    const before = api.requests.length;
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: 2 });
    const [first, second] = api.requests.slice(before);
    expect(second?.url.pathname).toBe("/api/v1/Accounts(2)");
    expect(second?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first?.url.pathname).toBe("/api/v1/Accounts(1)");
  });

  it("a same-origin loop: followed maxRedirects times, then a RedirectError", async () => {
    api.on("GET /api/v1/Accounts(3)", (_request, response) =>
      response.writeHead(302, { location: "/api/v1/Accounts(3)" }).end(),
    );
    const before = api.requests.length;
    const looping = createAccountFundsClient({ baseUrl: api.url, tokenProvider: () => TOKEN, maxRedirects: 3 });
    const error = await looping.accounts.getAccount(3).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "too_many_redirects", status: 302 });
    expect(api.requests.length - before).toBe(4);
  });
});

describe("the token request answered by a redirect", () => {
  it("is never followed: the password stays with the token service", async () => {
    const tokens = await startHostileServer();
    try {
      tokens.on("POST /connect/token", (_request, response) =>
        response.writeHead(307, { location: `${elsewhere.url}/connect/token` }).end(),
      );
      elsewhere.on("POST /connect/token", tokenService(["stolen"]));
      const before = elsewhere.requests.length;
      const redirected = createAccountFundsClient({
        baseUrl: api.url,
        authUrl: tokens.url,
        credentials: {
          clientId: "c",
          clientSecret: "s3cret-client",
          username: "u@example.com",
          password: "pa55word-user",
        },
      });
      const error = await redirected.accounts.getAccount(1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).toMatchObject({ code: "redirect", status: 307 });
      expect(elsewhere.requests.length).toBe(before);
    } finally {
      await tokens.close();
    }
  });
});
