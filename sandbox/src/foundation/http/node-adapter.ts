/**
 * node:http and node:https in front of the web-standard core: each `IncomingMessage` becomes a `Request` (its URL
 * rebuilt from the Host header as RFC 9112 §3.3 says; a stand-in, `node-request.ts`, whose body is read from the
 * message on demand), the core's `Response` is written back, and the socket-level limits are the server's: at most
 * `maxConnections` connections (one more gets
 * 503 and is closed), headers and whole requests within their timeouts (408), headers within `maxHeaderBytes`
 * (431), a request-target that is no URL answered 400. These refusals come before any part sees the request, so
 * they are written here, as raw HTTP/1.1 with the API's OData error body.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { odataErrorBody, type ApiError, type HeaderRecord } from "./api-error.js";
import type { Connection, EntryPoint, PresentedCertificate } from "./connection.js";
import type { SandboxLimits } from "./limits.js";
import { requestOf } from "./node-request.js";
import { writtenForm } from "./responses.js";

export interface NodeAdapterOptions {
  readonly entryPoint: Extract<EntryPoint, "http" | "https">;
  readonly limits: SandboxLimits;
  /**
   * `host:port` the server listens at: the authority of a request without a Host header. A function, as the
   * adapter is attached before the server listens (a port of 0 is known only then).
   */
  readonly authority: () => string;
  readonly serve: (request: Request, connection: Connection) => Promise<Response>;
  /** The client certificate of a TLS connection (mTLS), for the https entry point. */
  readonly certificateOf?: (socket: TLSSocket) => PresentedCertificate | undefined;
}

/** The server options that carry the limits (node:http checks its timeouts every `connectionsCheckingInterval`). */
export function serverOptionsOf(limits: SandboxLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** A refused connection is destroyed this long after its 503 if the client does not close it. */
const REFUSED_LINGER_MS = 1_000;

/** Raw HTTP/1.1 refusal of a request no part has seen, and the end of its connection. */
function refuseRaw(socket: Socket, error: ApiError, headers: HeaderRecord = {}): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(odataErrorBody(error));
  const lines = Object.entries({
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ""}\r\n${lines.join("")}\r\n${body}`);
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

/** The parser's and the timeouts' errors (`clientError`), answered as Node would, with the API's error body. */
function clientErrorOf(error: Error & { code?: string }): ApiError | undefined {
  switch (error.code) {
    case "ECONNRESET":
      return undefined;
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "headers_too_large", message: "The request line and headers are too large." };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "request_timeout", message: "The request did not arrive in time." };
    default:
      return {
        status: 400,
        code: "bad_request",
        message: `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`,
      };
  }
}

/** RFC 9112 §3.2: a Host is `host[:port]`; anything else is a 400. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s/?#@\\[\]]+)(?::\d{1,5})?$/;

/** The request's URL (RFC 9112 §3.3): an absolute-form target as it is, else scheme + Host + target. */
function urlOf(message: IncomingMessage, scheme: string, authority: () => string): string | undefined {
  const target = message.url ?? "/";
  if (!target.startsWith("/")) return URL.canParse(target) ? target : undefined;
  const host = message.headers.host ?? authority();
  const url = `${scheme}://${host}${target}`;
  return HOST.test(host) && URL.canParse(url) ? url : undefined;
}

/**
 * Whether the connection must close after the answer: the rest of a body left unread is declared larger than any
 * body the sandbox takes. A smaller rest is read and dropped after the answer (Node does), so the connection stays
 * and the client, still sending, reads the answer instead of a reset; one that never ends meets requestTimeout.
 */
function mustClose(message: IncomingMessage, limits: SandboxLimits): boolean {
  if (message.complete || message.method === "GET" || message.method === "HEAD") return false;
  const length = message.headers["content-length"];
  return length !== undefined && Number(length) > limits.maxBodyBytes;
}

async function writeResponse(
  message: IncomingMessage,
  out: ServerResponse,
  response: Response,
  limits: SandboxLimits,
): Promise<void> {
  const closing: HeaderRecord = mustClose(message, limits) ? { connection: "close" } : {};
  const form = writtenForm(response);
  if (form !== undefined) {
    const text = form.text ?? "";
    out.writeHead(form.status, { ...form.headers, ...closing, "content-length": Buffer.byteLength(text) });
    out.end(text);
    return;
  }
  const headers: Record<string, string | string[]> = { ...closing };
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  out.writeHead(response.status, headers);
  if (response.body === null) {
    out.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!out.write(value)) await new Promise<void>((resolve) => out.once("drain", resolve));
  }
  out.end();
}

/** Makes `server` serve the core at `options.entryPoint`, with the limits the server options do not carry. */
export function serveNode(server: Server | HttpsServer, options: NodeAdapterOptions): void {
  const { entryPoint, limits, serve } = options;
  const scheme = entryPoint === "https" ? "https" : "http";
  const refused = new WeakSet<Socket>();
  let open = 0;
  // The cap counts TCP connections; over it, a plain-HTTP client gets a 503 (a TLS one cannot be answered before
  // its handshake, so it is closed).
  server.on("connection", (socket: Socket) => {
    if (open >= limits.maxConnections) {
      refused.add(socket);
      if (entryPoint === "https") socket.destroy();
      else
        refuseRaw(
          socket,
          {
            status: 503,
            code: "too_many_connections",
            message: `The sandbox serves at most ${limits.maxConnections} connections at once; try again after the Retry-After seconds.`,
          },
          { "retry-after": "1" },
        );
      return;
    }
    open += 1;
    socket.once("close", () => (open -= 1));
  });
  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    const refusal = refused.has(socket) ? undefined : clientErrorOf(error);
    // node:http sets the socket's response to null once it is finished, undefined before the first one.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
    // Bytes that are no request after one being answered (a GET's unframed body, RFC 9112 §6.3): that request is
    // answered first, then the connection closes, as what follows it cannot be read. A timeout is the in-flight
    // request's own: it is answered 408 at once.
    if (inFlight !== undefined && !inFlight.writableFinished && error.code !== "ERR_HTTP_REQUEST_TIMEOUT") {
      inFlight.shouldKeepAlive = false;
      inFlight.once("finish", () => socket.destroy());
      return;
    }
    if (refusal === undefined || inFlight?.headersSent === true) socket.destroy();
    else refuseRaw(socket, refusal);
  });
  server.on("request", (message: IncomingMessage, out: ServerResponse) => {
    if (refused.has(message.socket)) return;
    const url = urlOf(message, scheme, options.authority);
    if (url === undefined) {
      // RFC 9112 §3.2, §3.3: a target or Host from which no URL can be made is a 400.
      const error: ApiError = {
        status: 400,
        code: "bad_request",
        message: "The request-target or Host is not a valid URL.",
      };
      const body = JSON.stringify(odataErrorBody(error));
      out.writeHead(400, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        connection: "close",
      });
      out.end(body);
      return;
    }
    const certificate = entryPoint === "https" ? options.certificateOf?.(message.socket as TLSSocket) : undefined;
    serve(requestOf(message, url), { entryPoint, clientCertificate: certificate })
      .then((response) => writeResponse(message, out, response, limits))
      .catch(() => {
        if (out.headersSent) out.destroy();
        else out.writeHead(500, { "content-type": "text/plain" }).end("sandbox error");
      });
  });
}
