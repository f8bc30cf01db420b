import { decodeJwt } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { defaultCredentials, type SandboxCredentials } from "../../../src/endpoints/auth/credentials.js";
import {
  handleTokenRequest,
  type TokenEndpointDeps,
  type TokenEndpointResult,
  type TokenRequest,
} from "../../../src/endpoints/auth/token-endpoint.js";
import { createTokenRateLimiter } from "../../../src/endpoints/auth/rate-limit.js";
import { createTokenIssuer } from "../../../src/endpoints/auth/tokens.js";

const FORM = "application/x-www-form-urlencoded";
const THUMBPRINT = "3F".repeat(32);
const THUMBPRINT_COLONS = THUMBPRINT.match(/../g)!.join(":").toLowerCase();
const OTHER_THUMBPRINT = "C0".repeat(32);

// Every value a client sends that must never come back in a response.
const SECRETS = ["sandbox-secret", "demo-password", "other-password", "wrong-secret-XYZ", "wrong-password-XYZ"];

let credentials: SandboxCredentials;
let deps: TokenEndpointDeps;

beforeEach(() => {
  credentials = defaultCredentials({ certificateThumbprints: [THUMBPRINT] });
  deps = {
    credentials,
    issuer: createTokenIssuer({
      clock: createSandboxClock(),
      issuer: "http://127.0.0.1:4010",
      audience: "serviceFXAPI",
    }),
  };
});

function passwordForm(overrides: Record<string, string | null> = {}): URLSearchParams {
  const fields: Record<string, string | null> = {
    grant_type: "password",
    scope: "serviceFXAPI",
    client_id: "sandbox-client",
    client_secret: "sandbox-secret",
    username: "demo@example.com",
    password: "demo-password",
    ...overrides,
  };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form;
}

function mtlsForm(overrides: Record<string, string | null> = {}): URLSearchParams {
  return passwordForm({ client_secret: null, ...overrides });
}

// Rest parameters, not defaults: an explicit undefined (no content type, no certificate) must stay undefined.
function passwordRequest(form: URLSearchParams, ...contentType: [string | undefined] | []): TokenRequest {
  return { form, contentType: contentType.length === 0 ? FORM : contentType[0], endpoint: "password" };
}

function mtlsRequest(form: URLSearchParams, ...thumbprint: [string | undefined] | []): TokenRequest {
  const clientCertificateThumbprint = thumbprint.length === 0 ? THUMBPRINT : thumbprint[0];
  return { form, contentType: FORM, endpoint: "mtls", clientCertificateThumbprint };
}

function expectError(result: TokenEndpointResult, error: string): void {
  expect(result.status).toBe(400);
  // TokenErrorResponse: always exactly error and error_description, both non-empty strings.
  expect(Object.keys(result.body).sort()).toEqual(["error", "error_description"]);
  expect(result.body).toEqual({ error, error_description: expect.stringMatching(/\S/) });
  expect(result.headers["Cache-Control"]).toBe("no-store");
  const serialised = JSON.stringify(result);
  for (const secret of SECRETS) expect(serialised).not.toContain(secret);
}

describe("POST /connect/token (client secret)", () => {
  it("issues a token for the demo user", async () => {
    const result = await handleTokenRequest(passwordRequest(passwordForm()), deps);
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(result.body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      token_type: "Bearer",
      scope: "serviceFXAPI",
    });
    expect(decodeJwt(result.body.access_token)).toMatchObject({ sub: "demo", client_id: "sandbox-client" });
    await expect(deps.issuer.verify(`Bearer ${result.body.access_token}`)).resolves.toMatchObject({
      ok: true,
      userId: "demo",
    });
  });

  it("sends the RFC 6749 §5.1 headers", async () => {
    const result = await handleTokenRequest(passwordRequest(passwordForm()), deps);
    expect(result.headers).toEqual({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      Pragma: "no-cache",
    });
  });

  it("issues a token for the other user with the same client, bound to that user", async () => {
    const result = await handleTokenRequest(
      passwordRequest(passwordForm({ username: "other@example.com", password: "other-password" })),
      deps,
    );
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(decodeJwt(result.body.access_token).sub).toBe("other");
  });

  it("accepts a charset parameter and any case in the content type", async () => {
    for (const contentType of [`${FORM}; charset=UTF-8`, "Application/X-WWW-Form-Urlencoded"]) {
      const result = await handleTokenRequest(passwordRequest(passwordForm(), contentType), deps);
      expect(result.status).toBe(200);
    }
  });

  it.each([
    ["application/json", "application/json"],
    ["multipart/form-data", "multipart/form-data; boundary=x"],
    ["text/plain", "text/plain"],
    ["no content type", undefined],
    ["a look-alike", "application/x-www-form-urlencoded-evil"],
  ])("answers invalid_request for %s", async (_label, contentType) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(), contentType), deps), "invalid_request");
  });

  it("answers invalid_request for a repeated parameter (RFC 6749 §3.2)", async () => {
    const form = passwordForm();
    form.append("scope", "serviceFXAPI");
    expectError(await handleTokenRequest(passwordRequest(form), deps), "invalid_request");
  });

  it.each([
    ["an unknown client_id", { client_id: "no-such-client" }],
    ["a wrong client_secret", { client_secret: "wrong-secret-XYZ" }],
    ["a client_secret of another case", { client_secret: "SANDBOX-SECRET" }],
    ["no client_id", { client_id: null }],
    ["no client_secret", { client_secret: null }],
    ["an empty client_secret", { client_secret: "" }],
  ])("answers invalid_client for %s", async (_label, overrides) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(overrides)), deps), "invalid_client");
  });

  it.each([
    ["client_credentials", { grant_type: "client_credentials" }],
    ["authorization_code", { grant_type: "authorization_code" }],
    ["refresh_token", { grant_type: "refresh_token" }],
    ["Password (wrong case)", { grant_type: "Password" }],
  ])("answers unsupported_grant_type for %s", async (_label, overrides) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(overrides)), deps), "unsupported_grant_type");
  });

  it("answers invalid_request when grant_type is missing (RFC 6749 §5.2)", async () => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm({ grant_type: null })), deps), "invalid_request");
  });

  it.each([
    ["missing", { scope: null }],
    ["empty", { scope: "" }],
    ["another scope", { scope: "openid" }],
    ["the service scope plus another", { scope: "serviceFXAPI openid" }],
    ["another case", { scope: "servicefxapi" }],
  ])("answers invalid_scope when the scope is %s", async (_label, overrides) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(overrides)), deps), "invalid_scope");
  });

  it.each([
    ["an unknown username", { username: "nobody@example.com" }],
    ["a wrong password", { password: "wrong-password-XYZ" }],
    ["another user's password", { password: "other-password" }],
  ])("answers invalid_user for %s", async (_label, overrides) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(overrides)), deps), "invalid_user");
  });

  it.each([
    ["username", { username: null }],
    ["password", { password: null }],
  ])("answers invalid_request when %s is missing", async (_label, overrides) => {
    expectError(await handleTokenRequest(passwordRequest(passwordForm(overrides)), deps), "invalid_request");
  });

  it("authenticates the client before looking at the grant (RFC 6749 §3.2.1)", async () => {
    const form = passwordForm({ client_secret: "wrong-secret-XYZ", grant_type: "client_credentials", scope: "x" });
    expectError(await handleTokenRequest(passwordRequest(form), deps), "invalid_client");
  });

  it("does not accept a certificate instead of the secret on /connect/token", async () => {
    const request: TokenRequest = {
      ...passwordRequest(passwordForm({ client_secret: null })),
      clientCertificateThumbprint: THUMBPRINT,
    };
    expectError(await handleTokenRequest(request, deps), "invalid_client");
  });
});

describe("POST /connect/mtls/token (client certificate)", () => {
  it("issues a token when the presented certificate is registered for the client", async () => {
    const result = await handleTokenRequest(mtlsRequest(mtlsForm()), deps);
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(result.body).toMatchObject({ expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" });
    expect(decodeJwt(result.body.access_token)).toMatchObject({ sub: "demo", client_id: "sandbox-client" });
  });

  it("matches the thumbprint in any hex form", async () => {
    const result = await handleTokenRequest(mtlsRequest(mtlsForm(), THUMBPRINT_COLONS), deps);
    expect(result.status).toBe(200);
  });

  it.each([
    ["the right secret", "sandbox-secret"],
    ["a wrong secret", "wrong-secret-XYZ"],
    ["an empty secret", ""],
  ])("answers invalid_request when a client_secret is sent (%s)", async (_label, secret) => {
    expectError(await handleTokenRequest(mtlsRequest(mtlsForm({ client_secret: secret })), deps), "invalid_request");
  });

  it.each([
    ["no certificate was presented", undefined],
    ["an unregistered certificate was presented", OTHER_THUMBPRINT],
    ["the thumbprint is not a SHA-256 digest", "not-a-thumbprint"],
  ])("answers invalid_client when %s", async (_label, thumbprint) => {
    expectError(await handleTokenRequest(mtlsRequest(mtlsForm(), thumbprint), deps), "invalid_client");
  });

  it("answers invalid_client for an unknown or missing client_id", async () => {
    expectError(
      await handleTokenRequest(mtlsRequest(mtlsForm({ client_id: "no-such-client" })), deps),
      "invalid_client",
    );
    expectError(await handleTokenRequest(mtlsRequest(mtlsForm({ client_id: null })), deps), "invalid_client");
  });

  it("answers invalid_client when the certificate belongs to another client", async () => {
    credentials.clients.push({
      clientId: "second-client",
      clientSecret: "x".repeat(16),
      certificateThumbprints: [OTHER_THUMBPRINT],
    });
    expectError(await handleTokenRequest(mtlsRequest(mtlsForm(), OTHER_THUMBPRINT), deps), "invalid_client");
    const own = await handleTokenRequest(mtlsRequest(mtlsForm({ client_id: "second-client" }), OTHER_THUMBPRINT), deps);
    expect(own.status).toBe(200);
  });

  it("answers the same grant, scope, user and content-type errors as /connect/token", async () => {
    expectError(
      await handleTokenRequest(mtlsRequest(mtlsForm({ grant_type: "client_credentials" })), deps),
      "unsupported_grant_type",
    );
    expectError(await handleTokenRequest(mtlsRequest(mtlsForm({ scope: null })), deps), "invalid_scope");
    expectError(
      await handleTokenRequest(mtlsRequest(mtlsForm({ password: "wrong-password-XYZ" })), deps),
      "invalid_user",
    );
    expectError(
      await handleTokenRequest({ ...mtlsRequest(mtlsForm()), contentType: "application/json" }, deps),
      "invalid_request",
    );
  });
});

describe("error bodies", () => {
  it("never differ in shape and never echo what the client sent", async () => {
    const requests: TokenRequest[] = [
      passwordRequest(passwordForm(), "application/json"),
      passwordRequest(passwordForm({ client_secret: "wrong-secret-XYZ" })),
      passwordRequest(passwordForm({ grant_type: "wrong-secret-XYZ" })),
      passwordRequest(passwordForm({ scope: "wrong-secret-XYZ" })),
      passwordRequest(passwordForm({ username: "wrong-secret-XYZ@example.com" })),
      passwordRequest(passwordForm({ password: "wrong-password-XYZ" })),
      mtlsRequest(mtlsForm({ client_secret: "sandbox-secret" })),
      mtlsRequest(mtlsForm({ client_id: "wrong-secret-XYZ" }), OTHER_THUMBPRINT),
    ];
    const seen = new Set<string>();
    for (const request of requests) {
      const result = await handleTokenRequest(request, deps);
      expect(result.status).toBe(400);
      expect(Object.keys(result.body).sort()).toEqual(["error", "error_description"]);
      const text = JSON.stringify(result);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).not.toContain("example.com");
      if (result.status === 400) seen.add(result.body.error);
    }
    expect([...seen].sort()).toEqual([
      "invalid_client",
      "invalid_request",
      "invalid_scope",
      "invalid_user",
      "unsupported_grant_type",
    ]);
  });

  it("never carry the secret or password in a successful response either", async () => {
    for (const request of [passwordRequest(passwordForm()), mtlsRequest(mtlsForm())]) {
      const result = await handleTokenRequest(request, deps);
      expect(result.status).toBe(200);
      const text = JSON.stringify(result);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      if (result.status === 200) {
        const claims = JSON.stringify(decodeJwt(result.body.access_token));
        for (const secret of SECRETS) expect(claims).not.toContain(secret);
      }
    }
  });
});

describe("rate limits", () => {
  const limited = (perClientBurst: number): TokenEndpointDeps => ({
    ...deps,
    rateLimiter: createTokenRateLimiter({
      perClient: { burst: perClientBurst, perSecond: 0.01 },
      perUserFailure: { burst: 3, perSecond: 0.01 },
    }),
  });

  it("answers 429 slow_down with Retry-After once a client is past its burst", async () => {
    const withLimits = limited(2);
    for (let index = 0; index < 2; index += 1)
      expect((await handleTokenRequest(passwordRequest(passwordForm()), withLimits)).status).toBe(200);
    const refused = await handleTokenRequest(passwordRequest(passwordForm()), withLimits);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "slow_down", error_description: expect.stringMatching(/Retry-After/) });
    expect(refused.headers).toMatchObject({ "Retry-After": "100", "Cache-Control": "no-store" });
  });

  it("refuses a user after repeated wrong passwords, even the right one then, and not another user", async () => {
    const withLimits = limited(100);
    for (let index = 0; index < 3; index += 1)
      expectError(
        await handleTokenRequest(passwordRequest(passwordForm({ password: "wrong-password-XYZ" })), withLimits),
        "invalid_user",
      );
    expect((await handleTokenRequest(passwordRequest(passwordForm()), withLimits)).status).toBe(429);
    expect(
      (await handleTokenRequest(passwordRequest(passwordForm({ username: "DEMO@example.com" })), withLimits)).status,
    ).toBe(429);
    const other = await handleTokenRequest(
      passwordRequest(passwordForm({ username: "other@example.com", password: "other-password" })),
      withLimits,
    );
    expect(other.status).toBe(200);
  });

  it("has none when no limiter is given", async () => {
    for (let index = 0; index < 30; index += 1)
      expectError(
        await handleTokenRequest(passwordRequest(passwordForm({ password: "wrong-password-XYZ" })), deps),
        "invalid_user",
      );
  });
});

describe("mTLS: the client certificate's validity period", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const at = (validity: { notBefore: string; notAfter: string }): TokenRequest => ({
    ...mtlsRequest(mtlsForm()),
    clientCertificateValidity: { notBefore: new Date(validity.notBefore), notAfter: new Date(validity.notAfter) },
  });
  const withClock = (): TokenEndpointDeps => ({ ...deps, clock: createSandboxClock(now) });

  it("accepts a registered certificate within its validity, by the sandbox clock", async () => {
    const result = await handleTokenRequest(
      at({ notBefore: "2026-01-01T00:00:00Z", notAfter: "2026-12-31T23:59:59Z" }),
      withClock(),
    );
    expect(result.status).toBe(200);
  });

  it.each([
    ["expired", { notBefore: "2025-01-01T00:00:00Z", notAfter: "2026-06-01T11:59:59Z" }],
    ["not yet valid", { notBefore: "2026-06-01T12:00:01Z", notAfter: "2027-01-01T00:00:00Z" }],
  ])("refuses a registered certificate that is %s with invalid_client", async (_label, validity) => {
    const result = await handleTokenRequest(at(validity), withClock());
    expectError(result, "invalid_client");
    expect(result.body).toMatchObject({ error_description: expect.stringMatching(/validity period/) });
  });
});
