import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  orderRows,
  parseOrderBy,
  parseSelect,
  projectRow,
  withEntityIds,
  type EntityShape,
} from "../../../src/foundation/odata/index.js";
import { rows, shape } from "./fixtures.js";

function select(text: string, row: object): object {
  const parsed = parseSelect(text, shape);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return projectRow(row, parsed.value);
}

function orderIds(text: string, data: readonly { readonly Id: number }[] = rows): number[] {
  const parsed = parseOrderBy(text, shape);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return orderRows(data, parsed.value).map((row) => row.Id);
}

describe("$select", () => {
  const row = rows[0] as (typeof rows)[0];

  it("projects exactly the listed properties: no key is added back (OData 4.01 JSON Format §4.5.8)", () => {
    expect(select("CurrencyCode,Amount", row)).toEqual({ CurrencyCode: "EUR", Amount: 100 });
    expect(Object.keys(select("Amount", row))).toEqual(["Amount"]);
    expect(select("Id,Amount", row)).toEqual({ Id: 1, Amount: 100 });
  });

  it("identifies a projection without its key by @odata.id, first, when the response says how", () => {
    const parsed = parseSelect("Amount", shape);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.omitsKey).toBe(true);
    const identified = withEntityIds(
      parsed.value,
      (source) => `http://host/api/v1/Withdrawals(${(source as typeof row).Id})`,
    );
    const projected = projectRow(row, identified);
    expect(projected).toEqual({ "@odata.id": "http://host/api/v1/Withdrawals(1)", Amount: 100 });
    expect(Object.keys(projected)[0]).toBe("@odata.id");
    // With the key selected, or with every property, there is nothing to identify.
    const keyed = parseSelect("Id,Amount", shape);
    expect(
      keyed.ok &&
        projectRow(
          row,
          withEntityIds(keyed.value, () => "x"),
        ),
    ).toEqual({ Id: 1, Amount: 100 });
    const all = parseSelect("*", shape);
    expect(all.ok && all.value.omitsKey).toBe(false);
  });

  it("projects members of complex properties", () => {
    expect(select("Beneficiary/Name", row)).toEqual({ Beneficiary: { Name: "Alice Smith" } });
    expect(select("Beneficiary/Address/City,Beneficiary/Name", row)).toEqual({
      Beneficiary: { Address: { City: "Paris" }, Name: "Alice Smith" },
    });
    // Selecting the whole complex value wins over selecting one of its members, in either order.
    expect(select("Beneficiary/Name,Beneficiary", row)).toEqual({ Beneficiary: row.Beneficiary });
    expect(select("Beneficiary,Beneficiary/Name", row)).toEqual({ Beneficiary: row.Beneficiary });
  });

  it("adds nothing to nested complex values either", () => {
    const keyed: EntityShape = {
      properties: { Id: "integer", Account: { properties: { Id: "integer", Name: "string", Code: "string" } } },
      key: ["Id"],
    };
    const parsed = parseSelect("Id,Account/Name", keyed);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const row = { Id: 7, Amount: 1, Account: { Id: 9, Name: "Main", Code: "X" } };
    expect(projectRow(row, parsed.value)).toEqual({ Id: 7, Account: { Name: "Main" } });
  });

  it("writes null for absent properties and for members of a null complex property", () => {
    const third = rows[2] as (typeof rows)[2];
    expect(select("Beneficiary/Name,Fees", third)).toEqual({ Beneficiary: null, Fees: null });
    const second = rows[1] as (typeof rows)[1];
    expect(select("Beneficiary/Address/City", second)).toEqual({ Beneficiary: { Address: null } });
  });

  it("returns every property for *", () => {
    expect(select("*", row)).toEqual(row);
    expect(select("Amount,*", row)).toEqual(row);
  });

  it("accepts spaces around items", () => {
    expect(select(" Amount , StatusCode ", row)).toEqual({ Amount: 100, StatusCode: "C" });
  });

  it.each([
    ["Nope", "unknown_property"],
    ["Beneficiary/Nope", "unknown_property"],
    ["Amount/Value", "unknown_property"],
    ["constructor", "unknown_property"],
    ["", "invalid_select"],
    ["Id,,Amount", "invalid_select"],
    ["Id,", "invalid_select"],
    ["Beneficiary/", "invalid_select"],
    ["Model.Action", "invalid_select"],
    ["Fees($top=1)", "invalid_select"],
    ["Id Amount", "invalid_select"],
    ["x".repeat(2001), "query_too_complex"],
  ])("%s → %s", (text, code) => {
    const parsed = parseSelect(text, shape);
    expect(parsed.ok ? undefined : parsed.error).toMatchObject({ code, target: "$select" });
  });

  it("keeps a property named __proto__ as data", () => {
    const odd: EntityShape = { properties: { Id: "integer", ["__proto__"]: "string" } };
    const parsed = parseSelect("__proto__", odd);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const source = JSON.parse('{"Id": 1, "__proto__": "x"}') as object;
    const projected = projectRow(source, parsed.value);
    expect(Object.getPrototypeOf(projected)).toBe(Object.prototype);
    expect(JSON.stringify(projected)).toBe('{"__proto__":"x"}');
  });
});

describe("$orderby", () => {
  it.each([
    ["Id", [1, 2, 3, 4, 5]],
    ["Id desc", [5, 4, 3, 2, 1]],
    ["Amount", [3, 5, 4, 1, 2]],
    ["Amount asc", [3, 5, 4, 1, 2]],
    ["Amount desc", [2, 1, 4, 5, 3]],
    ["Amount DESC", [2, 1, 4, 5, 3]],
    ["CurrencyCode,Id desc", [5, 3, 1, 2, 4]],
    ["CurrencyCode desc,Id", [4, 2, 1, 3, 5]],
    ["IsCrossCurrency,Id", [3, 1, 4, 2, 5]],
    ["CreatedDate desc,Id", [5, 1, 2, 4, 3]],
    ["Beneficiary/Name", [3, 5, 4, 1, 2]],
    ["Beneficiary/Address/City desc", [1, 4, 2, 3, 5]],
    [" StatusCode , Amount  desc ", [1, 4, 2, 3, 5]],
  ])("%s (nulls first ascending, last descending)", (text, expected) => {
    expect(orderIds(text)).toEqual(expected);
  });

  it("orders date-times as instants, not as text", () => {
    const data = [
      { Id: 1, CreatedDate: "2024-01-01T01:30:00+02:00" }, // 2023-12-31T23:30Z
      { Id: 2, CreatedDate: "2024-01-01T00:00:00Z" },
      { Id: 3, CreatedDate: "2023-12-31T23:00:00-02:00" }, // 2024-01-01T01:00Z
    ];
    expect(orderIds("CreatedDate", data)).toEqual([1, 2, 3]);
  });

  it("is stable: rows with equal keys keep their input order", () => {
    const entry = fc.record({ Id: fc.integer(), StatusCode: fc.option(fc.constantFrom("A", "B", "C"), { nil: null }) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.boolean(), (data, descending) => {
        const parsed = parseOrderBy(`StatusCode${descending ? " desc" : ""}`, shape);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const ordered = orderRows(data, parsed.value);
        const rank = (code: string | null): number => (code === null ? 0 : code.charCodeAt(0));
        const expected = data
          .map((row, index) => ({ row, index }))
          .sort(
            (a, b) => (rank(a.row.StatusCode) - rank(b.row.StatusCode)) * (descending ? -1 : 1) || a.index - b.index,
          )
          .map(({ row }) => row);
        expect(ordered).toEqual(expected);
        // The input is not modified.
        expect(ordered).not.toBe(data);
      }),
    );
  });

  it.each([
    ["Nope", "unknown_property"],
    ["Beneficiary/Nope desc", "unknown_property"],
    ["Beneficiary", "unsupported_orderby"],
    ["Fees", "unsupported_orderby"],
    ["tolower(CurrencyCode)", "unsupported_orderby"],
    ["Amount add 1", "unsupported_orderby"],
    ["", "invalid_orderby"],
    ["Id,", "invalid_orderby"],
    ["Id sideways", "invalid_orderby"],
    ["Id desc asc", "invalid_orderby"],
    ["x".repeat(2001), "query_too_complex"],
  ])("%s → %s", (text, code) => {
    const parsed = parseOrderBy(text, shape);
    expect(parsed.ok ? undefined : parsed.error).toMatchObject({ code, target: "$orderby" });
  });
});
