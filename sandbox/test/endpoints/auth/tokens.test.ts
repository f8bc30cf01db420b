// @module-tag node-lines: JWT signatures (jose over each Node's WebCrypto).
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandboxClock, type SandboxClock } from "../../../src/foundation/clock.js";
import { bearerChallenge, createTokenIssuer, type TokenIssuer } from "../../../src/endpoints/auth/tokens.js";

const ISSUER = "http://127.0.0.1:4010";
const AUDIENCE = "serviceFXAPI";
const SECRET = new Uint8Array(32).fill(7);
const USER = { id: "demo" };

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("token issuer", () => {
  let clock: SandboxClock;
  let issuer: TokenIssuer;

  beforeEach(() => {
    // Real time is frozen so the sandbox clock moves only when the test moves it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-14T09:00:00.999Z"));
    clock = createSandboxClock();
    issuer = createTokenIssuer({ clock, secret: SECRET, issuer: ISSUER, audience: AUDIENCE });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("issues the token response of the reference", async () => {
    const token = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    expect(Object.keys(token).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
    expect(token.expires_in).toBe(900);
    expect(token.token_type).toBe("Bearer");
    expect(token.scope).toBe("serviceFXAPI");
  });

  it("puts the documented claims in the JWT", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    expect(decodeProtectedHeader(access_token)).toEqual({ alg: "HS256", typ: "at+jwt" });
    const claims = decodeJwt(access_token);
    const iat = Math.floor(Date.parse("2025-03-14T09:00:00Z") / 1000);
    expect(claims).toEqual({
      sub: "demo",
      client_id: "sandbox-client",
      scope: "serviceFXAPI",
      iss: ISSUER,
      aud: AUDIENCE,
      iat,
      exp: iat + 900,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const again = decodeJwt((await issuer.issue(USER, "sandbox-client", "serviceFXAPI")).access_token);
    expect(again.jti).not.toBe(claims.jti);
  });

  it("verifies its own token", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({
      ok: true,
      userId: "demo",
      clientId: "sandbox-client",
      scope: "serviceFXAPI",
    });
    // RFC 9110 §11.1: the scheme is case-insensitive.
    await expect(issuer.verify(`bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
  });

  it("keeps a token valid for 899 s and expires it at 900 s of sandbox time", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    clock.advance(899);
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
    clock.advance(1);
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "expired" });
    clock.advance(1);
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "expired" });
  });

  it("uses the sandbox clock, not wall time", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    vi.setSystemTime(new Date("2025-03-14T09:30:00Z"));
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "expired" });
    clock.advance(-30 * 60);
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
  });

  it("reports a missing header", async () => {
    await expect(issuer.verify(undefined)).resolves.toEqual({ ok: false, reason: "missing" });
    await expect(issuer.verify("")).resolves.toEqual({ ok: false, reason: "missing" });
    await expect(issuer.verify("   ")).resolves.toEqual({ ok: false, reason: "missing" });
  });

  it.each([
    ["another scheme", "Basic c2FuZGJveC1jbGllbnQ6c2FuZGJveC1zZWNyZXQ="],
    ["no token", "Bearer"],
    ["no token after the space", "Bearer "],
    ["a token with spaces", "Bearer abc def"],
    ["a token with forbidden characters", "Bearer abc,def"],
    ["no scheme", "eyJhbGciOiJIUzI1NiJ9.e30.sig"],
  ])("reports a malformed header: %s", async (_label, header) => {
    await expect(issuer.verify(header)).resolves.toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a token whose payload was tampered with", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    const [header, payload, signature] = access_token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
    const tampered = `${header}.${b64url({ ...claims, sub: "other" })}.${signature}`;
    await expect(issuer.verify(`Bearer ${tampered}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a token with a corrupted signature", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    // Changes the signature's first character: all 6 of its bits are signature bits (the last character's lowest
    // two are padding, so changing only those would leave the signature as it was).
    const signatureStart = access_token.lastIndexOf(".") + 1;
    const first = access_token.charAt(signatureStart) === "A" ? "B" : "A";
    const corrupted = `${access_token.slice(0, signatureStart)}${first}${access_token.slice(signatureStart + 1)}`;
    await expect(issuer.verify(`Bearer ${corrupted}`)).resolves.toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("rejects a token signed with another secret", async () => {
    const stranger = createTokenIssuer({ clock, issuer: ISSUER, audience: AUDIENCE });
    const { access_token } = await stranger.issue(USER, "sandbox-client", "serviceFXAPI");
    await expect(stranger.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a token of another issuer or audience, even with the same secret", async () => {
    const otherIssuer = createTokenIssuer({
      clock,
      secret: SECRET,
      issuer: "https://evil.example",
      audience: AUDIENCE,
    });
    const otherAudience = createTokenIssuer({ clock, secret: SECRET, issuer: ISSUER, audience: "other-api" });
    for (const foreign of [otherIssuer, otherAudience]) {
      const { access_token } = await foreign.issue(USER, "sandbox-client", "serviceFXAPI");
      await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("rejects an unsigned token (alg none) and a JWT that is not an access token", async () => {
    const iat = clock.nowSeconds();
    const claims = { client_id: "sandbox-client", scope: "serviceFXAPI" };
    const unsecured = new UnsecuredJWT(claims)
      .setSubject("demo")
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .setJti("x")
      .encode();
    await expect(issuer.verify(`Bearer ${unsecured}`)).resolves.toEqual({ ok: false, reason: "invalid" });
    // Same key and claims but typ "JWT" (e.g. an ID token): RFC 9068 §4 says it must not pass as an access token.
    const wrongType = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("demo")
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .setJti("x")
      .sign(SECRET);
    await expect(issuer.verify(`Bearer ${wrongType}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a validly signed token that lacks a required claim", async () => {
    const iat = clock.nowSeconds();
    const noClient = await new SignJWT({ scope: "serviceFXAPI" })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("demo")
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .setJti("x")
      .sign(SECRET);
    await expect(issuer.verify(`Bearer ${noClient}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a non-JWT bearer token as invalid", async () => {
    await expect(issuer.verify("Bearer not-a-jwt")).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(issuer.verify("Bearer a.b.c")).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("keeps tokens valid across a restart only when the same secret is passed back", async () => {
    const first = createTokenIssuer({ clock, issuer: ISSUER, audience: AUDIENCE });
    const { access_token } = await first.issue(USER, "sandbox-client", "serviceFXAPI");
    const saved = first.secret;
    const restarted = createTokenIssuer({ clock, secret: saved, issuer: ISSUER, audience: AUDIENCE });
    await expect(restarted.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true, userId: "demo" });
    const fresh = createTokenIssuer({ clock, issuer: ISSUER, audience: AUDIENCE });
    await expect(fresh.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("does not let a caller change the key through the secret getter", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    issuer.secret.fill(1);
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
    expect(issuer.secret).toEqual(SECRET);
  });

  it("refuses a token issued more than 60 s ahead of the sandbox clock, checked and already known", async () => {
    const { access_token } = await issuer.issue(USER, "sandbox-client", "serviceFXAPI");
    clock.advance(-61); // the clock moved back after the token was issued: its iat is now in the future
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "invalid" });
    clock.advance(2); // 59 s ahead: within the skew
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toMatchObject({ ok: true });
    clock.advance(-10); // known (verified once) and now 69 s ahead again
    await expect(issuer.verify(`Bearer ${access_token}`)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a token whose nbf is more than 60 s ahead, and accepts one within the skew", async () => {
    const now = clock.nowSeconds();
    const signed = (nbf: number): Promise<string> =>
      new SignJWT({ client_id: "sandbox-client", scope: "serviceFXAPI", nbf })
        .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
        .setSubject("demo")
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 900)
        .setJti("4b1f7a0e-0000-4000-8000-000000000000")
        .sign(SECRET);
    await expect(issuer.verify(`Bearer ${await signed(now + 61)}`)).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(issuer.verify(`Bearer ${await signed(now + 30)}`)).resolves.toMatchObject({ ok: true });
  });

  it("refuses a secret shorter than 256 bits", () => {
    expect(() => createTokenIssuer({ clock, secret: new Uint8Array(31), issuer: ISSUER, audience: AUDIENCE })).toThrow(
      RangeError,
    );
  });
});

describe("bearerChallenge", () => {
  it("follows RFC 6750 §3", () => {
    expect(bearerChallenge("missing")).not.toContain("error=");
    expect(bearerChallenge("malformed")).toContain('error="invalid_request"');
    expect(bearerChallenge("invalid")).toContain('error="invalid_token"');
    expect(bearerChallenge("expired")).toContain('error="invalid_token"');
    for (const reason of ["missing", "malformed", "invalid", "expired"] as const) {
      expect(bearerChallenge(reason)).toMatch(/^Bearer /);
    }
  });
});
