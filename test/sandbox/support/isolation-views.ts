/**
 * What one service user sees: every list the API offers it, collected through `.paginate()` (so page sizes do
 * not matter), and the ids by entity kind that those lists mention, nested references included. Comparing a
 * user's view before and after another user's attempts shows that nothing changed; comparing two users' ids
 * shows that no list holds the other's rows.
 */
import type { AccountFundsClient, components } from "@account-funds/client";

type Schemas = components["schemas"];

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const row of rows) collected.push(row);
  return collected;
}

export interface AccountView {
  readonly account: Schemas["AccountDto"];
  readonly subaccounts: Schemas["AccountDto"][];
  readonly balances: Schemas["AccountBalanceDto"][];
  readonly statements: Record<string, Schemas["AccountStatementItemDto"][]>;
  readonly inboundTransfers: Schemas["InboundTransferDto"][];
  readonly outboundTransfers: Schemas["OutboundTransferDto"][];
  readonly withdrawals: Schemas["WithdrawalDto"][];
  readonly beneficiaries: Schemas["BeneficiaryDto"][];
  readonly transferBeneficiaries: Schemas["TransferBeneficiaryDto"][];
  readonly exchanges: Schemas["ExchangeDto"][];
  readonly deposits: Schemas["DepositDto"][];
  readonly depositInformation: Schemas["DepositInformationDto"][];
  readonly depositRoutingInformation: Schemas["DepositRoutingInformationDto"][];
  readonly depositors: Schemas["DepositorDto2"][];
}

export interface ExchangeView {
  readonly exchange: Schemas["ExchangeDto"];
  readonly allocations: Schemas["AllocationDto"][];
  readonly deposits: Schemas["DepositDto"][];
  readonly withdrawals: Schemas["WithdrawalDto"][];
}

export interface UserView {
  readonly accounts: Schemas["AccountDto"][];
  readonly entities: { readonly entity: Schemas["EntityDto"]; readonly accounts: Schemas["AccountDto"][] }[];
  readonly transfers: Schemas["TransferDto"][];
  readonly withdrawals: Schemas["WithdrawalDto"][];
  readonly beneficiaries: Schemas["BeneficiaryDto"][];
  readonly transferBeneficiaries: Schemas["TransferBeneficiaryDto"][];
  readonly exchanges: ExchangeView[];
  readonly deposits: Schemas["DepositDto"][];
  readonly alerts: Schemas["AlertDto"][];
  readonly perAccount: AccountView[];
}

async function accountView(client: AccountFundsClient, account: Schemas["AccountDto"]): Promise<AccountView> {
  const id = account.Id;
  const { accounts } = client;
  const balances = await all(accounts.listBalances.paginate(id));
  const statements: Record<string, Schemas["AccountStatementItemDto"][]> = {};
  for (const balance of balances) {
    const currencyCode = balance.CurrencyCode ?? "";
    statements[currencyCode] = await all(accounts.listBalanceStatement.paginate(id, currencyCode));
  }
  return {
    account,
    subaccounts: await all(accounts.listSubaccounts.paginate(id)),
    balances,
    statements,
    inboundTransfers: await all(accounts.listInboundTransfers.paginate(id)),
    outboundTransfers: await all(accounts.listOutboundTransfers.paginate(id)),
    withdrawals: await all(accounts.listWithdrawals.paginate(id)),
    beneficiaries: await all(accounts.listBeneficiaries.paginate(id)),
    transferBeneficiaries: await all(accounts.listTransferBeneficiaries.paginate(id)),
    exchanges: await all(accounts.listExchanges.paginate(id)),
    deposits: await all(accounts.listDeposits.paginate(id)),
    depositInformation: await all(accounts.listDepositInformation.paginate(id)),
    depositRoutingInformation: await all(accounts.listDepositRoutingInformation.paginate(id)),
    depositors: await all(accounts.listDepositors.paginate(id)),
  };
}

async function exchangeView(client: AccountFundsClient, exchange: Schemas["ExchangeDto"]): Promise<ExchangeView> {
  return {
    exchange,
    allocations: await all(client.exchanges.listAllocations.paginate(exchange.Id)),
    deposits: await all(client.exchanges.listDeposits.paginate(exchange.Id)),
    withdrawals: await all(client.exchanges.listWithdrawals.paginate(exchange.Id)),
  };
}

export async function viewOf(client: AccountFundsClient): Promise<UserView> {
  const accounts = await all(client.accounts.listAccounts.paginate({ $orderby: "Id" }));
  const entities = [];
  for (const entity of await all(client.entities.listEntities.paginate())) {
    entities.push({ entity, accounts: await all(client.entities.listAccounts.paginate(entity.Id)) });
  }
  const exchanges = [];
  for (const exchange of await all(client.exchanges.listExchanges.paginate()))
    exchanges.push(await exchangeView(client, exchange));
  const perAccount = [];
  for (const account of accounts) perAccount.push(await accountView(client, account));
  return {
    accounts,
    entities,
    transfers: await all(client.transfers.listTransfers.paginate()),
    withdrawals: await all(client.withdrawals.listWithdrawals.paginate()),
    beneficiaries: await all(client.beneficiaries.listBeneficiaries.paginate()),
    transferBeneficiaries: await all(client.transferBeneficiaries.listTransferBeneficiaries.paginate()),
    exchanges,
    deposits: await all(client.deposits.listDeposits.paginate()),
    alerts: await all(client.alerts.listAlerts.paginate()),
    perAccount,
  };
}

export type EntityKind =
  | "account"
  | "entity"
  | "transfer"
  | "withdrawal"
  | "beneficiary"
  | "transfer beneficiary"
  | "exchange"
  | "deposit"
  | "depositor"
  | "alert";

/** Every id of each kind a view mentions, as a row or as a reference inside another row. */
export function idsOf(view: UserView): Record<EntityKind, Set<number>> {
  const ids: Record<EntityKind, Set<number>> = {
    account: new Set(),
    entity: new Set(),
    transfer: new Set(),
    withdrawal: new Set(),
    beneficiary: new Set(),
    "transfer beneficiary": new Set(),
    exchange: new Set(),
    deposit: new Set(),
    depositor: new Set(),
    alert: new Set(),
  };
  const add = (kind: EntityKind, id: number | null | undefined): void => {
    if (typeof id === "number") ids[kind].add(id);
  };
  const addAccount = (account: Schemas["AccountDto"] | null | undefined): void => {
    add("account", account?.Id);
    add("entity", account?.EntityId);
  };
  const addTransfer = (
    transfer: Schemas["TransferDto"] | Schemas["InboundTransferDto"] | Schemas["OutboundTransferDto"],
  ): void => {
    add("transfer", transfer.Id);
    add("account", transfer.AccountId);
    add("account", transfer.Beneficiary?.AccountId);
    add("account", transfer.Beneficiary?.BeneficiaryAccountId);
    add("transfer beneficiary", transfer.Beneficiary?.Id);
  };
  const addWithdrawal = (withdrawal: Schemas["WithdrawalDto"]): void => {
    add("withdrawal", withdrawal.Id);
    add("account", withdrawal.AccountId);
    addAccount(withdrawal.Account);
    add("beneficiary", withdrawal.Beneficiary?.Id);
    add("account", withdrawal.Beneficiary?.AccountId);
    add("exchange", withdrawal.InstructionId);
  };
  const addDeposit = (deposit: Schemas["DepositDto"]): void => {
    add("deposit", deposit.Id);
    add("account", deposit.AccountId);
    add("depositor", deposit.ClientDepositor?.DepositorId);
  };
  const addExchange = (exchange: Schemas["ExchangeDto"]): void => {
    add("exchange", exchange.Id);
    add("account", exchange.AccountId);
    for (const allocation of exchange.Allocations ?? []) add("deposit", allocation.DepositId);
    for (const deposit of exchange.Deposits ?? []) addDeposit(deposit);
    for (const withdrawal of exchange.Withdrawals ?? []) addWithdrawal(withdrawal);
  };
  const addTransferBeneficiary = (beneficiary: Schemas["TransferBeneficiaryDto"]): void => {
    add("transfer beneficiary", beneficiary.Id);
    add("account", beneficiary.AccountId);
    add("account", beneficiary.BeneficiaryAccountId);
  };
  const addBeneficiary = (beneficiary: Schemas["BeneficiaryDto"]): void => {
    add("beneficiary", beneficiary.Id);
    add("account", beneficiary.AccountId);
  };

  view.accounts.forEach(addAccount);
  for (const { entity, accounts } of view.entities) {
    add("entity", entity.Id);
    accounts.forEach(addAccount);
  }
  view.transfers.forEach(addTransfer);
  view.withdrawals.forEach(addWithdrawal);
  view.beneficiaries.forEach(addBeneficiary);
  view.transferBeneficiaries.forEach(addTransferBeneficiary);
  for (const { exchange, allocations, deposits, withdrawals } of view.exchanges) {
    addExchange(exchange);
    for (const allocation of allocations) add("deposit", allocation.DepositId);
    deposits.forEach(addDeposit);
    withdrawals.forEach(addWithdrawal);
  }
  view.deposits.forEach(addDeposit);
  for (const alert of view.alerts) add("alert", alert.Id);
  for (const account of view.perAccount) {
    addAccount(account.account);
    account.subaccounts.forEach(addAccount);
    for (const items of Object.values(account.statements)) {
      for (const item of items) {
        add("transfer", item.Transfer?.Id);
        add("withdrawal", item.Withdrawal?.Id);
        add("exchange", item.Exchange?.Id);
        add("deposit", item.Deposit?.Id);
        add("account", item.Transfer?.PayerAccount?.Id);
        add("account", item.Transfer?.BeneficiaryAccount?.Id);
        add("beneficiary", item.Withdrawal?.BeneficiaryId);
      }
    }
    account.inboundTransfers.forEach(addTransfer);
    account.outboundTransfers.forEach(addTransfer);
    account.withdrawals.forEach(addWithdrawal);
    account.beneficiaries.forEach(addBeneficiary);
    account.transferBeneficiaries.forEach(addTransferBeneficiary);
    account.exchanges.forEach(addExchange);
    account.deposits.forEach(addDeposit);
    for (const depositor of account.depositors) add("depositor", depositor.Id);
  }
  return ids;
}
