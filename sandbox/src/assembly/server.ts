/**
 * Starts the sandbox: the API, `/connect/token` and the control API `/_sandbox/` over HTTP (default
 * http://127.0.0.1:4010), and both token endpoints (`/connect/mtls/token`, `/connect/token`) over HTTPS with a
 * self-signed certificate made at start-up (default https://127.0.0.1:4443, the spec's `{auth_url}`). Pure wiring:
 * the node adapters (`http/node-adapter.ts`) are attached with the start gate (`http/start-gate.ts`) as their
 * handler, the servers listen, the core (`sandbox.ts`, on web-standard Request/Response) is assembled with their
 * URL, and the gate opens onto it: a request that arrives while the core is being made waits for it.
 */
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createServerCertificate, type ServerCertificate } from "../endpoints/auth/index.js";
import { peerCertificateOf } from "../endpoints/auth/thumbprint.js";
import { completeLimits } from "../foundation/http/limits.js";
import { serveNode, serverOptionsOf } from "../foundation/http/node-adapter.js";
import { createStartGate } from "../foundation/http/start-gate.js";
import { loadSqliteDriver } from "../foundation/state/sqlite-driver.js";
import { assembleSandbox, type CreateSandboxOptions, type InProcessSandbox } from "./sandbox.js";

export interface SandboxOptions extends CreateSandboxOptions {
  /** Host to bind; loopback by default, so the control API is not exposed. */
  readonly host?: string;
  /** HTTP port of the API, `/connect/token` and `/_sandbox/`; 0 picks a free port. Default 4010. */
  readonly port?: number;
  /** HTTPS port of `/connect/mtls/token` and `/connect/token`; 0 picks a free port; `false` serves no HTTPS. Default 4443. */
  readonly tlsPort?: number | false;
}

export interface Sandbox extends InProcessSandbox {
  /** Base URL of the API and of `/connect/token`, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Base URL of `/connect/mtls/token`, e.g. `https://127.0.0.1:4443`; undefined without HTTPS. */
  readonly tlsUrl: string | undefined;
  /** The HTTPS server's self-signed certificate (PEM), for clients to trust. */
  readonly certificate: ServerCertificate | undefined;
  /** Closes the servers, then stops webhook delivery and closes the data file. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const limits = completeLimits(options.limits);
  // Before any port is taken: a data file with no SQLite binding to open it with (Node.js 20 without
  // better-sqlite3) fails the start at once, saying what to install.
  if (options.dataFile !== undefined || options.from !== undefined) loadSqliteDriver();

  // The adapters are attached before the servers listen, with the start gate as their handler: a request that
  // arrives before the core stands waits for it (health is answered 503 at once), never left without an answer.
  const gate = createStartGate();
  const httpServer = createServer(serverOptionsOf(limits));
  let authority = "";
  serveNode(httpServer, { entryPoint: "http", limits, authority: () => authority, serve: gate.serve });
  await listen(httpServer, options.port ?? 4010, host);
  authority = `${formatHost(host)}:${(httpServer.address() as AddressInfo).port}`;
  const url = `http://${authority}`;

  let tlsServer: HttpsServer | undefined;
  let tlsUrl: string | undefined;
  let certificate: ServerCertificate | undefined;
  let assembled: Awaited<ReturnType<typeof assembleSandbox>>;
  try {
    if (options.tlsPort !== false) {
      certificate = await createServerCertificate({ hostnames: [host, "localhost"] });
      // RFC 8705 §2.2: the client certificate may be self-signed, so the handshake requests one without checking
      // a chain; /connect/mtls/token then matches its thumbprint against the client's registered ones.
      tlsServer = createHttpsServer({
        ...serverOptionsOf(limits),
        key: certificate.key,
        cert: certificate.cert,
        requestCert: true,
        rejectUnauthorized: false,
      });
      let tlsAuthority = "";
      serveNode(tlsServer, {
        entryPoint: "https",
        limits,
        authority: () => tlsAuthority,
        serve: gate.serve,
        certificateOf: (socket) => peerCertificateOf(socket.getPeerCertificate()),
      });
      await listen(tlsServer, options.tlsPort ?? 4443, host);
      tlsAuthority = `${formatHost(host)}:${(tlsServer.address() as AddressInfo).port}`;
      tlsUrl = `https://${tlsAuthority}`;
    }
    // A data file it cannot use stops the start here; what waited at the gate is answered 503 first.
    assembled = await assembleSandbox({ ...options, limits }, url);
  } catch (error) {
    gate.fail(error instanceof Error ? error : new Error(String(error)));
    await Promise.all([
      stopAfterAnswers(httpServer),
      tlsServer === undefined ? undefined : stopAfterAnswers(tlsServer),
    ]);
    throw error;
  }
  const { sandbox, serve } = assembled;
  gate.open(serve);

  const close = async (): Promise<void> => {
    await Promise.all([closeServer(httpServer), tlsServer === undefined ? undefined : closeServer(tlsServer)]);
    await sandbox.close();
  };
  return { ...sandbox, url, tlsUrl, certificate, close, [Symbol.asyncDispose]: close };
}

/** How long a failed start waits for the gate's answers to be written before it closes every connection. */
const FAILED_START_LINGER_MS = 1_000;

/** Stops a server after a failed start: no new connection; the gate's 503s (`Connection: close`) written first. */
function stopAfterAnswers(server: Server | HttpsServer): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), FAILED_START_LINGER_MS);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
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
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function formatHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}
