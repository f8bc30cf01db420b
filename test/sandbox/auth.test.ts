/**
 * Authentication as the reference states it, against the running sandbox: the password grant at /connect/token
 * (form-encoded; 400 with a JSON `{error}`: invalid_client, invalid_user), 401 for API calls without a valid token
 * (missing, malformed, badly signed, expired after 900 s of sandbox time), the client's one re-authentication on
 * a 401, and mutual TLS at /connect/mtls/token with a registered (self-signed) client certificate.
 * @module-tag node-lines: mutual TLS over node:https, and the client's fetch.
 */
import { request as httpsRequest } from "node:https";
import {
  createAccountFundsClient,
  TokenRequestError,
  type AccountFundsClient,
  type ClientOptions,
} from "@account-funds/client";
import {
  createClientCertificate,
  defaultCredentials,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  type ClientCertificate,
  type Sandbox,
} from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mtlsClient, recordingClient, ResponseLog } from "./support/operation-calls-clients.js";
import { first, primaryAccount, transferBeneficiaryFor } from "./support/operation-calls-data.js";
import {
  clientFor,
  DEMO_USER,
  OTHER_USER,
  startTestSandbox,
  testClientOptions,
  tokenFor,
} from "./support/sandbox-fixture.js";

/** Starting a sandbox loads and compiles the contract: generous on a busy 2-core machine. */
const HOOK_TIMEOUT_MS = 60_000;

interface TokenAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: Record<string, unknown>;
}

const passwordGrant = (overrides: Readonly<Record<string, string | undefined>> = {}): URLSearchParams => {
  const fields: Record<string, string | undefined> = {
    grant_type: "password",
    scope: "serviceFXAPI",
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username: DEMO_USER.username,
    password: DEMO_USER.password,
    ...overrides,
  };
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
};

async function requestToken(
  sandbox: Sandbox,
  body: string,
  contentType = "application/x-www-form-urlencoded",
): Promise<TokenAnswer> {
  const response = await fetch(`${sandbox.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** The JSON payload of a JWT (RFC 7519: three base64url parts). */
function jwtPayload(token: string): Record<string, unknown> {
  const parts = token.split(".");
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("the token endpoint: POST /connect/token, form-encoded password grant", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
  }, HOOK_TIMEOUT_MS);

  it("answers 200 with a Bearer JWT, valid 900 s, for the scope, that the API accepts", async () => {
    const answer = await requestToken(sandbox, passwordGrant().toString());
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(Object.keys(answer.body).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
    expect(answer.body).toMatchObject({ expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" });
    const token = String(answer.body["access_token"]);
    const payload = jwtPayload(token);
    expect(Number(payload["exp"]) - Number(payload["iat"])).toBe(900);
    const api = await fetch(`${sandbox.url}/api/v1/Accounts`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
  });

  it("authenticates the user apart from the client: each user's token shows that user's own accounts", async () => {
    const accountsWith = async (token: string) => {
      const response = await fetch(`${sandbox.url}/api/v1/Accounts`, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { value: { Id: number }[] }).value.map((account) => account.Id);
    };
    const demo = await accountsWith(await tokenFor(sandbox, DEMO_USER));
    const other = await accountsWith(await tokenFor(sandbox, OTHER_USER));
    expect(demo.length).toBeGreaterThan(0);
    expect(other.length).toBeGreaterThan(0);
    expect(demo.filter((id) => other.includes(id))).toEqual([]);
  });

  it.each([
    ["an unknown client_id", { client_id: "no-such-client" }],
    ["a wrong client_secret", { client_secret: "not-the-secret" }],
    ["no client_secret", { client_secret: undefined }],
  ])("%s is 400 invalid_client", async (_case, overrides) => {
    const answer = await requestToken(sandbox, passwordGrant(overrides).toString());
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body["error"]).toBe("invalid_client");
  });

  it.each([
    ["an unknown username", { username: "nobody@example.com" }],
    ["a wrong password", { password: "not-the-password" }],
    ["another user's password", { password: OTHER_USER.password }],
  ])("%s is 400 invalid_user", async (_case, overrides) => {
    const answer = await requestToken(sandbox, passwordGrant(overrides).toString());
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body["error"]).toBe("invalid_user");
  });

  it.each([
    [
      "a JSON body instead of a form",
      () => [JSON.stringify(Object.fromEntries(passwordGrant())), "application/json"] as const,
    ],
    [
      "a grant type other than password",
      () =>
        [passwordGrant({ grant_type: "client_credentials" }).toString(), "application/x-www-form-urlencoded"] as const,
    ],
    [
      "no grant type",
      () => [passwordGrant({ grant_type: undefined }).toString(), "application/x-www-form-urlencoded"] as const,
    ],
  ])("a failed request (%s) is 400 with a JSON body {error}", async (_case, make) => {
    const [body, contentType] = make();
    const answer = await requestToken(sandbox, body, contentType);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body["error"]).toEqual(expect.any(String));
    expect(answer.body).not.toHaveProperty("access_token");
  });

  it.each([
    ["invalid_client", { clientSecret: "not-the-secret", password: DEMO_USER.password }],
    ["invalid_user", { clientSecret: DEFAULT_CLIENT_SECRET, password: "not-the-password" }],
  ])(
    "the client reports a refused token request as a TokenRequestError with code %s, and the API sees nothing",
    async (code, secrets) => {
      const client = createAccountFundsClient({
        baseUrl: sandbox.url,
        authUrl: sandbox.url,
        credentials: {
          clientId: DEFAULT_CLIENT_ID,
          clientSecret: secrets.clientSecret,
          username: DEMO_USER.username,
          password: secrets.password,
        },
        maxRetries: 0,
      });
      const failure = await client.accounts.listAccounts().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(TokenRequestError);
      expect(failure).toMatchObject({ status: 400, code });
    },
  );
});

/** A sample of operations, GET and POST, with and without path keys, as raw requests. */
interface RawCall {
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly body?: unknown;
}

async function sampleCalls(client: AccountFundsClient): Promise<RawCall[]> {
  const account = await primaryAccount(client);
  const beneficiary = await transferBeneficiaryFor(client, account.Id, "EUR");
  const pending = first(
    (await client.transfers.listTransfers({ $filter: "StatusCode eq 'P'" })).value,
    "pending transfer",
  ).Id;
  const withdrawal = first(
    (await client.withdrawals.listWithdrawals({ $filter: "StatusCode eq 'C'" })).value,
    "completed withdrawal",
  ).Id;
  return [
    { name: "listAccounts", method: "GET", path: "/api/v1/Accounts" },
    { name: "getAccount", method: "GET", path: `/api/v1/Accounts(${account.Id})` },
    {
      name: "listAccountBalanceStatement",
      method: "GET",
      path: `/api/v1/Accounts(${account.Id})/Balances(EUR)/Statement`,
    },
    {
      name: "getWithdrawalConfirmationMt103",
      method: "GET",
      path: `/api/v1/Withdrawals/${withdrawal}/ConfirmationMT103`,
    },
    {
      name: "createAccountTransfer",
      method: "POST",
      path: "/api/v1/Transfers/CreateAccountTransfer",
      body: {
        AccountId: account.Id,
        CurrencyCode: "EUR",
        Amount: 1,
        BeneficiaryId: beneficiary.Id,
        Reference: "no token",
      },
    },
    { name: "approveTransfer", method: "POST", path: `/api/v1/Transfers/${pending}/Approve` },
  ];
}

async function send(sandbox: Sandbox, call: RawCall, authorization: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers["authorization"] = authorization;
  if (call.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${sandbox.url}${call.path}`, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

/** Every call of the sample answers 401 with a Bearer challenge, and the sandbox's state does not change. */
async function expectRefused(
  sandbox: Sandbox,
  calls: readonly RawCall[],
  authorization: string | undefined,
): Promise<void> {
  const state = JSON.stringify(sandbox.store.toJSON());
  for (const call of calls) {
    const response = await send(sandbox, call, authorization);
    expect(response.status, `${call.name}: ${await response.clone().text()}`).toBe(401);
    expect(response.headers.get("www-authenticate") ?? "").toMatch(/^Bearer\b/);
    await response.arrayBuffer();
  }
  expect(JSON.stringify(sandbox.store.toJSON()) === state, "a refused call changed the sandbox's state").toBe(true);
}

async function advanceClock(sandbox: Sandbox, seconds: number): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe("API calls without a valid access token answer 401", () => {
  let sandbox: Sandbox;
  let calls: RawCall[];
  let token: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    calls = await sampleCalls(clientFor(sandbox));
    token = await tokenFor(sandbox);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
  }, HOOK_TIMEOUT_MS);

  it("the sample is accepted with a valid token (so each 401 below is the token's doing)", async () => {
    for (const call of calls.filter((sample) => sample.method === "GET")) {
      const response = await send(sandbox, call, `Bearer ${token}`);
      expect(response.status, call.name).toBe(200);
      await response.arrayBuffer();
    }
  });

  it.each([
    ["no Authorization header", () => undefined],
    ["an empty Authorization header", () => ""],
    ["another scheme", () => `Basic ${Buffer.from(`${DEMO_USER.username}:${DEMO_USER.password}`).toString("base64")}`],
    ["the token without the Bearer scheme", (valid: string) => valid],
    ["Bearer without a token", () => "Bearer"],
    ["a token that is not a JWT", () => "Bearer not-a-jwt"],
  ])("%s", async (_case, authorization) => {
    await expectRefused(sandbox, calls, authorization(token));
  });

  it("a token whose signature does not match", async () => {
    const [header, payload, signature = ""] = token.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    await expectRefused(sandbox, calls, `Bearer ${header}.${payload}.${flipped}`);
  });

  it("a token with a changed payload (another user) and the original signature", async () => {
    const [header, payload = "", signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: OTHER_USER.id })).toString("base64url");
    await expectRefused(sandbox, calls, `Bearer ${header}.${forged}.${signature}`);
  });

  it("a token issued by another sandbox (another signing key)", async () => {
    const elsewhere = await startTestSandbox();
    try {
      await expectRefused(sandbox, calls, `Bearer ${await tokenFor(elsewhere)}`);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("expiry: 900 s of sandbox time (POST /_sandbox/clock moves it)", () => {
  let sandbox: Sandbox;
  let calls: RawCall[];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    calls = await sampleCalls(clientFor(sandbox));
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
  }, HOOK_TIMEOUT_MS);

  it("a token is accepted 600 s after it was issued and refused with 401 after 901 s", async () => {
    const token = await tokenFor(sandbox);
    await advanceClock(sandbox, 600);
    const stillValid = await send(sandbox, calls[0]!, `Bearer ${token}`);
    expect(stillValid.status).toBe(200);
    await stillValid.arrayBuffer();
    await advanceClock(sandbox, 301);
    await expectRefused(sandbox, calls, `Bearer ${token}`);
    // A fresh token works again at the new time.
    const fresh = await send(sandbox, calls[0]!, `Bearer ${await tokenFor(sandbox)}`);
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
  });

  it("the client, refused with 401 for its expired token, fetches one fresh token and the call succeeds (GET and POST)", async () => {
    const log = new ResponseLog();
    const retries: string[] = [];
    const options: ClientOptions = {
      ...testClientOptions(sandbox.url),
      hooks: {
        onResponse: ({ operationId, status }) => log.record({ operationId, status }),
        onRetry: ({ operationId, reason }) => retries.push(`${operationId}: ${reason}`),
      },
    };
    const client = createAccountFundsClient(options);
    const account = await primaryAccount(client);
    expect(log.statusesOf("requestPasswordToken")).toEqual([200]);

    // The client's own clock has not moved: it still holds the token as valid, and only the API's 401 tells it.
    await advanceClock(sandbox, 901);
    expect((await client.accounts.getAccount(account.Id)).Id).toBe(account.Id);
    expect(log.statusesOf("getAccount")).toEqual([401, 200]);
    expect(log.statusesOf("requestPasswordToken")).toEqual([200, 200]);
    expect(retries).toEqual(["getAccount: 401: fresh token"]);

    await advanceClock(sandbox, 901);
    const beneficiary = await transferBeneficiaryFor(client, account.Id, "EUR");
    const transfersBefore = (await client.transfers.listTransfers()).value.length;
    await advanceClock(sandbox, 901);
    const created = await client.transfers.createAccountTransfer({
      AccountId: account.Id,
      CurrencyCode: "EUR",
      Amount: 3,
      BeneficiaryId: beneficiary.Id,
    });
    expect(log.statusesOf("createAccountTransfer")).toEqual([401, 201]);
    // The refused attempt was not executed: exactly one transfer was made.
    expect((await client.transfers.listTransfers()).value.length).toBe(transfersBefore + 1);
    expect((await client.transfers.getTransfer(created.id ?? -1)).Amount).toBe(3);
  });
});

interface HttpsAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: Record<string, unknown>;
}

/** A raw form POST over HTTPS, trusting `ca`, presenting `certificate` when given. */
function postMtlsForm(
  url: string,
  form: URLSearchParams,
  ca: string,
  certificate?: ClientCertificate,
): Promise<HttpsAnswer> {
  const body = form.toString();
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      {
        method: "POST",
        ca,
        ...(certificate === undefined ? {} : { cert: certificate.cert, key: certificate.key }),
        agent: false,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            body: JSON.parse(text) as Record<string, unknown>,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("mutual TLS: /connect/mtls/token with a registered client certificate", () => {
  let sandbox: Sandbox;
  let registered: ClientCertificate;
  let unregistered: ClientCertificate;
  let tokenUrl: string;
  let serverCa: string;
  const mtlsGrant = (overrides: Readonly<Record<string, string | undefined>> = {}) =>
    passwordGrant({ client_secret: undefined, ...overrides });

  beforeAll(async () => {
    registered = await createClientCertificate("auth-test-registered");
    unregistered = await createClientCertificate("auth-test-unregistered");
    sandbox = await startTestSandbox({
      tlsPort: 0,
      credentials: defaultCredentials({ certificateThumbprints: [registered.thumbprint] }),
    });
    tokenUrl = `${sandbox.tlsUrl ?? ""}/connect/mtls/token`;
    serverCa = sandbox.certificate?.cert ?? "";
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox?.close();
  }, HOOK_TIMEOUT_MS);

  it("a client with the mTLS dispatcher gets its token over mTLS, without a secret, and calls the API with it", async () => {
    const log = new ResponseLog();
    const mtls = mtlsClient(sandbox, registered, log);
    try {
      const accounts = await mtls.client.accounts.listAccounts({ $orderby: "Id" });
      expect(log.responses).toEqual([
        { operationId: "requestMtlsPasswordToken", status: 200 },
        { operationId: "listAccounts", status: 200 },
      ]);
      const withSecret = await recordingClient(sandbox, new ResponseLog()).accounts.listAccounts({ $orderby: "Id" });
      expect(accounts.value.map((account) => account.Id)).toEqual(withSecret.value.map((account) => account.Id));
    } finally {
      await mtls.close();
    }
  });

  it("the endpoint answers the reference's token response to a raw form with the registered certificate", async () => {
    const answer = await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, registered);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" });
    const api = await fetch(`${sandbox.url}/api/v1/Accounts`, {
      headers: { authorization: `Bearer ${String(answer.body["access_token"])}` },
    });
    expect(api.status).toBe(200);
  });

  it("an unregistered certificate is 400 invalid_client, through the client as through a raw request", async () => {
    const mtls = mtlsClient(sandbox, unregistered);
    try {
      const failure = await mtls.client.accounts.listAccounts().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(TokenRequestError);
      expect(failure).toMatchObject({ status: 400, code: "invalid_client" });
    } finally {
      await mtls.close();
    }
    const answer = await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, unregistered);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body["error"]).toBe("invalid_client");
  });

  it("a registered certificate outside its validity period is 400 invalid_client, judged by the sandbox clock", async () => {
    const day = 24 * 3600 * 1000;
    const expired = await createClientCertificate("auth-test-expired", {
      notBefore: new Date(Date.now() - 400 * day),
      notAfter: new Date(Date.now() - day),
    });
    sandbox.credentials.clients[0]!.certificateThumbprints.push(expired.thumbprint);
    const refused = await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, expired);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "invalid_client",
      error_description: expect.stringMatching(/validity period/),
    });
    try {
      sandbox.clock.advance(366 * 24 * 3600); // past the registered certificate's notAfter (a year after its making)
      expect((await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, registered)).body).toMatchObject({
        error: "invalid_client",
      });
    } finally {
      sandbox.clock.reset();
    }
    expect((await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, registered)).status).toBe(200);
  });

  it("no client certificate at all is 400 invalid_client", async () => {
    const answer = await postMtlsForm(tokenUrl, mtlsGrant(), serverCa);
    expect(answer.status).toBe(400);
    expect(answer.body["error"]).toBe("invalid_client");
  });

  it("a client_secret sent to the mTLS endpoint is refused with a 400, even with the registered certificate", async () => {
    const refused = await postMtlsForm(
      tokenUrl,
      mtlsGrant({ client_secret: DEFAULT_CLIENT_SECRET }),
      serverCa,
      registered,
    );
    expect(refused.status).toBe(400);
    expect(refused.contentType).toMatch(/^application\/json/);
    expect(refused.body["error"]).toEqual(expect.any(String));
    expect(refused.body).not.toHaveProperty("access_token");
    // The same request without the secret is accepted: the secret alone was refused.
    expect((await postMtlsForm(tokenUrl, mtlsGrant(), serverCa, registered)).status).toBe(200);
  });

  it("serves the password grant at the HTTPS entry point too, the spec's one {auth_url}, with or without a certificate", async () => {
    const passwordTokenUrl = `${sandbox.tlsUrl ?? ""}/connect/token`;
    for (const certificate of [undefined, registered]) {
      const answer = await postMtlsForm(passwordTokenUrl, passwordGrant(), serverCa, certificate);
      expect(answer.status).toBe(200);
      expect(answer.body["access_token"]).toEqual(expect.any(String));
    }
  });

  it("the user is still authenticated: a wrong password with the registered certificate is 400 invalid_user", async () => {
    const answer = await postMtlsForm(tokenUrl, mtlsGrant({ password: "not-the-password" }), serverCa, registered);
    expect(answer.status).toBe(400);
    expect(answer.body["error"]).toBe("invalid_user");
  });
});
