/**
 * The `Request` the node:http adapter hands the core for an `IncomingMessage`: a stand-in (`deferred.ts`) that
 * answers `method`, `url`, `headers` and `body` from the message itself, the body stream made only when it is
 * asked for, and the real `Request` only if another member is used. The body reader reads such a request's body
 * straight from the message (`bodySourceOf`).
 */
import type { IncomingMessage } from "node:http";
import { messageSource, streamSource, type BodySource } from "./body-source.js";
import { deferredPrototype } from "./deferred.js";

const MESSAGE = Symbol("incoming message");
const URL_TEXT = Symbol("url");
const HEADERS = Symbol("headers");
const BODY = Symbol("body stream");
const READING = Symbol("body read from the message");
const REAL = Symbol("real request");
const HAS_BODY = Symbol("has a body");

interface Stand {
  readonly [MESSAGE]: IncomingMessage;
  readonly [URL_TEXT]: string;
  /** Whether the message has a body fetch's `Request` can carry (not on GET or HEAD, RFC 9110 §9.3.1). */
  readonly [HAS_BODY]: boolean;
  [HEADERS]?: Headers;
  [BODY]?: ReadableStream<Uint8Array> | null;
  [READING]?: boolean;
  [REAL]?: Request;
}

/** fetch's `Request` refuses these methods; a real one is made under this name, so its resource answers 405. */
const UNREPRESENTABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function headersOf(stand: Stand): Headers {
  if (stand[HEADERS] !== undefined) return stand[HEADERS];
  const headers = new Headers();
  const raw = stand[MESSAGE].rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return (stand[HEADERS] = headers);
}

function bodyStreamOf(stand: Stand): ReadableStream<Uint8Array> | null {
  if (stand[BODY] !== undefined) return stand[BODY];
  if (!stand[HAS_BODY] || stand[READING] === true) return (stand[BODY] = null);
  const source = messageSource(stand[MESSAGE]);
  return (stand[BODY] = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await source.next();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
      cancel: () => source.stop(),
    },
    { highWaterMark: 0 },
  ));
}

const realRequest = (self: object): Request => {
  const stand = self as Stand;
  const method = stand[MESSAGE].method ?? "GET";
  const body = bodyStreamOf(stand);
  stand[REAL] ??= new Request(stand[URL_TEXT], {
    method: UNREPRESENTABLE_METHODS.has(method) ? `UNSUPPORTED-${method}` : method,
    headers: headersOf(stand),
    ...(body === null ? {} : { body, duplex: "half" }),
  } as RequestInit);
  return stand[REAL];
};

const standPrototype = deferredPrototype(Request, realRequest, {
  method: {
    get(this: Stand) {
      return this[MESSAGE].method ?? "GET";
    },
  },
  url: {
    get(this: Stand) {
      return this[URL_TEXT];
    },
  },
  headers: {
    get(this: Stand) {
      return headersOf(this);
    },
  },
  body: {
    get(this: Stand) {
      return bodyStreamOf(this);
    },
  },
});

/** The request of `message` at `url` (already checked to be a URL). */
export function requestOf(message: IncomingMessage, url: string): Request {
  const method = message.method ?? "GET";
  const length = message.headers["content-length"];
  const hasBody =
    method !== "GET" &&
    method !== "HEAD" &&
    (length === undefined ? message.headers["transfer-encoding"] !== undefined : length !== "0");
  const request: Request & Stand = Object.create(standPrototype);
  Object.defineProperties(request, {
    [MESSAGE]: { value: message },
    [URL_TEXT]: { value: url },
    [HAS_BODY]: { value: hasBody },
  });
  return request;
}

/**
 * Where to read a request's body from: the message itself when the adapter made the request and nobody asked for
 * its stream yet, else its stream; undefined when it has none.
 */
export function bodySourceOf(request: Request): BodySource | undefined {
  const stand = request as Partial<Stand>;
  const message = stand[MESSAGE];
  if (message !== undefined && stand[BODY] === undefined) {
    if (stand[HAS_BODY] !== true) return undefined;
    stand[READING] = true;
    return messageSource(message);
  }
  return request.body === null ? undefined : streamSource(request.body);
}

/** Leaves a request's body unread: the adapter drops it or closes the connection (a stream is cancelled). */
export function discardBody(request: Request): void {
  const stand = request as Partial<Stand>;
  if (stand[MESSAGE] !== undefined && stand[BODY] === undefined) return;
  void request.body?.cancel().catch(() => undefined);
}
