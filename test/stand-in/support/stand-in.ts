/**
 * A stand-in for the real API (not the sandbox): a small HTTP server, on a port of the system's choosing, that
 * answers what a real ASP.NET Core OData API and the gateway before it plausibly send where the reference says "not
 * shown" — 201s without a body or with `{}`, ProblemDetails, HTML error pages with an HTTP-date `Retry-After`, empty
 * 401s and 408s, unknown 5xx, ISO 8601 date-times in every form — as the case table (cases.ts) says. It also
 * delivers webhooks: mixed deliveries POSTed to a receiver. Every answer carries the headers such a stack adds
 * (`OData-Version`, `Server`, `X-Powered-By`, `Request-Context`), and URLs it writes are built from the request's
 * own host (`X-Forwarded-Host` first), as a gateway-aware service writes them.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the stand-in received it. */
export interface StandInRequest {
  readonly method: string;
  /** The path, percent-decoded, without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
  /** `http://host:port` as the client sees the service. */
  readonly origin: string;
  /** How many requests the stand-in had for this method and path before this one. */
  readonly seen: number;
}

/** What the stand-in answers: a status, headers, and a body as text (JSON is given already serialised). */
export interface StandInAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A route: the first whose method, path and `matches` fit answers. */
export interface StandInRoute {
  readonly method: string;
  readonly path: string;
  readonly matches?: (request: StandInRequest) => boolean;
  readonly answer: (request: StandInRequest) => StandInAnswer;
}

export interface StandIn {
  readonly url: string;
  readonly requests: StandInRequest[];
  /** Requests for one method and path. */
  to(method: string, path: string): StandInRequest[];
  close(): Promise<void>;
}

/** The headers an ASP.NET Core service behind IIS or a gateway adds to every answer. */
const STACK_HEADERS: Readonly<Record<string, string>> = {
  server: "Microsoft-IIS/10.0",
  "x-powered-by": "ASP.NET",
  "request-context": "appId=cid-v1:00000000-0000-0000-0000-000000000000",
};

export const ODATA_JSON = "application/json; odata.metadata=minimal; odata.streaming=true; charset=utf-8";

export function odataJson(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): StandInAnswer {
  return {
    status,
    headers: { "content-type": ODATA_JSON, "odata-version": "4.0", ...headers },
    body: JSON.stringify(body),
  };
}

export function html(status: number, title: string, headers: Readonly<Record<string, string>> = {}): StandInAnswer {
  const page = `<!DOCTYPE html>\r\n<html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:sans-serif}</style></head><body><h1>${title}</h1><p>The gateway could not complete the request.</p><hr><address>nginx</address></body></html>`;
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...headers }, body: page };
}

export async function startStandIn(routes: readonly StandInRoute[]): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://stand-in.invalid");
      const host = String(incoming.headers["x-forwarded-host"] ?? incoming.headers.host ?? "stand-in.invalid");
      const path = safeDecode(url.pathname);
      const key = `${incoming.method} ${path}`;
      const seen = counts.get(key) ?? 0;
      counts.set(key, seen + 1);
      const request: StandInRequest = {
        method: incoming.method ?? "GET",
        path,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        origin: `http://${host}`,
        seen,
      };
      requests.push(request);
      const route = routes.find(
        (candidate) =>
          candidate.method === request.method &&
          candidate.path === request.path &&
          (candidate.matches === undefined || candidate.matches(request)),
      );
      const answer: StandInAnswer = route?.answer(request) ?? {
        status: 404,
        headers: { "content-type": "application/problem+json; charset=utf-8" },
        body: JSON.stringify({
          type: "about:blank",
          title: "Not Found",
          status: 404,
          detail: `No stand-in route for ${key}`,
        }),
      };
      const body = answer.body ?? "";
      outgoing.writeHead(answer.status, {
        ...STACK_HEADERS,
        date: new Date().toUTCString(),
        "content-length": String(Buffer.byteLength(body)),
        ...answer.headers,
      });
      outgoing.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
