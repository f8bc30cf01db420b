/**
 * How operations are named on the client. The group is the OData entity set a path starts with after
 * `/api/v<N>/` (`/api/v1/Accounts({accountId})/Balances` → `accounts`), else the operation's first tag
 * (`/connect/token`, tag `Auth` → `auth`), else the path's first segment that is neither a version nor a parameter
 * (`/v1/customers/{id}` → `customers`). The method is the operationId, except that under a keyed parent
 * (`/Accounts({accountId})/Balances`) the parent's singular noun is dropped after the verb, because the group
 * already says it: `accounts.listBalances`, not `accounts.listAccountBalances`. An operationId that is no
 * identifier is made into one (`post-payments` → `postPayments`, `users/unfollow` → `unfollow`); an operation
 * without one is named from its method and path (`GET /v1/customers/{id}` → `getV1CustomersById`). Two
 * operations that would share a method name keep their full names, then get a number (`list2`), in document order.
 */

const apiPath = /^\/api\/v\d+\/([^/(]+)(\([^)]*\))?(\/.*)?$/;
const identifier = /^[A-Za-z_$][\w$]*$/;

/** The OData entity set a path starts with: `Accounts` for `/api/v1/Accounts({id})`; undefined outside the API. */
export function entitySet(path: string): string | undefined {
  return apiPath.exec(path)?.[1];
}

/**
 * Client group of an operation: camelCase entity set, else camelCase tag, else the first path segment that is
 * not a version (`v1`, `v2.1`), `api` or a parameter; `root` for `/`. Always an identifier.
 */
export function groupName(path: string, tag: string): string {
  const set = entitySet(path);
  if (set !== undefined) return identifierFrom(set);
  if (tag !== "") return identifierFrom(tag);
  const segment = path
    .split("/")
    .find((part) => part !== "" && part !== "api" && !/^v\d+(\.\d+)*$/i.test(part) && !part.includes("{"));
  return segment === undefined ? "root" : identifierFrom(segment);
}

/** A camelCase identifier for any text: `Balances and Statements` → `balancesAndStatements`, `3ds` → `_3ds`. */
export function identifierFrom(text: string): string {
  const camel = camelCase(text);
  if (camel === "") return "_";
  return /^[0-9]/.test(camel) ? `_${camel}` : camel;
}

/**
 * The operationId the generator gives an operation that declares none: its method and path, the path's
 * parameters as `By<Name>` (`GET /v1/customers/{customer}` → `getV1CustomersByCustomer`, `GET /` → `getRoot`).
 */
export function operationIdFromPath(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "")
    .flatMap((segment) =>
      segment.split(/(\{[^{}]*\})/).map((part) => (part.startsWith("{") ? `By ${part.slice(1, -1)}` : part)),
    )
    .map((part) => pascalWord(camelCase(part)))
    .join("");
  return `${method}${words === "" ? "Root" : words}`;
}

function lowerFirst(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}

function pascalWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The method name an operationId asks for: itself when it is an identifier, else the last part after a `/`
 * (GitHub's `repos/get-content`: the group is `repos`) in camelCase, keeping the inner capitals
 * (`post-payments-paymentPspReference-refunds` → `postPaymentsPaymentPspReferenceRefunds`).
 */
export function methodNameFromOperationId(operationId: string): string {
  // Stripe's `GetCustomersCustomer`: a method reads as `getCustomersCustomer`.
  if (isIdentifier(operationId)) return /^[A-Z][a-z]/.test(operationId) ? lowerFirst(operationId) : operationId;
  const last =
    operationId
      .split("/")
      .filter((part) => part !== "")
      .pop() ?? operationId;
  return identifierFrom(last);
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
  if (!isIdentifier(operationId) || set === undefined || key === undefined || rest === undefined)
    return methodNameFromOperationId(operationId);
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
  readonly group: string;
  readonly clientMethod: string;
}

/**
 * Final client method names. An operation whose name is its operationId as declared claims it first; then, in
 * document order, the others (names shortened under a keyed parent, or made into identifiers): one whose preferred
 * name is taken in its group falls back to its whole operationId as an identifier, then to that with a number.
 */
export function resolveMethodNames<T extends NamedOperation>(operations: readonly T[]): T[] {
  const taken = new Set<string>();
  const names = new Map<T, string>();
  const claim = (operation: T, name: string): void => {
    taken.add(`${operation.group}.${name}`);
    names.set(operation, name);
  };
  for (const operation of operations) {
    const key = `${operation.group}.${operation.clientMethod}`;
    if (operation.clientMethod === operation.operationId && !taken.has(key)) claim(operation, operation.clientMethod);
  }
  for (const operation of operations) {
    if (names.has(operation)) continue;
    const candidates = [operation.clientMethod, identifierFrom(operation.operationId)];
    let name = candidates.find((candidate) => !taken.has(`${operation.group}.${candidate}`));
    for (let index = 2; name === undefined; index++) {
      const numbered = `${candidates[0]}${index}`;
      if (!taken.has(`${operation.group}.${numbered}`)) name = numbered;
    }
    claim(operation, name);
  }
  return operations.map((operation) => {
    const name = names.get(operation) ?? operation.clientMethod;
    return name === operation.clientMethod ? operation : { ...operation, clientMethod: name };
  });
}

/** Groups in order of first appearance, operations in document order (names already made unique). */
export function buildGroups(operations: readonly NamedOperation[]): { name: string; operationIds: string[] }[] {
  const groups = new Map<string, { name: string; operationIds: string[] }>();
  for (const operation of operations) {
    const group = groups.get(operation.group) ?? { name: operation.group, operationIds: [] };
    group.operationIds.push(operation.operationId);
    groups.set(operation.group, group);
  }
  return [...groups.values()];
}
