/**
 * DepositDto, DepositorDto2, the deposit information lists, AllocationDto and the DepositRequirement body.
 * The sandbox charges no fees, so a deposit's Deposited equals its Amount and its Fees list is empty. A
 * deposit's Depositor shows the name it arrived with and the virtual account it was paid to; the remitter's
 * bank details are not known to the sandbox (null).
 */
import type {
  AddressDto,
  AllocationDto,
  DepositDto,
  DepositInformationDto,
  DepositorDto2,
  DepositRequirementResponse,
  DepositRoutingInformationDto,
} from "@account-funds/client";
import type { DepositRecord, DepositorRecord, ExchangeRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { DepositRequirement, DepositRouting } from "../../model/domain/deposits.js";
import { virtualAccountRoutings } from "../../model/domain/deposits.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import { depositorStatuses, depositStatuses, statusText } from "../../model/domain/statuses.js";
import { noFees } from "./fee.js";

export function toDepositDto(store: Store, deposit: DepositRecord): DepositDto {
  const amount = fromMinor(deposit.amount, decimalsOf(store, deposit.CurrencyCode));
  const virtualAccount = virtualAccountRoutings(deposit.AccountId, deposit.CurrencyCode)[0];
  return {
    Id: deposit.Id,
    AccountId: deposit.AccountId,
    CurrencyCode: deposit.CurrencyCode,
    Amount: amount,
    Reference: deposit.Reference,
    Narrative: [...deposit.Narrative],
    ValueDate: deposit.ValueDate,
    Deposited: amount,
    StatusCode: deposit.StatusCode,
    Status: statusText(depositStatuses, deposit.StatusCode),
    Depositor: {
      Name: deposit.CounterpartAccountName.toUpperCase(),
      VirtualAccount: virtualAccount === undefined ? null : { Properties: { ...virtualAccount } },
      Counterparty: null,
      CounterpartyBankCountry: null,
      CounterpartyBankName: null,
    },
    CounterpartAccountName: deposit.CounterpartAccountName,
    ClientDepositor: deposit.DepositorId === undefined ? null : { DepositorId: deposit.DepositorId },
    Fees: noFees(),
  };
}

function toAddressDto(address: Readonly<Record<string, unknown>>): AddressDto {
  const text = (key: string): string | null => {
    const value = address[key];
    return typeof value === "string" ? value : null;
  };
  return {
    Street: text("Street"),
    HouseNumber: text("HouseNumber"),
    HouseName: text("HouseName"),
    FlatNumber: text("FlatNumber"),
    District: text("District"),
    Town: text("Town"),
    County: text("County"),
    PostCode: text("PostCode"),
    CountryCode: text("CountryCode"),
  };
}

export function toDepositorDto(store: Store, depositor: DepositorRecord): DepositorDto2 {
  const industry = depositor.IndustryId === undefined ? undefined : store.sectors.get(depositor.IndustryId);
  return {
    Id: depositor.Id,
    CreatedDate: depositor.CreatedDate,
    RemitterName: depositor.RemitterName,
    Name: depositor.Name,
    EntityType: depositor.EntityType,
    IsThirdParty: depositor.IsThirdParty,
    Address: depositor.Address === undefined ? null : toAddressDto(depositor.Address),
    Website: depositor.Website ?? null,
    Industry: depositor.IndustryId === undefined ? null : { Id: depositor.IndustryId, Name: industry?.Name ?? null },
    IndustryDetails: depositor.IndustryDetails ?? null,
    PhoneNumber: depositor.PhoneNumber ?? null,
    StatusCode: depositor.StatusCode,
    Status: statusText(depositorStatuses, depositor.StatusCode),
    ComplianceOverridenEntityTypeId: null,
  };
}

export function toDepositInformationDto(routing: DepositRouting): DepositInformationDto {
  return {
    CurrencyCode: routing.currencyCode,
    Routings: routing.routings.map((properties) => ({
      BeneficiaryName: routing.beneficiaryName,
      Properties: { ...properties },
    })),
  };
}

export function toDepositRoutingInformationDto(routing: DepositRouting): DepositRoutingInformationDto {
  return {
    CurrencyCode: routing.currencyCode,
    Routings: routing.routings.map((properties) => ({
      AccountHolderName: routing.beneficiaryName,
      PartyIdentification: { Properties: { ...properties } },
      IntermediaryPartyIdentification: null,
    })),
  };
}

/** Midnight UTC of a timestamp's day: allocations are valued by day. */
function valueDay(timestamp: string): string {
  return `${timestamp.slice(0, 10)}T00:00:00.000Z`;
}

/**
 * The allocations of an exchange: one, of the whole sold amount, once it is allocated (Allocated, Approved
 * or Completed), valued on its trade date and naming the deposit that funded it, if one did (a deposit whose
 * Reference is the exchange's DepositReference). Its Id is the exchange's: an exchange has one allocation.
 */
export function toAllocationDtos(store: Store, exchange: ExchangeRecord): AllocationDto[] {
  if (!["L", "A", "C"].includes(exchange.StatusCode)) return [];
  const funding = store.deposits.filter(
    (deposit) => deposit.ExchangeId === exchange.Id && deposit.CurrencyCode === exchange.SourceCurrencyCode,
  )[0];
  return [
    {
      Id: exchange.Id,
      Amount: fromMinor(exchange.sold, decimalsOf(store, exchange.SourceCurrencyCode)),
      ValueDate: valueDay(exchange.CreatedOn),
      DepositId: funding?.Id ?? null,
    },
  ];
}

/**
 * Sandbox extension of the open DepositRequirementResponse (the reference does not show its fields): the
 * request's figures, what is available, what is missing.
 */
export type SandboxDepositRequirementResponse = DepositRequirementResponse & {
  readonly AccountId: number;
  readonly CurrencyCode: string;
  readonly NetDepositRequirement: number;
  readonly AvailableBalance: number;
  readonly DepositRequired: number;
};

export function toDepositRequirementBody(
  store: Store,
  requirement: DepositRequirement,
): SandboxDepositRequirementResponse {
  const decimals = decimalsOf(store, requirement.currencyCode);
  return {
    AccountId: requirement.accountId,
    CurrencyCode: requirement.currencyCode,
    NetDepositRequirement: fromMinor(requirement.netDepositRequirement, decimals),
    AvailableBalance: fromMinor(requirement.available, decimals),
    DepositRequired: fromMinor(requirement.depositRequired, decimals),
  };
}
