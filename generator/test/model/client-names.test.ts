import { describe, expect, it } from "vitest";
import { camelCase, clientMethodName, groupName, singular } from "../../src/model/client-names.js";

describe("client group", () => {
  it.each([
    ["/api/v1/Accounts", "Accounts", "accounts"],
    ["/api/v1/Accounts({accountId})/Balances", "Balances and Statements", "accounts"],
    ["/api/v1/InboundTransfers({id})", "Transfers", "inboundTransfers"],
    ["/api/v1/ExchangeRates/MidRate/{sourceCurrencyCode}/{targetCurrencyCode}", "Exchanges", "exchangeRates"],
    ["/api/v1/Withdrawals/PaymentPurposes(CountryCode=null)", "Reference Data", "withdrawals"],
    ["/connect/token", "Auth", "auth"],
    ["/connect/mtls/token", "Auth", "auth"],
    ["/health", "Service Health", "serviceHealth"],
  ])("%s (tag %s) → %s", (path, tag, group) => {
    expect(groupName(path, tag)).toBe(group);
  });

  it.each([
    ["/connect/token", "connect"],
    ["/v1/customers/{customer}", "customers"],
    ["/api/v2.1/invoice-items", "invoiceItems"],
    ["/{tenant}/3ds/sessions", "_3ds"],
    ["/", "root"],
  ])("without a tag, outside /api/v<N>/: %s → its first segment, %s", (path, group) => {
    expect(groupName(path, "")).toBe(group);
  });
});

describe("client method", () => {
  it.each([
    ["listAccountBalances", "/api/v1/Accounts({accountId})/Balances", "listBalances"],
    ["getAccountBalance", "/api/v1/Accounts({accountId})/Balances({currencyCode})", "getBalance"],
    [
      "listAccountBalanceStatement",
      "/api/v1/Accounts({accountId})/Balances({currencyCode})/Statement",
      "listBalanceStatement",
    ],
    ["listExchangeFees", "/api/v1/Exchanges({exchangeId})/Fees", "listFees"],
    ["listEntityCountries", "/api/v1/Entities({entityId})/Countries(FilterType = {filterType})", "listCountries"],
    ["listInboundTransferFees", "/api/v1/InboundTransfers({transferId})/Fees", "listFees"],
    [
      "getWithdrawalPaymentConfirmationDetails",
      "/api/v1/Withdrawals({withdrawalId})/PaymentConfirmationDetails",
      "getPaymentConfirmationDetails",
    ],
    // Everything else keeps its operationId.
    ["createAccountTransfer", "/api/v1/Transfers/CreateAccountTransfer", "createAccountTransfer"],
    ["approveTransfer", "/api/v1/Transfers/{transferId}/Approve", "approveTransfer"],
    ["listAccounts", "/api/v1/Accounts", "listAccounts"],
    ["getAccount", "/api/v1/Accounts({id})", "getAccount"],
    ["getMidRate", "/api/v1/ExchangeRates/MidRate/{sourceCurrencyCode}/{targetCurrencyCode}", "getMidRate"],
    ["requestPasswordToken", "/connect/token", "requestPasswordToken"],
    // The parent noun must be followed by another word to be dropped.
    ["getAccount", "/api/v1/Accounts({accountId})/Self", "getAccount"],
    ["fetchFees", "/api/v1/Exchanges({exchangeId})/Fees", "fetchFees"],
  ])("%s at %s → %s", (operationId, path, method) => {
    expect(clientMethodName(operationId, path)).toBe(method);
  });
});

describe("word helpers", () => {
  it.each([
    ["Accounts", "Account"],
    ["Entities", "Entity"],
    ["Exchanges", "Exchange"],
    ["Balances", "Balance"],
    ["Addresses", "Address"],
    ["Statuses", "Status"],
    ["Boxes", "Box"],
  ])("singular(%s) = %s", (plural, one) => expect(singular(plural)).toBe(one));

  it.each([
    ["InboundTransfers", "inboundTransfers"],
    ["Balances and Statements", "balancesAndStatements"],
    ["OData", "oData"],
    ["Auth", "auth"],
    ["API", "api"],
  ])("camelCase(%s) = %s", (text, camel) => expect(camelCase(text)).toBe(camel));
});
