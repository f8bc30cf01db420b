/**
 * Spec and validators agree in both directions. Bodies are generated from the spec's request schemas (wire
 * form: what the patterns describe), valid ones and near-valid ones (one thing wrong), and the spec's verdict
 * (ajv 2020-12, ajv-formats, addAccountFundsFormats) must equal the request validator's:
 *
 * - the spec accepts → the validator accepts, and its `value` is accepted by the spec too;
 * - the spec refuses → the validator refuses, unless it accepts a presentation form of the field (`null` or a
 *   blank optional field, spaces, hyphens or lower case in a code): then it says so (`normalized`), every change
 *   it lists is such a presentation form, and its `value`, the wire form it would send, is accepted by the spec.
 *
 * The only exceptions are the rules the spec names in `x-conditional-rules` (each listed once, with the reason
 * JSON Schema cannot state it, in agreement/conditional-rules.ts): a validator may refuse a body the spec accepts, at the fields of such a
 * rule and nowhere else; with its context given, and also without, for the rules the body alone decides.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Issue, ValueChange } from "@account-funds/validators";
import { deref, loadBundledSpec, type JsonObject } from "../spec/test/support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv, schemaRef } from "../spec/test/support/spec-ajv.js";
import { conditionalRules, isAtFieldOf, type ConditionalRuleName } from "./agreement/conditional-rules.js";
import { nearValid } from "./agreement/near-valid.js";
import { requestSubjects } from "./agreement/request-subjects.js";
import { formatArbitraries } from "./sandbox/support/arbitraries-formats.js";
import { arbitraryFromSchema, type JsonSchema } from "./sandbox/support/arbitraries-from-schema.js";

const spec = loadBundledSpec();
const ajv = createSpecAjv(spec);
const resolve = (ref: string): JsonSchema => deref(spec, { $ref: ref }) as JsonSchema;

/** The `x-conditional-rules` of a schema and of every schema it reaches, that `validatorName` implements. */
function conditionalRulesOf(schemaName: string, validatorName: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as JsonObject;
    if (typeof schema["$ref"] === "string") visit(resolve(schema["$ref"]));
    const rules = schema["x-conditional-rules"];
    if (Array.isArray(rules)) {
      for (const rule of rules as JsonObject[])
        if (rule["implementedBy"] === validatorName) found.add(String(rule["name"]));
    }
    Object.values(schema).forEach(visit);
  };
  visit(resolve(`#/components/schemas/${schemaName}`));
  return found;
}

/**
 * A change from a presentation form to the wire form: "not given" (null, blank) left out, or a code written
 * with spaces, hyphens or lower case compacted: the two differ in spaces, hyphens and case only (a US account
 * number keeps its hyphens, upper-cased; an enum value loses its outer spaces). Never a changed word of free text,
 * never a dropped bad value.
 */
const isPresentationChange = ({ from, to }: ValueChange): boolean =>
  to === undefined
    ? from === null || (typeof from === "string" && from.trim() === "")
    : typeof from === "string" && typeof to === "string" && compact(from) === compact(to);

/** A code without its spaces and hyphens, in upper case: what a presentation form and its wire form share. */
const compact = (code: string): string => code.replace(/[\s-]/g, "").toUpperCase();

const pointer = (issue: Issue): string => `/${issue.path.join("/")}`;
const describeIssues = (issues: readonly Issue[]): string =>
  issues.map((issue) => `${pointer(issue)} ${issue.code}`).join("; ");

describe("the conditional rules table", () => {
  it("lists exactly the rules the spec names in x-conditional-rules, each with its name", () => {
    const named = new Set(
      requestSubjects.flatMap(({ schema, validatorName }) => [...conditionalRulesOf(schema, validatorName)]),
    );
    expect([...named].sort()).toEqual(Object.keys(conditionalRules).sort());
    const unnamed: unknown[] = [];
    JSON.stringify(spec, (key, value: unknown) => {
      if (key === "x-conditional-rules")
        unnamed.push(...(value as JsonObject[]).filter((rule) => !(String(rule["name"]) in conditionalRules)));
      return value;
    });
    expect(unnamed).toEqual([]);
  });
});

describe.each(requestSubjects.map((subject) => [subject.schema, subject] as const))("%s", (schemaName, subject) => {
  const check = compileSpecSchema(ajv, schemaRef(schemaName));
  const specAccepts = (body: unknown): boolean => check(body) === true;
  const exempt = [...conditionalRulesOf(schemaName, subject.validatorName)] as ConditionalRuleName[];
  const outsideExemptFields = (issues: readonly Issue[]) =>
    issues.filter((issue) => !isAtFieldOf(exempt, pointer(issue)));

  const valid = arbitraryFromSchema(schemaRef(schemaName), { resolve, formats: formatArbitraries });
  const bodies = fc.oneof(
    { weight: 1, arbitrary: valid.map((body) => ({ description: "as generated", body })) },
    { weight: 3, arbitrary: valid.chain(nearValid) },
  );

  it("the validator's verdict equals the spec's, both ways, except at the fields of its conditional rules", () => {
    const verdicts = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(bodies, subject.validateInContext, ({ description, body }, validateInContext) => {
        const accepted = specAccepts(body);
        verdicts[accepted ? "accepted" : "refused"]++;
        const result = subject.validate(body);
        const case_ = `${description}: ${JSON.stringify(body)}`;
        if (accepted) {
          const refusedAt = result.ok ? [] : outsideExemptFields(result.issues);
          expect(refusedAt, `the spec accepts, the validator refuses (${describeIssues(refusedAt)}) ${case_}`).toEqual(
            [],
          );
          if (result.ok)
            expect(
              specAccepts(result.value),
              `the spec refuses the value ${JSON.stringify(result.value)} of ${case_}`,
            ).toBe(true);
          // With the context given, the conditional rules are checked: they may refuse, at their own fields only.
          const inContext = validateInContext(body);
          const outside = inContext.ok ? [] : outsideExemptFields(inContext.issues);
          expect(
            outside,
            `refused in context outside its conditional rules (${describeIssues(outside)}) ${case_}`,
          ).toEqual([]);
          if (result.ok)
            expect(result.uncheckedRules.every((rule) => (exempt as readonly string[]).includes(rule))).toBe(true);
        } else if (result.ok) {
          const errors = ajv.errorsText(check.errors);
          expect(result.normalized, `the spec refuses (${errors}), the validator accepts as it is: ${case_}`).toBe(
            true,
          );
          const other = result.changes.filter((change) => !isPresentationChange(change));
          expect(
            other,
            `the spec refuses (${errors}), the validator accepts by changing more than a presentation form: ${case_}`,
          ).toEqual([]);
          expect(
            specAccepts(result.value),
            `the validator accepts (${errors}) and its value is refused too: ${JSON.stringify(result.value)}`,
          ).toBe(true);
        }
      }),
      { numRuns: 250 },
    );
    // Both verdicts were exercised.
    expect(verdicts.accepted).toBeGreaterThan(10);
    expect(verdicts.refused).toBeGreaterThan(10);
  });

  it("with wireForm, as a server reads a request, the validator's verdict is the spec's, presentation forms refused", () => {
    const verdicts = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(bodies, ({ description, body }) => {
        const accepted = specAccepts(body);
        verdicts[accepted ? "accepted" : "refused"]++;
        const result = subject.validateWireForm(body);
        const case_ = `${description}: ${JSON.stringify(body)}`;
        if (accepted) {
          const refusedAt = result.ok ? [] : outsideExemptFields(result.issues);
          expect(refusedAt, `the spec accepts, wireForm refuses (${describeIssues(refusedAt)}) ${case_}`).toEqual([]);
        } else {
          expect(result.ok, `the spec refuses (${ajv.errorsText(check.errors)}), wireForm accepts: ${case_}`).toBe(
            false,
          );
        }
      }),
      { numRuns: 250 },
    );
    expect(verdicts.accepted).toBeGreaterThan(10);
    expect(verdicts.refused).toBeGreaterThan(10);
  });
});
