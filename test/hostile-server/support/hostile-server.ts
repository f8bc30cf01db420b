/**
 * A hostile server for the client tests: a real `node:http` server on an ephemeral port whose answers a test writes
 * by hand (redirects anywhere, bodies without end, echoes of what it was sent), recording every request and the bytes
 * it managed to write per response — so a test can say how much the client read without timing anything.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HostileRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

/** Writes the answer; may stream, never end, or destroy the socket. */
export type HostileHandler = (request: HostileRequest, response: ServerResponse) => unknown;

export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The same server under another origin: `http://localhost:<port>`. */
  readonly otherOriginUrl: string;
  readonly requests: HostileRequest[];
  /** Bytes written to the sockets of finished or closed responses, in order. */
  readonly bytesWritten: number[];
  /** Routes by `METHOD /path`; `*` answers what no route does. */
  on(route: string, handler: HostileHandler): this;
  close(): Promise<void>;
}

export async function startHostileServer(options: { readonly maxHeaderSize?: number } = {}): Promise<HostileServer> {
  const routes = new Map<string, HostileHandler>();
  const requests: HostileRequest[] = [];
  const bytesWritten: number[] = [];
  const server = createServer({ maxHeaderSize: options.maxHeaderSize ?? 256 * 1024 }, (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: HostileRequest = {
        method: incoming.method ?? "GET",
        url: new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      const socket = incoming.socket;
      const before = socket.bytesWritten;
      outgoing.once("close", () => bytesWritten.push(socket.bytesWritten - before));
      const handler = routes.get(`${request.method} ${request.url.pathname}`) ?? routes.get("*");
      if (handler === undefined) {
        outgoing.writeHead(404, { "content-type": "text/plain" }).end("no route");
        return;
      }
      Promise.resolve(handler(request, outgoing)).catch(() => outgoing.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const hostile: HostileServer = {
    url: `http://127.0.0.1:${port}`,
    otherOriginUrl: `http://localhost:${port}`,
    requests,
    bytesWritten,
    on(route, handler) {
      routes.set(route, handler);
      return hostile;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return hostile;
}

/** A token endpoint that issues `tokens` in turn (the last one again when they run out). */
export function tokenService(tokens: readonly string[]): HostileHandler {
  let issued = 0;
  return (_request, response) => {
    const token = tokens[Math.min(issued, tokens.length - 1)];
    issued += 1;
    response
      .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
      .end(JSON.stringify({ access_token: token, expires_in: 900, token_type: "Bearer", scope: "serviceFXAPI" }));
  };
}

/** Writes `chunk` again and again, up to `total` bytes (Infinity: forever), respecting backpressure. */
export function stream(response: ServerResponse, chunk: Buffer, total: number): void {
  let sent = 0;
  const pump = (): void => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) {
        response.once("drain", pump);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  pump();
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}
