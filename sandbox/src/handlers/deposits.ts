/**
 * Deposits (spec/paths/deposits.yaml): the caller's deposits and depositors, where its accounts can be paid,
 * the deposit requirement, and assigning depositors to deposits. Anyone else's deposit or account is 404.
 */
import { entity, list, notFound, ok, type ApiOperationId, type Handler, type HandlerContext } from "../api/handler.js";
import {
  assignExistingDepositor,
  assignNewDepositor,
  depositOf,
  depositRequirement,
  depositRoutingsOf,
} from "../domain/deposits.js";
import type { AccountRecord } from "../state/records.js";
import {
  toDepositDto,
  toDepositInformationDto,
  toDepositorDto,
  toDepositRequirementBody,
  toDepositRoutingInformationDto,
} from "../dto/deposit.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

const listDeposits: Handler = (context) =>
  list(
    context.store.deposits
      .filter((row) => row.tenant === context.tenant)
      .map((row) => toDepositDto(context.store, row)),
  );

const getDeposit: Handler = (context) => {
  const deposit = depositOf(context, context.tenant, Number(context.path["id"]));
  return deposit === undefined ? notFound("The deposit") : entity(toDepositDto(context.store, deposit));
};

const listDepositFees: Handler = (context) =>
  depositOf(context, context.tenant, Number(context.path["depositId"])) === undefined
    ? notFound("The deposit")
    : list(noFees());

/** A list under Accounts({accountId}): 404 when the account is not the caller's. */
const underAccount =
  (rows: (context: HandlerContext, account: AccountRecord) => readonly object[]): Handler =>
  (context) => {
    const account = context.store.accountOf(context.tenant, Number(context.path["accountId"]));
    return account === undefined ? notFound("The account") : list(rows(context, account));
  };

const requestDepositRequirement: Handler = (context) => {
  const outcome = depositRequirement(context.store, context.tenant, context.body);
  return outcome.ok ? ok(toDepositRequirementBody(context.store, outcome.requirement)) : commandResult(outcome);
};

const depositId = (context: HandlerContext): number => Number(context.path["depositId"]);

export const depositHandlers = {
  listDeposits,
  getDeposit,
  listDepositFees,
  listAccountDeposits: underAccount(({ store }, account) =>
    store.deposits.filter((row) => row.AccountId === account.Id).map((row) => toDepositDto(store, row)),
  ),
  listAccountDepositInformation: underAccount(({ store }, account) =>
    depositRoutingsOf(store, account).map(toDepositInformationDto),
  ),
  listAccountDepositRoutingInformation: underAccount(({ store }, account) =>
    depositRoutingsOf(store, account).map(toDepositRoutingInformationDto),
  ),
  listAccountDepositors: underAccount(({ store }, account) =>
    store.depositors.filter((row) => row.AccountId === account.Id).map((row) => toDepositorDto(store, row)),
  ),
  requestDepositRequirement,
  assignDepositor: (context) =>
    commandResult(assignNewDepositor(context, context.tenant, depositId(context), context.body)),
  assignExistingDepositor: (context) =>
    commandResult(
      assignExistingDepositor(context, context.tenant, depositId(context), Number(context.path["depositorId"])),
    ),
} satisfies Partial<Record<ApiOperationId, Handler>>;
