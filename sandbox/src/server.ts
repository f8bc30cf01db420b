/**
 * Starts the sandbox: the API, `/connect/token` and the control API `/_sandbox/` over HTTP (default
 * http://127.0.0.1:4010), and both token endpoints (`/connect/mtls/token`, `/connect/token`) over HTTPS with a
 * self-signed certificate made at start-up (default https://127.0.0.1:4443, the spec's `{auth_url}`). Pure wiring: the servers listen, the core (`sandbox.ts`, on web-standard
 * Request/Response) is assembled with their URL, and the node adapter (`http/node-adapter.ts`) puts one in front of
 * the other.
 */
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createServerCertificate, type ServerCertificate } from "./auth/index.js";
import { peerCertificateOf } from "./auth/thumbprint.js";
import { completeLimits } from "./http/limits.js";
import { serveNode, serverOptionsOf } from "./http/node-adapter.js";
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
  const httpServer = createServer(serverOptionsOf(limits));
  await listen(httpServer, options.port ?? 4010, host);
  const authority = `${formatHost(host)}:${(httpServer.address() as AddressInfo).port}`;
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
      await listen(tlsServer, options.tlsPort ?? 4443, host);
      tlsUrl = `https://${formatHost(host)}:${(tlsServer.address() as AddressInfo).port}`;
    }
    // Nothing is served before the core stands: a data file it cannot use stops the start here.
    assembled = await assembleSandbox({ ...options, limits }, url);
  } catch (error) {
    await Promise.all([closeServer(httpServer), tlsServer === undefined ? undefined : closeServer(tlsServer)]);
    throw error;
  }
  const { sandbox, serve } = assembled;
  serveNode(httpServer, { door: "http", limits, authority, serve });
  if (tlsServer !== undefined && tlsUrl !== undefined) {
    serveNode(tlsServer, {
      door: "https",
      limits,
      authority: new URL(tlsUrl).host,
      serve,
      certificateOf: (socket) => peerCertificateOf(socket.getPeerCertificate()),
    });
  }

  const close = async (): Promise<void> => {
    await Promise.all([closeServer(httpServer), tlsServer === undefined ? undefined : closeServer(tlsServer)]);
    await sandbox.close();
  };
  return { ...sandbox, url, tlsUrl, certificate, close, [Symbol.asyncDispose]: close };
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
