/**
 * Finds the operation of a request from path templates: the spec's own for the API (the generated operation
 * metadata), so the sandbox serves exactly the paths the spec declares, and the control API's. OData paths such
 * as `Accounts({id})` and `Countries(FilterType = {filterType})` are templates like any other; spaces inside them
 * are optional.
 *
 * The path is matched segment by segment, each segment percent-decoded on its own (RFC 3986 §3.3: an encoded
 * `/` is data, not a delimiter). A parameter slot takes any text of its segment, even empty or malformed, so a
 * request whose key cannot exist still reaches its operation, which refuses it with a status it declares
 * (400, or 404 where OData reads a malformed key as no such entity); only a path no template fits is "no route".
 */
/** What a route serves: an API operation (`OperationMetadata`) or a control route. */
export interface RouteTarget {
  readonly method: string;
  readonly path: string;
}

/** One segment of a template: literal text, or a pattern with one parameter slot (quoted or not). */
type SegmentMatcher =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "slot"; readonly pattern: RegExp; readonly name: string; readonly quoted: boolean };

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

function compileSegment(segment: string): SegmentMatcher {
  const slot = SLOT.exec(segment);
  if (slot === null) return { kind: "literal", text: segment };
  const literal = (text: string): string => escapeRegExp(text).replace(/ +/g, " *");
  const quoted = slot[1] !== undefined && slot[3] !== undefined;
  const before = segment.slice(0, slot.index) + (quoted ? "" : (slot[1] ?? ""));
  const after = (quoted ? "" : (slot[3] ?? "")) + segment.slice(slot.index + slot[0].length);
  const value = quoted ? "'(.*)'" : "(.*)";
  const pattern = new RegExp(`^${literal(before)}${value}${literal(after)}$`, "s");
  return { kind: "slot", name: slot[2]!, quoted, pattern };
}

function compileRoute<T extends RouteTarget>(operation: T): Route<T> {
  const segments = operation.path.split("/").map(compileSegment);
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
    parameters[matcher.name] = matcher.quoted ? found[1]!.replaceAll("''", "'") : found[1]!;
  }
  return parameters;
}

/**
 * `rawPathname` as the request line has it (still percent-encoded). The templates with the fewest parameters that
 * fit the path own it: `/_sandbox/webhooks/failed` is the dead-letter list's, whose methods alone are allowed,
 * even though `/_sandbox/webhooks/{id}` fits it too.
 */
export function matchRoute<T extends RouteTarget>(routes: readonly Route<T>[], method: string, rawPathname: string): RouteMatch<T> {
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
