/**
 * Deposits (spec/paths/deposits.yaml): the caller's deposits and depositors, where its accounts can be paid,
 * the deposit requirement, and assigning depositors to deposits. Anyone else's deposit or account is 404.
 */
import { entity, list, notFound, ok, type Handler, type HandlerTable, type RequestContext } from "../api/handler.js";
import {
  assignExistingDepositor,
  assignNewDepositor,
  depositOf,
  depositRequirement,
  depositRoutingsOf,
} from "../../model/domain/deposits.js";
import type { AccountRecord } from "../../foundation/state/records.js";
import {
  toDepositDto,
  toDepositInformationDto,
  toDepositorDto,
  toDepositRequirementBody,
  toDepositRoutingInformationDto,
} from "../dto/deposit.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

const listDeposits: Handler<"listDeposits"> = (context) =>
  list(
    context.store.deposits
      .filter((row) => row.tenant === context.tenant)
      .map((row) => toDepositDto(context.store, row)),
  );

const getDeposit: Handler<"getDeposit"> = (context) => {
  const deposit = depositOf(context, context.tenant, context.path.id);
  return deposit === undefined ? notFound("The deposit") : entity(toDepositDto(context.store, deposit));
};

const listDepositFees: Handler<"listDepositFees"> = (context) =>
  depositOf(context, context.tenant, context.path.depositId) === undefined ? notFound("The deposit") : list(noFees());

/** A list under Accounts({accountId}): 404 when the account is not the caller's. */
const underAccount =
  (rows: (context: RequestContext, account: AccountRecord) => readonly object[]) =>
  (context: RequestContext & { readonly path: { readonly accountId: number } }) => {
    const account = context.store.accountOf(context.tenant, context.path.accountId);
    return account === undefined ? notFound("The account") : list(rows(context, account));
  };

const requestDepositRequirement: Handler<"requestDepositRequirement"> = (context) => {
  const outcome = depositRequirement(context.store, context.tenant, context.body);
  return outcome.ok ? ok(toDepositRequirementBody(context.store, outcome.requirement)) : commandResult(outcome);
};

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
    commandResult(assignNewDepositor(context, context.tenant, context.path.depositId, context.body)),
  assignExistingDepositor: (context) =>
    commandResult(assignExistingDepositor(context, context.tenant, context.path.depositId, context.path.depositorId)),
} satisfies Partial<HandlerTable>;
