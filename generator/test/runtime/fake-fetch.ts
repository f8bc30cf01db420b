/**
 * An in-process HTTP fake for the client: routes by method and path pattern, records every request (headers, body
 * text) and honours the request's AbortSignal, so tests never touch the network and never really wait.
 */
import type { FetchLike } from "../../runtime/options/client-options.js";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly search: URLSearchParams;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly init: unknown;
  /** What aborts the request, as fetch takes it: init's signal, else the request's. */
  readonly signal: AbortSignal;
}

export type Handler = (request: RecordedRequest, raw: Request) => Response | Promise<Response>;

interface Route {
  readonly method: string;
  readonly pattern: RegExp | string;
  readonly handler: Handler;
}

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: Route[] = [];

  /** Adds a route; `pattern` is a path (exact match) or a RegExp tested against path + query. Later routes win. */
  on(method: string, pattern: RegExp | string, handler: Handler): this {
    this.#routes.unshift({ method: method.toUpperCase(), pattern, handler });
    return this;
  }

  /** Requests for one path (and method). */
  to(path: string, method?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.path === path && (method === undefined || request.method === method.toUpperCase()),
    );
  }

  readonly fetch: FetchLike = async (raw, init) => {
    const url = new URL(raw.url);
    const bytes = new Uint8Array(await raw.clone().arrayBuffer());
    const recorded: RecordedRequest = {
      method: raw.method,
      url: raw.url,
      path: decodeURIComponent(url.pathname),
      search: url.searchParams,
      headers: Object.fromEntries(raw.headers.entries()),
      body: new TextDecoder().decode(bytes),
      bytes,
      init,
      signal: init?.signal ?? raw.signal,
    };
    this.requests.push(recorded);
    const route = this.#routes.find(
      (candidate) =>
        candidate.method === raw.method &&
        (typeof candidate.pattern === "string"
          ? candidate.pattern === recorded.path
          : candidate.pattern.test(recorded.path + url.search)),
    );
    if (!route)
      return json(599, { error: { code: "NoRoute", message: `no route for ${raw.method} ${recorded.path}` } });
    return abortable(recorded.signal, Promise.resolve(route.handler(recorded, raw)));
  };
}

/** Rejects like fetch does when the signal aborts before the handler answers. */
function abortable(signal: AbortSignal, response: Promise<Response>): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    response.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

export function odataError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** A handler that never answers (until the request is aborted). */
export function hang(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

export function tokenResponse(token: string, expiresIn = 900): Response {
  return json(200, { access_token: token, expires_in: expiresIn, token_type: "Bearer", scope: "serviceFXAPI" });
}

/** Lets queued promise callbacks run (no timers involved). */
export async function flush(rounds = 10): Promise<void> {
  for (let index = 0; index < rounds; index++) await Promise.resolve();
}
