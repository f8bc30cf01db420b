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
  defaultCredentials,
  handleTokenRequest,
  thumbprintOf,
  type SandboxClock,
  type SandboxCredentials,
  type ServerCertificate,
  type TokenIssuer,
} from "./auth/index.js";
import { handleControlRequest } from "./control/routes.js";
import { handlers } from "./handlers/index.js";
import { mediaTypeOf, readRaw } from "./http/body.js";
import { compileRoutes } from "./http/router.js";
import { sendError } from "./http/send.js";
import { createStateWriter, loadStateFile } from "./state/persistence.js";
import { seedStore } from "./state/seed/index.js";
import { Store } from "./state/store.js";
import { createWebhookDispatcher, type WebhookDispatcher } from "./webhooks/dispatcher.js";
import { createEventSink } from "./webhooks/event-sink.js";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";

export interface SandboxOptions {
  /** Host to bind; loopback by default, so the control API is not exposed. */
  readonly host?: string;
  /** HTTP port of the API, `/connect/token` and `/_sandbox/`; 0 picks a free port. Default 4010. */
  readonly port?: number;
  /** HTTPS port of `/connect/mtls/token` and `/connect/token`; 0 picks a free port; `false` serves no HTTPS. Default 4443. */
  readonly tlsPort?: number | false;
  /** JSON file the state is kept in: loaded at start when it exists, written after every command. */
  readonly dataFile?: string;
  /** Clients and users; default: `sandbox-client`/`sandbox-secret`, demo@example.com and other@example.com. */
  readonly credentials?: SandboxCredentials;
  /** Where the sandbox's time starts (tests move it with `clock.advance`). */
  readonly clock?: SandboxClock;
  /** Answer 500 when a response does not match the spec (tests and development). Default false. */
  readonly validateResponses?: boolean;
  /** Largest page of a collection before `@odata.nextLink`. Default 100. */
  readonly maxPageSize?: number;
  /** Webhook retry backoff; defaults 500 ms doubling to 30 s. */
  readonly webhookRetry?: { readonly initialMs: number; readonly maxMs: number };
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
  /** Back to the seeded state. */
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

  const saved = options.dataFile === undefined ? undefined : loadStateFile(options.dataFile);
  const store = saved === undefined ? seedStore(clock) : new Store(saved.state);
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
  const dispatcher = createWebhookDispatcher({
    store,
    baseUrl: url,
    ...(options.webhookRetry === undefined ? {} : { retry: options.webhookRetry }),
  });
  if (saved !== undefined) dispatcher.restore(saved.webhookCursors);
  const writer =
    options.dataFile === undefined
      ? undefined
      : createStateWriter(options.dataFile, store, { debounceMs: 50, webhookCursors: () => dispatcher.snapshot() });
  const stopWriting = writer === undefined ? undefined : dispatcher.onProgress(() => writer.schedule());
  writer?.schedule(); // the data file exists from the start, not only after the first change
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
  // The re-seeded events are history, not news: targets are not sent them again.
  const reset = (): void => {
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
    void serveToken(request, response, "mtls", thumbprintOf(peer)).catch((error: unknown) => failSafe(response, error));
  });

  async function serveToken(
    request: IncomingMessage,
    response: ServerResponse,
    endpoint: "password" | "mtls",
    thumbprint: string | undefined,
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
      },
      { credentials, issuer },
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
    reset,
    async close() {
      unsubscribe();
      stopWriting?.();
      await dispatcher.close();
      await writer?.close();
      await Promise.all([closeServer(httpServer), tlsServer === undefined ? undefined : closeServer(tlsServer)]);
    },
  };
}

/** A bug must not take the sandbox down: the request gets a 500 and the server goes on. */
function failSafe(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
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
