/**
 * The core of the client: turns an operation's metadata and a call's arguments into a request (the URL built by
 * openapi-fetch's `createFinalURL` and query serialiser, with our path serialiser; the body and headers by
 * request-body.ts and request-headers.ts), sends it through the transport (auth, timeouts, retries, hooks), and
 * turns the response into the call's result: the success body, a `Created` for a 201, text for `text/plain`,
 * nothing for a body-less success; or an error class for the status. `withResponse` calls get every declared
 * status as a value instead. Opt-in request and response validation use the precompiled validators, loaded on
 * first use.
 *
 * openapi-fetch's own request loop is not used: the transport must build a `Request` per attempt (its signal, its
 * token) and read the body inside the attempt, so the loop's `Request` and its response parsing were paid twice.
 */
import { createFinalURL, createQuerySerializer } from "openapi-fetch";
import { DEFAULT_TOKEN_REFRESH_SKEW_MS, createPasswordTokenSource, createProvidedTokenSource, serverUrl } from "./auth.js";
import type { CallOptions, ClientOptions, FetchLike } from "./client-options.js";
import type { OperationValidators } from "./compiled-validator.js";
import {
  AccountFundsError,
  RequestValidationError,
  ResponseValidationError,
  errorForStatus,
  type RequestSummary,
  type ValidationIssue,
} from "./errors.js";
import { createdResult } from "./created.js";
import { callHook } from "./hooks.js";
import { pageSizeOf, preferHeader, serializeQuery } from "./odata.js";
import { paginate as paginatePages, type Page } from "./paging.js";
import type { OperationMetadata } from "./operation-metadata.js";
import type { ResultMode } from "./operation-types.js";
import { serializePath } from "./path-serializer.js";
import { createRedactor } from "./redact.js";
import { encodeBody, isJson, requestMediaType } from "./request-body.js";
import { acceptOf, mergeHeaders } from "./request-headers.js";
import { DEFAULT_MAX_RETRIES, isIdempotentMethod, retryPolicy } from "./retry.js";
import { DEFAULT_TIMEOUT_MS } from "./timeout.js";
import { createTransport, type SendContext, type TokenSource } from "./transport.js";
import { requestBodyIssues, responseBodyIssues } from "./validation.js";

export interface RuntimeConfig {
  /**
   * Loads the precompiled validators by operationId; called only with `validateResponses` or `validateRequests`,
   * by the first call that validates. The validators are most of the client's code: a client that never
   * validates never loads them (the façade's loader is a dynamic `import()`, a chunk of its own in a bundle).
   */
  readonly loadOperationValidators?: () => Promise<Readonly<Record<string, OperationValidators>>>;
  /** The token operations the built-in authentication uses. */
  readonly tokenOperations?: {
    /** Password grant with a client secret (`/connect/token`). */
    readonly clientSecret?: OperationMetadata;
    /** Password grant with a client certificate (`/connect/mtls/token`). */
    readonly mtls?: OperationMetadata;
  };
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
  paginate(operation: OperationMetadata, args: CallArgs, init?: CallOptions): AsyncIterableIterator<unknown>;
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
  /** The URL requested. */
  readonly url: string;
}

/** openapi-fetch's default query serialiser (`name=value&...`, values percent-encoded); stateless, so shared. */
const querySerializer = createQuerySerializer<unknown>();

export function createRuntime(options: ClientOptions, config: RuntimeConfig = {}): Runtime {
  const baseUrl = checkedBaseUrl(options.baseUrl);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const redactor = createRedactor([options.credentials?.clientSecret, options.credentials?.password]);
  const transport = createTransport({ fetch: fetchImpl, hooks: options.hooks, redactor, retry: retryPolicy(options.retry), now });
  const defaultMaxRetries = count(options.maxRetries, DEFAULT_MAX_RETRIES);
  const defaultTimeoutMs = count(options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const tokens = tokenSource();

  function tokenSource(): TokenSource | undefined {
    if (options.tokenProvider !== undefined) return createProvidedTokenSource(options.tokenProvider, redactor);
    const credentials = options.credentials;
    if (credentials === undefined) {
      throw new TypeError("createAccountFundsClient needs `credentials` (with `authUrl`) or a `tokenProvider`");
    }
    const operation = options.mtls ? config.tokenOperations?.mtls : config.tokenOperations?.clientSecret;
    if (operation === undefined) throw new TypeError("This client has no token operation; pass a `tokenProvider`");
    if (!options.mtls && typeof credentials.clientSecret !== "string") {
      throw new TypeError("`credentials.clientSecret` is required unless `mtls` is set");
    }
    if (options.mtls && credentials.clientSecret !== undefined) {
      throw new TypeError("`credentials.clientSecret` must not be set with `mtls`: the mTLS token endpoint refuses it");
    }
    return createPasswordTokenSource({
      operation,
      authUrl: checkedBaseUrl(options.authUrl, "authUrl"),
      credentials,
      mtls: options.mtls,
      transport,
      redactor,
      now,
      refreshSkewMs: count(options.tokenRefreshSkewMs, DEFAULT_TOKEN_REFRESH_SKEW_MS),
      timeoutMs: defaultTimeoutMs,
      maxRetries: defaultMaxRetries,
    });
  }

  function sendContext(operation: OperationMetadata, init: CallOptions | undefined): SendContext {
    return {
      operationId: operation.operationId,
      retryable: isIdempotentMethod(operation.method),
      maxRetries: count(init?.maxRetries, defaultMaxRetries),
      timeoutMs: count(init?.timeoutMs, defaultTimeoutMs) || undefined,
      signal: init?.signal,
      auth: operation.security === "bearer" ? tokens : undefined,
      dispatcher: operation.security === "mutualTLS" ? options.mtls?.dispatcher : undefined,
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

  async function execute(operation: OperationMetadata, target: Target, init: CallOptions | undefined): Promise<Executed> {
    const encoded = encodeBody(operation, target.args.body);
    const query = serializeQuery(target.args.query, operation.odata === undefined ? undefined : dateTimesOf(operation));
    const url = createFinalURL(target.path, {
      baseUrl: target.baseUrl || baseUrl,
      params: { path: target.args.path, query: query.values },
      querySerializer,
      pathSerializer: serializePath,
    });
    const headers = mergeHeaders(options.headers, init?.headers, {
      accept: acceptOf(operation),
      "content-type": encoded?.contentType ?? null,
    });
    const prefer = preferHeader(headers["prefer"], query.maxPageSize ?? target.maxPageSize);
    if (prefer !== undefined) headers["prefer"] = prefer;
    const received = await transport.send({ method: operation.method, url, headers, body: encoded?.body }, sendContext(operation, init));
    const { response, text } = received;
    const data = response.ok ? parseSuccess(operation, response, text, () => summaryOf(operation, received.url)) : undefined;
    const error = response.ok ? undefined : parseError(text);
    return { response, data, error, url: received.url };
  }

  /** The operation's validators; `request` is the call's, for the error when they cannot be loaded. */
  async function validatorsOf(operation: OperationMetadata, request: RequestSummary): Promise<OperationValidators | undefined> {
    if (config.loadOperationValidators === undefined) return undefined;
    try {
      return (await config.loadOperationValidators())[operation.operationId];
    } catch (error) {
      throw new AccountFundsError({
        message: `The validators could not be loaded: ${redactor.string(error instanceof Error ? error.message : String(error))}`,
        code: "validators_unavailable",
        request,
        operationId: operation.operationId,
        cause: error,
      });
    }
  }

  function redactedIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
    return issues.map((issue) => ({
      ...issue,
      message: redactor.string(issue.message),
      params: redactor.value(issue.params) as ValidationIssue["params"],
    }));
  }

  /** `validateRequests`: throws before anything (a token request included) is sent. */
  async function checkRequest(operation: OperationMetadata, body: unknown): Promise<void> {
    if (body === undefined || operation.requestBody === undefined) return;
    const mediaType = requestMediaType(operation.requestBody, body);
    const issues = redactedIssues(requestBodyIssues(await validatorsOf(operation, summaryOf(operation, "")), mediaType, body));
    const first = issues[0];
    if (first === undefined) return;
    throw new RequestValidationError({
      message: `The request body of ${operation.operationId} does not match the spec: ${first.path || "(root)"} ${first.message}`,
      code: "invalid_request",
      request: summaryOf(operation, ""),
      operationId: operation.operationId,
      issues,
    });
  }

  /** `validateResponses`: a success body that does not match its declared schema throws. */
  async function checkResponse(operation: OperationMetadata, response: Response, data: unknown, url: string): Promise<void> {
    const status = response.status;
    const declared = declaredResponse(operation, status);
    if (declared?.mediaType === undefined) return;
    const issues = redactedIssues(responseBodyIssues(await validatorsOf(operation, summaryOf(operation, url)), declared.key, declared.mediaType, data));
    const first = issues[0];
    if (first === undefined) return;
    throw new ResponseValidationError({
      message: `The ${status} response of ${operation.operationId} does not match the spec: ${first.path || "(root)"} ${first.message}`,
      status,
      code: "invalid_response",
      request: summaryOf(operation, url),
      operationId: operation.operationId,
      // The request did succeed: keep the headers (a 201's Location) with the data.
      headers: redactor.headers(response.headers),
      issues,
      data,
    });
  }

  function summaryOf(operation: OperationMetadata, url: string): RequestSummary {
    return { method: operation.method.toUpperCase(), url: redactor.url(url || `${baseUrl}${operation.path}`) };
  }

  async function shape(mode: ResultMode, operation: OperationMetadata, executed: Executed): Promise<unknown> {
    const { response, url } = executed;
    const status = response.status;
    if (response.ok) {
      if (options.validateResponses) await checkResponse(operation, response, executed.data, url);
      if (mode === "raw") return { ok: true, status, data: executed.data, response };
      if (status === 201) return createdResult(operation, executed, summaryOf(operation, url), redactor);
      return executed.data;
    }
    if (mode === "raw" && declaredResponse(operation, status) !== undefined) {
      return { ok: false, status, error: executed.error, response };
    }
    throw errorForStatus({
      status,
      statusText: response.statusText,
      body: redactor.value(executed.error),
      request: summaryOf(operation, url),
      operationId: operation.operationId,
      headers: redactor.headers(response.headers),
    });
  }

  function reportError(operation: OperationMetadata, error: unknown): void {
    if (!(error instanceof AccountFundsError)) return;
    const request = error.request ?? summaryOf(operation, "");
    callHook(options.hooks, "onError", { operationId: operation.operationId, method: request.method, url: request.url, error });
  }

  function targetOf(operation: OperationMetadata, args: CallArgs): Target {
    const server = serverUrl(operation, { auth_url: options.authUrl });
    return { path: operation.path, baseUrl: server, args };
  }

  async function call(mode: ResultMode, operation: OperationMetadata, args: CallArgs, init?: CallOptions): Promise<unknown> {
    try {
      if (options.validateRequests) await checkRequest(operation, args.body);
      return await shape(mode, operation, await execute(operation, targetOf(operation, args), init));
    } catch (error) {
      reportError(operation, error);
      throw error;
    }
  }

  async function* paginate(operation: OperationMetadata, args: CallArgs, init?: CallOptions): AsyncGenerator<unknown, void, undefined> {
    const page = async (target: Target): Promise<Page> => {
      const executed = await execute(operation, target, init);
      return { data: await shape("data", operation, executed), url: executed.url };
    };
    try {
      // Every page asks for the same size: the next link carries the query, the Prefer header is per request.
      const maxPageSize = pageSizeOf(args.query);
      yield* paginatePages<unknown>(
        () => page(targetOf(operation, args)),
        (next) => {
          const url = new URL(next);
          return page({ path: `${url.pathname}${url.search}`, baseUrl: url.origin, args: {}, maxPageSize });
        },
        { apiBaseUrl: baseUrl, operationId: operation.operationId, requestOf: (url) => summaryOf(operation, url) },
      );
    } catch (error) {
      reportError(operation, error);
      throw error;
    }
  }

  return { baseUrl, call, paginate };
}

/** The declared response for a status: exact (`"404"`), range (`"4XX"`) or `default`. */
function declaredResponse(
  operation: OperationMetadata,
  status: number,
): { key: string; mediaType?: string | undefined } | undefined {
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, "default"]) {
    const response = operation.responses[key];
    if (response !== undefined) return { key, mediaType: response.mediaType };
  }
  return undefined;
}

/** The parsed success body; `request` summarises the request for the error (only then: it costs a URL parse). */
function parseSuccess(operation: OperationMetadata, response: Response, text: string, request: () => RequestSummary): unknown {
  if (text === "") return undefined;
  const declared = declaredResponse(operation, response.status);
  const mediaType = declared ? declared.mediaType : (response.headers.get("content-type") ?? undefined);
  if (mediaType === undefined) return undefined; // declared without content: any body is ignored
  if (!isJson(mediaType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AccountFundsError({
      message: `The ${response.status} response of ${operation.operationId} is not valid JSON`,
      status: response.status,
      code: "invalid_response_body",
      request: request(),
      operationId: operation.operationId,
      cause: error,
    });
  }
}

/** An error body: JSON when it parses, else the text; undefined when empty. */
function parseError(text: string): unknown {
  if (text === "") return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed === "" ? undefined : parsed;
  } catch {
    return text;
  }
}

function checkedBaseUrl(url: string | undefined, name = "baseUrl"): string {
  if (typeof url !== "string") throw new TypeError(`\`${name}\` is required`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`\`${name}\` must be an absolute URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new TypeError(`\`${name}\` must be an http(s) URL`);
  if (parsed.search || parsed.hash) throw new TypeError(`\`${name}\` must not have a query or fragment`);
  return url.replace(/\/+$/, "");
}

function count(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}
