/**
 * Starts the sandbox: the API and `/connect/token` over HTTP (default http://127.0.0.1:4010), and both token
 * endpoints (`/connect/mtls/token`, `/connect/token`) over HTTPS with a self-signed certificate made at start-up
 * (default https://127.0.0.1:4443, the spec's `{auth_url}`), plus the sandbox-only control API under `/_sandbox/`. Wires state, clock, tokens,
 * handlers, webhook delivery and the optional data file together; each part lives in its own module.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { loadContract } from "./api/contract.js";
import { handleApiRequest, type ApiDependencies } from "./api/pipeline.js";
import { tokenOperations } from "./api/handler.js";
import {
  createSandboxClock,
  createServerCertificate,
  createTokenIssuer,
  createTokenRateLimiter,
  defaultCredentials,
  handleTokenRequest,
  thumbprintOf,
  validityOf,
  type SandboxClock,
  type SandboxCredentials,
  type ServerCertificate,
  type TokenIssuer,
  type TokenRateLimits,
} from "./auth/index.js";
import { handleControlRequest } from "./control/routes.js";
import { handlers } from "./handlers/index.js";
import { mediaTypeOf, readRaw } from "./http/body.js";
import { compileRoutes } from "./http/router.js";
import { sendError, sendJson } from "./http/send.js";
import { openDataFile, type DataFileSync } from "./state/data-file.js";
import { seedStore } from "./seed/index.js";
import { Store } from "./state/store.js";
import { StoreWriteError, storageUnavailable } from "./state/store-write-error.js";
import { createWebhookDispatcher, type RetryPolicy, type WebhookDispatcher } from "./webhooks/dispatcher.js";
import { createEventSink } from "./webhooks/event-sink.js";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";

export interface SandboxOptions {
  /** Host to bind; loopback by default, so the control API is not exposed. */
  readonly host?: string;
  /** HTTP port of the API, `/connect/token` and `/_sandbox/`; 0 picks a free port. Default 4010. */
  readonly port?: number;
  /** HTTPS port of `/connect/mtls/token` and `/connect/token`; 0 picks a free port; `false` serves no HTTPS. Default 4443. */
  readonly tlsPort?: number | false;
  /**
   * SQLite file the state is kept in (`state/data-file.ts`): loaded at start when it exists (a version 1 JSON
   * data file is imported once), every command written before its response. Without it the state is in memory.
   */
  readonly dataFile?: string;
  /** `normal` (default): an acknowledged write survives a killed process; `full`: a power cut too (fsync per command). */
  readonly dataSync?: DataFileSync;
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
}

export interface Sandbox {
  /** Base URL of the API and of `/connect/token`, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Base URL of `/connect/mtls/token`, e.g. `https://127.0.0.1:4443`; undefined without HTTPS. */
  readonly tlsUrl: string | undefined;
  /** The HTTPS server's self-signed certificate (PEM), for clients to trust. */
  readonly certificate: ServerCertificate | undefined;
  readonly credentials: SandboxCredentials;
  readonly clock: SandboxClock;
  readonly store: Store;
  readonly webhooks: WebhookDispatcher;
  /** The data file in use, with `dataFile`: its absolute path, the SQLite binding, and a JSON file imported on this start. */
  readonly dataFile:
    | { readonly path: string; readonly driver: string; readonly importedFrom: string | undefined }
    | undefined;
  /** Back to the seeded state, with the clock as it was made (throws a `StoreWriteError` when the data file refuses). */
  reset(): void;
  close(): Promise<void>;
}

const API_PREFIX = "/api/";
const CONTROL_PREFIX = "/_sandbox/";
const TOKEN_PATH = "/connect/token";
const MTLS_TOKEN_PATH = "/connect/mtls/token";
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_FORM_BYTES = 16 * 1024;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const clock = options.clock ?? createSandboxClock();
  const credentials = options.credentials ?? defaultCredentials();
  const contract = await loadContract();
  const apiOperations = (Object.values(operationMetadata) as OperationMetadata[]).filter(
    (operation) => !(tokenOperations as readonly string[]).includes(operation.operationId),
  );
  const routes = compileRoutes(apiOperations);

  // The data file is opened and checked before anything listens: a file the sandbox cannot use stops the start.
  const dataFile =
    options.dataFile === undefined ? undefined : openDataFile(options.dataFile, { sync: options.dataSync ?? "normal" });
  let store: Store;
  try {
    store = dataFile?.state === undefined ? seedStore(clock) : new Store(dataFile.state);
    if (dataFile !== undefined) {
      if (dataFile.state === undefined) dataFile.sink.replace(store.toJSON());
      store.persistTo(dataFile.sink);
    }
  } catch (error) {
    dataFile?.close();
    throw error;
  }
  const events = createEventSink(store, clock);

  const httpServer = createServer();
  await listen(httpServer, options.port ?? 4010, host);
  const url = `http://${formatHost(host)}:${(httpServer.address() as AddressInfo).port}`;

  let tlsServer: HttpsServer | undefined;
  let tlsUrl: string | undefined;
  let certificate: ServerCertificate | undefined;
  if (options.tlsPort !== false) {
    certificate = await createServerCertificate({ hostnames: [host, "localhost"] });
    // RFC 8705 §2.2: the client certificate may be self-signed, so the handshake requests one without checking
    // a chain; /connect/mtls/token then matches its thumbprint against the client's registered ones.
    tlsServer = createHttpsServer({
      key: certificate.key,
      cert: certificate.cert,
      requestCert: true,
      rejectUnauthorized: false,
    });
    await listen(tlsServer, options.tlsPort ?? 4443, host);
    tlsUrl = `https://${formatHost(host)}:${(tlsServer.address() as AddressInfo).port}`;
  }

  const issuer: TokenIssuer = createTokenIssuer({ clock, issuer: url, audience: url });
  const rateLimiter = options.tokenRateLimits === false ? undefined : createTokenRateLimiter(options.tokenRateLimits);
  const dispatcher = createWebhookDispatcher({
    store,
    baseUrl: url,
    ...(options.webhookRetry === undefined ? {} : { retry: options.webhookRetry }),
    ...(options.webhookMaxPending === undefined ? {} : { maxPending: options.webhookMaxPending }),
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
  });
  const unsubscribe = store.onChange(() => dispatcher.notify());
  dispatcher.notify(); // resumes deliveries still pending in the data file

  const api: ApiDependencies = {
    contract,
    routes,
    handlers,
    store,
    clock,
    events,
    authenticate: async (authorization) => {
      const verified = await issuer.verify(authorization);
      return verified.ok ? { ok: true, tenant: verified.userId } : { ok: false, reason: verified.reason };
    },
    baseUrl: url,
    maxPageSize: options.maxPageSize ?? 100,
    maxBodyBytes: MAX_BODY_BYTES,
    validateResponses: options.validateResponses ?? false,
  };

  const tenantOfUsername = (username: string): string | undefined =>
    credentials.users.find((user) => user.username === username)?.id;
  // The clock goes back to how it was made (a moved clock would leave the seed's dates and every token's expiry
  // judged against a time the tests set long ago); the re-seeded events are history, not news.
  const reset = (): void => {
    clock.reset();
    store.restore(seedStore(clock).toJSON());
    dispatcher.skipToLatest();
  };

  httpServer.on("request", (request: IncomingMessage, response: ServerResponse) => {
    void serveHttp(request, response).catch((error: unknown) => failSafe(response, error));
  });
  async function serveHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? "/", url);
    if (requestUrl.pathname.startsWith(API_PREFIX)) return handleApiRequest(request, response, requestUrl, api);
    if (requestUrl.pathname === TOKEN_PATH) return serveToken(request, response, "password", undefined);
    if (requestUrl.pathname.startsWith(CONTROL_PREFIX)) {
      return handleControlRequest(request, response, requestUrl, {
        store,
        clock,
        events,
        dispatcher,
        reset,
        tenantOfUsername,
        baseUrl: url,
      });
    }
    request.resume();
    if (requestUrl.pathname === MTLS_TOKEN_PATH) {
      return sendError(response, {
        status: 404,
        code: "not_found",
        message: `${MTLS_TOKEN_PATH} is served over HTTPS at ${tlsUrl ?? "(HTTPS disabled)"}.`,
      });
    }
    sendError(response, { status: 404, code: "not_found", message: `No resource at ${requestUrl.pathname}.` });
  }

  // The token service at one `{auth_url}` (the spec's one default): both token endpoints over HTTPS.
  tlsServer?.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const requestUrl = new URL(request.url ?? "/", tlsUrl);
    if (requestUrl.pathname === TOKEN_PATH) {
      void serveToken(request, response, "password", undefined).catch((error: unknown) => failSafe(response, error));
      return;
    }
    if (requestUrl.pathname !== MTLS_TOKEN_PATH) {
      request.resume();
      return sendError(response, {
        status: 404,
        code: "not_found",
        message: `Only ${TOKEN_PATH} and ${MTLS_TOKEN_PATH} are served over HTTPS.`,
      });
    }
    const peer = (request.socket as TLSSocket).getPeerCertificate();
    void serveToken(request, response, "mtls", thumbprintOf(peer), validityOf(peer)).catch((error: unknown) =>
      failSafe(response, error),
    );
  });

  async function serveToken(
    request: IncomingMessage,
    response: ServerResponse,
    endpoint: "password" | "mtls",
    thumbprint: string | undefined,
    validity?: { notBefore: Date; notAfter: Date },
  ): Promise<void> {
    if (request.method !== "POST") {
      request.resume();
      return sendError(
        response,
        { status: 405, code: "method_not_allowed", message: "Use POST here." },
        { allow: "POST" },
      );
    }
    const raw = await readRaw(request, MAX_FORM_BYTES);
    const contentType = request.headers["content-type"];
    const form =
      Buffer.isBuffer(raw) && mediaTypeOf(contentType) === "application/x-www-form-urlencoded"
        ? new URLSearchParams(raw.toString("utf8"))
        : new URLSearchParams();
    const result = await handleTokenRequest(
      {
        form,
        contentType: Buffer.isBuffer(raw) ? contentType : undefined,
        endpoint,
        clientCertificateThumbprint: thumbprint,
        clientCertificateValidity: validity,
      },
      { credentials, issuer, clock, rateLimiter },
    );
    const text = JSON.stringify(result.body);
    response.writeHead(result.status, { ...result.headers, "content-length": Buffer.byteLength(text) });
    response.end(text);
  }

  return {
    url,
    tlsUrl,
    certificate,
    credentials,
    clock,
    store,
    webhooks: dispatcher,
    dataFile:
      dataFile === undefined
        ? undefined
        : { path: dataFile.path, driver: dataFile.driver, importedFrom: dataFile.importedFrom },
    reset,
    async close() {
      unsubscribe();
      await Promise.all([closeServer(httpServer), tlsServer === undefined ? undefined : closeServer(tlsServer)]);
      await dispatcher.close();
      // Every acknowledged command is in the file already; a failure to close it loses nothing, so it only warns.
      const failure = dataFile?.close();
      if (failure !== undefined) process.emitWarning(`closing the sandbox data file: ${failure.message}`);
    },
  };
}

/** A bug must not take the sandbox down: the request gets a 500 (503 when the data file refused) and it goes on. */
function failSafe(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (error instanceof StoreWriteError) {
    const unavailable = storageUnavailable(error);
    return sendJson(response, unavailable.status, unavailable.body, unavailable.headers);
  }
  sendError(response, {
    status: 500,
    code: "sandbox_error",
    message: error instanceof Error ? error.message : String(error),
  });
}

function listen(server: Server | HttpsServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function closeServer(server: Server | HttpsServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function formatHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}
