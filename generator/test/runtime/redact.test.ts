import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AccountFundsError } from "../../runtime/errors.js";
import { REDACTED, createRedactor } from "../../runtime/redact.js";
import { json } from "./fake-fetch.js";
import { harness } from "./harness.js";

describe("redactor", () => {
  it("replaces sensitive fields by name, deeply", () => {
    const redactor = createRedactor();
    expect(
      redactor.value({
        access_token: "abc",
        nested: [{ Password: "x", client_secret: "y", keep: "z" }],
        Authorization: "Bearer q",
      }),
    ).toEqual({
      access_token: REDACTED,
      nested: [{ Password: REDACTED, client_secret: REDACTED, keep: "z" }],
      Authorization: REDACTED,
    });
  });

  it("replaces known secrets by value: raw, percent-encoded, form-encoded and JSON-escaped", () => {
    const secret = 'p@ss w0rd/"x"';
    const redactor = createRedactor([secret]);
    expect(redactor.string(`a ${secret} b`)).toBe(`a ${REDACTED} b`);
    expect(redactor.string(`a ${encodeURIComponent(secret)} b`)).toBe(`a ${REDACTED} b`);
    expect(redactor.string(`password=${new URLSearchParams({ s: secret }).toString().slice(2)}`)).toBe(
      `password=${REDACTED}`,
    );
    expect(redactor.string(JSON.stringify({ m: secret }))).toBe(`{"m":"${REDACTED}"}`);
  });

  it("learns access tokens as they are issued", () => {
    const redactor = createRedactor();
    expect(redactor.string("token eyJhbGciOi")).toBe("token eyJhbGciOi");
    redactor.addSecret("eyJhbGciOi");
    expect(redactor.string("token eyJhbGciOi")).toBe(`token ${REDACTED}`);
  });

  it("redacts headers and URLs", () => {
    const redactor = createRedactor();
    expect(redactor.headers(new Headers({ Authorization: "Bearer x", "X-Id": "1" }))).toEqual({
      authorization: REDACTED,
      "x-id": "1",
    });
    expect(redactor.url("https://user:pw@api.test/x?token=abc&a=1")).toBe(`https://api.test/x?token=${REDACTED}&a=1`);
    expect(redactor.url("https://api.test/Accounts(1)?$top=1")).toBe("https://api.test/Accounts(1)?$top=1");
  });

  it("survives cycles", () => {
    const value: Record<string, unknown> = { a: 1 };
    value["self"] = value;
    expect(createRedactor().value(value)).toEqual({ a: 1, self: "[Circular]" });
  });
});

const secretArbitrary = fc
  .string({ minLength: 12, maxLength: 40, unit: "grapheme-ascii" })
  .filter((text) => text.trim().length >= 12);

describe("secrets never leak (property)", () => {
  it("from errors, their JSON and hook payloads, whatever the server echoes", async () => {
    await fc.assert(
      fc.asyncProperty(secretArbitrary, secretArbitrary, secretArbitrary, async (clientSecret, password, token) => {
        fc.pre(new Set([clientSecret, password, token]).size === 3);
        const payloads: unknown[] = [];
        const record = (info: unknown): void => void payloads.push(info);
        const { server, client } = harness({
          auth: { credentials: { clientId: "c", clientSecret, username: "u@example.com", password } },
          hooks: { onRequest: record, onResponse: record, onRetry: record, onError: record },
          maxRetries: 1,
        });
        const echo = `secret=${clientSecret} password=${password} token=${token} ${encodeURIComponent(password)}`;
        server.on("POST", "/connect/token", () =>
          json(200, { access_token: token, expires_in: 900, token_type: "Bearer", scope: "s" }),
        );
        server.on("GET", "/api/v1/Accounts(1)", (request) =>
          json(
            503,
            {
              error: {
                code: "Echo",
                message: `${echo} ${request.headers["authorization"]}`,
                innererror: { access_token: token, password },
              },
            },
            {
              "x-echo": echo,
            },
          ),
        );
        server.on("POST", "/api/v1/Transfers/1/Approve", () => new Response(echo, { status: 400 }));

        const errors = [
          await client.accounts.getAccount(1).catch((error: unknown) => error),
          await client.transfers.approveTransfer(1).catch((error: unknown) => error),
        ];
        for (const error of errors) {
          expect(error).toBeInstanceOf(AccountFundsError);
          const texts = [
            String(error),
            JSON.stringify(error),
            (error as Error).message,
            JSON.stringify((error as AccountFundsError).headers),
          ];
          for (const text of texts) {
            for (const secret of [clientSecret, password, token]) {
              expect(text).not.toContain(secret);
              expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
            }
          }
        }
        const hookText = JSON.stringify(payloads);
        for (const secret of [clientSecret, password, token])
          expect(hookText).not.toContain(JSON.stringify(secret).slice(1, -1));
      }),
      { numRuns: 60 },
    );
  });
});
