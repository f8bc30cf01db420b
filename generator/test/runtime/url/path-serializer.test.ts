/**
 * serializePath splits a template once and fills it per call. Property: for any template and values it gives what
 * one regex replacement over the template gives (the straightforward definition below), including the OData
 * string literal rule (`'{name}'`: quotes doubled, then percent-encoded), and it refuses what that refuses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serializePath } from "../../../runtime/url/path-serializer.js";

function reference(url: string, params: Record<string, unknown>): string {
  return url.replaceAll(
    /(')?\{([^{}]+)\}(')?/g,
    (_match, open: string | undefined, name: string, close: string | undefined) => {
      const value = params[name];
      if (value === undefined || value === null || value === "")
        throw new TypeError(`Path parameter ${name} is required`);
      const text = String(value);
      const quoted = open !== undefined && close !== undefined;
      const encoded = encodeURIComponent(quoted ? text.replaceAll("'", "''") : text).replaceAll("'", "%27");
      return quoted ? `'${encoded}'` : `${open ?? ""}${encoded}${close ?? ""}`;
    },
  );
}

const name = fc.constantFrom("id", "accountId", "CountryCode", "currencyCode");
const literal = fc.stringMatching(/^[A-Za-z0-9/()=,.'-]{0,12}$/);
const slot = fc
  .tuple(fc.constantFrom("", "'"), name, fc.constantFrom("", "'"))
  .map(([open, key, close]) => `${open}{${key}}${close}`);
const template = fc
  .array(fc.tuple(literal, slot), { maxLength: 4 })
  .chain((parts) => literal.map((tail) => parts.map(([text, s]) => text + s).join("") + tail));
const value = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(undefined));
const params = fc.record({ id: value, accountId: value, CountryCode: value, currencyCode: value });

describe("serializePath", () => {
  it("gives what one regex replacement over the template gives, and refuses what it refuses", () => {
    fc.assert(
      fc.property(fc.constantFrom("https://api.example.com", ""), template, params, (base, path, values) => {
        const url = base + path;
        let expected: string | Error;
        try {
          expected = reference(url, values);
        } catch (error) {
          expected = error as Error;
        }
        if (expected instanceof Error) expect(() => serializePath(url, values)).toThrow(expected.message);
        else expect(serializePath(url, values)).toBe(expected);
        // Twice: the second call reads the template from the cache.
        if (!(expected instanceof Error)) expect(serializePath(url, values)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("fills an OData string literal with its quotes doubled", () => {
    expect(serializePath("/PaymentPurposes(CountryCode='{CountryCode}')", { CountryCode: "A'E" })).toBe(
      "/PaymentPurposes(CountryCode='A''E')".replace("''", "%27%27"),
    );
  });
});
