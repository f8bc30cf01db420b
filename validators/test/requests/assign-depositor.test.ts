import { describe, expect, it } from "vitest";
import { validateAssignDepositor, type AssignDepositorOptions, type Issue } from "../../src/index.js";
import { address, sectors, validAssignDepositor } from "./request-examples.js";

function issues(input: unknown, options?: AssignDepositorOptions): readonly Issue[] {
  const result = validateAssignDepositor(input, options);
  return result.ok ? [] : result.issues;
}

const paths = (found: readonly Issue[]) => found.map((one) => [one.code, one.path]);

describe("validateAssignDepositor", () => {
  it("accepts a company depositor", () => {
    expect(validateAssignDepositor(validAssignDepositor, { sectors })).toEqual({
      ok: true,
      value: validAssignDepositor,
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

  it("requires exactly one of Individual and Company (assumption)", () => {
    expect(issues({ IsThirdParty: false })).toEqual([
      expect.objectContaining({ code: "required", path: ["Individual"], params: { anyOf: ["Individual", "Company"] } }),
    ]);
    expect(paths(issues({ ...validAssignDepositor, Individual: { FirstName: "Jane", LastName: "Doe" } }))).toEqual([
      ["conflict", ["Company"]],
    ]);
  });

  it("checks the members of Individual, Company and SupportingDocuments", () => {
    expect(paths(issues({ Individual: { MiddleName: 3, Address: { Street: "x", Town: 7 } } }))).toEqual([
      ["required", ["Individual", "FirstName"]],
      ["invalid_type", ["Individual", "MiddleName"]],
      ["required", ["Individual", "LastName"]],
      ["invalid_type", ["Individual", "Address", "Town"]],
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

  it("applies the industry rules to the Company with the sectors list", () => {
    expect(paths(issues({ Company: { Name: "Acme", IndustryId: 4 } }, { sectors }))).toEqual([
      ["required", ["Company", "IndustryDetails"]],
    ]);
    expect(
      issues({ Company: { Name: "Acme", IndustryId: 4, IndustryDetails: "Ship chandlers" } }, { sectors }),
    ).toEqual([]);
    expect(paths(issues({ Company: { Name: "Acme", IndustryId: 42 } }, { sectors }))).toEqual([
      ["invalid_enum", ["Company", "IndustryId"]],
    ]);
    const unknown = validateAssignDepositor({ Company: { Name: "Acme", IndustryId: 4 } });
    expect(unknown.ok && unknown.uncheckedRules).toEqual(["industry-id", "industry-details"]);
  });
});
