/**
 * Request currency codes (CurrencyCode, SourceCurrencyCode, TargetCurrencyCode). The reference states the
 * ISO 4217 3-letter form for the RequiredAdditionalInformation path parameter only; the spec applies the same
 * `^[A-Z]{3}$` pattern to every request CurrencyCode (CONVENTIONS.md, "request CurrencyCode"), and so do we.
 * Outer spaces and lower case are presentation forms: ` gbp ` normalises to `GBP`. Whether the currency exists, or is
 * offered by the account, is for the server (the currency list is an endpoint, not a fixed table).
 */
import { asWarning, issue, type Issue } from "../../core/issue.js";
import {
  fail,
  label,
  ok,
  readString,
  type FieldResult,
  type Path,
  type PresenceOptions,
} from "../../core/json-fields.js";

const THREE_LETTERS = /^[A-Za-z]{3}$/;

export function readCurrencyCode(input: unknown, path: Path, options: PresenceOptions = {}): FieldResult<string> {
  const text = readString(input, path, options);
  if (text.value === undefined) return text;
  const code = text.value.trim();
  if (!THREE_LETTERS.test(code)) {
    return fail(
      issue("invalid_format", `${label(path)} must be a 3-letter ISO 4217 currency code.`, path, {
        received: code.slice(0, 16),
      }),
    );
  }
  return ok(code.toUpperCase());
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
