/**
 * How the README's snippets are written: the package's name, stand-ins for the caller's settings, calls of a method
 * by its operation, and arguments and bodies from the spec's examples (with the sandbox's seeded ids, so each
 * snippet runs as written against `make sandbox`), as TypeScript literals.
 */
import type { OperationModel } from "../../model/model.js";
import { propertyAccess, propertyName } from "../../print/names.js";
import { isJsonObject } from "../../json-pointer/json-pointer.js";

export const packageName = "@account-funds/client";

/**
 * Ids the snippets use instead of the spec's examples: they exist in the sandbox's seed (sandbox/src/model/seed/: the
 * demo user's account 1, its transfer 2 and transfer beneficiary 2 in EUR, its withdrawal beneficiary 5 in USD), so
 * each snippet runs as written against `make sandbox`; test/sandbox/readme-snippets.test.ts runs them.
 */
export const sandboxValues: {
  readonly path: Readonly<Record<string, unknown>>;
  readonly body: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
} = {
  path: { accountId: 1, transferId: 2 },
  body: {
    createAccountTransfer: { AccountId: 1, BeneficiaryId: 2 },
    createAccountWithdrawal: { AccountId: 1, BeneficiaryId: 5 },
  },
};

/** Stand-ins for the caller's own settings in the snippets. */
export const settings = {
  baseUrl: '"https://api.example.com"',
  authUrl: '"https://auth.example.com"',
  clientId: '"your-client-id"',
  username: '"service-user@example.com"',
  clientSecret: "process.env.ACCOUNT_FUNDS_CLIENT_SECRET!",
  password: "process.env.ACCOUNT_FUNDS_PASSWORD!",
};

/** `client.accounts.listBalances`: the method of an operation on a client. */
export function methodPath(operation: OperationModel, client = "client"): string {
  return `${client}${propertyAccess(operation.group)}${propertyAccess(operation.clientMethod)}`;
}

export function call(operation: OperationModel, args: readonly string[], client = "client"): string {
  return `${methodPath(operation, client)}(${args.join(", ")})`;
}

/** The path arguments of a call, from the parameters' examples (else a placeholder of the parameter's type). */
export function pathArguments(operation: OperationModel): string[] {
  return operation.pathParameters.map((parameter) => {
    const example = sandboxValues.path[parameter.name] ?? parameter.example ?? parameter.schema["example"];
    if (example !== undefined) return literal(example, 0);
    return parameter.scalarType === "integer" || parameter.scalarType === "number"
      ? "1"
      : JSON.stringify(parameter.name);
  });
}

/** A body example with the sandbox's ids (`sandboxValues`) in place of the spec's. */
export function withSandboxIds(operation: OperationModel, example: unknown): unknown {
  const ids = sandboxValues.body[operation.operationId];
  return ids !== undefined && isJsonObject(example) ? { ...example, ...ids } : example;
}

/** The request body of a snippet: the spec's example for the operation's JSON form, else a typed placeholder. */
export function requestBody(operation: OperationModel, indent: number): string {
  const example = requestExample(operation, "application/json");
  if (example !== undefined) return literal(withSandboxIds(operation, example), indent);
  const schema = operation.requestBody?.contents[0]?.schemaName;
  return `{} as never /* ${schema ?? "the request body"}: the spec has no example */`;
}

export function requestExample(operation: OperationModel, mediaType: string): unknown {
  return operation.requestBody?.contents.find((candidate) => candidate.mediaType === mediaType)?.example;
}

export function successExample(operation: OperationModel): unknown {
  return operation.responses.find((response) => response.success)?.contents[0]?.example;
}

/** A value as a TypeScript literal: on one line when it fits, else one member per line, indented from `indent`. */
export function literal(value: unknown, indent: number): string {
  const inline = (item: unknown): string => {
    if (Array.isArray(item)) return `[${item.map(inline).join(", ")}]`;
    if (isJsonObject(item)) {
      const members = Object.entries(item).map(([name, member]) => `${propertyName(name)}: ${inline(member)}`);
      return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
    }
    return JSON.stringify(item) ?? "undefined";
  };
  const flat = inline(value);
  if (flat.length + indent <= 100 || !isJsonObject(value)) return flat;
  const pad = " ".repeat(indent + 2);
  const members = Object.entries(value).map(
    ([name, member]) => `${pad}${propertyName(name)}: ${literal(member, indent + 2)},`,
  );
  return `{\n${members.join("\n")}\n${" ".repeat(indent)}}`;
}
