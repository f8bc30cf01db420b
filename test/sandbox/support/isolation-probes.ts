/**
 * Every way one service user can name another user's entity: each GET and command with a key in its path (the
 * reference: 404 "entity does not exist, or the caller has no permission to view it"), and each command whose
 * body refers to an account, beneficiary or instruction (400 "an error in an attribute", naming that attribute;
 * those operations declare no 404). A probe runs with the other user's ids, or with ids that exist for nobody.
 */
import type { AccountFundsClient, OperationId } from "@account-funds/client";
import { beneficiaryBody } from "./operation-calls-data.js";

/** The other user's ids, each taken from that user's own lists (the job from the store: there is no job list). */
export interface ForeignIds {
  readonly account: number;
  /** A currency the account holds. */
  readonly currencyCode: string;
  readonly entity: number;
  /** An enabled EUR transfer beneficiary of `account`. */
  readonly transferBeneficiary: number;
  /** A Pending transfer (approve, reject and cancel would all succeed for its owner). */
  readonly transfer: number;
  /** A Pending withdrawal. */
  readonly withdrawal: number;
  /** A Completed withdrawal on an MT103-enabled account (its owner gets the MT103 text). */
  readonly completedWithdrawal: number;
  /** An Enabled EUR withdrawal beneficiary of `account`. */
  readonly beneficiary: number;
  /** A Pending exchange (its owner could allocate, reject or cancel it). */
  readonly pendingExchange: number;
  /** An Allocated exchange (its owner could approve it). */
  readonly allocatedExchange: number;
  readonly deposit: number;
  readonly depositor: number;
  /** An active alert. */
  readonly alert: number;
  readonly job: number;
  readonly jobToken: string;
}

/** The acting user's own ids, for commands that mix one own reference with one foreign reference. */
export interface OwnIds {
  readonly account: number;
  /** An enabled EUR withdrawal beneficiary of `account`. */
  readonly beneficiary: number;
  /** A Pending exchange of the user that no instruction withdrawal uses yet. */
  readonly openExchange: number;
  readonly deposit: number;
  readonly depositor: number;
}

/** An id no user has: what "does not exist" looks like, to compare "not yours" against. */
export const MISSING_ID = 2_000_000_000;

/** The same shape with every id replaced by MISSING_ID (the job token stays, so only the id decides). */
export function missingIds(ids: ForeignIds): ForeignIds {
  const replaced = Object.fromEntries(
    Object.entries(ids).map(([key, value]) => [key, typeof value === "number" ? MISSING_ID : value]),
  );
  return replaced as unknown as ForeignIds;
}

export interface ProbeOutcome {
  readonly status: number;
  readonly error?: unknown;
}

export interface Probe {
  readonly operationId: OperationId;
  /** The entity kind whose foreign id the probe uses. */
  readonly kind: string;
  /** 404 for a key in the path; 400 naming `target` for a reference in the body. */
  readonly expected: 404 | 400;
  readonly target?: string;
  readonly run: (client: AccountFundsClient, foreign: ForeignIds, own: OwnIds) => Promise<ProbeOutcome>;
}

const outcome = (result: { readonly status: number; readonly error?: unknown }): ProbeOutcome => ({
  status: result.status,
  error: result.error,
});

/** A probe of a key in the path. */
const keyed = (kind: string, operationId: OperationId, run: Probe["run"]): Probe => ({
  kind,
  operationId,
  expected: 404,
  run,
});

/** A probe of a reference in the body. */
const referenced = (kind: string, operationId: OperationId, target: string, run: Probe["run"]): Probe => ({
  kind,
  operationId,
  expected: 400,
  target,
  run,
});

const accountProbes: readonly Probe[] = [
  keyed("account", "getAccount", async (c, f) => outcome(await c.withResponse.accounts.getAccount(f.account))),
  keyed("account", "listAccountSubaccounts", async (c, f) =>
    outcome(await c.withResponse.accounts.listSubaccounts(f.account)),
  ),
  keyed("account", "listAccountBalances", async (c, f) =>
    outcome(await c.withResponse.accounts.listBalances(f.account)),
  ),
  keyed("account", "getAccountBalance", async (c, f) =>
    outcome(await c.withResponse.accounts.getBalance(f.account, f.currencyCode)),
  ),
  keyed("account", "listAccountBalanceStatement", async (c, f) =>
    outcome(await c.withResponse.accounts.listBalanceStatement(f.account, f.currencyCode)),
  ),
  keyed("account", "listAccountInboundTransfers", async (c, f) =>
    outcome(await c.withResponse.accounts.listInboundTransfers(f.account)),
  ),
  keyed("account", "listAccountOutboundTransfers", async (c, f) =>
    outcome(await c.withResponse.accounts.listOutboundTransfers(f.account)),
  ),
  keyed("account", "listAccountWithdrawals", async (c, f) =>
    outcome(await c.withResponse.accounts.listWithdrawals(f.account)),
  ),
  keyed("account", "listAccountBeneficiaries", async (c, f) =>
    outcome(await c.withResponse.accounts.listBeneficiaries(f.account)),
  ),
  keyed("account", "listAccountTransferBeneficiaries", async (c, f) =>
    outcome(await c.withResponse.accounts.listTransferBeneficiaries(f.account)),
  ),
  keyed("account", "listAccountExchanges", async (c, f) =>
    outcome(await c.withResponse.accounts.listExchanges(f.account)),
  ),
  keyed("account", "listAccountDeposits", async (c, f) =>
    outcome(await c.withResponse.accounts.listDeposits(f.account)),
  ),
  keyed("account", "listAccountDepositInformation", async (c, f) =>
    outcome(await c.withResponse.accounts.listDepositInformation(f.account)),
  ),
  keyed("account", "listAccountDepositRoutingInformation", async (c, f) =>
    outcome(await c.withResponse.accounts.listDepositRoutingInformation(f.account)),
  ),
  keyed("account", "listAccountDepositors", async (c, f) =>
    outcome(await c.withResponse.accounts.listDepositors(f.account)),
  ),
  keyed("account", "listAccountCountries", async (c, f) =>
    outcome(await c.withResponse.accounts.listCountries(f.account, "All")),
  ),
  referenced("account", "createAccountTransfer", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.transfers.createAccountTransfer({
        AccountId: f.account,
        CurrencyCode: "EUR",
        Amount: 1,
        BeneficiaryId: f.transferBeneficiary,
      }),
    ),
  ),
  referenced("account", "createAccountWithdrawal", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.withdrawals.createAccountWithdrawal({
        AccountId: f.account,
        CurrencyCode: "EUR",
        Amount: 1,
        BeneficiaryId: f.beneficiary,
      }),
    ),
  ),
  referenced("account", "createWithdrawalBeneficiary", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.beneficiaries.createWithdrawalBeneficiary(beneficiaryBody(f.account, "Isolation Probe")),
    ),
  ),
  referenced("account", "createExchange", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.exchanges.createExchange({
        AccountId: f.account,
        SourceCurrencyCode: "EUR",
        TargetCurrencyCode: "GBP",
        Goal: 10,
        GoalType: "Sell",
        UseAvailableFunds: true,
      }),
    ),
  ),
  referenced("account", "requestQuote", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.quotes.requestQuote({
        AccountId: f.account,
        GoalType: "Buy",
        Amount: 10,
        SourceCurrencyCode: "EUR",
        TargetCurrencyCode: "GBP",
      }),
    ),
  ),
  referenced("account", "requestDepositRequirement", "AccountId", async (c, f) =>
    outcome(
      await c.withResponse.deposits.requestDepositRequirement({
        AccountId: f.account,
        NetDepositRequirement: 10,
        CurrencyCode: "EUR",
      }),
    ),
  ),
];

const entityProbes: readonly Probe[] = [
  keyed("entity", "getEntity", async (c, f) => outcome(await c.withResponse.entities.getEntity(f.entity))),
  keyed("entity", "listEntityAccounts", async (c, f) => outcome(await c.withResponse.entities.listAccounts(f.entity))),
  keyed("entity", "listEntityCountries", async (c, f) =>
    outcome(await c.withResponse.entities.listCountries(f.entity, "All")),
  ),
];

const transferProbes: readonly Probe[] = [
  keyed("transfer", "getTransfer", async (c, f) => outcome(await c.withResponse.transfers.getTransfer(f.transfer))),
  keyed("transfer", "listTransferFees", async (c, f) => outcome(await c.withResponse.transfers.listFees(f.transfer))),
  keyed("transfer", "approveTransfer", async (c, f) =>
    outcome(await c.withResponse.transfers.approveTransfer(f.transfer)),
  ),
  keyed("transfer", "rejectTransfer", async (c, f) =>
    outcome(await c.withResponse.transfers.rejectTransfer(f.transfer)),
  ),
  keyed("transfer", "cancelTransfer", async (c, f) =>
    outcome(await c.withResponse.transfers.cancelTransfer(f.transfer)),
  ),
  keyed("inbound transfer", "getInboundTransfer", async (c, f) =>
    outcome(await c.withResponse.inboundTransfers.getInboundTransfer(f.transfer)),
  ),
  keyed("inbound transfer", "listInboundTransferFees", async (c, f) =>
    outcome(await c.withResponse.inboundTransfers.listFees(f.transfer)),
  ),
  keyed("outbound transfer", "getOutboundTransfer", async (c, f) =>
    outcome(await c.withResponse.outboundTransfers.getOutboundTransfer(f.transfer)),
  ),
  keyed("outbound transfer", "listOutboundTransferFees", async (c, f) =>
    outcome(await c.withResponse.outboundTransfers.listFees(f.transfer)),
  ),
];

const withdrawalProbes: readonly Probe[] = [
  keyed("withdrawal", "getWithdrawal", async (c, f) =>
    outcome(await c.withResponse.withdrawals.getWithdrawal(f.withdrawal)),
  ),
  keyed("withdrawal", "listWithdrawalFees", async (c, f) =>
    outcome(await c.withResponse.withdrawals.listFees(f.withdrawal)),
  ),
  keyed("withdrawal", "getWithdrawalPaymentConfirmationDetails", async (c, f) =>
    outcome(await c.withResponse.withdrawals.getPaymentConfirmationDetails(f.withdrawal)),
  ),
  keyed("withdrawal", "getWithdrawalConfirmationMt103", async (c, f) =>
    outcome(await c.withResponse.withdrawals.getWithdrawalConfirmationMt103(f.completedWithdrawal)),
  ),
  keyed("withdrawal", "approveWithdrawal", async (c, f) =>
    outcome(await c.withResponse.withdrawals.approveWithdrawal(f.withdrawal)),
  ),
  keyed("withdrawal", "rejectWithdrawal", async (c, f) =>
    outcome(await c.withResponse.withdrawals.rejectWithdrawal(f.withdrawal)),
  ),
  keyed("withdrawal", "cancelWithdrawal", async (c, f) =>
    outcome(await c.withResponse.withdrawals.cancelWithdrawal(f.withdrawal)),
  ),
];

const beneficiaryProbes: readonly Probe[] = [
  keyed("beneficiary", "getBeneficiary", async (c, f) =>
    outcome(await c.withResponse.beneficiaries.getBeneficiary(f.beneficiary)),
  ),
  keyed("beneficiary", "suspendBeneficiary", async (c, f) =>
    outcome(await c.withResponse.beneficiaries.suspendBeneficiary(f.beneficiary)),
  ),
  keyed("beneficiary", "enableBeneficiary", async (c, f) =>
    outcome(await c.withResponse.beneficiaries.enableBeneficiary(f.beneficiary)),
  ),
  keyed("beneficiary", "cancelBeneficiary", async (c, f) =>
    outcome(await c.withResponse.beneficiaries.cancelBeneficiary(f.beneficiary)),
  ),
  referenced("beneficiary", "createAccountWithdrawal", "BeneficiaryId", async (c, f, own) =>
    outcome(
      await c.withResponse.withdrawals.createAccountWithdrawal({
        AccountId: own.account,
        CurrencyCode: "EUR",
        Amount: 1,
        BeneficiaryId: f.beneficiary,
      }),
    ),
  ),
  referenced("beneficiary", "createInstructionWithdrawal", "BeneficiaryId", async (c, f, own) =>
    outcome(
      await c.withResponse.withdrawals.createInstructionWithdrawal({
        InstructionId: own.openExchange,
        BeneficiaryId: f.beneficiary,
      }),
    ),
  ),
  keyed("transfer beneficiary", "getTransferBeneficiary", async (c, f) =>
    outcome(await c.withResponse.transferBeneficiaries.getTransferBeneficiary(f.transferBeneficiary)),
  ),
  referenced("transfer beneficiary", "createAccountTransfer", "BeneficiaryId", async (c, f, own) =>
    outcome(
      await c.withResponse.transfers.createAccountTransfer({
        AccountId: own.account,
        CurrencyCode: "EUR",
        Amount: 1,
        BeneficiaryId: f.transferBeneficiary,
      }),
    ),
  ),
];

const exchangeProbes: readonly Probe[] = [
  keyed("exchange", "getExchange", async (c, f) =>
    outcome(await c.withResponse.exchanges.getExchange(f.allocatedExchange)),
  ),
  keyed("exchange", "listExchangeAllocations", async (c, f) =>
    outcome(await c.withResponse.exchanges.listAllocations(f.allocatedExchange)),
  ),
  keyed("exchange", "listExchangeDeposits", async (c, f) =>
    outcome(await c.withResponse.exchanges.listDeposits(f.allocatedExchange)),
  ),
  keyed("exchange", "listExchangeFees", async (c, f) =>
    outcome(await c.withResponse.exchanges.listFees(f.allocatedExchange)),
  ),
  keyed("exchange", "listExchangeWithdrawals", async (c, f) =>
    outcome(await c.withResponse.exchanges.listWithdrawals(f.allocatedExchange)),
  ),
  keyed("exchange", "allocateExchange", async (c, f) =>
    outcome(await c.withResponse.exchanges.allocateExchange(f.pendingExchange)),
  ),
  keyed("exchange", "approveExchange", async (c, f) =>
    outcome(await c.withResponse.exchanges.approveExchange(f.allocatedExchange)),
  ),
  keyed("exchange", "rejectExchange", async (c, f) =>
    outcome(await c.withResponse.exchanges.rejectExchange(f.pendingExchange)),
  ),
  keyed("exchange", "cancelExchange", async (c, f) =>
    outcome(await c.withResponse.exchanges.cancelExchange(f.allocatedExchange)),
  ),
  referenced("exchange", "createInstructionWithdrawal", "InstructionId", async (c, f, own) =>
    outcome(
      await c.withResponse.withdrawals.createInstructionWithdrawal({
        InstructionId: f.pendingExchange,
        BeneficiaryId: own.beneficiary,
      }),
    ),
  ),
];

const depositProbes: readonly Probe[] = [
  keyed("deposit", "getDeposit", async (c, f) => outcome(await c.withResponse.deposits.getDeposit(f.deposit))),
  keyed("deposit", "listDepositFees", async (c, f) => outcome(await c.withResponse.deposits.listFees(f.deposit))),
  keyed("deposit", "assignDepositor", async (c, f) =>
    outcome(
      await c.withResponse.deposits.assignDepositor(f.deposit, {
        IsThirdParty: false,
        Individual: {
          FirstName: "Probe",
          LastName: "Isolation",
          Address: { Street: "High Street", Town: "London", PostCode: "E1 6AN", CountryCode: "GB" },
        },
      }),
    ),
  ),
  keyed("deposit", "assignExistingDepositor", async (c, f, own) =>
    outcome(await c.withResponse.deposits.assignExistingDepositor(f.deposit, own.depositor)),
  ),
  keyed("depositor", "assignExistingDepositor", async (c, f, own) =>
    outcome(await c.withResponse.deposits.assignExistingDepositor(own.deposit, f.depositor)),
  ),
];

const otherProbes: readonly Probe[] = [
  keyed("alert", "getAlert", async (c, f) => outcome(await c.withResponse.alerts.getAlert(f.alert))),
  keyed("alert", "cancelAlert", async (c, f) => outcome(await c.withResponse.alerts.cancelAlert(f.alert))),
  keyed("job", "getJobStatus", async (c, f) =>
    outcome(await c.withResponse.jobs.getJobStatus(f.job, { token: f.jobToken })),
  ),
];

export const probes: readonly Probe[] = [
  ...accountProbes,
  ...entityProbes,
  ...transferProbes,
  ...withdrawalProbes,
  ...beneficiaryProbes,
  ...exchangeProbes,
  ...depositProbes,
  ...otherProbes,
];

/** The parts of an error body that must not tell "not yours" from "does not exist" (ids written as `{id}`). */
export function comparableError(
  error: unknown,
  ids: readonly number[],
): { code?: unknown; target?: unknown; message?: string } {
  const body = (
    error as
      | { readonly error?: { readonly code?: unknown; readonly message?: unknown; readonly target?: unknown } }
      | undefined
  )?.error;
  let message = typeof body?.message === "string" ? body.message : undefined;
  for (const id of ids) message = message?.replace(new RegExp(`\\b${id}\\b`, "g"), "{id}");
  return { code: body?.code, target: body?.target, ...(message === undefined ? {} : { message }) };
}
