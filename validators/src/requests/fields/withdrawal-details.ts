/**
 * The optional or conditional fields that the account withdrawal and the instruction withdrawal share
 * (§ CreateAccountWithdrawal; § CreateInstructionWithdrawal: "the same optional or conditional fields as the
 * account withdrawal: PaymentPurposeId, UltimateOriginator, PaymentChargesCode, BoEPurposeCodeId, ReceiverLei
 * (same rules)"). This module reads their shapes; `../rules/withdrawal-rules.ts` applies the conditions.
 */
import type { Issue } from "../../core/issue.js";
import { paymentChargesCodes, type PaymentChargesCode } from "./enums.js";
import {
  collectIssues,
  field,
  readEnum,
  readInt32,
  type JsonObject,
  type MembersRead,
} from "../../core/json-fields.js";
import { readReceiverLei } from "./receiver-lei.js";
import { readUltimateOriginator, type UltimateOriginator } from "./ultimate-originator.js";

export interface WithdrawalDetails {
  /** Id from /v1/Withdrawals/PaymentPurposes(…); mandatory for AE bank accounts, and CN bank accounts in CNH. */
  PaymentPurposeId?: number;
  /** Only for a withdrawal on behalf of another party. */
  UltimateOriginator?: UltimateOriginator;
  PaymentChargesCode?: PaymentChargesCode;
  /** Id from /v1/Withdrawals/BoEPaymentPurposes; required for GBP. */
  BoEPurposeCodeId?: number;
  /** 20-character LEI; required for GBP payments to banks and building societies. */
  ReceiverLei?: string;
}

/** The fields as read (an absent one `undefined`), for the request's `definedFields` to leave out the absent. */
export function readWithdrawalDetails(body: JsonObject): {
  readonly value: MembersRead<WithdrawalDetails>;
  readonly issues: readonly Issue[];
} {
  const { take, issues } = collectIssues();
  const value: MembersRead<WithdrawalDetails> = {
    PaymentPurposeId: take(readInt32(field(body, "PaymentPurposeId"), ["PaymentPurposeId"])),
    UltimateOriginator: take(readUltimateOriginator(field(body, "UltimateOriginator"), ["UltimateOriginator"])),
    PaymentChargesCode: take(readEnum(field(body, "PaymentChargesCode"), ["PaymentChargesCode"], paymentChargesCodes)),
    BoEPurposeCodeId: take(readInt32(field(body, "BoEPurposeCodeId"), ["BoEPurposeCodeId"])),
    ReceiverLei: take(readReceiverLei(field(body, "ReceiverLei"), ["ReceiverLei"])),
  };
  return { value, issues };
}
