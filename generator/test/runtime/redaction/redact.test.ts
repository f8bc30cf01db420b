import { describe, expect, it } from "vitest";
import { REDACTED, createRedactor } from "../../../runtime/redaction/redact.js";

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
    expect(redactor.string("token opaque-abc-123")).toBe("token opaque-abc-123");
    redactor.addSecret("opaque-abc-123");
    expect(redactor.string("token opaque-abc-123")).toBe(`token ${REDACTED}`);
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

describe("redactor: no window, shapes, forms", () => {
  it("remembers every token for the client's life: the first of thousands of rotations too", () => {
    const redactor = createRedactor();
    const tokens = Array.from({ length: 3_000 }, (_, index) => `opaque-token-${index}-${"x".repeat(index % 7)}`);
    for (const token of tokens) redactor.addSecret(token);
    const text = `first ${tokens[0]} middle ${tokens[1_500]} last ${tokens.at(-1)} ${encodeURIComponent(tokens[7]!)}`;
    expect(redactor.string(text)).toBe(`first ${REDACTED} middle ${REDACTED} last ${REDACTED} ${REDACTED}`);
  });

  it("replaces a secret that contains another whole, through the index as through the short list", () => {
    for (const many of [false, true]) {
      const redactor = createRedactor(["abc"]);
      redactor.addSecret("xxabcxx-long-token");
      if (many) for (let index = 0; index < 100; index++) redactor.addSecret(`filler-token-${index}`);
      expect(redactor.string("a xxabcxx-long-token b abc c")).toBe(`a ${REDACTED} b ${REDACTED} c`);
    }
  });

  it("replaces secrets of any length, but never white space alone", () => {
    const redactor = createRedactor(["pw", "   "]);
    expect(redactor.string("pw: a pw, spaced   out")).toBe(`${REDACTED}: a ${REDACTED}, spaced   out`);
  });

  it("replaces HTML-escaped forms", () => {
    const redactor = createRedactor([`a<b>&"c'`]);
    expect(redactor.string("<title>a&lt;b&gt;&amp;&quot;c&#39;</title>")).toBe(`<title>${REDACTED}</title>`);
  });

  it("replaces secrets by shape: Bearer tokens, JWTs, sensitive fields and Authorization lines", () => {
    const redactor = createRedactor();
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    expect(redactor.string(`Authorization: Bearer ${"q".repeat(24)}\nnext`)).toBe(`Authorization: ${REDACTED}\nnext`);
    expect(redactor.string(`sent Bearer ${"q".repeat(24)}=, then`)).toBe(`sent Bearer ${REDACTED}, then`);
    expect(redactor.string(`a ${jwt} b`)).toBe(`a ${REDACTED} b`);
    expect(redactor.string("grant_type=password&password=hunter2&client_secret=s3&scope=x")).toBe(
      `grant_type=password&password=${REDACTED}&client_secret=${REDACTED}&scope=x`,
    );
    expect(redactor.string('{"access_token": "abc\\"def", "scope": "x"}')).toBe(
      `{"access_token": "${REDACTED}", "scope": "x"}`,
    );
    // Prose stays readable: "Bearer" followed by a word is no token.
    expect(redactor.string("Bearer was not authenticated")).toBe("Bearer was not authenticated");
    expect(redactor.string('Bearer error="invalid_token"')).toBe('Bearer error="invalid_token"');
  });

  it("finds a received JWT by value wherever it stands, and a JWT it never received by its shape", () => {
    const redactor = createRedactor();
    const received = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    const stranger = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIyIn0.b3RoZXJzaWc";
    redactor.addSecret(received);
    expect(
      redactor.string(`token_${received}_x ${encodeURIComponent(" ")}${stranger} ${JSON.stringify(stranger)}`),
    ).toBe(`token_${REDACTED}_x %20${REDACTED} "${REDACTED}"`);
  });

  it("covers overlapping secrets whole, whichever is longer and wherever they start", () => {
    for (const fillers of [0, 100]) {
      const redactor = createRedactor(["abcdXYZ12345", "XYZ12345efgh", "2345ef"]);
      for (let index = 0; index < fillers; index++) redactor.addSecret(`filler-token-${index}-long-enough`);
      expect(redactor.string("<abcdXYZ12345efgh>")).toBe(`<${REDACTED}>`);
      expect(redactor.string("<aaXYZ12345efgh>")).toBe(`<aa${REDACTED}>`);
    }
  });

  it("copies an error for a cause: message, stack, properties and causes redacted, the kind kept", () => {
    const redactor = createRedactor(["s3cret-value"]);
    const inner = Object.assign(new Error("inner s3cret-value"), { code: "ECONNRESET", token: "t" });
    const outer = new TypeError("fetch failed for s3cret-value", { cause: inner });
    const copy = redactor.error(outer) as TypeError & { cause: Error & { code: string; token: string } };
    expect(copy).toBeInstanceOf(TypeError);
    expect(copy.message).toBe(`fetch failed for ${REDACTED}`);
    expect(copy.stack).not.toContain("s3cret-value");
    expect(copy.cause.message).toBe(`inner ${REDACTED}`);
    expect(copy.cause.code).toBe("ECONNRESET");
    expect(copy.cause.token).toBe(REDACTED);
  });
});

describe("redactor: linear in the text, whatever a hostile server sends", () => {
  // Inputs that make a backtracking pattern quadratic; at 2 MB each, a quadratic pass would not end within the
  // test's timeout, a linear one takes milliseconds. No timing is asserted: finishing at all is the property.
  const hostile = [
    "eyJ".repeat(700_000),
    `Bearer ${"a".repeat(2_000_000)}=b`,
    `${"password=".repeat(200_000)}`,
    `"access_token":"${"\\\\".repeat(1_000_000)}`,
    "authorization: ".repeat(130_000),
  ];

  it("with few secrets and with thousands (the index), JWTs of one issuer among them", () => {
    const header = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ";
    for (const count of [2, 3_000]) {
      const redactor = createRedactor(["client-secret-value"]);
      for (let index = 0; index < count; index++) {
        redactor.addSecret(`opaque-token-${index}-padding`);
        redactor.addSecret(`${header}.eyJzdWIiOiI${index}In0.c2lnbmF0dXJl${index}`);
      }
      for (const text of [...hostile, `${header}.`.repeat(60_000)]) expect(typeof redactor.string(text)).toBe("string");
      expect(redactor.string(`x ${header}.eyJzdWIiOiI1In0.c2lnbmF0dXJl1 y`)).toBe(`x ${REDACTED} y`);
    }
  });
});
