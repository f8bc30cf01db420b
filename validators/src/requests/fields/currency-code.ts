/**
 * Request currency codes (CurrencyCode, SourceCurrencyCode, TargetCurrencyCode). The reference states the
 * ISO 4217 3-letter form for the RequiredAdditionalInformation path parameter only; the spec applies a pattern to
 * every request CurrencyCode (CONVENTIONS.md, "request CurrencyCode"), which the field's table carries, and so do
 * we. Outer spaces and lower case are presentation forms: ` gbp ` normalises to `GBP`, then the spec's pattern
 * decides. Whether the currency exists, or is offered by the account, is for the server (the currency list is an
 * endpoint, not a fixed table).
 */
import { asWarning, issue, type Issue } from "../../core/issue.js";
import { fail, label, ok, readString, type FieldResult, type Path } from "../../core/json-fields.js";
import type { FieldReader } from "../../core/read-table.js";
import { patternOf } from "../../core/wire-form.js";
import { createAccountWithdrawalTable } from "../../generated/request-fields.js";

/** A code as people type it: outer spaces trimmed, letters upper-cased; then held to the spec's `pattern`. */
function readCode(text: string, path: Path, pattern: string | undefined): FieldResult<string> {
  const trimmed = text.trim();
  const code = /^[A-Za-z]+$/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
  if (pattern === undefined || patternOf(pattern).test(code)) return ok(code);
  return fail(
    issue("invalid_format", `${label(path)} must be an ISO 4217 currency code (${pattern}).`, path, {
      received: trimmed.slice(0, 16),
      pattern,
    }),
  );
}

/** A currency code field of a request table. */
export const currencyCode: FieldReader = (input, path, reading) => {
  const text = reading.standard();
  const pattern = reading.spec.type === "string" ? reading.spec.pattern : undefined;
  return typeof text.value === "string" ? readCode(text.value, path, pattern) : text;
};

/** A currency code field that a request can hardly do without: `why` ends its `recommended` warning. */
export function recommendedCurrencyCode(why: string): FieldReader {
  return (input, path, reading) =>
    currencyCode(input, path, { ...reading, standard: () => reading.standard({ recommended: why }) });
}

/**
 * A currency code of the caller's context (an instruction's currency), read like a withdrawal's CurrencyCode; a
 * malformed one is unknown.
 */
export function contextCurrencyCode(input: unknown): string | undefined {
  const text = readString(input, ["currencyCode"]);
  if (text.value === undefined) return undefined;
  return readCode(text.value, ["currencyCode"], createAccountWithdrawalTable.fields.CurrencyCode.pattern).value;
}

/**
 * For exchanges, quotes and alerts: SourceCurrencyCode and TargetCurrencyCode should differ, since an exchange
 * of a currency into itself has no rate. The reference does not say the API refuses it, so it is a warning
 * (`conflict` at `["TargetCurrencyCode"]`), never a refusal.
 */
export function currencyPairIssues(source: string | undefined, target: string | undefined): Issue[] {
  if (source === undefined || source !== target) return [];
  return [
    asWarning(
      issue(
        "conflict",
        "TargetCurrencyCode is SourceCurrencyCode: a pair of one currency exchanges nothing.",
        ["TargetCurrencyCode"],
        { other: ["SourceCurrencyCode"] },
      ),
    ),
  ];
}
