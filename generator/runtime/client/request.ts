/**
 * The core of the client, as a composition: an operation's metadata and a call's arguments become a request (its
 * URL by request-url.ts, body by request-body.ts, headers by request-headers.ts and odata.ts's `Prefer`), sent
 * through the transport (auth, timeouts, retries, redirects, size limits, hooks); the response becomes the call's
 * result: the success body (response-body.ts), a `Created` for a 201 (created.ts: its id from `Location`, its body
 * kept as it came and never validated into a failure), or an error class for the status (status-error.ts); a
 * redirect not followed is a `RedirectError` (redirect.ts); `withResponse` calls get every declared status as a
 * value instead. Opt-in request and response validation: call-validation.ts. Whatever fails inside a call leaves
 * it as an `AccountFundsError` (call-errors.ts).
 *
 * openapi-fetch's own request loop is not used: the transport must build a `Request` per attempt (its signal, its
 * token) and read the body inside the attempt, so the loop's `Request` and its response parsing were paid twice.
 */
import { DEFAULT_TOKEN_REFRESH_SKEW_MS, clientTokenSource, type TokenOperations } from "../auth/auth.js";
import { createCallValidation } from "../validation/call-validation.js";
import type {
  CallOptions,
  ClientOptions,
  FetchLike,
  PaginateOptions,
  PlainClientOptions,
} from "../options/client-options.js";
import type { OperationValidators } from "../validation/compiled-validator.js";
import { asCallError, asOptionsError, countOption, pageLimit } from "./call-errors.js";
import { AccountFundsError, type RequestSummary } from "../errors/errors.js";
import { createdResult } from "./created.js";
import { callHook } from "../options/hooks.js";
import { pageSizeOf, preferHeader, serializeQuery } from "../odata/odata.js";
import { DEFAULT_MAX_PAGES, paginate as paginatePages, type Page } from "../odata/paging.js";
import type { OperationMetadata } from "../operations/operation-metadata.js";
import type { ResultMode } from "./operation-types.js";
import { createRedactor } from "../redaction/redact.js";
import { encodeBody } from "../bodies/request-body.js";
import { acceptOf, mergeHeaders } from "./request-headers.js";
import { parameterHeaders, type ParameterOptions } from "./request-parameters.js";
import { checkedBaseUrl, requestUrl, serverUrl } from "../url/request-url.js";
import { DEFAULT_MAX_REDIRECTS, redirectError } from "../transport/redirect.js";
import { declaredResponse, parseError, parseSuccess } from "../bodies/response-body.js";
import { DEFAULT_MAX_RETRIES, isIdempotentMethod, parseRetryAfter, retryPolicy } from "../retry/retry.js";
import { errorForStatus } from "../errors/status-error.js";
import { DEFAULT_TIMEOUT_MS } from "../transport/timeout.js";
import { createTransport, type Received, type SendContext } from "../transport/transport.js";

/** Largest response body read by default: far above any page a sane API sends, far below what hurts a process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface RuntimeConfig {
  /**
   * Loads the precompiled validators by operationId; called only with `validateResponses` or `validateRequests`,
   * by the first call that validates. The validators are most of the client's code: a client that never
   * validates never loads them (the façade's loader is a dynamic `import()`, a chunk of its own in a bundle).
   */
  readonly loadOperationValidators?: () => Promise<Readonly<Record<string, OperationValidators>>>;
  /** The token operations the built-in authentication uses; none for an API whose operations take no token. */
  readonly tokenOperations?: TokenOperations;
  /**
   * The date-time property paths of each OData read's entity, by operationId: a `$filter` string compared with
   * one of them is sent as an Edm.DateTimeOffset literal. Operations without date-times are left out.
   */
  readonly odataDateTimes?: Readonly<Record<string, readonly string[]>>;
}

/** Arguments of one call, by where they go. */
export interface CallArgs {
  readonly path?: Readonly<Record<string, unknown>>;
  readonly query?: object | undefined;
  readonly body?: unknown;
}

export interface Runtime {
  /** The API base URL, without a trailing slash. */
  readonly baseUrl: string;
  call(mode: ResultMode, operation: OperationMetadata, args: CallArgs, init?: CallOptions): Promise<unknown>;
  paginate(operation: OperationMetadata, args: CallArgs, init?: PaginateOptions): AsyncIterableIterator<unknown>;
}

interface Target {
  readonly path: string;
  /** Overrides the client's base URL (token operations' server, next pages' origin). */
  readonly baseUrl?: string | undefined;
  readonly args: CallArgs;
  /** The page size of a next page's request (the first page's `maxPageSize`). */
  readonly maxPageSize?: number | undefined;
}

interface Executed {
  readonly response: Response;
  /** Parsed success body, or the error body (JSON when it parses, else text). */
  readonly data: unknown;
  readonly error: unknown;
  /** The URL of the final response's request. */
  readonly url: string;
  readonly received: Received;
}

/** The client's runtime; options that cannot work together are an `InvalidArgumentError`. */
export function createRuntime(options: ClientOptions | PlainClientOptions, config: RuntimeConfig = {}): Runtime {
  try {
    return buildRuntime(options, config);
  } catch (error) {
    throw asOptionsError(error);
  }
}

function buildRuntime(options: ClientOptions | PlainClientOptions, config: RuntimeConfig): Runtime {
  const baseUrl = checkedBaseUrl(options.baseUrl);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const redactor = createRedactor([options.credentials?.clientSecret, options.credentials?.password]);
  const transport = createTransport({
    fetch: fetchImpl,
    hooks: options.hooks,
    redactor,
    retry: retryPolicy(options.retry),
    now,
  });
  const defaultMaxRetries = count(options.maxRetries, DEFAULT_MAX_RETRIES);
  const defaultTimeoutMs = count(options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const defaultMaxResponseBytes = countOption(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, "maxResponseBytes");
  const maxRedirects = countOption(options.maxRedirects, DEFAULT_MAX_REDIRECTS, "maxRedirects");
  // No token operations: no operation takes an access token (the generator leaves them out), no token source.
  const tokens =
    config.tokenOperations === undefined
      ? undefined
      : clientTokenSource(options, config.tokenOperations, {
          transport,
          redactor,
          now,
          refreshSkewMs: count(options.tokenRefreshSkewMs, DEFAULT_TOKEN_REFRESH_SKEW_MS),
          timeoutMs: defaultTimeoutMs,
          maxRetries: defaultMaxRetries,
          maxResponseBytes: defaultMaxResponseBytes,
        });
  const validation = createCallValidation({
    loadOperationValidators: config.loadOperationValidators,
    redactor,
    summaryOf,
  });

  function sendContext(operation: OperationMetadata, init: CallOptions | undefined): SendContext {
    return {
      operationId: operation.operationId,
      retryable: isIdempotentMethod(operation.method),
      maxRetries: count(init?.maxRetries, defaultMaxRetries),
      timeoutMs: count(init?.timeoutMs, defaultTimeoutMs) || undefined,
      signal: init?.signal,
      auth: operation.security === "bearer" ? tokens : undefined,
      dispatcher: operation.security === "mutualTLS" ? options.mtls?.dispatcher : undefined,
      maxResponseBytes: countOption(init?.maxResponseBytes, defaultMaxResponseBytes, "maxResponseBytes"),
      maxRedirects,
    };
  }

  /** The entity's date-time paths of an OData read, as a set, worked out once per operation. */
  const dateTimeSets = new Map<string, ReadonlySet<string>>();
  function dateTimesOf(operation: OperationMetadata): ReadonlySet<string> {
    let set = dateTimeSets.get(operation.operationId);
    if (set === undefined) {
      set = new Set(config.odataDateTimes?.[operation.operationId] ?? []);
      dateTimeSets.set(operation.operationId, set);
    }
    return set;
  }

  async function execute(
    operation: OperationMetadata,
    target: Target,
    init: CallOptions | undefined,
  ): Promise<Executed> {
    const encoded = encodeBody(operation, target.args.body);
    const query = serializeQuery(target.args.query, operation.odata === undefined ? undefined : dateTimesOf(operation));
    const url = requestUrl(target.path, target.baseUrl || baseUrl, target.args.path, query.values);
    const headers = mergeHeaders(options.headers, init?.headers, parameterHeaders(init as ParameterOptions), {
      accept: acceptOf(operation),
      "content-type": encoded?.contentType ?? null,
    });
    const prefer = preferHeader(headers["prefer"], query.maxPageSize ?? target.maxPageSize);
    if (prefer !== undefined) headers["prefer"] = prefer;
    const received = await transport.send(
      { method: operation.method, url, headers, body: encoded?.body },
      sendContext(operation, init),
    );
    const { response, text } = received;
    const data =
      response.ok && received.redirect === undefined
        ? parseSuccess(operation, response, text, () => summaryOf(operation, received.url))
        : undefined;
    const error = response.ok ? undefined : parseError(text);
    return { response, data, error, url: received.url, received };
  }

  function summaryOf(operation: OperationMetadata, url: string): RequestSummary {
    return { method: operation.method.toUpperCase(), url: redactor.url(url || `${baseUrl}${operation.path}`) };
  }

  async function shape(mode: ResultMode, operation: OperationMetadata, executed: Executed): Promise<unknown> {
    const { response, url, received } = executed;
    const status = response.status;
    // A redirect not followed is the transport's refusal, not an answer of the API: it throws in every mode.
    if (received.redirect !== undefined) throw statusError(operation, executed);
    if (response.ok) {
      // A 201's resource exists: its body is kept as it came, never validated into a failure.
      if (options.validateResponses && status !== 201)
        await validation.checkResponse(operation, response, executed.data, url);
      if (mode === "raw") return { ok: true, status, data: executed.data, response };
      if (status === 201) return createdResult(operation, executed, summaryOf(operation, url), redactor);
      return executed.data;
    }
    if (mode === "raw" && declaredResponse(operation, status) !== undefined) {
      return { ok: false, status, error: executed.error, response };
    }
    throw statusError(operation, executed);
  }

  /** The error of a response that is not a success, or of a redirect not followed; everything in it redacted. */
  function statusError(operation: OperationMetadata, executed: Executed): AccountFundsError {
    const { response, received } = executed;
    const init = {
      status: response.status,
      body: redactor.value(executed.error),
      rawBody: redactor.string(received.text),
      request: summaryOf(operation, executed.url),
      operationId: operation.operationId,
      headers: redactor.headers(response.headers),
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), received.receivedAtMs),
    };
    if (received.redirect === undefined)
      return errorForStatus({ ...init, statusText: redactor.string(response.statusText) });
    const { refusal, location } = received.redirect;
    return redirectError(refusal, {
      ...init,
      location: location === undefined ? undefined : redactor.url(location),
      maxRedirects,
    });
  }

  function reportError(operation: OperationMetadata, error: unknown): void {
    if (!(error instanceof AccountFundsError)) return;
    const request = error.request ?? summaryOf(operation, "");
    callHook(options.hooks, "onError", {
      operationId: operation.operationId,
      method: request.method,
      url: request.url,
      error,
    });
  }

  function targetOf(operation: OperationMetadata, args: CallArgs): Target {
    const server = serverUrl(operation, { auth_url: options.authUrl });
    return { path: operation.path, baseUrl: server, args };
  }

  async function call(
    mode: ResultMode,
    operation: OperationMetadata,
    args: CallArgs,
    init?: CallOptions,
  ): Promise<unknown> {
    try {
      if (options.validateRequests) await validation.checkRequest(operation, args.body);
      return await shape(mode, operation, await execute(operation, targetOf(operation, args), init));
    } catch (error) {
      const failure = asCallError(error, operation, summaryOf(operation, ""), redactor);
      reportError(operation, failure);
      throw failure;
    }
  }

  async function* paginate(
    operation: OperationMetadata,
    args: CallArgs,
    init?: PaginateOptions,
  ): AsyncGenerator<unknown, void, undefined> {
    const page = async (target: Target): Promise<Page> => {
      const executed = await execute(operation, target, init);
      return { data: await shape("data", operation, executed), url: executed.url };
    };
    try {
      // Every page asks for the same size: the next link carries the query, the Prefer header is per request.
      const maxPageSize = pageSizeOf(args.query);
      const maxPages = pageLimit(init?.maxPages, DEFAULT_MAX_PAGES);
      yield* paginatePages<unknown>(
        () => page(targetOf(operation, args)),
        (next) => {
          const url = new URL(next);
          return page({ path: `${url.pathname}${url.search}`, baseUrl: url.origin, args: {}, maxPageSize });
        },
        {
          apiBaseUrl: baseUrl,
          maxPages,
          operationId: operation.operationId,
          requestOf: (url) => summaryOf(operation, url),
        },
      );
    } catch (error) {
      const failure = asCallError(error, operation, summaryOf(operation, ""), redactor);
      reportError(operation, failure);
      throw failure;
    }
  }

  return { baseUrl, call, paginate };
}

function count(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}
