/**
 * Accounts and entities (spec/paths/accounts.yaml): the caller's accounts (subaccounts included: they are
 * accounts too), one account's subaccounts, the caller's entities and an entity's accounts. Another tenant's
 * account or entity is 404, as a missing one.
 */
import { entity, list, notFound, type Handler, type HandlerTable, type RequestContext } from "../api/handler.js";
import type { AccountRecord } from "../../foundation/state/records.js";
import { toAccountDto, toEntityDto } from "../dto/account.js";

const tenantAccounts = (context: RequestContext): AccountRecord[] =>
  context.store.accounts.filter((account) => account.tenant === context.tenant);

const listAccounts: Handler<"listAccounts"> = (context) => list(tenantAccounts(context).map(toAccountDto));

const getAccount: Handler<"getAccount"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.id);
  return account === undefined ? notFound("The account") : entity(toAccountDto(account));
};

const listAccountSubaccounts: Handler<"listAccountSubaccounts"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  return list(
    tenantAccounts(context)
      .filter((row) => row.ParentAccountId === account.Id)
      .map(toAccountDto),
  );
};

const listEntities: Handler<"listEntities"> = (context) =>
  list(context.store.entities.filter((row) => row.tenant === context.tenant).map(toEntityDto));

const getEntity: Handler<"getEntity"> = (context) => {
  const found = context.store.owned(context.store.entities, context.tenant, context.path.id);
  return found === undefined ? notFound("The entity") : entity(toEntityDto(found));
};

const listEntityAccounts: Handler<"listEntityAccounts"> = (context) => {
  const found = context.store.owned(context.store.entities, context.tenant, context.path.entityId);
  if (found === undefined) return notFound("The entity");
  return list(
    tenantAccounts(context)
      .filter((row) => row.EntityId === found.Id)
      .map(toAccountDto),
  );
};

export const accountHandlers = {
  listAccounts,
  getAccount,
  listAccountSubaccounts,
  listEntities,
  getEntity,
  listEntityAccounts,
} satisfies Partial<HandlerTable>;
