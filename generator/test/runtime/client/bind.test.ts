import { describe, expect, it } from "vitest";
import { argumentShapeOf, argumentSlots, collectArguments } from "../../../runtime/client/bind.js";
import { operations } from "../fixtures.js";
import { harness } from "../harness.js";

describe("argument layout", () => {
  it("is path parameters in path order, then body or query, then options", () => {
    const kinds = (name: keyof typeof operations) =>
      argumentSlots(argumentShapeOf(operations[name])).map((slot) => (slot.kind === "path" ? slot.name : slot.kind));
    expect(kinds("listAccounts")).toEqual(["query", "init"]);
    expect(kinds("getAccountBalance")).toEqual(["accountId", "currencyCode", "query", "init"]);
    expect(kinds("createAccountTransfer")).toEqual(["body", "init"]);
    expect(kinds("approveTransfer")).toEqual(["transferId", "init"]);
    expect(kinds("getJobStatus")).toEqual(["jobId", "query", "init"]);
    expect(argumentSlots({ pathParameters: ["id"], hasBody: true, hasQuery: true }).map((slot) => slot.kind)).toEqual([
      "path",
      "body",
      "query",
      "init",
    ]);
  });

  it("collects positional values by slot", () => {
    const slots = argumentSlots({ pathParameters: ["a", "b"], hasBody: true, hasQuery: false });
    const signal = AbortSignal.abort();
    expect(collectArguments(slots, [1, "x", { B: 1 }, { signal }])).toEqual({
      args: { path: { a: 1, b: "x" }, body: { B: 1 }, query: undefined },
      init: { signal },
    });
  });

  it("binds frozen groups with named methods and paginate on OData lists only", () => {
    const { client } = harness();
    expect(Object.isFrozen(client)).toBe(true);
    expect(Object.isFrozen(client.accounts)).toBe(true);
    expect(client.accounts.listBalances.name).toBe("listBalances");
    expect(typeof client.accounts.listBalances.paginate).toBe("function");
    expect(client.accounts.getAccount.paginate).toBeUndefined();
    expect(client.transfers.approveTransfer.paginate).toBeUndefined();
  });
});
