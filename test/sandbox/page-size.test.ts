/**
 * Paging that cannot lose data, against the sandbox: the demo user's 14 withdrawal beneficiaries read with a page
 * size (`maxPageSize`, sent as `Prefer: odata.maxpagesize`, OData 4.01 Protocol §8.2.8.5), with `$top` capping the
 * total as OData says; the sandbox answers an honoured preference with `Preference-Applied` (§8.3.6). Also the
 * typed query end to end: `$select`, a date-time literal given as text, `in`.
 */
import { readFileSync } from "node:fs";
import {
  createAccountFundsClient,
  filter,
  operationMetadata,
  type AccountFundsClient,
  type FetchLike,
  type OperationMetadata,
} from "@account-funds/client";
import type { Sandbox } from "@account-funds/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, testClientOptions, tokenFor } from "./support/sandbox-fixture.js";

const HOOK_TIMEOUT_MS = 60_000;
/** The demo user's withdrawal beneficiaries in the seed (sandbox/src/model/seed/). */
const BENEFICIARIES = 14;

/** A logged-in client that records every API page it reads: its Prefer header and the answer's Preference-Applied. */
function recordingClient(sandbox: Sandbox): {
  client: AccountFundsClient;
  pages: { prefer: string | null; applied: string | null; url: string }[];
} {
  const pages: { prefer: string | null; applied: string | null; url: string }[] = [];
  const recording: FetchLike = async (request, init) => {
    const response = await fetch(request, init);
    if (new URL(request.url).pathname.startsWith("/api/")) {
      pages.push({
        prefer: request.headers.get("prefer"),
        applied: response.headers.get("preference-applied"),
        url: request.url,
      });
    }
    return response;
  };
  const client = createAccountFundsClient({ ...testClientOptions(sandbox.url), fetch: recording });
  return { client, pages };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const item of items) seen.push(item);
  return seen;
}

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
}, HOOK_TIMEOUT_MS);

afterAll(() => sandbox?.close(), HOOK_TIMEOUT_MS);

describe("the contract", () => {
  it("declares the Prefer header and Preference-Applied on every OData list GET", () => {
    type Json = { readonly [key: string]: unknown };
    const document = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")) as {
      paths: Record<string, Record<string, Json>>;
    };
    const lists = Object.values(operationMetadata as Readonly<Record<string, OperationMetadata>>).filter(
      (operation) => operation.odata === "list",
    );
    expect(lists.length).toBeGreaterThan(30);
    for (const operation of lists) {
      const declared = document.paths[operation.path]?.[operation.method];
      expect(declared?.["parameters"], operation.operationId).toContainEqual({
        $ref: "#/components/parameters/Prefer",
      });
      const ok = (declared?.["responses"] as { "200"?: { headers?: Json } } | undefined)?.["200"];
      expect(ok?.headers?.["Preference-Applied"], operation.operationId).toEqual({
        $ref: "#/components/headers/PreferenceApplied",
      });
    }
  });
});

describe("maxPageSize: the page size, never a cap on the total", () => {
  it("reads all 14 beneficiaries in 3 pages of at most 5, asking for the size on every page", async () => {
    const { client, pages } = recordingClient(sandbox);
    const beneficiaries = await all(client.beneficiaries.listBeneficiaries.paginate({ maxPageSize: 5 }));
    expect(beneficiaries).toHaveLength(BENEFICIARIES);
    expect(new Set(beneficiaries.map((beneficiary) => beneficiary.Id)).size).toBe(BENEFICIARIES);
    expect(pages).toHaveLength(3);
    expect(pages.map((page) => [page.prefer, page.applied])).toEqual(
      Array(3).fill(["odata.maxpagesize=5", "odata.maxpagesize=5"]),
    );
  });

  it("gives one page of 5 with a next link to a plain call", async () => {
    const { client, pages } = recordingClient(sandbox);
    const page = await client.beneficiaries.listBeneficiaries({ maxPageSize: 5, $count: true });
    expect(page.value).toHaveLength(5);
    expect(page["@odata.count"]).toBe(BENEFICIARIES);
    expect(page["@odata.nextLink"]).toBeDefined();
    expect(pages[0]?.applied).toBe("odata.maxpagesize=5");
  });

  it("keeps $top a cap on the total: $top 5 yields 5; $top 12 in pages of 5 yields 12 in 3 pages", async () => {
    const { client, pages } = recordingClient(sandbox);
    expect(await all(client.beneficiaries.listBeneficiaries.paginate({ $top: 5 }))).toHaveLength(5);
    expect(pages).toHaveLength(1);
    const capped = await all(
      client.beneficiaries.listBeneficiaries.paginate({ $top: 12, maxPageSize: 5, $orderby: "Id" }),
    );
    expect(capped.map((beneficiary) => beneficiary.Id)).toEqual(
      (await all(client.beneficiaries.listBeneficiaries.paginate({ $orderby: "Id" })))
        .slice(0, 12)
        .map((beneficiary) => beneficiary.Id),
    );
    expect(pages.filter((page) => page.prefer !== null)).toHaveLength(3);
  });

  it("without maxPageSize reads everything in the sandbox's own pages, with no Prefer and no Preference-Applied", async () => {
    const { client, pages } = recordingClient(sandbox);
    expect(await all(client.beneficiaries.listBeneficiaries.paginate())).toHaveLength(BENEFICIARIES);
    expect(pages).toEqual([expect.objectContaining({ prefer: null, applied: null })]);
  });
});

describe("the sandbox's Prefer handling", () => {
  const list = async (
    prefer: string | undefined,
  ): Promise<{ count: number; applied: string | null; next: boolean }> => {
    const response = await fetch(`${sandbox.url}/api/v1/Beneficiaries`, {
      headers: { authorization: `Bearer ${await tokenFor(sandbox)}`, ...(prefer === undefined ? {} : { prefer }) },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { value: unknown[]; "@odata.nextLink"?: string };
    return {
      count: body.value.length,
      applied: response.headers.get("preference-applied"),
      next: body["@odata.nextLink"] !== undefined,
    };
  };

  it("honours OData 4.01's maxpagesize and 4.0's odata.maxpagesize, among other preferences, and names the one applied", async () => {
    expect(await list("maxpagesize=4")).toEqual({ count: 4, applied: "maxpagesize=4", next: true });
    expect(await list('respond-async, odata.include-annotations="*", odata.maxpagesize=6')).toEqual({
      count: 6,
      applied: "odata.maxpagesize=6",
      next: true,
    });
  });

  it("ignores a preference it cannot honour: the sandbox's own page, no Preference-Applied", async () => {
    expect(await list("odata.maxpagesize=0")).toEqual({ count: BENEFICIARIES, applied: null, next: false });
    expect(await list("odata.maxpagesize=lots")).toEqual({ count: BENEFICIARIES, applied: null, next: false });
  });

  it(
    "never pages beyond its own page size, however large the preference",
    async () => {
      const small = await startTestSandbox({ maxPageSize: 4 });
      try {
        const { client, pages } = recordingClient(small);
        expect(await all(client.beneficiaries.listBeneficiaries.paginate({ maxPageSize: 10 }))).toHaveLength(
          BENEFICIARIES,
        );
        expect(pages).toHaveLength(4);
        expect(pages.every((page) => page.applied === "odata.maxpagesize=10")).toBe(true);
      } finally {
        await small.close();
      }
    },
    HOOK_TIMEOUT_MS,
  );
});

describe("the typed query, end to end", () => {
  it("returns what $select names across pages", async () => {
    const { client } = recordingClient(sandbox);
    const names = await all(client.beneficiaries.listBeneficiaries.paginate({ $select: ["Name"], maxPageSize: 5 }));
    expect(names).toHaveLength(BENEFICIARIES);
    for (const beneficiary of names) {
      expect(typeof beneficiary.Name).toBe("string");
      expect(beneficiary).not.toHaveProperty("PaymentRouting");
    }
  });

  it("sends a date-time given as ISO text as a date-time, and `in` with the field's own type", async () => {
    const { client, pages } = recordingClient(sandbox);
    const transfers = await client.accounts.listOutboundTransfers(1, {
      $filter: filter.ge("CreatedDate", "2000-01-01T00:00:00Z"),
      $count: true,
    });
    expect(new URL(pages[0]?.url ?? "").searchParams.get("$filter")).toBe("CreatedDate ge 2000-01-01T00:00:00Z");
    expect(transfers["@odata.count"]).toBeGreaterThan(0);
    const future = await client.accounts.listOutboundTransfers(1, {
      $filter: (f) => f.gt("CreatedDate", new Date("2999-01-01T00:00:00Z")),
    });
    expect(future.value).toEqual([]);
    const some = await client.beneficiaries.listBeneficiaries({
      $filter: (f) => f.in("Id", [1, 2, 3]).and(f.startsWith("CurrencyCode", "GB")),
      $orderby: "Id",
    });
    expect(some.value.map((beneficiary) => beneficiary.Id)).toEqual([1, 2]);
  });
});
