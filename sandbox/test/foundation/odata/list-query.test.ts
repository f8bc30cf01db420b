import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyListQuery,
  applySelect,
  buildNextLink,
  parseEntityQuery,
  parseListQuery,
  type ListQuery,
  type ListQueryOptions,
} from "../../../src/foundation/odata/index.js";
import { rows, shape } from "./fixtures.js";

function query(options: ListQueryOptions): ListQuery {
  const parsed = parseListQuery(options, shape);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function ids(value: readonly object[]): number[] {
  return value.map((row) => (row as { Id: number }).Id);
}

/** Reads the options back from a next link, as the HTTP layer would (decoded once, typed per the spec). */
function optionsOf(link: string): ListQueryOptions {
  const params = new URL(link).searchParams;
  const options: { -readonly [K in keyof ListQueryOptions]: ListQueryOptions[K] } = {};
  for (const name of ["$filter", "$select", "$orderby"] as const) {
    const value = params.get(name);
    if (value !== null) options[name] = value;
  }
  for (const name of ["$top", "$skip"] as const) {
    const value = params.get(name);
    if (value !== null) options[name] = Number(value);
  }
  const count = params.get("$count");
  if (count !== null) options.$count = count === "true";
  expect([...params.keys()].every((key) => key.startsWith("$"))).toBe(true);
  return options;
}

describe("applyListQuery", () => {
  it("orders by Id by default, whatever the input order", () => {
    const shuffled = [3, 0, 4, 2, 1].map((index) => rows[index] as (typeof rows)[number]);
    expect(ids(applyListQuery(shuffled, query({}), { maxPageSize: 100 }).value)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the input order when the entity has no Id", () => {
    const data = [{ Code: "b" }, { Code: "a" }];
    const parsed = parseListQuery({}, { properties: { Code: "string" } });
    expect(parsed.ok && applyListQuery(data, parsed.value, { maxPageSize: 10 }).value).toEqual(data);
  });

  it("filters, then orders, then skips and takes, then projects", () => {
    const page = applyListQuery(
      rows,
      query({ $filter: "Amount ne null", $orderby: "Amount desc", $skip: 1, $top: 2, $select: "Id,Amount" }),
      { maxPageSize: 100 },
    );
    expect(page.value).toEqual([
      { Id: 1, Amount: 100 },
      { Id: 4, Amount: 0 },
    ]);
    expect(page.count).toBeUndefined();
    expect(page.next).toBeUndefined();
  });

  it("counts every matching row before paging when $count=true", () => {
    const page = applyListQuery(rows, query({ $filter: "Amount ne null", $top: 1, $skip: 1, $count: true }), {
      maxPageSize: 1,
    });
    expect(page.count).toBe(4);
    expect(ids(page.value)).toEqual([2]);
    expect(applyListQuery(rows, query({ $count: false }), { maxPageSize: 2 }).count).toBeUndefined();
    expect(applyListQuery(rows, query({ $top: 0, $count: true }), { maxPageSize: 2 })).toEqual({ value: [], count: 5 });
  });

  it("cuts pages of maxPageSize and says where the next one starts", () => {
    expect(applyListQuery(rows, query({}), { maxPageSize: 2 })).toMatchObject({ next: { skip: 2 } });
    expect(applyListQuery(rows, query({ $skip: 2 }), { maxPageSize: 2 }).next).toEqual({ skip: 4 });
    expect(applyListQuery(rows, query({ $skip: 4 }), { maxPageSize: 2 }).next).toBeUndefined();
    // With $top the next page asks for what is left of it.
    expect(applyListQuery(rows, query({ $top: 3 }), { maxPageSize: 2 }).next).toEqual({ skip: 2, top: 1 });
    expect(applyListQuery(rows, query({ $top: 2 }), { maxPageSize: 2 }).next).toBeUndefined();
    expect(applyListQuery(rows, query({ $skip: 9 }), { maxPageSize: 2 })).toEqual({ value: [] });
  });

  it("rejects a maxPageSize that is not a positive integer", () => {
    expect(() => applyListQuery(rows, query({}), { maxPageSize: 0 })).toThrow(RangeError);
    expect(() => applyListQuery(rows, query({}), { maxPageSize: 1.5 })).toThrow(RangeError);
  });

  it("visits every matching row exactly once, in order, by following next links", () => {
    const entry = fc.record({
      Amount: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
      CurrencyCode: fc.option(fc.constantFrom("EUR", "GBP", "O'K & 100%"), { nil: null }),
    });
    const data = fc
      .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 40 })
      .chain((idList) => fc.tuple(...idList.map((Id) => entry.map((fields) => ({ Id, ...fields })))));
    type Entry = { Id: number; Amount: number | null; CurrencyCode: string | null };
    // Each option with an independent reference implementation.
    const filters: ReadonlyArray<readonly [string | undefined, (row: Entry) => boolean]> = [
      [undefined, () => true],
      ["Amount gt 0", (row) => row.Amount !== null && row.Amount > 0],
      [
        "CurrencyCode eq 'O''K & 100%' or Amount eq null",
        (row) => row.CurrencyCode === "O'K & 100%" || row.Amount === null,
      ],
      ["not (Amount le -3)", (row) => !(row.Amount !== null && row.Amount <= -3)],
    ];
    // Ascending with nulls first; `desc` reverses both.
    const compare = (a: number | string | null, b: number | string | null): number =>
      a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
    const orders: ReadonlyArray<readonly [string | undefined, (a: Entry, b: Entry) => number]> = [
      [undefined, (a, b) => a.Id - b.Id],
      ["Amount desc", (a, b) => -compare(a.Amount, b.Amount)],
      ["CurrencyCode,Amount desc", (a, b) => compare(a.CurrencyCode, b.CurrencyCode) || -compare(a.Amount, b.Amount)],
      ["Id desc", (a, b) => b.Id - a.Id],
    ];
    fc.assert(
      fc.property(
        data,
        fc.nat({ max: filters.length - 1 }),
        fc.nat({ max: orders.length - 1 }),
        fc.option(fc.nat({ max: 25 }), { nil: undefined }),
        fc.option(fc.nat({ max: 25 }), { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        (table, filterIndex, orderIndex, $top, $skip, $count, maxPageSize) => {
          const [$filter, matches] = filters[filterIndex] ?? [undefined, () => true];
          const [$orderby, order] = orders[orderIndex] ?? [undefined, () => 0];
          const options: ListQueryOptions = {
            ...($filter === undefined ? {} : { $filter }),
            ...($orderby === undefined ? {} : { $orderby }),
            ...($top === undefined ? {} : { $top }),
            ...($skip === undefined ? {} : { $skip }),
            $count,
            $select: "Id,Amount",
          };
          const matching = table.filter(matches);
          const start = $skip ?? 0;
          const expected = matching
            .map((row, index) => ({ row, index }))
            .sort((a, b) => order(a.row, b.row) || a.index - b.index)
            .slice(start, $top === undefined ? undefined : start + $top)
            .map(({ row }) => ({ Id: row.Id, Amount: row.Amount }));

          const visited: object[] = [];
          let current = options;
          for (let pages = 0; ; pages += 1) {
            expect(pages).toBeLessThanOrEqual(table.length + 1);
            const page = applyListQuery(table, query(current), { maxPageSize });
            expect(page.value.length).toBeLessThanOrEqual(maxPageSize);
            expect(page.count).toBe($count ? matching.length : undefined);
            visited.push(...page.value);
            if (page.next === undefined) break;
            expect(page.value.length).toBe(maxPageSize);
            const link = buildNextLink(
              "http://localhost:4010",
              "/api/v1/Accounts(2001)/Withdrawals",
              current,
              page.next,
            );
            current = optionsOf(link);
            expect(current.$filter).toBe(options.$filter);
            expect(current.$orderby).toBe(options.$orderby);
          }
          expect(visited).toEqual(expected);
          const distinct = new Set(ids(visited));
          expect(distinct.size).toBe(visited.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("parseListQuery", () => {
  it("reports the first invalid option with its name as target", () => {
    const error = (options: ListQueryOptions) => {
      const parsed = parseListQuery(options, shape);
      return parsed.ok ? undefined : parsed.error;
    };
    expect(error({ $filter: "Nope eq 1", $select: "Nope" })).toMatchObject({
      code: "unknown_property",
      target: "$filter",
    });
    expect(error({ $select: "Nope" })).toMatchObject({ code: "unknown_property", target: "$select" });
    expect(error({ $orderby: "Nope" })).toMatchObject({ code: "unknown_property", target: "$orderby" });
    expect(error({ $top: -1 })).toMatchObject({ code: "invalid_query_option", target: "$top" });
    expect(error({ $skip: 1.5 })).toMatchObject({ code: "invalid_query_option", target: "$skip" });
    expect(error({ $count: "yes" as unknown as boolean })).toMatchObject({
      code: "invalid_query_option",
      target: "$count",
    });
  });
});

describe("single entity $select", () => {
  it("projects one row, or returns it whole without $select", () => {
    const row = rows[0] as (typeof rows)[0];
    const parsed = parseEntityQuery({ $select: "Id,StatusCode" }, shape);
    expect(parsed.ok && applySelect(row, parsed.value)).toEqual({ Id: 1, StatusCode: "C" });
    const whole = parseEntityQuery({}, shape);
    expect(whole.ok && applySelect(row, whole.value)).toBe(row);
    const bad = parseEntityQuery({ $select: "Nope" }, shape);
    expect(bad.ok ? undefined : bad.error).toMatchObject({ code: "unknown_property", target: "$select" });
  });
});

describe("buildNextLink", () => {
  it("repeats the options, percent-encoded once, with the new $skip and $top", () => {
    const link = buildNextLink(
      "http://localhost:4010/",
      "/api/v1/Withdrawals",
      {
        $filter: "Reference eq 'a+b & c=d #1 100%'",
        $select: "Id,Beneficiary/Name",
        $orderby: "Amount desc",
        $top: 10,
        $skip: 0,
        $count: true,
      },
      { skip: 4, top: 6 },
    );
    expect(link).toBe(
      "http://localhost:4010/api/v1/Withdrawals?$filter=Reference%20eq%20'a%2Bb%20%26%20c%3Dd%20%231%20100%25'" +
        "&$select=Id,Beneficiary/Name&$orderby=Amount%20desc&$top=6&$skip=4&$count=true",
    );
    expect(new URL(link).searchParams.get("$filter")).toBe("Reference eq 'a+b & c=d #1 100%'");
  });

  it("leaves $top out when the request had none", () => {
    expect(buildNextLink("http://h", "api/v1/Alerts", {}, { skip: 100 })).toBe("http://h/api/v1/Alerts?$skip=100");
  });

  it("round-trips any option text through URL parsing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 50 }), fc.string({ maxLength: 20 }), (filter, select) => {
        const link = buildNextLink(
          "https://sandbox.example",
          "/api/v1/Accounts",
          { $filter: filter, $select: select },
          { skip: 3 },
        );
        const params = new URL(link).searchParams;
        expect(params.get("$filter")).toBe(filter);
        expect(params.get("$select")).toBe(select);
        expect(params.get("$skip")).toBe("3");
      }),
    );
  });
});
