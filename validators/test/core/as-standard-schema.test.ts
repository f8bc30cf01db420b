/** asStandardSchema: the validator's own Standard Schema face, as an object that is not a function. */
import { describe, expect, it } from "vitest";
import {
  asStandardSchema,
  validateSortCode,
  withOptions,
  validateCreateWithdrawalBeneficiary,
} from "../../src/index.js";

describe("asStandardSchema", () => {
  it("is the validator's schema, not a function", async () => {
    const schema = asStandardSchema(validateSortCode);
    expect(typeof schema).toBe("object");
    expect(schema["~standard"]).toBe(validateSortCode["~standard"]);
    expect(await schema["~standard"].validate("40-05-15")).toEqual({ value: "400515" });
  });

  it("keeps the options a bound validator checks", async () => {
    const bound = withOptions(validateCreateWithdrawalBeneficiary, { heldByCustomerAccount: true });
    const outcome = await asStandardSchema(bound)["~standard"].validate({ BeneficiaryType: "Company" });
    expect(outcome.issues?.some((issue) => issue.path?.[0] === "IndustryId")).toBe(true);
  });

  it("something that is not a schema becomes one that refuses every value, saying so", async () => {
    const outcome = await asStandardSchema(null as never)["~standard"].validate("x");
    expect(outcome.issues?.[0]?.message).toMatch(/not a Standard Schema/);
  });
});
