/**
 * The README's reference tables: the client's options (from the runtime's declarations, runtime-facts.ts), its
 * error classes, and every method by resource group with its request and summary (from the client's surface).
 */
import { table } from "../../print/markdown.js";
import type { Authentication, ClientMethod, ClientSurface } from "../client-surface.js";
import type { ErrorClass, OptionRow, RuntimeFacts } from "./runtime-facts.js";
import { methodPath } from "./snippets.js";

export function options(facts: RuntimeFacts, authentication: Authentication): string[] {
  const rows = (list: readonly OptionRow[], required: boolean) =>
    list.map((row) => [
      `\`${row.name}\`${required && !row.optional ? " (required)" : ""}`,
      `\`${row.type}\``,
      row.description,
    ]);
  const tokenProvider = facts.options.authentication.filter((row) => row.name === "tokenProvider");
  const byAuthentication = {
    "password-grant": [
      "`createAccountFundsClient(options)`. Authentication is one of: `credentials` with a `clientSecret` and `authUrl`;",
      "`credentials` without one, `authUrl` and `mtls`; or `tokenProvider`.",
      "",
      ...table(["option", "type", "description"], rows(facts.options.authentication, false)),
      "",
      ...table(["option", "type", "description"], rows(facts.options.client, true)),
      "",
      "`credentials`:",
      "",
      ...table(["field", "type", "description"], rows(facts.options.credentials, true)),
    ],
    "token-provider": [
      "`createAccountFundsClient(options)`. The operations take an access token from your `tokenProvider`:",
      "",
      ...table(
        ["option", "type", "description"],
        [...rows(tokenProvider, false).map(([name = "", ...rest]) => [`${name} (required)`, ...rest])],
      ),
      "",
      ...table(["option", "type", "description"], rows(facts.options.client, true)),
    ],
    none: [
      "`createAccountFundsClient(options)`. No operation takes an access token: send the credentials the spec asks for",
      "(an API key, basic credentials) in `headers` or as the parameters it declares.",
      "",
      ...table(["option", "type", "description"], rows(facts.options.client, true)),
    ],
  } satisfies Record<Authentication, string[]>;
  return [
    "## Options",
    "",
    ...byAuthentication[authentication],
    "",
    "`retry` ([Retries, redirects and limits](#retries-redirects-and-limits)):",
    "",
    ...table(["field", "type", "description"], rows(facts.options.retry, false)),
    "",
    "Per call, the last argument of every method (`init`):",
    "",
    ...table(["option", "type", "description"], rows(facts.options.call, false)),
    "",
    "`.paginate(...)` takes the same, and:",
    "",
    ...table(["option", "type", "description"], rows(facts.options.paginate, false)),
    "",
  ];
}

export function errors(classes: readonly ErrorClass[]): string[] {
  return [
    "## Errors",
    "",
    ...table(
      ["class", "extends", "when"],
      classes.map((error) => [`\`${error.name}\``, `\`${error.extends}\``, error.description]),
    ),
    "",
  ];
}

export function methods(surface: ClientSurface): string[] {
  const lines = [
    "## Methods",
    "",
    "Path parameters come first, in path order, then the body or the query. Every method also takes the per-call",
    "options last (`init`), and `client.withResponse` has the same methods. List methods have `.paginate(...)`, with",
    "the same arguments.",
    "",
  ];
  for (const group of surface.groups) {
    const rows = group.methods.map((method) => {
      const { operation } = method;
      const summary = operation.summary === "" ? operation.operationId : operation.summary.replace(/\.$/, "");
      const pages = operation.odataList === undefined ? "" : "; pages with `.paginate(...)`";
      return [
        `\`${signature(method)}\``,
        `\`${operation.method.toUpperCase()} ${operation.path}\``,
        `${summary}${pages}`,
      ];
    });
    lines.push(`### \`client.${group.name}\``, "", ...table(["method", "request", "summary"], rows), "");
  }
  return lines;
}

/** `client.accounts.listBalances(accountId, query?)`: the method's parameters without the per-call options. */
function signature({ operation, parameters }: ClientMethod): string {
  const names = parameters
    .filter((parameter) => parameter.slot.kind !== "init")
    .map((parameter) => `${parameter.name}${parameter.optional ? "?" : ""}`);
  return `${methodPath(operation)}(${names.join(", ")})`;
}
