import { describe, expect, it } from "vitest";
import { validateAssignDepositor, type AssignDepositorOptions, type Issue } from "../../src/index.js";
import { address, sectors, validAssignDepositor } from "./request-examples.js";

function issues(input: unknown, options?: AssignDepositorOptions): readonly Issue[] {
  const result = validateAssignDepositor(input, options);
  return result.ok ? [] : result.issues;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

/** The warnings: what the reference does not require but a depositor can hardly be identified without. */
const warnings = (input: unknown, options?: AssignDepositorOptions): readonly Issue[] =>
  validateAssignDepositor(input, options).warnings;

describe("validateAssignDepositor", () => {
  it("accepts a company depositor", () => {
    expect(validateAssignDepositor(validAssignDepositor, { sectors })).toEqual({
      ok: true,
      value: validAssignDepositor,
      warnings: [],
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
  });

  it("accepts an individual depositor", () => {
    const body = { Individual: { FirstName: "Jane", LastName: "Doe", Address: address } };
    expect(validateAssignDepositor(body)).toEqual({
      ok: true,
      value: body,
      warnings: [],
      normalized: false,
      changes: [],
      uncheckedRules: [],
    });
  });

  it("takes a depositor's address as AddressDto's fields, every one optional (no postal-address rules)", () => {
    const body = { Individual: { FirstName: "Jane", LastName: "Doe", Address: { Town: "Leeds" } } };
    expect(validateAssignDepositor(body)).toMatchObject({ ok: true, value: body });
    const partial = { Company: { Name: "Acme", Address: { PostCode: "LS1 1AA", CountryCode: "gb" } } };
    expect(validateAssignDepositor(partial)).toMatchObject({ ok: true, value: partial });
  });

  /* The reference marks nothing of AssignDepositorDto as required: one of Individual and Company is a warning. */
  it("warns, never refuses, unless exactly one of Individual and Company is given", () => {
    expect(validateAssignDepositor({ IsThirdParty: false })).toMatchObject({
      ok: true,
      value: { IsThirdParty: false },
    });
    expect(warnings({ IsThirdParty: false })).toEqual([
      expect.objectContaining({
        code: "recommended",
        path: ["Individual"],
        params: { anyOf: ["Individual", "Company"] },
        severity: "warning",
      }),
    ]);
    const both = { ...validAssignDepositor, Individual: { FirstName: "Jane", LastName: "Doe" } };
    expect(issues(both)).toEqual([]);
    expect(paths(warnings(both))).toEqual([["conflict", ["Company"]]]);
  });

  it("checks the members of Individual, Company and SupportingDocuments", () => {
    const individual = { Individual: { MiddleName: 3, Address: { Street: "x", Town: 7 } } };
    expect(paths(issues(individual))).toEqual([
      ["invalid_type", ["Individual", "MiddleName"]],
      ["invalid_type", ["Individual", "Address", "Town"]],
    ]);
    expect(paths(warnings(individual))).toEqual([
      ["recommended", ["Individual", "FirstName"]],
      ["recommended", ["Individual", "LastName"]],
    ]);
    expect(paths(warnings({ Company: { Website: "https://acme.example" } }))).toEqual([
      ["recommended", ["Company", "Name"]],
    ]);
    expect(
      paths(
        issues({
          Company: { Name: "Acme", IndustryId: "3" },
          SupportingDocuments: [{ Name: "a.pdf", StreamLength: -1 }, null, { StreamLength: 2 ** 60 }],
        }),
      ),
    ).toEqual([
      ["invalid_type", ["Company", "IndustryId"]],
      ["out_of_range", ["SupportingDocuments", 0, "StreamLength"]],
      ["required", ["SupportingDocuments", 1]],
      ["out_of_range", ["SupportingDocuments", 2, "StreamLength"]],
    ]);
    expect(paths(issues({ ...validAssignDepositor, IsThirdParty: "no" }))).toEqual([
      ["invalid_type", ["IsThirdParty"]],
    ]);
  });

  /* The reference states the industry rules for beneficiaries only: for a depositor they warn. */
  it("applies the beneficiary's industry rules to the Company with the sectors list, as warnings", () => {
    expect(issues({ Company: { Name: "Acme", IndustryId: 4 } }, { sectors })).toEqual([]);
    expect(paths(warnings({ Company: { Name: "Acme", IndustryId: 4 } }, { sectors }))).toEqual([
      ["required", ["Company", "IndustryDetails"]],
    ]);
    expect(
      warnings({ Company: { Name: "Acme", IndustryId: 4, IndustryDetails: "Ship chandlers" } }, { sectors }),
    ).toEqual([]);
    expect(paths(warnings({ Company: { Name: "Acme", IndustryId: 42 } }, { sectors }))).toEqual([
      ["invalid_enum", ["Company", "IndustryId"]],
    ]);
    // Without the sectors nothing is warned about; these rules refuse nothing, so none is "unchecked" either.
    const unknown = validateAssignDepositor({ Company: { Name: "Acme", IndustryId: 4 } });
    expect(unknown).toMatchObject({ ok: true, warnings: [], uncheckedRules: [] });
  });
});
