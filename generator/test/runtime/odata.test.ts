import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filter, nextLinkOf, odataLiteral, paginate, serializeQuery } from "../../runtime/odata.js";

/** Reads an OData string literal back (the inverse of odataLiteral for strings). */
function parseStringLiteral(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  const inner = literal.slice(1, -1);
  expect(inner.replaceAll("''", "")).not.toContain("'");
  return inner.replaceAll("''", "'");
}

describe("OData literals", () => {
  it("writes each kind per the ABNF", () => {
    expect(odataLiteral("O'Neil")).toBe("'O''Neil'");
    expect(odataLiteral("")).toBe("''");
    expect(odataLiteral(42)).toBe("42");
    expect(odataLiteral(-1.25)).toBe("-1.25");
    expect(odataLiteral(-0)).toBe("0");
    expect(odataLiteral(Number.NaN)).toBe("NaN");
    expect(odataLiteral(Infinity)).toBe("INF");
    expect(odataLiteral(-Infinity)).toBe("-INF");
    expect(odataLiteral(12345678901234567890n)).toBe("12345678901234567890");
    expect(odataLiteral(true)).toBe("true");
    expect(odataLiteral(null)).toBe("null");
    expect(odataLiteral(new Date("2024-02-29T12:00:00Z"))).toBe("2024-02-29T12:00:00.000Z");
    expect(() => odataLiteral(new Date("nope"))).toThrow(TypeError);
  });

  it("escapes any string so it reads back unchanged and cannot end the literal", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(parseStringLiteral(odataLiteral(text))).toBe(text);
      }),
    );
  });
});

describe("filter builder", () => {
  it("builds comparisons, functions and combinations with the right parentheses", () => {
    const pending = filter.eq("StatusCode", "P");
    const big = filter.ge("Amount", 1000);
    expect(pending.and(big).toString()).toBe("StatusCode eq 'P' and Amount ge 1000");
    expect(pending.or(big).and(filter.ne("CurrencyCode", "GBP")).toString()).toBe(
      "(StatusCode eq 'P' or Amount ge 1000) and CurrencyCode ne 'GBP'",
    );
    expect(filter.or(pending, filter.and(big, filter.lt("Amount", 5))).toString()).toBe(
      "StatusCode eq 'P' or Amount ge 1000 and Amount lt 5",
    );
    expect(filter.not(pending.or(big)).toString()).toBe("not (StatusCode eq 'P' or Amount ge 1000)");
    expect(filter.contains("Name", "it's").toString()).toBe("contains(Name,'it''s')");
    expect(filter.startsWith("Reference", "PO-").toString()).toBe("startswith(Reference,'PO-')");
    expect(filter.endsWith("Reference", "x").toString()).toBe("endswith(Reference,'x')");
    expect(filter.in("CurrencyCode", ["GBP", "EUR"]).toString()).toBe("CurrencyCode in ('GBP','EUR')");
    expect(filter.gt("CreatedDate", new Date("2024-01-01T00:00:00Z")).toString()).toBe("CreatedDate gt 2024-01-01T00:00:00.000Z");
    expect(filter.eq("Beneficiary/Name", null).toString()).toBe("Beneficiary/Name eq null");
    expect(filter.raw("year(CreatedDate) eq 2024").and(pending).toString()).toBe("(year(CreatedDate) eq 2024) and StatusCode eq 'P'");
    expect(filter.and(pending).toString()).toBe("StatusCode eq 'P'");
    expect(JSON.stringify({ f: pending })).toBe('{"f":"StatusCode eq \'P\'"}');
  });

  it("refuses property names that are not OData paths (no injection through names)", () => {
    expect(() => filter.eq("Status eq 'x' or 1", 1)).toThrow(TypeError);
    expect(() => filter.eq("", 1)).toThrow(TypeError);
    expect(() => filter.in("A", [])).toThrow(TypeError);
    expect(() => filter.and()).toThrow(TypeError);
  });
});

describe("query serialisation", () => {
  it("joins lists, renders filters, drops undefined and passes other parameters", () => {
    expect(
      serializeQuery({
        $select: ["Id", "Name"],
        $orderby: "Name desc",
        $filter: filter.eq("Id", 1),
        $top: 5,
        $skip: undefined,
        $count: true,
        beneficiaryType: "Company",
      }),
    ).toEqual({ $select: "Id,Name", $orderby: "Name desc", $filter: "Id eq 1", $top: 5, $count: true, beneficiaryType: "Company" });
    expect(serializeQuery({ $select: [] })).toEqual({});
    expect(serializeQuery(undefined)).toBeUndefined();
  });

  it("checks $top and $skip", () => {
    expect(() => serializeQuery({ $top: -1 })).toThrow(/\$top/);
    expect(() => serializeQuery({ $skip: 1.5 })).toThrow(/\$skip/);
  });
});

describe("next links", () => {
  const api = "https://api.test";
  const request = "https://api.test/api/v1/Accounts?$top=2";

  it("resolves relative links against the context URL, else the request URL", () => {
    expect(nextLinkOf({ "@odata.nextLink": "Accounts?$skiptoken=2", "@odata.context": "https://api.test/api/v1/$metadata#Accounts" }, request, api)).toBe(
      "https://api.test/api/v1/Accounts?$skiptoken=2",
    );
    expect(nextLinkOf({ "@odata.nextLink": "Accounts?$skiptoken=2" }, request, api)).toBe("https://api.test/api/v1/Accounts?$skiptoken=2");
    expect(nextLinkOf({ "@odata.nextLink": "/api/v1/Accounts?$skip=2" }, request, api)).toBe("https://api.test/api/v1/Accounts?$skip=2");
    expect(nextLinkOf({ value: [] }, request, api)).toBeUndefined();
    expect(nextLinkOf({ "@odata.nextLink": "" }, request, api)).toBeUndefined();
  });

  it("refuses another origin, including a scheme or port change", () => {
    for (const link of ["https://evil.test/x", "http://api.test/x", "https://api.test:8443/x", "//evil.test/x"]) {
      expect(() => nextLinkOf({ "@odata.nextLink": link }, request, api)).toThrow(/another origin/);
    }
  });

  it("paginates lazily and checks the collection shape", async () => {
    const pages: Record<string, unknown> = {
      "https://api.test/a": { value: [1, 2], "@odata.nextLink": "/b" },
      "https://api.test/b": { value: [3] },
    };
    const fetched: string[] = [];
    const load = async (url: string) => {
      fetched.push(url);
      return { data: pages[url], url };
    };
    const items: number[] = [];
    for await (const item of paginate<number>(() => load("https://api.test/a"), load, api)) items.push(item);
    expect(items).toEqual([1, 2, 3]);
    expect(fetched).toEqual(["https://api.test/a", "https://api.test/b"]);

    const broken = paginate(() => Promise.resolve({ data: { nope: 1 }, url: "https://api.test/a" }), load, api);
    await expect(broken.next()).rejects.toMatchObject({ code: "invalid_collection" });
  });
});
