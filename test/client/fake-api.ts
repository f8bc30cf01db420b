/**
 * An in-process stand-in for the API and its token service, for the generated client: routes by method and
 * path, records requests, honours the request's signal, and issues numbered tokens.
 */
import type { FetchLike } from "../../generated/src/index.js";

export interface Recorded {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer>;
  readonly text: string;
}

type Handler = (request: Recorded) => Response | Promise<Response>;

export class FakeApi {
  readonly requests: Recorded[] = [];
  tokensIssued = 0;
  readonly #routes: { method: string; match: (path: string) => boolean; handler: Handler }[] = [];

  constructor() {
    this.on("POST", "/connect/token", () => this.token());
    this.on("POST", "/connect/mtls/token", () => this.token());
  }

  token(): Response {
    this.tokensIssued += 1;
    return json(200, {
      access_token: `token-${this.tokensIssued}`,
      expires_in: 900,
      token_type: "Bearer",
      scope: "serviceFXAPI",
    });
  }

  /** Later routes win. `path` is matched against the decoded path, or tested as a RegExp. */
  on(method: string, path: string | RegExp, handler: Handler): this {
    const match =
      typeof path === "string"
        ? (candidate: string) => candidate === path
        : (candidate: string) => path.test(candidate);
    this.#routes.unshift({ method, match, handler });
    return this;
  }

  to(path: string): Recorded[] {
    return this.requests.filter((request) => decodeURIComponent(request.url.pathname) === path);
  }

  readonly fetch: FetchLike = async (request, init) => {
    const body = new Uint8Array(await request.clone().arrayBuffer());
    const recorded: Recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body,
      text: new TextDecoder().decode(body),
    };
    this.requests.push(recorded);
    const path = decodeURIComponent(recorded.url.pathname);
    const route = this.#routes.find((candidate) => candidate.method === request.method && candidate.match(path));
    const answer = route
      ? Promise.resolve(route.handler(recorded))
      : Promise.resolve(json(500, { error: { code: "NoRoute", message: path } }));
    // As fetch does: init's signal, else the request's.
    const signal = init?.signal ?? request.signal;
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function odataError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

export const BASE_URL = "https://api.example.test";
export const AUTH_URL = "https://auth.example.test";
export const credentials = {
  clientId: "integration-client",
  clientSecret: "client-secret-0123456789",
  username: "service@example.com",
  password: "user-password-0123456789",
};
