/**
 * The sandbox's 400 for a body that fails a discriminated union names the field inside the branch the tag
 * selects, as `target` and at the start of `message`: a 4-digit sort code is `/PaymentRouting/SortCode`, not
 * `/PaymentRouting/Type: must be equal to constant` (the first of ~30 errors of every routing type tried). The one
 * check of a body is the validators' (wire form): one issue per fact, worded for the field, and every issue of the
 * body in one answer (these bodies also lack the IndustryId a company held by the customer account needs).
 * Raw requests: the typed client would refuse to build some of these bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "@account-funds/sandbox";
import { startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await tokenFor(sandbox);
});
afterAll(() => sandbox.close());

const gb = { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "123456", AccountNumber: "12345678" };
const beneficiary = {
  AccountId: 2001,
  Name: "Supplier",
  CurrencyCode: "GBP",
  BeneficiaryType: "Company",
  Address: { Street: "1 High St", Town: "London", CountryCode: "GB" },
  PaymentRouting: gb,
};

interface ODataErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly target?: string;
    readonly details?: readonly { readonly target?: string }[];
  };
}

/** The targets of the details about the PaymentRouting. */
const routingTargets = (body: ODataErrorBody): string[] =>
  (body.error.details ?? []).flatMap((detail) =>
    detail.target?.startsWith("/PaymentRouting") === true ? [detail.target] : [],
  );

async function create(body: unknown): Promise<{ status: number; body: ODataErrorBody }> {
  const response = await fetch(`${sandbox.url}/api/v1/Beneficiaries/CreateWithdrawalBeneficiary`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ODataErrorBody };
}

describe("400 for a routing that fails its routing type", () => {
  it("targets the bad sort code of PaymentRouting, and says so first in the message", async () => {
    const { status, body } = await create({ ...beneficiary, PaymentRouting: { ...gb, SortCode: "1234" } });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: "invalid_body",
      target: "/PaymentRouting/SortCode",
      message: "/PaymentRouting/SortCode: Sort code must have 6 characters, not 4.",
    });
    // Only the sort-code routing's errors: nothing about the other nine routing types.
    expect(routingTargets(body)).toEqual(["/PaymentRouting/SortCode"]);
  });

  it("targets the bad field of an AlternatePaymentRouting item", async () => {
    const { status, body } = await create({
      ...beneficiary,
      AlternatePaymentRouting: [gb, { ...gb, AccountNumber: "1234" }],
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      target: "/AlternatePaymentRouting/1/AccountNumber",
      message: "/AlternatePaymentRouting/1/AccountNumber: UK account number must have 8 characters, not 4.",
    });
  });

  it("targets Type when it is not a routing type, and when it is missing", async () => {
    const unknown = await create({ ...beneficiary, PaymentRouting: { ...gb, Type: "SortCode" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      target: "/PaymentRouting/Type",
      message: expect.stringMatching(/^\/PaymentRouting\/Type: Type must be one of: BicIban, SortCodeAccountNumber, /),
    });
    expect(routingTargets(unknown.body)).toEqual(["/PaymentRouting/Type"]);
    const { Type: _type, ...untyped } = gb;
    const missing = await create({ ...beneficiary, PaymentRouting: untyped });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      target: "/PaymentRouting/Type",
      message: "/PaymentRouting/Type: Type is required.",
    });
  });
});
