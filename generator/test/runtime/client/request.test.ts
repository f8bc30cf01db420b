import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  AccountFundsError,
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  GoneError,
  InvalidArgumentError,
  NotFoundError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from "../../../runtime/errors/errors.js";
import type { CompiledValidator } from "../../../runtime/validation/compiled-validator.js";
import { multipart } from "../../../runtime/bodies/multipart.js";
import { filter } from "../../../runtime/odata/odata.js";
import { serializePath } from "../../../runtime/url/path-serializer.js";
import { createRuntime } from "../../../runtime/client/request.js";
import { empty, hang, json, odataError } from "../fake-fetch.js";
import { AUTH_URL, BASE_URL, operations, tokenOperations } from "../fixtures.js";
import { harness } from "../harness.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("requests", () => {
  it("builds the URL from the path parameters and the typed OData query, with the bearer token", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts(7)/Balances", () =>
      json(200, { "@odata.context": "x", value: [{ CurrencyCode: "GBP" }] }),
    );

    const page = await client.accounts.listBalances(7, {
      $select: ["CurrencyCode", "Value"],
      $orderby: ["Value desc", "CurrencyCode"],
      $filter: filter.eq("CurrencyCode", "O'Neil").and(filter.gt("Value", 1.5)),
      $top: 10,
      $skip: 0,
      $count: true,
    });

    expect(page.value).toEqual([{ CurrencyCode: "GBP" }]);
    const [request] = server.to("/api/v1/Accounts(7)/Balances");
    expect(request?.search.get("$select")).toBe("CurrencyCode,Value");
    expect(request?.search.get("$orderby")).toBe("Value desc,CurrencyCode");
    expect(request?.search.get("$filter")).toBe("CurrencyCode eq 'O''Neil' and Value gt 1.5");
    expect(request?.search.get("$top")).toBe("10");
    expect(request?.search.get("$skip")).toBe("0");
    expect(request?.search.get("$count")).toBe("true");
    expect(request?.headers["authorization"]).toBe("Bearer token-1");
    expect(request?.headers["accept"]).toContain("application/json");
  });

  it("fills several path parameters in path order and quotes OData string literals", async () => {
    const { server, client } = harness();
    server.on("GET", /Balances/, () => json(200, { CurrencyCode: "GBP" }));
    server.on("GET", /PaymentPurposes/, () => json(200, { value: [] }));

    await client.accounts.getBalance(7, "GBP", { $select: "Value" });
    await client.withdrawals.listCountryPaymentPurposes("A'E");

    expect(server.requests.map((request) => request.path)).toContain("/api/v1/Accounts(7)/Balances(GBP)");
    expect(server.requests.map((request) => request.path)).toContain(
      "/api/v1/Withdrawals/PaymentPurposes(CountryCode='A''E')",
    );
  });

  it("refuses a missing path parameter before sending anything", async () => {
    const { server, client } = harness();
    await expect(client.accounts.getAccount(undefined)).rejects.toThrow(InvalidArgumentError);
    expect(() => serializePath("/Accounts({id})", { id: "" })).toThrow(/id is required/);
    expect(server.requests).toHaveLength(0);
  });

  it("sends a required query (job status token) and keeps it out of error URLs", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Jobs/5/Status", () => odataError(404, "NotFound", "no job"));
    const error = await client.jobs.getJobStatus(5, { token: "job-token-123" }).catch((caught: unknown) => caught);
    expect(server.to("/api/v1/Jobs/5/Status")[0]?.search.get("token")).toBe("job-token-123");
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).request?.url).toBe(`${BASE_URL}/api/v1/Jobs/5/Status?token=[REDACTED]`);
  });

  it("returns the id and the absolute Location URL of a 201", async () => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () =>
      json(201, { Id: 123 }, { location: "/api/v1/Transfers(123)" }),
    );
    const created = await client.transfers.createAccountTransfer({
      AccountId: 1,
      CurrencyCode: "GBP",
      BeneficiaryId: 2,
    });
    expect(created).toEqual({ id: 123, location: `${BASE_URL}/api/v1/Transfers(123)`, body: { Id: 123 } });
    const [request] = server.to("/api/v1/Transfers/CreateAccountTransfer");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 });
  });

  it("takes the id from the Location URL when the 201 has no body", async () => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () =>
      empty(201, { location: "https://api.test/api/v1/Transfers(77)" }),
    );
    const created = await client.transfers.createAccountTransfer({
      AccountId: 1,
      CurrencyCode: "GBP",
      BeneficiaryId: 2,
    });
    expect(created).toEqual({ id: 77, location: "https://api.test/api/v1/Transfers(77)", body: undefined });
  });

  it("resolves a command without content to undefined, keeps a body that came all the same, and sends no body", async () => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Transfers/9/Approve", () => new Response(null, { status: 200 }));
    await expect(client.transfers.approveTransfer(9)).resolves.toBeUndefined();
    server.on("POST", "/api/v1/Transfers/9/Approve", () => new Response("approved", { status: 200 }));
    await expect(client.transfers.approveTransfer(9)).resolves.toBe("approved");
    server.on("POST", "/api/v1/Transfers/9/Approve", () => json(200, { Id: 9 }));
    await expect(client.transfers.approveTransfer(9)).resolves.toEqual({ Id: 9 });
    const [request] = server.to("/api/v1/Transfers/9/Approve");
    expect(request?.body).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
  });

  it("returns text/plain bodies as text (MT103)", async () => {
    const { server, client } = harness();
    const mt103 = "{1:F01BANKGB2LAXXX0000000000}\n{4:\n:20:REF\n-}";
    server.on(
      "GET",
      "/api/v1/Withdrawals/3/ConfirmationMT103",
      () => new Response(mt103, { headers: { "content-type": "text/plain" } }),
    );
    await expect(client.withdrawals.getWithdrawalConfirmationMt103(3)).resolves.toBe(mt103);
    expect(server.to("/api/v1/Withdrawals/3/ConfirmationMT103")[0]?.headers["accept"]).toContain("text/plain");
  });

  it("sends multipart: the Request part as JSON without a file name, each document as SupportingDocuments", async () => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Withdrawals/CreateAccountWithdrawal", () =>
      json(201, { Id: 5 }, { location: "/api/v1/Withdrawals(5)" }),
    );
    const withdrawal = { AccountId: 1, CurrencyCode: "USD", BeneficiaryId: 2, Reference: "PO-1" };
    const created = await client.withdrawals.createAccountWithdrawal(
      multipart({
        Request: withdrawal,
        SupportingDocuments: [
          new File(["%PDF-1.7"], "invoice.pdf", { type: "application/pdf" }),
          { data: new TextEncoder().encode("a,b"), filename: 'list "1".csv', contentType: "text/csv" },
        ],
      }),
    );
    expect(created.id).toBe(5);

    const [request] = server.to("/api/v1/Withdrawals/CreateAccountWithdrawal");
    expect(request?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain(
      'Content-Disposition: form-data; name="Request"\r\nContent-Type: application/json\r\n',
    );
    expect(request?.body).toContain(
      'name="SupportingDocuments"; filename="list %221%22.csv"\r\nContent-Type: text/csv',
    );
    const form = await new Response(request?.bytes, {
      headers: { "content-type": request?.headers["content-type"] ?? "" },
    }).formData();
    expect(JSON.parse(form.get("Request") as string)).toEqual(withdrawal);
    const documents = form.getAll("SupportingDocuments") as File[];
    expect(documents.map((document) => [document.name, document.type])).toEqual([
      ["invoice.pdf", "application/pdf"],
      ['list "1".csv', "text/csv"],
    ]);
    expect(await documents[0]?.text()).toBe("%PDF-1.7");
  });

  it("sends the JSON form of a multipart-capable operation for a plain body", async () => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Withdrawals/CreateAccountWithdrawal", () =>
      json(201, { Id: 6 }, { location: "/api/v1/Withdrawals(6)" }),
    );
    await client.withdrawals.createAccountWithdrawal({ AccountId: 1, CurrencyCode: "USD", BeneficiaryId: 2 });
    expect(server.to("/api/v1/Withdrawals/CreateAccountWithdrawal")[0]?.headers["content-type"]).toBe(
      "application/json",
    );
  });

  it("sends the token operations form-encoded to the auth server, without a bearer token", async () => {
    const { server, client } = harness();
    const token = await client.auth.requestPasswordToken({
      grant_type: "password",
      scope: "serviceFXAPI",
      client_id: "c",
      client_secret: "client-secret-xyz",
      username: "u@example.com",
      password: "password-xyz",
    });
    expect(token.access_token).toBe("token-1");
    const [request] = server.to("/connect/token");
    expect(request?.url.startsWith(AUTH_URL)).toBe(true);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers["authorization"]).toBeUndefined();
    expect(new URLSearchParams(request?.body).get("username")).toBe("u@example.com");
  });

  it("refuses an invalid header value with an InvalidArgumentError naming the header, never its value", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", () => json(200, { value: [] }));
    const error = await client.accounts
      .listAccounts(undefined, { headers: { "x-request-id": "secret-ish\nvalue" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({ code: "invalid_argument", operationId: "listAccounts" });
    expect((error as Error).message).toMatch(
      /x-request-id is not a valid HTTP field value: it holds a control character/,
    );
    expect(inspect(error, { depth: null })).not.toContain("secret-ish");
    expect(server.to("/api/v1/Accounts")).toHaveLength(0);
  });

  it("merges default and per-call headers, but the Authorization header stays the client's", async () => {
    const { server, client } = harness({ headers: { "user-agent": "tests/1" } });
    server.on("GET", "/api/v1/Accounts", () => json(200, { value: [] }));
    await client.accounts.listAccounts(undefined, { headers: { "x-request-id": "r1", authorization: "Bearer mine" } });
    const [request] = server.to("/api/v1/Accounts");
    expect(request?.headers).toMatchObject({
      "user-agent": "tests/1",
      "x-request-id": "r1",
      authorization: "Bearer token-1",
    });
  });
});

describe("errors", () => {
  const cases = [
    [400, BadRequestError, "BadRequest"],
    [401, AuthenticationError, "Unauthorized"],
    [404, NotFoundError, "NotFound"],
    [410, GoneError, "Gone"],
    [429, RateLimitError, "TooMany"],
    [500, ServerError, "Internal"],
    [599, ServerError, "Unknown"],
    [409, ApiStatusError, "Conflict"],
  ] as const;

  it.each(cases)("maps %i to its class with status, code, message, body and request", async (status, type, code) => {
    const { server, client } = harness();
    server.on("POST", "/api/v1/Transfers/9/Approve", () => odataError(status, code, `it failed with ${status}`));
    const error = (await client.transfers.approveTransfer(9).catch((caught: unknown) => caught)) as ApiStatusError;
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(ApiStatusError);
    expect(error).toBeInstanceOf(AccountFundsError);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message).toBe(
      `${status} ${code}: it failed with ${status} (POST ${BASE_URL}/api/v1/Transfers/9/Approve)`,
    );
    expect(error.body).toEqual({ error: { code, message: `it failed with ${status}` } });
    expect(error.request).toEqual({ method: "POST", url: `${BASE_URL}/api/v1/Transfers/9/Approve` });
    expect(error.operationId).toBe("approveTransfer");
  });

  it("keeps a text error body and falls back to the status text", async () => {
    const { server, client } = harness();
    server.on(
      "GET",
      "/api/v1/Withdrawals/3/ConfirmationMT103",
      () => new Response("feature not enabled", { status: 400 }),
    );
    server.on("GET", "/api/v1/Accounts(1)", () => new Response(null, { status: 404, statusText: "Not Found" }));
    const text = (await client.withdrawals
      .getWithdrawalConfirmationMt103(3)
      .catch((caught: unknown) => caught)) as BadRequestError;
    expect(text.body).toBe("feature not enabled");
    expect(text.code).toBeUndefined();
    expect(text.message).toContain("400 feature not enabled");
    const bare = (await client.accounts.getAccount(1).catch((caught: unknown) => caught)) as NotFoundError;
    expect(bare.message).toContain("404 Not Found");
  });

  it("reports invalid JSON in a success body", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts(1)", () => new Response("<html>", { headers: { "content-type": "text/html" } }));
    await expect(client.accounts.getAccount(1)).rejects.toMatchObject({ code: "invalid_response_body", status: 200 });
  });
});

describe("withResponse (raw) view", () => {
  it("returns every declared status as a value", async () => {
    const { server, raw } = harness();
    server.on("POST", "/api/v1/Transfers/1/Approve", () => empty(200));
    server.on("POST", "/api/v1/Transfers/2/Approve", () => odataError(404, "NotFound", "no"));
    server.on("POST", "/api/v1/Transfers/3/Approve", () => odataError(410, "Gone", "too late"));

    const ok = await raw.transfers.approveTransfer(1);
    expect(ok).toMatchObject({ ok: true, status: 200, data: undefined });
    expect(ok.response).toBeInstanceOf(Response);
    await expect(raw.transfers.approveTransfer(2)).resolves.toMatchObject({
      ok: false,
      status: 404,
      error: { error: { code: "NotFound" } },
    });
    await expect(raw.transfers.approveTransfer(3)).resolves.toMatchObject({ ok: false, status: 410 });
  });

  it("still throws for an undeclared status", async () => {
    const { server, raw } = harness();
    server.on("POST", "/api/v1/Transfers/1/Approve", () => odataError(500, "Boom", "down"));
    await expect(raw.transfers.approveTransfer(1)).rejects.toBeInstanceOf(ApiStatusError);
  });

  it("returns a 401 that persists after re-authentication as a value", async () => {
    const { server, raw, tokensIssued } = harness();
    server.on("POST", "/api/v1/Transfers/1/Approve", () => odataError(401, "Unauthorized", "expired"));
    await expect(raw.transfers.approveTransfer(1)).resolves.toMatchObject({ ok: false, status: 401 });
    expect(tokensIssued()).toBe(2);
  });
});

describe("authentication on API calls", () => {
  it("on a 401 fetches one fresh token and retries once", async () => {
    const { server, client, tokensIssued } = harness();
    server.on("GET", "/api/v1/Accounts(1)", (request) =>
      request.headers["authorization"] === "Bearer token-1"
        ? odataError(401, "Unauthorized", "expired")
        : json(200, { Id: 1 }),
    );
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: 1 });
    expect(tokensIssued()).toBe(2);
    expect(server.to("/api/v1/Accounts(1)").map((request) => request.headers["authorization"])).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("re-authenticates a POST once too (a 401 was not executed), then gives up with AuthenticationError", async () => {
    const { server, client, tokensIssued } = harness();
    server.on("POST", "/api/v1/Transfers/1/Approve", () => odataError(401, "Unauthorized", "nope"));
    await expect(client.transfers.approveTransfer(1)).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.to("/api/v1/Transfers/1/Approve")).toHaveLength(2);
    expect(tokensIssued()).toBe(2);
  });

  it("concurrent 401s on the same token share one refresh", async () => {
    const { server, client, tokensIssued } = harness();
    server.on("GET", /\/api\/v1\/Accounts\(\d+\)/, (request) =>
      request.headers["authorization"] === "Bearer token-1"
        ? odataError(401, "Unauthorized", "expired")
        : json(200, { Id: 1 }),
    );
    await client.accounts.getAccount(0); // token-1 is cached, then refused, then token-2
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => client.accounts.getAccount(index + 1)));
    expect(results).toHaveLength(20);
    expect(tokensIssued()).toBe(2);
  });

  it("uses a caller's token provider and tells it about refused tokens", async () => {
    const invalidated: string[] = [];
    let n = 0;
    const { server, client } = harness({
      auth: {
        credentials: undefined,
        authUrl: undefined,
        tokenProvider: { getToken: async () => `own-${++n}`, invalidate: (token: string) => invalidated.push(token) },
      },
    });
    server.on("GET", "/api/v1/Accounts(1)", (request) =>
      request.headers["authorization"] === "Bearer own-1" ? empty(401) : json(200, { Id: 1 }),
    );
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: 1 });
    expect(invalidated).toEqual(["own-1"]);
    expect(server.to("/connect/token")).toHaveLength(0);
  });

  it("rejects options without any authentication", () => {
    expect(() => createRuntime({ baseUrl: BASE_URL } as never, { tokenOperations })).toThrow(/credentials/);
    expect(() =>
      createRuntime(
        { baseUrl: BASE_URL, authUrl: AUTH_URL, credentials: { clientId: "c", username: "u", password: "p" } } as never,
        {
          tokenOperations,
        },
      ),
    ).toThrow(/clientSecret/);
    expect(() => createRuntime({ baseUrl: "not a url", tokenProvider: () => "t" })).toThrow(/absolute URL/);
  });
});

describe("retries", () => {
  it("retries a GET on 503 with Retry-After seconds, then succeeds", async () => {
    const { server, client, sleeps } = harness();
    let calls = 0;
    server.on("GET", "/api/v1/Accounts", () =>
      ++calls === 1 ? empty(503, { "retry-after": "2" }) : json(200, { value: [] }),
    );
    await expect(client.accounts.listAccounts()).resolves.toEqual({ value: [] });
    expect(calls).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it("honours an HTTP-date Retry-After on 429 up to maxRetryAfterMs, and fails fast past it with retryAfterMs", async () => {
    const sleeps: number[] = [];
    const { server, client, clock } = harness({
      retry: { sleep: async (ms: number) => void sleeps.push(ms), maxRetryAfterMs: 5_000 },
    });
    let calls = 0;
    let retryAfter = new Date(clock.now + 4_000).toUTCString();
    server.on("GET", "/api/v1/Accounts", () =>
      ++calls === 1 ? empty(429, { "retry-after": retryAfter }) : json(200, { value: [] }),
    );
    await expect(client.accounts.listAccounts()).resolves.toEqual({ value: [] });
    expect(sleeps).toEqual([4_000]);

    calls = 0;
    sleeps.length = 0;
    retryAfter = new Date(clock.now + 600_000).toUTCString();
    const error = await client.accounts.listAccounts().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 600_000, headers: { "retry-after": retryAfter } });
    expect(sleeps).toEqual([]);
    expect(calls).toBe(1);
  });

  it.each([408, 429, 502, 503, 504])("retries a GET on %i with exponential backoff and full jitter", async (status) => {
    const { server, client, sleeps } = harness({
      maxRetries: 3,
      retry: { random: () => 0.5, sleep: async (ms: number) => void sleeps.push(ms) },
    });
    server.on("GET", "/api/v1/Accounts", () => empty(status));
    const error = await client.accounts.listAccounts().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status });
    expect(server.to("/api/v1/Accounts")).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it("does not retry 500 or 400", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", () => odataError(500, "Boom", "x"));
    await expect(client.accounts.listAccounts()).rejects.toBeInstanceOf(ApiStatusError);
    expect(server.to("/api/v1/Accounts")).toHaveLength(1);
  });

  it("retries a GET on a network error, and gives up with ConnectionError", async () => {
    const { server, client, sleeps } = harness();
    server.on("GET", "/api/v1/Accounts", () => {
      throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
    });
    const error = (await client.accounts.listAccounts().catch((caught: unknown) => caught)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain("fetch failed: ECONNRESET");
    expect(server.to("/api/v1/Accounts")).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it("never retries a POST command on 503 or on a network error", async () => {
    const { server, client, sleeps } = harness({ maxRetries: 5 });
    server.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () => empty(503, { "retry-after": "1" }));
    server.on("POST", "/api/v1/Transfers/1/Approve", () => {
      throw new TypeError("fetch failed");
    });
    await expect(
      client.transfers.createAccountTransfer({ AccountId: 1, CurrencyCode: "GBP", BeneficiaryId: 2 }),
    ).rejects.toMatchObject({
      status: 503,
    });
    await expect(client.transfers.approveTransfer(1)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.to("/api/v1/Transfers/CreateAccountTransfer")).toHaveLength(1);
    expect(server.to("/api/v1/Transfers/1/Approve")).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("takes maxRetries per call", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", () => empty(503));
    await expect(client.accounts.listAccounts(undefined, { maxRetries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(server.to("/api/v1/Accounts")).toHaveLength(1);
  });
});

describe("timeouts and abort", () => {
  it("times out an attempt (per-call timeout) and retries a GET, then throws TimeoutError", async () => {
    vi.useFakeTimers();
    const { server, client } = harness({ maxRetries: 1 });
    server.on("GET", "/api/v1/Accounts", () => hang());
    const result = client.accounts.listAccounts(undefined, { timeoutMs: 1_000 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = (await result) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(1_000);
    expect(server.to("/api/v1/Accounts")).toHaveLength(2);
  });

  it("applies the default timeout, also while the body is still arriving", async () => {
    vi.useFakeTimers();
    const { server, client } = harness({ timeoutMs: 500, maxRetries: 0 });
    server.on("GET", "/api/v1/Accounts(1)", (request) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"Id":'));
          request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
        },
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    });
    const result = client.accounts.getAccount(1).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBeInstanceOf(TimeoutError);
  });

  it("aborts with the caller's signal, without retrying", async () => {
    const { server, client } = harness({ maxRetries: 3 });
    server.on("GET", "/api/v1/Accounts", () => hang());
    const controller = new AbortController();
    const result = client.accounts
      .listAccounts(undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(server.to("/api/v1/Accounts")).toHaveLength(1));
    controller.abort();
    expect(await result).toBeInstanceOf(AbortError);
    expect(server.to("/api/v1/Accounts")).toHaveLength(1);
  });

  it("hands fetch the attempt's signal in init, not on the Request, and no init when nothing can abort", async () => {
    const { server, client } = harness({ timeoutMs: 0, maxRetries: 0 });
    server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 }));
    await client.accounts.getAccount(1);
    expect(server.requests.at(-1)?.init).toBeUndefined();

    const caller = new AbortController();
    await client.accounts.getAccount(1, undefined, { signal: caller.signal });
    expect(server.requests.at(-1)?.init).toEqual({ signal: caller.signal });

    const timed = harness({ maxRetries: 0 });
    timed.server.on("GET", "/api/v1/Accounts(1)", (_request, raw) => {
      expect(raw.signal.aborted).toBe(false);
      return json(200, { Id: 1 });
    });
    await timed.client.accounts.getAccount(1, undefined, { signal: caller.signal });
    const { signal } = timed.server.requests[0]?.init as RequestInit;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal).not.toBe(caller.signal);
    caller.abort("stop");
    expect(signal?.aborted).toBe(false); // the attempt is over: its signal no longer follows the caller's
  });

  it("does not send anything with an already aborted signal", async () => {
    const { server, client } = harness();
    await expect(client.accounts.listAccounts(undefined, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("aborts a retry wait", async () => {
    const controller = new AbortController();
    const { server, client } = harness({
      retry: {
        sleep: (_ms: number, signal?: AbortSignal) =>
          new Promise<void>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
      },
    });
    server.on("GET", "/api/v1/Accounts", () => empty(503));
    const result = client.accounts
      .listAccounts(undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(server.to("/api/v1/Accounts")).toHaveLength(1));
    controller.abort();
    expect(await result).toBeInstanceOf(AbortError);
  });
});

describe("paging", () => {
  it("follows @odata.nextLink (relative and absolute) until the last page", async () => {
    const { server, client } = harness();
    server.on("GET", /^\/api\/v1\/Accounts\(7\)\/Balances/, (request) => {
      const skip = request.search.get("$skiptoken");
      if (skip === null) {
        expect(request.search.get("$top")).toBe("2");
        return json(200, {
          "@odata.context": `${BASE_URL}/api/v1/$metadata#Balances`,
          value: [{ n: 1 }, { n: 2 }],
          "@odata.nextLink": "Accounts(7)/Balances?$skiptoken=2",
        });
      }
      if (skip === "2")
        return json(200, {
          value: [{ n: 3 }],
          "@odata.nextLink": `${BASE_URL}/api/v1/Accounts(7)/Balances?$skiptoken=3`,
        });
      return json(200, { value: [{ n: 4 }] });
    });
    const seen: unknown[] = [];
    for await (const item of client.accounts.listBalances.paginate(7, { $top: 2 })) seen.push(item);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(
      server.requests
        .filter((request) => request.path.includes("Balances"))
        .every((request) => request.headers["authorization"] === "Bearer token-1"),
    ).toBe(true);
  });

  it("fetches the next page only when the previous one is used up", async () => {
    const { server, client } = harness();
    server.on("GET", /Accounts/, (request) =>
      request.search.has("page")
        ? json(200, { value: [{ Id: 2 }] })
        : json(200, { value: [{ Id: 1 }], "@odata.nextLink": "/api/v1/Accounts?page=2" }),
    );
    for await (const account of client.accounts.listAccounts.paginate()) {
      expect(account).toEqual({ Id: 1 });
      break;
    }
    expect(server.to("/api/v1/Accounts")).toHaveLength(1);
  });

  it("refuses a nextLink to another origin: the token is not sent there", async () => {
    const onError = vi.fn();
    const { server, client } = harness({ hooks: { onError } });
    server.on("GET", "/api/v1/Accounts", () =>
      json(200, { value: [{ Id: 1 }], "@odata.nextLink": "https://evil.test/api/v1/Accounts?page=2" }),
    );
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const account of client.accounts.listAccounts.paginate()) seen.push(account);
    })().catch((caught: unknown) => caught);
    expect(seen).toEqual([{ Id: 1 }]);
    expect(error).toMatchObject({ code: "unsafe_next_link" });
    expect(server.requests.some((request) => request.url.startsWith("https://evil.test"))).toBe(false);
    expect(onError).toHaveBeenCalledOnce();
  });

  it("stops on a nextLink loop", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", () =>
      json(200, { value: [{ Id: 1 }], "@odata.nextLink": "/api/v1/Accounts?page=2" }),
    );
    const error = await (async () => {
      for await (const _ of client.accounts.listAccounts.paginate()) void _;
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "next_link_loop" });
  });
});

describe("response validation", () => {
  const rejectAll: CompiledValidator = Object.assign(
    (data: unknown) => {
      rejectAll.errors = [
        {
          instancePath: "/Id",
          schemaPath: "#/properties/Id/type",
          keyword: "type",
          params: { type: "integer" },
          message: "must be integer",
        },
      ];
      return data === "never";
    },
    { errors: null },
  );
  const validators = { getAccount: { responses: { "200": { "application/json": rejectAll } } } };

  it("is off by default, and then never loads the validators", async () => {
    const loadOperationValidators = vi.fn(async () => validators);
    const { server, client } = harness({ config: { loadOperationValidators } });
    server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: "x" }));
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: "x" });
    expect(loadOperationValidators).not.toHaveBeenCalled();
  });

  it("throws ResponseValidationError with the issues (keyword and params kept) and the data when on", async () => {
    const loadOperationValidators = vi.fn(async () => validators);
    const { server, client } = harness({ config: { loadOperationValidators }, validateResponses: true });
    server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: "x" }));
    const error = (await client.accounts.getAccount(1).catch((caught: unknown) => caught)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([
      { path: "/Id", message: "must be integer", keyword: "type", params: { type: "integer" } },
    ]);
    expect(error.data).toEqual({ Id: "x" });
    expect(error.message).toBe("The 200 response of accounts.getAccount does not match the spec: /Id must be integer");
    expect(loadOperationValidators).toHaveBeenCalledOnce();
  });

  it("never validates a 201 into a failure: the resource exists, its body is kept as it came", async () => {
    const loadOperationValidators = vi.fn(async () => ({
      createAccountTransfer: { responses: { "201": { "application/json": rejectAll } } },
    }));
    const { server, client } = harness({ config: { loadOperationValidators }, validateResponses: true });
    const location = { location: `${BASE_URL}/api/v1/Transfers(42)` };
    const transfer = { AccountId: 1, CurrencyCode: "EUR", BeneficiaryId: 2 };
    for (const [answer, body] of [
      [() => empty(201, location), undefined],
      [() => json(201, {}, location), {}],
      [
        () => new Response("Created", { status: 201, headers: { ...location, "content-type": "text/plain" } }),
        "Created",
      ],
      [
        () => new Response("{not json", { status: 201, headers: { ...location, "content-type": "application/json" } }),
        "{not json",
      ],
    ] as const) {
      server.on("POST", "/api/v1/Transfers/CreateAccountTransfer", answer);
      await expect(client.transfers.createAccountTransfer(transfer)).resolves.toEqual({
        id: 42,
        location: location.location,
        body,
      });
    }
    expect(loadOperationValidators).not.toHaveBeenCalled();
  });
});

describe("hooks", () => {
  it("reports requests, responses, retries and errors, redacted", async () => {
    const events: [string, unknown][] = [];
    const record = (name: string) => (info: unknown) => void events.push([name, info]);
    const { server, client } = harness({
      hooks: {
        onRequest: record("request"),
        onResponse: record("response"),
        onRetry: record("retry"),
        onError: record("error"),
      },
    });
    let calls = 0;
    server.on("GET", "/api/v1/Accounts(1)", () => (++calls === 1 ? empty(502) : odataError(404, "NotFound", "gone")));
    await client.accounts.getAccount(1).catch(() => undefined);

    expect(events.map(([name, info]) => `${name}:${(info as { operationId: string }).operationId}`)).toEqual([
      "request:requestPasswordToken",
      "response:requestPasswordToken",
      "request:getAccount",
      "response:getAccount",
      "retry:getAccount",
      "request:getAccount",
      "response:getAccount",
      "error:getAccount",
    ]);
    const apiRequest = events[2]?.[1] as {
      headers: Record<string, string>;
      attempt: number;
      url: string;
      method: string;
    };
    expect(apiRequest).toMatchObject({ method: "GET", url: `${BASE_URL}/api/v1/Accounts(1)`, attempt: 1 });
    expect(apiRequest.headers["authorization"]).toBe("[REDACTED]");
    expect(events[4]?.[1]).toMatchObject({ reason: "status 502", status: 502, delayMs: 250 });
    expect((events[7]?.[1] as { error: unknown }).error).toBeInstanceOf(NotFoundError);
    expect(JSON.stringify(events)).not.toMatch(/token-1|s3cr3t|hunter2/);
  });

  it("survives a throwing or rejecting hook", async () => {
    const { server, client } = harness({
      hooks: {
        onRequest: () => {
          throw new Error("logger down");
        },
        onResponse: () => Promise.reject(new Error("async logger down")) as unknown as void,
      },
    });
    server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 }));
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: 1 });
  });
});

describe("options", () => {
  it("refuses limits that make no sense with an InvalidArgumentError, and pages stop at maxPages (default 1 000)", async () => {
    expect(() => harness({ maxResponseBytes: -1 })).toThrow(InvalidArgumentError);
    expect(() => harness({ maxRedirects: Number.NaN })).toThrow(/maxRedirects/);
    const { server, client } = harness();
    let pages = 0;
    server.on("GET", /^\/api\/v1\/Accounts/, () =>
      json(200, { value: [{ Id: ++pages }], "@odata.nextLink": `${BASE_URL}/api/v1/Accounts?page=${pages + 1}` }),
    );
    const drained = async (init?: object): Promise<void> => {
      for await (const _ of client.accounts.listAccounts.paginate(undefined, init)) void _;
    };
    await expect(drained({ maxPages: 0 })).rejects.toThrow(InvalidArgumentError);
    await expect(drained()).rejects.toMatchObject({ code: "too_many_pages" });
    expect(pages).toBe(1_000);
  });

  it("uses the spec's auth server default when no authUrl is given to a token operation call", async () => {
    const server = new (await import("../fake-fetch.js")).FakeServer();
    server.on("POST", "/connect/token", () =>
      json(200, { access_token: "a", expires_in: 900, token_type: "Bearer", scope: "s" }),
    );
    const runtime = createRuntime(
      { baseUrl: BASE_URL, tokenProvider: () => "t", fetch: server.fetch },
      { tokenOperations },
    );
    await runtime.call("data", operations.requestPasswordToken, { body: { grant_type: "password" } });
    expect(server.requests[0]?.url).toBe("http://127.0.0.1:4010/connect/token");
  });
});
