/**
 * ReceiverLei (withdrawals, instruction withdrawals, exchanges, beneficiaries): "20-character alphanumeric
 * LEI" (§ CreateAccountWithdrawal, § "Limits"). The format and the ISO 17442 check digits are the rule of
 * `validateLei`; this module only places its issues at the field. When the field is required is the
 * conditional rule in `../rules/receiver-lei.ts`.
 */
import { validateLei } from "../../identifiers/lei.js";
import { readWith, type FieldResult, type Path } from "../../core/json-fields.js";

export function readReceiverLei(input: unknown, path: Path): FieldResult<string> {
  return readWith(input, path, (value) => validateLei(value));
}
