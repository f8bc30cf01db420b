/**
 * How operations are named on the client. The group is the OData entity set a path starts with after
 * `/api/v<N>/` (`/api/v1/Accounts({accountId})/Balances` → `accounts`), or the operation's tag for paths outside
 * the API (`/connect/token`, tag `Auth` → `auth`). The method is the operationId, except that under a keyed
 * parent (`/Accounts({accountId})/Balances`) the parent's singular noun is dropped after the verb, because the
 * group already says it: `accounts.listBalances`, not `accounts.listAccountBalances`.
 */
import type { Problems } from "./document.js";

const apiPath = /^\/api\/v\d+\/([^/(]+)(\([^)]*\))?(\/.*)?$/;
const identifier = /^[A-Za-z_$][\w$]*$/;

/** The OData entity set a path starts with: `Accounts` for `/api/v1/Accounts({id})`; undefined outside the API. */
export function entitySet(path: string): string | undefined {
  return apiPath.exec(path)?.[1];
}

/** Client group of an operation: camelCase entity set, or camelCase tag for paths outside `/api/v<N>/`. */
export function groupName(path: string, tag: string): string | undefined {
  const set = entitySet(path);
  if (set !== undefined) return camelCase(set);
  return tag === "" ? undefined : camelCase(tag);
}

/**
 * Client method of an operation: the operationId, with the keyed parent's singular noun dropped after the verb
 * when the path addresses a sub-resource of a keyed entity (`/Exchanges({exchangeId})/Fees`: listExchangeFees →
 * listFees). Anything else (collections, keyed reads, `/Transfers/CreateAccountTransfer`, `/Transfers/{id}/Approve`)
 * keeps its operationId.
 */
export function clientMethodName(operationId: string, path: string): string {
  const match = apiPath.exec(path);
  const [, set, key, rest] = match ?? [];
  if (set === undefined || key === undefined || rest === undefined) return operationId;
  const verb = /^[a-z]+/.exec(operationId)?.[0];
  if (verb === undefined) return operationId;
  const noun = operationId.slice(verb.length);
  for (const parent of [singular(set), set]) {
    const remainder = noun.startsWith(parent) ? noun.slice(parent.length) : "";
    if (/^[A-Z]/.test(remainder)) return verb + remainder;
  }
  return operationId;
}

/** `InboundTransfers` → `inboundTransfers`, `Balances and Statements` → `balancesAndStatements`, `OData` → `oData`. */
export function camelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  return words
    .map((word, index) => {
      if (index > 0) return word.charAt(0).toUpperCase() + word.slice(1);
      if (word === word.toUpperCase()) return word.toLowerCase();
      const leadingCapitals = /^[A-Z]+(?=[A-Z][a-z])/.exec(word)?.[0] ?? word.charAt(0);
      return leadingCapitals.toLowerCase() + word.slice(leadingCapitals.length);
    })
    .join("");
}

/** English singular of an entity set name: `Entities` → `Entity`, `Addresses` → `Address`, `Accounts` → `Account`. */
export function singular(plural: string): string {
  if (/[^aeiou]ies$/.test(plural)) return plural.slice(0, -3) + "y";
  if (/(ss|x|ch|sh|us)es$/.test(plural)) return plural.slice(0, -2);
  if (/[^s]s$/.test(plural)) return plural.slice(0, -1);
  return plural;
}

export function isIdentifier(name: string): boolean {
  return identifier.test(name);
}

export interface NamedOperation {
  readonly operationId: string;
  readonly pointer: string;
  readonly group: string;
  readonly clientMethod: string;
}

/** Groups in order of first appearance, operations in document order; reports two operations on one method. */
export function buildGroups(
  operations: readonly NamedOperation[],
  problems: Problems,
): { name: string; operationIds: string[] }[] {
  const groups = new Map<string, { name: string; operationIds: string[] }>();
  const methods = new Map<string, NamedOperation>();
  for (const operation of operations) {
    const key = `${operation.group}.${operation.clientMethod}`;
    const other = methods.get(key);
    if (other !== undefined) {
      problems.add(
        operation.pointer,
        `operations ${other.operationId} and ${operation.operationId} both map to the client method ${key} (rename one operationId)`,
      );
      continue;
    }
    methods.set(key, operation);
    const group = groups.get(operation.group) ?? { name: operation.group, operationIds: [] };
    group.operationIds.push(operation.operationId);
    groups.set(operation.group, group);
  }
  return [...groups.values()];
}
