import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operationMetadata, type OperationMetadata } from "@account-funds/client";
import { operationContracts, type OperationContractMetadata } from "@account-funds/client/contract";
import { fillPathTemplate, locationOf } from "../../../src/foundation/http/operation-path.js";
import { compileRoutes, matchRoute } from "../../../src/foundation/http/router.js";

const all: readonly OperationMetadata[] = Object.values(operationMetadata);
const contracts: Readonly<Record<string, OperationContractMetadata>> = operationContracts;
const routes = compileRoutes(all.filter((operation) => operation.security === "bearer"));

describe("locationOf: the path of an entity from its GET operation's template", () => {
  it("fills integer keys, string keys and several keys", () => {
    expect(locationOf("getTransfer", { id: 7 })).toBe("/api/v1/Transfers(7)");
    expect(locationOf("getOutboundTransfer", { id: 12 })).toBe("/api/v1/OutboundTransfers(12)");
    expect(locationOf("getInboundTransfer", { id: 12 })).toBe("/api/v1/InboundTransfers(12)");
    expect(locationOf("getWithdrawal", { id: 3 })).toBe("/api/v1/Withdrawals(3)");
    expect(locationOf("getAccountBalance", { accountId: 2001, currencyCode: "GBP" })).toBe(
      "/api/v1/Accounts(2001)/Balances(GBP)",
    );
    expect(locationOf("getCurrency", { id: "GBP" })).toBe("/api/v1/Currencies(GBP)");
  });

  it("percent-encodes a string key, including the characters that delimit OData keys", () => {
    expect(locationOf("getCurrency", { id: "A(B)'C/D E" })).toBe("/api/v1/Currencies(A%28B%29%27C%2FD%20E)");
  });

  it("writes a quoted slot as an OData string literal (quotes doubled) and encodes the template's spaces", () => {
    expect(fillPathTemplate(operationMetadata.listCountryPaymentPurposes.path, { CountryCode: "O'N" })).toBe(
      "/api/v1/Withdrawals/PaymentPurposes(CountryCode='O%27%27N')",
    );
    expect(fillPathTemplate(operationMetadata.listAccountCountries.path, { accountId: 1, filterType: "All" })).toBe(
      "/api/v1/Accounts(1)/Countries(FilterType%20=%20All)",
    );
  });

  it("refuses a missing or non-integer value at run time too", () => {
    expect(() => fillPathTemplate("/api/v1/Transfers({id})", {})).toThrow(/id/);
    expect(() => fillPathTemplate("/api/v1/Transfers({id})", { id: 1.5 })).toThrow(/integer/);
  });

  it("does not compile with an operation that reads no entity, a missing parameter or a wrong type", () => {
    // Compile-time checks (tsc -p sandbox/tsconfig.json): each line below must be a type error.
    const checks = [
      // @ts-expect-error a command is not an entity a Location can name
      () => locationOf("approveTransfer", { transferId: 1 }),
      // @ts-expect-error a list is not an entity
      () => locationOf("listTransfers", {}),
      // @ts-expect-error the key is missing
      () => locationOf("getTransfer", {}),
      // @ts-expect-error a parameter of another operation
      () => locationOf("getTransfer", { transferId: 1 }),
      // @ts-expect-error an integer key given as text
      () => locationOf("getWithdrawal", { id: "7" }),
      // @ts-expect-error currencyCode is missing
      () => locationOf("getAccountBalance", { accountId: 1 }),
    ];
    expect(checks).toHaveLength(6);
  });
});

/** Text of any characters, often of those that delimit paths, keys and string literals. */
const anyText = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("'", "(", ")", "/", " ", "%", "=", "?", "#", "+", "a", "é", "\u{1f600}") }),
);

/**
 * A value for each path parameter of an operation: ints as the schema types them, any text for strings. Where the
 * template has a space beside the slot (`FilterType%20=%20{filterType}`), spaces there are optional, so a value's own
 * space on that side cannot be told from the template's: such values are left out. Where a string sits unquoted in
 * a key or function-parameter position (`Balances({currencyCode})`), the router also takes OData's quoted form, so
 * a value that itself starts and ends with a quote reads as that form: such values are left out too.
 */
function valuesOf(operation: OperationMetadata): fc.Arbitrary<Record<string, string | number>> {
  const parameters = contracts[operation.operationId]?.parameters ?? [];
  const template = decodeURIComponent(operation.path);
  const text = (name: string) => {
    const spaced = template.includes(` {${name}}`) || template.includes(`{${name}} `);
    const quotable = new RegExp(`[(=] *\\{${name}\\} *[),]`).test(template);
    return anyText.filter(
      (value) =>
        !(spaced && (value.startsWith(" ") || value.endsWith(" "))) &&
        !(quotable && value.length >= 2 && value.startsWith("'") && value.endsWith("'")),
    );
  };
  const entries = parameters
    .filter((parameter) => parameter.in === "path")
    .map((parameter): [string, fc.Arbitrary<string | number>] => [
      parameter.name,
      parameter.type === "integer" ? fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) : text(parameter.name),
    ]);
  return fc.record(Object.fromEntries(entries));
}

describe("the router reads back every path it is given", () => {
  it("routes each operation's filled template to that operation with the same parameter values", () => {
    const bearer = all.filter((operation) => operation.security === "bearer");
    fc.assert(
      fc.property(
        fc.constantFrom(...bearer).chain((operation) => fc.tuple(fc.constant(operation), valuesOf(operation))),
        ([operation, values]) => {
          const found = matchRoute(routes, operation.method.toUpperCase(), fillPathTemplate(operation.path, values));
          expect(found.kind === "found" ? found.operation.operationId : found.kind).toBe(operation.operationId);
          if (found.kind !== "found") return;
          expect(found.pathParameters).toEqual(
            Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
