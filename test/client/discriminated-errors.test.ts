/**
 * A body that fails a discriminated union is reported inside the branch its tag selects: the wrong field first,
 * and in the message (`/PaymentRouting/SortCode`), never another routing type's `Type: must be equal to
 * constant`. Request bodies through `validateRequests` (RequestValidationError), webhook deliveries through
 * parseWebhookEvents.
 */
import { paymentRoutingTypes } from "@account-funds/validators";
import { describe, expect, it } from "vitest";
import { createAccountFundsClient, parseWebhookEvents, RequestValidationError } from "../../generated/src/index.js";
import { AUTH_URL, BASE_URL, FakeApi, credentials, json } from "./fake-api.js";

const gb = { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "123456", AccountNumber: "12345678" } as const;
const beneficiary = {
  AccountId: 2001,
  Name: "Supplier",
  CurrencyCode: "GBP",
  BeneficiaryType: "Company",
  Address: { Street: "1 High St", Town: "London", CountryCode: "GB" },
  PaymentRouting: gb,
} as const;

function setup() {
  const api = new FakeApi().on("POST", "/api/v1/Beneficiaries/CreateWithdrawalBeneficiary", () =>
    json(201, { Id: 1 }, { location: "/api/v1/Beneficiaries(1)" }),
  );
  const client = createAccountFundsClient({
    baseUrl: BASE_URL,
    authUrl: AUTH_URL,
    credentials,
    fetch: api.fetch,
    validateRequests: true,
  });
  return { api, client };
}

async function refusal(call: Promise<unknown>): Promise<RequestValidationError> {
  const caught = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(caught instanceof RequestValidationError))
    throw new Error(`expected a RequestValidationError, got ${String(caught)}`);
  return caught;
}

const summary = (error: RequestValidationError) => error.issues.map((issue) => `${issue.path} ${issue.keyword}`);

describe("validateRequests on a discriminated routing", () => {
  it("names the bad sort code of PaymentRouting, first and in the message, with no other routing type's errors", async () => {
    const { api, client } = setup();
    const error = await refusal(
      client.beneficiaries.createWithdrawalBeneficiary({ ...beneficiary, PaymentRouting: { ...gb, SortCode: "1234" } }),
    );
    expect(error.message).toBe(
      'The request body of beneficiaries.createWithdrawalBeneficiary does not match the spec: /PaymentRouting/SortCode must match pattern "^[0-9]{6}$"',
    );
    expect(summary(error)).toEqual(["/PaymentRouting/SortCode pattern", "/PaymentRouting/SortCode format"]);
    expect(api.to("/api/v1/Beneficiaries/CreateWithdrawalBeneficiary")).toEqual([]);
  });

  it("names the bad field of an AlternatePaymentRouting item", async () => {
    const { client } = setup();
    const alternate = [gb, { ...gb, AccountNumber: "1234" }];
    const error = await refusal(
      client.beneficiaries.createWithdrawalBeneficiary({ ...beneficiary, AlternatePaymentRouting: alternate }),
    );
    expect(error.message).toBe(
      'The request body of beneficiaries.createWithdrawalBeneficiary does not match the spec: /AlternatePaymentRouting/1/AccountNumber must match pattern "^[0-9]{8}$"',
    );
    expect(summary(error)).toEqual([
      "/AlternatePaymentRouting/1/AccountNumber pattern",
      "/AlternatePaymentRouting/1/AccountNumber format",
    ]);
  });

  it("names Type when it is not a routing type, with the reference's routing types as the allowed values", async () => {
    const { client } = setup();
    const error = await refusal(
      // @ts-expect-error SortCode is not a routing type: the types refuse it too
      client.beneficiaries.createWithdrawalBeneficiary({ ...beneficiary, PaymentRouting: { ...gb, Type: "SortCode" } }),
    );
    expect(error.message).toBe(
      "The request body of beneficiaries.createWithdrawalBeneficiary does not match the spec: /PaymentRouting/Type must be equal to one of the allowed values",
    );
    expect(error.issues[0]).toMatchObject({
      path: "/PaymentRouting/Type",
      keyword: "enum",
      params: { allowedValues: paymentRoutingTypes },
    });
    expect(summary(error)).toEqual(["/PaymentRouting/Type enum", "/PaymentRouting discriminator"]);
  });

  it("checks a US routing against its own rule only: Bic or RoutingTransitNumber", async () => {
    const { client } = setup();
    const us = { Type: "RoutingTransitNumberAccountNumber", CountryCode: "US", AccountNumber: "123456789" } as const;
    const error = await refusal(
      // @ts-expect-error neither Bic nor RoutingTransitNumber: the types refuse it too
      client.beneficiaries.createWithdrawalBeneficiary({ ...beneficiary, CurrencyCode: "USD", PaymentRouting: us }),
    );
    expect(error.issues.map((issue) => [issue.path, issue.keyword, issue.params["missingProperty"]])).toEqual([
      ["/PaymentRouting", "required", "Bic"],
      ["/PaymentRouting", "required", "RoutingTransitNumber"],
      ["/PaymentRouting", "anyOf", undefined],
    ]);
  });
});

describe("parseWebhookEvents on a delivery with a bad event", () => {
  const created = {
    EntityType: "Transfer",
    EntityId: 1,
    Reason: "TransferCreated",
    ApiUrl: `${BASE_URL}/api/v1/OutboundTransfers(1)`,
  };

  it("names the bad field of the event its Reason selects, and delivers the others", () => {
    const bad = { ...created, EntityId: "2" };
    const result = parseWebhookEvents([created, bad]);
    expect(result).toEqual({
      ok: true,
      events: [created],
      unknownEvents: [],
      invalidEvents: [
        {
          index: 1,
          event: bad,
          issues: [{ path: "/EntityId", message: "must be integer", keyword: "type", params: { type: "integer" } }],
        },
      ],
    });
  });

  it("checks the event against the schema its Reason selects", () => {
    const result = parseWebhookEvents([{ ...created, Reason: "WithdrawalCreated" }]);
    expect(
      result.ok
        ? result.invalidEvents.flatMap((event) => event.issues.map((issue) => `${issue.path} ${issue.keyword}`))
        : [],
    ).toContain("/EntityType const");
  });

  it("checks the selected event's ApiUrl: any absolute URL of the entity (the reference's words), not a relative one", () => {
    const withdrawal = { ...created, Reason: "WithdrawalCreated", EntityType: "Withdrawal" };
    expect(parseWebhookEvents([withdrawal])).toMatchObject({ ok: true, invalidEvents: [] });
    const result = parseWebhookEvents([{ ...withdrawal, ApiUrl: "/api/v1/Withdrawals(1)" }]);
    expect(
      result.ok
        ? result.invalidEvents.flatMap((event) => event.issues.map((issue) => `${issue.path} ${issue.keyword}`))
        : [],
    ).toEqual(["/ApiUrl format"]);
  });

  it("keeps an event of a kind it does not know, and names Reason when there is none to tell the kind", () => {
    const unknown = { ...created, Reason: "ExchangeCompleted", EntityType: "Exchange" };
    expect(parseWebhookEvents([unknown, created])).toEqual({
      ok: true,
      events: [created],
      unknownEvents: [unknown],
      invalidEvents: [],
    });
    const result = parseWebhookEvents([{ ...created, Reason: 7 }]);
    expect(
      result.ok
        ? result.invalidEvents.flatMap((event) => event.issues.map((issue) => `${issue.path} ${issue.message}`))
        : [],
    ).toEqual(["/Reason must be string"]);
  });
});
