/**
 * Which `x-assumption`s apply to an operation: those on the operation itself (its parameters, body and responses
 * written inline), on its path item (the path's own node and its shared parameters), on the components it names
 * through `$ref`s (parameters, responses, headers, request bodies, security schemes), and on the schemas it shows:
 * each body, parameter and header schema with its `allOf`/`oneOf`/`anyOf`/`items` parts, and, for request bodies,
 * the schemas their fields name (one level deep, as the fields table shows them). A schema counts whole (its own
 * node and its properties); the schemas of its fields' fields do not, or every entity would pull in every other
 * through OData navigation properties. Examples are not followed.
 */
import {
  childPointer,
  isJsonObject,
  refOf,
  refPointer,
  resolvePointer,
  type JsonObject,
} from "../json-pointer/json-pointer.js";
import type { AssumptionModel } from "./model.js";

/** The places an operation's assumptions can be: whole subtrees, and nodes that count without their children. */
interface Regions {
  readonly subtrees: ReadonlySet<string>;
  readonly nodes: ReadonlySet<string>;
}

const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]);
const schemasPrefix = "/components/schemas/";

/** How many levels of fields a request body's schema is followed into; other schemas: their own level only. */
const requestBodyFieldDepth = 1;

/**
 * The assumptions that apply to the operation at `pointer` (`/paths/<path>/<method>` or `/webhooks/<name>/<method>`)
 * whose security names `schemes`: its own subtree, its path item's node and non-operation members, what they name
 * through `$ref`, and its schemes.
 */
export function operationAssumptions(
  document: JsonObject,
  assumptions: readonly AssumptionModel[],
  pointer: string,
  schemes: readonly string[],
): AssumptionModel[] {
  // A spec without assumptions (any public one) needs no walk: GitHub's 1,200 operations reach most of its schemas.
  if (assumptions.length === 0) return [];
  const itemPointer = pointer.replace(/\/[^/]+$/, "");
  const item = resolvePointer(document, itemPointer);
  const starts = [pointer];
  if (isJsonObject(item))
    for (const key of Object.keys(item)) if (!methods.has(key)) starts.push(childPointer(itemPointer, key));
  for (const scheme of schemes) starts.push(childPointer("/components/securitySchemes", scheme));
  return assumptionsIn(assumptions, { subtrees: reachable(document, starts), nodes: new Set([itemPointer]) });
}

/** The assumptions of a component (a schema, a security scheme) or of `/servers`: its own subtree only. */
export function assumptionsUnder(assumptions: readonly AssumptionModel[], pointer: string): AssumptionModel[] {
  return assumptionsIn(assumptions, { subtrees: new Set([pointer]), nodes: new Set() });
}

/** The assumptions in `regions`, in the document's order. */
function assumptionsIn(assumptions: readonly AssumptionModel[], regions: Regions): AssumptionModel[] {
  return assumptions.filter(
    (assumption) => regions.nodes.has(assumption.pointer) || within(assumption.pointer, regions.subtrees),
  );
}

function within(pointer: string, subtrees: ReadonlySet<string>): boolean {
  for (let prefix = pointer; ; prefix = prefix.slice(0, prefix.lastIndexOf("/"))) {
    if (subtrees.has(prefix)) return true;
    if (prefix === "") return false;
  }
}

/**
 * `starts` and every node their `$ref`s name, transitively, except schemas past the field depth. Each pointer keeps
 * the most field levels it was reached with, so a schema reached first as a field and then as a body is followed.
 */
function reachable(document: JsonObject, starts: readonly string[]): Set<string> {
  const depths = new Map<string, number>();
  const queue = starts.map((pointer) => ({ pointer, depth: 0 }));
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { pointer, depth } = next;
    if ((depths.get(pointer) ?? -1) >= depth) continue;
    depths.set(pointer, depth);
    const onRef = (target: string, left: number): void => {
      if (left >= 0) queue.push({ pointer: target, depth: left });
    };
    visit(resolvePointer(document, pointer), { depth, inSchema: pointer.startsWith(schemasPrefix) }, onRef);
  }
  return new Set(depths.keys());
}

interface Context {
  /** Field levels left: a schema's properties take one; a `$ref` found with none left is not followed. */
  readonly depth: number;
  readonly inSchema: boolean;
}

function visit(node: unknown, context: Context, onRef: (pointer: string, depth: number) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, context, onRef);
    return;
  }
  if (!isJsonObject(node)) return;
  const ref = refOf(node);
  const target = ref === undefined ? undefined : refPointer(ref);
  if (target !== undefined) onRef(target, context.depth);
  for (const [key, value] of Object.entries(node)) {
    if (key === "example" || key === "examples") continue;
    if (context.inSchema && key === "properties" && isJsonObject(value)) {
      // Property names are data (a field may be called `examples`); each field is one level down.
      for (const property of Object.values(value)) visit(property, { ...context, depth: context.depth - 1 }, onRef);
    } else if (!context.inSchema && key === "requestBody") {
      visit(value, { ...context, depth: requestBodyFieldDepth }, onRef);
    } else if (!context.inSchema && key === "schema") {
      visit(value, { ...context, inSchema: true }, onRef);
    } else {
      visit(value, context, onRef);
    }
  }
}
