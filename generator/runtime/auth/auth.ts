/**
 * Access tokens (reference, Authentication): the OAuth 2.0 Password Grant, form-encoded, to `{auth_url}` +
 * `/connect/token` with the client secret or `/connect/mtls/token` with a client certificate. The token is cached
 * until shortly before `expires_in` runs out; concurrent callers share one token request; a token the API refused
 * (401) is dropped so the next call fetches a fresh one. Token request failures are `TokenRequestError`s carrying
 * the service's `error` code (`invalid_client`, `invalid_user`, ...), its headers, body and `Retry-After`. The token
 * request is repeated like a GET (it changes no state): on network errors, timeouts and 408/429/502/503/504, within
 * `maxRetries`; a redirect of it is never followed (the form holds the password).
 */
import type {
  ClientOptions,
  MtlsOptions,
  PasswordCredentials,
  PlainClientOptions,
  TokenProvider,
} from "../options/client-options.js";
import { readErrorBody } from "../errors/error-body.js";
import { TokenRequestError, invalidArgument } from "../errors/errors.js";
import { tokenProblem } from "../transport/header-values.js";
import type { OperationMetadata } from "../operations/operation-metadata.js";
import type { Redactor } from "../redaction/redact.js";
import { checkedBaseUrl, operationUrl } from "../url/request-url.js";
import { parseRetryAfter } from "../retry/retry.js";
import type { TokenSource, Transport } from "../transport/transport.js";

/** The reference's scope, with the brand part replaced by the neutral word `service`. */
export const DEFAULT_SCOPE = "serviceFXAPI";

export const DEFAULT_TOKEN_REFRESH_SKEW_MS = 60_000;

export interface PasswordTokenSourceConfig {
  /** Token operation (`requestPasswordToken` or `requestMtlsPasswordToken`): its path and `{auth_url}` server. */
  readonly operation: OperationMetadata;
  readonly authUrl: string;
  readonly credentials: PasswordCredentials;
  readonly mtls?: MtlsOptions | undefined;
  readonly transport: Transport;
  readonly redactor: Redactor;
  readonly now: () => number;
  readonly refreshSkewMs: number;
  readonly timeoutMs: number | undefined;
  readonly maxRetries: number;
  readonly maxResponseBytes: number;
}

/** The token operations the built-in authentication uses. */
export interface TokenOperations {
  /** Password grant with a client secret (`/connect/token`). */
  readonly clientSecret?: OperationMetadata;
  /** Password grant with a client certificate (`/connect/mtls/token`). */
  readonly mtls?: OperationMetadata;
}

/**
 * The access tokens of a client: the caller's `tokenProvider`, else the password grant with `credentials` and
 * `authUrl`, with a client secret or (`mtls`) a client certificate. Options that cannot work together are an
 * `InvalidArgumentError` when the client is created.
 */
export function clientTokenSource(
  options: ClientOptions | PlainClientOptions,
  operations: TokenOperations | undefined,
  settings: Pick<
    PasswordTokenSourceConfig,
    "transport" | "redactor" | "now" | "refreshSkewMs" | "timeoutMs" | "maxRetries" | "maxResponseBytes"
  >,
): TokenSource {
  if (options.tokenProvider !== undefined) return createProvidedTokenSource(options.tokenProvider, settings.redactor);
  const credentials = options.credentials;
  if (credentials === undefined) {
    throw invalidArgument("createAccountFundsClient needs `credentials` (with `authUrl`) or a `tokenProvider`");
  }
  const operation = options.mtls ? operations?.mtls : operations?.clientSecret;
  if (operation === undefined) throw invalidArgument("This client has no token operation; pass a `tokenProvider`");
  if (!options.mtls && typeof credentials.clientSecret !== "string") {
    throw invalidArgument("`credentials.clientSecret` is required unless `mtls` is set");
  }
  if (options.mtls && credentials.clientSecret !== undefined) {
    throw invalidArgument("`credentials.clientSecret` must not be set with `mtls`: the mTLS token endpoint refuses it");
  }
  return createPasswordTokenSource({
    ...settings,
    operation,
    authUrl: checkedBaseUrl(options.authUrl, "authUrl"),
    credentials,
    mtls: options.mtls,
  });
}

export interface PasswordTokenSource extends TokenSource {
  /** The URL tokens are requested from. */
  readonly tokenUrl: string;
}

export function createPasswordTokenSource(config: PasswordTokenSourceConfig): PasswordTokenSource {
  const tokenUrl = operationUrl(config.operation, { auth_url: config.authUrl });
  let cached: { readonly token: string; readonly refreshAt: number } | undefined;
  let inflight: Promise<string> | undefined;

  const requestToken = async (): Promise<string> => {
    const { credentials, redactor } = config;
    const form = new URLSearchParams();
    form.set("grant_type", "password");
    form.set("scope", credentials.scope ?? DEFAULT_SCOPE);
    form.set("client_id", credentials.clientId);
    // The mTLS endpoint no longer accepts a client secret; the certificate authenticates the client.
    if (!config.mtls && credentials.clientSecret !== undefined) form.set("client_secret", credentials.clientSecret);
    form.set("username", credentials.username);
    form.set("password", credentials.password);

    const requestedAt = config.now();
    const received = await config.transport.send(
      {
        method: "POST",
        url: tokenUrl,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form.toString(),
      },
      {
        operationId: config.operation.operationId,
        // Safe to repeat: a token request changes no state.
        retryable: true,
        maxRetries: config.maxRetries,
        timeoutMs: config.timeoutMs,
        signal: undefined,
        dispatcher: config.mtls?.dispatcher,
        maxResponseBytes: config.maxResponseBytes,
        maxRedirects: 0,
      },
    );
    const { response, text } = received;
    let body: unknown = text;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // keep the text
    }
    const request = { method: "POST", url: redactor.url(tokenUrl) };
    const token = (body as { access_token?: unknown } | undefined)?.access_token;
    const issued = response.status === 200 && received.redirect === undefined && typeof token === "string";
    // A token that cannot be sent is never cached: the next call asks again.
    if (issued) redactor.addSecret(token);
    const unusable = issued && token !== "" ? tokenProblem(token) : undefined;
    if (issued && token !== "" && unusable === undefined) {
      const expiresIn = (body as { expires_in?: unknown }).expires_in;
      const lifetimeMs =
        typeof expiresIn === "number" && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 0;
      const skew = Math.min(config.refreshSkewMs, lifetimeMs / 2);
      cached = { token, refreshAt: requestedAt + lifetimeMs - skew };
      return token;
    }
    const safeBody = redactor.value(body);
    const facts = readErrorBody(safeBody);
    const [code, detail] =
      received.redirect !== undefined
        ? [
            "redirect",
            `a redirect${received.redirect.location === undefined ? "" : ` to ${redactor.url(received.redirect.location)}`}, not followed: the token request (with the password) goes to the token service only`,
          ]
        : unusable !== undefined
          ? ["invalid_token_response", `its access_token cannot be sent in a header: ${unusable}`]
          : response.status === 200
            ? ["invalid_token_response", "the response holds no access_token"]
            : [facts.code, facts.message ?? response.statusText];
    throw new TokenRequestError({
      message: redactor.string(
        `Token request failed: ${response.status} ${code ? `${code}` : ""}${detail ? `${code ? ": " : ""}${detail}` : ""} (POST ${request.url})`,
      ),
      status: response.status,
      code,
      body: safeBody,
      rawBody: redactor.string(text),
      request,
      operationId: config.operation.operationId,
      headers: redactor.headers(response.headers),
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), received.receivedAtMs),
    });
  };

  return {
    tokenUrl,
    token() {
      if (cached !== undefined && config.now() < cached.refreshAt) return Promise.resolve(cached.token);
      // Single flight: every caller waiting for a token shares this one request.
      inflight ??= requestToken().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** Adapts a caller's token provider (an object or a function) and remembers its tokens for redaction. */
export function createProvidedTokenSource(
  provider: TokenProvider | ((signal?: AbortSignal) => Promise<string> | string),
  redactor: Redactor,
): TokenSource {
  const get = typeof provider === "function" ? provider : (signal?: AbortSignal) => provider.getToken(signal);
  return {
    async token(signal) {
      const token = await get(signal);
      if (typeof token !== "string" || token === "") {
        // The transport turns this into a TokenRequestError with the call's request and operationId.
        throw new Error("it returned no token");
      }
      redactor.addSecret(token);
      return token;
    },
    invalidate(token) {
      if (typeof provider !== "function") provider.invalidate?.(token);
    },
  };
}
