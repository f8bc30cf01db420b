/**
 * The README's section on what the client repeats, follows and reads, and where it stops: retries and their waits
 * (`Retry-After` included, and why a long one fails fast), the fresh token after a 401, redirects, the size of a
 * body, the pages of `.paginate(...)`, and secrets in errors. Defaults live in the option tables (from the runtime's
 * JSDoc, runtime-facts.ts); this text says what the settings do.
 */
import type { OperationModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import { call, packageName, pathArguments, settings } from "./snippets.js";

/** `read`: a GET the snippet makes (the featured list or keyed read). */
export function resilienceSection(read: OperationModel): string[] {
  return [
    "### Retries, redirects and limits",
    "",
    ...codeBlock([
      `import { createAccountFundsClient, RateLimitError } from "${packageName}";`,
      "",
      "const patient = createAccountFundsClient({",
      `  baseUrl: ${settings.baseUrl},`,
      "  tokenProvider: async () => process.env.ACCOUNT_FUNDS_TOKEN!,",
      "  maxRetries: 3, // GETs and the token request; never a command",
      "  timeoutMs: 10_000, // per attempt",
      "  retry: { baseDelayMs: 250, maxDelayMs: 4_000, maxRetryAfterMs: 30_000 },",
      "  maxRedirects: 2, // same-origin redirects of a GET",
      "  maxResponseBytes: 8 * 1024 * 1024,",
      "});",
      "try {",
      `  await ${call(read, pathArguments(read), "patient")};`,
      "} catch (error) {",
      "  // Retry-After longer than maxRetryAfterMs: thrown at once, with the server's wait, for you to schedule.",
      "  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) console.log(`again in ${error.retryAfterMs} ms`);",
      "  else throw error;",
      "}",
    ]),
    "**What is repeated.** GETs, and the token request (it changes no state: a second one only issues a second token),",
    "after a network failure, an attempt's timeout (`timeoutMs`, per attempt) or a 408, 429, 502, 503 or 504, at most",
    "`maxRetries` times (per call: `init.maxRetries`). **Never repeated: commands** (every POST to the API, creates",
    "included): a lost response does not mean a command was not executed, so a failed command is an error for you to",
    "check before sending it again. The one exception is a 401: the client fetches a fresh token once and sends the",
    "request again, commands included, since a 401 executed nothing. A token request that is refused (400) is not",
    "repeated either.",
    "",
    "**How long it waits.** Exponential backoff with full jitter: a random wait up to `retry.baseDelayMs` doubled per",
    "retry, at most `retry.maxDelayMs`. When the response says `Retry-After` (delay-seconds or an HTTP-date, RFC 9110",
    "§10.2.3), the client waits exactly that — up to `retry.maxRetryAfterMs`. **A longer `Retry-After` fails fast**: the",
    "error (an `ApiStatusError` such as `RateLimitError` or `ServerError`, or a `TokenRequestError`) is thrown at once,",
    "with `retryAfterMs` and the response's `headers`, and no retry. Stainless-generated SDKs (openai-node among them)",
    "honour a `Retry-After` under a minute and, past it, retry on their own backoff seconds later (the newest openai-node",
    "waits for any value, 999999999 s included); this client fails fast instead, because a server that asks for minutes",
    "(a rate limit, maintenance) is only asked again too early by a backoff, which can prolong a rate limit, and the",
    "caller — a job queue, a scheduler — is the right place to wait minutes, not a request held open. Every",
    "`ApiStatusError` and `TokenRequestError` carries `retryAfterMs` whenever the response had a usable `Retry-After`,",
    "retried or not. `signal` (per call) aborts a call, its retries and their waits; `retry.random` and `retry.sleep`",
    "replace the jitter's randomness and the wait itself (for tests). `timeoutMs: 0` and `maxRetries: 0` turn each off.",
    "",
    '**Redirects.** Requests go with `redirect: "manual"`. A command answered by any 3xx is a `RedirectError`: never',
    "sent again elsewhere, never reported as created; it may or may not have been executed (a 303 usually means it was),",
    "so check before sending it again. A GET follows a redirect (301, 302, 303, 307, 308) to the API's own origin, at",
    "most `maxRedirects` times, with its token; a redirect to another origin is a `RedirectError` (`cross_origin_redirect`):",
    "the access token is never sent elsewhere. The token request follows no redirect.",
    "",
    "**Sizes and pages.** A response body larger than `maxResponseBytes` (per call too) is a `ResponseTooLargeError`: a",
    "`Content-Length` above the limit stops it before a byte is read, else the bytes are counted as they arrive and the",
    "connection is dropped as soon as they pass it: a huge or endless body is never held whole, only the limit and",
    "the chunks in flight (a 200 MB body against the default 32 MiB peaked at about 45 MB of buffers).",
    "`.paginate(...)` follows at most `maxPages` pages (its last argument), then throws a `PagingError`",
    "(`too_many_pages`) after yielding every entity of the pages it read; it never follows a next link to another",
    "origin, nor back to a page it read.",
    "",
    "**Secrets.** No error, hook payload or `toJSON()` holds a secret: the client secret, the password and every access",
    "token the client has received, for its whole life (it keeps them, about a kilobyte each), are replaced by",
    "`[REDACTED]` wherever a server echoes them (raw, URL-, form-, JSON- or HTML-escaped), and so is anything shaped like",
    "one (`Bearer …`, a JWT, `password=…`).",
    "A token that is no valid header value (a control character, a character outside ASCII) is never sent: a",
    "`TokenRequestError` (`invalid_token`) says what is wrong with it, never what it is.",
    "",
  ];
}
