/**
 * /connect/token (client secret) and /connect/mtls/token (client certificate): the Password Grant (RFC 6749 §4.3)
 * as the reference states it, as a function so the HTTP layer only parses the form and writes the result.
 * Optionally rate-limited (`rate-limit.ts`): 429 with `Retry-After` and the error `slow_down`.
 */
import {
  authenticateClientCertificate,
  authenticateClientSecret,
  authenticateUser,
  type SandboxClient,
  type SandboxCredentials,
} from "./credentials.js";
import type { SandboxClock } from "../../foundation/clock.js";
import type { TokenRateLimiter } from "./rate-limit.js";
import type { IssuedToken, TokenIssuer } from "./tokens.js";

/** The only scope the reference names. */
export const SERVICE_SCOPE = "serviceFXAPI";

export type TokenEndpoint = "password" | "mtls";

export interface TokenRequest {
  /** The parsed application/x-www-form-urlencoded body. */
  form: URLSearchParams;
  /** The request's Content-Type header, verbatim. */
  contentType: string | undefined;
  /** "password" for /connect/token, "mtls" for /connect/mtls/token. */
  endpoint: TokenEndpoint;
  /** Thumbprint of the certificate presented in the TLS handshake (see thumbprintOf), for "mtls". */
  clientCertificateThumbprint?: string | undefined;
  /** The presented certificate's validity period (X.509 notBefore/notAfter), for "mtls"; checked when given. */
  clientCertificateValidity?: { readonly notBefore: Date; readonly notAfter: Date } | undefined;
}

export interface TokenEndpointDeps {
  credentials: SandboxCredentials;
  issuer: TokenIssuer;
  /** Judges a client certificate's validity period; default: real time. */
  clock?: SandboxClock;
  /** Rate limits; none when absent. */
  rateLimiter?: TokenRateLimiter | undefined;
}

export type TokenErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_user"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "slow_down";

/** TokenErrorResponse: always exactly these two members. */
export interface TokenErrorBody {
  error: TokenErrorCode;
  error_description: string;
}

// RFC 6749 §5.1: token responses must not be cached.
export const TOKEN_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  Pragma: "no-cache",
});

export type TokenEndpointResult =
  | { status: 200; body: IssuedToken; headers: Record<string, string> }
  | { status: 400 | 429; body: TokenErrorBody; headers: Record<string, string> };

// Fixed texts: descriptions never echo request values, so a secret or password can never leak into a response.
const DESCRIPTIONS = {
  contentType: "The request body must be application/x-www-form-urlencoded.",
  duplicate: "A request parameter was included more than once.",
  missingGrantType: "The grant_type parameter is missing.",
  grantType: "Only grant_type=password is supported.",
  secretOnMtls: "This endpoint does not accept a client_secret; authenticate with the client certificate.",
  clientSecret: "The client_id does not exist or the client_secret is wrong.",
  clientCertificate: "The client_id does not exist or no registered client certificate was presented.",
  certificateValidity: "The client certificate is outside its validity period (notBefore to notAfter).",
  slowDown: "Too many token requests for this client or user; retry after the Retry-After seconds.",
  scope: `The scope must be ${SERVICE_SCOPE}.`,
  missingUser: "The username and password parameters are required.",
  user: "The username does not exist or the password is wrong.",
} as const;

function fail(error: TokenErrorCode, description: string): TokenEndpointResult {
  return { status: 400, body: { error, error_description: description }, headers: { ...TOKEN_RESPONSE_HEADERS } };
}

function isFormEncoded(contentType: string | undefined): boolean {
  // Parameters such as charset are allowed (RFC 6749 Appendix B); the media type itself is case-insensitive.
  const mediaType = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return mediaType === "application/x-www-form-urlencoded";
}

function hasDuplicates(form: URLSearchParams): boolean {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}

/** A parameter's value, with the empty string treated as absent (RFC 6749 §3.1). */
function param(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name);
  return value === null || value === "" ? undefined : value;
}

/** /connect/token: client_id and client_secret in the form (RFC 6749 §2.3.1). */
function authenticateBySecret({ form }: TokenRequest, deps: TokenEndpointDeps): SandboxClient | undefined {
  const clientId = param(form, "client_id");
  const clientSecret = param(form, "client_secret");
  if (clientId === undefined || clientSecret === undefined) return undefined;
  return authenticateClientSecret(deps.credentials, clientId, clientSecret);
}

/** /connect/mtls/token: client_id in the form, the certificate from the TLS handshake (RFC 8705 §2.2). */
function authenticateByCertificate(
  { form, clientCertificateThumbprint }: TokenRequest,
  deps: TokenEndpointDeps,
): SandboxClient | undefined {
  const clientId = param(form, "client_id");
  if (clientId === undefined || clientCertificateThumbprint === undefined) return undefined;
  // A self-signed certificate authenticates the client only by its registered thumbprint.
  return authenticateClientCertificate(deps.credentials, clientId, clientCertificateThumbprint);
}

/**
 * RFC 5280 §4.1.2.5: a certificate is valid from notBefore to notAfter inclusive, judged by the sandbox clock
 * (the HTTP layer always passes the presented certificate's validity; a caller that does not know it skips this).
 */
function withinValidity(validity: TokenRequest["clientCertificateValidity"], now: Date): boolean {
  if (validity === undefined) return true;
  const time = now.getTime();
  return validity.notBefore.getTime() <= time && time <= validity.notAfter.getTime();
}

/**
 * Answers one token request: 429 when the client or user is over its rate limit, else the grant (below); a
 * wrong password counts against the user's limit.
 */
export async function handleTokenRequest(request: TokenRequest, deps: TokenEndpointDeps): Promise<TokenEndpointResult> {
  const { form } = request;
  const wait = deps.rateLimiter?.admit(form.get("client_id") ?? "", param(form, "username")) ?? 0;
  if (wait > 0) {
    // RFC 6585 §4 and RFC 9110 §10.2.3; `slow_down` is the OAuth token endpoint's "too fast" error (RFC 8628 §3.5).
    return {
      status: 429,
      body: { error: "slow_down", error_description: DESCRIPTIONS.slowDown },
      headers: { ...TOKEN_RESPONSE_HEADERS, "Retry-After": String(wait) },
    };
  }
  const result = await answerTokenRequest(request, deps);
  const username = param(form, "username");
  if (result.status === 400 && result.body.error === "invalid_user" && username !== undefined)
    deps.rateLimiter?.failedPassword(username);
  return result;
}

/**
 * The grant. Checks run in this order, the first failure answering: content type, duplicate parameters, client
 * (authenticated before the grant is looked at, RFC 6749 §3.2.1), certificate validity, grant type, scope, user.
 */
async function answerTokenRequest(request: TokenRequest, deps: TokenEndpointDeps): Promise<TokenEndpointResult> {
  const { form, endpoint } = request;
  if (!isFormEncoded(request.contentType)) return fail("invalid_request", DESCRIPTIONS.contentType);
  // RFC 6749 §3.2: request parameters must not be included more than once.
  if (hasDuplicates(form)) return fail("invalid_request", DESCRIPTIONS.duplicate);

  // The reference: /connect/mtls/token no longer accepts a client secret, not even an empty one.
  if (endpoint === "mtls" && form.has("client_secret")) return fail("invalid_request", DESCRIPTIONS.secretOnMtls);
  const client = endpoint === "mtls" ? authenticateByCertificate(request, deps) : authenticateBySecret(request, deps);
  if (client === undefined) {
    return fail("invalid_client", endpoint === "mtls" ? DESCRIPTIONS.clientCertificate : DESCRIPTIONS.clientSecret);
  }
  if (endpoint === "mtls" && !withinValidity(request.clientCertificateValidity, deps.clock?.now() ?? new Date()))
    return fail("invalid_client", DESCRIPTIONS.certificateValidity);

  const grantType = param(form, "grant_type");
  // RFC 6749 §5.2: a missing required parameter is invalid_request; an unknown grant type is unsupported_grant_type.
  if (grantType === undefined) return fail("invalid_request", DESCRIPTIONS.missingGrantType);
  if (grantType !== "password") return fail("unsupported_grant_type", DESCRIPTIONS.grantType);

  // RFC 6749 §3.3: scope is a space-delimited list; every entry must be the service scope.
  const scopes = (param(form, "scope") ?? "").split(" ").filter((entry) => entry !== "");
  if (scopes.length === 0 || scopes.some((entry) => entry !== SERVICE_SCOPE)) {
    return fail("invalid_scope", DESCRIPTIONS.scope);
  }

  const username = param(form, "username");
  const password = param(form, "password");
  if (username === undefined || password === undefined) return fail("invalid_request", DESCRIPTIONS.missingUser);
  const user = authenticateUser(deps.credentials, username, password);
  if (user === undefined) return fail("invalid_user", DESCRIPTIONS.user);

  const token = await deps.issuer.issue(user, client.clientId, SERVICE_SCOPE);
  return { status: 200, body: token, headers: { ...TOKEN_RESPONSE_HEADERS } };
}
