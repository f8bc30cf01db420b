import { describe, expect, it } from "vitest";
import { forwardedOrigin } from "../../../src/foundation/http/forwarded.js";
import { normalisePublicUrl, publicBaseOf } from "../../../src/foundation/http/public-base.js";

const requestAt = (url: string, headers: Record<string, string> = {}) => {
  const request = new Request(url, { headers });
  return publicBaseOf.bind(undefined, request, new URL(url));
};

describe("the base URL a client reached the sandbox at", () => {
  it("is the request's own origin unless told otherwise, whatever the forwarding headers say", () => {
    const base = requestAt("http://127.0.0.1:4010/api/v1/Accounts", { forwarded: "host=evil.example;proto=https" });
    expect(base({ publicUrl: undefined, trustProxy: false })).toBe("http://127.0.0.1:4010");
  });

  it("is the configured public URL, path prefix kept, whatever the request says", () => {
    const base = requestAt("http://127.0.0.1:4010/api/v1/Accounts", { forwarded: "host=a.example" });
    expect(base({ publicUrl: normalisePublicUrl("https://gateway.example/sandbox/"), trustProxy: true })).toBe(
      "https://gateway.example/sandbox",
    );
  });

  it("takes host and scheme from the first Forwarded element when proxies are trusted", () => {
    const base = requestAt("http://127.0.0.1:4010/x", {
      forwarded: 'for=192.0.2.60;proto=https;host="api.example:8443", for=10.0.0.1;host=inner.local',
      "x-forwarded-host": "ignored.example",
    });
    expect(base({ publicUrl: undefined, trustProxy: true })).toBe("https://api.example:8443");
  });

  it("falls back to X-Forwarded-Host and X-Forwarded-Proto (first values), and drops default ports", () => {
    const base = requestAt("http://127.0.0.1:4010/x", {
      "x-forwarded-host": "api.example:443, inner.local",
      "x-forwarded-proto": "https, http",
    });
    expect(base({ publicUrl: undefined, trustProxy: true })).toBe("https://api.example");
  });

  it("ignores a forwarded host that is not a plain host, or a scheme that is not http(s)", () => {
    const cases: Record<string, string>[] = [
      { "x-forwarded-host": "evil.example/path" },
      { "x-forwarded-host": "user@evil.example" },
      { forwarded: "host=a b" },
      { forwarded: "proto=gopher" },
      { forwarded: "host=a.example;host=b.example" },
    ];
    for (const headers of cases) {
      expect(requestAt("http://127.0.0.1:4010/x", headers)({ publicUrl: undefined, trustProxy: true })).toBe(
        "http://127.0.0.1:4010",
      );
    }
  });

  it("parses RFC 7239's quoted strings and is case-insensitive in parameter names", () => {
    expect(
      forwardedOrigin(new Headers({ forwarded: 'For="[2001:db8:cafe::17]:4711";Host="x.example";PROTO=https' })),
    ).toEqual({ host: "x.example", proto: "https" });
  });

  it("refuses a public URL that is not a plain http(s) base", () => {
    for (const text of ["ftp://x.example", "https://x.example/?q=1", "https://user@x.example", "not a url"])
      expect(() => normalisePublicUrl(text)).toThrow(TypeError);
  });
});
