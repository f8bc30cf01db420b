/**
 * Withdrawal beneficiaries: bank accounts outside the system, created Enabled (E), moved between Enabled and
 * Suspended (S) and ended by Cancel (X). The spec declares only 200 and 404 for the three commands, so a
 * command that cannot move a beneficiary (Enable or Suspend of a Cancelled one) answers 200 and changes
 * nothing; the caller reads the beneficiary's StatusCode.
 */
import {
  validateCreateWithdrawalBeneficiary,
  type CreateWithdrawalBeneficiaryOptions,
  type Sector,
} from "@account-funds/validators";
import type { BeneficiaryRecord, SectorRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { requiredAdditionalInformation } from "./additional-information-rules.js";
import type { DomainContext } from "./context.js";
import type { BeneficiaryStatusCode } from "./statuses.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import { notFound, unknownAccount, unknownCurrency, type CommandRefusal } from "./refusals.js";

export type BeneficiaryOutcome = { readonly ok: true; readonly beneficiary: BeneficiaryRecord } | CommandRefusal;
export type BeneficiaryCommandOutcome =
  | { readonly ok: true; readonly beneficiary: BeneficiaryRecord; readonly changed: boolean }
  | CommandRefusal;

/** The /v1/Sectors list as the validators take it. */
export function sectorsOf(store: Store): Sector[] {
  return store.sectors.all().map((sector) => ({ Id: sector.Id, Name: sector.Name }));
}

function sectorOf(store: Store, industryId: number | undefined): SectorRecord | undefined {
  return industryId === undefined ? undefined : store.sectors.get(industryId);
}

function textAt(value: unknown, ...path: readonly string[]): string | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === "string" ? current : undefined;
}

/**
 * Everything the sandbox knows that validateCreateWithdrawalBeneficiary needs beyond the body: the sectors,
 * the vertical of the chosen industry, that API-created beneficiaries are held by the customer account, and
 * the AdditionalInformation rules of the body's currency, residence, bank country and type.
 */
export function beneficiaryValidationOptions(store: Store, body: unknown): CreateWithdrawalBeneficiaryOptions {
  const industryId =
    typeof body === "object" && body !== null ? (body as Record<string, unknown>)["IndustryId"] : undefined;
  const sector = typeof industryId === "number" ? sectorOf(store, industryId) : undefined;
  const currencyCode = textAt(body, "CurrencyCode");
  return {
    sectors: sectorsOf(store),
    // No known industry: not a financial institution, so the ReceiverLei rule does not apply.
    vertical: sector?.Vertical ?? "",
    heldByCustomerAccount: true,
    additionalInformationRules:
      currencyCode === undefined
        ? []
        : requiredAdditionalInformation({
            currencyCode,
            beneficiaryCountryCode: textAt(body, "Address", "CountryCode") ?? "",
            beneficiaryBankCountry: textAt(body, "PaymentRouting", "CountryCode") ?? "",
            beneficiaryType: textAt(body, "BeneficiaryType") ?? "",
          }),
  };
}

export function beneficiaryOf(ctx: DomainContext, tenant: TenantId, id: number): BeneficiaryRecord | undefined {
  return ctx.store.owned(ctx.store.beneficiaries, tenant, id);
}

/**
 * POST /Beneficiaries/CreateWithdrawalBeneficiary: validates the body with the whole sandbox context, then
 * creates an Enabled beneficiary. Refused (400) when the account is not the tenant's or the currency is not
 * one the sandbox knows. The routing is stored in the validators' normalised form (e.g. a compact IBAN).
 */
export function createWithdrawalBeneficiary(
  ctx: DomainContext,
  tenant: TenantId,
  body: unknown,
): BeneficiaryOutcome | InvalidRequest {
  const { store } = ctx;
  const checked = validateCreateWithdrawalBeneficiary(body, {
    ...beneficiaryValidationOptions(store, body),
    wireForm: true,
  });
  if (!checked.ok) return invalidRequest(checked.issues);
  const request = checked.value;
  if (store.accountOf(tenant, request.AccountId) === undefined) return unknownAccount(request.AccountId);
  if (store.currencies.get(request.CurrencyCode) === undefined)
    return unknownCurrency(request.CurrencyCode, "CurrencyCode");
  return store.atomically(() => {
    const beneficiary = store.beneficiaries.insert({
      Id: store.nextId("beneficiaries"),
      tenant,
      AccountId: request.AccountId,
      Name: request.Name,
      // "When empty it equals Name."
      AccountHolderName:
        request.AccountHolderName === undefined || request.AccountHolderName.trim() === ""
          ? request.Name
          : request.AccountHolderName,
      CurrencyCode: request.CurrencyCode,
      StatusCode: "E",
      BeneficiaryType: request.BeneficiaryType,
      PaymentRouting: { ...request.PaymentRouting },
      ...(request.AlternatePaymentRouting === undefined
        ? {}
        : { AlternatePaymentRouting: request.AlternatePaymentRouting.map((routing) => ({ ...routing })) }),
      ...(request.IntermediaryPaymentRouting === undefined
        ? {}
        : { IntermediaryPaymentRouting: request.IntermediaryPaymentRouting.map((routing) => ({ ...routing })) }),
      Address: { ...request.Address },
      ...optional("IndustryId", request.IndustryId),
      ...optional("IndustryDetails", request.IndustryDetails),
      ...optional("Website", request.Website),
      ...optional("Reference", request.Reference),
      ...optional("ReceiverLei", request.ReceiverLei),
      ...(request.AdditionalInformation === undefined
        ? {}
        : { AdditionalInformation: { ...request.AdditionalInformation } }),
    });
    return { ok: true, beneficiary } as const;
  });
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Which states each command moves from; any other state is left as it is (200, no change). */
const commands = {
  enable: { to: "E", from: ["S"] },
  suspend: { to: "S", from: ["E"] },
  cancel: { to: "X", from: ["E", "S"] },
} as const satisfies Record<string, { to: BeneficiaryStatusCode; from: readonly BeneficiaryStatusCode[] }>;

export type BeneficiaryCommand = keyof typeof commands;

/**
 * Enable (S → E), Suspend (E → S) or Cancel (E/S → X). A beneficiary already in the target state, or a
 * Cancelled one, is left unchanged with `changed: false`; 404 when it is not the tenant's.
 */
export function commandBeneficiary(
  ctx: DomainContext,
  tenant: TenantId,
  id: number,
  command: BeneficiaryCommand,
): BeneficiaryCommandOutcome {
  const beneficiary = beneficiaryOf(ctx, tenant, id);
  if (beneficiary === undefined) return notFound(`Beneficiary ${id}`);
  const move = commands[command];
  if (!move.from.some((code) => code === beneficiary.StatusCode)) return { ok: true, beneficiary, changed: false };
  return ctx.store.atomically(
    () =>
      ({ ok: true, beneficiary: ctx.store.beneficiaries.update(id, { StatusCode: move.to }), changed: true }) as const,
  );
}
