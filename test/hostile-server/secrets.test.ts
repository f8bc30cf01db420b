/**
 * Issue 21, "client, secrets", over real sockets: a token service that issues hostile tokens (control characters,
 * any Unicode, very long, JWT-shaped) and rotates them past any window (the API refuses each one, so every call
 * burns two), and an API that echoes back the first token it was ever sent, the one it was just sent and the
 * password, raw and escaped, in its body, its headers and its status text. No string reachable from any error the
 * client throws holds one of them; a token that cannot be a header value is never sent at all.
 * generator/test/runtime/redaction/secrets.test.ts runs the same property in-process with many more runs.
 * @module-tag node-lines: hostile tokens in fetch's (undici's) headers, and what its errors hold.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountFundsError, TokenRequestError, createAccountFundsClient } from "../../generated/src/index.js";
import { hostileToken, isSendable, leakForms, leaksIn } from "../../generator/test/runtime/secret-leaks.js";
import { startHostileServer, type HostileServer } from "./support/hostile-server.js";

let api: HostileServer;
let tokens: HostileServer;

beforeAll(async () => {
  [api, tokens] = await Promise.all([startHostileServer(), startHostileServer()]);
});

afterAll(async () => {
  await Promise.all([api?.close(), tokens?.close()]);
});

/** Header-safe: percent-encoded, lone surrogates dropped, at most 2 000 characters (a header is no place for more). */
const headerSafe = (text: string): string => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "")).slice(0, 2_000);

describe("no secret in any error, over real sockets (property)", () => {
  it("tokens rotated past any window, echoed back with the password by the API", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(hostileToken, { minLength: 18, maxLength: 24 }), async (issued) => {
        const password = "hunter2-the-users-password";
        let next = 0;
        tokens.on("POST /connect/token", (_request, response) => {
          const token = issued[next % issued.length];
          next += 1;
          response
            .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
            .end(JSON.stringify({ access_token: token, expires_in: 900, token_type: "Bearer" }));
        });
        const sent: string[] = [];
        api.on("GET /api/v1/Accounts(1)", (request, response) => {
          sent.push(String(request.headers.authorization ?? "").replace(/^Bearer /, ""));
          const echoed = [sent[0] ?? "", sent.at(-1) ?? "", password];
          const forms = echoed.flatMap(leakForms);
          response
            .writeHead(401, "Unauthorized " + headerSafe(sent[0] ?? "").slice(0, 100), {
              "content-type": "application/json",
              "www-authenticate": `Bearer error="invalid_token", error_description="${headerSafe(sent[0] ?? "")}"`,
              "x-echo": echoed.map(headerSafe).join(" "),
            })
            .end(JSON.stringify({ error: { code: "Echo", message: forms.join(" ") }, seen: forms, password }));
        });
        const client = createAccountFundsClient({
          baseUrl: api.url,
          authUrl: tokens.url,
          credentials: { clientId: "c", clientSecret: "the-client-secret-0123", username: "u@example.com", password },
          maxRetries: 0,
          timeoutMs: 5_000,
        });
        const failures: unknown[] = [];
        for (let call = 0; call < Math.ceil(issued.length / 2); call++) {
          await client.accounts.getAccount(1).catch((error: unknown) => failures.push(error));
        }
        expect(failures).toHaveLength(Math.ceil(issued.length / 2));
        for (const failure of failures) {
          expect(failure).toBeInstanceOf(AccountFundsError);
          expect(leaksIn(failure, [...issued, password, "the-client-secret-0123"])).toEqual([]);
        }
        // Only tokens that are header values went out; the others were refused, saying so.
        for (const token of sent) expect(isSendable(token)).toBe(true);
        if (issued.slice(0, next).some((token) => !isSendable(token))) {
          expect(failures.some((failure) => (failure as TokenRequestError).code === "invalid_token_response")).toBe(
            true,
          );
        }
      }),
      { numRuns: 4 },
    );
  });
});

describe("a token with a control character", () => {
  it("from the token service: refused, never sent, never cached, and not in the error", async () => {
    const injected = "eyJhbGciOiJub25lIn0.e30.\r\nX-Injected: yes";
    tokens.on("POST /connect/token", (_request, response) =>
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: injected, expires_in: 900, token_type: "Bearer" })),
    );
    const before = { api: api.requests.length, tokens: tokens.requests.length };
    const client = createAccountFundsClient({
      baseUrl: api.url,
      authUrl: tokens.url,
      credentials: {
        clientId: "c",
        clientSecret: "the-client-secret-0123",
        username: "u@example.com",
        password: "pw-0123",
      },
    });
    for (let call = 0; call < 2; call++) {
      const error = await client.accounts.getAccount(1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).toMatchObject({ code: "invalid_token_response" });
      expect((error as Error).message).toContain("it holds a control character");
      expect(leaksIn(error, [injected, "X-Injected: yes"])).toEqual([]);
    }
    expect(api.requests.length).toBe(before.api);
    expect(tokens.requests.length - before.tokens).toBe(2);
  });

  it("from a token provider: a TokenRequestError, not a TypeError, and nothing sent", async () => {
    const before = api.requests.length;
    for (const token of ["abc\u0000def-provided-token", "provided-token-\u20ac-unicode", " padded-provided-token "]) {
      const client = createAccountFundsClient({ baseUrl: api.url, tokenProvider: () => token });
      const error = await client.accounts.getAccount(1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).toMatchObject({ code: "invalid_token", operationId: "getAccount" });
      expect(leaksIn(error, [token])).toEqual([]);
    }
    expect(api.requests.length).toBe(before);
  });
});
