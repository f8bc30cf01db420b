/**
 * Valid references for the fuzzer, read from the sandbox's own lists (as the demo user) after a reset: the ids
 * and codes a valid request may name, so that generated requests can succeed. Two facts have no list in the
 * API (a job's token, the country filter types); those are read from the sandbox's store.
 */
import type { Sandbox } from "@account-funds/sandbox";
import { getJson } from "./fuzz-http.js";

export interface SeededBeneficiary {
  readonly Id: number;
  readonly AccountId: number;
  readonly CurrencyCode: string;
  readonly StatusCode: string;
  /** Country of its bank: PaymentRouting.PartyIdentification.Properties.CountryCode. */
  readonly bankCountry: string | undefined;
}

export interface Seeds {
  readonly accounts: readonly { readonly Id: number; readonly AccountNumber: string }[];
  /** Each account's subaccounts (their AccountNumbers), for UltimateOriginator.SubaccountNumber. */
  readonly subaccountNumbers: ReadonlyMap<number, readonly string[]>;
  /** The currencies each account holds a balance in. */
  readonly balanceCurrencies: ReadonlyMap<number, readonly string[]>;
  readonly entities: readonly number[];
  readonly transferBeneficiaries: readonly SeededBeneficiary[];
  readonly beneficiaries: readonly SeededBeneficiary[];
  readonly transfers: readonly number[];
  readonly inboundTransfers: readonly number[];
  readonly outboundTransfers: readonly number[];
  readonly withdrawals: readonly number[];
  readonly exchanges: readonly {
    readonly Id: number;
    readonly AccountId: number;
    readonly TargetCurrencyCode: string;
    readonly StatusCode: string;
  }[];
  readonly deposits: readonly number[];
  readonly depositors: readonly number[];
  readonly alerts: readonly number[];
  readonly jobs: readonly { readonly Id: number; readonly token: string }[];
  readonly currencies: readonly string[];
  readonly countries: readonly string[];
  readonly filterTypes: readonly string[];
  readonly sectors: readonly { readonly Id: number; readonly Name: string; readonly Vertical: string }[];
  readonly boePurposeCodes: readonly number[];
  /** Payment purposes by the seeded beneficiaries' bank countries; the generic ones under "". */
  readonly paymentPurposes: ReadonlyMap<string, readonly number[]>;
}

type Row = Record<string, unknown>;

async function listOf(base: string, authorization: string, path: string): Promise<Row[]> {
  const response = await getJson(`${base}${path}`, authorization);
  if (response.status !== 200) throw new Error(`seeding: GET ${path} answered ${response.status} ${response.text}`);
  return (response.body as { value: Row[] }).value;
}

const ids = (rows: readonly Row[]): number[] => rows.map((row) => row["Id"] as number);

function seededBeneficiary(row: Row): SeededBeneficiary {
  const routing = row["PaymentRouting"] as
    | { PartyIdentification?: { Properties?: { CountryCode?: string } } }
    | undefined;
  const bankCountry =
    routing?.PartyIdentification?.Properties?.CountryCode ?? (row["CountryCode"] as string | undefined);
  return {
    Id: row["Id"] as number,
    AccountId: row["AccountId"] as number,
    CurrencyCode: row["CurrencyCode"] as string,
    StatusCode: row["StatusCode"] as string,
    bankCountry,
  };
}

/** The seeds of one service user: `authorization` is its `Bearer <token>`, `tenant` its id (for the jobs). */
export async function loadSeeds(sandbox: Sandbox, authorization: string, tenant: string): Promise<Seeds> {
  const list = (path: string) => listOf(sandbox.url, authorization, path);
  const accounts = await list("/api/v1/Accounts");
  const perAccount = async (suffix: string) =>
    new Map(
      await Promise.all(
        accounts.map(
          async (account) =>
            [account["Id"] as number, await list(`/api/v1/Accounts(${String(account["Id"])})/${suffix}`)] as const,
        ),
      ),
    );
  const balances = await perAccount("Balances");
  const subaccounts = await perAccount("Subaccounts");
  const inbound = await perAccount("InboundTransfers");
  const outbound = await perAccount("OutboundTransfers");
  const depositors = await perAccount("Depositors");
  const countries = await list("/api/v1/Countries");
  const beneficiaries = (await list("/api/v1/Beneficiaries")).map(seededBeneficiary);
  // Payment purposes matter for the countries the seeded beneficiaries bank in.
  const bankCountries = [
    ...new Set(beneficiaries.map((beneficiary) => beneficiary.bankCountry).filter((country) => country !== undefined)),
  ];
  const purposesByCountry = await Promise.all(
    bankCountries.map(
      async (country) =>
        [country, ids(await list(`/api/v1/Withdrawals/PaymentPurposes(CountryCode='${country}')`))] as const,
    ),
  );
  return {
    accounts: accounts.map((row) => ({ Id: row["Id"] as number, AccountNumber: row["AccountNumber"] as string })),
    subaccountNumbers: new Map(
      [...subaccounts].map(([id, rows]) => [id, rows.map((row) => row["AccountNumber"] as string)]),
    ),
    balanceCurrencies: new Map(
      [...balances].map(([id, rows]) => [id, rows.map((row) => row["CurrencyCode"] as string)]),
    ),
    entities: ids(await list("/api/v1/Entities")),
    transferBeneficiaries: (await list("/api/v1/TransferBeneficiaries")).map(seededBeneficiary),
    beneficiaries,
    transfers: ids(await list("/api/v1/Transfers")),
    inboundTransfers: [...inbound.values()].flatMap(ids),
    outboundTransfers: [...outbound.values()].flatMap(ids),
    withdrawals: ids(await list("/api/v1/Withdrawals")),
    exchanges: (await list("/api/v1/Exchanges")).map((row) => ({
      Id: row["Id"] as number,
      AccountId: row["AccountId"] as number,
      TargetCurrencyCode: row["TargetCurrencyCode"] as string,
      StatusCode: row["StatusCode"] as string,
    })),
    deposits: ids(await list("/api/v1/Deposits")),
    depositors: [...depositors.values()].flatMap(ids),
    alerts: ids(await list("/api/v1/Alerts")),
    jobs: sandbox.store.jobs
      .all()
      .filter((job) => job.tenant === tenant)
      .map((job) => ({ Id: job.Id, token: job.token })),
    currencies: (await list("/api/v1/Currencies")).map((row) => row["Id"] as string),
    countries: countries.map((row) => row["Id"] as string),
    filterTypes: [...new Set(sandbox.store.countries.all().flatMap((country) => country.filters))],
    sectors: (await list("/api/v1/Sectors")).map((row) => ({
      Id: row["Id"] as number,
      Name: row["Name"] as string,
      Vertical: row["Vertical"] as string,
    })),
    boePurposeCodes: ids(await list("/api/v1/Withdrawals/BoEPaymentPurposes")),
    paymentPurposes: new Map([
      ["", ids(await list("/api/v1/Withdrawals/PaymentPurposes(CountryCode=null)"))],
      ...purposesByCountry,
    ]),
  };
}

/** Seeded values for a path or query parameter, by its name (and, for `id`, the collection it keys). */
export function seededValuesFor(seeds: Seeds, parameter: string, path: string): readonly (string | number)[] {
  switch (parameter) {
    case "accountId":
      return seeds.accounts.map((account) => account.Id);
    case "entityId":
      return seeds.entities;
    case "transferId":
      return path.includes("InboundTransfers")
        ? seeds.inboundTransfers
        : path.includes("OutboundTransfers")
          ? seeds.outboundTransfers
          : seeds.transfers;
    case "withdrawalId":
      return seeds.withdrawals;
    case "exchangeId":
      return seeds.exchanges.map((exchange) => exchange.Id);
    case "depositId":
      return seeds.deposits;
    case "depositorId":
      return seeds.depositors;
    case "beneficiaryId":
      return seeds.beneficiaries.map((beneficiary) => beneficiary.Id);
    case "alertId":
      return seeds.alerts;
    case "jobId":
      return seeds.jobs.map((job) => job.Id);
    case "token":
      return seeds.jobs.map((job) => job.token);
    case "currencyCode":
    case "sourceCurrencyCode":
    case "targetCurrencyCode":
      return seeds.currencies;
    case "CountryCode":
    case "beneficiaryCountryCode":
    case "beneficiaryBankCountry":
      return seeds.countries;
    case "filterType":
      return seeds.filterTypes;
    case "id":
      return seededIdsOfCollection(seeds, /\/(\w+)\(\{id\}\)/.exec(path)?.[1] ?? "");
    default:
      return [];
  }
}

function seededIdsOfCollection(seeds: Seeds, collection: string): readonly (string | number)[] {
  const byCollection: Record<string, readonly (string | number)[]> = {
    Accounts: seeds.accounts.map((account) => account.Id),
    Entities: seeds.entities,
    Transfers: seeds.transfers,
    InboundTransfers: seeds.inboundTransfers,
    OutboundTransfers: seeds.outboundTransfers,
    Withdrawals: seeds.withdrawals,
    Beneficiaries: seeds.beneficiaries.map((beneficiary) => beneficiary.Id),
    TransferBeneficiaries: seeds.transferBeneficiaries.map((beneficiary) => beneficiary.Id),
    Exchanges: seeds.exchanges.map((exchange) => exchange.Id),
    Deposits: seeds.deposits,
    Alerts: seeds.alerts,
    Currencies: seeds.currencies,
  };
  return byCollection[collection] ?? [];
}
