/**
 * The sandbox as a request handler on web-standard `Request`/`Response`: state, clock, tokens, handlers, webhook
 * delivery and the optional data file, wired together, and the mount table that hands each request to its part.
 * `createSandbox(options).fetch` serves the whole API in-process, without a socket; `startSandbox` (`server.ts`)
 * puts node:http and node:https servers in front of the same core.
 */
import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { loadContract } from "../endpoints/api/contract.js";
import { tokenOperations } from "../endpoints/api/handler.js";
import { handleApiRequest, type ApiDependencies } from "../endpoints/api/pipeline.js";
import {
  createTokenIssuer,
  createTokenRateLimiter,
  defaultCredentials,
  type SandboxCredentials,
  type TokenEndpointDeps,
  type TokenRateLimits,
} from "../endpoints/auth/index.js";
import { presentedCertificateOf } from "../endpoints/auth/thumbprint.js";
import { serveTokenRequest } from "../endpoints/auth/token-http.js";
import { createSandboxClock, type SandboxClock } from "../foundation/clock.js";
import { handleControlRequest, type ControlDependencies } from "../endpoints/control/routes.js";
import { handlers } from "../endpoints/handlers/index.js";
import type { BodyLimits } from "../foundation/http/body-reader.js";
import type { Connection } from "../foundation/http/connection.js";
import { createLargeBodyGate } from "../foundation/http/large-body-gate.js";
import { completeLimits, type SandboxLimits } from "../foundation/http/limits.js";
import { normalisePublicUrl } from "../foundation/http/public-base.js";
import { errorResponse, jsonResponse } from "../foundation/http/responses.js";
import { compileRoutes } from "../foundation/http/router.js";
import { serveMounts, type Mount } from "./mounts.js";
import { DataFileError, openDataFile, type DataFileSync } from "../foundation/state/data-file.js";
import type { PreviousStop } from "../foundation/state/lifecycle.js";
import { readSnapshot, takeSnapshot } from "../foundation/state/snapshot.js";
import type { SandboxState } from "../foundation/state/tables.js";
import { seedStore } from "../model/seed/index.js";
import { Store } from "../foundation/state/store.js";
import { StoreWriteError, storageUnavailable } from "../foundation/state/store-write-error.js";
import { createWebhookDispatcher, type RetryPolicy, type WebhookDispatcher } from "../model/webhooks/dispatcher.js";
import { createEventSink } from "../model/webhooks/event-sink.js";

/** The `fetch` webhook deliveries are POSTed with. */
export type WebhookFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface CreateSandboxOptions {
  /**
   * SQLite file the state is kept in (`state/data-file.ts`): loaded at start when it exists (a version 1 JSON
   * data file is imported once), every command written before its response. Without it the state is in memory.
   */
  readonly dataFile?: string;
  /** `normal` (default): an acknowledged write survives a killed process; `full`: a power cut too (fsync per command). */
  readonly dataSync?: DataFileSync;
  /**
   * Start from this snapshot instead of the seed (a file `POST /_sandbox/snapshot` or `snapshot()` wrote, or its
   * bytes; the file is never changed). With `dataFile`, that file must be new: it is written from the snapshot.
   * A reset goes back to the snapshot.
   */
  readonly from?: string | Uint8Array;
  /** Rate limits of the token endpoints (`auth/rate-limit.ts`); `false` turns them off (load tests). */
  readonly tokenRateLimits?: TokenRateLimits | false;
  /** Clients and users; default: `sandbox-client`/`sandbox-secret`, demo@example.com and other@example.com. */
  readonly credentials?: SandboxCredentials;
  /** Where the sandbox's time starts (tests move it with `clock.advance`). */
  readonly clock?: SandboxClock;
  /** Answer 500 when a response does not match the spec (tests and development). Default false. */
  readonly validateResponses?: boolean;
  /** Largest page of a collection before `@odata.nextLink`. Default 100. */
  readonly maxPageSize?: number;
  /** Webhook retries: 500 ms doubling to 30 s, dead-lettered after 10 attempts or 15 minutes (`webhooks/`). */
  readonly webhookRetry?: RetryPolicy;
  /** Undelivered events a webhook target may have before the oldest are dead-lettered; default 1,000. */
  readonly webhookMaxPending?: number;
  /** Time limit of one webhook delivery attempt; default 5,000 ms. */
  readonly webhookTimeoutMs?: number;
  /** The fetch webhook deliveries are POSTed with; default `globalThis.fetch` (a test passes its own to capture them). */
  readonly webhookFetch?: WebhookFetch;
  /**
   * The base URL clients reach the sandbox at (`https://gateway.example.com/sandbox`): `@odata.context`,
   * `@odata.nextLink`, `Location` and webhook `ApiUrl`s start with it. Default: each request's own URL.
   */
  readonly publicUrl?: string;
  /**
   * Take the host and scheme from `Forwarded` (RFC 7239) or `X-Forwarded-Host`/`X-Forwarded-Proto`: only when every
   * request comes through reverse proxies you run. Default false.
   */
  readonly trustProxy?: boolean;
  /** Resource limits (`http/limits.ts`); each one left out keeps its default. */
  readonly limits?: Partial<SandboxLimits>;
}

/** `fetch`'s options, plus the client certificate an in-process request presents. */
export interface SandboxRequestInit extends RequestInit {
  /**
   * The client certificate (PEM) this request presents, as a TLS handshake would: `/connect/mtls/token` judges its
   * SHA-256 thumbprint and validity period. In-process there is no TLS, so this is how a test authenticates by
   * certificate (see the README).
   */
  readonly clientCertificate?: string;
}

/** The sandbox without servers: call `fetch` as you would the global one against its URL. */
export interface InProcessSandbox extends AsyncDisposable {
  /**
   * Serves one request in-process (no socket): every part of the sandbox (the API, both token endpoints, the
   * control API) at any origin. Pass it to the client as `fetch`. Bound: `sandbox.fetch` may be passed around.
   */
  readonly fetch: (input: string | URL | Request, init?: SandboxRequestInit) => Promise<Response>;
  readonly credentials: SandboxCredentials;
  readonly clock: SandboxClock;
  readonly store: Store;
  readonly webhooks: WebhookDispatcher;
  /** The limits in force, defaults filled in. */
  readonly limits: SandboxLimits;
  /**
   * The data file in use, with `dataFile`: its absolute path, the SQLite binding, a JSON file imported on this start,
   * and how the last sandbox left it (`wal-missing`: started from its last checkpoint, see the README).
   */
  readonly dataFile:
    | {
        readonly path: string;
        readonly driver: string;
        readonly importedFrom: string | undefined;
        readonly previousStop: PreviousStop;
      }
    | undefined;
  /**
   * Back to the state it started from (the seed, or the `from` snapshot), with the clock as it was made (throws a
   * `StoreWriteError` when the data file refuses).
   */
  reset(): void;
  /**
   * A consistent copy of the whole state at this moment, as the bytes of an SQLite file that `dataFile` or `from`
   * starts from (`POST /_sandbox/snapshot` answers the same). Needs an SQLite binding (Node.js 22.13+, or
   * better-sqlite3), as `dataFile` does.
   */
  snapshot(): Promise<Uint8Array>;
  /** Stops webhook delivery and closes the data file; `[Symbol.asyncDispose]` does the same (`await using`). */
  close(): Promise<void>;
}

/** The core and what a server needs of it beyond the public face: the handler of one request at one entry point. */
export interface AssembledSandbox {
  readonly sandbox: InProcessSandbox;
  readonly serve: (request: Request, connection: Connection) => Promise<Response>;
}

/** Base URL of links when no request says one (events raised outside a request): `.invalid` is reserved (RFC 2606). */
const IN_PROCESS_BASE_URL = "http://sandbox.invalid";

/** Creates the sandbox in-process; each one has its own state, clock and webhook targets. */
export async function createSandbox(options: CreateSandboxOptions = {}): Promise<InProcessSandbox> {
  return (await assembleSandbox(options, IN_PROCESS_BASE_URL)).sandbox;
}

/**
 * The core. `defaultBaseUrl` is the server's own URL (or, in-process, a placeholder): webhook ApiUrls of events
 * whose request reached the API there, or outside any request, start with it.
 */
export async function assembleSandbox(
  options: CreateSandboxOptions,
  defaultBaseUrl: string,
): Promise<AssembledSandbox> {
  const limits = completeLimits(options.limits);
  const publicUrl = options.publicUrl === undefined ? undefined : normalisePublicUrl(options.publicUrl);
  const baseUrl = publicUrl ?? defaultBaseUrl;
  const clock = options.clock ?? createSandboxClock();
  const credentials = options.credentials ?? defaultCredentials();
  const contract = await loadContract();

  // A snapshot or a data file the sandbox cannot use stops the start, before any request is served.
  const from = options.from === undefined ? undefined : readSnapshot(options.from);
  if (from?.previousStop.kind === "wal-missing")
    process.emitWarning(walMissingWarning("the snapshot", from.previousStop));
  const dataFile =
    options.dataFile === undefined ? undefined : openDataFile(options.dataFile, { sync: options.dataSync ?? "normal" });
  const initialState = (): SandboxState => (from === undefined ? seedStore(clock).toJSON() : from.state);
  let store: Store;
  try {
    if (from !== undefined && dataFile?.state !== undefined)
      throw new DataFileError(
        `The sandbox data file ${dataFile.path} already holds a state: starting from a snapshot needs a new data file (or none).`,
      );
    store = dataFile?.state === undefined ? new Store(initialState()) : new Store(dataFile.state);
    if (dataFile !== undefined) {
      if (dataFile.state === undefined) {
        dataFile.sink.replace(store.toJSON());
        dataFile.checkpoint(); // the file on its own holds the state from the start (a failure: the timer retries)
      }
      store.persistTo(dataFile.sink);
    }
  } catch (error) {
    dataFile?.close();
    throw error;
  }
  if (dataFile?.previousStop.kind === "wal-missing")
    process.emitWarning(walMissingWarning(`the sandbox data file ${dataFile.path}`, dataFile.previousStop));
  const events = createEventSink(store, clock);
  const eventsAt = (requestBaseUrl: string) =>
    requestBaseUrl === baseUrl ? events : createEventSink(store, clock, requestBaseUrl);

  const issuer = createTokenIssuer({ clock, issuer: baseUrl, audience: baseUrl });
  const rateLimiter = options.tokenRateLimits === false ? undefined : createTokenRateLimiter(options.tokenRateLimits);
  const dispatcher = createWebhookDispatcher({
    store,
    baseUrl,
    ...(options.webhookFetch === undefined ? {} : { fetch: options.webhookFetch }),
    ...(options.webhookRetry === undefined ? {} : { retry: options.webhookRetry }),
    ...(options.webhookMaxPending === undefined ? {} : { maxPending: options.webhookMaxPending }),
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
  });
  const unsubscribe = store.onChange(() => dispatcher.notify());
  dispatcher.notify(); // resumes deliveries still pending in the data file

  const bodyLimits: BodyLimits = { ...limits, maxBytes: limits.maxBodyBytes };
  const apiOperations = (Object.values(operationMetadata) as OperationMetadata[]).filter(
    (operation) => !(tokenOperations as readonly string[]).includes(operation.operationId),
  );
  const api: ApiDependencies = {
    contract,
    routes: compileRoutes(apiOperations),
    handlers,
    store,
    clock,
    eventsAt,
    authenticate: async (authorization) => {
      const verified = await issuer.verify(authorization);
      return verified.ok ? { ok: true, tenant: verified.userId } : { ok: false, reason: verified.reason };
    },
    maxPageSize: options.maxPageSize ?? 100,
    bodyLimits,
    largeBodies: createLargeBodyGate(limits.maxLargeBodies),
    validateResponses: options.validateResponses ?? false,
  };
  const tokens: TokenEndpointDeps = { credentials, issuer, clock, rateLimiter };

  // The clock goes back to how it was made (a moved clock would leave the seed's dates and every token's expiry
  // judged against a time the tests set long ago); the re-seeded events are history, not news.
  const reset = (): void => {
    clock.reset();
    store.restore(initialState());
    dispatcher.skipToLatest();
  };
  const snapshot = (): Uint8Array => takeSnapshot(dataFile, () => store.toJSON());
  const control = (requestBaseUrl: string): ControlDependencies => ({
    store,
    clock,
    events: eventsAt(requestBaseUrl),
    dispatcher,
    reset,
    tenantOfUsername: (username) => credentials.users.find((user) => user.username === username)?.id,
    baseUrl: requestBaseUrl,
    snapshot,
  });

  // The mount table: each part, at the entry points it is served at (the mTLS token endpoint needs a client
  // certificate, which only HTTPS or an in-process request can present). Both token endpoints are at the HTTPS entry
  // point, the spec's one `{auth_url}`.
  const mounts: readonly Mount[] = [
    {
      path: "/api/",
      entryPoints: ["http", "in-process"],
      serve: (request, site) => handleApiRequest(request, site, api),
    },
    {
      path: "/connect/token",
      entryPoints: ["http", "https", "in-process"],
      serve: (request) => serveTokenRequest(request, "password", undefined, tokens, bodyLimits),
    },
    {
      path: "/connect/mtls/token",
      entryPoints: ["https", "in-process"],
      serve: (request, { connection }) =>
        serveTokenRequest(request, "mtls", connection.clientCertificate, tokens, bodyLimits),
    },
    {
      path: "/_sandbox/",
      entryPoints: ["http", "in-process"],
      serve: (request, site) => handleControlRequest(request, site.url, control(site.baseUrl), bodyLimits),
    },
  ];
  const route = serveMounts(mounts, { publicUrl, trustProxy: options.trustProxy ?? false });
  const serve = (request: Request, connection: Connection): Promise<Response> =>
    route(request, connection).catch(failSafe);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      unsubscribe();
      await dispatcher.close();
      // Every acknowledged command is in the file already; a failure to close it loses nothing, so it only warns.
      const failure = dataFile?.close();
      if (failure !== undefined) process.emitWarning(`closing the sandbox data file: ${failure.message}`);
    })());

  const sandbox: InProcessSandbox = {
    fetch: (input, init) => fetchInProcess(serve, input, init),
    credentials,
    clock,
    store,
    webhooks: dispatcher,
    limits,
    dataFile:
      dataFile === undefined
        ? undefined
        : {
            path: dataFile.path,
            driver: dataFile.driver,
            importedFrom: dataFile.importedFrom,
            previousStop: dataFile.previousStop,
          },
    reset,
    snapshot: async () => snapshot(),
    close,
    [Symbol.asyncDispose]: close,
  };
  return { sandbox, serve };
}

/** `fetch` semantics in-process: the request's signal aborts the call (the handling itself runs to its end). */
async function fetchInProcess(
  serve: AssembledSandbox["serve"],
  input: string | URL | Request,
  init: SandboxRequestInit | undefined,
): Promise<Response> {
  const { clientCertificate, ...requestInit } = init ?? {};
  const request = new Request(input, requestInit);
  const connection: Connection = {
    entryPoint: "in-process",
    clientCertificate: clientCertificate === undefined ? undefined : presentedCertificateOf(clientCertificate),
  };
  const { signal } = request;
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([serve(request, connection), aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort!);
  }
}

/** What start-up says of a file left open by a sandbox and found without its WAL (README: "Data file"). */
function walMissingWarning(what: string, stop: Extract<PreviousStop, { kind: "wal-missing" }>): string {
  const since = stop.checkpointedAt === undefined ? "" : ` (${stop.checkpointedAt})`;
  return `${what} was in use by a running sandbox and has no WAL file beside it (copied while the sandbox ran, or its WAL lost after an unclean stop): starting from its last checkpoint${since}; commands acknowledged after that checkpoint are not in it. A snapshot (POST /_sandbox/snapshot) is the consistent copy.`;
}

/** A bug must not take the sandbox down: the request gets a 500 (503 when the data file refused) and it goes on. */
function failSafe(error: unknown): Response {
  if (error instanceof StoreWriteError) {
    const unavailable = storageUnavailable(error);
    return jsonResponse(unavailable.status, unavailable.body, unavailable.headers);
  }
  return errorResponse({
    status: 500,
    code: "sandbox_error",
    message: error instanceof Error ? error.message : String(error),
  });
}
