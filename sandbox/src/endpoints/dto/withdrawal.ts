/**
 * WithdrawalDto from a withdrawal record (with its AccountDto and BeneficiaryDto), and the MT103-style text of
 * a completed withdrawal's confirmation. A withdrawal pays out in its own currency, so the target currency and
 * amount are its own and it is never cross-currency; OutstandingAmount is what is still to leave the account
 * (the whole amount while Pending or Approved, nothing once Completed, Rejected or Cancelled).
 */
import type { WithdrawalDto } from "@account-funds/client";
import type { WithdrawalRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import { statusText, withdrawalStatuses } from "../../model/domain/statuses.js";
import { toAccountDto } from "./account.js";
import { toBeneficiaryDto } from "./beneficiary.js";
import { noFees } from "./fee.js";

export function toWithdrawalDto(store: Store, withdrawal: WithdrawalRecord): WithdrawalDto {
  const amount = fromMinor(withdrawal.amount, decimalsOf(store, withdrawal.CurrencyCode));
  const account = store.accounts.get(withdrawal.AccountId);
  const beneficiary = store.beneficiaries.get(withdrawal.BeneficiaryId);
  const outstanding = withdrawal.StatusCode === "P" || withdrawal.StatusCode === "A";
  return {
    Id: withdrawal.Id,
    AccountId: withdrawal.AccountId,
    Account: account === undefined ? null : toAccountDto(account),
    CurrencyCode: withdrawal.CurrencyCode,
    Amount: amount,
    TargetCurrencyCode: withdrawal.CurrencyCode,
    TargetAmount: amount,
    IsCrossCurrency: false,
    OutstandingAmount: outstanding ? amount : 0,
    Beneficiary: beneficiary === undefined ? null : toBeneficiaryDto(beneficiary),
    Reference: withdrawal.Reference ?? null,
    InstructionId: withdrawal.InstructionId ?? null,
    CreatedDate: withdrawal.CreatedDate,
    ValueDate: withdrawal.ValueDate,
    Description: withdrawal.Description ?? null,
    StatusCode: withdrawal.StatusCode,
    Status: statusText(withdrawalStatuses, withdrawal.StatusCode),
    Fees: noFees(),
  };
}

/** The sandbox's own BIC, as the sender of the confirmation. */
const SANDBOX_BIC = "SNDBGB2LXXX";

const yymmdd = (iso: string): string => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const hhmm = (iso: string): string => iso.slice(11, 13) + iso.slice(14, 16);
/** SWIFT amounts use a decimal comma and no thousands separator. */
const swiftAmount = (amount: number, decimals: number): string =>
  amount.toFixed(Math.max(decimals, 0)).replace(".", ",") + (decimals === 0 ? "," : "");
/** An MT field line holds up to 35 characters of the SWIFT X character set. */
const swiftLine = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9/\-?:().,'+ ]/g, " ")
    .slice(0, 35);
const bic11 = (bic: string): string => (bic.length === 8 ? `${bic}XXX` : bic);
/** A logical terminal address: BIC8, terminal code, branch (12 characters). */
const terminal = (bic: string): string => `${bic.slice(0, 8)}A${bic11(bic).slice(8)}`;

/** The beneficiary's account as :59: shows it: the IBAN, or the routing code and account number. */
function beneficiaryAccount(routing: Readonly<Record<string, unknown>>): string {
  const text = (key: string): string => {
    const value = routing[key];
    return typeof value === "string" ? value.replace(/\s/g, "") : "";
  };
  if (text("Iban") !== "") return text("Iban");
  const code =
    text("SortCode") ||
    text("RoutingTransitNumber") ||
    text("TransitNumber") ||
    text("BankStateBranch") ||
    text("IndianFinancialSystemCode");
  return `${code}${text("AccountNumber")}`;
}

/**
 * The confirmation of a completed withdrawal as an MT103-style message: :20: reference, :23B: operation, :32A:
 * value date, currency and amount, :50K: ordering customer, :57A: the beneficiary's bank (when it has a BIC),
 * :59: beneficiary, :70: remittance information, :71A: charges (SHA unless the withdrawal said OUR).
 */
export function toMt103Text(store: Store, withdrawal: WithdrawalRecord): string {
  const account = store.accounts.get(withdrawal.AccountId);
  const beneficiary = store.beneficiaries.get(withdrawal.BeneficiaryId);
  const routing = beneficiary?.PaymentRouting ?? {};
  const bic = typeof routing["Bic"] === "string" ? bic11(routing["Bic"]) : undefined;
  const decimals = decimalsOf(store, withdrawal.CurrencyCode);
  const amount = fromMinor(withdrawal.amount, decimals);
  const at = withdrawal.ValueDate;
  const remittance = withdrawal.Reference ?? withdrawal.Description ?? `WITHDRAWAL ${withdrawal.Id}`;
  const lines = [
    `{1:F01${terminal(SANDBOX_BIC)}0000000000}{2:O103${hhmm(at)}${yymmdd(at)}${terminal(bic ?? SANDBOX_BIC)}0000000000${yymmdd(at)}${hhmm(at)}N}{4:`,
    `:20:W${withdrawal.Id}`,
    ":23B:CRED",
    `:32A:${yymmdd(at)}${withdrawal.CurrencyCode}${swiftAmount(amount, decimals)}`,
    `:50K:/${account?.AccountNumber ?? withdrawal.AccountId}`,
    swiftLine(account?.Name ?? ""),
    ...(bic === undefined ? [] : [`:57A:${bic}`]),
    `:59:/${beneficiaryAccount(routing)}`,
    swiftLine(beneficiary?.AccountHolderName ?? beneficiary?.Name ?? ""),
    `:70:${swiftLine(remittance)}`,
    `:71A:${withdrawal.PaymentChargesCode ?? "SHA"}`,
    "-}",
  ];
  return `${lines.join("\n")}\n`;
}
