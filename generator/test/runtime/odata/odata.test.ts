import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidArgumentError } from "../../../runtime/errors/errors.js";
import {
  ODataFilter,
  filter,
  odataLiteral,
  pageSizeOf,
  preferHeader,
  serializeQuery,
} from "../../../runtime/odata/odata.js";

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
    expect(() => odataLiteral(new Date("nope"))).toThrow(InvalidArgumentError);
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
    expect(filter.gt("CreatedDate", new Date("2024-01-01T00:00:00Z")).toString()).toBe(
      "CreatedDate gt 2024-01-01T00:00:00.000Z",
    );
    expect(filter.eq("Beneficiary/Name", null).toString()).toBe("Beneficiary/Name eq null");
    expect(filter.raw("year(CreatedDate) eq 2024").and(pending).toString()).toBe(
      "(year(CreatedDate) eq 2024) and StatusCode eq 'P'",
    );
    expect(filter.and(pending).toString()).toBe("StatusCode eq 'P'");
    expect(JSON.stringify({ f: pending })).toBe('{"f":"StatusCode eq \'P\'"}');
  });

  it("refuses property names that are not OData paths (no injection through names)", () => {
    expect(() => filter.eq("Status eq 'x' or 1", 1)).toThrow(InvalidArgumentError);
    expect(() => filter.eq("", 1)).toThrow(InvalidArgumentError);
    expect(() => filter.in("A", [])).toThrow(InvalidArgumentError);
    expect(() => filter.and()).toThrow(InvalidArgumentError);
  });
});

describe("date-time literals", () => {
  const dateTimes = new Set(["CreatedDate", "Beneficiary/ValueDate"]);
  const render = (expression: ODataFilter) => ODataFilter.render(expression, dateTimes);

  it("sends a string compared with a date-time property as an Edm.DateTimeOffset, a string elsewhere", () => {
    expect(render(filter.gt("CreatedDate", "2025-01-31T00:00:00Z"))).toBe("CreatedDate gt 2025-01-31T00:00:00Z");
    expect(render(filter.le("Beneficiary/ValueDate", "2025-01-31T10:15+01:00"))).toBe(
      "Beneficiary/ValueDate le 2025-01-31T10:15+01:00",
    );
    expect(render(filter.in("CreatedDate", ["2025-01-31T00:00:00.5Z", new Date("2025-02-01T00:00:00Z")]))).toBe(
      "CreatedDate in (2025-01-31T00:00:00.5Z,2025-02-01T00:00:00.000Z)",
    );
    expect(render(filter.eq("Reference", "2025-01-31T00:00:00Z"))).toBe("Reference eq '2025-01-31T00:00:00Z'");
    expect(render(filter.eq("CreatedDate", null))).toBe("CreatedDate eq null");
    // Combinations render their parts with the same knowledge.
    expect(render(filter.eq("Reference", "R").and(filter.not(filter.lt("CreatedDate", "2025-01-31T00:00:00Z"))))).toBe(
      "Reference eq 'R' and not CreatedDate lt 2025-01-31T00:00:00Z",
    );
    // Without it (toString), a date-time given as text reads as text.
    expect(filter.gt("CreatedDate", "2025-01-31T00:00:00Z").toString()).toBe("CreatedDate gt '2025-01-31T00:00:00Z'");
  });

  it("refuses a date-time without an offset, or text that is no date-time, naming the property", () => {
    expect(() => render(filter.gt("CreatedDate", "2025-01-31T00:00:00"))).toThrow(
      /CreatedDate is a date-time: "2025-01-31T00:00:00" has no UTC offset/,
    );
    expect(() => render(filter.gt("CreatedDate", "yesterday"))).toThrow(/"yesterday" is not an ISO 8601 date-time/);
    expect(() => render(filter.in("CreatedDate", ["2025-01-31"]))).toThrow(InvalidArgumentError);
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
    ).toEqual({
      values: {
        $select: "Id,Name",
        $orderby: "Name desc",
        $filter: "Id eq 1",
        $top: 5,
        $count: true,
        beneficiaryType: "Company",
      },
      maxPageSize: undefined,
    });
    expect(serializeQuery({ $select: [] })).toEqual({ values: {}, maxPageSize: undefined });
    expect(serializeQuery(undefined)).toEqual({ values: undefined, maxPageSize: undefined });
  });

  it("builds a $filter callback with the builder and renders it with the entity's date-times", () => {
    const query = {
      $filter: (f: typeof filter) => f.gt("CreatedDate", "2025-01-31T00:00:00Z").and(f.eq("Reference", "R")),
    };
    expect(serializeQuery(query, new Set(["CreatedDate"])).values).toEqual({
      $filter: "CreatedDate gt 2025-01-31T00:00:00Z and Reference eq 'R'",
    });
    expect(() => serializeQuery({ $filter: () => 42 })).toThrow(/\$filter must be/);
  });

  it("keeps maxPageSize out of the query string, for the Prefer header", () => {
    expect(serializeQuery({ $top: 5, maxPageSize: 2 })).toEqual({ values: { $top: 5 }, maxPageSize: 2 });
    expect(pageSizeOf({ maxPageSize: 3 })).toBe(3);
    expect(pageSizeOf({ $top: 3 })).toBeUndefined();
    expect(pageSizeOf(undefined)).toBeUndefined();
  });

  it("checks $top, $skip and maxPageSize", () => {
    expect(() => serializeQuery({ $top: -1 })).toThrow(/\$top/);
    expect(() => serializeQuery({ $skip: 1.5 })).toThrow(/\$skip/);
    expect(() => serializeQuery({ maxPageSize: 0 })).toThrow(/maxPageSize must be a positive integer/);
    expect(() => pageSizeOf({ maxPageSize: "5" })).toThrow(/maxPageSize/);
  });

  it("puts odata.maxpagesize first in Prefer, before the caller's own preferences (RFC 7240: the first one counts)", () => {
    expect(preferHeader(undefined, 5)).toBe("odata.maxpagesize=5");
    expect(preferHeader('odata.include-annotations="*", odata.maxpagesize=100', 5)).toBe(
      'odata.maxpagesize=5, odata.include-annotations="*", odata.maxpagesize=100',
    );
    expect(preferHeader("respond-async", undefined)).toBe("respond-async");
    expect(preferHeader(undefined, undefined)).toBeUndefined();
  });
});
