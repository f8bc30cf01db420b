/**
 * The ids an isolation probe uses: the other user's (taken from that user's own lists, so they certainly exist
 * and are theirs), in states where the owner's own command would succeed, so that a leak would show as a 200
 * and a change; and the acting user's own ids for commands that mix the two. Which of the operations of the
 * spec name a tenant's entity is read from the bundled contract, so a new one without a probe is noticed.
 */
import { createRequire } from "node:module";
import { filter, operationMetadata, type AccountFundsClient } from "@account-funds/client";
import { operationContracts } from "@account-funds/client/contract";
import {
  deref,
  formatPointer,
  isJsonObject,
  resolvePointer,
  type JsonObject,
} from "@account-funds/generator/json-pointer";
import type { Sandbox, SandboxUser } from "@account-funds/sandbox";
import { first, primaryAccount, transferBeneficiaryFor, withdrawalBeneficiaryFor } from "./operation-calls-data.js";
import type { ForeignIds, OwnIds } from "./isolation-probes.js";

export async function foreignIdsOf(
  owner: AccountFundsClient,
  sandbox: Sandbox,
  user: Pick<SandboxUser, "id">,
): Promise<ForeignIds> {
  const account = await primaryAccount(owner);
  const balance = first((await owner.accounts.listBalances(account.Id)).value, "balance");
  const completed = (await owner.withdrawals.listWithdrawals({ $filter: filter.eq("StatusCode", "C"), $orderby: "Id" }))
    .value;
  const deposit = first((await owner.deposits.listDeposits({ $orderby: "Id" })).value, "deposit");
  // Jobs have no list in the API (the reference shows neither listing nor the token's origin).
  const job = first(
    sandbox.store.jobs.filter((row) => row.tenant === user.id),
    "job",
  );
  return {
    account: account.Id,
    currencyCode: balance.CurrencyCode ?? "",
    entity: first((await owner.entities.listEntities()).value, "entity").Id,
    transferBeneficiary: (await transferBeneficiaryFor(owner, account.Id, "EUR")).Id,
    transfer: first(
      (await owner.transfers.listTransfers({ $filter: filter.eq("StatusCode", "P") })).value,
      "pending transfer",
    ).Id,
    withdrawal: first(
      (await owner.withdrawals.listWithdrawals({ $filter: filter.eq("StatusCode", "P") })).value,
      "pending withdrawal",
    ).Id,
    completedWithdrawal: first(
      completed.filter((row) => sandbox.store.accounts.get(row.AccountId ?? -1)?.setup.mt103Enabled === true),
      "completed withdrawal on an MT103-enabled account",
    ).Id,
    beneficiary: (await withdrawalBeneficiaryFor(owner, account.Id, "EUR")).Id,
    pendingExchange: first(
      (await owner.exchanges.listExchanges({ $filter: filter.eq("StatusCode", "P") })).value,
      "pending exchange",
    ).Id,
    allocatedExchange: first(
      (await owner.exchanges.listExchanges({ $filter: filter.eq("StatusCode", "L") })).value,
      "allocated exchange",
    ).Id,
    deposit: deposit.Id,
    depositor: first((await owner.accounts.listDepositors(deposit.AccountId ?? -1)).value, "depositor").Id,
    alert: first((await owner.alerts.listAlerts({ $filter: filter.eq("Active", true) })).value, "active alert").Id,
    job: job.Id,
    jobToken: job.token,
  };
}

export async function ownIdsOf(client: AccountFundsClient): Promise<OwnIds> {
  const account = await primaryAccount(client);
  let openExchange: number | undefined;
  for (const exchange of (
    await client.exchanges.listExchanges({ $filter: filter.eq("StatusCode", "P"), $orderby: "Id" })
  ).value) {
    if ((await client.exchanges.listWithdrawals(exchange.Id)).value.length > 0) continue;
    openExchange = exchange.Id;
    break;
  }
  if (openExchange === undefined)
    throw new Error("the seeded state has no pending exchange without an instruction withdrawal");
  const deposit = first((await client.deposits.listDeposits({ $orderby: "Id" })).value, "deposit");
  return {
    account: account.Id,
    beneficiary: (await withdrawalBeneficiaryFor(client, account.Id, "EUR")).Id,
    openExchange,
    deposit: deposit.Id,
    depositor: first((await client.accounts.listDepositors(deposit.AccountId ?? -1)).value, "depositor").Id,
  };
}

/** Body fields that name an entity of the caller (the other ids in bodies name shared reference data). */
export const TENANT_REFERENCES = ["AccountId", "BeneficiaryId", "InstructionId"] as const;

export interface TenantScopedOperation {
  readonly operationId: string;
  /** Integer path parameters: keys of the caller's entities. */
  readonly keys: readonly string[];
  /** TENANT_REFERENCES present in the JSON request body. */
  readonly references: readonly string[];
}

/** The operations of the bundled spec that take a key in the path or a tenant reference in the body. */
export function tenantScopedOperations(): TenantScopedOperation[] {
  const spec: unknown = createRequire(import.meta.url)("@account-funds/client/openapi.json");
  /** The object a node stands for, its `$ref`s followed; `{}` when there is none. */
  const objectOf = (node: unknown): JsonObject => {
    const resolved = deref(spec, node);
    return resolved.ok && isJsonObject(resolved.value) ? resolved.value : {};
  };
  const found: TenantScopedOperation[] = [];
  for (const operation of Object.values(operationMetadata)) {
    const keys = operationContracts[operation.operationId].parameters
      .filter((parameter) => parameter.in === "path" && parameter.type === "integer")
      .map((parameter) => parameter.name);
    const body = objectOf(
      resolvePointer(spec, formatPointer(["paths", operation.path, operation.method, "requestBody"])),
    );
    const json = objectOf(resolvePointer(body["content"], formatPointer(["application/json", "schema"])));
    const properties = Object.keys(isJsonObject(json["properties"]) ? json["properties"] : {});
    const references = TENANT_REFERENCES.filter((name) => properties.includes(name));
    if (keys.length > 0 || references.length > 0) found.push({ operationId: operation.operationId, keys, references });
  }
  return found;
}
