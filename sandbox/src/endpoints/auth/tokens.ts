/**
 * Access tokens: HS256 JWTs (RFC 7519) valid 900 s by the sandbox clock. The secret is random per start unless
 * given, so a caller that persists `issuer.secret` and passes it back keeps tokens valid across a restart.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT, errors, jwtVerify } from "jose";
import type { SandboxClock } from "../../foundation/clock.js";

/** Lifetime of an access token in seconds: 900 (15 minutes), as the reference states. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 900;

const ALGORITHM = "HS256";
// RFC 9068 §2.1: access tokens in JWT form carry typ "at+jwt", so an ID token or other JWT is not accepted as one.
const TOKEN_TYPE = "at+jwt";
// RFC 7518 §3.2: an HS256 key must be at least as long as the hash output (256 bits).
const MIN_SECRET_BYTES = 32;

export interface TokenIssuerOptions {
  clock: SandboxClock;
  /** HS256 key, at least 32 bytes; random per start when omitted. */
  secret?: Uint8Array;
  /** `iss` claim, e.g. the token service's base URL. */
  issuer: string;
  /** `aud` claim expected on API calls. */
  audience: string;
}

/** Successful token response (TokenResponse in the spec; RFC 6749 §5.1). */
export interface IssuedToken {
  access_token: string;
  expires_in: typeof ACCESS_TOKEN_LIFETIME_SECONDS;
  token_type: "Bearer";
  scope: string;
}

export type TokenFailureReason = "missing" | "malformed" | "invalid" | "expired";

export type TokenVerification =
  | { ok: true; userId: string; clientId: string; scope: string }
  | { ok: false; reason: TokenFailureReason };

export interface TokenIssuer {
  /** A copy of the signing secret, for persisting across restarts. */
  readonly secret: Uint8Array;
  issue(user: { id: string }, clientId: string, scope: string): Promise<IssuedToken>;
  /** Verifies an `Authorization` header value ("Bearer <token>", RFC 6750 §2.1). */
  verify(authorizationHeader: string | undefined): Promise<TokenVerification>;
}

// RFC 6750 §2.1: credentials = "Bearer" 1*SP b64token; the scheme is case-insensitive (RFC 9110 §11.1).
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * How far in the future a token's `iat` or `nbf` may be: a little skew between clocks is tolerated, a token
 * issued later than that is refused as invalid (the sandbox clock was moved back after it was issued, or it was
 * never ours). 60 s, as common validators default to (e.g. Spring Security's JwtTimestampValidator).
 */
export const ISSUED_AT_SKEW_SECONDS = 60;

/** How many verified tokens are remembered; the oldest is forgotten first (a forgotten one is verified again). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A token whose signature and claims were checked: only its time claims must be re-checked on later calls. */
interface VerifiedToken {
  readonly exp: number;
  readonly iat: number;
  readonly nbf: number | undefined;
  readonly result: TokenVerification & { ok: true };
}

/**
 * The time checks, by the sandbox clock: `iat` or `nbf` more than the skew ahead is invalid (RFC 7519 §4.1.5,
 * §4.1.6), `exp <= now` expired with no leeway (§4.1.4), so a token dies at exactly iat + 900.
 */
function recheck(token: VerifiedToken, nowSeconds: number): TokenVerification {
  const latest = nowSeconds + ISSUED_AT_SKEW_SECONDS;
  if (token.iat > latest || (token.nbf !== undefined && token.nbf > latest)) return { ok: false, reason: "invalid" };
  if (token.exp <= nowSeconds) return { ok: false, reason: "expired" };
  return token.result;
}

export function createTokenIssuer(options: TokenIssuerOptions): TokenIssuer {
  const { clock, issuer, audience } = options;
  if (options.secret !== undefined && options.secret.byteLength < MIN_SECRET_BYTES) {
    throw new RangeError(`createTokenIssuer: secret must be at least ${MIN_SECRET_BYTES} bytes (RFC 7518 §3.2)`);
  }
  const key =
    options.secret !== undefined ? Uint8Array.from(options.secret) : new Uint8Array(randomBytes(MIN_SECRET_BYTES));

  // A client sends the same token on every call for up to 900 s. Its signature and claims cannot change, so
  // they are checked once (jose and WebCrypto HMAC took about half of a request's CPU); later calls only
  // re-check its time claims against the sandbox clock, which can move.
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, entry: VerifiedToken): void => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };

  return {
    get secret() {
      return Uint8Array.from(key);
    },

    async issue(user, clientId, scope) {
      const iat = clock.nowSeconds();
      const accessToken = await new SignJWT({ client_id: clientId, scope })
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(user.id)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
        .setJti(randomUUID())
        .sign(key);
      return { access_token: accessToken, expires_in: ACCESS_TOKEN_LIFETIME_SECONDS, token_type: "Bearer", scope };
    },

    async verify(authorizationHeader) {
      if (authorizationHeader === undefined || authorizationHeader.trim() === "")
        return { ok: false, reason: "missing" };
      const match = BEARER.exec(authorizationHeader.trim());
      const token = match?.[1];
      if (token === undefined) return { ok: false, reason: "malformed" };
      const known = verified.get(token);
      if (known !== undefined) return recheck(known, clock.nowSeconds());
      try {
        const now = clock.now();
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          issuer,
          audience,
          requiredClaims: ["sub", "exp", "iat", "jti", "client_id", "scope"],
          // By the sandbox clock, not wall time. jose applies one tolerance to every time claim: with the skew and
          // maxTokenAge it refuses an iat or nbf beyond the skew ahead; `recheck` then judges exp with no leeway.
          currentDate: now,
          clockTolerance: ISSUED_AT_SKEW_SECONDS,
          maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS,
        });
        const { sub, client_id: clientId, scope, exp, iat, nbf } = payload;
        if (typeof sub !== "string" || typeof clientId !== "string" || typeof scope !== "string") {
          return { ok: false, reason: "invalid" };
        }
        // requiredClaims makes jose refuse a token without exp or iat, so they are numbers here.
        if (exp === undefined || iat === undefined) return { ok: false, reason: "invalid" };
        const entry: VerifiedToken = { exp, iat, nbf, result: { ok: true, userId: sub, clientId, scope } };
        const verdict = recheck(entry, Math.floor(now.getTime() / 1000));
        if (verdict.ok) remember(token, entry);
        return verdict;
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
        if (error instanceof errors.JOSEError) return { ok: false, reason: "invalid" };
        throw error;
      }
    },
  };
}

/**
 * The `WWW-Authenticate` value of a 401 for a failed verification (RFC 6750 §3): no error code when the
 * request had no token (§3.1), `invalid_request` for a malformed header, `invalid_token` otherwise.
 */
export function bearerChallenge(reason: TokenFailureReason): string {
  switch (reason) {
    case "missing":
      return 'Bearer realm="account-funds"';
    case "malformed":
      return 'Bearer realm="account-funds", error="invalid_request", error_description="Expected Bearer <token>"';
    case "expired":
      return 'Bearer realm="account-funds", error="invalid_token", error_description="The access token expired"';
    case "invalid":
      return 'Bearer realm="account-funds", error="invalid_token", error_description="The access token is invalid"';
  }
}
