/**
 * Finds the operation of a request from path templates: the spec's own for the API (the generated operation
 * metadata), so the sandbox serves exactly the paths the spec declares, and the control API's. OData paths such
 * as `Accounts({id})` and `Countries(FilterType%20=%20{filterType})` are templates like any other; spaces inside
 * them are optional. A string key or function parameter the template writes unquoted, as the reference does
 * (`Balances({currencyCode})`), may also come quoted, as OData 4.01 ABNF writes a string literal (`Balances('GBP')`,
 * `''` for a quote).
 *
 * The path is matched segment by segment, each segment percent-decoded on its own (RFC 3986 §3.3: an encoded
 * `/` is data, not a delimiter). A parameter slot takes any text of its segment, even empty or malformed, so a
 * request whose key cannot exist still reaches its operation, which refuses it with a status it declares
 * (400, or 404 where OData reads a malformed key as no such entity); only a path no template fits is "no route".
 */
import { operationContracts, type OperationContractMetadata } from "@account-funds/client/contract";

/** What a route serves: an API operation (`OperationMetadata`) or a control route (which has no operationId). */
export interface RouteTarget {
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
}

/**
 * One segment of a template: literal text, or a pattern with one parameter slot. `quoting` says how the slot's
 * value comes: between the template's own quotes (`always`), quoted or not (`optional`: a string the template
 * writes unquoted in a key or function-parameter position), or as it is (`never`).
 */
type SegmentMatcher =
  | { readonly kind: "literal"; readonly text: string }
  | {
      readonly kind: "slot";
      readonly pattern: RegExp;
      readonly name: string;
      readonly quoting: "always" | "optional" | "never";
    };

export interface Route<T extends RouteTarget = RouteTarget> {
  readonly operation: T;
  readonly segments: readonly SegmentMatcher[];
  readonly parameterNames: readonly string[];
}

export type RouteMatch<T extends RouteTarget = RouteTarget> =
  | {
      readonly kind: "found";
      readonly operation: T;
      readonly pathParameters: Readonly<Record<string, string>>;
    }
  /** The path is an operation's, the method is not: the operations of the path (their methods are allowed). */
  | { readonly kind: "method-not-allowed"; readonly operations: readonly T[] }
  | { readonly kind: "not-found" };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A template's parameter slot, with the OData string-literal quotes around it when the template has them. */
const SLOT = /(')?\{([^{}]+)\}(')?/;

/** The string-typed path parameters of an API operation (the contract's scalar types); none for a control route. */
function stringParameters(target: RouteTarget): ReadonlySet<string> {
  const contracts: Readonly<Partial<Record<string, OperationContractMetadata>>> = operationContracts;
  const parameters = (target.operationId === undefined ? undefined : contracts[target.operationId]?.parameters) ?? [];
  return new Set(
    parameters
      .filter((parameter) => parameter.in === "path" && parameter.type === "string")
      .map((parameter) => parameter.name),
  );
}

function compileSegment(template: string, strings: ReadonlySet<string>): SegmentMatcher {
  // Segments are matched percent-decoded, so the template's own escapes (`%20`) are decoded too.
  const segment = decodeSegment(template);
  const slot = SLOT.exec(segment);
  if (slot === null) return { kind: "literal", text: segment };
  const literal = (text: string): string => escapeRegExp(text).replace(/ +/g, " *");
  const templateQuoted = slot[1] !== undefined && slot[3] !== undefined;
  const before = segment.slice(0, slot.index) + (templateQuoted ? "" : (slot[1] ?? ""));
  const after = (templateQuoted ? "" : (slot[3] ?? "")) + segment.slice(slot.index + slot[0].length);
  const name = slot[2]!;
  const quotable = !templateQuoted && strings.has(name) && /[(=] *$/.test(before) && /^ *[),]/.test(after);
  const quoting = templateQuoted ? "always" : quotable ? "optional" : "never";
  // Quoted first, so `'GBP'` reads as GBP; anything else still reaches the operation as it is (and fails its schema).
  const value = quoting === "always" ? "'(.*)'" : quoting === "optional" ? "(?:'(.*)'|(.*))" : "(.*)";
  const pattern = new RegExp(`^${literal(before)}${value}${literal(after)}$`, "s");
  return { kind: "slot", name, quoting, pattern };
}

function compileRoute<T extends RouteTarget>(operation: T): Route<T> {
  const strings = stringParameters(operation);
  const segments = operation.path.split("/").map((segment) => compileSegment(segment, strings));
  const parameterNames = segments.flatMap((segment) => (segment.kind === "slot" ? [segment.name] : []));
  return { operation, segments, parameterNames };
}

/** Routes in match order: fewer parameters first, so a literal path wins over a template that also matches. */
export function compileRoutes<T extends RouteTarget>(operations: readonly T[]): Route<T>[] {
  return operations
    .map(compileRoute)
    .sort(
      (a, b) => a.parameterNames.length - b.parameterNames.length || b.operation.path.length - a.operation.path.length,
    );
}

/** A segment percent-decoded; one that is not valid percent-encoded UTF-8 stays as it is (and fits no literal). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path with each segment decoded, as the OData context URLs and next links repeat it. */
export function decodedPathname(rawPathname: string): string {
  return rawPathname.split("/").map(decodeSegment).join("/");
}

/** The parameters of `route` when the decoded `segments` fit its template. */
function parametersOf(route: Route<RouteTarget>, segments: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== route.segments.length) return undefined;
  const parameters: Record<string, string> = {};
  for (const [index, matcher] of route.segments.entries()) {
    const segment = segments[index]!;
    if (matcher.kind === "literal") {
      if (segment !== matcher.text) return undefined;
      continue;
    }
    const found = matcher.pattern.exec(segment);
    if (found === null) return undefined;
    // OData ABNF (URL Conventions §2.2.2): a quote inside a string literal is written twice.
    const quoted = matcher.quoting === "never" ? undefined : found[1];
    parameters[matcher.name] = quoted === undefined ? (found[2] ?? found[1] ?? "") : quoted.replaceAll("''", "'");
  }
  return parameters;
}

/**
 * `rawPathname` as the request line has it (still percent-encoded). The templates with the fewest parameters that
 * fit the path own it: `/_sandbox/webhooks/failed` is the dead-letter list's, whose methods alone are allowed,
 * even though `/_sandbox/webhooks/{id}` fits it too.
 */
export function matchRoute<T extends RouteTarget>(
  routes: readonly Route<T>[],
  method: string,
  rawPathname: string,
): RouteMatch<T> {
  const segments = rawPathname.split("/").map(decodeSegment);
  const ofPath: T[] = [];
  let owners: number | undefined;
  for (const route of routes) {
    if (owners !== undefined && route.parameterNames.length > owners) break;
    const pathParameters = parametersOf(route, segments);
    if (pathParameters === undefined) continue;
    owners = route.parameterNames.length;
    if (route.operation.method.toUpperCase() !== method) {
      ofPath.push(route.operation);
      continue;
    }
    return { kind: "found", operation: route.operation, pathParameters };
  }
  return ofPath.length > 0 ? { kind: "method-not-allowed", operations: ofPath } : { kind: "not-found" };
}
