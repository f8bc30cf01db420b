/** What OData list calls send: page size as `Prefer: odata.maxpagesize` on every page, and date-times in `$filter`. */
import { describe, expect, it } from "vitest";
import { filter } from "../../../runtime/odata/odata.js";
import { json } from "../fake-fetch.js";
import { BASE_URL } from "../fixtures.js";
import { harness } from "../harness.js";

/** A fake list of `total` accounts, paged server-side by the request's maxpagesize (default 100), with $top and $skip. */
function pagedAccounts(total: number) {
  return (request: { search: URLSearchParams; headers: Record<string, string> }) => {
    const size = Number(/odata\.maxpagesize=(\d+)/.exec(request.headers["prefer"] ?? "")?.[1] ?? 100);
    const skip = Number(request.search.get("$skip") ?? 0);
    const top = request.search.has("$top") ? Number(request.search.get("$top")) : Infinity;
    const end = Math.min(total, skip + top);
    const pageEnd = Math.min(end, skip + size);
    const value = Array.from({ length: pageEnd - skip }, (_, index) => ({ Id: skip + index + 1 }));
    const rest = top === Infinity ? "" : `$top=${skip + top - pageEnd}&`;
    return json(200, {
      value,
      ...(pageEnd < end ? { "@odata.nextLink": `${BASE_URL}/api/v1/Accounts?${rest}$skip=${pageEnd}` } : {}),
    });
  };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const item of items) seen.push(item);
  return seen;
}

describe("page size", () => {
  it("asks for maxPageSize on every page, and paginate yields every entity", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", pagedAccounts(14));
    const accounts = await all(client.accounts.listAccounts.paginate({ maxPageSize: 5 }));
    expect(accounts.map((account) => (account as { Id: number }).Id)).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    const requests = server.to("/api/v1/Accounts");
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => request.headers["prefer"])).toEqual(Array(3).fill("odata.maxpagesize=5"));
    // maxPageSize is a header, never a query option.
    expect(requests.some((request) => request.search.has("maxPageSize"))).toBe(false);
  });

  it("keeps $top a cap on the total, across pages", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", pagedAccounts(14));
    expect(await all(client.accounts.listAccounts.paginate({ $top: 5 }))).toHaveLength(5);
    expect(await all(client.accounts.listAccounts.paginate({ $top: 7, maxPageSize: 3 }))).toHaveLength(7);
    expect(server.to("/api/v1/Accounts").at(-1)?.search.get("$top")).toBe("1");
  });

  it("sends the page size of a single-page call, before the caller's own preferences", async () => {
    const { server, client } = harness({ headers: { Prefer: 'odata.include-annotations="*"' } });
    server.on("GET", "/api/v1/Accounts", pagedAccounts(14));
    const page = await client.accounts.listAccounts({ maxPageSize: 4 });
    expect(page.value).toHaveLength(4);
    expect(page["@odata.nextLink"]).toBe(`${BASE_URL}/api/v1/Accounts?$skip=4`);
    expect(server.to("/api/v1/Accounts")[0]?.headers["prefer"]).toBe(
      'odata.maxpagesize=4, odata.include-annotations="*"',
    );
  });

  it("sends no Prefer without maxPageSize, and refuses a page size that is not a positive integer before sending", async () => {
    const { server, client } = harness();
    server.on("GET", "/api/v1/Accounts", pagedAccounts(2));
    await client.accounts.listAccounts();
    expect(server.to("/api/v1/Accounts")[0]?.headers["prefer"]).toBeUndefined();
    await expect(all(client.accounts.listAccounts.paginate({ maxPageSize: 0 }))).rejects.toThrow(
      /maxPageSize must be a positive integer/,
    );
    expect(server.to("/api/v1/Accounts")).toHaveLength(1);
  });
});

describe("date-times in $filter", () => {
  it("sends a string compared with one of the entity's date-time properties as a date-time, other strings as strings", async () => {
    const { server, client } = harness({ config: { odataDateTimes: { listAccounts: ["CreatedDate"] } } });
    server.on("GET", "/api/v1/Accounts", () => json(200, { value: [] }));
    await client.accounts.listAccounts({
      $filter: filter.ge("CreatedDate", "2025-01-31T00:00:00Z").and(filter.eq("Name", "2025-01-31T00:00:00Z")),
    });
    await client.accounts.listAccounts({
      $filter: (f: typeof filter) => f.lt("CreatedDate", new Date("2025-02-01T00:00:00Z")),
    });
    expect(server.to("/api/v1/Accounts").map((request) => request.search.get("$filter"))).toEqual([
      "CreatedDate ge 2025-01-31T00:00:00Z and Name eq '2025-01-31T00:00:00Z'",
      "CreatedDate lt 2025-02-01T00:00:00.000Z",
    ]);
  });

  it("refuses a date-time without an offset before anything is sent", async () => {
    const { server, client } = harness({ config: { odataDateTimes: { listAccounts: ["CreatedDate"] } } });
    await expect(
      client.accounts.listAccounts({ $filter: filter.ge("CreatedDate", "2025-01-31T00:00:00") }),
    ).rejects.toThrow(/has no UTC offset/);
    expect(server.requests).toHaveLength(0);
  });
});
