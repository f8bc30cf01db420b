/**
 * The generated client (@account-funds/client, from generated/src) against an in-process fake API: every
 * method exists, the behaviours the issue lists, and every example of the spec going through the façade with
 * response validation on.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  AccountFundsError,
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  NotFoundError,
  RequestValidationError,
  TimeoutError,
  TokenRequestError,
  createAccountFundsClient,
  filter,
  loadOperationValidators,
  multipart,
  operationMetadata,
  parseWebhookEvents,
  type ClientOptions,
  type OperationMetadata,
  type WebhookEvent,
} from "../../generated/src/index.js";
import { AUTH_URL, BASE_URL, FakeApi, credentials, json, odataError } from "./fake-api.js";

afterEach(() => {
  vi.useRealTimers();
});

function setup(options: Partial<ClientOptions> = {}) {
  const api = new FakeApi();
  const sleeps: number[] = [];
  const client = createAccountFundsClient({
    baseUrl: BASE_URL,
    authUrl: AUTH_URL,
    credentials,
    fetch: api.fetch,
    retry: { random: () => 0.5, sleep: async (ms: number) => void sleeps.push(ms) },
    ...options,
  } as ClientOptions);
  return { api, client, sleeps };
}

describe("the façade", () => {
  it("has one method per operation, grouped by resource", () => {
    const { client } = setup();
    for (const operation of Object.values(operationMetadata as Record<string, OperationMetadata>)) {
      const group = (client as unknown as Record<string, Record<string, unknown>>)[operation.group];
      expect(typeof group?.[operation.clientMethod], `${operation.group}.${operation.clientMethod}`).toBe("function");
      const raw = (client.withResponse as unknown as Record<string, Record<string, unknown>>)[operation.group];
      expect(typeof raw?.[operation.clientMethod]).toBe("function");
      const paginate = (group?.[operation.clientMethod] as { paginate?: unknown }).paginate;
      expect(typeof paginate, operation.operationId).toBe(operation.odata === "list" ? "function" : "undefined");
    }
    expect(typeof client.transfers.createAccountTransfer).toBe("function");
    expect(typeof client.accounts.listBalances).toBe("function");
  });

  it("lists with typed OData options and positional path parameters", async () => {
    const { api, client } = setup();
    api.on("GET", "/api/v1/Accounts(2001)/Balances", () =>
      json(200, {
        "@odata.context": `${BASE_URL}/api/v1/$metadata#Balances`,
        "@odata.count": 1,
        value: [{ CurrencyCode: "GBP", Available: 10 }],
      }),
    );
    const balances = await client.accounts.listBalances(2001, {
      $select: ["CurrencyCode", "Available"],
      $filter: filter.eq("CurrencyCode", "GBP").or(filter.gt("Available", 0)),
      $orderby: "Available desc",
      $top: 50,
      $count: true,
    });
    expect(balances.value[0]?.CurrencyCode).toBe("GBP");
    expect(balances["@odata.count"]).toBe(1);
    const search = api.to("/api/v1/Accounts(2001)/Balances")[0]?.url.searchParams;
    expect(Object.fromEntries(search ?? [])).toEqual({
      $select: "CurrencyCode,Available",
      $filter: "CurrencyCode eq 'GBP' or Available gt 0",
      $orderby: "Available desc",
      $top: "50",
      $count: "true",
    });
  });

  it("creates: 201 → id and Location URL", async () => {
    const { api, client } = setup();
    api.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () =>
      json(201, { Id: 9001 }, { location: `${BASE_URL}/api/v1/Transfers(9001)` }),
    );
    const created = await client.transfers.createAccountTransfer({
      AccountId: 2001,
      CurrencyCode: "GBP",
      BeneficiaryId: 3001,
      Amount: 250,
    });
    expect(created).toEqual({ id: 9001, location: `${BASE_URL}/api/v1/Transfers(9001)`, body: { Id: 9001 } });
  });

  it("runs a command without content, and maps 400/401/404/410", async () => {
    const { api, client } = setup();
    api.on("POST", /^\/api\/v1\/Transfers\/\d+\/Cancel$/, (request) => {
      const id = Number(/Transfers\/(\d+)/.exec(request.url.pathname)?.[1]);
      if (id === 1) return new Response(null, { status: 200 });
      if (id === 400) return odataError(400, "InvalidState", "bad attribute");
      if (id === 401) return odataError(401, "Unauthorized", "expired");
      if (id === 404) return odataError(404, "NotFound", "no such transfer");
      return odataError(410, "Gone", "can no longer be cancelled");
    });
    await expect(client.transfers.cancelTransfer(1)).resolves.toBeUndefined();
    const failures = await Promise.all(
      [400, 401, 404, 410].map((id) => client.transfers.cancelTransfer(id).catch((error: unknown) => error)),
    );
    expect(failures.map((error) => (error as Error).constructor)).toEqual([
      BadRequestError,
      AuthenticationError,
      NotFoundError,
      GoneError,
    ]);
    const gone = failures[3] as GoneError;
    expect(gone).toBeInstanceOf(ApiStatusError);
    expect(gone).toMatchObject({
      status: 410,
      code: "Gone",
      request: { method: "POST", url: `${BASE_URL}/api/v1/Transfers/410/Cancel` },
      body: { error: { code: "Gone", message: "can no longer be cancelled" } },
    });
    expect(gone.message).toBe(`410 Gone: can no longer be cancelled (POST ${BASE_URL}/api/v1/Transfers/410/Cancel)`);
  });

  it("returns the MT103 confirmation as text", async () => {
    const { api, client } = setup();
    api.on(
      "GET",
      "/api/v1/Withdrawals/5/ConfirmationMT103",
      () => new Response(":20:REF\n:32A:250314GBP100,", { headers: { "content-type": "text/plain" } }),
    );
    const text: string = await client.withdrawals.getWithdrawalConfirmationMt103(5);
    expect(text).toBe(":20:REF\n:32A:250314GBP100,");
  });

  it("sends a withdrawal with supporting documents as multipart", async () => {
    const { api, client } = setup();
    api.on("POST", "/api/v1/Withdrawals/CreateAccountWithdrawal", () =>
      json(201, { Id: 7 }, { location: "/api/v1/Withdrawals(7)" }),
    );
    const request = { AccountId: 2001, CurrencyCode: "USD", BeneficiaryId: 4003, Amount: 7800 };
    const created = await client.withdrawals.createAccountWithdrawal(
      multipart({
        Request: request,
        SupportingDocuments: [new File(["%PDF"], "proforma.pdf", { type: "application/pdf" })],
      }),
    );
    expect(created.id).toBe(7);
    const sent = api.to("/api/v1/Withdrawals/CreateAccountWithdrawal")[0]!;
    const form = await new Response(sent.body, {
      headers: { "content-type": sent.headers.get("content-type") ?? "" },
    }).formData();
    expect(JSON.parse(form.get("Request") as string)).toEqual(request);
    expect((form.get("SupportingDocuments") as File).name).toBe("proforma.pdf");
    expect((form.get("SupportingDocuments") as File).type).toBe("application/pdf");
  });

  it("narrows raw results by status", async () => {
    const { api, client } = setup();
    api.on("GET", "/api/v1/Accounts(1)", () => odataError(404, "NotFound", "no"));
    const result = await client.withResponse.accounts.getAccount(1);
    if (result.status === 404) {
      expect(result.error).toMatchObject({ error: { code: "NotFound" } });
    } else {
      expect.unreachable(`expected 404, got ${result.status}`);
    }
  });

  it("pages through @odata.nextLink", async () => {
    const { api, client } = setup();
    api.on("GET", "/api/v1/Transfers", (request) => {
      const page = Number(request.url.searchParams.get("$skiptoken") ?? "0");
      return json(200, {
        "@odata.context": `${BASE_URL}/api/v1/$metadata#Transfers`,
        value: [{ Id: page * 2 + 1 }, { Id: page * 2 + 2 }],
        ...(page < 2 ? { "@odata.nextLink": `Transfers?$skiptoken=${page + 1}` } : {}),
      });
    });
    const ids: number[] = [];
    for await (const transfer of client.transfers.listTransfers.paginate({ $top: 2 })) ids.push(transfer.Id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("validation", () => {
  const transfer = { AccountId: 2001, CurrencyCode: "GBP", BeneficiaryId: 3001, Amount: 250 };
  const withdrawal = { AccountId: 2001, CurrencyCode: "USD", BeneficiaryId: 4003, Amount: 7800 };

  it("validateRequests: an invalid body is refused before anything reaches fetch", async () => {
    const { api, client } = setup({ validateRequests: true });
    api.on("POST", "/api/v1/Transfers/CreateAccountTransfer", () =>
      json(201, { Id: 1 }, { location: "/api/v1/Transfers(1)" }),
    );
    const error = (await client.transfers
      // @ts-expect-error Amount is a number (a string is refused by the types and by validateRequests alike)
      .createAccountTransfer({ ...transfer, CurrencyCode: "gbp", Amount: "1" })
      .catch((caught: unknown) => caught)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues.map((issue) => [issue.path, issue.keyword])).toEqual([
      ["/CurrencyCode", "pattern"],
      ["/Amount", "type"],
    ]);
    expect(api.requests).toEqual([]);
    await expect(client.transfers.createAccountTransfer(transfer)).resolves.toMatchObject({ id: 1 });
  });

  it("validateRequests: a multipart withdrawal is checked by its Request part, with real files as documents", async () => {
    const { api, client } = setup({ validateRequests: true, validateResponses: true });
    api.on("POST", "/api/v1/Withdrawals/CreateAccountWithdrawal", () =>
      json(201, { Id: 7 }, { location: "/api/v1/Withdrawals(7)" }),
    );
    const documents = [
      new File(["%PDF"], "proforma.pdf", { type: "application/pdf" }),
      { data: new Uint8Array([1, 2]), filename: "scan.png", contentType: "image/png" },
    ];
    await expect(
      client.withdrawals.createAccountWithdrawal(multipart({ Request: withdrawal, SupportingDocuments: documents })),
    ).resolves.toMatchObject({ id: 7 });
    expect(api.to("/api/v1/Withdrawals/CreateAccountWithdrawal")).toHaveLength(1);

    const error = (await client.withdrawals
      .createAccountWithdrawal(
        multipart({ Request: { ...withdrawal, CurrencyCode: "usd" }, SupportingDocuments: ["<binary>" as never] }),
      )
      .catch((caught: unknown) => caught)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues.map((issue) => [issue.path, issue.keyword])).toEqual([
      ["/Request/CurrencyCode", "pattern"],
      ["/SupportingDocuments/0", "type"],
    ]);
    expect(api.to("/api/v1/Withdrawals/CreateAccountWithdrawal")).toHaveLength(1);
  });

  it("loads the operations' validators once, on demand, with the multipart form described by part", async () => {
    expect(loadOperationValidators()).toBe(loadOperationValidators());
    const validators = await loadOperationValidators();
    const withdrawalValidators = validators["createAccountWithdrawal"];
    expect(withdrawalValidators?.request?.["multipart/form-data"]).toBeUndefined();
    expect(withdrawalValidators?.multipart).toEqual({
      required: ["Request"],
      values: { Request: withdrawalValidators?.request?.["application/json"] },
      files: { SupportingDocuments: { multiple: true } },
    });
  });
});

describe("authentication", () => {
  it("100 concurrent calls make exactly one token request", async () => {
    const { api, client } = setup();
    api.on("GET", /^\/api\/v1\/Accounts\(\d+\)$/, () => json(200, { Id: 1 }));
    await Promise.all(Array.from({ length: 100 }, (_, index) => client.accounts.getAccount(index)));
    expect(api.to("/connect/token")).toHaveLength(1);
    expect(new URLSearchParams(api.to("/connect/token")[0]?.text).get("scope")).toBe("serviceFXAPI");
  });

  it("a 401 gets one fresh token and one retry; a second 401 is an AuthenticationError", async () => {
    const { api, client } = setup();
    api.on("GET", "/api/v1/Accounts(1)", (request) =>
      request.headers.get("authorization") === "Bearer token-1"
        ? odataError(401, "Unauthorized", "expired")
        : json(200, { Id: 1 }),
    );
    api.on("GET", "/api/v1/Accounts(2)", () => odataError(401, "Unauthorized", "no"));
    await expect(client.accounts.getAccount(1)).resolves.toEqual({ Id: 1 });
    await expect(client.accounts.getAccount(2)).rejects.toBeInstanceOf(AuthenticationError);
    expect(api.to("/api/v1/Accounts(2)")).toHaveLength(2);
    expect(api.tokensIssued).toBe(3);
  });

  it("takes a 401 without a body (the reference shows none) and with the Bearer challenge, validating responses", async () => {
    const { api, client } = setup({ validateResponses: true });
    api.on(
      "GET",
      "/api/v1/Accounts(3)",
      () => new Response(null, { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } }),
    );
    const error = await client.accounts.getAccount(3).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
  });

  it("surfaces invalid_client as a TokenRequestError", async () => {
    const { api, client } = setup();
    api.on("POST", "/connect/token", () => json(400, { error: "invalid_client" }));
    const error = (await client.accounts.listAccounts().catch((caught: unknown) => caught)) as TokenRequestError;
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.code).toBe("invalid_client");
  });

  it("never shows the secrets in errors or hooks (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 16, maxLength: 32, unit: "grapheme-ascii" }), async (secret) => {
        fc.pre(secret.trim() === secret);
        const logged: unknown[] = [];
        const api = new FakeApi();
        api.on("POST", "/connect/token", () =>
          json(400, { error: "invalid_client", error_description: `client_secret ${secret} is wrong` }),
        );
        const client = createAccountFundsClient({
          baseUrl: BASE_URL,
          authUrl: AUTH_URL,
          credentials: { ...credentials, clientSecret: secret, password: `${secret}-pw` },
          fetch: api.fetch,
          maxRetries: 0,
          hooks: {
            onRequest: (info) => logged.push(info),
            onResponse: (info) => logged.push(info),
            onError: (info) => logged.push(info),
          },
        });
        const error = await client.accounts.listAccounts().catch((caught: unknown) => caught);
        for (const text of [String(error), JSON.stringify(error), JSON.stringify(logged)]) {
          expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe("retries and timeouts", () => {
  it("retries GETs on 503 with Retry-After, never POST commands", async () => {
    const { api, client, sleeps } = setup();
    let calls = 0;
    api.on("GET", "/api/v1/Accounts", () =>
      ++calls < 3 ? new Response(null, { status: 503, headers: { "retry-after": "1" } }) : json(200, { value: [] }),
    );
    api.on("POST", "/api/v1/Transfers/1/Approve", () => new Response(null, { status: 503 }));
    await expect(client.accounts.listAccounts()).resolves.toMatchObject({ value: [] });
    expect(sleeps).toEqual([1000, 1000]);
    await expect(client.transfers.approveTransfer(1)).rejects.toMatchObject({ status: 503 });
    expect(api.to("/api/v1/Transfers/1/Approve")).toHaveLength(1);
  });

  it("times out per call and aborts on the caller's signal", async () => {
    vi.useFakeTimers();
    const { api, client } = setup({ maxRetries: 0 });
    api.on("GET", "/api/v1/Accounts", () => new Promise<Response>(() => undefined));
    const timedOut = client.accounts.listAccounts(undefined, { timeoutMs: 2_000 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(2_002); // the timeout, and at most a thousandth more (shared deadline slots)
    expect(await timedOut).toBeInstanceOf(TimeoutError);

    const controller = new AbortController();
    const aborted = client.accounts
      .listAccounts(undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
  });
});

describe("webhooks", () => {
  it("parses deliveries into typed events", () => {
    const body = JSON.stringify([
      {
        EntityType: "Transfer",
        EntityId: 1,
        Reason: "TransferCreated",
        ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(1)`,
      },
      {
        EntityType: "Withdrawal",
        EntityId: 2,
        Reason: "WithdrawalCompleted",
        ApiUrl: `${BASE_URL}/api/v1/Withdrawals(2)`,
      },
    ]);
    const result = parseWebhookEvents(Buffer.from(body));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const reasons = result.events.map((event: WebhookEvent) => event.Reason);
    expect(reasons).toEqual(["TransferCreated", "WithdrawalCompleted"]);
  });

  it("keeps both events of a delivery holding one of a kind it does not know: the known one typed, the other apart", () => {
    const exchange = {
      EntityType: "Exchange",
      EntityId: 7,
      Reason: "ExchangeCompleted",
      ApiUrl: `${BASE_URL}/api/v1/Exchanges(7)`,
      Extra: { a: 1 },
    };
    const transfer = {
      EntityType: "Transfer",
      EntityId: 1,
      Reason: "TransferCreated",
      ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(1)`,
    };
    const result = parseWebhookEvents(Buffer.from(JSON.stringify([exchange, transfer])));
    expect(result).toEqual({ ok: true, events: [transfer], unknownEvents: [exchange], invalidEvents: [] });
    if (!result.ok) return;
    const [known] = result.events;
    // Narrowed by Reason: a TransferCreated event's ApiUrl is a string, its EntityType "Transfer".
    if (known?.Reason === "TransferCreated") expect(known.EntityType satisfies "Transfer").toBe("Transfer");
    expect(result.unknownEvents[0]?.Reason).toBe("ExchangeCompleted");
  });

  it("takes an ApiUrl with a trailing slash or percent-encoded parentheses", () => {
    const withdrawal = { EntityType: "Withdrawal", EntityId: 2, Reason: "WithdrawalCreated" };
    for (const ApiUrl of [
      `${BASE_URL}/api/v1/Withdrawals(2)/`,
      `${BASE_URL}/api/v1/Withdrawals%282%29`,
      "https://api.example.com/base/api/v1/Withdrawals(2)",
    ]) {
      expect(parseWebhookEvents([{ ...withdrawal, ApiUrl }]), ApiUrl).toMatchObject({ ok: true, events: [{ ApiUrl }] });
    }
    // Any absolute URL is the entity's (the reference says no more), a lower-case path too.
    const lowerCase = `${BASE_URL}/api/v1/withdrawals(2)`;
    expect(parseWebhookEvents([{ ...withdrawal, ApiUrl: lowerCase }])).toMatchObject({
      ok: true,
      events: [{ ApiUrl: lowerCase }],
      invalidEvents: [],
    });
    // Not an absolute URL: reported alone, the delivery is taken.
    expect(parseWebhookEvents([{ ...withdrawal, ApiUrl: "/api/v1/Withdrawals(2)" }])).toMatchObject({
      ok: true,
      events: [],
      invalidEvents: [{ index: 0, issues: expect.arrayContaining([expect.objectContaining({ path: "/ApiUrl" })]) }],
    });
  });

  it("reports each event the spec does not allow with its issues, and refuses a body that is no array of events", () => {
    const transfer = {
      EntityType: "Transfer",
      EntityId: 1,
      Reason: "TransferCreated",
      ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(1)`,
    };
    const missing = {
      EntityType: "Transfer",
      Reason: "TransferCompleted",
      ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(1)`,
    };
    const result = parseWebhookEvents([missing, transfer]);
    if (!result.ok) throw new Error("expected the delivery to be taken");
    expect(result.events).toEqual([transfer]);
    expect(result.invalidEvents).toEqual([
      { index: 0, event: missing, issues: [expect.objectContaining({ keyword: "required", path: "" })] },
    ]);
    expect(parseWebhookEvents("{nope")).toMatchObject({ ok: false, error: { code: "invalid_json" } });
    expect(parseWebhookEvents({ EntityType: "Transfer" })).toMatchObject({
      ok: false,
      error: { code: "invalid_payload" },
    });
  });

  it("is an AccountFundsError-free API: parsing never throws", () => {
    expect(() => parseWebhookEvents(undefined)).not.toThrow();
    expect(AccountFundsError).toBeDefined();
  });
});
