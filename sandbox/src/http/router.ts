/**
 * Finds the operation of a request from the spec's own path templates (the generated operation metadata), so
 * the sandbox serves exactly the paths the spec declares. OData paths such as `Accounts({id})` and
 * `Countries(FilterType = {filterType})` are templates like any other; spaces inside them are optional.
 */
import type { OperationMetadata } from "@account-funds/client";

export interface Route {
  readonly operation: OperationMetadata;
  readonly pattern: RegExp;
  readonly parameterNames: readonly string[];
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

function compileTemplate(template: string): { pattern: RegExp; parameterNames: string[] } {
  const parameterNames: string[] = [];
  let source = "";
  for (const part of template.split(/(\{[^}]+\})/)) {
    const name = /^\{([^}]+)\}$/.exec(part)?.[1];
    if (name !== undefined) {
      parameterNames.push(name);
      // A parameter is one path segment, and never spans an OData key's parentheses or quotes.
      source += "([^/()']+)";
    } else {
      source += escapeRegExp(part).replace(/ +/g, " *");
    }
  }
  return { pattern: new RegExp(`^${source}$`), parameterNames };
}

/** Routes in match order: fewer parameters first, so a literal path wins over a template that also matches. */
export function compileRoutes(operations: readonly OperationMetadata[]): Route[] {
  return operations
    .map((operation) => ({ operation, ...compileTemplate(operation.path) }))
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
    route.parameterNames.forEach((name, index) => {
      pathParameters[name] = found[index + 1] ?? "";
    });
    return { kind: "found", operation: route.operation, pathParameters };
  }
  return allowed.size > 0 ? { kind: "method-not-allowed", allowed: [...allowed].sort() } : { kind: "not-found" };
}
