import { describe, expect, it } from "vitest";
import { PagingError } from "../../../runtime/errors/errors.js";
import { nextLinkOf, paginate, type Page, type PagingContext } from "../../../runtime/odata/paging.js";

const context: PagingContext = {
  apiBaseUrl: "https://api.test",
  maxPages: 1000,
  operationId: "listAccounts",
  requestOf: (url) => ({ method: "GET", url: url.replace(/token=[^&]*/, "token=[REDACTED]") }),
};
const request = "https://api.test/api/v1/Accounts?$top=2";
const page = (data: unknown, url = request): Page => ({ data, url });

describe("next links", () => {
  it("resolves relative links against the context URL, else the request URL", () => {
    expect(
      nextLinkOf(
        page({
          "@odata.nextLink": "Accounts?$skiptoken=2",
          "@odata.context": "https://api.test/api/v1/$metadata#Accounts",
        }),
        context,
      ),
    ).toBe("https://api.test/api/v1/Accounts?$skiptoken=2");
    expect(nextLinkOf(page({ "@odata.nextLink": "Accounts?$skiptoken=2" }), context)).toBe(
      "https://api.test/api/v1/Accounts?$skiptoken=2",
    );
    expect(nextLinkOf(page({ "@odata.nextLink": "/api/v1/Accounts?$skip=2" }), context)).toBe(
      "https://api.test/api/v1/Accounts?$skip=2",
    );
    expect(nextLinkOf(page({ value: [] }), context)).toBeUndefined();
    expect(nextLinkOf(page({ "@odata.nextLink": "" }), context)).toBeUndefined();
  });

  it("refuses another origin, including a scheme or port change, with the page's request and the operationId", () => {
    for (const link of ["https://evil.test/x", "http://api.test/x", "https://api.test:8443/x", "//evil.test/x"]) {
      let thrown: unknown;
      try {
        nextLinkOf(page({ "@odata.nextLink": link }, "https://api.test/api/v1/Accounts?token=secret"), context);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(PagingError);
      expect(thrown).toMatchObject({
        code: "unsafe_next_link",
        operationId: "listAccounts",
        request: { method: "GET", url: "https://api.test/api/v1/Accounts?token=[REDACTED]" },
      });
      expect((thrown as Error).message).toMatch(
        /another origin.*\(GET https:\/\/api\.test\/api\/v1\/Accounts\?token=\[REDACTED\]\)$/,
      );
    }
  });

  it("refuses a link that is not a URL", () => {
    expect(() => nextLinkOf(page({ "@odata.nextLink": "http://[::1" }), context)).toThrow(
      expect.objectContaining({
        code: "invalid_next_link",
        operationId: "listAccounts",
        request: { method: "GET", url: request },
      }),
    );
  });
});

describe("paginate", () => {
  const pages: Record<string, unknown> = {
    "https://api.test/a": { value: [1, 2], "@odata.nextLink": "/b" },
    "https://api.test/b": { value: [3], "@odata.nextLink": "/c" },
    "https://api.test/c": { value: [] },
    "https://api.test/loop": { value: [9], "@odata.nextLink": "/loop" },
  };
  const load = (fetched: string[]) => async (url: string) => {
    fetched.push(url);
    return { data: pages[url], url };
  };

  it("yields every entity of every page, fetching each page only when the previous one is used up", async () => {
    const fetched: string[] = [];
    const items: number[] = [];
    for await (const item of paginate<number>(() => load(fetched)("https://api.test/a"), load(fetched), context)) {
      items.push(item);
      if (item === 1) expect(fetched).toEqual(["https://api.test/a"]);
    }
    expect(items).toEqual([1, 2, 3]);
    expect(fetched).toEqual(["https://api.test/a", "https://api.test/b", "https://api.test/c"]);
  });

  it("stops with a PagingError on a page that is no collection, or a link back to a page already read", async () => {
    const broken = paginate(() => Promise.resolve(page({ nope: 1 }, "https://api.test/a")), load([]), context);
    await expect(broken.next()).rejects.toMatchObject({
      name: "PagingError",
      code: "invalid_collection",
      operationId: "listAccounts",
      request: { method: "GET", url: "https://api.test/a" },
    });
    const looping = paginate<number>(() => load([])("https://api.test/loop"), load([]), context);
    await expect(looping.next()).resolves.toEqual({ value: 9, done: false });
    await expect(looping.next()).rejects.toMatchObject({
      code: "next_link_loop",
      operationId: "listAccounts",
      request: { url: "https://api.test/loop" },
    });
  });
});
