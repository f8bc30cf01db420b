import { describe, expect, it } from "vitest";
import { createPasswordTokenSource } from "../../../runtime/auth/auth.js";
import { operationUrl } from "../../../runtime/url/request-url.js";
import { ConnectionError, TokenRequestError } from "../../../runtime/errors/errors.js";
import { createRedactor } from "../../../runtime/redaction/redact.js";
import { retryPolicy } from "../../../runtime/retry/retry.js";
import { createTransport } from "../../../runtime/transport/transport.js";
import { FakeServer, empty, flush, json, tokenResponse } from "../fake-fetch.js";
import { AUTH_URL, PASSWORD, SECRET, credentials, operations } from "../fixtures.js";
import { harness } from "../harness.js";

function source(options: { server?: FakeServer; mtls?: boolean; skewMs?: number } = {}) {
  const server = options.server ?? new FakeServer();
  const clock = { now: 0 };
  const redactor = createRedactor([SECRET, PASSWORD]);
  const transport = createTransport({
    fetch: server.fetch,
    hooks: undefined,
    redactor,
    retry: retryPolicy({ sleep: async () => undefined }),
    now: () => clock.now,
  });
  const tokens = createPasswordTokenSource({
    operation: options.mtls ? operations.requestMtlsPasswordToken : operations.requestPasswordToken,
    authUrl: AUTH_URL,
    credentials: options.mtls
      ? { clientId: "client-1", username: credentials.username, password: PASSWORD }
      : credentials,
    mtls: options.mtls ? { dispatcher: { name: "fake-dispatcher" } } : undefined,
    transport,
    redactor,
    now: () => clock.now,
    refreshSkewMs: options.skewMs ?? 60_000,
    timeoutMs: 1_000,
    maxRetries: 2,
    maxResponseBytes: 1024 * 1024,
  });
  return { server, clock, tokens };
}

describe("password grant", () => {
  it("posts the reference's form fields to {auth_url}/connect/token", async () => {
    const { server, tokens } = source();
    server.on("POST", "/connect/token", () => tokenResponse("abc"));
    await expect(tokens.token()).resolves.toBe("abc");
    const [request] = server.requests;
    expect(request?.url).toBe(`${AUTH_URL}/connect/token`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(request?.body)]).toEqual([
      ["grant_type", "password"],
      ["scope", "serviceFXAPI"],
      ["client_id", "client-1"],
      ["client_secret", SECRET],
      ["username", "svc@example.com"],
      ["password", PASSWORD],
    ]);
  });

  it("uses /connect/mtls/token with the dispatcher and without a client secret for mTLS", async () => {
    const { server, tokens } = source({ mtls: true });
    server.on("POST", "/connect/mtls/token", () => tokenResponse("mtls"));
    await expect(tokens.token()).resolves.toBe("mtls");
    const [request] = server.requests;
    expect(request?.url).toBe(`${AUTH_URL}/connect/mtls/token`);
    expect(new URLSearchParams(request?.body).has("client_secret")).toBe(false);
    expect(request?.init).toEqual({ dispatcher: { name: "fake-dispatcher" }, signal: expect.any(AbortSignal) });
  });

  it("caches the token until expires_in minus the skew", async () => {
    const { server, clock, tokens } = source();
    let n = 0;
    server.on("POST", "/connect/token", () => tokenResponse(`t${++n}`, 900));
    expect(await tokens.token()).toBe("t1");
    clock.now = 839_999;
    expect(await tokens.token()).toBe("t1");
    clock.now = 840_000;
    expect(await tokens.token()).toBe("t2");
    expect(server.requests).toHaveLength(2);
  });

  it("caps the skew at half of a short lifetime", async () => {
    const { server, clock, tokens } = source();
    let n = 0;
    server.on("POST", "/connect/token", () => tokenResponse(`t${++n}`, 60));
    await tokens.token();
    clock.now = 29_999;
    expect(await tokens.token()).toBe("t1");
    clock.now = 30_000;
    expect(await tokens.token()).toBe("t2");
  });

  it("shares one token request among concurrent callers", async () => {
    const { server, tokens } = source();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.on("POST", "/connect/token", async () => {
      await gate;
      return tokenResponse("shared");
    });
    const waiting = Array.from({ length: 100 }, () => tokens.token());
    await flush();
    release();
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(["shared"]));
    expect(server.requests).toHaveLength(1);
  });

  it("invalidates only the token that was refused", async () => {
    const { server, tokens } = source();
    let n = 0;
    server.on("POST", "/connect/token", () => tokenResponse(`t${++n}`));
    await tokens.token();
    tokens.invalidate("some-older-token");
    expect(await tokens.token()).toBe("t1");
    tokens.invalidate("t1");
    expect(await tokens.token()).toBe("t2");
  });

  it.each(["invalid_client", "invalid_user"])("surfaces %s as a TokenRequestError without secrets", async (code) => {
    const { server, tokens } = source();
    server.on("POST", "/connect/token", () =>
      json(400, { error: code, error_description: `bad ${SECRET} / ${PASSWORD}` }),
    );
    const failures = await Promise.all(
      [tokens.token(), tokens.token()].map((promise) => promise.catch((error: unknown) => error)),
    );
    expect(server.requests).toHaveLength(1);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(TokenRequestError);
      expect(failure).toMatchObject({ code, status: 400, operationId: "requestPasswordToken" });
      const text = `${String(failure)} ${JSON.stringify(failure)}`;
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(PASSWORD);
    }
  });

  it("tries again on the next call after a failure", async () => {
    const { server, tokens } = source();
    let n = 0;
    server.on("POST", "/connect/token", () =>
      ++n === 1 ? json(400, { error: "invalid_grant" }) : tokenResponse("ok"),
    );
    await expect(tokens.token()).rejects.toMatchObject({ code: "invalid_grant" });
    await expect(tokens.token()).resolves.toBe("ok");
  });

  it("retries the token request on 503 and network errors (it changes no state)", async () => {
    const { server, tokens } = source();
    let n = 0;
    server.on("POST", "/connect/token", () => {
      n += 1;
      if (n === 1) return empty(503);
      if (n === 2) throw new TypeError("fetch failed");
      return tokenResponse("third");
    });
    await expect(tokens.token()).resolves.toBe("third");
  });

  it("reports a 200 without access_token", async () => {
    const { server, tokens } = source();
    server.on("POST", "/connect/token", () => json(200, { token_type: "Bearer" }));
    await expect(tokens.token()).rejects.toMatchObject({ code: "invalid_token_response" });
  });

  it("surfaces an unreachable token service as ConnectionError", async () => {
    const { server, tokens } = source();
    server.on("POST", "/connect/token", () => {
      throw new TypeError("fetch failed");
    });
    await expect(tokens.token()).rejects.toBeInstanceOf(ConnectionError);
  });

  it("fills the {auth_url} server variable", () => {
    expect(operationUrl(operations.requestPasswordToken, { auth_url: "https://auth.example/" })).toBe(
      "https://auth.example/connect/token",
    );
    expect(operationUrl(operations.requestPasswordToken, {})).toBe("http://127.0.0.1:4010/connect/token");
    expect(operationUrl(operations.getAccount, {}, "https://api.example")).toBe(
      "https://api.example/api/v1/Accounts({id})",
    );
  });
});

describe("authentication through the client", () => {
  it("100 concurrent calls make exactly one token request", async () => {
    const { server, client, tokensIssued } = harness();
    server.on("GET", /^\/api\/v1\/Accounts\(\d+\)$/, (request) =>
      json(200, { Id: Number(/\((\d+)\)/.exec(request.path)?.[1]) }),
    );
    const results = await Promise.all(Array.from({ length: 100 }, (_, index) => client.accounts.getAccount(index)));
    expect(results.map((account: { Id: number }) => account.Id)).toEqual(
      Array.from({ length: 100 }, (_, index) => index),
    );
    expect(tokensIssued()).toBe(1);
    expect(server.to("/connect/token")).toHaveLength(1);
  });

  it("surfaces invalid credentials on the API call as TokenRequestError", async () => {
    const { server, client } = harness();
    server.on("POST", "/connect/token", () => json(400, { error: "invalid_user" }));
    const error = await client.accounts.getAccount(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: "invalid_user" });
    expect(server.to("/api/v1/Accounts(1)")).toHaveLength(0);
  });

  it("sends the mTLS dispatcher with token requests only", async () => {
    const dispatcher = { name: "agent" };
    const { server, client } = harness({
      auth: { credentials: { clientId: "c", username: "u@example.com", password: PASSWORD }, mtls: { dispatcher } },
    });
    server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 }));
    await client.accounts.getAccount(1);
    expect(server.to("/connect/mtls/token")[0]?.init).toEqual({ dispatcher, signal: expect.any(AbortSignal) });
    expect(server.to("/api/v1/Accounts(1)")[0]?.init).toEqual({ signal: expect.any(AbortSignal) });
    expect(server.to("/api/v1/Accounts(1)")[0]?.headers["authorization"]).toBe("Bearer mtls-token-1");
  });
});
