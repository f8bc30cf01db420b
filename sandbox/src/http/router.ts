/**
 * Finds the operation of a request from the spec's own path templates (the generated operation metadata), so
 * the sandbox serves exactly the paths the spec declares. OData paths such as `Accounts({id})` and
 * `Countries(FilterType%20=%20{filterType})` are templates like any other; spaces inside them are optional. A
 * string key or function parameter is written unquoted, as the reference writes it (`Balances(GBP)`), or quoted,
 * as OData 4.01 ABNF writes a string literal (`Balances('GBP')`, `Countries(FilterType='All')`, `''` for a quote).
 */
import type { OperationMetadata } from "@account-funds/client";
import { operationContracts, type OperationContractMetadata } from "@account-funds/client/contract";

export interface Route {
  readonly operation: OperationMetadata;
  readonly pattern: RegExp;
  readonly parameterNames: readonly string[];
  readonly quotable: readonly boolean[];
}

export type RouteMatch =
  | {
      readonly kind: "found";
      readonly operation: OperationMetadata;
      readonly pathParameters: Readonly<Record<string, string>>;
    }
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A parameter is one path segment, and never spans an OData key's parentheses or quotes. In a key or function
// parameter position, a string may also come quoted: group 1 then holds it with each quote doubled.
const UNQUOTED = "([^/()']+)";
const QUOTED_OR_NOT = "(?:'((?:[^'/]|'')*)'|([^/()']+))";

interface CompiledTemplate {
  readonly pattern: RegExp;
  readonly parameterNames: string[];
  /** Per parameter, whether its value may come quoted (two capture groups instead of one). */
  readonly quotable: boolean[];
}

/** The string-typed path parameters of an operation (the contract's scalar types). */
function stringParameters(operation: OperationMetadata): Set<string> {
  const contracts: Readonly<Partial<Record<string, OperationContractMetadata>>> = operationContracts;
  const contract = contracts[operation.operationId];
  return new Set(
    (contract?.parameters ?? []).filter((parameter) => parameter.in === "path" && parameter.type === "string").map((parameter) => parameter.name),
  );
}

function compileTemplate(template: string, strings: ReadonlySet<string>): CompiledTemplate {
  const parameterNames: string[] = [];
  const quotable: boolean[] = [];
  // The pathname is matched percent-decoded, so the template's own escapes (`%20`) are decoded too.
  const parts = template.split(/(\{[^}]+\})/).map((part) => (part.startsWith("{") ? part : decodeURIComponent(part)));
  let source = "";
  parts.forEach((part, index) => {
    const name = /^\{([^}]+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      source += escapeRegExp(part).replace(/ +/g, " *");
      return;
    }
    // A string in an OData key or function parameter (after `(` or `=`, not already between the template's quotes).
    const before = parts[index - 1] ?? "";
    const after = parts[index + 1] ?? "";
    const quoted = strings.has(name) && /[(=] *$/.test(before) && /^ *[),]/.test(after);
    parameterNames.push(name);
    quotable.push(quoted);
    source += quoted ? QUOTED_OR_NOT : UNQUOTED;
  });
  return { pattern: new RegExp(`^${source}$`), parameterNames, quotable };
}

/** Routes in match order: fewer parameters first, so a literal path wins over a template that also matches. */
export function compileRoutes(operations: readonly OperationMetadata[]): Route[] {
  return operations
    .map((operation) => ({ operation, ...compileTemplate(operation.path, stringParameters(operation)) }))
    .sort(
      (a, b) => a.parameterNames.length - b.parameterNames.length || b.operation.path.length - a.operation.path.length,
    );
}

/** `pathname` is already percent-decoded. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of routes) {
    const found = route.pattern.exec(pathname);
    if (found === null) continue;
    if (route.operation.method.toUpperCase() !== method) {
      allowed.add(route.operation.method.toUpperCase());
      continue;
    }
    const pathParameters: Record<string, string> = {};
    let group = 1;
    route.parameterNames.forEach((name, index) => {
      if (route.quotable[index] === true) {
        const quoted = found[group];
        pathParameters[name] = quoted === undefined ? (found[group + 1] ?? "") : quoted.replaceAll("''", "'");
        group += 2;
      } else {
        pathParameters[name] = found[group] ?? "";
        group += 1;
      }
    });
    return { kind: "found", operation: route.operation, pathParameters };
  }
  return allowed.size > 0 ? { kind: "method-not-allowed", allowed: [...allowed].sort() } : { kind: "not-found" };
}
