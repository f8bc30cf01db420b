/**
 * Where each node of a bundled document is used, and on which side of the exchange. A schema under
 * `#/components` has no side of its own: it is request data when an operation's parameters or request body reach
 * it, response data when a response reaches it, and both when both do. Webhook payloads are response data: the
 * client receives them (and what the client answers a delivery with is request data).
 */
import {
  deref,
  formatPointer,
  isJsonObject,
  parsePointer,
  refOf,
  refPointer,
  resolvePointer,
  type JsonObject,
} from "@account-funds/generator/json-pointer";

export type Side = "request" | "response";

export interface Use {
  readonly side: Side;
  /** `GET /api/v1/Transfers`, `webhook accountFundsEvent`. */
  readonly operation: string;
}

export interface Placement {
  /** The data sides that reach the node (empty for operation-level nodes and unused components). */
  readonly sides: readonly Side[];
  /** The node is (part of) an operation or path item itself, or document-wide: it concerns every call. */
  readonly operationLevel: boolean;
  /** Every operation that reaches the node, sorted. */
  readonly operations: readonly string[];
}

export interface UsageIndex {
  readonly placementOf: (pointer: string) => Placement;
}

const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

interface Root {
  readonly node: unknown;
  readonly pointer: string;
  readonly use: Use;
}

/** The request and response roots of every operation and webhook. */
function roots(document: JsonObject): Root[] {
  const found: Root[] = [];
  for (const [section, webhook] of [
    ["paths", false],
    ["webhooks", true],
  ] as const) {
    const items = document[section];
    if (!isJsonObject(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      const pathItem = resolveRef(document, item);
      if (!isJsonObject(pathItem)) continue;
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!methods.has(method) || !isJsonObject(operation)) continue;
        const label = webhook ? `webhook ${key}` : `${method.toUpperCase()} ${key}`;
        // A webhook turns the exchange around: the API sends the request, the client answers.
        const incoming: Side = webhook ? "response" : "request";
        const outgoing: Side = webhook ? "request" : "response";
        const at = (...segments: string[]): string => formatPointer([section, key, ...segments]);
        found.push({
          node: pathItem["parameters"],
          pointer: at("parameters"),
          use: { side: incoming, operation: label },
        });
        found.push({
          node: operation["parameters"],
          pointer: at(method, "parameters"),
          use: { side: incoming, operation: label },
        });
        found.push({
          node: operation["requestBody"],
          pointer: at(method, "requestBody"),
          use: { side: incoming, operation: label },
        });
        found.push({
          node: operation["responses"],
          pointer: at(method, "responses"),
          use: { side: outgoing, operation: label },
        });
      }
    }
  }
  return found;
}

/** The node a Reference Object stands for (itself when it is none, or leads nowhere). */
function resolveRef(document: JsonObject, node: unknown): unknown {
  const resolved = deref(document, node);
  return resolved.ok ? resolved.value : node;
}

export function buildUsageIndex(document: JsonObject): UsageIndex {
  // Every place a use reaches, recorded by subtree: the root pointers and the $ref targets on the way.
  const reached = new Map<string, Map<string, Use>>();
  const record = (pointer: string, use: Use): void => {
    const uses = reached.get(pointer) ?? new Map<string, Use>();
    uses.set(`${use.side} ${use.operation}`, use);
    reached.set(pointer, uses);
  };
  const visit = (node: unknown, use: Use, seen: Set<string>): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, use, seen);
      return;
    }
    if (!isJsonObject(node)) return;
    const ref = refOf(node);
    const target = ref === undefined ? undefined : refPointer(ref);
    if (target !== undefined) {
      record(target, use);
      if (!seen.has(target)) {
        seen.add(target);
        visit(resolvePointer(document, target), use, seen);
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== "$ref") visit(value, use, seen);
  };
  for (const root of roots(document)) {
    if (root.node === undefined) continue;
    record(root.pointer, root.use);
    visit(root.node, root.use, new Set());
  }
  const subtrees = [...reached.keys()];

  return {
    placementOf(pointer) {
      const uses = new Map<string, Use>();
      for (const subtree of subtrees) {
        if (pointer !== subtree && !pointer.startsWith(`${subtree}/`)) continue;
        for (const [key, use] of reached.get(subtree) ?? []) uses.set(key, use);
      }
      const operationLevel = uses.size === 0 && isOperationLevel(pointer);
      const operations = new Set([...uses.values()].map((use) => use.operation));
      if (operationLevel) for (const operation of operationsUnder(document, pointer)) operations.add(operation);
      const sides = (["request", "response"] as const).filter((side) =>
        [...uses.values()].some((use) => use.side === side),
      );
      return { sides, operationLevel, operations: [...operations].sort() };
    },
  };
}

/** Paths, path items, operations and their own fields (operationId, security, ...); everything outside components. */
function isOperationLevel(pointer: string): boolean {
  const [section] = parsePointer(pointer);
  return section !== "components";
}

function operationsUnder(document: JsonObject, pointer: string): string[] {
  const [section, key, method] = parsePointer(pointer);
  if ((section !== "paths" && section !== "webhooks") || key === undefined) return [];
  const label = (name: string): string => (section === "webhooks" ? `webhook ${key}` : `${name.toUpperCase()} ${key}`);
  if (method !== undefined && methods.has(method)) return [label(method)];
  const item = resolveRef(document, resolvePointer(document, formatPointer([section, key])));
  return isJsonObject(item)
    ? Object.keys(item)
        .filter((name) => methods.has(name))
        .map(label)
    : [];
}
