/**
 * The socket-level limits of `startSandbox`'s servers, with real sockets and small limits: connections, slow
 * headers, slow bodies, slow whole requests, oversized headers, unparsable request-targets and large bodies in
 * flight. Each refusal is a status the spec declares, with the API's error body, and a closed connection.
 * @module-tag node-lines: node:http's sockets, timeouts and parser.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../../src/assembly/server.js";

let sandbox: Sandbox;
let port: number;
let token: string;

const LIMITS = {
  maxConnections: 4,
  headersTimeoutMs: 400,
  requestTimeoutMs: 1_200,
  bodyIdleTimeoutMs: 300,
  maxHeaderBytes: 4_096,
  maxLargeBodies: 1,
  largeBodyBytes: 2_048,
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, tlsPort: false, validateResponses: true, limits: LIMITS });
  port = Number(new URL(sandbox.url).port);
  const response = await sandbox.fetch(`${sandbox.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=password&scope=serviceFXAPI&client_id=sandbox-client&client_secret=sandbox-secret&username=demo%40example.com&password=demo-password",
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => sandbox.close());

interface Exchange {
  readonly socket: Socket;
  /** The server's first response, once it arrived whole; `closed` when the server closed the connection after it. */
  readonly reply: Promise<{ readonly text: string; readonly closed: boolean; readonly afterMs: number }>;
}

/**
 * Opens a connection and sends `text` (nothing when empty). The reply is read until a whole response arrived and
 * then for 50 ms more (to see whether the server closes the connection), or until `waitMs` passes.
 */
function open(text = "", waitMs = 5_000): Exchange {
  const socket = connect(port, "127.0.0.1");
  const started = Date.now();
  if (text !== "") socket.write(text);
  const reply = new Promise<{ text: string; closed: boolean; afterMs: number }>((resolve) => {
    let received = "";
    let answeredAfter: number | undefined;
    const finish = (): void => {
      socket.destroy();
      resolve({ text: received, closed: false, afterMs: answeredAfter ?? Date.now() - started });
    };
    let timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const headEnd = received.indexOf("\r\n\r\n");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1] ?? Number.NaN);
      if (answeredAfter === undefined && headEnd !== -1 && received.length >= headEnd + 4 + length) {
        answeredAfter = Date.now() - started;
        clearTimeout(timer);
        timer = setTimeout(finish, 50);
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text: received, closed: true, afterMs: answeredAfter ?? Date.now() - started });
    });
  });
  return { socket, reply };
}

const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const errorCodeOf = (text: string): string | undefined =>
  (JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { error?: { code?: string } }).error?.code;

const createAlert = (length: number): string =>
  `POST /api/v1/Alerts/Create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("the servers' resource limits", () => {
  it("refuses a connection over maxConnections with 503 and Retry-After, and serves again once one closes", async () => {
    const held = Array.from({ length: LIMITS.maxConnections }, () => open("", 3_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = await open("GET /api/v1/Accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").reply;
    expect(statusOf(extra.text)).toBe(503);
    expect(extra.text).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(errorCodeOf(extra.text)).toBe("too_many_connections");
    expect(extra.closed).toBe(true);
    for (const connection of held) connection.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open("GET /api/v1/Accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").reply;
    expect(statusOf(again.text)).toBe(401);
  });

  it("answers 408 and closes a connection whose headers do not arrive within headersTimeout (slowloris)", async () => {
    const { reply } = open("GET /api/v1/Accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    const { text, closed, afterMs } = await reply;
    expect(statusOf(text)).toBe(408);
    expect(errorCodeOf(text)).toBe("request_timeout");
    expect(closed).toBe(true);
    expect(afterMs).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
  });

  it("answers 408 and closes the connection when a body stops arriving for bodyIdleTimeout", async () => {
    const { reply } = open(`${createAlert(100)}{"SourceCurrencyCode":`);
    const { text, closed } = await reply;
    expect(statusOf(text)).toBe(408);
    expect(errorCodeOf(text)).toBe("body_timeout");
    expect(closed).toBe(true);
  });

  it("answers 408 when a body trickles in but the whole request takes longer than requestTimeout", async () => {
    const { socket, reply } = open(createAlert(200));
    const drip = setInterval(() => socket.writable && socket.write(" "), 100);
    const { text, closed, afterMs } = await reply;
    clearInterval(drip);
    expect(statusOf(text)).toBe(408);
    expect(closed).toBe(true);
    expect(afterMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 100);
  });

  it("answers 431 to headers over maxHeaderBytes", async () => {
    const { text, closed } = await open(
      `GET /api/v1/Accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(5_000)}\r\n\r\n`,
    ).reply;
    expect(statusOf(text)).toBe(431);
    expect(errorCodeOf(text)).toBe("headers_too_large");
    expect(closed).toBe(true);
  });

  it("answers 400 to a request-target or Host from which no URL can be made", async () => {
    for (const request of [
      "GET http://[::1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      "GET /api/v1/Accounts HTTP/1.1\r\nHost: a/b\r\n\r\n",
    ]) {
      const { text } = await open(request).reply;
      expect(statusOf(text), request).toBe(400);
      expect(errorCodeOf(text)).toBe("bad_request");
    }
  });

  it("answers a request followed by bytes that are no request (a GET's unframed body), then closes", async () => {
    const { text, closed } = await open(
      "GET /connect/token HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\ngrant_type=password&scope=x",
    ).reply;
    expect(statusOf(text)).toBe(405);
    expect(text).toMatch(/\r\nallow: POST\r\n/i);
    expect(closed).toBe(true);
  });

  it("reads one large body at a time with maxLargeBodies 1: another gets 503 with Retry-After, later ones are read", async () => {
    const first = open(`${createAlert(3_000)}${" ".repeat(1_000)}`);
    // The first body keeps arriving (within the idle timeout) while the second is refused.
    let sent = 1_000;
    const drip = setInterval(() => {
      first.socket.write(" ");
      sent += 1;
    }, 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await open(`${createAlert(3_000)}${" ".repeat(3_000)}`).reply;
    clearInterval(drip);
    expect(statusOf(second.text)).toBe(503);
    expect(errorCodeOf(second.text)).toBe("server_busy");
    expect(second.text).toMatch(/\r\nretry-after: 1\r\n/i);
    first.socket.write(`${" ".repeat(3_000 - sent - 2)}{}`);
    const done = await first.reply;
    expect(statusOf(done.text)).toBe(400); // {} is not a valid CreateAlertRequest: read and checked
    const third = await open(`${createAlert(3_000)}${" ".repeat(2_998)}{}`, 3_000).reply;
    expect(statusOf(third.text)).toBe(400);
  });
});
