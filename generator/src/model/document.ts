/**
 * Reading the bundled document while building the model: its maps of named objects (paths, webhooks, components),
 * OpenAPI Reference Objects followed (with the siblings they may override), text fields with a fallback, and a
 * collector for the problems found on the way (the model reports them all at once, not only the first).
 */
import { isJsonObject, refOf, resolveRef, type JsonObject } from "../json-pointer/json-pointer.js";
import type { SpecProblem } from "../json-pointer/spec-error.js";
import type { AssumptionModel, SecuritySchemeModel } from "./model.js";

/** What the builders of operations and webhooks read besides their own node. */
export interface ModelContext {
  readonly document: JsonObject;
  readonly problems: Problems;
  readonly securitySchemes: readonly SecuritySchemeModel[];
  /** Every `x-assumption` of the document, for the ones that apply to each operation. */
  readonly assumptions: readonly AssumptionModel[];
  /** Every operationId the document declares (paths and webhooks): a made-up one must differ from all of them. */
  readonly declaredOperationIds: ReadonlySet<string>;
}

/**
 * The object of named members at `path` of the document (`["paths"]`, `["components", "schemas"]`): undefined when
 * the document has none, and a problem as well when it is not an object.
 */
export function namedObjects(
  document: JsonObject,
  path: readonly string[],
  problems: Problems,
): JsonObject | undefined {
  let node: unknown = document;
  for (const key of path) node = isJsonObject(node) ? node[key] : undefined;
  if (node === undefined) return undefined;
  if (isJsonObject(node)) return node;
  problems.add(`/${path.join("/")}`, `${path.join(".")} must be an object`);
  return undefined;
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}

/**
 * Problems of the spec found while building the model, and warnings (what the generator works around); pointers
 * are into the bundled document. A problem is reported once at the node that has it: a shared component (a `$ref`'d
 * parameter, schema or response) reached from several operations is one problem naming the operations that reach it.
 */
export class Problems {
  private readonly problems = new Map<string, { pointer: string; reason: string; reachedFrom: Set<string> }>();
  private readonly warnings = new Map<string, { pointer: string; reason: string; reachedFrom: Set<string> }>();
  /** The operation being built (`GET /v1/customers`), while one is. */
  private within: { readonly label: string; readonly pointer: string } | undefined;

  add(pointer: string, reason: string): void {
    this.record(this.problems, pointer, reason);
  }

  warn(pointer: string, reason: string): void {
    this.record(this.warnings, pointer, reason);
  }

  /** Runs `build` with problems outside `pointer` attributed to the operation `label`. */
  inOperation<T>(label: string, pointer: string, build: () => T): T {
    const outer = this.within;
    this.within = { label, pointer };
    try {
      return build();
    } finally {
      this.within = outer;
    }
  }

  get list(): SpecProblem[] {
    return listed(this.problems);
  }

  get warningList(): SpecProblem[] {
    return listed(this.warnings);
  }

  private record(
    into: Map<string, { pointer: string; reason: string; reachedFrom: Set<string> }>,
    pointer: string,
    reason: string,
  ): void {
    const key = `${pointer}\u0000${reason}`;
    const entry = into.get(key) ?? { pointer, reason, reachedFrom: new Set<string>() };
    into.set(key, entry);
    const within = this.within;
    if (within !== undefined && pointer !== within.pointer && !pointer.startsWith(`${within.pointer}/`))
      entry.reachedFrom.add(within.label);
  }
}

/** The operations that reach a shared node, named after the reason: the first three, then how many more. */
function listed(entries: Map<string, { pointer: string; reason: string; reachedFrom: Set<string> }>): SpecProblem[] {
  return [...entries.values()].map(({ pointer, reason, reachedFrom }) => {
    if (reachedFrom.size === 0) return { pointer, reason };
    const names = [...reachedFrom];
    const shown = names.slice(0, 3).join(", ");
    const more = names.length > 3 ? ` and ${names.length - 3} more` : "";
    return { pointer, reason: `${reason} (reached from ${shown}${more})` };
  });
}

export interface Located<T> {
  readonly node: T;
  /** Where `node` is in the bundled document (after following refs). */
  readonly pointer: string;
}

/**
 * Follows local `$ref`s (`#/components/parameters/Id`) until a node without one. Reference Object siblings
 * (`summary`, `description`) override the target's, as OpenAPI 3.1 says. Reports unresolved, external and
 * circular refs and returns undefined for them.
 */
export function resolveRefs(
  document: JsonObject,
  node: unknown,
  pointer: string,
  problems: Problems,
): Located<JsonObject> | undefined {
  let current: Located<unknown> = { node, pointer };
  const overrides: { [key: string]: unknown } = {};
  const seen = new Set<string>();
  for (let ref = refOf(current.node); ref !== undefined && isJsonObject(current.node); ref = refOf(current.node)) {
    for (const key of ["summary", "description"]) {
      if (current.node[key] !== undefined && overrides[key] === undefined) overrides[key] = current.node[key];
    }
    const resolved = resolveRef(document, ref);
    if (!resolved.ok) {
      problems.add(current.pointer, resolved.reason);
      return undefined;
    }
    if (seen.has(resolved.pointer)) {
      problems.add(current.pointer, `circular $ref ${JSON.stringify(ref)}`);
      return undefined;
    }
    seen.add(resolved.pointer);
    current = { node: resolved.value, pointer: resolved.pointer };
  }
  if (!isJsonObject(current.node)) {
    problems.add(current.pointer, "expected an object");
    return undefined;
  }
  return {
    node: Object.keys(overrides).length === 0 ? current.node : { ...current.node, ...overrides },
    pointer: current.pointer,
  };
}
