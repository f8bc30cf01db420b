import { describe, expect, it } from "vitest";
import { entityShapes } from "@account-funds/client/contract";
import { loadContract } from "../../../src/endpoints/api/contract.js";
import { parseListQuery } from "../../../src/foundation/odata/index.js";

const contract = await loadContract();

function operation(operationId: string) {
  const found = contract.operations.get(operationId);
  if (found === undefined) throw new Error(`no operation ${operationId}`);
  return found;
}

describe("the contract the sandbox reads from the client's generated metadata", () => {
  it("types each parameter's text and checks it with the parameter's schema", () => {
    const balance = operation("getAccountBalance");
    expect(
      balance.parameters.map(({ name, in: location, required, type }) => [name, location, required, type]),
    ).toEqual([
      ["accountId", "path", true, "integer"],
      ["currencyCode", "path", true, "string"],
      ["$select", "query", false, "string"],
    ]);
    expect(balance.checkParameters({ path: { accountId: 2001, currencyCode: "GBP" }, query: {} })).toBe(true);
    expect(balance.checkParameters({ path: { accountId: 2001, currencyCode: "gbp" }, query: {} })).toBe(false);
    expect(balance.checkParameters({ path: { accountId: 2001 }, query: {} })).toBe(false);
    const list = operation("listAccounts");
    expect(list.checkParameters({ path: {}, query: { $top: -1 } })).toBe(false);
    expect(list.checkParameters({ path: {}, query: { $top: 5, $count: true } })).toBe(true);
  });

  it("gives every OData operation, and only those, the shape of its entity", () => {
    for (const { metadata, entityShape } of contract.operations.values()) {
      expect(entityShape !== undefined, metadata.operationId).toBe(metadata.odata !== undefined);
    }
    expect(operation("getAccountBalance").entityShape).toBe(entityShapes["AccountBalanceDto"]);
  });

  it("has shapes the query options can use: nested paths, date-times, numbers", () => {
    const withdrawal = operation("listWithdrawals").entityShape;
    if (withdrawal === undefined) throw new Error("listWithdrawals has no entity shape");
    expect(withdrawal.properties["CreatedDate"]).toBe("date-time");
    const parsed = parseListQuery(
      {
        $filter: "Beneficiary/Name ne null and CreatedDate gt 2024-01-01T00:00:00Z",
        $orderby: "Amount desc",
        $select: "Beneficiary/Name",
      },
      withdrawal,
    );
    expect(parsed.ok).toBe(true);
    expect(parseListQuery({ $select: "Beneficiary/Nope" }, withdrawal).ok).toBe(false);
  });
});
