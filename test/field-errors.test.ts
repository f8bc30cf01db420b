/**
 * One field path everywhere, as errors really come: the sandbox in-process answers 400s (its validators' details,
 * its schema checks, its domain refusals), the generated client throws them as `BadRequestError`s, or refuses a
 * body itself (`RequestValidationError`, validateRequests), and `fieldErrorsOf` puts every message at the form's
 * field (`PaymentRouting.SortCode`). The sandbox's `target` of a body field is always a JSON pointer.
 */
import {
  BadRequestError,
  createAccountFundsClient,
  RequestValidationError,
  type AccountFundsClient,
  type OperationBody,
} from "@account-funds/client";
import {
  createSandbox,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEMO_USER,
  type InProcessSandbox,
} from "@account-funds/sandbox";
import { fieldErrorsOf, messagesByField } from "@account-funds/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BASE_URL = "http://sandbox.test";

let sandbox: InProcessSandbox;
let client: AccountFundsClient;
let checkingClient: AccountFundsClient;
let accountId: number;

beforeAll(async () => {
  sandbox = await createSandbox({ validateResponses: true });
  const options = {
    baseUrl: BASE_URL,
    authUrl: BASE_URL,
    fetch: sandbox.fetch,
    maxRetries: 0,
    credentials: {
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: DEFAULT_CLIENT_SECRET,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    },
  } as const;
  client = createAccountFundsClient(options);
  checkingClient = createAccountFundsClient({ ...options, validateRequests: true });
  const { value: accounts } = await client.accounts.listAccounts();
  accountId = accounts[0]?.Id ?? 0;
});

afterAll(() => sandbox?.close());

const beneficiary = (changes: Partial<Record<string, unknown>> = {}) =>
  ({
    AccountId: accountId,
    Name: "Acme supplies",
    CurrencyCode: "GBP",
    PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "400515", AccountNumber: "31926819" },
    BeneficiaryType: "Individual",
    Address: { Street: "1 High Street", Town: "London", PostCode: "EC1A 1BB", CountryCode: "GB" },
    ...changes,
  }) as OperationBody<"createWithdrawalBeneficiary">;

/** The error a call rejects with. */
async function refusal(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("the call should have been refused");
}

describe("the sandbox's 400s, through the client, at the form's fields", () => {
  it("a schema check: the routing's sort code", async () => {
    const routing = {
      Type: "SortCodeAccountNumber",
      CountryCode: "GB",
      SortCode: "40-05-1",
      AccountNumber: "31926819",
    };
    const error = await refusal(
      client.beneficiaries.createWithdrawalBeneficiary(beneficiary({ PaymentRouting: routing })),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(Object.keys(messagesByField(error))).toEqual(["PaymentRouting.SortCode"]);
  });

  it("a domain refusal: a currency the sandbox does not know, its target a JSON pointer", async () => {
    const error = await refusal(client.beneficiaries.createWithdrawalBeneficiary(beneficiary({ CurrencyCode: "XYZ" })));
    expect((error as BadRequestError).body).toMatchObject({
      error: { code: "unknown_currency", target: "/CurrencyCode" },
    });
    expect(fieldErrorsOf(error)).toEqual([
      expect.objectContaining({ field: "CurrencyCode", path: ["CurrencyCode"], code: "unknown_currency" }),
    ]);
  });

  it("a context rule the form could not check: a company's industry", async () => {
    const error = await refusal(
      client.beneficiaries.createWithdrawalBeneficiary(beneficiary({ BeneficiaryType: "Company" })),
    );
    expect(messagesByField(error)).toEqual({ IndustryId: expect.stringMatching(/IndustryId/) });
  });

  it("every domain refusal of a body field carries a JSON pointer", async () => {
    const foreignAccount = await refusal(
      client.beneficiaries.createWithdrawalBeneficiary(beneficiary({ AccountId: 999_999 })),
    );
    expect((foreignAccount as BadRequestError).body).toMatchObject({ error: { target: "/AccountId" } });
    const transfer = await refusal(
      client.transfers.createAccountTransfer({ AccountId: accountId, CurrencyCode: "GBP", BeneficiaryId: 999_999 }),
    );
    expect((transfer as BadRequestError).body).toMatchObject({ error: { target: "/BeneficiaryId" } });
    expect(messagesByField(transfer)).toHaveProperty("BeneficiaryId");
  });
});

describe("the client's own check (validateRequests) at the form's fields", () => {
  // A missing account number is no longer refused (the reference does not say which routing fields are
  // mandatory; the validators only warn): a missing CountryCode, which the reference requires, is.
  it("a wrong sort code at its pointer, a missing country code moved onto its field", async () => {
    const routing = { Type: "SortCodeAccountNumber", SortCode: "40-05-15", AccountNumber: "31926819" };
    const error = await refusal(
      checkingClient.beneficiaries.createWithdrawalBeneficiary(beneficiary({ PaymentRouting: routing })),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    const fields = Object.keys(messagesByField(error));
    expect(fields).toContain("PaymentRouting.SortCode");
    expect(fields).toContain("PaymentRouting.CountryCode");
  });
});
