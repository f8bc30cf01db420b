import { describe, expect, it } from "vitest";
import { validateCreateAccountWithdrawal, withOptions } from "../../src/index.js";

// An AE bank account needs PaymentPurposeId; only the context says where the bank is.
const body = { AccountId: 1001, CurrencyCode: "AED", Amount: 500, BeneficiaryId: 3001 };
const context = { beneficiary: { bankCountry: "AE" } };

describe("withOptions", () => {
  it("leaves the context rule unchecked without options", async () => {
    const result = await validateCreateAccountWithdrawal["~standard"].validate(body);
    expect(result.issues).toBeUndefined();
  });

  it("applies bound options to the call and to Standard Schema's validate", async () => {
    const bound = withOptions(validateCreateAccountWithdrawal, context);
    const direct = bound(body);
    expect(direct.ok).toBe(false);
    if (!direct.ok)
      expect(direct.issues).toContainEqual(expect.objectContaining({ code: "required", path: ["PaymentPurposeId"] }));
    const standard = await bound["~standard"].validate(body);
    expect(standard.issues?.map((found) => found.path)).toContainEqual(["PaymentPurposeId"]);
  });

  it("accepts the body once the rule is met", () => {
    expect(withOptions(validateCreateAccountWithdrawal, context)({ ...body, PaymentPurposeId: 7 }).ok).toBe(true);
  });
});
