import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFilter, type EntityShape, type ODataQueryError } from "../../../src/foundation/odata/index.js";
import { quote, rows, shape } from "./fixtures.js";

function ids(filter: string): number[] {
  const parsed = parseFilter(filter, shape);
  if (!parsed.ok) throw new Error(`${filter}: ${parsed.error.code} ${parsed.error.message}`);
  return rows.filter((row) => parsed.value(row)).map((row) => row.Id);
}

function errorOf(filter: string): ODataQueryError {
  const parsed = parseFilter(filter, shape);
  if (parsed.ok) throw new Error(`${filter} was accepted`);
  return parsed.error;
}

describe("$filter comparison operators", () => {
  it.each([
    ["Amount eq 100", [1]],
    ["Amount ne 100", [2, 3, 4, 5]],
    ["Amount gt 0", [1, 2]],
    ["Amount ge 0", [1, 2, 4]],
    ["Amount lt 0", [5]],
    ["Amount le 0", [4, 5]],
    ["Amount eq 250.5", [2]],
    ["Amount eq -20", [5]],
    ["Id lt 2.5", [1, 2]],
    ["Amount gt -INF", [1, 2, 4, 5]],
    ["Amount lt INF", [1, 2, 4, 5]],
    ["Amount eq NaN", []],
    ["Amount ne NaN", [1, 2, 3, 4, 5]],
    ["100 eq Amount", [1]],
    ["Amount eq 1e2", [1]],
    ["Amount eq 1.0E2", [1]],
    ["Amount eq 2.505e+2", [2]],
    ["Amount lt -1.5e1", [5]],
    ["0 lt Amount", [1, 2]],
  ])("numbers: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ["CurrencyCode eq 'EUR'", [1, 3]],
    ["CurrencyCode ne 'EUR'", [2, 4, 5]],
    ["CurrencyCode gt 'EUR'", [2, 4]],
    ["CurrencyCode ge 'EUR'", [1, 2, 3, 4]],
    ["CurrencyCode lt 'EUR'", []],
    ["CurrencyCode le 'EUR'", [1, 3]],
    ["CurrencyCode eq 'eur'", []],
    // UTF-16 code unit order: digits and capitals sort before lower case.
    ["Reference lt 'a'", [1, 2, 3, 4, 5]],
    ["Reference gt 'I'", [1, 2]],
  ])("strings, case-sensitive: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ["IsCrossCurrency eq true", [2, 5]],
    ["IsCrossCurrency eq false", [1, 4]],
    ["IsCrossCurrency ne true", [1, 3, 4]],
    ["IsCrossCurrency gt false", [2, 5]],
    ["IsCrossCurrency lt true", [1, 4]],
    ["IsCrossCurrency", [2, 5]],
    ["IsCrossCurrency eq TRUE", [2, 5]],
  ])("booleans (false < true): %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    // Rows 1 and 2 hold the same instant with different offsets.
    ["CreatedDate eq 2024-01-15T10:00:00Z", [1, 2]],
    ["CreatedDate eq 2024-01-15T11:00:00+01:00", [1, 2]],
    ["CreatedDate ne 2024-01-15T10:00:00Z", [3, 4, 5]],
    ["CreatedDate gt 2024-01-01T00:00:00Z", [1, 2, 5]],
    ["CreatedDate lt 2024-01-01T00:00:00+00:00", [4]],
    ["CreatedDate ge 2023-12-31T23:59:59.999Z", [1, 2, 4, 5]],
    ["CreatedDate gt 2023-12-31T23:59:59.9989Z", [1, 2, 4, 5]],
    ["CreatedDate gt 2023-12-31T23:59:59.999000001Z", [1, 2, 5]],
    ["CreatedDate lt 2024-01-01T00:59:59.999+01:00", []],
    ["CreatedDate le 2024-01-01T00:59:59.999+01:00", [4]],
    ["CreatedDate eq 2024-02-29T00:00Z", [5]],
    ["CreatedDate lt 2024-02-28T19:00:00-05:00", [1, 2, 4]],
  ])("date-times compare as instants: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });
});

describe("$filter null semantics (§5.1.1.1)", () => {
  it.each([
    ["Amount eq null", [3]],
    ["Amount ne null", [1, 2, 4, 5]],
    ["null eq Amount", [3]],
    ["Amount eq NULL", [3]],
    ["Amount gt null", []],
    ["Amount lt null", []],
    // ge/le are gt/lt or eq: one null operand makes them false, two make them true.
    ["Amount ge null", [3]],
    ["Amount le null", [3]],
    ["null eq null", [1, 2, 3, 4, 5]],
    ["null ge null", [1, 2, 3, 4, 5]],
    ["null gt null", []],
    // Property against property: two nulls are equal, so le/ge hold and lt/gt do not.
    ["Amount le Amount", [1, 2, 3, 4, 5]],
    ["Amount lt Amount", []],
    ["CreatedDate eq null", [3]],
    ["CurrencyCode ne 'EUR'", [2, 4, 5]],
    ["Beneficiary eq null", [3, 5]],
    ["Beneficiary ne null", [1, 2, 4]],
    ["Beneficiary/Name eq null", [3, 5]],
    ["Beneficiary/Address eq null", [2, 3, 5]],
    ["Beneficiary/Address/City eq null", [2, 3, 5]],
    ["Fees eq null", [2, 3, 4, 5]],
    ["Fees ne null", [1]],
    ["Extra eq null", [1, 2, 3, 4, 5]],
  ])("%s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    // and: false wins over null; or: true wins over null; not null is null; null rows are dropped.
    ["IsCrossCurrency or Id eq 3", [2, 3, 5]],
    ["IsCrossCurrency and Id eq 3", []],
    ["not (IsCrossCurrency and Id eq 3)", [1, 2, 4, 5]],
    ["not (IsCrossCurrency or Id eq 4)", [1]],
    ["not IsCrossCurrency", [1, 4]],
    ["not not IsCrossCurrency", [2, 5]],
    ["IsCrossCurrency eq null", [3]],
    // A function of null is null (§5.1.1.4), and so is its negation.
    ["contains(CurrencyCode,'U')", [1, 3, 4]],
    ["not contains(CurrencyCode,'U')", [2]],
    // A comparison with null is false, never null, so `not` turns it into true.
    ["not (Amount gt 0)", [3, 4, 5]],
  ])("three-valued logic: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });
});

describe("$filter logical operators and precedence", () => {
  it.each([
    ["CurrencyCode eq 'EUR' and Amount gt 50", [1]],
    ["CurrencyCode eq 'EUR' or Amount lt 0", [1, 3, 5]],
    ["not (CurrencyCode eq 'EUR')", [2, 4, 5]],
    ["not CurrencyCode eq 'EUR'", [2, 4, 5]],
    ["StatusCode eq 'C' or StatusCode eq 'P' and Amount gt 1000", [1, 4]],
    ["(StatusCode eq 'C' or StatusCode eq 'P') and Amount gt 200", [2]],
    // not binds tighter than and/or (§5.1.1.17), although the ABNF's notExpr would swallow the rest.
    // `in` (§5.1.1.1.12) is the disjunction of eq comparisons, whatever the literals hold.
    ["CurrencyCode in ('EUR','GBP')", [1, 2, 3]],
    ["CurrencyCode IN ('EUR') and Amount gt 50", [1]],
    ["Id in (2, 4) or Id eq 5", [2, 4, 5]],
    ["CurrencyCode in ('a,b','(x)')", []],
    ["not IsCrossCurrency and Id eq 1", [1]],
    ["Id eq 2 or not IsCrossCurrency and Id eq 4", [2, 4]],
    ["Id eq 4 and not IsCrossCurrency or Id eq 2", [2, 4]],
    ["not IsCrossCurrency or Id eq 5", [1, 4, 5]],
    ["not (IsCrossCurrency or Id eq 1) or Id eq 2", [2, 4]],
    ["(((Id eq 1)))", [1]],
    ["((Id eq 1) or (Id eq 2)) and ((Amount gt 200))", [2]],
  ])("%s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ["CurrencyCode EQ 'EUR' AND Amount GT 50", [1]],
    ["NOT IsCrossCurrency", [1, 4]],
    ["Not (IsCrossCurrency)", [1, 4]],
    ["CONTAINS(CurrencyCode,'U')", [1, 3, 4]],
    ["ToLower(Beneficiary/Name) eq 'alice'", [4]],
  ])("operator and function names are case-insensitive (4.01): %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });
});

describe("$filter functions, paths and literals", () => {
  it.each([
    ["contains(Beneficiary/Name,'li')", [1]],
    ["contains(tolower(Beneficiary/Name),'alice')", [1, 4]],
    ["startswith(CurrencyCode,'E')", [1, 3]],
    ["endswith(CurrencyCode,'D')", [4]],
    ["startswith(Beneficiary/Name,'alice')", []],
    ["toupper(Beneficiary/Name) eq 'BOB JONES'", [2]],
    ["tolower(CurrencyCode) eq 'gbp'", [2]],
    ["trim(Reference) eq 'spaced'", [3]],
    ["length(CurrencyCode) eq 3", [1, 2, 3, 4]],
    ["length(Reference) eq 0", [5]],
    ["indexof(Reference,'rent') eq 8", [1]],
    ["indexof(Reference,'zzz') eq -1", [1, 2, 3, 4, 5]],
    ["substring(CurrencyCode,1) eq 'UR'", [1, 3]],
    ["substring(CurrencyCode,0,2) eq 'GB'", [2]],
    ["substring(CurrencyCode,5) eq ''", [1, 2, 3, 4]],
    ["concat(CurrencyCode,StatusCode) eq 'EURC'", [1]],
    ["concat(concat(CurrencyCode,'-'),StatusCode) eq 'USD-C'", [4]],
    ["contains(CurrencyCode,null)", []],
  ])("%s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ["Beneficiary/Name eq 'Alice Smith'", [1]],
    ["Beneficiary/Address/City eq 'Berlin'", [4]],
    ["Beneficiary/Address/City ne 'Berlin'", [1, 2, 3, 5]],
  ])("nested property paths: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ["Reference eq 'O''Brien rent'", [1]],
    ["contains(Reference,'''')", [1]],
    ["startswith(Reference,'O''')", [1]],
    ["Reference eq '100% done'", [4]],
    ["contains(Reference,'%')", [4]],
    ["Reference eq ''", [5]],
    ["Reference eq '  spaced  '", [3]],
    ["contains(Reference,' and ')", []],
    ["Reference eq ')'", []],
  ])("string literals: %s", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it("ignores spaces and tabs around the expression", () => {
    expect(ids("  Id eq 1\t")).toEqual([1]);
  });

  it("selects exactly the rows equal to any quoted string (quotes doubled, other characters verbatim)", () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "'",
            "''",
            "%",
            "%27",
            "%20",
            "(",
            ")",
            " ",
            "\n",
            "\t",
            "&",
            "#",
            '"',
            " eq ",
            "\\",
            "é",
            "😀",
          ),
          fc.string({ unit: "binary", maxLength: 3 }),
        ),
        { maxLength: 20 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 6 }), (needle, others) => {
        const data = [...others, needle].map((Reference, index) => ({ Id: index, Reference }));
        const eq = parseFilter(`Reference eq ${quote(needle)}`, shape);
        const contains = parseFilter(`contains(Reference,${quote(needle)})`, shape);
        expect(eq.ok && contains.ok).toBe(true);
        if (!eq.ok || !contains.ok) return;
        expect(data.filter(eq.value)).toEqual(data.filter((row) => row.Reference === needle));
        expect(data.filter(contains.value)).toEqual(data.filter((row) => row.Reference.includes(needle)));
      }),
    );
  });

  it("compares numbers like the OData rules, nulls included", () => {
    const operators = { eq: 0, ne: 1, gt: 2, ge: 3, lt: 4, le: 5 } as const;
    const literal = fc
      .tuple(fc.boolean(), fc.nat({ max: 10_000 }), fc.option(fc.nat({ max: 999 }), { nil: undefined }))
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`,
      );
    const amount = fc.option(
      fc.oneof(fc.integer({ min: -10_000, max: 10_000 }), fc.double({ min: -10_000, max: 10_000, noNaN: true })),
      {
        nil: null,
      },
    );
    fc.assert(
      fc.property(
        fc.array(amount, { maxLength: 10 }),
        fc.constantFrom(...Object.keys(operators)),
        literal,
        (amounts, op, text) => {
          const data = amounts.map((Amount, Id) => ({ Id, Amount }));
          const parsed = parseFilter(`Amount ${op} ${text}`, shape);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const n = Number(text);
          const expected = data.filter(({ Amount: a }) => {
            if (a === null) return op === "ne";
            return { eq: a === n, ne: a !== n, gt: a > n, ge: a >= n, lt: a < n, le: a <= n }[
              op as keyof typeof operators
            ];
          });
          expect(data.filter(parsed.value)).toEqual(expected);
        },
      ),
    );
  });

  it("compares date-times written with any offsets as instants", () => {
    const min = Date.UTC(1900, 0, 1);
    const max = Date.UTC(2200, 0, 1);
    const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });
    const written = fc
      .tuple(fc.integer({ min, max }), offset)
      .map(([ms, minutes]) => ({ ms, text: withOffset(ms, minutes) }));
    fc.assert(
      fc.property(
        fc.array(written, { maxLength: 8 }),
        written,
        fc.constantFrom("eq", "ne", "gt", "ge", "lt", "le"),
        (values, literal, op) => {
          const data = values.map((value, Id) => ({ Id, CreatedDate: value.text }));
          const parsed = parseFilter(`CreatedDate ${op} ${literal.text}`, shape);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const n = literal.ms;
          const expected = values
            .map((value, Id) => ({ Id, a: value.ms }))
            .filter(({ a }) => ({ eq: a === n, ne: a !== n, gt: a > n, ge: a >= n, lt: a < n, le: a <= n })[op])
            .map(({ Id }) => Id);
          expect(data.filter(parsed.value).map((row) => row.Id)).toEqual(expected);
        },
      ),
    );
  });

  it("evaluates random and/or/not formulas with OData precedence and three-valued logic", () => {
    type Formula = { atom: number } | { not: Formula } | { op: "and" | "or"; left: Formula; right: Formula };
    // Atoms over the fixture rows; IsCrossCurrency is null on row 3, so the logic is three-valued there.
    const atoms: ReadonlyArray<{ text: string; value: (row: (typeof rows)[number]) => boolean | null }> = [
      { text: "IsCrossCurrency", value: (row) => row.IsCrossCurrency ?? null },
      { text: "Amount gt 0", value: (row) => row.Amount !== null && row.Amount !== undefined && row.Amount > 0 },
      { text: "CurrencyCode eq 'EUR'", value: (row) => row.CurrencyCode === "EUR" },
      { text: "contains(Reference,'e')", value: (row) => (row.Reference ?? "").includes("e") },
    ];
    const { formula } = fc.letrec<{ formula: Formula }>((tie) => ({
      formula: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.record({ atom: fc.nat({ max: atoms.length - 1 }) }),
        fc.record({ not: tie("formula") }),
        fc.record({ op: fc.constantFrom("and" as const, "or" as const), left: tie("formula"), right: tie("formula") }),
      ),
    }));
    const precedence = (f: Formula): number => ("atom" in f ? 4 : "not" in f ? 3 : f.op === "and" ? 2 : 1);
    // Prints with only the parentheses precedence needs (plus optional extra ones).
    const print = (f: Formula, extra: () => boolean): string => {
      const wrap = (child: Formula, minimum: number): string => {
        const text = print(child, extra);
        return precedence(child) < minimum || (precedence(child) < 4 && extra()) ? `(${text})` : text;
      };
      if ("atom" in f) return atoms[f.atom]?.text ?? "";
      if ("not" in f) return `not ${wrap(f.not, 4)}`;
      const own = precedence(f);
      // and/or are associative, so a right operand of equal precedence needs no parentheses either.
      return `${wrap(f.left, own)} ${f.op} ${wrap(f.right, own)}`;
    };
    const evaluate = (f: Formula, row: (typeof rows)[number]): boolean | null => {
      if ("atom" in f) return atoms[f.atom]?.value(row) ?? null;
      if ("not" in f) {
        const v = evaluate(f.not, row);
        return v === null ? null : !v;
      }
      const l = evaluate(f.left, row);
      const r = evaluate(f.right, row);
      if (f.op === "and") return l === false || r === false ? false : l === null || r === null ? null : true;
      return l === true || r === true ? true : l === null || r === null ? null : false;
    };
    fc.assert(
      fc.property(formula, fc.infiniteStream(fc.boolean()), (f, coins) => {
        const iterator = coins[Symbol.iterator]();
        const text = print(f, () => iterator.next().value === true);
        fc.pre(text.length <= 1500);
        const parsed = parseFilter(text, shape);
        if (!parsed.ok) {
          // Only the nesting limit may reject a well-formed formula.
          expect(parsed.error.code).toBe("query_too_complex");
          return;
        }
        const expected = rows.filter((row) => evaluate(f, row) === true).map((row) => row.Id);
        expect(
          rows.filter((row) => parsed.value(row)).map((row) => row.Id),
          text,
        ).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("$filter errors are data", () => {
  it.each([
    ["Nope eq 1", "unknown_property"],
    ["Beneficiary/Nope eq 'x'", "unknown_property"],
    ["Amount/Value eq 1", "unknown_property"],
    ["constructor eq null", "unknown_property"],
    ["__proto__ eq null", "unknown_property"],
    ["contains(Nope,'x')", "unknown_property"],
    ["Amount eq 'x'", "type_mismatch"],
    ["CurrencyCode eq 1", "type_mismatch"],
    ["CreatedDate eq '2024-01-01T00:00:00Z'", "type_mismatch"],
    ["IsCrossCurrency eq 1", "type_mismatch"],
    ["Amount eq CurrencyCode", "type_mismatch"],
    ["Beneficiary eq 'x'", "type_mismatch"],
    ["Fees eq 1", "type_mismatch"],
    ["Amount", "type_mismatch"],
    ["null", "type_mismatch"],
    ["'text'", "type_mismatch"],
    ["length(CurrencyCode)", "type_mismatch"],
    ["Amount and true", "type_mismatch"],
    ["not Amount", "type_mismatch"],
    ["contains(Amount,'1')", "type_mismatch"],
    ["substring(CurrencyCode,'1') eq 'x'", "type_mismatch"],
    ["Amount add 1 eq 2", "unsupported_filter"],
    ["Amount mul 2 gt 10", "unsupported_filter"],
    ["-Amount eq 20", "unsupported_filter"],
    ["- -Amount eq 20", "unsupported_filter"],
    ["CurrencyCode has 'EUR'", "unsupported_filter"],
    ["CurrencyCode in ()", "invalid_filter_syntax"],
    ["Fees/any(f:f/Amount gt 1)", "unsupported_filter"],
    ["Fees/all(f:f/Amount gt 1)", "unsupported_filter"],
    ["Fees/$count gt 1", "unsupported_filter"],
    ["year(CreatedDate) eq 2024", "unsupported_filter"],
    ["matchesPattern(CurrencyCode,'^E')", "unsupported_filter"],
    ["CreatedDate ge 2024-01-01", "unsupported_filter"],
    ["Id eq 01234567-89ab-cdef-0123-456789abcdef", "unsupported_filter"],
    ["CurrencyCode eq duration'P1D'", "unsupported_filter"],
    ["CurrencyCode eq Namespace.Currency'EUR'", "unsupported_filter"],
    ["$it/Id eq 1", "unsupported_filter"],
    ["Id eq @p", "unsupported_filter"],
    ["", "invalid_filter_syntax"],
    ["   ", "invalid_filter_syntax"],
    ["Amount eq", "invalid_filter_syntax"],
    ["Amount eq 1 and", "invalid_filter_syntax"],
    ["(Amount eq 1", "invalid_filter_syntax"],
    ["Amount eq 1)", "invalid_filter_syntax"],
    ["CurrencyCode eq 'EUR", "invalid_filter_syntax"],
    ["CurrencyCode eq'EUR'", "invalid_filter_syntax"],
    ["Amount == 1", "invalid_filter_syntax"],
    ["Amount%20eq%201", "invalid_filter_syntax"],
    ["CreatedDate eq 2023-02-29T00:00:00Z", "invalid_filter_syntax"],
    ["CreatedDate eq 2024-01-01T24:00:00Z", "invalid_filter_syntax"],
    ["startswith(CurrencyCode)", "invalid_filter_syntax"],
    ["Id eq 1 eq 2 eq", "invalid_filter_syntax"],
    ["x".repeat(2001), "query_too_complex"],
    [`${"(".repeat(40)}Id eq 1${")".repeat(40)}`, "query_too_complex"],
  ])("%s → %s", (filter, code) => {
    const error = errorOf(filter);
    expect(error.code).toBe(code);
    expect(error.target).toBe("$filter");
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("names the unknown property and the mismatched operands in the message", () => {
    expect(errorOf("Beneficiary/Nope eq 'x'").message).toContain("Nope");
    expect(errorOf("Amount eq 'x'").message).toMatch(/Amount.*number.*'x'.*string/);
  });

  it("never resolves properties through the prototype of the shape or of a row", () => {
    const plain: EntityShape = { properties: { Id: "integer" } };
    expect(parseFilter("toString eq null", plain).ok).toBe(false);
    const parsed = parseFilter("Id eq null", plain);
    expect(parsed.ok && parsed.value(Object.create({ Id: 1 }) as object)).toBe(true);
  });
});

function withOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
