import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { describe, expect, it } from "vitest";
import { compileRoutes, matchRoute } from "../../../src/foundation/http/router.js";

const routes = compileRoutes(Object.values(operationMetadata) as OperationMetadata[]);

function found(
  method: string,
  pathname: string,
): { operationId: string; pathParameters: Readonly<Record<string, string>> } | string {
  const match = matchRoute(routes, method, pathname);
  return match.kind === "found"
    ? { operationId: match.operation.operationId, pathParameters: match.pathParameters }
    : match.kind;
}

describe("routes from the spec's path templates (pathnames percent-decoded)", () => {
  it("take a string key unquoted, as the reference writes it, or quoted, as OData writes a string literal", () => {
    for (const key of ["GBP", "'GBP'"]) {
      expect(found("GET", `/api/v1/Accounts(2001)/Balances(${key})`)).toEqual({
        operationId: "getAccountBalance",
        pathParameters: { accountId: "2001", currencyCode: "GBP" },
      });
      expect(found("GET", `/api/v1/Accounts(2001)/Balances(${key})/Statement`)).toMatchObject({
        operationId: "listAccountBalanceStatement",
        pathParameters: { currencyCode: "GBP" },
      });
      expect(found("GET", `/api/v1/Currencies(${key})`)).toEqual({
        operationId: "getCurrency",
        pathParameters: { id: "GBP" },
      });
    }
  });

  it("take a function parameter with or without spaces around =, quoted or not, a doubled quote standing for one", () => {
    for (const path of [
      "Countries(FilterType = All)",
      "Countries(FilterType=All)",
      "Countries(FilterType='All')",
      "Countries(FilterType = 'All')",
    ]) {
      expect(found("GET", `/api/v1/Accounts(2001)/${path}`)).toEqual({
        operationId: "listAccountCountries",
        pathParameters: { accountId: "2001", filterType: "All" },
      });
    }
    expect(found("GET", "/api/v1/Entities(1001)/Countries(FilterType='O''Hara (x)')")).toMatchObject({
      pathParameters: { filterType: "O'Hara (x)" },
    });
  });

  // A slot takes any text of its segment, so such a key still reaches its operation, which refuses it with a status it
  // declares (the value is not a valid int or code); what matters here is that the quotes are not taken away.
  it("quote neither an integer key nor a plain path segment", () => {
    expect(found("GET", "/api/v1/Accounts('2001')")).toEqual({
      operationId: "getAccount",
      pathParameters: { id: "'2001'" },
    });
    expect(found("GET", "/api/v1/ExchangeRates/MidRate/'GBP'/EUR")).toMatchObject({
      pathParameters: { sourceCurrencyCode: "'GBP'" },
    });
    expect(found("GET", "/api/v1/Beneficiaries/'GBP'/RequiredAdditionalInformation")).toMatchObject({
      pathParameters: { currencyCode: "'GBP'" },
    });
    expect(found("GET", "/api/v1/Accounts(2001)/Balances('GBP)")).toMatchObject({
      pathParameters: { currencyCode: "'GBP" },
    });
    expect(found("GET", "/api/v1/Withdrawals/PaymentPurposes(CountryCode='AE')")).toEqual({
      operationId: "listCountryPaymentPurposes",
      pathParameters: { CountryCode: "AE" },
    });
  });
});
