/**
 * The base URL a client reached the sandbox at: what `@odata.context`, `@odata.nextLink`, `Location` and webhook
 * `ApiUrl`s start with, so that they point where the client can follow them (the generated client refuses a next
 * link to another origin). In order:
 *
 * 1. `publicUrl` when configured: scheme, host and an optional path prefix, for a proxy that mounts the sandbox
 *    somewhere else (`https://gateway.example.com/sandbox`);
 * 2. with `trustProxy`, the host and scheme a reverse proxy forwards (`forwarded.ts`); a value that is not a
 *    plain host or http(s) is ignored. Only turn it on when every request comes through proxies you run: any client
 *    that reaches the sandbox directly can send these headers;
 * 3. the request's own URL: the Host it was sent to (RFC 9112 §3.3), or the in-process fetch's URL.
 */
import { forwardedOrigin } from "./forwarded.js";

export interface PublicBasePolicy {
  /** The fixed public base URL (no trailing slash), or undefined. */
  readonly publicUrl: string | undefined;
  /** Believe `Forwarded` / `X-Forwarded-Host` / `X-Forwarded-Proto`. */
  readonly trustProxy: boolean;
}

/** `text` as a public base URL (http or https, no query or fragment), without a trailing slash; throws otherwise. */
export function normalisePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`publicUrl must be an absolute http or https URL, got ${JSON.stringify(text)}`);
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.search !== "" ||
    url.hash !== "" ||
    url.username !== ""
  )
    throw new TypeError(
      `publicUrl must be an http or https URL without credentials, query or fragment, got ${JSON.stringify(text)}`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The origin of `scheme://host` when `host` is a plain `host[:port]` (no user, path or query); else undefined. */
function originOf(scheme: string, host: string): string | undefined {
  if (host === "" || /[/?#@\\\s]/.test(host)) return undefined;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

export function publicBaseOf(request: Request, url: URL, policy: PublicBasePolicy): string {
  if (policy.publicUrl !== undefined) return policy.publicUrl;
  if (!policy.trustProxy) return url.origin;
  const forwarded = forwardedOrigin(request.headers);
  const proto = forwarded.proto?.toLowerCase();
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.slice(0, -1);
  return originOf(scheme, forwarded.host ?? url.host) ?? originOf(scheme, url.host) ?? url.origin;
}
