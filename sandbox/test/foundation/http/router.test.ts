import { describe, expect, it } from "vitest";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { compileRoutes, decodedPathname, matchRoute, type RouteMatch } from "../../../src/foundation/http/router.js";

const all: readonly OperationMetadata[] = Object.values(operationMetadata);
const routes = compileRoutes(all.filter((operation) => operation.security === "bearer"));

const found = (match: RouteMatch<OperationMetadata>) =>
  match.kind === "found" ? { operationId: match.operation.operationId, ...match.pathParameters } : match.kind;

describe("matching a request path against the spec's templates", () => {
  it("prefers a literal path to a template that also fits it", () => {
    expect(found(matchRoute(routes, "GET", "/api/v1/Withdrawals/PaymentPurposes(CountryCode=null)"))).toEqual({
      operationId: "listGenericPaymentPurposes",
    });
    expect(found(matchRoute(routes, "GET", "/api/v1/Withdrawals/PaymentPurposes(CountryCode='GB')"))).toEqual({
      operationId: "listCountryPaymentPurposes",
      CountryCode: "GB",
    });
  });

  it("reads spaces in a template as optional, percent-encoded or not", () => {
    for (const path of [
      "/api/v1/Accounts(1)/Countries(FilterType=All)",
      "/api/v1/Accounts(1)/Countries(FilterType%20=%20All)",
    ]) {
      expect(found(matchRoute(routes, "GET", path))).toEqual({
        operationId: "listAccountCountries",
        accountId: "1",
        filterType: "All",
      });
    }
  });

  it("hands a key that cannot exist to its operation, which refuses it with a status it declares", () => {
    expect(found(matchRoute(routes, "GET", "/api/v1/Accounts()"))).toEqual({ operationId: "getAccount", id: "" });
    expect(found(matchRoute(routes, "GET", "/api/v1/Accounts(1%2F2)"))).toEqual({
      operationId: "getAccount",
      id: "1/2",
    });
    expect(found(matchRoute(routes, "GET", "/api/v1/Accounts('1')"))).toEqual({ operationId: "getAccount", id: "'1'" });
    // Not valid percent-encoded UTF-8: kept as it is, so the parameter's schema refuses it (no 400 of the router's).
    expect(found(matchRoute(routes, "POST", "/api/v1/Transfers/%E0/Approve"))).toEqual({
      operationId: "approveTransfer",
      transferId: "%E0",
    });
    expect(found(matchRoute(routes, "GET", "/api/v1/Beneficiaries//RequiredAdditionalInformation"))).toEqual({
      operationId: "getRequiredAdditionalInformation",
      currencyCode: "",
    });
  });

  it("answers no route where no template fits, and names the operations of a path asked with another method", () => {
    expect(matchRoute(routes, "GET", "/api/v1/Acc%E0ounts").kind).toBe("not-found");
    expect(matchRoute(routes, "GET", "/api/v1/Accounts(1)/Nothing").kind).toBe("not-found");
    const wrongMethod = matchRoute(routes, "GET", "/api/v1/Transfers/CreateAccountTransfer");
    expect(wrongMethod.kind === "method-not-allowed" && wrongMethod.operations.map((o) => o.operationId)).toEqual([
      "createAccountTransfer",
    ]);
    const deleted = matchRoute(routes, "DELETE", "/api/v1/Accounts(1)");
    expect(deleted.kind === "method-not-allowed" && deleted.operations.map((o) => o.operationId)).toEqual([
      "getAccount",
    ]);
  });

  it("decodes the path segment by segment for the OData context URLs, keeping a malformed segment as it is", () => {
    expect(decodedPathname("/api/v1/Accounts(1)/Countries(FilterType%20=%20All)")).toBe(
      "/api/v1/Accounts(1)/Countries(FilterType = All)",
    );
    expect(decodedPathname("/api/v1/Currencies(%E0)/x%2Fy")).toBe("/api/v1/Currencies(%E0)/x/y");
  });
});
