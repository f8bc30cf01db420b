/**
 * Deposits (funds arriving on an account), their depositors, and where an account can be paid into.
 * A deposit is Pending (P: seen, not yet credited) or Completed (C: credited to the balance with a statement
 * item); a deposit whose Reference is an exchange's DepositReference funds that exchange. Depositors are
 * the people or companies behind deposits, assigned by the client (AssignDepositor).
 */
import {
  calcIbanCheckDigits,
  validateAssignDepositor,
  validateDepositRequirementRequest,
  type AssignDepositorRequest,
  type DepositorAddress,
} from "@account-funds/validators";
import type { AccountRecord, DepositRecord, DepositorRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { availableOf, balanceOf, credit } from "./balances.js";
import type { DomainContext } from "./context.js";
import { sectorsOf } from "./beneficiaries.js";
import { decimalsOf, toMinor } from "./money.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import {
  badRequest,
  gone,
  notFound,
  tooManyDecimals,
  requireFields,
  unknownAccount,
  unknownCurrency,
  type CommandRefusal,
} from "./refusals.js";

export function depositOf(ctx: DomainContext, tenant: TenantId, id: number): DepositRecord | undefined {
  return ctx.store.owned(ctx.store.deposits, tenant, id);
}

export interface IncomingDeposit {
  readonly accountId: number;
  readonly currencyCode: string;
  /** Minor units. */
  readonly amount: number;
  readonly reference: string;
  readonly counterpartAccountName: string;
  readonly completed: boolean;
}

/**
 * Records funds arriving on an account (seeding, control API). A completed deposit credits the balance at
 * once; a pending one waits for `completeDeposit`. Its Reference links it to the exchange it funds, if any.
 */
export function receiveDeposit(ctx: DomainContext, tenant: TenantId, incoming: IncomingDeposit): DepositRecord {
  const { store, clock } = ctx;
  return store.atomically(() => {
    const exchange = store.exchanges.filter(
      (row) =>
        row.tenant === tenant && row.AccountId === incoming.accountId && row.DepositReference === incoming.reference,
    )[0];
    const deposit = store.deposits.insert({
      Id: store.nextId("deposits"),
      tenant,
      AccountId: incoming.accountId,
      CurrencyCode: incoming.currencyCode,
      amount: incoming.amount,
      Reference: incoming.reference,
      Narrative: [incoming.counterpartAccountName.toUpperCase(), incoming.reference],
      ValueDate: clock.now().toISOString(),
      StatusCode: "P",
      CounterpartAccountName: incoming.counterpartAccountName,
      ...(exchange === undefined ? {} : { ExchangeId: exchange.Id }),
    });
    return incoming.completed ? creditDeposit(ctx, deposit) : deposit;
  });
}

function creditDeposit(ctx: DomainContext, deposit: DepositRecord): DepositRecord {
  credit(ctx.store, ctx.clock, {
    accountId: deposit.AccountId,
    currencyCode: deposit.CurrencyCode,
    amount: deposit.amount,
    narrative: `Deposit ${deposit.Reference} from ${deposit.CounterpartAccountName}`,
    detail: { kind: "deposit", id: deposit.Id },
  });
  return ctx.store.deposits.update(deposit.Id, { StatusCode: "C", ValueDate: ctx.clock.now().toISOString() });
}

/** Completes a Pending deposit (P → C), crediting the balance; for the control API. 410 when not Pending. */
export function completeDeposit(
  ctx: DomainContext,
  id: number,
): { readonly ok: true; readonly deposit: DepositRecord } | CommandRefusal {
  const deposit = ctx.store.deposits.get(id);
  if (deposit === undefined) return notFound(`Deposit ${id}`);
  if (deposit.StatusCode !== "P") return gone(`Deposit ${id} is already completed.`);
  return ctx.store.atomically(() => ({ ok: true, deposit: creditDeposit(ctx, deposit) }) as const);
}

export type AssignOutcome =
  | { readonly ok: true; readonly deposit: DepositRecord; readonly depositor: DepositorRecord }
  | CommandRefusal;

/**
 * POST /Deposits/{depositId}/AssignDepositor: creates a depositor of the deposit's account from the body's
 * Individual or Company (validated with the sectors) and links it to the deposit, replacing any earlier
 * link. The depositor's RemitterName is the name the deposit arrived with; supporting documents are not kept.
 */
export function assignNewDepositor(
  ctx: DomainContext,
  tenant: TenantId,
  depositId: number,
  body: unknown,
): AssignOutcome | InvalidRequest {
  const deposit = depositOf(ctx, tenant, depositId);
  if (deposit === undefined) return notFound(`Deposit ${depositId}`);
  const checked = validateAssignDepositor(body, { sectors: sectorsOf(ctx.store), wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const request = checked.value;
  const party = depositorParty(request);
  if (!party.ok) return party;
  const { store, clock } = ctx;
  return store.atomically(() => {
    const depositor = store.depositors.insert({
      Id: store.nextId("depositors"),
      tenant,
      AccountId: deposit.AccountId,
      CreatedDate: clock.now().toISOString(),
      RemitterName: deposit.CounterpartAccountName,
      IsThirdParty: request.IsThirdParty ?? false,
      StatusCode: "E",
      ...party.party,
    });
    const linked = store.deposits.update(deposit.Id, { DepositorId: depositor.Id });
    return { ok: true, deposit: linked, depositor } as const;
  });
}

type DepositorParty = Pick<DepositorRecord, "Name" | "EntityType"> &
  Partial<Pick<DepositorRecord, "Address" | "Website" | "IndustryId" | "IndustryDetails" | "PhoneNumber">>;

/**
 * The depositor a body describes. The reference requires none of its members; the sandbox's model needs one
 * party, Individual or Company (not both), with a name (400 otherwise, its own business rule).
 */
function depositorParty(
  request: AssignDepositorRequest,
): { readonly ok: true; readonly party: DepositorParty } | CommandRefusal {
  const { Individual: individual, Company: company } = request;
  if (individual !== undefined && company !== undefined)
    return badRequest("conflict", "The sandbox takes a depositor as an Individual or a Company, not both.", "Company");
  if (individual !== undefined) {
    const name = [individual.FirstName, individual.MiddleName, individual.LastName]
      .filter((part) => part !== undefined && part !== "")
      .join(" ");
    if (name === "") return badRequest("required", "The sandbox needs the individual's name.", "Individual/LastName");
    return {
      ok: true,
      party: {
        Name: name,
        EntityType: "Individual",
        ...withAddress(individual.Address),
        ...(individual.PhoneNumber === undefined ? {} : { PhoneNumber: individual.PhoneNumber }),
      },
    };
  }
  if (company === undefined)
    return badRequest("required", "The sandbox needs an Individual or a Company to assign.", "Individual");
  if (company.Name === undefined)
    return badRequest("required", "The sandbox needs the company's Name.", "Company/Name");
  return { ok: true, party: companyParty(company.Name, company) };
}

function companyParty(name: string, company: NonNullable<AssignDepositorRequest["Company"]>): DepositorParty {
  return {
    Name: name,
    EntityType: "Company",
    ...withAddress(company.Address),
    ...(company.PhoneNumber === undefined ? {} : { PhoneNumber: company.PhoneNumber }),
    ...(company.Website === undefined ? {} : { Website: company.Website }),
    ...(company.IndustryId === undefined ? {} : { IndustryId: company.IndustryId }),
    ...(company.IndustryDetails === undefined ? {} : { IndustryDetails: company.IndustryDetails }),
  };
}

function withAddress(address: DepositorAddress | undefined): Pick<DepositorRecord, "Address"> {
  return address === undefined ? {} : { Address: { ...address } };
}

/** AssignDepositor/{depositorId}: links an existing depositor of the tenant to the deposit (404 for either). */
export function assignExistingDepositor(
  ctx: DomainContext,
  tenant: TenantId,
  depositId: number,
  depositorId: number,
): AssignOutcome {
  const deposit = depositOf(ctx, tenant, depositId);
  if (deposit === undefined) return notFound(`Deposit ${depositId}`);
  const depositor = ctx.store.owned(ctx.store.depositors, tenant, depositorId);
  if (depositor === undefined) return notFound(`Depositor ${depositorId}`);
  return ctx.store.atomically(
    () =>
      ({ ok: true, deposit: ctx.store.deposits.update(deposit.Id, { DepositorId: depositor.Id }), depositor }) as const,
  );
}

/** The answer of DepositRequirement, in minor units (the response body is not shown by the reference). */
export interface DepositRequirement {
  readonly accountId: number;
  readonly currencyCode: string;
  readonly netDepositRequirement: number;
  /** Available funds of the account in the currency now. */
  readonly available: number;
  /** What must still be deposited for the available funds to cover the net requirement (never negative). */
  readonly depositRequired: number;
}

/** POST /Deposits/DepositRequirement: validates the body; the account must be the caller's (else 400). */
export function depositRequirement(
  store: Store,
  tenant: TenantId,
  body: unknown,
): { readonly ok: true; readonly requirement: DepositRequirement } | CommandRefusal | InvalidRequest {
  const checked = validateDepositRequirementRequest(body, { wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const needed = requireFields(
    checked.value,
    ["AccountId", "NetDepositRequirement", "CurrencyCode"],
    "the requirement is an account's net requirement in a currency",
  );
  if (!needed.ok) return needed;
  const request = needed.value;
  if (store.accountOf(tenant, request.AccountId) === undefined) return unknownAccount(request.AccountId);
  if (store.currencies.get(request.CurrencyCode) === undefined)
    return unknownCurrency(request.CurrencyCode, "CurrencyCode");
  const net = toMinor(request.NetDepositRequirement, decimalsOf(store, request.CurrencyCode));
  if (net === undefined) return tooManyDecimals("NetDepositRequirement", request.CurrencyCode);
  const balance = balanceOf(store, request.AccountId, request.CurrencyCode);
  const available = balance === undefined ? 0 : availableOf(balance);
  return {
    ok: true,
    requirement: {
      accountId: request.AccountId,
      currencyCode: request.CurrencyCode,
      netDepositRequirement: net,
      available,
      depositRequired: Math.max(0, net - available),
    },
  };
}

/** The sandbox's own bank, where every account has a virtual account (fictitious BIC and sort code). */
export const sandboxBank = { bic: "AFSXGB2L", bankCode: "AFSX", sortCode: "040075", country: "GB" } as const;

/** One place funds in a currency can be paid to: the routing properties and the name to pay. */
export interface DepositRouting {
  readonly currencyCode: string;
  readonly beneficiaryName: string;
  readonly routings: readonly Readonly<Record<string, string>>[];
}

/** The 8-digit virtual account number of an account at the sandbox bank. */
export function virtualAccountNumber(accountId: number): string {
  return String(60_000_000 + (accountId % 10_000_000)).padStart(8, "0");
}

/** The virtual account's IBAN (GB: bank code, sort code, account number), with valid check digits. */
export function virtualIban(accountId: number): string {
  const bban = `${sandboxBank.bankCode}${sandboxBank.sortCode}${virtualAccountNumber(accountId)}`;
  return `${sandboxBank.country}${calcIbanCheckDigits(sandboxBank.country, bban)}${bban}`;
}

/** The virtual account a currency is paid to: GBP by sort code and account number, then by IBAN; others by IBAN. */
export function virtualAccountRoutings(accountId: number, currencyCode: string): Readonly<Record<string, string>>[] {
  const iban = {
    Type: "BicIban",
    CountryCode: sandboxBank.country,
    Bic: sandboxBank.bic,
    Iban: virtualIban(accountId),
  };
  if (currencyCode !== "GBP") return [iban];
  const sortCode = {
    Type: "SortCodeAccountNumber",
    CountryCode: sandboxBank.country,
    SortCode: sandboxBank.sortCode,
    AccountNumber: virtualAccountNumber(accountId),
  };
  return [sortCode, iban];
}

/** Where the account can be paid, per currency it holds; the name to pay is the entity owning the account. */
export function depositRoutingsOf(store: Store, account: AccountRecord): DepositRouting[] {
  const beneficiaryName = store.entities.get(account.EntityId)?.Name ?? account.Name;
  const currencies = store.balances
    .filter((balance) => balance.AccountId === account.Id)
    .map((balance) => balance.CurrencyCode);
  return [...new Set(currencies)].map((currencyCode) => ({
    currencyCode,
    beneficiaryName,
    routings: virtualAccountRoutings(account.Id, currencyCode),
  }));
}
