/**
 * Redirects, decided by the client and not by `fetch` (requests go with `redirect: "manual"`): `fetch` would re-send
 * a command's body on a 307 or 308, turn it into a GET on the others, and follow any origin. Here a command (any
 * method but GET and HEAD) is never followed — the answer is a `RedirectError` that says whether it may have been
 * executed; a GET follows a redirect (301, 302, 303, 307, 308) only to its own origin, at most `maxRedirects` times,
 * with the same headers (the bearer token included: same origin). A browser hides a manual redirect's target
 * (`opaqueredirect`, status 0): it is never followed.
 */
import { RedirectError, type RequestSummary, type ResponseErrorInit } from "../errors/errors.js";

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Same-origin redirects a GET follows by default (fetch's own limit is 20; a sane API needs one or two). */
export const DEFAULT_MAX_REDIRECTS = 5;

/** Why a redirect was not followed. */
export type RedirectRefusal = "command" | "cross_origin" | "too_many" | "no_location" | "hidden";

export type RedirectVerdict =
  | { readonly follow: true; readonly url: string }
  | { readonly follow: false; readonly refusal: RedirectRefusal; readonly location?: string };

/** Whether a response is a redirect the client must decide on (a browser's opaque redirect included). */
export function isRedirect(response: Response): boolean {
  return REDIRECT_STATUSES.has(response.status) || response.type === "opaqueredirect";
}

/** What to do with a redirect of `method` to `url`, after `followed` redirects already taken. */
export function redirectVerdict(
  method: string,
  response: Response,
  url: string,
  followed: number,
  maxRedirects: number,
): RedirectVerdict {
  if (response.type === "opaqueredirect") return { follow: false, refusal: "hidden" };
  const header = response.headers.get("location");
  let target: URL | undefined;
  try {
    target = header === null || header.trim() === "" ? undefined : new URL(header.trim(), url);
  } catch {
    target = undefined;
  }
  const location = target?.href ?? (header?.trim() || undefined);
  const refused = (refusal: RedirectRefusal): RedirectVerdict =>
    location === undefined ? { follow: false, refusal } : { follow: false, refusal, location };
  if (method !== "GET" && method !== "HEAD") return refused("command");
  if (target === undefined || (target.protocol !== "https:" && target.protocol !== "http:"))
    return refused("no_location");
  if (target.origin !== new URL(url).origin) return refused("cross_origin");
  if (followed >= maxRedirects) return refused("too_many");
  // A fragment is the client's own: never sent.
  target.hash = "";
  return { follow: true, url: target.href };
}

const CODES = {
  command: "redirect_not_followed",
  no_location: "redirect_not_followed",
  hidden: "redirect_not_followed",
  cross_origin: "cross_origin_redirect",
  too_many: "too_many_redirects",
} as const satisfies Record<RedirectRefusal, RedirectError["code"]>;

/** The `RedirectError` for a refused redirect; `location` and everything in `init` already redacted. */
export function redirectError(
  refusal: RedirectRefusal,
  init: Omit<ResponseErrorInit, "message" | "code"> & {
    readonly status: number;
    readonly request: RequestSummary;
    readonly location: string | undefined;
    readonly maxRedirects: number;
  },
): RedirectError {
  const { status, request, location, maxRedirects, ...rest } = init;
  const to = location === undefined ? "" : ` to ${location}`;
  const reasons: Record<RedirectRefusal, string> = {
    command: `${status} redirect${to} not followed: a command is never sent again elsewhere, nor reported as done; whether it was executed is unknown, so check before sending it again`,
    no_location: `${status} redirect without a usable Location${location === undefined ? "" : ` (${location})`}`,
    hidden: "redirect not followed (the browser hides its target)",
    cross_origin: `${status} redirect${to} not followed: it leaves the API's origin, and the access token stays with the API`,
    too_many: `${status} redirect${to} not followed: more than ${maxRedirects} redirects`,
  };
  return new RedirectError({
    ...rest,
    status,
    request,
    location,
    message: `${reasons[refusal]} (${request.method} ${request.url})`,
    code: CODES[refusal],
  });
}
