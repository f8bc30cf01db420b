/**
 * The normalisation policy: the validators accept what people type (presentation forms, `null` or a blank
 * optional field for "not given") and hand back the wire form in `value`; `normalized` and `changes` say what
 * differs, so a form can show what will be sent. Free text is sent as typed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateWithdrawalBeneficiary,
  validatePaymentRouting,
  type PathSegment,
  type ValueChange,
} from "../../src/index.js";
import { routingArbitraries } from "../routing/routing-arbitraries.js";
import { requestArbitraries } from "./request-arbitraries.js";
import { validBeneficiary, validTransfer } from "./request-examples.js";

/** As sent: JSON, where -0 is 0 (the validators normalise -0; it is no change on the wire). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** What a form would do with the list: set each `to` at its path (`undefined`: leave the field out). */
function applyChanges(input: unknown, changes: readonly ValueChange[]): unknown {
  const copy: unknown = structuredClone(input);
  for (const { path, to } of changes) {
    let at = copy as Record<PathSegment, unknown>;
    for (const segment of path.slice(0, -1)) at = at[segment] as Record<PathSegment, unknown>;
    const last = path[path.length - 1] as PathSegment;
    if (to === undefined) delete at[last];
    else at[last] = to;
  }
  return copy;
}

/** Presentation forms of each routing type, with the wire form the validators send. */
const presentationForms = [
  {
    name: "a dashed sort code and a lower-case country",
    typed: { Type: "SortCodeAccountNumber", CountryCode: "gb", SortCode: "40-05-15", AccountNumber: "31926819" },
    changes: [
      { path: ["CountryCode"], from: "gb", to: "GB" },
      { path: ["SortCode"], from: "40-05-15", to: "400515" },
    ],
  },
  {
    name: "a dashed BSB",
    typed: {
      Type: "BankStateBranchAccountNumber",
      CountryCode: "AU",
      BankStateBranch: "062-000",
      AccountNumber: "12345678",
    },
    changes: [{ path: ["BankStateBranch"], from: "062-000", to: "062000" }],
  },
  {
    name: "a transit number in cheque form",
    typed: {
      Type: "TransitNumberAccountNumber",
      CountryCode: "CA",
      TransitNumber: "12345-001",
      AccountNumber: "1234567",
    },
    changes: [{ path: ["TransitNumber"], from: "12345-001", to: "000112345" }],
  },
  {
    name: "a dashed NZ account number",
    typed: { Type: "NewZealandAccountNumber", CountryCode: "NZ", AccountNumber: "01-0902-0068389-00" },
    changes: [{ path: ["AccountNumber"], from: "01-0902-0068389-00", to: "010902006838900" }],
  },
  {
    name: "a lower-case BIC and a grouped IBAN",
    typed: { Type: "BicIban", CountryCode: "DE", Bic: "deutdeff", Iban: "de89 3704 0044 0532 0130 00" },
    changes: [
      { path: ["Bic"], from: "deutdeff", to: "DEUTDEFF" },
      { path: ["Iban"], from: "de89 3704 0044 0532 0130 00", to: "DE89370400440532013000" },
    ],
  },
  {
    name: "a grouped CLABE and a blank optional Bic",
    typed: { Type: "BicClabe", CountryCode: "MX", Bic: " ", AccountNumber: "002 010 07777777777 1" },
    changes: [
      { path: ["Bic"], from: " ", to: undefined },
      { path: ["AccountNumber"], from: "002 010 07777777777 1", to: "002010077777777771" },
    ],
  },
] as const;

describe("presentation forms", () => {
  it.each(presentationForms)("$name: accepted, normalised, with every change listed", ({ typed, changes }) => {
    const result = validatePaymentRouting(typed);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.normalized).toBe(true);
    expect(result.changes).toEqual(changes);
    expect(result.value).toEqual(applyChanges(typed, changes));
  });

  it("the wire form is left as it is: normalized false, no changes", () => {
    for (const { typed } of presentationForms) {
      const first = validatePaymentRouting(typed);
      const again = first.ok ? validatePaymentRouting(first.value) : first;
      expect(again).toEqual(expect.objectContaining({ ok: true, normalized: false, changes: [] }));
    }
  });

  it("null and a blank string stand for an optional field that is not given; the value leaves it out", () => {
    const result = validateCreateAccountTransfer({ ...validTransfer, Amount: null, Reference: "   " });
    const { Amount: _amount, Reference: _reference, ...wire } = validTransfer;
    expect(result).toEqual({
      ok: true,
      value: wire,
      warnings: [],
      normalized: true,
      changes: [
        { path: ["Amount"], from: null, to: undefined },
        { path: ["Reference"], from: "   ", to: undefined },
      ],
      uncheckedRules: [],
    });
  });

  it("free text is sent as typed: not trimmed, not case-folded, its length counted as typed", () => {
    const result = validateCreateWithdrawalBeneficiary({
      ...validBeneficiary,
      Name: "  acme GmbH ",
      Reference: ` ${"r".repeat(34)}`,
    });
    expect(result.ok && result.value.Name).toBe("  acme GmbH ");
    expect(result.ok && result.normalized).toBe(false);
    const tooLong = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, Reference: ` ${"r".repeat(35)}` });
    expect(tooLong.ok ? [] : tooLong.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ["too_long", ["Reference"]],
    ]);
  });

  it("a blank required field is missing", () => {
    const result = validateCreateWithdrawalBeneficiary({ ...validBeneficiary, Name: " \t " });
    expect(result.ok ? [] : result.issues.map((issue) => [issue.code, issue.path])).toEqual([["required", ["Name"]]]);
  });

  it("AssignDepositor: a null Company beside an Individual is left out", () => {
    const individual = { FirstName: "Ada", LastName: "Lovelace" };
    const result = validateAssignDepositor({ Individual: individual, Company: null });
    expect(result).toEqual(
      expect.objectContaining({
        ok: true,
        value: { Individual: individual },
        changes: [{ path: ["Company"], from: null, to: undefined }],
      }),
    );
  });
});

describe("changes, as a property", () => {
  it.each(requestArbitraries.map((entry) => [entry.name, entry] as const))(
    "%s: applying the changes to the input gives the value; none means the input was the value",
    (_name, { validate, arbitrary }) => {
      fc.assert(
        fc.property(arbitrary, (request) => {
          const result = validate(request) as ReturnType<typeof validateCreateAccountTransfer>;
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(wire(applyChanges(request, result.changes))).toEqual(wire(result.value));
          expect(result.normalized).toBe(result.changes.length > 0);
        }),
        { numRuns: 60 },
      );
    },
  );

  it.each(Object.entries(routingArbitraries))("%s routing: the same holds", (_type, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (routing) => {
        const result = validatePaymentRouting(routing);
        expect(result.ok).toBe(true);
        if (result.ok) expect(applyChanges(routing, result.changes)).toEqual(result.value);
      }),
      { numRuns: 40 },
    );
  });
});
