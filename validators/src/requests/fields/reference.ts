/**
 * The length limits of the reference (§ "Limits"), as the spec's tables state them: Reference (transfer,
 * withdrawal and beneficiary, up to 35 characters), the withdrawal Description (up to 140) and the
 * UltimateOriginator Name (up to 35). The request validators read each field's limit from its own table; these
 * are the same numbers by name, for forms that show them (`maxLength` of an input). Lengths count code points, as
 * JSON Schema `maxLength` does, of the text as typed (free text is never trimmed).
 */
import {
  createAccountTransferTable,
  createAccountWithdrawalTable,
  ultimateOriginatorTable,
} from "../../generated/request-fields.js";

export const REFERENCE_MAX_LENGTH: number = createAccountTransferTable.fields.Reference.maxLength;
export const DESCRIPTION_MAX_LENGTH: number = createAccountWithdrawalTable.fields.Description.maxLength;
export const ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH: number = ultimateOriginatorTable.fields.Name.maxLength;
